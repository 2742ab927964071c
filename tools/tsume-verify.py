#!/usr/bin/env python3
"""Checks a mate line against shtsume, reply by reply.

    tools/tsume-verify.py SFEN MOVE... [--time S] [--mem MB]

For every defender node of the line (after each attacker move), every legal reply (by cshogi)
is tried: shtsume solves the position after it, and the reply refutes the line when shtsume
finds no mate, or a mate longer than the plies the line leaves. Replies shtsume calls useless
interpositions are its to judge: it counts by the same tsume conventions as `--mate`. Prints
one line per defender node and, at the end, `refuted` with the refutations or `holds`.
"""
import argparse
import importlib.util
import os

import cshogi

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("vs", os.path.join(HERE, "tsume-vs.py"))
vs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(vs)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sfen")
    ap.add_argument("moves", nargs="+")
    ap.add_argument("--time", type=int, default=10)
    ap.add_argument("--mem", type=int, default=256)
    a = ap.parse_args()
    board = cshogi.Board(a.sfen)
    refutations = []
    for i, mv in enumerate(a.moves):
        if i % 2 == 1:
            left = len(a.moves) - i - 1  # plies the line leaves after the reply
            worst = []
            for r in board.legal_moves:
                usi = cshogi.move_to_usi(r)
                board.push(r)
                got = vs.shtsume_length(board.sfen(), a.time, a.mem)
                board.pop()
                if not isinstance(got, int) or got > left:
                    worst.append(f"{usi}:{got}")
            print(f"ply {i + 1} ({mv}): {left} plies left; refuted by {' '.join(worst) or 'none'}", flush=True)
            refutations += [f"ply {i + 1} {w}" for w in worst]
        board.push_usi(mv)
    print("refuted: " + ", ".join(refutations) if refutations else "holds")


if __name__ == "__main__":
    main()
