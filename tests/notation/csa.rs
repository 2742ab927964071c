//! `notation::csa`: CSA moves, pieces and special moves.

use super::test_positions::{position_and_move, positions};
use gnushogi::notation::csa::*;
use gnushogi::rules::{Color, Piece, PieceKind, Position, Square};
use nom::Parser;
use nom::combinator::all_consuming;
use proptest::prelude::*;
use std::time::Duration;

#[test]
fn time_limits() {
    let limit = parse_time_limit("00:25+30").unwrap();
    assert_eq!(limit, TimeLimit::new(Duration::from_secs(1500), Duration::from_secs(30)).unwrap());
    assert_eq!(format_time_limit(&limit), "00:25+30");
    assert_eq!(
        format_time_limit(&TimeLimit::new(Duration::from_secs(6 * 3600), Duration::ZERO).unwrap()),
        "06:00+00"
    );
    for bad in ["", "25+30", "00:25", "00:60+00", "0:5+x", "10 minutes", "00:25+30 extra"] {
        assert_eq!(parse_time_limit(bad), None, "{bad}");
    }
    assert_eq!(TimeLimit::new(Duration::from_secs(90), Duration::ZERO), None);
    assert_eq!(TimeLimit::new(Duration::ZERO, Duration::from_millis(1500)), None);
}

proptest! {
    #[test]
    fn time_limits_round_trip(minutes in 0u64..60_000, seconds in 0u64..3600) {
        let limit = TimeLimit::new(Duration::from_secs(minutes * 60), Duration::from_secs(seconds)).unwrap();
        prop_assert_eq!(parse_time_limit(&format_time_limit(&limit)), Some(limit));
    }
}

#[test]
fn moves_pieces_and_specials() {
    let pos = Position::startpos();
    let m = parse_csa_move("+7776FU").unwrap().to_move(&pos).unwrap();
    assert_eq!(m.to_string(), "7g7f");
    assert_eq!(format_csa_move(&pos, m), "+7776FU");
    assert_eq!(
        parse_csa_move("-3334FU").unwrap().to_move(&pos),
        Err(CsaMoveError::OutOfTurn(Color::Black))
    );
    assert_eq!(
        parse_csa_move("+7776KI").unwrap().to_move(&pos).unwrap_err().to_string(),
        "the piece on 7g is not a gold"
    );
    assert_eq!(parse_csa_move("+0576FU").unwrap().to_move(&pos), Err(CsaMoveError::NoSuchSquare));
    for bad in ["", "+7776", "7776FU", "+7776fu", "+7776XX", "+776FU", "+7776FU,T1", "*7776FU"] {
        assert_eq!(parse_csa_move(bad), None, "{bad:?}");
    }
    let bishop = gnushogi::notation::parse_sfen(
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
    )
    .unwrap();
    let promotes = parse_csa_move("+8822UM").unwrap().to_move(&bishop).unwrap();
    assert_eq!(promotes.to_string(), "8h2b+");
    assert_eq!(format_csa_move(&bishop, promotes), "+8822UM");
    assert_eq!(piece_code(PieceKind::ProSilver), "NG");
    assert_eq!(parse_piece_code("RY"), Some(PieceKind::Dragon));
    assert_eq!(parse_piece_code("AL"), None);
    assert_eq!(format_special(Special::IllegalAction(Color::White)), "%-ILLEGAL_ACTION");
    assert_eq!(parse_special("%+ILLEGAL_ACTION"), Some(Special::IllegalAction(Color::Black)));
    for bad in ["TORYO", "%toryo", "%*ILLEGAL_ACTION", "%ILLEGAL_ACTION", "% TORYO", "%"] {
        assert_eq!(parse_special(bad), None, "{bad:?}");
    }
}

#[test]
fn engine_comments() {
    let pos = Position::startpos();
    let m = |p: &Position, t| parse_csa_move(t).unwrap().to_move(p).unwrap();
    let first = m(&pos, "+7776FU");
    let after = pos.played(first);
    let reply = m(&after, "-3334FU");
    let then = m(&after.played(reply), "+2726FU");
    let text = format_engine_comment(&after, -35, &[reply, then, reply]);
    // The line stops at the move that is not legal.
    assert_eq!(text, "'* -35 -3334FU +2726FU");
    let back = parse_engine_comment(&text).unwrap();
    assert_eq!(back.score, -35);
    assert_eq!(back.pv.iter().map(|c| c.to_move(&after).is_ok()).next(), Some(true));
    assert_eq!(parse_engine_comment("'* 12").unwrap().pv, []);
    for bad in ["", "'*", "'* x", "* 12", "'* 12 +7776F"] {
        assert_eq!(parse_engine_comment(bad), None, "{bad:?}");
    }
}

fn specials() -> impl Strategy<Value = Special> {
    // Every special move but the illegal actions (which carry a side) and `%ERROR`.
    let plain = vec![
        Special::Resign,
        Special::Mated,
        Special::TimeUp,
        Special::IllegalMove,
        Special::Declare,
        Special::Repetition,
        Special::Impasse,
        Special::MaxMoves,
        Special::Draw,
        Special::Interrupted,
        Special::TakeBack,
        Special::NoMate,
    ];
    prop_oneof![
        proptest::sample::select(plain),
        Just(Special::Error),
        Just(Special::IllegalAction(Color::Black)),
        Just(Special::IllegalAction(Color::White)),
    ]
}

proptest! {
    #[test]
    fn moves_round_trip((pos, mv) in position_and_move()) {
        let text = format_csa_move(&pos, mv);
        let back = parse_csa_move(&text).map(|m| m.to_move(&pos));
        prop_assert_eq!(back, Some(Ok(mv)), "{}", text);
    }

    #[test]
    fn squares_and_pieces_round_trip(pos in positions()) {
        for sq in Square::all() {
            let text = format_square(sq);
            let (_, back) = all_consuming(digits).parse(&text).expect("two digits");
            prop_assert_eq!(Square::new(back.0, back.1), Some(sq));
            if let Some(p) = pos.piece_at(sq) {
                let code = format!("{}{}", side_sign(p.color()), piece_code(p.kind()));
                let (_, (color, kind)) = all_consuming((side, piece)).parse(&code).unwrap();
                prop_assert_eq!(Piece::new(color, kind), p);
            }
        }
    }

    #[test]
    fn engine_comments_round_trip((pos, mv) in position_and_move(), score in -200_000..200_000i32) {
        let text = format_engine_comment(&pos, score, &[mv]);
        let back = parse_engine_comment(&text).unwrap();
        prop_assert_eq!(back.score, score);
        prop_assert_eq!(back.pv.len(), 1);
        prop_assert_eq!(back.pv[0].to_move(&pos), Ok(mv));
    }

    #[test]
    fn specials_round_trip(s in specials()) {
        prop_assert_eq!(parse_special(&format_special(s)), Some(s));
    }

    /// Any text at all: a move or none, and never a panic.
    #[test]
    fn any_text_is_safe(text in "[-+%0-9A-Z_]{0,12}", (pos, _) in position_and_move()) {
        if let Some(m) = parse_csa_move(&text) {
            let _ = m.to_move(&pos);
        }
        let _ = parse_special(&text);
    }
}
