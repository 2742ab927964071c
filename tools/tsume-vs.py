#!/usr/bin/env python3
"""Run our mate solver and the reference solver shtsume side by side on a set of tsume.

    tools/tsume-vs.py [FILE] [--time S] [--ids REGEX] [--only ours|shtsume] [--mem MB] [--csv OUT]

FILE (default tests/data/tsume-classics.tsv) is either
  * the classics format: a header comment `# id<TAB>name<TAB>sfen<TAB>published<TAB>line<TAB>...`
    and rows with those columns (see tests/data/tsume-classics.md), or
  * the tests/data/tsume.tsv format: rows `SFEN<TAB>length<TAB>...` (ids become `row-N`, N the
    line number in the file; the second column, if a number, is taken as the published length).
Problems run one at a time, each solver after the other, never in parallel.

ours:     target/release/gnushogi --mate --sfen SFEN --time S
          (prints `info time MS nodes N` and a line `checkmate MOVES...`, `nomate` or `timeout`)
shtsume:  /work/shared/anchors/shtsume -m MB -i S SFEN
          (prints `詰みました。N手詰め` ... `探索局面数 N`, `不詰です。`, or on a time-out
          `詰みを発見できませんでした。（pn=..., dn=..., sh=...)`)

Each solver gets a wall-clock limit of S+30 seconds; past it the process group is killed and the
result is `killed`. Times are wall times (time.monotonic around the subprocess).

In the table, `*` after a length marks a length different from the published one, `r` after
shtsume's length marks a line shtsume prints only as a reference (駒余り: pieces left in hand), and
`DIFF` at the end of the row marks problems both solved with different lengths. shtsume follows
the composers' conventions (futile interpositions and 駒余り lines do not lengthen a mate), so its
length can legitimately differ from a plain minimax mate length.
"""

import argparse
import csv
import os
import re
import signal
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_FILE = os.path.join(ROOT, "tests", "data", "tsume-classics.tsv")
OURS = os.path.join(ROOT, "target", "release", "gnushogi")
SHTSUME = "/work/shared/anchors/shtsume"


def looks_like_sfen(s):
    parts = s.split()
    return len(parts) >= 3 and parts[0].count("/") == 8 and parts[1] in ("b", "w")


def to_int(s):
    try:
        return int(s)
    except (TypeError, ValueError):
        return None


