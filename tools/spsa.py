#!/usr/bin/env python3
"""Tunes the search's margins and reductions with ShogiArena's SPSA.

    tools/spsa.py PROGRAM OUT [--updates N] [--pairs-per-update K] [--tc 5+0.05]
                              [--params NAME,NAME,...] [--openings FILE]
                              [--start FILE | --start NAME=VALUE,...]

PROGRAM is our engine (a copy goes into OUT). Its hidden USI options, the ones `usi` does
not list, are the search's tunables: `usi_tunables` gives each with its range and SPSA step
(src/search/tuning.rs), and ShogiArena starts from the values there. --params picks some
(default all). Each update plays K game pairs, one game at a time, between the values
nudged up and down by the step, from the openings of tests/data/openings.txt, at 5 s +
0.05 s a game by default (fast: tuning wants many games; the result is kept only on an SPRT
at a slower control, tools/sprt.py).

--start continues an earlier run: each tunable named there (a `tuned.txt` of an earlier run,
or `Name=value` pairs separated by commas) starts from that value instead of the default.

Into OUT: the run (OUT/run, ShogiArena's; OUT/arena.log its log), the games as KIF records
(OUT/records) and referee.py's lines (OUT/out.txt), and the tuned values in OUT/tuned.txt
as `Name=value` lines, the form tools/sprt.py --new-option takes.
"""
import argparse
import json
import subprocess
from pathlib import Path

import arena_common as arena


def tunables(program):
    """The names of PROGRAM's tunables, from its answer to `usi_tunables`."""
    answer = subprocess.run(
        [str(program), "--usi"], input="usi_tunables\nquit\n", capture_output=True, text=True, check=True
    ).stdout
    prefix = "info string shogiarena_tunables_json "
    manifest = next(json.loads(line[len(prefix) :]) for line in answer.splitlines() if line.startswith(prefix))
    return [t["option"] for t in manifest["tunables"]]


def tuned_values(run_dir):
    """The values the run ended with, as the engine takes them: ShogiArena's accepted-best
    parameters (its current theta, rounded, before the first update is committed)."""
    spsa = run_dir / "spsa"
    best = spsa / "accepted-best.json"
    if best.exists():
        parameters = json.loads(best.read_text(encoding="utf-8"))["parameters"]
        return {p["option_name"]: p["wire_value"] for p in parameters}
    current = spsa / "current.json"
    if current.exists():
        theta = json.loads(current.read_text(encoding="utf-8")).get("theta", {})
        return {name: round(value) for name, value in theta.items()}
    return {}


def start_values(text):
    """`Name=value` pairs from a file of lines (an earlier run's tuned.txt) or a comma list."""
    path = Path(text)
    pairs = path.read_text(encoding="utf-8").split() if path.is_file() else text.split(",")
    values = {}
    for pair in filter(None, (p.strip() for p in pairs)):
        name, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--start: not Name=value: {pair!r}")
        try:
            values[name] = int(value)
        except ValueError:
            raise SystemExit(f"--start: not a whole number: {pair!r}") from None
    return values


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("program")
    parser.add_argument("out", type=Path)
    parser.add_argument("--updates", type=int, default=1000)
    parser.add_argument("--pairs-per-update", type=int, default=1)
    parser.add_argument("--tc", default="5+0.05", help="BASE+INC or BASE+bBYO, seconds (default 5+0.05)")
    parser.add_argument("--params", help="the tunables to tune, comma-separated (default all)")
    parser.add_argument("--openings", default=arena.OPENINGS)
    parser.add_argument("--start", help="start values: a tuned.txt of an earlier run, or NAME=VALUE,...")
    args = parser.parse_args()
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    program = arena.copy_program(args.program, out, "engine")
    names = tunables(program)
    chosen = args.params.split(",") if args.params else names
    unknown = sorted(set(chosen) - set(names))
    if unknown:
        parser.error(f"not tunables: {', '.join(unknown)} (the program has {', '.join(names)})")
    engine = arena.write_engine(out / "engine.yaml", "gnushogi", program, names)
    space = {
        "schema_version": "shogiarena.spsa.space.v1",
        "target": {
            "protocol": "usi_options",
            "engine_family": "gnushogi",
            "tunable_manifest": {"required": True, "command": "usi_tunables"},
        },
        "select": chosen,
    }
    if args.start:
        start = start_values(args.start)
        strange = sorted(set(start) - set(chosen))
        if strange:
            parser.error(f"--start names tunables not tuned here: {', '.join(strange)}")
        space["overrides"] = {name: {"initial": value} for name, value in start.items()}
    config = {
        "experiment_name": "spsa",
        "engines": [{"name": "gnushogi", "engine_path": str(engine)}],
        "rules": arena.rules(args.tc, arena.write_openings(args.openings, out / "openings.txt")),
        "spsa": {
            "space": str(arena.write_json(out / "space.json", space)),
            "num_updates": args.updates,
            "pairs_per_update": args.pairs_per_update,
            # Our engine has no `Clear Hash` button; a new game clears the table anyway.
            "variants": {"apply": {"clear_hash": False}},
            "num_parallel": 1,
        },
        "dashboard": {"enabled": False},
    }
    status = arena.run("spsa", arena.write_json(out / "spsa.yaml", config), out)
    lines = arena.export_games(out / "run", out)
    (out / "out.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    values = tuned_values(out / "run")
    (out / "tuned.txt").write_text("".join(f"{n}={v}\n" for n, v in values.items()), encoding="utf-8")
    print(f"{len(lines)} games; tuned values in {out / 'tuned.txt'}:")
    print(" ".join(f"{n}={v}" for n, v in values.items()))
    if status:
        print(f"shogiarena exited with status {status}: see {out / 'arena.log'}")
    return 1 if status else 0


if __name__ == "__main__":
    raise SystemExit(main())
