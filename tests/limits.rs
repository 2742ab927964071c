//! Hostile input to the real binary, in each protocol (CECP, USI, the text mode and the X
//! display): lines of megabytes, thousands of commands at once, binary junk and invalid
//! UTF-8, and impossible positions. Each gets a clear error in the protocol's own form, and
//! nothing else changes: the position is checked afterwards (CECP by which moves it takes,
//! USI by the move it finds, the text modes by `sfen`).

use crate::common::Rng;
use crate::common::{Driver, assert_clean, fresh_dir, run};
use gnushogi::notation::{parse_sfen, parse_usi_move};

#[derive(Copy, Clone, Debug, PartialEq)]
enum Mode {
    Cecp,
    Usi,
    Text,
    X,
}

const MODES: [Mode; 4] = [Mode::Cecp, Mode::Usi, Mode::Text, Mode::X];

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const AFTER_7G7F: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";

impl Mode {
    fn args(self) -> &'static [&'static str] {
        match self {
            Mode::Cecp | Mode::X => &["-T", "4"],
            Mode::Usi => &["--usi", "-T", "4"],
            Mode::Text => &["-R", "-T", "4"],
        }
    }

    /// The first lines: the protocol, and a game where sente has played 7g7f.
    fn intro(self) -> &'static str {
        match self {
            Mode::Cecp => "xboard\nprotover 2\nnew\nforce\nusermove c3c4\n",
            Mode::Usi => "usi\nisready\nposition startpos moves 7g7f\n",
            Mode::Text | Mode::X => "force\n7g7f\n",
        }
    }

    /// Ends the session with lines that show the position (or a move found in it), waiting
    /// for their answers; returns all the output.
    fn outro(self, p: &mut Driver) {
        match self {
            Mode::Cecp => {
                // Only gote may move: c7c6 is legal, c3c4 again is not.
                p.send("usermove c3c4\nusermove c7c6\nping 77");
                p.until("pong 77", |l| l == "pong 77");
            }
            Mode::Usi => {
                // After all the rest: `quit` would end a search without its bestmove.
                p.send("isready");
                p.until("readyok", |l| l == "readyok");
                p.send("go depth 1");
                p.until("bestmove", |l| l.starts_with("bestmove "));
            }
            Mode::Text | Mode::X => {
                p.send("sfen");
                p.until("the position", |l| l.contains(" b ") || l.contains(" w "));
            }
        }
        p.send("quit");
    }

    /// Checks that the game is sente's 7g7f, from the outro's output.
    fn assert_unchanged(self, out: &[String], what: &str) {
        match self {
            Mode::Cecp => {
                let n = out.iter().rposition(|l| l == "pong 77");
                let n = n.unwrap_or_else(|| panic!("{what}: no pong: {:?}", last(out)));
                let refused =
                    out[n - 1].starts_with("Illegal move") && out[n - 1].ends_with("c3c4");
                assert!(refused, "{what}: c3c4 was not refused, or c7c6 not taken: {}", out[n - 1]);
            }
            Mode::Usi => {
                let best = out.iter().rev().find_map(|l| l.strip_prefix("bestmove "));
                let best = best.unwrap_or_else(|| panic!("{what}: no bestmove"));
                let best = best.split(' ').next().unwrap_or("");
                let pos = parse_sfen(AFTER_7G7F).unwrap();
                let legal = parse_usi_move(best).is_some_and(|m| m.to_move(&pos).is_ok());
                assert!(legal, "{what}: bestmove {best} is not a move after 7g7f");
            }
            Mode::Text | Mode::X => {
                assert!(out.iter().any(|l| l.contains(AFTER_7G7F)), "{what}: {:?}", last(out));
            }
        }
    }

    /// The lines that refuse input, in this protocol's form.
    fn refusals(self, out: &[String]) -> usize {
        out.iter().filter(|l| self.refusal(l)).count()
    }

    fn refusal(self, line: &str) -> bool {
        match self {
            Mode::Cecp => {
                line.starts_with("Error (")
                    || line.starts_with("Illegal move")
                    || line.starts_with("tellusererror")
            }
            Mode::Usi => line.starts_with("info string error"),
            Mode::Text | Mode::X => {
                let l =
                    line.trim_start_matches("Your move is? ").trim_start_matches("Your command? ");
                l.starts_with("Illegal move")
                    || l.starts_with("input: ")
                    || l.starts_with("setsfen: ")
                    || l.starts_with("Setup failed")
            }
        }
    }
}

fn last(out: &[String]) -> &[String] {
    &out[out.len().saturating_sub(8)..]
}

