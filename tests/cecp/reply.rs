//! `protocol::cecp::reply`: what CECP prints.

use gnushogi::game::{DrawReason, Outcome, WinReason};
use gnushogi::notation::parse_usi_move;
use gnushogi::notation::xboard::format_square as xboard_square;
use gnushogi::protocol::cecp::reply::*;
use gnushogi::rules::{Color, PositionError, Square};
use gnushogi::search::{Bound, Score, SearchInfo};
use std::time::Duration;

#[test]
fn results_use_xboard_colour_names() {
    let r = |o| Reply::Result(o).to_string();
    assert_eq!(
        r(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }),
        "1-0 {White mates}"
    );
    assert_eq!(
        r(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate }),
        "0-1 {Black mates}"
    );
    assert_eq!(
        r(Outcome::Win { winner: Color::White, reason: WinReason::PerpetualCheck }),
        "0-1 {Perpetual check by White}"
    );
    assert_eq!(r(Outcome::Draw(DrawReason::Repetition)), "1/2-1/2 {Sennichite}");
}

#[test]
fn thinking_lines() {
    let m = parse_usi_move("7g7f").unwrap().shape();
    let info = SearchInfo {
        depth: 5,
        seldepth: 9,
        score: Score::Mate(3),
        bound: Bound::Exact,
        nodes: 12345,
        time: Duration::from_millis(1234),
        hashfull: 0,
        pv: vec![m],
        multipv: 1,
    };
    assert_eq!(ThinkingLine::from_info(&info, None).to_string(), "5 100002 123 12345 c3c4");
    let drop = parse_usi_move("P*5e").unwrap().shape();
    assert_eq!(
        ThinkingLine::from_info(&info, Some(drop)).to_string(),
        "5 100002 123 12345 P@e5 c3c4"
    );
    assert_eq!(
        Reply::IllegalMove { reason: Some("nifu".into()), text: "P@e5".into() }.to_string(),
        "Illegal move (nifu): P@e5"
    );
    assert_eq!(Reply::BookEnd.to_string(), "");
}

#[test]
fn position_errors_use_xboard_names() {
    let sq = Square::new(9, 1).unwrap();
    assert_eq!(xboard_square(sq), "a9");
    assert_eq!(
        position_error(&PositionError::TooManyKings(Color::Black)),
        "White has more than one king"
    );
    assert_eq!(
        position_error(&PositionError::TwoPawns { color: Color::White, file: 5 }),
        "Black has two pawns on file e"
    );
    assert_eq!(position_error(&PositionError::DeadPiece(sq)), "the piece on a9 could never move");
}
