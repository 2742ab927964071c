//! `notation::sfen`: SFEN, read and written.

use gnushogi::notation::sfen::*;
use gnushogi::rules::{Color, PieceKind, Position, START_SFEN};

#[test]
fn start_position_round_trips() {
    let p = parse_sfen(START_SFEN).unwrap();
    assert_eq!(p, Position::startpos());
    assert_eq!(to_sfen(&p), START_SFEN);
}

#[test]
fn hands_and_promoted_pieces() {
    let s = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
    let p = parse_sfen(s).unwrap();
    assert_eq!(to_sfen(&p), s);
    assert_eq!(p.hand(Color::White).count(PieceKind::Pawn), 5);
    assert_eq!(p.side_to_move(), Color::White);
}

#[test]
fn errors_say_what_is_wrong() {
    let bad = [
        ("", "empty"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "rank 9"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1", "longer"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", "8 squares"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1", "side"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1", "hand"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0", "move number"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL b - 1", "unexpected '+'"),
    ];
    for (text, needle) in bad {
        let e = parse_sfen(text).unwrap_err().to_string();
        assert!(e.contains(needle), "{text:?}: {e}");
    }
}

#[test]
fn impossible_positions_are_refused() {
    let cases = [
        ("4k4/9/9/9/9/9/9/9/3KK4 b - 1", "more than one king"),
        ("P3k4/9/9/9/9/9/9/9/4K4 b - 1", "could never move"),
        ("4k4/9/9/9/9/9/P8/P8/4K4 b - 1", "two pawns"),
        ("4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "too large"),
        ("4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "not to move is in check"),
        ("4k4/9/9/9/9/9/9/9/4K4 b 3B 1", "too many"),
    ];
    for (text, needle) in cases {
        let e = parse_sfen(text).unwrap_err().to_string();
        assert!(e.contains(needle), "{text:?}: {e}");
    }
}
