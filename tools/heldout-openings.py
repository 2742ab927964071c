#!/usr/bin/env python3
"""Write the held-out openings the final strength figures are played from.

    tools/heldout-openings.py ../shared/data/gnushogi.tbk > tools/heldout-openings.txt

Each line of GNU Shogi's own book text (its misc/gnushogi.tbk, GPL-3.0) gives its first 12
plies as a USI move list, each distinct sequence once. Neither our book (built from the games
of ../shared/data/games) nor our self-play (tests/data/openings.txt plus random plies) starts
from them, so a match from them measures play away from the training openings. The book text
is written in several notations (`P7f`, `1.P-7f`, `P7g-7f`, `Px2d`, `P'2c`, `G4i-5h(2)`,
`7g7f`); every move is matched against the legal moves of the position (cshogi), and a line
whose move is not found exactly once is left out.
"""
import re
import sys

import cshogi

PIECES = {"P": cshogi.PAWN, "L": cshogi.LANCE, "N": cshogi.KNIGHT, "S": cshogi.SILVER,
          "G": cshogi.GOLD, "B": cshogi.BISHOP, "R": cshogi.ROOK, "K": cshogi.KING}
PLIES = 12


def square_index(square):
    return (int(square[0]) - 1) * 9 + ord(square[1]) - ord("a")


def normalize(token):
    """One token of the book text to `7g7f`, `P*2c` or a piece letter and its square (`S6h+`)."""
    token = re.sub(r"^\d+\.", "", token)  # a move number
    token = re.sub(r"\(\d+\)$", "", token)  # a weight
    token = token.rstrip("?!").replace("'", "*").replace("x", "").replace("-", "")
    from_to = re.fullmatch(r"[PLNSGBRK]?\+?(\d[a-i])(\d[a-i])(\+?)", token)
    if from_to:
        return "".join(from_to.groups())
    return token


def matches(board, token):
    """The legal USI moves that a normalized token names."""
    found = []
    for move in board.legal_moves:
        usi = cshogi.move_to_usi(move)
        if token[0].isdigit() or "*" in token:
            if usi == token:
                found.append(usi)
            continue
        if usi[1] == "*" or usi[2:4] != token[1:3] or usi.endswith("+") != token.endswith("+"):
            continue
        kind = cshogi.piece_to_piece_type(board.piece(square_index(usi[0:2])))
        if kind == PIECES.get(token[0]):
            found.append(usi)
    return found


def book_lines(path):
    lines, current = [], []
    with open(path, encoding="utf-8", errors="replace") as text:
        for raw in text:
            raw = raw.strip()
            if raw.startswith("#"):
                if current:
                    lines.append(current)
                current = []
                continue
            current += [t for t in map(normalize, raw.split()) if t]
    if current:
        lines.append(current)
    return lines


def main():
    seen, openings, unread = set(), [], 0
    for tokens in book_lines(sys.argv[1]):
        board, moves = cshogi.Board(), []
        for token in tokens[:PLIES]:
            found = matches(board, token)
            if len(found) != 1:
                unread += 1
                break
            moves.append(found[0])
            board.push_usi(found[0])
        line = " ".join(moves)
        if len(moves) == PLIES and line not in seen:
            seen.add(line)
            openings.append(line)
    print("# Held-out openings: the first 12 plies of each distinct line of GNU Shogi's own book"
          " text (gnushogi.tbk, GPL-3.0), written by tools/heldout-openings.py; neither our book"
          f" nor our self-play starts from them. {len(openings)} lines ({unread} book lines not"
          " read).")
    print("\n".join(openings))


if __name__ == "__main__":
    main()
