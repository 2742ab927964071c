#!/usr/bin/env python3
"""How many moves before the other engine each side saw a decided game as decided.

    tools/score-lag.py [--margin CP] NAME LOGDIR [LOGDIR ...]
    tools/score-lag.py gnushogi target/anchors/gps/logs target/anchors-2/gps/logs

LOGDIR is referee.py's --log-dir of a match of two USI engines, NAME our side's name in
its lines (anchors.sh: gnushogi). For each game won or lost (the result read from the
"gameover" sent to us), every move of either side is paired with the score that engine
last reported before playing it, turned to our side's view. The winner "sees" the game
from its first move after which its own score stays beyond +MARGIN (default 500) to the
end, the loser from its first move after which its score stays below -MARGIN; the lag is
the loser's move number less the winner's, counted in the engines' own moves. The lag of
every game, and their medians, won and lost apart, tell whether one engine judges the
positions of both kinds before the other (a better evaluation) or each is the first to see
its own wins (each plays into positions that it likes and the other does not).
"""
import argparse
import glob
import os
import re
import statistics

LINE = re.compile(r"^\s*[\d.]+ (\S+) ([<>]) (.*)$")
SCORE = re.compile(r"\bscore (cp|mate) ([-+]?\d+)")
MATE = 30000


def moves(path, ours):
    """The scores of our moves and of the opponent's, each from our view, and the result."""
    last = {}
    scores = {True: [], False: []}
    result = None
    with open(path, errors="replace") as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            who, direction, text = m.groups()
            if direction == ">":
                if who == ours and text.startswith("gameover "):
                    result = text.split()[1]
                continue
            s = SCORE.search(text)
            if text.startswith("info") and s:
                value = int(s.group(2))
                if s.group(1) == "mate":
                    value = -MATE if s.group(2).startswith("-") else MATE
                last[who] = value
            elif text.startswith("bestmove"):
                value = last.pop(who, None)
                if value is not None and who != ours:
                    value = -value
                scores[who == ours].append(value)
    return scores[True], scores[False], result


def seen_from(scores, beyond):
    """The first move from which every reported score is beyond the margin (`beyond`)."""
    first = None
    for i, v in enumerate(scores):
        if v is None:
            continue
        if beyond(v):
            if first is None:
                first = i
        else:
            first = None
    return first


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--margin", type=int, default=500)
    ap.add_argument("name")
    ap.add_argument("logdirs", nargs="+")
    args = ap.parse_args()
    lags = {"win": [], "lose": []}
    for d in args.logdirs:
        for path in sorted(glob.glob(os.path.join(d, "game*.log"))):
            ours, theirs, result = moves(path, args.name)
            if result not in lags:
                continue
            sign = 1 if result == "win" else -1
            beyond = lambda v: sign * v > args.margin  # noqa: E731
            winner, loser = (ours, theirs) if result == "win" else (theirs, ours)
            w, lo = seen_from(winner, beyond), seen_from(loser, beyond)
            if w is None or lo is None:
                continue
            lags[result].append(lo - w)
            print(f"{path}: {result}, the winner saw it at its move {w + 1}, "
                  f"the loser at its move {lo + 1}")
    for result, xs in lags.items():
        if not xs:
            continue
        print(f"games {'won' if result == 'win' else 'lost'} by {args.name}: {len(xs)}; "
              f"the winner saw it first in {sum(x > 0 for x in xs)}, the loser in "
              f"{sum(x < 0 for x in xs)}; median lag {statistics.median(xs):g} moves, "
              f"mean {statistics.mean(xs):.1f}")


if __name__ == "__main__":
    main()
