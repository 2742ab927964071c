//! The command line of the real binary: options, positional time controls, errors and exit
//! statuses.

mod args;

use crate::common::{fresh_dir, run_text};

fn run(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    run_text(args, &std::env::temp_dir(), input)
}

#[test]
fn versions() {
    let (out, err, code) = run(&["-v"], "");
    assert_eq!((out.as_str(), code), ("", Some(1)));
    assert_eq!(err, format!("gnushogi version {}\n", gnushogi::VERSION));
    let (out, _, code) = run(&["--version"], "");
    assert_eq!(code, Some(0));
    assert_eq!(out, format!("gnushogi version {}\n", gnushogi::VERSION));
}

#[test]
fn help_tells_the_options() {
    let (out, _, code) = run(&["--help"], "");
    assert_eq!(code, Some(0));
    for needle in [
        "-T <MIB>",
        "MiB",
        "-R",
        "-X",
        "-l <PATHNAME>",
        "-s <PATHNAME>",
        "+a",
        "Exit status",
        "gnushogi 30 5 1 :30",
        "--perft",
    ] {
        assert!(out.contains(needle), "{needle} missing from:\n{out}");
    }
}

#[test]
fn bad_options_and_arguments_say_which_and_why() {
    for (args, needle) in [
        (&["-Q"][..], "-Q"),
        (&["-T", "big"], "big"),
        (&["-T", "0"], "-T: hash size must be"),
        (&["-r", "9"], "9"),
        (&["40", "5", "10"], "pairs"),
        (&["0", "5"], "0 moves"),
        (&["40", "0"], "no time"),
        (&["1", "1", "1", "1", "1", "1", "1", "1", "1", "1"], "at most 4"),
        (&["abc"], "'abc' is not a time"),
        (&["-R", "--sfen", "nonsense"], "--sfen"),
        (&["-R", "--kanji"], "--kanji: only the full-screen display (-C)"),
    ] {
        let (_, err, code) = run(args, "quit\n");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// Two modes at once are refused, naming both, before anything runs: `--bench --csa HOST`
/// once ran the bench and said nothing of the server.
#[test]
fn two_modes_at_once_are_refused() {
    for (args, first, second) in [
        (&["--bench", "--csa", "localhost"][..], "--bench", "--csa"),
        (&["--perft", "2", "--mate"], "--perft", "--mate"),
        (&["--usi", "-C"], "--usi", "-C"),
        (&["-R", "-C"], "-R", "-C"),
        (&["--csa-config", "x.toml", "--bench"], "--csa-config", "--bench"),
        (&["--make-book", "--analyse", "game.kif"], "--make-book", "--analyse"),
        (&["--perft", "3", "--analyse", "f"], "--perft", "--analyse"),
        // -X (the default display) is a mode too, as are the hash-file options.
        (&["-X", "-R"], "-X", "-R"),
        (&["-X", "--bench"], "-X", "--bench"),
        (&["--csa-config", "x.toml", "-X"], "--csa-config", "-X"),
        (&["-c", "--bench"], "-c", "--bench"),
        (&["-t", "--perft", "1"], "-t", "--perft"),
    ] {
        let (out, err, code) = run(args, "quit\n");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(out, "", "{args:?}");
        assert!(err.contains(first) && err.contains(second), "{args:?}: {err}");
    }
}

#[test]
fn hash_file_options_say_there_is_none() {
    for args in [&["-c", "10"][..], &["-c"], &["-t"]] {
        let (out, _, code) = run(args, "");
        assert_eq!(code, Some(0));
        assert!(out.contains("keeps no hash file"), "{out}");
    }
}

fn help_status(args: &[&str]) -> String {
    let mut all = vec!["-R"];
    all.extend_from_slice(args);
    let (out, err, code) = run(&all, "help\nquit\n");
    assert_eq!(code, Some(0), "{err}");
    out
}

#[test]
fn positional_time_controls_reach_the_game() {
    assert!(help_status(&[]).contains("Response time:       15 sec"));
    assert!(help_status(&["30"]).contains("Response time:       30 sec"));
    assert!(help_status(&["5:00"]).contains("Response time:       300 sec"));
    assert!(help_status(&["40", "5"]).contains("Time Control ON 40 moves 300 sec 0 add 39 depth"));
    let out = help_status(&["30", "5", "1", ":30"]);
    assert!(out.contains("(30 moves in 5:00 min, then 1 move in 30 s)"), "{out}");
    let out = help_status(&["30", "3:30"]);
    assert!(out.contains("Black 3:30  White 3:30"), "{out}");
    // The X display's default is 40 moves in 5 minutes.
    let (out, _, _) = run(&[], "level\n40 5\nquit\n");
    assert!(out.contains("Clocks: 300000 300000"), "{out}");
}

#[test]
fn original_switches_are_accepted() {
    let out =
        help_status(&["+a", "-h", "-x", "50", "-r", "3", "-L", "en", "-S", "8000", "-P", "30"]);
    assert!(out.contains("Easy mode:           OFF"), "+a ponders: {out}");
    assert!(out.contains("Hash table:          OFF"), "-h: {out}");
    assert!(out.contains("xwndw:               50"), "-x: {out}");
    assert!(help_status(&["-a", "+h"]).contains("Easy mode:           ON"));
    assert!(help_status(&["+R"]).contains("Computer: White"));
    // -C without a terminal (the input is a pipe here): the text mode, and a note saying so.
    let (out, err, code) = run(&["-C"], "quit\n");
    assert_eq!(code, Some(0));
    assert!(err.contains("-C needs a terminal"), "{err}");
    assert!(out.contains("Your move is? "), "{out}");
    let (_, err, code) = run(&["-R", "-L", "klingon"], "quit\n");
    assert_eq!(code, Some(0));
    assert!(err.contains("only English"), "{err}");
}

#[test]
fn save_and_load_files_from_the_command_line() {
    let dir = fresh_dir("cli");
    let file = dir.join("g.sav");
    let f = file.to_str().unwrap();
    let (out, _, code) = run(&["-R", "-s", f], "force\n7g7f\nsave\nquit\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("Game saved"), "{out}");
    assert!(!out.contains("Enter file name"), "{out}");
    let (out, _, _) = run(&["-R", "-l", f], "get\nsfen\nquit\n");
    assert!(
        out.contains("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn end_of_input_quits_cleanly() {
    let (_, _, code) = run(&["-R"], "");
    assert_eq!(code, Some(0));
    let (out, _, code) = run(&[], "");
    assert_eq!(code, Some(0));
    assert_eq!(out, format!("GNU Shogi {}\n", gnushogi::VERSION));
}

#[test]
fn a_move_limit_draws_the_game() {
    let (out, _, status) = run(&["-R", "--move-limit", "2"], "force\n7g7f\n3c3d\nquit\n");
    assert!(out.contains("Game over: drawn, move limit reached.\n"), "{out}");
    assert_eq!(status, Some(0));
    let (_, err, status) = run(&["-R", "--move-limit", "0"], "");
    assert!(err.contains("--move-limit"), "{err}");
    assert_eq!(status, Some(2));
}

/// A mistyped option gets a tip only when the tip is near it (issue 38: `--foo` got
/// `--from`); a file that is no record is said to be none, not a record of no moves.
#[test]
fn tips_only_near_and_no_record_is_named_so() {
    let (_, err, code) = run(&["--foo"], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("unexpected argument '--foo' found") && !err.contains("--from"), "{err}");
    let (_, err, code) = run(&["--sead", "3"], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("a similar argument exists: '--seed'"), "{err}");
    let dir = fresh_dir("cli-not-a-record");
    std::fs::write(dir.join("s.sh"), "#!/bin/sh\necho hello\n").unwrap();
    let (_, err, code) = run_text(&["--analyse", "s.sh"], &dir, "");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("s.sh: not a game record"), "{err}");
}
