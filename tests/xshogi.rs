//! The xshogi dialect of the X display (the default): in-process sessions, and the real
//! binary over pipes.

use crate::common::{Driver, Protocol, run_text, small_engine};
use gnushogi::config::Config;
use gnushogi::engine::clock::parse_command_line;
use gnushogi::notation::parse_usi_move;
use gnushogi::play::Policy;
use gnushogi::rules::Position;

fn is_clock(s: &str) -> bool {
    !s.is_empty() && s.trim_start_matches('-').bytes().all(|b| b.is_ascii_digit())
}

/// As xshogi starts it for `-sd`: `gnushogi 1 9999`, then its init string and the depth.
fn xshogi_session() -> Driver {
    let tc = parse_command_line(&["1".into(), "9999".into()]).unwrap();
    let mut d = Driver::in_process(
        Protocol::Xshogi,
        small_engine(),
        Config { time_control: tc, seeded: true, use_hash: true, ..Config::default() },
    );
    assert_eq!(d.expect("\n"), format!("GNU Shogi {}\n", gnushogi::VERSION));
    d.send("beep");
    d.send("random");
    d.send("easy");
    d.send("book");
    d.send("depth");
    d.send("2");
    d.expect("depth = ");
    d
}

#[test]
fn one_line_for_time_and_otime_and_moves_with_clocks() {
    let mut d = xshogi_session();
    d.send("time 30000");
    assert_eq!(d.expect("\n"), "time 30000 0\n");
    d.send("otime 30000");
    assert_eq!(d.expect("\n"), "otime 30000 0\n");
    d.send("7g7f");
    let echo = d.expect("\n");
    let w: Vec<&str> = echo.split_whitespace().collect();
    assert_eq!(&w[..2], ["1.", "7g7f"], "{echo}");
    assert!(is_clock(w[2]) && w[2].parse::<i64>().unwrap() <= 300_000, "{echo}");
    let reply = d.expect("\n");
    let w: Vec<&str> = reply.split_whitespace().collect();
    assert_eq!(&w[..2], ["1.", "..."], "{reply}");
    assert_eq!(w.len(), 4, "{reply}");
    assert!(is_clock(w[3]), "{reply}");
    // The reply is legal shogi notation for White.
    let m = gnushogi::notation::parse_usi_move(w[2]).expect("a move");
    let after = gnushogi::rules::Position::startpos().played(
        gnushogi::notation::parse_usi_move("7g7f")
            .unwrap()
            .to_move(&gnushogi::rules::Position::startpos())
            .unwrap(),
    );
    assert!(m.to_move(&after).is_ok(), "{reply}");
    d.send("7g7f");
    assert_eq!(d.expect("\n"), "Illegal move (there is no piece on 7g): 7g7f\n");
    d.send("hint");
    assert!(d.expect("\n").starts_with("Hint: "));
    d.send("level 40 5");
    assert_eq!(d.expect("\n"), "Clocks: 300000 300000\n");
    d.send("quit");
    let (code, rest, _) = d.finish();
    assert!(rest.is_empty(), "{rest:?}");
    assert!(code.success(), "{code:?}");
}

#[test]
fn game_ends_in_xshogi_words() {
    let mut d = xshogi_session();
    // The user mates: the echo, then the winner, Black being sente as in xshogi.
    d.send("setsfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    d.send("G*5b");
    let out = d.expect("Black mates!\n");
    assert!(out.starts_with("1. G*5b "), "{out}");
    // The computer mates as Black after `white` + `go` (xshogi's machine-plays-Black).
    d.send("setsfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    d.send("white");
    d.send("go");
    let out = d.expect("Black mates!\n");
    assert!(out.starts_with("1. ... G*5b "), "{out}");
    assert!(!out.contains("My move"));
    // White mates.
    d.send("setsfen 4k4/9/9/9/9/9/4p4/9/4K4 w g 1");
    d.send("G*5h");
    d.expect("White mates!\n");
    // A draw by repetition caused by the user's move.
    d.send("new");
    d.send("force");
    for _ in 0..3 {
        for m in ["2h3h", "8b7b", "3h2h", "7b8b"] {
            d.send(m);
        }
    }
    d.expect("Repetition\n");
}

#[test]
fn xboard_and_usi_hand_over_the_session() {
    for word in ["xboard", "usi"] {
        let mut d = Driver::in_process(Protocol::Xshogi, small_engine(), Config::default());
        d.expect("GNU Shogi");
        d.send(word);
        d.send("quit");
        let (code, _, _) = d.finish();
        assert!(code.success(), "{code:?}");
    }
}

/// The dialect the session turns to plays by its own policy, whole, whatever the match
/// played under before (here a CSA server's, which keeps the engine's moves): after `usi`
/// the GUI keeps the game, so a second `go` searches the same position again.
#[test]
fn usi_after_the_xshogi_dialect_plays_by_its_own_policy() {
    let mut d =
        Driver::in_process_after(Protocol::Xshogi, small_engine(), Config::default(), |s| {
            s.play.set_policy(Policy::csa(true));
        });
    d.expect("GNU Shogi");
    d.send("usi");
    let mut d = d.speaking(Protocol::Usi);
    d.expect_line("usiok");
    d.send_all(&["isready", "position startpos", "go depth 1"]);
    d.engine_move();
    d.send("go depth 1");
    let (second, _) = d.engine_move();
    let legal = parse_usi_move(&second).is_some_and(|m| m.to_move(&Position::startpos()).is_ok());
    assert!(legal, "{second} is not a move of the start position");
    d.send("quit");
    let (code, _, _) = d.finish();
    assert!(code.success(), "{code:?}");
}

/// Runs the real program with all of `input`, then end of input.
fn run(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    run_text(args, &std::env::temp_dir(), input)
}

#[test]
fn the_binary_speaks_xshogi_by_default() {
    let (out, _, code) = run(&[], "beep\nbook\nsd 1\ntime 30000\notime 29000\n7g7f\n");
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("GNU Shogi {}", gnushogi::VERSION));
    assert_eq!(lines[1], "time 30000 0");
    assert_eq!(lines[2], "otime 29000 0");
    assert!(lines[3].starts_with("1. 7g7f "), "{out}");
    // End of input stops the search: the move is still played and announced.
    assert!(lines[4].starts_with("1. ... "), "{out}");
    assert_eq!(lines.len(), 5, "{out}");
}

#[test]
fn the_binary_in_raw_mode() {
    let (out, _, code) = run(&["-R"], "force\n7g7f\nP3d\nbd\nsfen\nquit\n");
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with(
            "\n\nBlack 0:00  White 0:00  (time used; 15 s a move)\n\n L N S G K G S N L\n"
        ),
        "{out}"
    );
    assert!(out.contains("\nYour move is? force: on\n"), "{out}");
    assert!(out.contains(" P P P P P P - P P\n - - - - - - P - -\n"), "{out}");
    assert!(
        out.contains("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\n"),
        "{out}"
    );
}

#[test]
fn the_binary_reads_a_whole_script_in_raw_mode() {
    // Lines typed while it thinks are handled after its move, even when input then ends.
    let (out, _, code) = run(&["-R"], "book\nsd 2\n7g7f\nsfen\nhelp\n");
    assert_eq!(code, Some(0));
    let reply = out.find("1. ... ").expect("a reply");
    // `sfen` ran after the reply: Black to move at ply 3.
    let sfen = out.lines().find(|l| l.contains('/') && l.ends_with(" b - 3")).expect("the SFEN");
    assert!(out.find(sfen).unwrap() > reply, "{out}");
    assert!(out.contains("command summary"), "{out}");
}
