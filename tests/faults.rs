//! Faults around the real binary: the input ending at any point, SIGTERM and SIGHUP, SIGINT
//! in CECP mode, a reader of the output that goes away (a broken pipe), and files that cannot
//! be written (a device that is full, a missing directory, a file-size limit that fails the
//! write half-way as a full disk would). The program ends cleanly (status 0, no panic) or
//! reports the error, and a file it could not write keeps its previous contents.

use crate::common::{BIN, Driver, assert_clean, fresh_dir, run};
use std::path::Path;

/// A session in each mode: its arguments and its lines (a search in the middle, short).
const SCRIPTS: &[(&str, &[&str], &str)] = &[
    (
        "cecp",
        &["-T", "4"],
        "xboard\nprotover 2\nnew\nsd 2\npost\nusermove c3c4\nping 1\nusermove zz\nforce\nsetboard \
         4k4/9/9/9/9/9/9/9/4K4[G] w 0 1\nanalyze\nexit\nquit\n",
    ),
    (
        "usi",
        &["--usi", "-T", "4"],
        "usi\nsetoption name USI_Hash value 4\nisready\nusinewgame\nposition startpos moves \
         7g7f\ngo depth 2\nposition sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1\ngo infinite\nstop\nquit\n",
    ),
    (
        "text",
        &["-R", "-T", "4"],
        "depth 2\n7g7f\nbd\nhint\nsetsfen 4k4/9/9/9/9/9/9/9/4K4 b G 1\nforce\n5i5h\nundo\nquit\n",
    ),
    (
        "xshogi",
        &["-T", "4"],
        "depth 2\n7g7f\nforce\n3c3d\nundo\nxboard\nprotover 2\nping 3\nquit\n",
    ),
];

#[test]
fn end_of_input_at_any_point_exits_0() {
    let dir = fresh_dir("eof");
    let mut runs = 0;
    for (name, args, script) in SCRIPTS {
        // Every line end, and the middle of every line.
        let mut cuts = vec![0];
        let mut start = 0;
        for (i, _) in script.match_indices('\n') {
            cuts.push(start + (i - start) / 2);
            cuts.push(i + 1);
            start = i + 1;
        }
        for cut in cuts {
            let input = &script.as_bytes()[..cut];
            let (status, _, err) = run(args, &dir, input);
            assert_clean(status, &err, &format!("{name} cut at {cut}: {:?}", &script[..cut]));
            runs += 1;
        }
    }
    assert!(runs > 60, "{runs}");
}

/// A line of the text mode's thinking: "16.     30    0   401730   7g7f ...".
fn thinking_line(l: &str) -> bool {
    let first = l.split_whitespace().next().unwrap_or("");
    first.len() > 1 && first.ends_with('.') && first[..first.len() - 1].parse::<u32>().is_ok()
}

/// Starts a session and waits until it is busy (or idle): `(mode, args, lines, busy marker)`.
fn sessions(busy: bool) -> Vec<(&'static str, Driver)> {
    let mut v = Vec::new();
    // CECP analysing (its thinking lines), or waiting after a pong.
    let mut p = Driver::start(&["-T", "4"]);
    p.send("xboard\nprotover 2\nnew\nforce\npost");
    if busy {
        p.send("analyze");
        p.until("a thinking line", |l| l.split(' ').take(4).all(|w| w.parse::<i64>().is_ok()));
    } else {
        p.send("ping 1");
        p.until("pong", |l| l == "pong 1");
    }
    v.push(("cecp", p));
    let mut p = Driver::start(&["--usi", "-T", "4"]);
    p.send(if busy { "isready\ngo infinite" } else { "isready" });
    p.until("readyok", |l| l == "readyok");
    if busy {
        p.until("info", |l| l.starts_with("info depth"));
    }
    v.push(("usi", p));
    for (name, args) in [("text", &["-R", "-T", "4"][..]), ("xshogi", &["-T", "4"])] {
        let mut p = Driver::start(args);
        if busy {
            // The computer thinks for an hour on its move (sente's, as it moves first).
            if name == "text" {
                p.send("book\nlevel 1 60\npost\ngo");
                p.until("thinking", thinking_line);
            } else {
                // The X display shows no thinking: the search is seen by the CPU it uses (a
                // tenth of a second; an idle program uses none).
                p.send("book\nlevel 1 60\npost");
                p.until("clocks", |l| l.starts_with("Clocks: "));
                let idle = p.cpu_ticks();
                p.send("go");
                p.until_cpu("search", idle + 10);
            }
        } else {
            p.send("sfen");
            p.until("sfen", |l| l.contains(" b - 1"));
        }
        v.push((name, p));
    }
    v
}

