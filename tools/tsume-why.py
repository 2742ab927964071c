#!/usr/bin/env python3
"""Says where and why our composer's line differs in length from a record's line.

    tools/tsume-why.py [--ids REGEX] [--only-different CSV] [--time S] [--gnushogi "BIN ARGS"]
                       [--shtsume] [--every] [--csv OUT]

For each problem of tests/data/tsume-classics.tsv with a record line (`solution_usi`), the
position after each of the record's defender replies (attacker to move) is solved by
`--mate`. Where our length there is not the length after the record's next two moves plus
two, our solver plays otherwise than the record: such a point is listed, with the record's
attacker move and defender reply beside ours and the lengths after each (ours, and shtsume's
with `--shtsume`), and the difference named (the first point only, unless `--every`):

  longer-defence   another reply lasts longer than the record's (変長)
  shorter-mate     another attacker move mates sooner than the record's (余詰 / 短手数)
  spare            after the record's attacker move, the record's reply lasts longer but
                   leaves the attacker pieces in hand, so ours takes a shorter one (駒余り)
  same-moves       ours plays the record's two moves too, but its length here is not its own
                   length after them plus two: one of the two solves was not proved the
                   shortest (its search for a shorter mate stopped at its budget), or the walk
                   saw other lines from here (the search goes on to the next point)
  same             no point of the record differs

One line a point: id, the record's length, the ply (1-based, of the attacker's move), the
kind, the record's two moves, ours, and the lengths.
"""
import argparse
import csv
import importlib.util
import os
import re
import sys

import cshogi

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("vs", os.path.join(HERE, "tsume-vs.py"))
vs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(vs)


FIELDS = ["id", "published", "ply", "kind", "record", "ours", "lengths"]


def ours(binary, sfen, secs):
    """(length or 'nomate'/'timeout'/'error', line as USI moves)."""
    cmd = binary.split() + ["--mate", "--sfen", sfen, "--time", str(secs)]
    out, _, killed = vs.run(cmd, secs + 30, 0)
    if killed:
        return "killed", []
    result, _ = vs.parse_ours(out)
    line = next((l.split()[1:] for l in out.splitlines() if l.startswith("checkmate")), [])
    return result, line


def after(sfen, moves):
    board = cshogi.Board(sfen)
    for m in moves:
        board.push_usi(m)
    return board.sfen()


def explain(binary, sfen, record, secs, with_shtsume, every):
    """The points of the record where our solver plays otherwise: the attacker-to-move
    positions where our length is not the length after the record's next two moves plus two.
    The first only, unless `every`."""
    n = len(record)
    solved = {}

    def solve(played):
        # Our length and line with the attacker to move after `played` plies of the record.
        if played not in solved:
            pos = after(sfen, record[:played])
            solved[played] = (pos, *ours(binary, pos, secs))
        return solved[played]

    points = []
    for played in range(0, n, 2):
        pos, got, line = solve(played)
        want = solve(played + 2)[1] if played + 2 < n else -1
        if not isinstance(want, int) or got == want + 2:
            continue
        want += 2
        rec = record[played:played + 2]
        mine = line[:2]
        if not isinstance(got, int):
            kind = str(got)
        elif mine == rec:
            kind = "same-moves"
        elif got < want:
            kind = "spare" if mine[:1] == rec[:1] else "shorter-mate"
        else:
            kind = "longer-defence"
        lengths = f"{want} by the record's moves, {got} ours"
        if isinstance(got, int) and len(rec) == 2 and len(mine) == 2 and mine != rec:
            # The lengths after each pair of moves, by ours (and shtsume): the evidence.
            for name, pair in (("record", rec), ("ours", mine)):
                p = after(pos, pair)
                n_ours, _ = ours(binary, p, secs)
                s = f"; after {name} {' '.join(pair)}: {n_ours}"
                if with_shtsume:
                    s += f" (shtsume {vs.shtsume_length(p, secs, 256)})"
                lengths += s
        points.append({"ply": played + 1, "kind": kind, "record": " ".join(rec),
                       "ours": " ".join(mine), "lengths": lengths})
        if not every and kind != "same-moves":
            break
    return points


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--file", default=vs.DEFAULT_FILE)
    ap.add_argument("--ids", default="^(zukou|musou)-")
    ap.add_argument("--time", type=int, default=10)
    ap.add_argument("--gnushogi", default=vs.OURS, help="our binary, with arguments if any")
    ap.add_argument("--shtsume", action="store_true", help="also give shtsume's lengths")
    ap.add_argument("--only-different", metavar="CSV",
                    help="only the ids whose `ours` differs from `published` in this tsume-vs CSV")
    ap.add_argument("--every", action="store_true",
                    help="every point where ours and the record part, not only the first")
    ap.add_argument("--csv")
    a = ap.parse_args()
    rows = {p["id"]: (p["sfen"], p["solution"]) for p in vs.read_problems(a.file) if p["solution"]}
    ids = [i for i in rows if re.search(a.ids, i)]
    if a.only_different:
        with open(a.only_different, encoding="utf-8") as f:
            differ = {r["id"] for r in csv.DictReader(f) if r["ours"] != r["published"]}
        ids = [i for i in ids if i in differ]
    out = []
    for pid in ids:
        sfen, record = rows[pid]
        for point in explain(a.gnushogi, sfen, record, a.time, a.shtsume, a.every) or [{"kind": "same"}]:
            r = {"id": pid, "published": len(record), **point}
            out.append(r)
            print("\t".join(str(r.get(k, "")) for k in FIELDS), flush=True)
    if a.csv:
        with open(a.csv + ".tmp", "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=FIELDS)
            w.writeheader()
            w.writerows(out)
        os.replace(a.csv + ".tmp", a.csv)


if __name__ == "__main__":
    sys.exit(main())
