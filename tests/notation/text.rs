//! `notation::text`: GNU Shogi's own move notation.

use super::test_positions::position_and_move;
use gnushogi::notation::sfen::parse_sfen;
use gnushogi::notation::text::*;
use gnushogi::rules::{IllegalMove, Position};
use proptest::prelude::*;

fn mv(pos: &Position, text: &str) -> Result<String, TextMoveError> {
    parse_text_move(pos, text).map(|(m, _)| m.to_string())
}

#[test]
fn short_forms_from_the_start() {
    let p = Position::startpos();
    assert_eq!(mv(&p, "7g7f").unwrap(), "7g7f");
    assert_eq!(mv(&p, "P7f").unwrap(), "7g7f");
    assert_eq!(mv(&p, "P7g-7f").unwrap(), "7g7f");
    assert_eq!(mv(&p, "P7f?").unwrap(), "7g7f");
    assert_eq!(parse_text_move(&p, "P7f!").unwrap().1, Some(Annotation::Good));
    assert_eq!(mv(&p, "S6h").unwrap(), "7i6h");
    let golds = |text| match mv(&p, text) {
        Err(TextMoveError::Ambiguous(ms)) => ms.iter().map(|m| m.to_string()).collect(),
        other => vec![format!("{other:?}")],
    };
    assert_eq!(golds("G5h"), ["4i5h", "6i5h"]);
    assert_eq!(golds("Gi5h"), ["4i5h", "6i5h"]);
    // What to type instead: forms that name one move each.
    for (from, short) in [("4i5h", "G45h"), ("6i5h", "G65h")] {
        let m = parse_text_move(&p, from).unwrap().0;
        assert_eq!(format_short_move(&p, m), short);
        assert_eq!(mv(&p, short).unwrap(), from);
    }
    assert_eq!(mv(&p, "G65h").unwrap(), "6i5h");
    assert_eq!(mv(&p, "G4i5h").unwrap(), "4i5h");
    assert_eq!(mv(&p, "P7e").unwrap_err().to_string(), "no pawn of yours can move to 7e");
    assert_eq!(mv(&p, "P*5e"), Err(TextMoveError::Illegal(IllegalMove::NotInHand)));
    assert_eq!(mv(&p, "xyz"), Err(TextMoveError::Syntax));
    assert_eq!(mv(&p, "7f"), Err(TextMoveError::Syntax));
}

#[test]
fn a_move_is_the_whole_word() {
    let p = Position::startpos();
    let long = format!("7g7f{}", "x".repeat(5000));
    for garbage in ["x7xgx7xfx", "7g7fxxxxxxxxxx", &long, "7g-x7f", "x7g7f", "7g7f-", "-P7f"] {
        assert_eq!(mv(&p, garbage), Err(TextMoveError::Syntax), "{garbage:?}");
    }
    for separated in ["7g-7f", "7gx7f", "P7g-7f", "Px7f", "P-7f"] {
        assert_eq!(mv(&p, separated).unwrap(), "7g7f", "{separated:?}");
    }
    assert_eq!(mv(&p, "B*-5e"), Err(TextMoveError::Syntax));
    // The book's tails: `=` (no promotion), a comma after a mark.
    assert_eq!(mv(&p, "P7g-7f="), mv(&p, "7g7f"));
    assert_eq!(parse_text_move(&p, "P7f?,").unwrap().1, Some(Annotation::Bad));
    assert_eq!(mv(&p, "7g=7f"), Err(TextMoveError::Syntax));
}

#[test]
fn promotions_drops_and_promoted_pieces() {
    // After 7g7f 3c3d the bishop can take on 2b, promoting or not.
    let p =
        parse_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3").unwrap();
    assert_eq!(mv(&p, "B2b+").unwrap(), "8h2b+");
    assert_eq!(mv(&p, "B2b").unwrap(), "8h2b");
    assert_eq!(mv(&p, "B8hx2b+").unwrap(), "8h2b+");
    let q = p.played(parse_text_move(&p, "B2b+").unwrap().0);
    assert_eq!(format_book_move(&p, parse_text_move(&p, "B2b+").unwrap().0), "B8hx2b+");
    // Gote recaptures with the silver; then a horse in hand-less form.
    let r = q.played(parse_text_move(&q, "S3ax2b").unwrap().0);
    assert_eq!(mv(&r, "B*4e").unwrap(), "B*4e");
    assert_eq!(mv(&r, "B'4e").unwrap(), "B*4e");
    let h = parse_sfen("4k4/9/9/9/9/9/6+B2/9/4K4 b - 1").unwrap();
    assert_eq!(mv(&h, "+B3g-5e").unwrap(), "3g5e");
    assert_eq!(mv(&h, "+B5e").unwrap(), "3g5e");
    assert_eq!(mv(&h, "+B3cx5e").unwrap_err().to_string(), "there is no piece on 3c");
    assert_eq!(mv(&h, "B5e").unwrap(), "3g5e");
    assert_eq!(format_book_move(&h, parse_text_move(&h, "B5e").unwrap().0), "+B3g-5e");
}