/// Runs intro + `middle` + outro in `mode`; the session must end cleanly. Returns the output.
fn session(mode: Mode, middle: &[u8], what: &str) -> Vec<String> {
    let mut p = Driver::spawn(mode.args(), &fresh_dir("limits"), None, true);
    p.send_bytes(mode.intro().as_bytes());
    p.send_bytes(middle);
    mode.outro(&mut p);
    let mut out = std::mem::take(&mut p.seen);
    let (status, rest, err) = p.finish();
    out.extend(rest);
    assert_clean(status, &err, &format!("{mode:?} {what}"));
    mode.assert_unchanged(&out, &format!("{mode:?} {what}"));
    out
}

#[test]
fn lines_of_megabytes_are_refused_whole() {
    for mode in MODES {
        let mut middle = Vec::new();
        middle.extend(std::iter::repeat_n(b'a', 4 << 20));
        middle.push(b'\n');
        // Commands that would act if they were cut to the longest line kept.
        let long_moves = "7g7f 3c3d ".repeat(200_000);
        for cmd in ["usermove ", "position startpos moves ", "setsfen ", "undo "] {
            middle.extend_from_slice(cmd.as_bytes());
            middle.extend_from_slice(long_moves.as_bytes());
            middle.push(b'\n');
        }
        middle.extend(std::iter::repeat_n(0xffu8, 1 << 20));
        middle.push(b'\n');
        let out = session(mode, &middle, "megabyte lines");
        let too_long: Vec<&String> = out.iter().filter(|l| l.contains("line too long")).collect();
        assert_eq!(too_long.len(), 6, "{mode:?}: {too_long:#?}");
        assert!(too_long.iter().all(|l| mode.refusal(l)), "{mode:?}: {too_long:#?}");
        // The errors show the start of the line, not all of it.
        assert!(out.iter().all(|l| l.len() < 1000), "{mode:?}: an echo of a long line");
        assert!(too_long[0].contains("4194304 bytes"), "{mode:?}: {}", too_long[0]);
    }
}

#[test]
fn a_line_of_megabytes_at_the_end_of_input() {
    for mode in MODES {
        let mut input = mode.intro().as_bytes().to_vec();
        input.extend(std::iter::repeat_n(b'x', 3 << 20));
        let (status, out, err) = run(mode.args(), &fresh_dir("limits"), &input);
        assert_clean(status, &err, &format!("{mode:?}"));
        assert_eq!(out.iter().filter(|l| l.contains("line too long")).count(), 1, "{mode:?}");
    }
}

#[test]
fn thousands_of_commands_at_once_are_all_answered_in_order() {
    const N: usize = 3000;
    for mode in MODES {
        let mut middle = String::new();
        for i in 0..N {
            match mode {
                Mode::Cecp => middle.push_str(&format!("ping {i}\nbogus{i}\nusermove z9z9\n")),
                Mode::Usi => {
                    middle.push_str(&format!("isready\nbogus{i}\nposition startpos moves 7g7f\n"))
                }
                // A move played and taken back, and a refused one.
                Mode::Text | Mode::X => middle.push_str("3c3d\nundo\nz9z9\n"),
            }
        }
        let out = session(mode, middle.as_bytes(), "thousands of commands");
        match mode {
            Mode::Cecp => {
                let pongs: Vec<&String> = out.iter().filter(|l| l.starts_with("pong ")).collect();
                assert_eq!(pongs.len(), N + 1);
                assert!(pongs.iter().take(N).enumerate().all(|(i, l)| **l == format!("pong {i}")));
                assert_eq!(mode.refusals(&out), 2 * N + 1);
            }
            Mode::Usi => {
                assert_eq!(out.iter().filter(|l| *l == "readyok").count(), N + 2);
                assert_eq!(mode.refusals(&out), N);
            }
            Mode::Text | Mode::X => assert_eq!(mode.refusals(&out), N),
        }
    }
}

/// Bytes that are neither commands nor text: control characters, bytes that are not UTF-8,
/// broken sequences, NULs, carriage returns; a few printable ones between. Fixed: a seed.
fn junk(len: usize) -> Vec<u8> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut v = Vec::with_capacity(len);
    for i in 0..len {
        let r = (rng.next() >> 33) as u8;
        v.push(match i % 61 {
            60 => b'\n',
            _ => match r % 8 {
                0 => r % 32,                           // control characters, NUL, \r, \t
                1..=5 => 0x80 | r,                     // not UTF-8 on its own
                6 => [0xe6, 0xad][usize::from(r) % 2], // a cut multi-byte character
                _ => b"+*@/[]-0123456789 "[usize::from(r) % 18],
            },
        });
    }
    v
}

