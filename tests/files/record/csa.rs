//! `files::record::csa`: CSA records.

use gnushogi::files::record::TimeLimit;
use gnushogi::files::record::csa::*;
use gnushogi::game::{Outcome, WinReason};
use gnushogi::rules::handicap::Handicap;
use gnushogi::rules::{Color, PieceKind};
use std::time::Duration;

#[test]
fn a_game_both_ways() {
    let text = "V2.2\nN+Sente\nN-Gote\n$EVENT:Test\n$START_TIME:2026/11/23 10:00:00\n\
                PI\n'*before\n+\n+7776FU\nT12\n'*good\n-3334FU,T3\n+8822UM\n-3122GI\n\
                +0045KA\n%TORYO\n";
    let r = parse(text).unwrap();
    assert_eq!(r.moves.len(), 5);
    assert_eq!(r.headers.black.as_deref(), Some("Sente"));
    assert_eq!(r.comments, ["before"]);
    assert_eq!(r.moves[0].time, Some(Duration::from_secs(12)));
    assert_eq!(r.moves[0].comments, ["good"]);
    assert_eq!(r.moves[1].time, Some(Duration::from_secs(3)));
    assert_eq!(
        r.outcome,
        Some(Outcome::Win { winner: Color::Black, reason: WinReason::Resignation })
    );
    assert_eq!(parse(&write(&r)).unwrap(), r);
    assert!(write(&r).contains("\n+8822UM\n"));
}

#[test]
fn a_time_limit_in_its_form_and_other_controls_as_a_remark() {
    let mut r = parse("$TIME_LIMIT:01:30+60\nPI\n+\n").unwrap();
    let limit = TimeLimit::new(Duration::from_secs(5400), Duration::from_secs(60));
    assert_eq!(r.headers.time_limit, limit);
    assert!(write(&r).contains("\n$TIME_LIMIT:01:30+60\n"), "{}", write(&r));
    r.headers.time_limit = None;
    r.headers.time_control = Some("40 moves in 5 minutes".into());
    let text = write(&r);
    assert!(!text.contains("$TIME_LIMIT"), "{text}");
    assert!(text.contains("\n' Time control: 40 moves in 5 minutes\n"), "{text}");
    assert_eq!(parse("$TIME_LIMIT:forty moves\nPI\n+\n").unwrap().headers.time_limit, None);
}

#[test]
fn handicaps_and_boards() {
    for h in Handicap::ALL {
        let mut r = parse("PI\n+\n").unwrap();
        r.start = h.position();
        let text = write(&r);
        assert!(text.contains("\n-\n"), "{text}");
        assert_eq!(parse(&text).unwrap(), r, "{text}");
    }
    let r = parse("PI82HI22KA\n-\n-5142OU\n").unwrap();
    assert_eq!(r.handicap(), Some(Handicap::TwoPiece));
    let mut board = String::from("P1 *  *  *  *  *  *  *  * -OU\n");
    for rank in 2..=8 {
        board.push_str(&format!("P{rank}{}\n", " * ".repeat(9)));
    }
    board.push_str("P9 *  *  *  * +OU *  *  *  * \nP+00KI\nP-00AL\n+\n+0012KI\n");
    let r = parse(&board).unwrap();
    assert_eq!(r.start.hand(Color::White).count(PieceKind::Pawn), 18);
    assert_eq!(r.start.hand(Color::White).count(PieceKind::Gold), 3);
    assert_eq!(parse(&write(&r)).unwrap(), r);
    let e = parse(&board.replace("P5", "P5 * ")).unwrap_err();
    assert_eq!(e.line, 5, "{e}");
}

#[test]
fn errors_say_where() {
    let e = parse("PI\n+\n+7776FU\n+3334FU\n").unwrap_err();
    assert_eq!(e.to_string(), "line 4: '+3334FU': out of turn: White is to move");
    let e = parse("PI\n+\n+7776KI\n").unwrap_err();
    assert_eq!(e.line, 3);
    let e = parse("PI\n+\n+7775FU\n").unwrap_err();
    assert!(e.to_string().starts_with("line 3: move 1 '+7775FU': "), "{e}");
    assert_eq!(parse("+7776FU\n").unwrap_err().line, 1);
    assert_eq!(parse("PI\n+\n%TORYO\n+7776FU\n").unwrap_err().line, 4);
    let games: Vec<_> = parse_games("PI\n+\n+7776FU\n/\nPI\n+\n+2726FU\n")
        .into_iter()
        .map(|(l, g)| (l, g.map(|r| r.moves.len())))
        .collect();
    assert_eq!(games, [(1, Ok(1)), (5, Ok(1))]);
}
