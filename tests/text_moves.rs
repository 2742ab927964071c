//! Typed moves the text modes refuse, over the real binary: every refusal is one line that
//! starts with the original's `Illegal move` and says why, `Illegal move (REASON): WORD`;
//! an ambiguous move names the forms that each mean one move.

use crate::common::{Driver, assert_clean};

/// The raw text mode (`-R`), as a person meets it.
fn raw() -> Driver {
    Driver::start(&["-R"])
}

/// Sends `word` and returns the refusal it gets (without the prompt it follows).
fn refusal(p: &mut Driver, word: &str) -> String {
    p.send(word);
    let (_, line) = p.until("a refusal", |l| l.contains("Illegal move"));
    line.trim_start_matches("Your move is? ").to_string()
}

/// The next line, without the prompt it may follow.
fn next_line(p: &mut Driver) -> String {
    let (_, line) = p.until("a line", |l| !l.trim_start_matches("Your move is? ").is_empty());
    line.trim_start_matches("Your move is? ").to_string()
}

/// Checks each `word → reason` in the position of `setsfen` (or the start).
fn refused_with(p: &mut Driver, sfen: Option<&str>, cases: &[(&str, &str)]) {
    if let Some(s) = sfen {
        p.send(&format!("setsfen {s}"));
    }
    for (word, why) in cases {
        assert_eq!(refusal(p, word), format!("Illegal move ({why}): {word}"));
    }
}

/// Quits; the program ends cleanly.
fn quit(mut p: Driver, what: &str) {
    p.send("quit");
    let (status, _, err) = p.wait();
    assert_clean(status, &err, what);
}

/// The SFEN the program reports now: what the refusals must have left alone.
fn sfen_now(p: &mut Driver) -> String {
    p.send("sfen");
    let (_, line) = p.until("the SFEN", |l| l.contains('/'));
    line.trim_start_matches("Your move is? ").to_string()
}

#[test]
fn the_board_says_why_a_move_does_not_fit() {
    let mut p = raw();
    refused_with(
        &mut p,
        None,
        &[
            ("7f7e", "there is no piece on 7f"),
            ("3c3d", "the pawn on 3c is White's, and it is Black's turn"),
            ("G7g7f", "the piece on 7g is a pawn, not a gold"),
            ("8h2b+", "the path of the bishop on 8h is blocked at 7g"),
            ("R2b", "the path of the rook on 2h is blocked at 2g"),
            ("7g2b+", "a pawn cannot move from 7g to 2b"),
            ("N7e", "no knight of yours can move to 7e"),
            ("+R2b", "you have no dragon on the board"),
            ("G35h", "you have no gold on file 3"),
            ("8h7g", "your own pawn is on 7g"),
            ("7g7f+", "no promotion: neither 7g nor 7f is in the promotion zone"),
            ("G5h+", "a gold cannot promote"),
            ("P*5e", "that piece is not in hand"),
        ],
    );
    // A pawn moved on is gone from its square; a pawn onto one's own pawn.
    p.send("force");
    p.send("7g7f");
    p.send("6c6d");
    p.send("6g6f");
    p.send("3c3d");
    refused_with(
        &mut p,
        None,
        &[("7g7f", "there is no piece on 7g"), ("P6f", "your own pawn is on 6f")],
    );
    assert_eq!(
        sfen_now(&mut p),
        "lnsgkgsnl/1r5b1/ppp1pp1pp/3p2p2/9/2PP5/PP2PPPPP/1B5R1/LNSGKGSNL b - 5"
    );
    quit(p, "raw refusals");
}