#[test]
fn binary_junk_and_invalid_utf8_change_nothing() {
    let mut middle = junk(256 << 10);
    middle.push(b'\n');
    // Commands whose arguments are not UTF-8.
    // (A refused `setboard` holds CECP until the next position, as XBoard expects: the test
    // of impossible positions has it.)
    for line in [
        &b"usermove \xff\xfe"[..],
        b"setboard\xc3\x28/9/9 w 0 1",
        b"position sfen \xe2\x82 b - 1",
        b"setsfen \xf0\x9f\x98",
        b"position startpos moves \xed\xa0\x80",
        b"7g7\xff",
        b"\xef\xbb\xbfsfen\x00junk",
    ] {
        middle.extend_from_slice(line);
        middle.push(b'\n');
    }
    for mode in MODES {
        let out = session(mode, &middle, "binary junk");
        // Every junk line is refused or ignored; some are refused.
        assert!(mode.refusals(&out) > 100, "{mode:?}: {}", mode.refusals(&out));
    }
}

/// Impossible positions as SFEN, with what the refusal must say.
const IMPOSSIBLE: &[(&str, &str)] = &[
    ("4k4/9/9/9/9/9/9/9/3KK4 b - 1", "more than one king"),
    ("3kk4/9/9/9/9/9/9/9/4K4 b - 1", "more than one king"),
    ("P3k4/9/9/9/9/9/9/9/4K4 b - 1", "could never move"),
    ("4k4/N8/9/9/9/9/9/9/4K4 b - 1", "could never move"),
    ("L3k4/9/9/9/9/9/9/9/4K4 b - 1", "could never move"),
    ("4k4/9/9/9/9/9/9/n8/4K4 b - 1", "could never move"),
    ("4k4/9/9/9/9/9/9/9/4K3p b - 1", "could never move"),
    ("4k4/9/9/9/9/9/PPPPPPPPP/9/4K4 b 10P 1", "pawns"),
    ("4k4/9/9/9/9/9/9/9/4K4 b 19P 1", ""),
    ("4k4/9/9/9/9/P8/P8/9/4K4 b - 1", "two pawns on file"),
    ("4k4/9/9/9/9/p8/p8/9/4K4 b - 1", "two pawns on file"),
    ("4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "not to move is in check"),
    ("4k4/9/9/9/9/9/9/4r4/4K4 w - 1", "not to move is in check"),
    ("4k4/9/9/9/9/9/9/9/RRR1K4 b - 1", "rooks"),
    ("4k4/9/9/9/9/9/9/9/4K4 b 3R 1", ""),
    ("4k4/9/9/9/9/9/9/9/4K4 b 5G 1", ""),
    ("4k4/9/9/9/9/9/9/9/4K4 b K 1", ""),
    ("4k4/9/9/9/9/9/9/9/4K4 x - 1", ""),
    ("4k4/9/9/9/9/9/9/9/4K4/9 b - 1", ""),
    ("4k4/9/9/9/9/9/9/9/4K5 b - 1", ""),
];

/// The SFEN as XBoard's FEN: same board, hand letters repeated in brackets, XBoard's colour
/// names (sente is "w"hite).
fn xboard_fen(sfen: &str) -> String {
    let parts: Vec<&str> = sfen.split(' ').collect();
    let mut hand = String::new();
    let mut count = 0;
    for c in parts[2].chars() {
        if let Some(d) = c.to_digit(10) {
            count = count * 10 + d;
        } else if c != '-' {
            for _ in 0..count.max(1) {
                hand.push(c);
            }
            count = 0;
        }
    }
    let side = match parts[1] {
        "b" => "w",
        "w" => "b",
        other => other,
    };
    format!("{}[{}] {side} 0 1", parts[0], if hand.is_empty() { "-" } else { &hand })
}

#[test]
fn impossible_positions_are_refused_in_each_protocol() {
    for mode in MODES {
        let mut middle = String::new();
        for (sfen, _) in IMPOSSIBLE {
            match mode {
                Mode::Cecp => middle.push_str(&format!("setboard {}\n", xboard_fen(sfen))),
                Mode::Usi => middle.push_str(&format!("position sfen {sfen}\n")),
                Mode::Text | Mode::X => middle.push_str(&format!("setsfen {sfen}\n")),
            }
        }
        if mode == Mode::Cecp {
            // A refused position holds: no move and no search until a good one comes.
            middle.push_str("usermove c7c6\ngo\nsetboard ");
            middle.push_str(&xboard_fen(AFTER_7G7F));
            middle.push_str("\nforce\n");
        }
        let out = session(mode, middle.as_bytes(), "impossible positions");
        let refused: Vec<&String> = out.iter().filter(|l| mode.refusal(l)).collect();
        let want = IMPOSSIBLE.len() + if mode == Mode::Cecp { 3 } else { 0 };
        assert_eq!(refused.len(), want, "{mode:?}: {refused:#?}");
        for ((sfen, why), line) in IMPOSSIBLE.iter().zip(&refused) {
            assert!(line.contains(why), "{mode:?} {sfen}: {line}");
            match mode {
                Mode::Cecp => {
                    assert!(line.starts_with("tellusererror Illegal position: "), "{line}")
                }
                Mode::Usi => assert!(line.starts_with("info string error position: "), "{line}"),
                Mode::Text | Mode::X => assert!(line.contains("setsfen: "), "{line}"),
            }
        }
        if mode == Mode::Cecp {
            let n = IMPOSSIBLE.len();
            assert_eq!(refused[n], "Illegal move (no valid position): c7c6");
            assert_eq!(refused[n + 1], "Error (no valid position): go");
            assert!(!out.iter().any(|l| l.starts_with("move ")), "it moved in no position");
        }
    }
}

#[test]
fn impossible_positions_from_the_editors_are_refused() {
    // XBoard's edit mode: two sente kings.
    let input = "xboard\nprotover 2\nnew\nforce\nusermove c3c4\nedit\n#\nKe1\nKe5\nc\nKe9\n.\n\
                 usermove c7c6\nping 1\nnew\nforce\nusermove c3c4\nusermove c7c6\nping 2\nquit\n";
    let (status, out, err) = run(Mode::Cecp.args(), &fresh_dir("limits"), input.as_bytes());
    assert_clean(status, &err, "edit");
    let tail: Vec<&str> =
        out.iter().map(String::as_str).filter(|l| !l.starts_with("feature")).collect();
    assert_eq!(
        tail[1..],
        [
            "tellusererror Illegal position: White has more than one king",
            "Illegal move (no valid position): c7c6",
            "pong 1",
            "pong 2"
        ]
    );
    // The text mode's setup: nine rows, here with two kings of one colour.
    let mut input = String::from("force\n7g7f\nsetup\nk---k----\n");
    input.push_str(&"---------\n".repeat(7));
    input.push_str("----K----\n");
    input.push_str("sfen\nquit\n");
    let (status, out, err) = run(Mode::Text.args(), &fresh_dir("limits"), input.as_bytes());
    assert_clean(status, &err, "setup");
    assert!(out.iter().any(|l| l.contains("Setup failed")), "{:?}", last(&out));
    Mode::Text.assert_unchanged(&out, "setup");
}

#[test]
fn the_start_of_a_session_is_still_the_start_after_refusals() {
    // Refusals before anything was played leave the initial position.
    let input = "setsfen 4k4/9/9/9/9/9/9/9/3KK4 b - 1\nundo\nremove\nsfen\nquit\n";
    let (status, out, err) = run(Mode::Text.args(), &fresh_dir("limits"), input.as_bytes());
    assert_clean(status, &err, "text");
    assert!(out.iter().any(|l| l.contains(START)), "{:?}", last(&out));
    // Kept alive to the end, a session refusing everything still quits on `quit`.
    let mut p = Driver::start(Mode::Usi.args());
    p.send("position sfen 9/9/9 b - 1");
    p.send("isready");
    let (before, _) = p.until("readyok", |l| l == "readyok");
    assert!(before.iter().any(|l| l.starts_with("info string error position")), "{before:?}");
    p.send("quit");
    let (status, _, err) = p.wait();
    assert_clean(status, &err, "usi");
}

#[test]
fn a_table_bigger_than_the_machine_is_cut_down_and_said() {
    // 64 GiB, then 4 MiB at once: the big table is given up while it is built. (A machine
    // of more than 85 GiB takes 64 GiB and says nothing.)
    let capped = gnushogi::engine::hash_limit_mib() < 65535;
    let mut p = Driver::spawn(Mode::Cecp.args(), &fresh_dir("limits"), None, true);
    p.send("xboard\nprotover 2\nmemory 65535\nmemory 4\nnew\nsd 1\ngo\nping 1");
    let (out, _) = p.until("pong", |l| l == "pong 1");
    let note = out.iter().find(|l| l.starts_with("# memory 65535 is more than this machine holds"));
    assert_eq!(note.is_some(), capped, "{:?}", last(&out));
    assert!(out.iter().any(|l| l.starts_with("move ")), "{:?}", last(&out));
    let (status, _, err) = p.finish();
    assert_clean(status, &err, "cecp memory");
    let input = "setoption name USI_Hash value 65536\nsetoption name USI_Hash value 4\nisready\n\
                 position startpos\ngo depth 1\n";
    let mut p = Driver::spawn(Mode::Usi.args(), &fresh_dir("limits"), None, true);
    p.send(input);
    let (before, _) = p.until("bestmove", |l| l.starts_with("bestmove "));
    let note = "info string USI_Hash 65536 is more than this machine holds";
    assert_eq!(before.iter().any(|l| l.starts_with(note)), capped, "{before:?}");
    let (status, _, err) = p.finish();
    assert_clean(status, &err, "usi hash");
}
