#!/usr/bin/env python3
"""Our engine against another USI engine with ShogiArena, for the controls referee.py lacks:
byoyomi above all (USI's `byoyomi`, as shogi servers and GUIs play it).

    tools/gauntlet.py OURS ANCHOR OUT [--games N] [--tc 60+b1] [--seed 1]
                      [--openings FILE] [--anchor-option NAME=VALUE ...]

OURS is our program, over USI as tools/sprt.py plays it (book off, one thread, 64 MiB);
ANCHOR is the other engine's path, or `yo9` / `yo1` for YaneuraOu material level 9 / 1 in
$ANCHORS (default ../shared/anchors) with the options tools/anchors.sh gives it. Copies go
into OUT. One game at a time, N games (default 10) from tools/heldout-openings.txt drawn by
--seed, each opening twice with the colours swapped. --tc is "BASE+bBYO" (BASE seconds,
then BYO seconds a move) or "BASE+INC" (Fischer), in seconds; default 60 s + 1 s byoyomi.
ShogiArena forfeits a move 0.5 s past what the clock allows.

Into OUT: the run (OUT/run, OUT/arena.log), every game as a KIF record (OUT/records), and
OUT/out.txt: referee.py's line a game (tools/tally.py gnushogi OUT/out.txt adds them up),
then for each side the least time it had left when a move was made (`slack`: the main time
left plus the byoyomi or increment, less the move's time; negative only for a move past
the clock) and the most it spent on one move.
"""
import argparse
import os
import sqlite3
from pathlib import Path

import arena_common as arena

# tools/anchors.sh's YaneuraOu options: a match's one thread and table, no book, no delays.
YANEURAOU = {
    "Threads": 1,
    "USI_Hash": 64,
    "USI_OwnBook": False,
    "BookFile": "no_book",
    "NetworkDelay": 0,
    "NetworkDelay2": 0,
    "MinimumThinkingTime": 100,
    "RoundUpToFullSecond": False,
}
NAMED = {"yo9": "YaneuraOu-material-lv9", "yo1": "YaneuraOu-material-lv1"}


def clock_lines(run_dir, control):
    """Per side, the least slack any move left and the longest move, from game.db."""
    limits = arena.time_control(control)
    base = limits["time_ms"] / 1000
    extra = (limits.get("byoyomi_ms") or limits.get("increment_ms", 0)) / 1000
    byoyomi = "byoyomi_ms" in limits
    db = sqlite3.connect(f"file:{run_dir / 'game.db'}?mode=ro", uri=True)
    games = db.execute(
        "SELECT g.id, g.initial_position_sfen, b.player_name, w.player_name FROM game g "
        "JOIN player b ON b.id = g.black_player_id JOIN player w ON w.id = g.white_player_id"
    ).fetchall()
    worst = {}
    for game_id, start, black, white in games:
        left = {True: base, False: base}
        for by_black, spent in arena.timed_moves(db, game_id, start):
            name = black if by_black else white
            slack = left[by_black] + extra - spent
            if byoyomi:
                left[by_black] = max(0.0, left[by_black] - spent)
            else:
                left[by_black] += extra - spent
            least, longest = worst.get(name, (float("inf"), 0.0))
            worst[name] = (min(least, slack), max(longest, spent))
    return [f"{name}: least slack {s:.3f} s, longest move {m:.3f} s" for name, (s, m) in sorted(worst.items())]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ours")
    parser.add_argument("anchor")
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--tc", default="60+b1", help="BASE+bBYO or BASE+INC, seconds (default 60+b1)")
    parser.add_argument("--seed", type=int, default=1, help="the openings' draw")
    parser.add_argument("--openings", default=arena.ROOT / "tools" / "heldout-openings.txt")
    parser.add_argument("--anchor-option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    if args.games < 2 or args.games % 2:
        parser.error("--games must be even: the openings are played in pairs")
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    anchors = Path(os.environ.get("ANCHORS", arena.ROOT.parent / "shared" / "anchors"))
    anchor_path, settings = Path(args.anchor), {}
    if args.anchor in NAMED:
        anchor_path, settings = anchors / NAMED[args.anchor], dict(YANEURAOU)
    settings.update(option.split("=", 1) for option in args.anchor_option)
    name = args.anchor if args.anchor in NAMED else anchor_path.name
    ours = arena.copy_program(args.ours, out, "engine-gnushogi")
    engines = [
        {"name": "gnushogi", "engine_path": str(arena.write_engine(out / "gnushogi.engine.yaml", "gnushogi", ours))},
        {
            "name": name,
            "engine_path": str(
                arena.write_engine(out / "anchor.engine.yaml", name, anchor_path.resolve(), (), settings, ours=False)
            ),
        },
    ]
    config = arena.tournament_config("gauntlet", engines, args.games, args.seed, args.tc, args.openings, out)
    status = arena.run("tournament", arena.write_json(out / "gauntlet.yaml", config), out)
    lines = arena.export_games(out / "run", out)
    if (out / "run" / "game.db").exists():
        lines += clock_lines(out / "run", args.tc)
    if status:
        lines.append(f"shogiarena exited with status {status}: see {out / 'arena.log'}")
    (out / "out.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return 1 if status else 0


if __name__ == "__main__":
    raise SystemExit(main())
