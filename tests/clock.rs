//! Time controls and the clocks (`engine::clock`): the parsers of the command line and
//! `level`, the text of a control, the periods, byoyomi and increments of each side, and the
//! text modes' `time`/`otime`, which set a clock exactly.

use crate::common::SharedOut;
use gnushogi::config::Config;
use gnushogi::engine::clock::{Clocks, Period, TimeControl, parse_command_line, parse_level};
use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::notation::csa::format_time_limit;
use gnushogi::protocol::gnu::display::RawDisplay;
use gnushogi::protocol::gnu::{Interp, Link};
use gnushogi::rules::Color;
use std::sync::mpsc::channel;
use std::time::Duration;

fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

fn p(moves: u32, secs: u64) -> Period {
    Period { moves, time: Duration::from_secs(secs) }
}

#[test]
fn controls_with_a_csa_time_limit() {
    let limit = |control: TimeControl, game_in: bool| {
        let mut clocks = Clocks::new(control);
        clocks.set_game_in(game_in);
        clocks.csa_limit().map(|l| format_time_limit(&l))
    };
    let secs = Duration::from_secs;
    let tournament = |periods, increment| TimeControl::Tournament { periods, increment };
    assert_eq!(limit(TimeControl::PerMove(secs(30)), false).as_deref(), Some("00:00+30"));
    assert_eq!(limit(tournament(vec![p(0, 1500)], secs(0)), false).as_deref(), Some("00:25+00"));
    assert_eq!(limit(tournament(vec![p(40, 300)], secs(0)), true).as_deref(), Some("00:05+00"));
    // So many moves in so much time, an increment, seconds of main time: no such form.
    assert_eq!(limit(tournament(vec![p(40, 300)], secs(0)), false), None);
    assert_eq!(limit(tournament(vec![p(0, 600)], secs(10)), false), None);
    assert_eq!(limit(tournament(vec![p(0, 90)], secs(0)), false), None);
}

#[test]
fn command_line_forms_of_the_man_page() {
    assert_eq!(
        parse_command_line(&args("30")).unwrap(),
        Some(TimeControl::PerMove(Duration::from_secs(30)))
    );
    assert_eq!(
        parse_command_line(&args("5:00")).unwrap(),
        Some(TimeControl::PerMove(Duration::from_secs(300)))
    );
    assert_eq!(
        parse_command_line(&args("60 5")).unwrap(),
        Some(TimeControl::Tournament { periods: vec![p(60, 300)], increment: Duration::ZERO })
    );
    assert_eq!(
        parse_command_line(&args("30 3:30")).unwrap(),
        Some(TimeControl::Tournament { periods: vec![p(30, 210)], increment: Duration::ZERO })
    );
    assert_eq!(
        parse_command_line(&args("30 5 1 :30")).unwrap(),
        Some(TimeControl::Tournament {
            periods: vec![p(30, 300), p(1, 30)],
            increment: Duration::ZERO
        })
    );
    assert!(parse_command_line(&args("40 5 10")).unwrap_err().to_string().contains("pairs"));
    assert!(
        parse_command_line(&args("1 1 1 1 1 1 1 1 1 1"))
            .unwrap_err()
            .to_string()
            .contains("at most")
    );
    assert!(parse_command_line(&args("0 5")).is_err());
    assert!(parse_command_line(&args("40 0")).is_err());
    assert!(parse_command_line(&args("x")).is_err());
    assert!(parse_command_line(&args("0")).is_err());
}

#[test]
fn level_forms() {
    assert_eq!(parse_level("0 0:05").unwrap(), TimeControl::PerMove(Duration::from_secs(5)));
    assert_eq!(parse_level("40 5").unwrap(), TimeControl::x_default());
    let f = parse_level("f5 10").unwrap();
    assert_eq!(
        f,
        TimeControl::Tournament { periods: vec![p(50, 300)], increment: Duration::from_secs(10) }
    );
    assert!(parse_level("").is_err());
    assert!(parse_level("a b").is_err());
}

#[test]
fn kif_headers_say_the_control_in_japanese() {
    let tc =
        |periods, inc| TimeControl::Tournament { periods, increment: Duration::from_secs(inc) };
    // Issue 36: `level f5 10` and the all-moves-in-5-minutes menu level.
    assert_eq!(parse_level("f5 10").unwrap().kif_text(), "5分+10秒");
    assert_eq!(tc(vec![p(1000, 300)], 0).kif_text(), "5分");
    assert_eq!(parse_level("40 5").unwrap().kif_text(), "40手5分");
    assert_eq!(tc(vec![p(30, 300), p(1, 30)], 0).kif_text(), "30手5分、以後1手30秒");
    assert_eq!(parse_level("0 0:30").unwrap().kif_text(), "1手30秒");
}

