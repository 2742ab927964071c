"""Reads game records with cshogi and python-shogi, and prints what each understood, one JSON
object a line: the file, the reader, the start (SFEN) and the moves (USI). The file names come
on stdin, one a line; `.kif` is Shift-JIS, `.kifu` and `.csa` UTF-8. Driven by
tests/records_readers.rs; either library may be missing (then its lines say so)."""
import json
import sys

try:
    import cshogi
    import cshogi.CSA
    import cshogi.KIF
except ImportError:
    cshogi = None
try:
    import shogi
    import shogi.CSA
    import shogi.KIF
except ImportError:
    shogi = None


def read_cshogi(text, csa):
    if csa:
        p = cshogi.CSA.Parser.parse_str(text)[0]
    else:
        p = cshogi.KIF.Parser.parse_str(text)
    return p.sfen, [cshogi.move_to_usi(m) for m in p.moves]


def read_python_shogi(text, csa):
    parser = shogi.CSA.Parser if csa else shogi.KIF.Parser
    game = parser.parse_str(text)[0]
    # Its KIF reader writes a count of one in hand as "1n": the board it builds says it right.
    return shogi.Board(game["sfen"]).sfen(), game["moves"]


readers = {"cshogi": cshogi and read_cshogi, "python-shogi": shogi and read_python_shogi}
for file in sys.stdin.read().split("\n"):
    if not file:
        continue
    data = open(file, "rb").read()
    text = data.decode("cp932" if file.endswith(".kif") else "utf-8")
    for reader, read in readers.items():
        out = {"file": file, "reader": reader}
        if read is None:
            out["missing"] = True
        else:
            try:
                sfen, moves = read(text, file.endswith(".csa"))
                out.update(sfen=sfen, moves=moves)
            except Exception as e:  # any failure of the reader is its answer for this file
                out["error"] = repr(e)
        print(json.dumps(out, ensure_ascii=False), flush=True)
