//! The text modes as a person meets them, over the real binary: settings confirm in one form
//! and refuse bad values in one form, file messages say where, a question never swallows a
//! command, echoed input shows control characters escaped, `undo` says that the sides
//! changed, `showboard` draws the board after each move, and the full screen's menu refuses
//! what is not a level.

use crate::common::tmux::Tmux;
use crate::common::{BIN, Driver, assert_clean, fresh_dir, run};
use std::path::Path;

/// The text mode in `dir`: a small table, reproducible, the book off and a shallow search.
fn text_mode(dir: &Path) -> Driver {
    let mut p = Driver::spawn(&["-R", "-T", "4", "--seed", "1"], dir, None, true);
    p.send("book");
    p.until("book off", |l| l.ends_with("book: off"));
    p.send("sd 2");
    p.until("depth 2", |l| l.ends_with("depth: 2"));
    p
}

/// Sends `line`; returns the output line that contains `what`.
fn said(p: &mut Driver, line: &str, what: &str) -> String {
    p.send(line);
    p.until(what, |l| l.contains(what)).1
}

/// Sends each line and checks the whole answer to it.
fn answers(p: &mut Driver, cases: &[(&str, &str)]) {
    for &(line, answer) in cases {
        let got = said(p, line, answer);
        assert_eq!(reply(&got), answer, "{line}");
    }
}

/// Closes the input; the program ends cleanly.
fn done(p: Driver, what: &str) {
    let (status, _, err) = p.finish();
    assert_clean(status, &err, what);
}

/// The text after the prompt(s) at the start of an output line.
fn reply(line: &str) -> &str {
    let line = line.rsplit("Your move is? ").next().unwrap_or(line);
    line.rsplit("Your command? ").next().unwrap_or(line)
}

#[test]
fn every_setting_confirms_in_one_form() {
    let mut p = text_mode(&std::env::temp_dir());
    answers(
        &mut p,
        &[
            ("sd 3", "depth: 3"),
            ("depth 0", "depth: 64"),
            ("post", "post: on"),
            ("nopost", "post: off"),
            ("white", "white: you play White, the computer Black"),
            ("black", "black: you play Black, the computer White"),
            ("contempt 20", "contempt: 20"),
            ("hard", "easy: off"),
            ("beep", "beep: off"),
            ("gamein", "gamein: on"),
            ("hash", "hash: off"),
            ("book", "book: on"),
            ("force", "force: on"),
            ("force", "force: off"),
            // Under gamein the period's time is the whole game's.
            ("level 1 0:01", "level: 1 s for the whole game (gamein)"),
            ("level 40 5", "level: 5:00 min for the whole game (gamein)"),
            // Turned off, tsume no longer describes itself as on.
            ("tsume", "tsume: on"),
            ("tsume", "tsume: off"),
            // The settings that change nothing here say so in the same form.
            ("xwndw 50", "xwndw: 50 (no effect: this search sets its own windows)"),
        ],
    );
    let got = said(&mut p, "help", "Contempt: ");
    assert!(got.starts_with("Contempt: 20 "), "{got}");
    done(p, "settings");
}

#[test]
fn bad_values_are_refused_in_one_form_and_change_nothing() {
    let mut p = text_mode(&std::env::temp_dir());
    said(&mut p, "contempt 30", "contempt: 30");
    answers(
        &mut p,
        &[
            (
                "contempt 2000",
                "contempt: '2000' is not a number from -1000 to 1000; nothing changed",
            ),
            ("contempt abc", "contempt: 'abc' is not a number from -1000 to 1000; nothing changed"),
            ("sd 65", "depth: '65' is not a number from 0 to 64 (0: the deepest); nothing changed"),
            ("sd x", "depth: 'x' is not a number from 0 to 64 (0: the deepest); nothing changed"),
            ("xwndw -5", "xwndw: '-5' is not a number from 0 to 1000; nothing changed"),
            ("Awindow 5 z", "Awindow: 'z' is not a number from 0 to 1000; nothing changed"),
        ],
    );
    // Asked for, the answer is refused the same way.
    p.send("contempt");
    let got = said(&mut p, "-1001", "nothing changed");
    assert!(
        got.ends_with(
            "contempt = contempt: '-1001' is not a number from -1000 to 1000; nothing changed"
        ),
        "{got}"
    );
    let got = said(&mut p, "help", "Contempt: ");
    assert!(got.starts_with("Contempt: 30 "), "{got}");
    let got = said(&mut p, "help", "Depth: ");
    assert!(got.starts_with("Depth:    2 "), "{got}");
    done(p, "bad values");
}