#[test]
fn clocks_run_through_the_periods() {
    let tc = parse_command_line(&args("2 1 1 :30")).unwrap().unwrap();
    let mut c = Clocks::new(tc);
    let black = |c: &Clocks| (c.remaining(Color::Black), c.moves_left(Color::Black));
    assert_eq!(c.mmss(Color::Black), "1:00");
    c.spend(Color::Black, Duration::from_secs(10));
    assert_eq!(black(&c), (5000, 1));
    c.spend(Color::Black, Duration::from_secs(10));
    assert_eq!(black(&c), (4000 + 3000, 1));
    c.spend(Color::Black, Duration::from_secs(40));
    assert_eq!(black(&c), (3000 + 3000, 1));
    assert_eq!(c.mmss(Color::White), "1:00");
}

#[test]
fn byoyomi_and_increments_of_each_side() {
    let mut c = Clocks::new(TimeControl::session(0, Duration::from_secs(10), Duration::ZERO));
    c.set_byoyomi(Color::Black, Duration::from_secs(5));
    c.set_increment(Color::White, Duration::from_secs(2));
    // Past its clock, Black's time came out of the byoyomi: none is owed.
    assert_eq!(c.spend(Color::Black, Duration::from_secs(13)), 0);
    assert_eq!(c.left(Color::Black), Duration::ZERO);
    assert_eq!(c.spend(Color::White, Duration::from_secs(3)), 900);
    let limits = c.search_limits(Color::Black, None).clock.unwrap();
    assert_eq!((limits.remaining, limits.byoyomi), (Duration::ZERO, Duration::from_secs(5)));
    let limits = c.search_limits(Color::White, None).clock.unwrap();
    assert_eq!((limits.increment, limits.byoyomi), (Duration::from_secs(2), Duration::ZERO));
    // A new control forgets both.
    c.set_control(TimeControl::x_default());
    for side in Color::ALL {
        assert_eq!((c.byoyomi_of(side), c.increment_of(side)), (Duration::ZERO, Duration::ZERO));
    }
}

#[test]
fn milliseconds_are_kept() {
    let mut c = Clocks::new(TimeControl::session(0, Duration::from_secs(10), Duration::ZERO));
    for _ in 0..100 {
        c.spend(Color::Black, Duration::from_millis(7));
    }
    assert_eq!(c.left(Color::Black), Duration::from_millis(9300));
    c.set_left(Color::White, Duration::from_micros(1_234_567));
    assert_eq!(
        (c.remaining(Color::White), c.left(Color::White)),
        (123, Duration::from_micros(1_234_567))
    );
    c.take(Color::White, Duration::from_secs(2));
    assert_eq!(c.left(Color::White), Duration::ZERO);
    // A clock set anew keeps nothing of the microseconds it held.
    c.spend(Color::Black, Duration::from_micros(1_234));
    c.set_left(Color::Black, Duration::from_secs(60));
    assert_eq!(c.left(Color::Black), Duration::from_secs(60));
}

#[test]
fn without_clocks_the_time_used_is_shown() {
    let mut c = Clocks::new(TimeControl::raw_default());
    c.spend(Color::White, Duration::from_secs(75));
    c.spend(Color::White, Duration::from_secs(3));
    assert_eq!((c.mmss(Color::Black), c.mmss(Color::White)), ("0:00".into(), "1:18".into()));
    c.reset();
    assert_eq!(c.mmss(Color::White), "0:00");
}

#[test]
fn time_and_otime_set_the_clocks_exactly() {
    // The moves typed are timed to the microsecond: each leaves its side's clock with
    // microseconds below its centiseconds, which `time` and `otime` must not keep (they did:
    // `time 6000` then read 60.00xxxx s).
    let (tx, rx) = channel();
    let engine =
        Engine::new(EngineOptions { hash_mib: 1, seed: Some(7), ..EngineOptions::default() });
    let mut play = gnushogi::play::Match::new(engine, tx);
    let mut writer = SharedOut::default();
    let link = Link { play: &mut play, events: &rx };
    let mut interp = Interp::new(link, &Config::default(), RawDisplay::new(&mut writer));
    interp.begin();
    for line in ["level 40 5", "force", "7g7f", "3c3d", "2g2f", "8c8d"] {
        interp.input(line.to_string());
    }
    assert_eq!(interp.game().moves().len(), 4);
    for side in Color::ALL {
        assert!(interp.clocks().left(side) < Duration::from_secs(300), "{side:?}");
    }
    interp.input("time 6000".to_string());
    interp.input("otime 4512 10".to_string());
    let computer = interp.computer();
    let clocks = interp.clocks();
    assert_eq!(clocks.left(computer), Duration::from_secs(60));
    assert_eq!(clocks.left(!computer), Duration::from_millis(45_120));
    assert_eq!((clocks.remaining(computer), clocks.remaining(!computer)), (6000, 4512));
    assert_eq!(clocks.moves_left(!computer), 10);
}
