#!/usr/bin/env python3
"""Time two or more builds of the mate solver on the same problems, interleaved.

    tools/tsume-ab.py REPS "BIN [ARGS]" "BIN [ARGS]" ... -- ID...

Each problem (an id of tests/data/tsume-classics.tsv) is solved REPS times by each
configuration in turn (`BIN ARGS --mate --sfen SFEN --time 60`), so that the machine's load
falls on all alike; the minimum of each configuration's wall times is kept. Prints a line per
problem (time, nodes and length per configuration), then each configuration's median time and
its geometric-mean and median ratio to the first. Nodes and lengths should match between
builds that change only speed. Example (doc/tsume.md, "Sixth step"):

    tools/tsume-ab.py 2 "old/gnushogi" "target/release/gnushogi --threads 1" \\
        "target/release/gnushogi --threads 2" -- musou-003 musou-019 zukou-020
"""

import math
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data", "tsume-classics.tsv")


def solve(cfg, sfen):
    start = time.monotonic()
    out = subprocess.run(cfg + ["--mate", "--sfen", sfen, "--time", "60"],
                         capture_output=True, text=True).stdout
    took = time.monotonic() - start
    nodes = re.search(r"nodes (\d+)", out)
    line = [l for l in out.splitlines() if l.startswith("checkmate")]
    return took, nodes.group(1) if nodes else "?", len(line[0].split()) - 1 if line else 0


def main():
    args = sys.argv[1:]
    if len(args) < 4 or "--" not in args:
        sys.exit(__doc__)
    reps = int(args[0])
    cut = args.index("--")
    cfgs = [c.split() for c in args[1:cut]]
    ids = args[cut + 1:]
    with open(DATA, encoding="utf-8") as f:
        rows = {l.split("\t")[0]: l.split("\t") for l in f if l.strip() and not l.startswith("#")}
    best = [[] for _ in cfgs]
    for pid in ids:
        times = [[] for _ in cfgs]
        info = [None] * len(cfgs)
        for _ in range(reps):
            for j, cfg in enumerate(cfgs):
                took, nodes, plies = solve(cfg, rows[pid][2])
                times[j].append(took)
                info[j] = (nodes, plies)
        for j in range(len(cfgs)):
            best[j].append(min(times[j]))
        cells = " ".join(f"{min(times[j]):.3f}({info[j][0]},{info[j][1]})" for j in range(len(cfgs)))
        print(pid, cells, flush=True)
    for j in range(len(cfgs)):
        line = f"config {j}: median {statistics.median(best[j]):.3f} s"
        if j:
            ratios = [b / a for a, b in zip(best[0], best[j])]
            geo = math.exp(sum(map(math.log, ratios)) / len(ratios))
            line += f", against config 0: geomean {geo:.3f}, median {statistics.median(ratios):.3f}"
        print(line)


if __name__ == "__main__":
    main()