#[test]
fn files_say_where_and_a_question_never_swallows_a_command() {
    let dir = fresh_dir("messages-files");
    let mut p = text_mode(&dir);
    said(&mut p, "force", "force: on");
    said(&mut p, "7g7f", "Your move is? ");
    // No name: the default file, named.
    p.send("save");
    let got = said(&mut p, "", "Game saved");
    assert!(got.ends_with("Enter file name (empty: shogi.000): Game saved to shogi.000"), "{got}");
    assert!(dir.join("shogi.000").is_file());
    p.send("xsave");
    let got = said(&mut p, "", "Position saved");
    assert!(
        got.ends_with("(empty: xshogi.position.read): Position saved to xshogi.position.read"),
        "{got}"
    );
    // A missing file is named, in words.
    let got = said(&mut p, "get nothere", "Could not read");
    assert_eq!(
        reply(&got),
        "Could not read nothere: no such file or directory; the game is unchanged"
    );
    // bsave asks clearly; a command typed instead of a name is done, not made a file.
    p.send("bsave");
    let got = said(&mut p, "sfen", "is a command");
    assert!(
        got.ends_with("Enter book file name (empty: cancel): bsave cancelled: 'sfen' is a command"),
        "{got}"
    );
    p.until("the position", |l| l.starts_with("lnsgkgsnl/"));
    assert!(!dir.join("sfen").exists());
    p.send("bsave");
    let got = said(&mut p, "", "nothing written");
    assert!(got.ends_with("bsave: no file name given; nothing written"), "{got}");
    // The same at a question for a number.
    p.send("depth");
    let got = said(&mut p, "quit", "is a command");
    assert!(got.ends_with("depth = depth cancelled: 'quit' is a command"), "{got}");
    let (status, _, err) = p.wait();
    assert_clean(status, &err, "files");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn control_characters_in_echoed_input_are_escaped() {
    let mut p = text_mode(&std::env::temp_dir());
    // The Up key's bytes, then a bell and a C1 control inside a word.
    p.send_bytes(b"\x1b[A\n");
    let got = p.until("the refusal", |l| l.contains("Illegal move")).1;
    assert!(got.ends_with("Illegal move (no match): \\x1b[A"), "{got:?}");
    p.send_bytes("x\x07y\u{9b}z\n".as_bytes());
    let got = p.until("the refusal", |l| l.contains("Illegal move")).1;
    assert!(got.ends_with("Illegal move (no match): x\\x07y\\u{9b}z"), "{got:?}");
    // Bytes that are no text at all (issue 38, item 11): each shown as its value.
    p.send_bytes(b"\x00\x01\xff\xfe\n");
    let got = p.until("the refusal", |l| l.contains("Illegal move")).1;
    assert!(got.ends_with("Illegal move (no match): \\x00\\x01\\xff\\xfe"), "{got:?}");
    let got = said(&mut p, "contempt \x1b[B", "nothing changed");
    assert!(got.contains("contempt: '\\x1b[B' is not a number"), "{got:?}");
    // No raw escape anywhere in the output: the terminal is never driven by what was typed.
    let mut all = p.seen.clone();
    let (status, rest, err) = p.finish();
    assert_clean(status, &err, "control characters");
    all.extend(rest);
    assert!(all.iter().all(|l| !l.contains('\x1b') && !l.contains('\u{9b}')), "{all:#?}");
    assert!(all.iter().all(|l| !l.contains('\u{fffd}') && !l.contains('\0')), "{all:#?}");
}

#[test]
fn a_mate_in_one_is_one_ply() {
    let mut p = text_mode(&std::env::temp_dir());
    said(&mut p, "tsume", "tsume: on");
    said(&mut p, "setsfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "Your move is? ");
    let got = said(&mut p, "go", "Mate in");
    assert_eq!(reply(&got), "Mate in 1 (1 ply): G*5b");
    let (_, japanese) = p.until("the line in Japanese notation", |l| l.contains('▲'));
    assert_eq!(japanese.trim(), "▲５二金打");
    done(p, "mate in one");
}

#[test]
fn undo_says_the_computer_now_plays_that_side() {
    let mut p = text_mode(&std::env::temp_dir());
    p.send("7g7f");
    p.until("the computer's move", |l| l.starts_with("My move is:"));
    let got = said(&mut p, "undo", "The computer now plays");
    assert_eq!(reply(&got), "The computer now plays Black: undo swaps the sides.");
    let (_, next) = p.until("the second line", |l| l.starts_with("(remove"));
    assert_eq!(
        next,
        "(remove takes back a whole move, yours and the computer's, and keeps the sides)"
    );
    assert!(next.len() < 80);
    let got = said(&mut p, "help", "Computer: ");
    assert!(got.starts_with("Computer: Black"), "{got}");
    // In force mode the computer plays no side: nothing to say.
    said(&mut p, "force", "force: on");
    said(&mut p, "3c3d", "Your move is? ");
    p.send("undo");
    p.send("sfen");
    let (before, _) = p.until("the position", |l| l.contains('/'));
    assert!(before.iter().all(|l| !l.contains("computer now plays")), "{before:#?}");
    done(p, "undo");
}

#[test]
fn showboard_draws_the_board_after_each_move_with_the_move_marked() {
    let mut p = text_mode(&std::env::temp_dir());
    // Off at the start, as the original: a move draws no board.
    said(&mut p, "force", "force: on");
    p.send("7g7f");
    p.send("sfen");
    let (before, _) = p.until("the position", |l| l.contains('/'));
    assert!(before.iter().all(|l| !l.ends_with(" <")), "{before:#?}");
    said(&mut p, "undo", "Your move is? ");
    said(&mut p, "showboard", "showboard: on");
    p.send("7g7f");
    p.until("the mark above the file", |l| l == "     v");
    let (board, _) = p.until("the hands", |l| l == "black");
    assert_eq!(
        board,
        [
            " L N S G K G S N L",
            " - R - - - - - B -",
            " P P P P P P P P P",
            " - - - - - - - - -",
            " - - - - - - - - -",
            " - - p - - - - - - <",
            " p p - p p p p p p",
            " - b - - - - - r -",
            " l n s g k g s n l",
            "",
        ]
    );
    // The computer's moves are drawn too, after its move line.
    said(&mut p, "force", "force: off");
    p.send("go");
    p.until("the computer's move", |l| l.contains("1. ... "));
    let (board, _) = p.until("the hands", |l| l == "black");
    assert_eq!(board.iter().filter(|l| l.ends_with(" <")).count(), 1, "{board:#?}");
    assert_eq!(board.iter().filter(|l| l.trim() == "v").count(), 1, "{board:#?}");
    said(&mut p, "showboard", "showboard: off");
    done(p, "showboard");
}

#[test]
fn the_xshogi_dialect_stays_quiet_about_settings() {
    let (status, lines, err) = run(
        &["-T", "4", "--seed", "1"],
        &std::env::temp_dir(),
        b"sd 2\npost\nbook\nshowboard\ntsume\ntsume\ncontempt 5\nwhite\nblack\n7g7f\n",
    );
    assert_clean(status, &err, "xshogi");
    assert_eq!(lines.len(), 3, "{lines:#?}");
    assert!(lines[1].starts_with("1. 7g7f "), "{lines:#?}");
    assert!(lines[2].starts_with("1. ... "), "{lines:#?}");
}

#[test]
fn second_trial_small_edges() {
    // Issue 38's second whole trial, piped -R: each line a thing a player minded.
    let dir = fresh_dir("text-trial2");
    let mut p = text_mode(&dir);
    answers(
        &mut p,
        &[
            ("time", "time: give a time in centiseconds, e.g. time 6000"),
            ("otime", "otime: give a time in centiseconds, e.g. otime 6000"),
            ("otime x", "otime: 'x' is not a time in centiseconds"),
        ],
    );
    p.send_all(&["force", "setsfen 8k/9/9/9/9/9/9/r8/K1g6 b - 1"]);
    answers(&mut p, &[("moves", "1 legal move for Black:")]);
    p.send_all(&["new", "force", "7g7f", "3c3d"]);
    answers(&mut p, &[("bsave book.tbk", "Game added to the book book.tbk")]);
    let book = std::fs::read_to_string(dir.join("book.tbk")).expect("bsave wrote the book");
    assert!(book.contains("P7g-7f P3c-3d"), "{book}");
    // After the end, `hint` says why it has nothing (it said "I have no idea.").
    p.send_all(&["force", "setsfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1"]);
    said(&mut p, "G*5b", "Game over");
    let over = "hint: the game is over; type new to play again, or undo/remove to take back.";
    answers(&mut p, &[("hint", over), ("hint 3", over)]);
    p.send("undo");
    said(&mut p, "hint", "Hint: ");
    done(p, "second trial");
}

// ----- the full screen's menu, under a real terminal (tmux) ---------------------------

#[test]
fn the_menu_refuses_what_is_not_a_level_and_offers_quick_games() {
    let Some(t) = Tmux::start("gnushogi-menu") else { return };
    t.send(&[&format!("{} -C -T 4 --seed 1; echo EXIT:$?", BIN), "Enter"]);
    let s = t.wait("Enter Level:");
    assert!(s.contains("11.   10 seconds a move"), "{s}");
    assert!(s.contains("13.  all moves in   5 minutes"), "{s}");
    t.send(&["11", "1", "Enter"]);
    t.wait("There is no level 111: choose 1 to 14.");
    // Letters used to be dropped, and Enter then started level 1.
    t.send(&["abc", "Enter"]);
    let s = t.wait("'abc' is not a level: choose 1 to 14.");
    assert!(s.contains("Enter Level:"), "{s}");
    // A newcomer's first word: it used to read "There is no level help".
    t.send(&["help", "Enter"]);
    t.wait("'help' is not a level: choose 1 to 14.");
    t.even_game_at_full_strength("11");
    t.wait("Level: 10 s a move");
    t.send(&["quit", "Enter"]);
    t.wait("EXIT:0");
}

#[test]
fn hint_n_shows_the_best_moves_with_scores() {
    let mut p = text_mode(&std::env::temp_dir());
    p.send("7g7f");
    let (_, answer) = p.until("the computer's reply", |l| l.contains("1. ... "));
    let played = answer.split("1. ... ").nth(1).and_then(|r| r.split_whitespace().next());
    let played = played.expect("the reply's move").to_string();
    let head = said(&mut p, "hint 4", "Best 4 of ");
    assert!(reply(&head).ends_with("scores for Black:"), "{head}");
    // Four numbered lines, four different legal first moves, scores best first.
    let mut pos = gnushogi::rules::Position::startpos();
    let mut firsts = Vec::new();
    let mut scores = Vec::new();
    for k in 1..=4 {
        let (_, line) =
            p.until("a numbered move", |l| l.trim_start().starts_with(&format!("{k}. ")));
        let words: Vec<&str> = line.split_whitespace().collect();
        firsts.push(words[1].to_string());
        scores.push(words[2].parse::<i32>().unwrap_or_else(|_| panic!("a score: {line}")));
    }
    for m in ["7g7f", played.as_str()] {
        let mv = gnushogi::notation::parse_usi_move(m).unwrap().to_move(&pos).unwrap();
        pos = pos.played(mv);
    }
    for m in &firsts {
        let shape = gnushogi::notation::parse_usi_move(m).unwrap_or_else(|| panic!("{m}"));
        assert!(shape.to_move(&pos).is_ok(), "{m} is not legal here");
    }
    let mut distinct = firsts.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "{firsts:?}");
    // The first line is `hint`'s move (issue 38: it was a shallower search's); the others
    // are the best of the rest, best first.
    assert!(scores[1..].windows(2).all(|s| s[0] >= s[1]), "{scores:?}");
    let hint = said(&mut p, "hint", "Hint: ");
    assert_eq!(reply(&hint).trim_start_matches("Hint: "), firsts[0], "{hint}");
    answers(
        &mut p,
        &[(
            "hint 0",
            "hint: '0' is not a number from 1 to 100 (the best moves to show); nothing changed",
        )],
    );
    done(p, "hint N");
}

/// Reads `hint N`'s numbered lines after its head: each first move and its score.
fn hint_lines(p: &mut Driver, n: usize) -> Vec<(String, gnushogi::notation::Score)> {
    let head = said(p, &format!("hint {n}"), "Best ");
    let shown: usize = reply(&head)["Best ".len()..].split(' ').next().unwrap().parse().unwrap();
    let legal: usize =
        head.split(" of ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert_eq!(shown, n.min(legal), "{head}");
    (1..=shown)
        .map(|k| {
            let prefix = format!("{k}. ");
            let (_, line) = p.until("a numbered move", |l| l.trim_start().starts_with(&prefix));
            let rest = line.trim_start()[prefix.len()..].trim_start();
            let (first, rest) = rest.split_once(' ').unwrap_or_else(|| panic!("{line}"));
            let (_, score) = gnushogi::notation::score::words(rest.trim_start())
                .unwrap_or_else(|_| panic!("a score: {line}"));
            (first.to_string(), score)
        })
        .collect()
}

/// Issue 38: `hint N`'s lines come from one search, best first, and `hint`'s move is its first
/// line (the first line was a search of its own: `hint 99` listed `9g9f +22` above `2g2f +71`).
/// In the opening book `hint` gives the book's move, and `hint N` names it under the lines.
#[test]
fn hint_n_is_one_search_best_first_and_hint_is_its_first_line() {
    let mut p = text_mode(&std::env::temp_dir());
    let positions = [
        "startpos",
        "sfen ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2P1P1P1P/PPSP1P1P1/2G2S1R1/LN2KG1NL b Bb 1",
        "sfen l6nl/1r1g1kg2/p1np1sp1p/2ps1pP2/1p2p4/2PP5/PPS1PP2P/1KG1G2R1/LN5NL b BSPbp 1",
        // Taking the rook lets White mate by G*7h, K9h, G*8h: never the hint.
        "sfen 8k/9/4r4/9/4R4/9/PPp6/1K7/LN7 b 2g 1",
    ];
    for position in positions {
        p.send("force");
        let setup = match position.strip_prefix("sfen ") {
            Some(sfen) => format!("setsfen {sfen}"),
            None => "new".to_string(),
        };
        p.send(&setup);
        let lines = hint_lines(&mut p, 6);
        let values: Vec<i64> = lines.iter().map(|(_, s)| s.comparable()).collect();
        assert!(values.windows(2).all(|v| v[0] >= v[1]), "{position}: {lines:?}");
        let hint = said(&mut p, "hint", "Hint: ");
        assert_eq!(reply(&hint).trim_start_matches("Hint: "), lines[0].0, "{position}");
        // A wider list, up to the search's width, is the same search.
        assert_eq!(hint_lines(&mut p, 10)[..6], lines[..], "{position}");
    }
    let (_, refuted) = hint_lines(&mut p, 30)
        .into_iter()
        .find(|(m, _)| m == "5e5c+")
        .expect("taking the rook is listed");
    assert_eq!(refuted.mate_moves().map(i32::is_negative), Some(true), "{refuted:?}");
    done(p, "hint N best first");

    // In the book: `hint` is the book's most played move, named under `hint N`'s lines.
    let mut p = Driver::spawn(&["-R", "-T", "4", "--seed", "1"], &std::env::temp_dir(), None, true);
    let book = said(&mut p, "hint", "Hint: ");
    let book = reply(&book).trim_start_matches("Hint: ").to_string();
    let lines = hint_lines(&mut p, 30);
    let values: Vec<i64> = lines.iter().map(|(_, s)| s.comparable()).collect();
    assert!(values.windows(2).all(|v| v[0] >= v[1]), "{lines:?}");
    let at = lines.iter().position(|(m, _)| *m == book).expect("every move is listed") + 1;
    let (_, named) = p.until("the book's move", |l| l.contains("Book: "));
    assert_eq!(
        reply(&named),
        format!("Book: {book} (line {at}), the opening book's most played move, is the hint.")
    );
    done(p, "hint N in the book");
}

#[test]
fn enteringking_sets_the_rule_and_the_computer_declares_by_it() {
    let mut p = text_mode(&std::env::temp_dir());
    answers(
        &mut p,
        &[
            ("enteringking", "enteringking: 27 (one of none, 24, 24h, 27, 27h, try)"),
            ("enteringking try", "enteringking: try"),
            ("enteringking CSARule24", "enteringking: 24"),
            (
                "enteringking 25",
                "enteringking: '25' is not a rule; one of none, 24, 24h, 27, 27h, try; nothing changed",
            ),
            ("enteringking", "enteringking: 24 (one of none, 24, 24h, 27, 27h, try)"),
            ("enteringking 27", "enteringking: 27"),
        ],
    );
    // Black's king has entered with 28 points: asked to move, the computer declares.
    p.send("setsfen RRBB1GGGG/SS2K4/9/9/9/9/9/9/4k4 b 2P 1");
    p.send("go");
    let got = said(&mut p, "", "declares an entering-king win");
    assert!(got.contains("Black declares an entering-king win"), "{got}");
    done(p, "enteringking");
}

#[test]
fn resignvalue_makes_the_computer_resign_a_lost_game() {
    let mut p = text_mode(&std::env::temp_dir());
    // White has its king alone against a rook, a bishop, golds and silvers in Black's hand.
    p.send("setsfen 4k4/9/9/9/9/9/9/9/4K4 w RB2G2S2P 1");
    p.send("go");
    // By default the computer never resigns: two searches that see the game lost, two moves.
    for reply in ["P*5e", "P*1e"] {
        let (before, mv) = p.until("the computer's move", |l| l.contains("My move is:"));
        assert!(before.iter().all(|l| !l.contains("resign")), "{before:?}");
        assert!(!mv.contains("resign"), "{mv}");
        p.send(reply);
    }
    p.until("the computer's move", |l| l.contains("My move is:"));
    answers(
        &mut p,
        &[
            (
                "resignvalue 50",
                "resignvalue: '50' is not a number from 100 to 99999 (99999: never); nothing \
                 changed",
            ),
            ("resignvalue 500", "resignvalue: 500"),
        ],
    );
    // The run starts with the value: one more move, then the second lost search resigns.
    p.send("S*9e");
    let (before, mv) = p.until("the computer's move", |l| l.contains("My move is:"));
    assert!(before.iter().chain([&mv]).all(|l| !l.contains("resign")), "{before:?}");
    p.send("G*9c");
    let (before, got) = p.until("the resignation", |l| l.contains("resigns"));
    assert!(got.contains("White resigns"), "{got}");
    assert!(before.iter().all(|l| !l.contains("My move is:")), "{before:?}");
    // The game is over: a move is refused as after any game end.
    let got = said(&mut p, "S*9f", "The game is over");
    assert!(got.contains("The game is over (White resigns)"), "{got}");
    done(p, "resignvalue");
}

/// The smaller edges of issue 38 (item 12), each a line.
#[test]
fn small_edges_read_right() {
    let dir = fresh_dir("small-edges");
    let mut p = text_mode(&dir);
    answers(
        &mut p,
        &[
            ("list", "list: there are no moves to list yet; nothing written"),
            (
                "level 0 0",
                "level: 0 moves in no time: level 0 MINUTES[:SECONDS] is a fixed time a move, \
                 which must not be zero; nothing changed",
            ),
            ("gamein", "gamein: on"),
            ("level 60 5", "level: 5:00 min for the whole game (gamein)"),
            ("gamein", "gamein: off"),
            ("level 60 5", "level: 60 moves in 5:00 min"),
        ],
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "list wrote a file");
    // A mate, its analysis (the mated position is no mate in 0), and the game read back.
    p.send_all(&["force", "setsfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1"]);
    said(&mut p, "G*5b", "Game over");
    let line = said(&mut p, "analyse 1", "1. G*5b");
    // The move is judged by its own search from the position before it: it keeps the mate in
    // one, and no "mate in 0" is shown.
    assert!(line.contains("+M1 ->    +M1  loss  0.0"), "{line}");
    assert!(!line.contains("M0"), "{line}");
    said(&mut p, "save mated.sav", "Game saved to mated.sav");
    said(&mut p, "get mated.sav", "Game read from mated.sav");
    let (_, over) = p.until("the end", |l| l.contains("Game over"));
    assert_eq!(reply(&over), "Game over: Black wins by checkmate.");
    let (_, next) = p.until("what to do next", |l| l.contains("Type new"));
    assert_eq!(reply(&next), "Type new to play again, or undo/remove to take back.");
    done(p, "small edges");
}

/// `help`: columns that never run together, and the settings block says the strength and
/// the kind of game (issue 38, item 10).
#[test]
fn help_keeps_its_columns_and_says_strength_and_game() {
    let mut p = text_mode(&std::env::temp_dir());
    p.send("help");
    let (summary, _) = p.until("the status", |l| l.starts_with("Contempt: "));
    let row = summary.iter().find(|l| l.contains("enteringking")).expect("the row");
    assert!(row.contains("enteringking entering-king rule "), "{row}");
    assert!(row.contains(" resignvalue resign when lost by"), "{row}");
    let (_, strength) = p.until("the strength", |l| l.starts_with("Strength: "));
    assert_eq!(strength, format!("Strength: {:<12} Game:                even", "20 (full)"));
    p.send_all(&["strength 5", "handicap six-piece", "help"]);
    let (_, strength) = p.until("the strength", |l| l.starts_with("Strength: "));
    assert_eq!(strength, format!("Strength: {:<12} Game:                six-piece handicap", 5));
    done(p, "help");
}
