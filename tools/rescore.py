#!/usr/bin/env python3
"""Labels self-play positions again with a deeper search, to judge networks by.

    tools/rescore.py ENGINE DATA NODES [--every K] > OUT.tsv

DATA is `examples/selfplay.rs`'s output (`SFEN <tab> result <tab> score`). Every K-th line
(default 1: all) is searched afresh by ENGINE over USI (`usinewgame`, `go nodes NODES`, book
off, 64 MiB of hash) and written as `SFEN <tab> result <tab> new score`, the score from
sente's view in centipawns as the generator writes it (a mate is ±30000). The same engine and
data give the same file. `nnue_train --validate OUT.tsv --lambda 0 --epochs 0 --compare
NET,...` then ranks networks by how well they predict the deeper search (doc/strength.md,
"Labels").
"""
import argparse
import subprocess
import sys

MATE = 30000


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("engine")
    ap.add_argument("data")
    ap.add_argument("nodes", type=int)
    ap.add_argument("--every", type=int, default=1)
    args = ap.parse_args()
    if args.nodes < 1 or args.every < 1:
        sys.exit("rescore.py: NODES and --every are positive")
    try:
        rows = open(args.data).read().splitlines()
        engine = subprocess.Popen(
            [args.engine, "--usi"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
    except OSError as e:
        sys.exit(f"rescore.py: {e}")

    def send(command):
        engine.stdin.write(command + "\n")
        engine.stdin.flush()

    def until(prefix):
        """The engine's lines up to and including the first that starts with `prefix`."""
        for line in engine.stdout:
            yield line
            if line.startswith(prefix):
                return
        sys.exit("rescore.py: the engine stopped answering")

    send("usi")
    for _ in until("usiok"):
        pass
    for option in ("OwnBook value false", "USI_Hash value 64"):
        send("setoption name " + option)
    send("isready")
    for _ in until("readyok"):
        pass
    for i, row in enumerate(rows):
        if i % args.every:
            continue
        cols = row.split("\t")
        if len(cols) < 3:
            sys.exit(f"rescore.py: {args.data}:{i + 1}: not SFEN <tab> result <tab> score")
        sfen, result = cols[0], cols[1]
        send("usinewgame")
        send("position sfen " + sfen)
        send(f"go nodes {args.nodes}")
        score = None
        for line in until("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                k = words.index("score")
                kind, value = words[k + 1], int(words[k + 2])
                score = value if kind == "cp" else (MATE if value > 0 else -MATE)
        if score is None:
            sys.exit(f"rescore.py: {args.data}:{i + 1}: no score for {sfen}")
        # The engine scores for the side to move; the data is from sente's view.
        if sfen.split()[1:2] == ["w"]:
            score = -score
        print(f"{sfen}\t{result}\t{score}", flush=True)
    send("quit")
    engine.wait()


if __name__ == "__main__":
    main()
