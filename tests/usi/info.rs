//! `protocol::usi`: a `go`'s clocks as search limits, and the `info` lines.

use gnushogi::protocol::usi::*;
use gnushogi::rules::{Color, Position};
use gnushogi::search::{Bound, Score, SearchInfo, SearchLimits};
use std::time::Duration;

#[test]
fn clocks_follow_the_side_to_move() {
    let go = parse_command("go btime 1000 wtime 2000 binc 10 winc 20 byoyomi 0").unwrap();
    let Some(Command::Go(go)) = go else { panic!() };
    let b = limits_for(&go, Color::Black).clock.unwrap();
    assert_eq!(b.remaining, Duration::from_millis(1000));
    assert_eq!(b.increment, Duration::from_millis(10));
    assert_eq!(b.opponent_remaining, Some(Duration::from_millis(2000)));
    let w = limits_for(&go, Color::White).clock.unwrap();
    assert_eq!(w.remaining, Duration::from_millis(2000));
    assert_eq!(w.increment, Duration::from_millis(20));
    let Ok(Some(Command::Go(go))) = parse_command("go depth 3") else { panic!() };
    assert_eq!(limits_for(&go, Color::White), SearchLimits::depth(3));
}

#[test]
fn info_lines() {
    let pos = Position::startpos();
    let m = gnushogi::notation::parse_usi_move("7g7f").unwrap().to_move(&pos).unwrap();
    let info = SearchInfo {
        depth: 5,
        seldepth: 9,
        score: Score::Cp(-31),
        bound: Bound::Lower,
        nodes: 2000,
        time: Duration::from_millis(500),
        hashfull: 3,
        pv: vec![m],
        multipv: 1,
    };
    assert_eq!(
        format_info(&info, 1),
        "info depth 5 seldepth 9 score cp -31 lowerbound nodes 2000 nps 4000 time 500 \
         hashfull 3 pv 7g7f"
    );
}
