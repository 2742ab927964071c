#!/usr/bin/env python3
"""Adds up the parts of a long match from referee.py's outputs.

    tools/tally.py NAME OUT.txt [OUT.txt ...]
    tools/tally.py gnushogi target/anchors/gps.txt target/anchors-2/gps.txt
    tools/tally.py --count-forfeits new target/ab/out.txt target/ab-2/out.txt
    tools/tally.py --logs target/anchors/gps/logs gnushogi target/anchors/gps.txt

NAME is our side's name in the outputs (anchors.sh: gnushogi; ab.sh: new). It prints the
score with its Elo and 95 % margin, our and the opponent's mean time a move, and every game
not won or lost on the board: a game cut short by stopping the match (the engines killed) is
dropped; a game the opponent forfeits (time, illegal move, crash) is listed and not counted,
since it says nothing of the play, unless --count-forfeits (an A/B match of two of our own
builds, where both sides' forfeits are ours); our own forfeits are always counted and listed.
With --logs (referee.py's --log-dir, whose lines carry each engine's NAME), it also gives
our time a move from the logs' timestamps (from "go" to "bestmove"): the mean, the median,
and the mean of the moves not played at once (a mate found, one legal reply). The logs hold
every game begun, the last one too if the match was stopped.
"""
import argparse
import math
import os
import re
import statistics

GAME = re.compile(
    r"^Game (\d+)/\d+: (\S+) \(sente\) vs (\S+) \(gote\): (\S+) \{([^}]*)\} "
    r"plies=(\d+).*avg-move-s=([-\d.]+)/([-\d.]+)"
)
FORFEIT = ("exceeded move time", "illegal", "false", "crashed", "failed to start")


def elo(score):
    return -400 * math.log10(1 / score - 1)


def move_times(log_dirs, ours):
    """Our seconds a move from referee.py's logs, each with whether a mate was announced."""
    times = []
    for directory in log_dirs:
        for name in sorted(os.listdir(directory)):
            if not name.endswith(".log"):
                continue
            started, mate = None, False
            with open(os.path.join(directory, name), encoding="utf-8", errors="replace") as log:
                for line in log:
                    fields = line.split(maxsplit=3)
                    if len(fields) < 4 or fields[1] != ours:
                        continue
                    stamp, said = float(fields[0]), fields[2:]
                    if said[0] == ">" and said[1].startswith("go"):
                        started, mate = stamp, False
                    elif said[0] == "<" and said[1].startswith("info") and " score mate " in line:
                        mate = True
                    elif said[0] == "<" and said[1].startswith("bestmove") and started is not None:
                        times.append((stamp - started, mate))
                        started = None
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count-forfeits", action="store_true")
    parser.add_argument("--logs", action="append", default=[], metavar="DIR")
    parser.add_argument("name")
    parser.add_argument("outputs", nargs="+")
    args = parser.parse_args()
    wins = losses = draws = 0
    dropped, their_forfeits, our_forfeits = [], [], []
    time = {True: [0.0, 0], False: [0.0, 0]}  # ours?: [seconds, moves]
    for path in args.outputs:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                game = GAME.match(line)
                if not game:
                    continue
                number, sente, gote, result, why, plies, sente_avg, gote_avg = game.groups()
                where = f"{path} game {number}: {why}"
                if "exit status -9" in why:
                    dropped.append(where)
                    continue
                if any(kind in why for kind in FORFEIT):
                    if why.split()[0] == args.name:
                        our_forfeits.append(where)
                    else:
                        their_forfeits.append(where)
                        if not args.count_forfeits:
                            continue
                plies = int(plies)
                for side, avg, moves in ((sente, sente_avg, (plies + 1) // 2), (gote, gote_avg, plies // 2)):
                    if avg != "-":
                        time[side == args.name][0] += float(avg) * moves
                        time[side == args.name][1] += moves
                if result == "1/2-1/2":
                    draws += 1
                elif (result == "1-0") == (sente == args.name):
                    wins += 1
                else:
                    losses += 1
    games = wins + losses + draws
    print(f"{args.name}: {wins}-{losses}-{draws} in {games} counted games")
    if games:
        score = (wins + draws / 2) / games
        variance = (wins * (1 - score) ** 2 + losses * score**2 + draws * (0.5 - score) ** 2) / games
        margin = 1.96 * math.sqrt(variance / games)
        if 0 < score < 1:
            low, high = max(score - margin, 1e-9), min(score + margin, 1 - 1e-9)
            line = f"Elo {elo(score):+.1f} +{elo(high) - elo(score):.1f}/-{elo(score) - elo(low):.1f}"
        else:
            line = "Elo unbounded (no game of one result)"
        los = 0.5 * (1 + math.erf((wins - losses) / math.sqrt(2 * (wins + losses)))) if wins + losses else 0.5
        print(f"score {100 * score:.1f} %, {line} (95 %), LOS {100 * los:.1f} %")
    for ours, who in ((True, "our"), (False, "the opponent's")):
        seconds, moves = time[ours]
        if moves:
            print(f"{who} mean time a move: {seconds / moves:.3f} s over {moves} moves")
    times = move_times(args.logs, args.name)
    if times:
        seconds = [time for time, _ in times]
        median = statistics.median(seconds)
        thought = [time for time in seconds if time >= median / 2]
        mates = sum(1 for time, mate in times if mate and time < median / 2)
        print(
            f"our time a move from the logs: mean {statistics.mean(seconds):.3f} s, median {median:.3f} s "
            f"over {len(seconds)} moves; {len(seconds) - len(thought)} played in under half the median "
            f"({mates} after announcing a mate), the others' mean {statistics.mean(thought):.3f} s"
        )
    for title, games_listed in (
        ("dropped, cut short by stopping the match", dropped),
        ("forfeited by the opponent, " + ("counted" if args.count_forfeits else "not counted"), their_forfeits),
        ("forfeited by us, counted", our_forfeits),
    ):
        print(f"{title}: {len(games_listed)}")
        for where in games_listed:
            print(f"  {where}")


if __name__ == "__main__":
    main()