#[test]
fn the_rules_say_why_a_move_is_illegal() {
    let mut p = raw();
    let sfen = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1";
    refused_with(&mut p, Some(sfen), &[("P*5e", "two pawns on a file (nifu)")]);
    refused_with(
        &mut p,
        Some("4k4/P8/9/9/9/9/9/9/4K4 b N 1"),
        &[
            ("P9a", "the piece must promote there"),
            ("N*1b", "a piece dropped there could never move"),
            ("N*5i", "the square is occupied"),
        ],
    );
    refused_with(
        &mut p,
        Some("7lk/9/7G1/9/9/9/9/9/K8 b P 1"),
        &[("P*1b", "mate by pawn drop (uchifuzume)")],
    );
    // A pinned gold, and a drop that leaves the king in check: the original's words.
    let pinned = "4k4/4r4/9/9/9/9/9/4G4/4K4 b - 1";
    refused_with(&mut p, Some(pinned), &[("G4h", "in check")]);
    let checked = "4k4/4r4/9/9/9/9/9/9/4K4 b G 1";
    refused_with(&mut p, Some(checked), &[("G*1a", "in check"), ("K5h", "in check")]);
    assert_eq!(sfen_now(&mut p), checked);
    quit(p, "raw rules");
}

#[test]
fn an_ambiguous_move_names_moves_that_are_not() {
    let mut p = raw();
    for word in ["G5h", "Gi5h"] {
        assert_eq!(
            refusal(&mut p, word),
            format!("Illegal move (ambiguous, say which: G45h or G65h): {word}")
        );
    }
    // The suggestion is a move.
    p.send("force");
    p.send("G65h");
    let after = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B2G2R1/LNS1KGSNL w - 2";
    assert_eq!(sfen_now(&mut p), after);
    quit(p, "ambiguous");
}

#[test]
fn on_the_computers_turn_it_says_so() {
    let mut p = raw();
    let white = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    p.send(&format!("setsfen {white}"));
    // A move of either side: the turn is what is wrong.
    for word in ["7g7f", "3c3d"] {
        assert_eq!(
            refusal(&mut p, word),
            format!("Illegal move (it is White's turn, and the computer plays White): {word}")
        );
        assert_eq!(next_line(&mut p), "(type go to let it move, or force to move for both sides)");
    }
    // Not a move at all is still the original's answer.
    assert_eq!(refusal(&mut p, "hlep"), "Illegal move (no match): hlep");
    assert_eq!(next_line(&mut p), "(not a move, and not a command either: help lists them)");
    assert_eq!(sfen_now(&mut p), white);
    quit(p, "turn");
}

#[test]
fn xshogi_gets_one_line_that_starts_as_the_original() {
    // The default dialect: no prompt, no second line, the same reasons.
    let mut p = Driver::start(&[]);
    p.until("the banner", |l| l.starts_with("GNU Shogi "));
    let cases = [
        ("8h2b+", "the path of the bishop on 8h is blocked at 7g"),
        ("G5h", "ambiguous, say which: G45h or G65h"),
        ("hlep", "no match"),
    ];
    for (word, why) in cases {
        p.send(word);
        let (before, line) = p.until("a refusal", |l| l.starts_with("Illegal move"));
        assert!(before.is_empty(), "{before:#?}");
        assert_eq!(line, format!("Illegal move ({why}): {word}"));
    }
    // White to move: a Black move hears whose turn it is.
    p.send("setsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    p.send("7g7f");
    let (_, line) = p.until("a refusal", |l| l.starts_with("Illegal move"));
    assert_eq!(line, "Illegal move (the pawn on 7g is Black's, and it is White's turn): 7g7f");
    p.send("G5h");
    let (before, line) = p.until("a refusal", |l| l.starts_with("Illegal move"));
    assert!(before.is_empty(), "one line a refusal: {before:#?}");
    assert_eq!(line, "Illegal move (no gold of yours can move to 5h): G5h");
    quit(p, "xshogi");
}

/// A move is the whole word: letters around or inside it make it no move at all (as the
/// original's `Illegal move (no match)`), and the board stays as it was.
#[test]
fn a_word_with_more_than_a_move_is_no_move() {
    let mut p = raw();
    let start = sfen_now(&mut p);
    let long = format!("7g7f{}", "x".repeat(5000));
    for word in ["x7xgx7xfx", "7g7fxxxxxxxxxx", long.as_str(), "7g7f-", "x7g7f"] {
        assert_eq!(refusal(&mut p, word), format!("Illegal move (no match): {word}"));
    }
    assert_eq!(sfen_now(&mut p), start);
    // The book's separator between origin and destination still reads.
    p.send("force");
    p.send("P7g-7f");
    assert_ne!(sfen_now(&mut p), start);
    quit(p, "after words that are no moves");
}