#[test]
fn sigterm_and_sighup_end_every_mode_cleanly() {
    for busy in [false, true] {
        for signal in ["TERM", "HUP"] {
            for (name, p) in sessions(busy) {
                p.signal(signal);
                let (status, _, err) = p.wait();
                assert_clean(status, &err, &format!("{name} SIG{signal}, busy {busy}"));
            }
        }
    }
}

#[test]
fn sigint_is_ignored_in_cecp_mode() {
    for first in ["xboard", "via the X display"] {
        let mut p = Driver::start(&["-T", "4"]);
        if first == "xboard" {
            p.send("xboard\nprotover 2\nping 1");
        } else {
            // The X display, turned to CECP on its way.
            p.send("depth 1\nxboard\nprotover 2\nping 1");
        }
        p.until("pong", |l| l == "pong 1");
        p.signal("INT");
        p.send("ping 2");
        p.until("pong after SIGINT", |l| l == "pong 2");
        // While analysing too.
        p.send("new\nforce\npost\nanalyze");
        p.until("a thinking line", |l| l.split(' ').take(4).all(|w| w.parse::<i64>().is_ok()));
        // A SIGINT not ignored would end it before any later write: the pong shows it lives.
        p.signal("INT");
        p.send("exit\nping 3");
        p.until("pong after SIGINT", |l| l == "pong 3");
        // The signals reached this process: SIGTERM ends it.
        p.signal("TERM");
        let (status, _, err) = p.wait();
        assert_clean(status, &err, first);
    }
}

#[test]
fn a_reader_that_goes_away_ends_the_program_quietly() {
    let dir = fresh_dir("pipe");
    // Nobody reads from the start; the input stays open: the failed write alone ends it.
    // The lines are sent until the program ends: what it writes first may still fit in the
    // pipe (the USI block is written at start, maybe before the read end is closed here,
    // and `usi` is then answered by it), so only a later write is sure to fail.
    for (name, args, lines) in [
        ("cecp", &["-T", "4"][..], "xboard\nprotover 2\n"),
        ("usi", &["--usi", "-T", "4"], "usi\n"),
        ("text", &["-R", "-T", "4"], "bd\nhelp\n"),
        ("xshogi", &["-T", "4"], "bd\n"),
    ] {
        let mut p = Driver::spawn(args, &dir, None, false);
        p.keep_sending(lines.as_bytes());
        let (status, _, err) = p.wait();
        assert_clean(status, &err, name);
        assert!(err.is_empty(), "{name}: {err}");
    }
    // The reader goes away in the middle of a search that prints as it goes. The reader
    // closes the pipe only after one more line, and deeper iterations print ever more
    // rarely: commands that are answered (in the text mode: the move they hurry, then a
    // board) make the program write until a write fails.
    for (name, args, lines, answered) in [
        ("cecp analysing", &["-T", "4"][..], "xboard\nnew\nforce\npost\nanalyze\n", "ping 1\n"),
        ("usi searching", &["--usi", "-T", "4"], "go infinite\n", "isready\n"),
        ("text thinking", &["-R", "-T", "4"], "book\npost\nlevel 1 60\ngo\n", "bd\n"),
    ] {
        let mut p = Driver::spawn(args, &dir, None, true);
        p.send_bytes(lines.as_bytes());
        p.until("a search line", |l| {
            l.starts_with("info depth")
                || thinking_line(l)
                || l.split(' ').take(4).all(|w| w.parse::<i64>().is_ok())
        });
        p.stop_reading();
        p.keep_sending(answered.as_bytes());
        let (status, _, err) = p.wait();
        assert_clean(status, &err, name);
        assert!(err.is_empty(), "{name}: {err}");
    }
}

const PREVIOUS: &str = "previous contents\n";

