#!/usr/bin/env python3
"""Depth and nodes per second of USI engines on the bench positions, side by side.

Each engine searches each of the first N positions of src/engine/bench.tsv (the ones
`gnushogi --bench` uses) for a fixed time, one engine after the other on the same position,
so both see the same machine load. The order turns from one position to the next (position
i starts with engine i mod k): whichever engine searched first ran measurably faster (by 5 to
18 % between two builds), so a fixed order flattered the first. The last `info` line with a
depth gives the figures.

    tools/speed.py --movetime 5000 \\
        --engine gnushogi "target/release/gnushogi --usi" \\
        --engine yo1 ../shared/anchors/YaneuraOu-material-lv1 \\
        --option yo1 Threads=1 --option yo1 USI_Hash=64 ...

Prints one line per position and engine, then the medians and each engine's ratio to the
first, by the medians and by the geometric mean of the per-position ratios. Options are sent with `setoption` after `usi`; every engine also gets `USI_Ponder=false`.
"""

import argparse
import os
import shlex
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Engine:
    def __init__(self, name, command, options):
        self.name = name
        self.proc = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send("usi")
        self.wait_for("usiok")
        for opt in ["USI_Ponder=false"] + options:
            key, _, value = opt.partition("=")
            self.send(f"setoption name {key} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, word):
        """Lines up to the one starting with `word` (which is left out)."""
        lines = []
        for line in self.proc.stdout:
            line = line.strip()
            if line.split(" ", 1)[0] == word:
                return lines, line
            lines.append(line)
        raise RuntimeError(f"{self.name} ended before '{word}'")

    def search(self, sfen, movetime):
        self.send("usinewgame")
        self.send("isready")
        self.wait_for("readyok")
        self.send(f"position sfen {sfen}")
        self.send(f"go movetime {movetime}")
        lines, bestmove = self.wait_for("bestmove")
        last = {}
        for line in lines:
            words = line.split()
            if words[:1] != ["info"] or "depth" not in words or "nodes" not in words:
                continue
            fields = {}
            for key in ("depth", "seldepth", "nodes", "nps", "time"):
                if key in words:
                    i = words.index(key)
                    if i + 1 < len(words) and words[i + 1].isdigit():
                        fields[key] = int(words[i + 1])
            if "depth" in fields and "nodes" in fields:
                last = fields
        if "nps" not in last and last.get("time"):
            last["nps"] = last["nodes"] * 1000 // last["time"]
        last["bestmove"] = bestmove.split()[1] if len(bestmove.split()) > 1 else "?"
        return last

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            self.proc.kill()


def positions(count):
    path = os.path.join(ROOT, "src", "engine", "bench.tsv")
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            out.append(line.split("\t")[0].strip())
    return out[:count]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", nargs=2, action="append", metavar=("NAME", "COMMAND"),
                    required=True, help="a USI engine (repeat; the first is the reference)")
    ap.add_argument("--option", nargs=2, action="append", default=[],
                    metavar=("NAME", "KEY=VALUE"), help="a setoption for engine NAME")
    ap.add_argument("--movetime", type=int, default=5000, help="milliseconds a position")
    ap.add_argument("--positions", type=int, default=24, help="how many bench positions")
    args = ap.parse_args()

    names = [n for n, _ in args.engine]
    engines = [
        Engine(n, cmd, [kv for who, kv in args.option if who == n]) for n, cmd in args.engine
    ]
    results = {n: [] for n in names}
    try:
        for i, sfen in enumerate(positions(args.positions), 1):
            turn = i % len(engines)
            for e in engines[turn:] + engines[:turn]:
                r = e.search(sfen, args.movetime)
                results[e.name].append(r)
                print(f"{i:2} {e.name:12} depth {r.get('depth', 0):3} seldepth "
                      f"{r.get('seldepth', 0):3} nodes {r.get('nodes', 0):10} "
                      f"nps {r.get('nps', 0):9} {r['bestmove']}", flush=True)
    finally:
        for e in engines:
            e.quit()

    print()
    ref = None
    first = [max(r.get("nps", 0), 1) for r in results[names[0]]]
    for n in names:
        depth = statistics.median(r.get("depth", 0) for r in results[n])
        nps = statistics.median(r.get("nps", 0) for r in results[n])
        ref = ref or (depth, nps)
        ratios = [max(r.get("nps", 0), 1) / f for r, f in zip(results[n], first)]
        print(f"{n:12} median depth {depth:5.1f}  median nps {nps:10.0f}  "
              f"nps ratio to {names[0]} {nps / max(ref[1], 1):.2f} "
              f"(geometric mean of positions {statistics.geometric_mean(ratios):.2f})")


if __name__ == "__main__":
    sys.exit(main())