def read_problems(path):
    """Returns a list of dicts: id, name, sfen, published (int or None), line (int or None),
    solution (the record's line as USI moves, or None)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    columns = None
    for raw in lines:
        if raw.startswith("#"):
            fields = [c.strip().lower() for c in raw.lstrip("#").split("\t")]
            if "sfen" in fields and "id" in fields:
                columns = fields
                break
    problems = []
    for n, raw in enumerate(lines, 1):
        if not raw.strip() or raw.startswith("#"):
            continue
        fields = raw.split("\t")
        if columns:
            row = dict(zip(columns, fields))
            if not looks_like_sfen(row.get("sfen", "")):
                print(f"warning: {path}:{n}: no SFEN in column 'sfen', row skipped", file=sys.stderr)
                continue
            problems.append({
                "id": row.get("id", f"row-{n}"),
                "name": row.get("name", ""),
                "sfen": row["sfen"],
                "published": to_int(row.get("published")),
                "line": to_int(row.get("line")),
                "solution": None if row.get("solution_usi", "-") in ("-", "") else row["solution_usi"].split(),
            })
        elif looks_like_sfen(fields[0]):
            problems.append({
                "id": f"row-{n}",
                "name": "",
                "sfen": fields[0],
                "published": to_int(fields[1]) if len(fields) > 1 else None,
                "line": None,
                "solution": None,
            })
        else:
            print(f"warning: {path}:{n}: unrecognised row skipped", file=sys.stderr)
    return problems


def run(cmd, limit, nice):
    """Runs cmd with a wall-clock limit; returns (stdout, seconds, killed)."""
    def preexec():
        os.setsid()
        if nice:
            os.nice(nice)

    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            stdin=subprocess.DEVNULL, preexec_fn=preexec)
    try:
        out, _ = proc.communicate(timeout=limit)
        killed = False
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, _ = proc.communicate()
        killed = True
    seconds = time.monotonic() - start
    return out.decode("utf-8", errors="replace"), seconds, killed


def parse_ours(out):
    """Returns (result, nodes): result is an int length, 'nomate', 'timeout' or 'error'."""
    result, nodes = "error", None
    for line in out.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] == "info" and "nodes" in words:
            i = words.index("nodes")
            if i + 1 < len(words) and to_int(words[i + 1]) is not None:
                nodes = to_int(words[i + 1])
        elif words[0] == "checkmate":
            result = len(words) - 1
        elif words[0] in ("nomate", "timeout"):
            result = words[0]
    return result, nodes


def parse_shtsume(out):
    """Returns (result, nodes, own_seconds, surplus).

    surplus: shtsume said 「駒余りのため詰手順は参考」 (the line it found leaves the attacker
    pieces in hand, so it prints it as a reference line; its length is then that line's)."""
    result, nodes, secs, surplus = "error", None, None, False
    m = re.search(r"詰みました。\s*(\d+)手詰", out) or re.search(r"まで\s*(\d+)手詰", out)
    if m:
        result = int(m.group(1))
        surplus = "駒余り" in out.split("詰みました", 1)[1].split("\n", 1)[0]
    elif "不詰です" in out:
        result = "nomate"
    elif "詰みを発見できませんでした" in out:
        result = "timeout"
    m = re.search(r"探索局面数\s*(\d+)", out)
    if m:
        nodes = int(m.group(1))
    m = re.search(r"消費時間\s*(\d+)", out)
    if m:
        secs = int(m.group(1))
    return result, nodes, secs, surplus


def shtsume_length(sfen, secs, mem):
    """shtsume's answer for one position (a length, 'nomate', 'timeout', 'error' or 'killed')."""
    out, _, killed = run([SHTSUME, "-m", str(mem), "-i", str(secs), sfen], secs + 30, 0)
    return "killed" if killed else parse_shtsume(out)[0]


def fmt(result, secs, nodes, published, flag=""):
    if result is None:
        return "-"
    mark = "*" if isinstance(result, int) and published is not None and result != published else ""
    s = f"{result}{flag}{mark} {secs:.1f}s"
    if nodes is not None:
        s += f" {nodes}n"
    return s


def ensure_ours():
    if os.path.exists(OURS):
        return
    print("target/release/gnushogi is missing: cargo build --release", file=sys.stderr)
    subprocess.run(["cargo", "build", "--release"], cwd=ROOT, check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?", default=DEFAULT_FILE)
    ap.add_argument("--time", type=float, default=60.0, help="seconds a problem for each solver (default 60)")
    ap.add_argument("--ids", help="only problems whose id matches this regular expression (re.search)")
    ap.add_argument("--only", choices=("ours", "shtsume"), help="run one solver only")
    ap.add_argument("--mem", type=int, default=1024, help="shtsume's table size in MB (default 1024)")
    ap.add_argument("--csv", help="also write the results to this CSV file")
    ap.add_argument("--nice", type=int, default=0, help="niceness added to each solver process")
    ap.add_argument("--gnushogi", default=OURS, help="our binary (default target/release/gnushogi)")
    ap.add_argument("--shtsume", default=SHTSUME, help="the shtsume binary")
    args = ap.parse_args()

    problems = read_problems(args.file)
    if args.ids:
        rx = re.compile(args.ids)
        problems = [p for p in problems if rx.search(p["id"])]
    if not problems:
        sys.exit("no problems selected")
    run_ours = args.only in (None, "ours")
    run_sht = args.only in (None, "shtsume")
    if run_ours:
        if args.gnushogi == OURS:
            ensure_ours()
        elif not os.path.exists(args.gnushogi):
            sys.exit(f"{args.gnushogi}: not found")
    if run_sht and not os.path.exists(args.shtsume):
        sys.exit(f"{args.shtsume}: not found")

    limit = args.time + 30
    secs_arg = f"{args.time:g}"
    sht_secs_arg = str(max(1, int(round(args.time))))  # shtsume takes whole seconds
    rows = []
    idw = max(len(p["id"]) for p in problems)
    print(f"{'id':<{idw}}  {'pub':>5}  {'ours (len time nodes)':<28}  {'shtsume (len time nodes)':<28}")
    for p in problems:
        r = dict(p)
        r.update(ours=None, ours_s=None, ours_nodes=None, sht=None, sht_s=None, sht_nodes=None,
                 sht_surplus=False)
        if run_ours:
            out, s, killed = run([args.gnushogi, "--mate", "--sfen", p["sfen"], "--time", secs_arg],
                                 limit, args.nice)
            res, nodes = parse_ours(out)
            r.update(ours="killed" if killed else res, ours_s=s, ours_nodes=nodes)
        if run_sht:
            out, s, killed = run([args.shtsume, "-m", str(args.mem), "-i", sht_secs_arg, p["sfen"]],
                                 limit, args.nice)
            res, nodes, _, surplus = parse_shtsume(out)
            r.update(sht="killed" if killed else res, sht_s=s, sht_nodes=nodes, sht_surplus=surplus)
        diff = (isinstance(r["ours"], int) and isinstance(r["sht"], int) and r["ours"] != r["sht"])
        r["diff"] = diff
        rows.append(r)
        pub = "-" if p["published"] is None else str(p["published"])
        print(f"{p['id']:<{idw}}  {pub:>5}  {fmt(r['ours'], r['ours_s'], r['ours_nodes'], p['published']):<28}"
              f"  {fmt(r['sht'], r['sht_s'], r['sht_nodes'], p['published'], 'r' if r['sht_surplus'] else ''):<28}{'  DIFF' if diff else ''}",
              flush=True)

    print()
    n = len(rows)
    for key, name, on in (("ours", "ours", run_ours), ("sht", "shtsume", run_sht)):
        if not on:
            continue
        solved = [r for r in rows if isinstance(r[key], int)]
        nomate = sum(1 for r in rows if r[key] == "nomate")
        timeout = sum(1 for r in rows if r[key] in ("timeout", "killed"))
        other = n - len(solved) - nomate - timeout
        vs_pub = sum(1 for r in solved if r["published"] is not None and r[key] != r["published"])
        print(f"{name}: solved {len(solved)}/{n}, nomate {nomate}, timeout {timeout}"
              + (f", error {other}" if other else "")
              + f"; length != published in {vs_pub}")
    if run_ours and run_sht:
        both = [r for r in rows if isinstance(r["ours"], int) and isinstance(r["sht"], int)]
        if both:
            mo = statistics.median(r["ours_s"] for r in both)
            ms = statistics.median(r["sht_s"] for r in both)
            print(f"both solved {len(both)}: median time ours {mo:.2f}s, shtsume {ms:.2f}s")
        diffs = [r for r in rows if r["diff"]]
        print(f"lengths differ (ours vs shtsume): {len(diffs)}"
              + ("" if not diffs else ": " + ", ".join(f"{r['id']} ({r['ours']} vs {r['sht']})" for r in diffs)))
        only = [r["id"] for r in rows if isinstance(r["sht"], int) and not isinstance(r["ours"], int)]
        if only:
            print(f"solved by shtsume only: {', '.join(only)}")
        only = [r["id"] for r in rows if isinstance(r["ours"], int) and not isinstance(r["sht"], int)]
        if only:
            print(f"solved by ours only: {', '.join(only)}")

    if args.csv:
        fields = ["id", "name", "published", "line", "ours", "ours_s", "ours_nodes",
                  "sht", "sht_s", "sht_nodes", "sht_surplus", "diff", "sfen"]
        with open(args.csv, "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
            w.writeheader()
            for r in rows:
                w.writerow({k: (f"{r[k]:.3f}" if k.endswith("_s") and r[k] is not None else r[k])
                            for k in fields})


if __name__ == "__main__":
    main()