/// The directory holds only what it held: no temporary file was left behind.
fn assert_only(dir: &Path, names: &[&str]) {
    let mut found: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    assert_eq!(found, names, "in {}", dir.display());
}

#[test]
fn failed_saves_report_and_keep_the_previous_file() {
    for args in [&["-R", "-T", "4"][..], &["-T", "4"]] {
        let dir = fresh_dir("save");
        std::fs::write(dir.join("keep.sav"), PREVIOUS).unwrap();
        let cmds = ["save", "list", "xsave", "bsave"];
        // A full device, a missing directory, a directory: refused at once.
        let mut input = String::from("force\n7g7f\n3c3d\n");
        for path in ["/dev/full", "missing/x.sav", "."] {
            for cmd in cmds {
                input.push_str(&format!("{cmd} {path}\n"));
            }
        }
        input.push_str("quit\n");
        let (status, out, err) = run(args, &dir, input.as_bytes());
        assert_clean(status, &err, "save");
        let errors: Vec<&String> = out.iter().filter(|l| l.contains("Could not write")).collect();
        assert_eq!(errors.len(), 12, "{args:?}: {out:#?}");
        assert!(errors[0].contains("/dev/full: No space left on device"), "{}", errors[0]);
        // A file-size limit of 0: every write to a file fails (EFBIG) after the file is
        // created, as on a full disk. The previous file stays as it was.
        let mut input = String::from("force\n7g7f\n3c3d\n");
        for cmd in cmds {
            input.push_str(&format!("{cmd} keep.sav\n"));
        }
        input.push_str("quit\n");
        let mut p = Driver::spawn(args, &dir, Some("ulimit -f 0"), true);
        p.send_bytes(input.as_bytes());
        let (status, out, err) = p.finish();
        assert_clean(status, &err, "save under ulimit -f 0");
        let errors: Vec<&String> = out.iter().filter(|l| l.contains("Could not write")).collect();
        assert_eq!(errors.len(), 4, "{args:?}: {out:#?}");
        assert!(errors.iter().all(|l| l.contains("keep.sav: File too large")), "{errors:#?}");
        assert_eq!(std::fs::read_to_string(dir.join("keep.sav")).unwrap(), PREVIOUS);
        assert_only(&dir, &["keep.sav"]);
        // And without the limit, it is written.
        let (_, out, _) = run(args, &dir, b"force\n7g7f\nsave keep.sav\nquit\n");
        assert!(out.iter().any(|l| l.contains("Game saved")), "{out:#?}");
        assert_ne!(std::fs::read_to_string(dir.join("keep.sav")).unwrap(), PREVIOUS);
    }
}

#[test]
fn a_book_that_cannot_be_written_is_reported_and_the_previous_one_kept() {
    let dir = fresh_dir("book");
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/book-games.tsv");
    let games = games.to_str().unwrap();
    std::fs::write(dir.join("keep.tbk"), PREVIOUS).unwrap();
    let make = |out: &str, prefix: Option<&str>| {
        let args = ["--make-book", "--from", games, "--book-out", out];
        let p = Driver::spawn(&args, &dir, prefix, true);
        p.finish()
    };
    for (out, prefix, why) in [
        ("/dev/full", None, "No space left on device"),
        ("missing/b.tbk", None, "No such file or directory"),
        (".", None, "directory"),
        ("keep.tbk", Some("ulimit -f 0"), "File too large"),
    ] {
        let (status, _, err) = make(out, prefix);
        assert_eq!(status.code(), Some(2), "{out}: {err}");
        assert!(err.contains(&format!("--make-book: {out}: ")) && err.contains(why), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(std::fs::read_to_string(dir.join("keep.tbk")).unwrap(), PREVIOUS);
        assert_only(&dir, &["keep.tbk"]);
    }
    // The same to standard output on a full device.
    let out = std::fs::File::create("/dev/full").unwrap();
    let status = std::process::Command::new(BIN)
        .args(["--make-book", "--from", games])
        .stdout(out)
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(status.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&status.stderr).contains("No space left on device"));
    // Written when it can be.
    let (status, _, err) = make("keep.tbk", None);
    assert_clean(status, &err, "make-book");
    assert!(std::fs::read_to_string(dir.join("keep.tbk")).unwrap().starts_with("# GNU Shogi"));
}
