//! `notation::kif`: KIF moves and squares.

use super::test_positions::{last_and_move, positions};
use gnushogi::notation::kif::*;
use gnushogi::notation::parse_usi_move;
use gnushogi::rules::{Color, Move, Piece, PieceKind, Position, Square};
use nom::Parser;
use nom::combinator::all_consuming;
use proptest::prelude::*;

fn usi(pos: &Position, s: &str) -> Move {
    parse_usi_move(s).unwrap().to_move(pos).unwrap()
}

#[test]
fn kif_moves() {
    let pos = Position::startpos();
    let m = usi(&pos, "7g7f");
    assert_eq!(move_text(&pos, m, None), "７六歩(77)");
    let line = ["7g7f", "3c3d", "8h2b+", "3a2b"];
    let mut p = pos.clone();
    let mut moves = Vec::new();
    for s in line {
        let m = usi(&p, s);
        moves.push(m);
        p = p.played(m);
    }
    assert_eq!(
        line_text(&pos, &moves, None, " "),
        "▲７六歩(77) △３四歩(33) ▲２二角成(88) △同　銀(31)"
    );
    // The bishop in hand, dropped.
    let drop = usi(&p, "B*4e");
    assert_eq!(move_text(&p, drop, Some(Square::new(2, 2).unwrap())), "４五角打");
}

#[test]
fn durations_as_headers_say_them() {
    let secs = std::time::Duration::from_secs;
    assert_eq!(duration_text(secs(300)), "5分");
    assert_eq!(duration_text(secs(5400)), "1時間30分");
    assert_eq!(duration_text(secs(10)), "10秒");
    assert_eq!(duration_text(secs(90)), "1分30秒");
    assert_eq!(duration_text(secs(0)), "0秒");
}

#[test]
fn not_promoting_is_the_plain_move() {
    let pos = gnushogi::notation::parse_sfen("4k4/9/4S4/9/9/9/9/9/4K4 b - 1").unwrap();
    let m = usi(&pos, "5c5b");
    assert_eq!(move_text(&pos, m, None), "５二銀(53)");
    let m = usi(&pos, "5c5b+");
    assert_eq!(move_text(&pos, m, None), "５二銀成(53)");
    // Read either way.
    for text in ["５二銀(53)", "５二銀不成(53)", "５二銀生(53)"] {
        assert_eq!(parse_kif_move(text).unwrap().to_move(&pos, None), Ok(usi(&pos, "5c5b")));
    }
}

#[test]
fn moves_as_other_programs_write_them() {
    let pos = Position::startpos();
    let read = |text: &str, last: Option<Square>| {
        parse_kif_move(text).ok_or(None).and_then(|m| m.to_move(&pos, last).map_err(Some))
    };
    let seven_six = usi(&pos, "7g7f");
    assert_eq!(read("７六歩(77)", None), Ok(seven_six));
    assert_eq!(read("76歩(77)", None), Ok(seven_six));
    assert_eq!(read("７6歩(77)", None), Ok(seven_six));
    let king = usi(&pos, "5i5h");
    assert_eq!(read("５八王(59)", None), Ok(king));
    assert_eq!(read("同　玉(59)", Some(Square::new(5, 8).unwrap())), Ok(king));
    assert_eq!(read("同玉(59)", Some(Square::new(5, 8).unwrap())), Ok(king));
    assert_eq!(read("同　玉(59)", None), Err(Some(KifMoveError::NothingBefore)));
    assert_eq!(read("７六銀(77)", None).unwrap_err().unwrap().to_string(), "no silver on 7g");
    assert_eq!(read("７六歩", None), Err(Some(KifMoveError::NoOrigin)));
    assert_eq!(read("７六歩打(77)", None), Err(Some(KifMoveError::DropWithOrigin)));
    assert_eq!(read("７六歩(07)", None), Err(Some(KifMoveError::NoSuchSquare)));
    assert_eq!(
        read("５五角(00)", None),
        Ok(Move::drop(PieceKind::Bishop, Square::new(5, 5).unwrap()))
    );
    for bad in ["", "７六", "７六X(77)", "７六歩(77", "七六歩(77)", "０六歩(77)", "７六歩(77) "]
    {
        assert_eq!(parse_kif_move(bad), None, "{bad:?}");
    }
    let m = parse_kif_move("２三銀生(34)").unwrap();
    assert_eq!(m.modifier, Some(Modifier::NoPromote));
    assert_eq!(parse_kif_move("５二全(53)").unwrap().kind, PieceKind::ProSilver);
    assert_eq!(parse_kif_move("５二竜(53)").unwrap().kind, PieceKind::Dragon);
}

#[test]
fn pieces_squares_and_counts() {
    assert_eq!(format_square(Square::new(7, 6).unwrap()), "７六");
    assert_eq!(piece_char(PieceKind::ProSilver), '全');
    assert_eq!(piece_name(PieceKind::ProSilver), "成銀");
    assert_eq!(board_char(Piece::new(Color::White, PieceKind::King)), '王');
    assert_eq!(board_char(Piece::new(Color::Black, PieceKind::King)), '玉');
    assert_eq!(parse_piece_char('王'), Some(PieceKind::King));
    assert_eq!(parse_piece_char('成'), None);
    assert_eq!(side_name(Color::White, true), "上手");
    assert_eq!(count_kanji(1), "");
    assert_eq!(count_kanji(12), "十二");
    assert_eq!(parse_count_kanji("十十"), None);
}

proptest! {
    #[test]
    fn moves_round_trip((pos, mv, last_to) in last_and_move()) {
        let text = move_text(&pos, mv, last_to);
        let back = parse_kif_move(&text).map(|m| m.to_move(&pos, last_to));
        prop_assert_eq!(back, Some(Ok(mv)), "{}", text);
    }

    #[test]
    fn squares_and_pieces_round_trip(pos in positions()) {
        for sq in Square::all() {
            let text = format_square(sq);
            prop_assert_eq!(all_consuming(square).parse(&text).ok().map(|(_, s)| s), Some(sq));
            if let Some(p) = pos.piece_at(sq) {
                let kind = p.kind();
                prop_assert_eq!(parse_piece_char(piece_char(kind)), Some(kind));
                prop_assert_eq!(parse_piece_char(board_char(p)), Some(kind));
                let named = all_consuming(piece).parse(piece_name(kind)).ok().map(|(_, k)| k);
                prop_assert_eq!(named, Some(kind));
            }
        }
        for sq in Square::all() {
            let piece = pos.piece_at(sq);
            let [mark, name] = diagram_cell(piece);
            prop_assert_eq!(parse_diagram_cell(mark, name), Ok(piece));
        }
        for color in Color::ALL {
            for kind in PieceKind::HAND {
                let n = pos.hand(color).count(kind).max(1);
                prop_assert_eq!(parse_count_kanji(&count_kanji(n)), Some(n));
            }
        }
    }

    /// Any text at all: a move or none, and never a panic.
    #[test]
    fn any_text_is_safe(text in "[同　 １-９一-九0-9歩香桂銀金角飛玉王と成不生打()]{0,10}",
                        (pos, _, last) in last_and_move()) {
        if let Some(m) = parse_kif_move(&text) {
            let _ = m.to_move(&pos, last);
        }
    }
}