#[test]
fn reasons_for_refusal() {
    let nifu = parse_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1").unwrap();
    assert_eq!(mv(&nifu, "P*5e"), Err(TextMoveError::Illegal(IllegalMove::TwoPawns)));
    let pinned = parse_sfen("4k4/4r4/9/9/9/9/9/4G4/4K4 b - 1").unwrap();
    assert_eq!(mv(&pinned, "G4h"), Err(TextMoveError::Illegal(IllegalMove::KingInCheck)));
    let forced = parse_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1").unwrap();
    assert_eq!(mv(&forced, "P9a"), Err(TextMoveError::Illegal(IllegalMove::MustPromote)));
    assert_eq!(mv(&forced, "P9a+").unwrap(), "9b9a+");
}

#[test]
fn why_no_move_fits() {
    let p = Position::startpos();
    let why = |pos: &Position, text: &str| mv(pos, text).unwrap_err().to_string();
    assert_eq!(why(&p, "7f7e"), "there is no piece on 7f");
    assert_eq!(why(&p, "3c3d"), "the pawn on 3c is White's, and it is Black's turn");
    assert_eq!(why(&p, "G7g7f"), "the piece on 7g is a pawn, not a gold");
    assert_eq!(why(&p, "8h7g"), "your own pawn is on 7g");
    assert_eq!(why(&p, "8h2b+"), "the path of the bishop on 8h is blocked at 7g");
    assert_eq!(why(&p, "R2b"), "the path of the rook on 2h is blocked at 2g");
    assert_eq!(why(&p, "7g2b+"), "a pawn cannot move from 7g to 2b");
    assert_eq!(why(&p, "7g7g"), "a pawn cannot move from 7g to 7g");
    assert_eq!(why(&p, "N7e"), "no knight of yours can move to 7e");
    assert_eq!(why(&p, "+R2b"), "you have no dragon on the board");
    assert_eq!(why(&p, "G35h"), "you have no gold on file 3");
    assert_eq!(why(&p, "Gh5h"), "you have no gold on rank h");
    assert_eq!(why(&p, "7g7f+"), "no promotion: neither 7g nor 7f is in the promotion zone");
    assert_eq!(why(&p, "G5h+"), "a gold cannot promote");
    let q = p.played(parse_text_move(&p, "6g6f").unwrap().0);
    let q = q.played(parse_text_move(&q, "3c3d").unwrap().0);
    assert_eq!(why(&q, "P6f"), "your own pawn is on 6f");
}

#[test]
fn short_form_output() {
    let p = Position::startpos();
    let m = |s: &str| parse_text_move(&p, s).unwrap().0;
    assert_eq!(format_short_move(&p, m("7g7f")), "P7f");
    assert_eq!(format_short_move(&p, m("6i5h")), "G65h");
    assert_eq!(format_short_move(&p, m("7i6h")), "S6h");
}

proptest! {
    /// Every form GNU Shogi writes names the move it was written for.
    #[test]
    fn moves_round_trip((pos, mv) in position_and_move()) {
        for text in [format_coordinate(mv), format_book_move(&pos, mv), format_short_move(&pos, mv)] {
            let back = parse_text_move(&pos, &text).map(|(m, _)| m);
            prop_assert_eq!(back, Ok(mv), "{}", text);
        }
    }

    /// The game file's form names the move and the piece that makes it.
    #[test]
    fn file_moves_round_trip((pos, mv) in position_and_move()) {
        let text = format_file_move(&pos, mv);
        let read = parse_file_move(text.trim_start());
        let piece = mv.from().and_then(|f| pos.piece_at(f)).map(|p| p.kind());
        let kind = piece.or(mv.drop_kind()).unwrap();
        let expected = FileMove { kind: kind.unpromote(), promoted_before: kind.is_promoted(), mv };
        prop_assert_eq!(read, Ok(expected), "{}", text);
    }
}

#[test]
fn file_moves() {
    let p = Position::startpos();
    let m = |s: &str| parse_text_move(&p, s).unwrap().0;
    assert_eq!(format_file_move(&p, m("7g7f")), " P7g7f");
    let h = parse_sfen("4k4/9/9/9/9/9/6+B2/9/4K4 b G 1").unwrap();
    let horse = parse_text_move(&h, "3g5e").unwrap().0;
    assert_eq!(format_file_move(&h, horse), "+B3g5e");
    assert_eq!(format_file_move(&h, parse_text_move(&h, "G*5e").unwrap().0), " G*5e");
    for (bad, why) in [
        ("", FileMoveError::NoPieceLetter),
        ("+", FileMoveError::NoPieceLetter),
        ("X7g7f", FileMoveError::NoPieceLetter),
        ("P7g7", FileMoveError::NotAMove),
        ("P7g7g", FileMoveError::NotAMove),
        ("P7\u{e9}7", FileMoveError::NotAMove),
        ("P*5j", FileMoveError::NotAMove),
        ("+P*5e", FileMoveError::CannotDrop),
        ("K*5e", FileMoveError::CannotDrop),
    ] {
        assert_eq!(parse_file_move(bad), Err(why), "{bad:?}");
    }
}
