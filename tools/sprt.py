#!/usr/bin/env python3
"""An SPRT between two builds of ours with ShogiArena: it plays until the test decides.

    tools/sprt.py NEW OLD OUT [--max-games N] [--tc 10+0.1] [--elo0 0] [--elo1 10]
                              [--alpha 0.05] [--beta 0.05] [--seed 1] [--openings FILE]
                              [--new-option NAME=VALUE ...]

NEW and OLD are program paths; copies go into OUT, so that a rebuild does not change them.
Both play over USI as tools/ab.sh has them (book off, one thread, 64 MiB), one game at a
time, from the openings of tests/data/openings.txt (each twice, colours swapped), at 10 s +
0.1 s a game. The test is ShogiArena's GSPRT on game pairs (pentanomial) in logistic Elo:
H0 elo0 = 0 against H1 elo1 = 10, alpha = beta = 0.05: it stops when the log-likelihood
ratio reaches -2.94 (H0 accepted: the change fails) or +2.94 (H1 accepted: it passes), or at
N games (undecided).
--new-option sets a USI option of NEW only (a hidden search tunable too).

Into OUT: the run (OUT/run, ShogiArena's; OUT/arena.log its log), every game as a KIF
record (OUT/records), referee.py's game lines and the test's verdict in OUT/out.txt
(tools/tally.py new OUT/out.txt adds them up, as for tools/ab.sh).
"""
import argparse
import json
import math
from pathlib import Path

import arena_common as arena


def verdict(run_dir, alpha, beta):
    """The test's state and decision from ShogiArena's state.json."""
    state = json.loads((run_dir / "state.json").read_text(encoding="utf-8")).get("sprt_state") or {}
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    llr = float(state.get("llr", 0.0))
    if llr >= upper:
        decision = "H1 (elo1) accepted: the change passes"
    elif llr <= lower:
        decision = "H0 (elo0) accepted: the change fails"
    else:
        decision = "undecided (the game limit came first)"
    return [
        f"SPRT {state.get('model')}: elo0 {state.get('elo0')} elo1 {state.get('elo1')} "
        f"alpha {alpha} beta {beta}, bounds {lower:.2f} .. {upper:.2f}",
        f"new: {state.get('wins')}-{state.get('losses')}-{state.get('draws')} "
        f"in {state.get('games_played')} games, LLR {llr:.2f}: {decision}",
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("new")
    parser.add_argument("old")
    parser.add_argument("out", type=Path)
    parser.add_argument("--max-games", type=int, default=4000)
    parser.add_argument("--tc", default="10+0.1", help="BASE+INC or BASE+bBYO, seconds (default 10+0.1)")
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=10.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1, help="the openings' draw")
    parser.add_argument("--openings", default=arena.OPENINGS)
    parser.add_argument("--new-option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    if args.max_games < 2 or args.max_games % 2:
        parser.error("--max-games must be even: the openings are played in pairs")
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    extra = dict(option.split("=", 1) for option in args.new_option)
    engines = []
    for name, program in (("new", args.new), ("old", args.old)):
        copy = arena.copy_program(program, out, f"engine-{name}")
        own = extra if name == "new" else {}
        engine = arena.write_engine(out / f"{name}.engine.yaml", name, copy, list(own), own)
        engines.append({"name": name, "engine_path": str(engine)})
    config = arena.tournament_config("sprt", engines, args.max_games, args.seed, args.tc, args.openings, out)
    config["sprt"] = {
        "tested_engine": "new",
        "model": "gsprt-pentanomial-v1",
        "elo0": args.elo0,
        "elo1": args.elo1,
        "alpha": args.alpha,
        "beta": args.beta,
        "max_games": args.max_games,
        "num_parallel": 1,
    }
    status = arena.run("sprt", arena.write_json(out / "sprt.yaml", config), out)
    lines = arena.export_games(out / "run", out)
    if (out / "run" / "state.json").exists():
        lines += verdict(out / "run", args.alpha, args.beta)
    if status:
        lines.append(f"shogiarena exited with status {status}: see {out / 'arena.log'}")
    (out / "out.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines[-3:]))
    return 1 if status else 0


if __name__ == "__main__":
    raise SystemExit(main())
