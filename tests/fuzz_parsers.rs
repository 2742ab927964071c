//! Fuzzing every parser of input (issue 11): SFEN and XBoard FEN, the move notations, the
//! CECP, USI and text-mode command lines, time controls, the command line, text and compiled
//! books, game-record files, saved games and xshogi position files. Inputs are mutations of
//! real ones (the test data, the strings of the transcript tests) and random text or bytes.
//!
//! Every property checks that nothing panics, and where a parser accepts something, that what
//! it made is sound: positions print back to the same position, moves are legal where they
//! are played, files written back read back the same.

use crate::common::fuzz::{check, junk, mutated_bytes, mutated_line, sfen_column, string_literals};
use gnushogi::book::{self, records};
use gnushogi::files::{self, GameFile};
use gnushogi::notation::{self, parse_sfen, parse_usi_move, parse_xboard_fen, to_sfen};
use gnushogi::protocol::{cecp, gnu, usi};
use gnushogi::rules::{MoveList, Position};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::ffi::OsString;

const POSITIONS: &str = include_str!("data/positions.tsv");
const PERFT: &str = include_str!("data/perft.tsv");

/// The SFENs of the test data (middle games and perft positions), and the start.
fn sfens() -> Vec<String> {
    let mut v = sfen_column(POSITIONS);
    v.extend(sfen_column(PERFT));
    v.push(to_sfen(&Position::startpos()));
    v
}

fn positions() -> Vec<Position> {
    sfens().iter().filter_map(|s| parse_sfen(s).ok()).collect()
}

fn seeds(src: &str, extra: &[&str]) -> Vec<String> {
    let mut v = string_literals(src);
    v.extend(extra.iter().map(|s| s.to_string()));
    v.extend(sfens().into_iter().take(20).map(|s| format!("setboard {s}")));
    v
}

fn cecp_seeds() -> Vec<String> {
    seeds(include_str!("cecp.rs"), &["level 40 5 0", "level 0 0:30 1.5", "st 10", "sd 4"])
}

fn usi_seeds() -> Vec<String> {
    let mut v = seeds(include_str!("usi.rs"), &[]);
    v.extend(sfens().into_iter().take(20).map(|s| format!("position sfen {s} moves")));
    v
}

fn text_seeds() -> Vec<String> {
    let mut v = seeds(include_str!("text.rs"), &[]);
    v.extend(string_literals(include_str!("xshogi.rs")));
    v.extend(sfens().into_iter().take(20).map(|s| format!("setsfen {s}")));
    v
}

/// Every legal move of the test positions, as USI text.
fn move_texts() -> Vec<String> {
    let mut v = Vec::new();
    for pos in positions().iter().take(30) {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        v.extend(list.iter().map(|m| m.to_string()));
        v.extend(list.iter().map(notation::format_xboard_move));
        v.extend(list.iter().map(|m| notation::text::format_short_move(pos, m)));
        v.extend(list.iter().map(|m| notation::text::format_book_move(pos, m)));
    }
    v.sort();
    v.dedup();
    v
}

/// Board, hands and side to move (move numbers aside: a FEN without one gives move 1 with
/// either side to move, which prints back as the first move of that side).
fn same_position(a: &Position, b: &Position) -> bool {
    let cut = |p: &Position| to_sfen(p).rsplit_once(' ').map(|(s, _)| s.to_string());
    cut(a) == cut(b) && a.key() == b.key()
}

#[test]
fn sfen() {
    check("sfen", 3000, mutated_line(sfens()), |text| {
        if let Ok(pos) = parse_sfen(&text) {
            let again = parse_sfen(&to_sfen(&pos))
                .map_err(|e| TestCaseError::fail(format!("{text:?} printed unreadable: {e}")))?;
            prop_assert!(same_position(&pos, &again), "{text:?}");
            prop_assert_eq!(pos.key(), again.key());
        }
        Ok(())
    });
}

#[test]
fn xboard_fen() {
    let seeds: Vec<String> = positions().iter().map(notation::to_xboard_fen).collect();
    check("xboard-fen", 3000, mutated_line(seeds), |text| {
        if let Ok(pos) = parse_xboard_fen(&text) {
            let printed = notation::to_xboard_fen(&pos);
            let again = parse_xboard_fen(&printed)
                .map_err(|e| TestCaseError::fail(format!("{text:?} printed unreadable: {e}")))?;
            prop_assert!(same_position(&pos, &again), "{text:?} -> {printed:?}");
        }
        Ok(())
    });
}

#[test]
fn moves_in_every_notation() {
    let positions = positions();
    let n = positions.len();
    let strategy = (0..n, mutated_line(move_texts()));
    check("moves", 4000, strategy, |(i, text)| {
        let pos = &positions[i];
        if let Some(m) = parse_usi_move(&text)
            && let Ok(mv) = m.to_move(pos)
        {
            prop_assert!(pos.is_legal(mv), "usi {text:?}");
        }
        if let Some(m) = notation::parse_xboard_move(&text)
            && let Ok(mv) = m.to_move(pos)
        {
            prop_assert!(pos.is_legal(mv), "xboard {text:?}");
            let printed = notation::format_xboard_move(mv);
            let back = notation::parse_xboard_move(&printed).map(|m| m.to_move(pos));
            prop_assert!(matches!(back, Some(Ok(b)) if b == mv), "{printed}");
        }
        if let Ok((mv, _)) = notation::parse_text_move(pos, &text) {
            prop_assert!(pos.is_legal(mv), "text {text:?}");
        }
        Ok(())
    });
}

#[test]
fn cecp_commands() {
    check("cecp-commands", 4000, mutated_line(cecp_seeds()), |line| {
        let _ = cecp::command::parse_command(&line);
        let _ = cecp::command::parse_edit_line(&line);
        Ok(())
    });
}

#[test]
fn usi_commands() {
    check("usi-commands", 4000, mutated_line(usi_seeds()), |line| {
        let _ = usi::parse_command(&line);
        Ok(())
    });
}

#[test]
fn text_commands_and_time_controls() {
    let mut seeds = text_seeds();
    seeds.extend(["40 5", "0 30", "f5 10", "1:30", ":30", "30 5 1 :30", "5:00"].map(String::from));
    check("text-commands", 4000, mutated_line(seeds), |line| {
        let _ = gnu::command::parse(&line);
        let _ = gnushogi::engine::clock::parse_level(&line);
        let _ = gnushogi::engine::clock::parse_time(&line, true);
        let _ = gnushogi::engine::clock::parse_time(&line, false);
        let args: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let _ = gnushogi::engine::clock::parse_command_line(&args);
        Ok(())
    });
}

#[test]
fn command_line() {
    let seeds: Vec<String> = [
        "-R",
        "-X",
        "-C",
        "-b book.tbk -P 20",
        "-B x.bkb",
        "-T 16",
        "-h +h +a -a",
        "-l saved -s out",
        "-L en",
        "-x 90 -r 4",
        "-S 100",
        "--perft 3 --divide --sfen",
        "--usi --seed 7",
        "--mate --time 1.5",
        "--make-book --from a.tsv --book-out b.tbk --min-count 2",
        "40 5",
        "30 5 1 :30",
        "1:30",
    ]
    .map(String::from)
    .to_vec();
    check("command-line", 3000, mutated_line(seeds), |line| {
        let args = std::iter::once("gnushogi")
            .chain(line.split(' ').filter(|w| !w.is_empty()))
            .map(OsString::from);
        if let Ok(cli) = gnushogi::cli::Cli::parse_args(args) {
            // Only what parses arguments: building an engine or reading files is the CLI test's.
            let _ = cli.config();
        }
        Ok(())
    });
}

#[test]
fn text_books() {
    let tbk = include_bytes!("data/gnushogi.tbk");
    // Pieces of the real book: the whole is too slow to parse thousands of times.
    let seeds: Vec<Vec<u8>> = tbk
        .split(|&b| b == b'#')
        .filter(|c| c.len() > 20)
        .take(60)
        .map(|c| [b"#".as_slice(), c].concat())
        .collect();
    check("tbk", 1500, (mutated_bytes(seeds), 0usize..60), |(data, plies)| {
        if let Ok(tb) = book::parse_tbk(&data, plies) {
            // Every move the book offers is legal where it is offered.
            let pos = Position::startpos();
            for e in tb.book.entries(&pos) {
                prop_assert!(pos.is_legal(e.mv));
            }
        }
        Ok(())
    });
}

#[test]
fn compiled_books() {
    let seeds = vec![include_bytes!("../book/gnushogi.bkb").to_vec()];
    check("bkb", 2000, (mutated_bytes(seeds), 0usize..80), |(data, plies)| {
        if let Ok(b) = book::read_compiled(&data, plies) {
            let pos = Position::startpos();
            for e in b.entries(&pos) {
                prop_assert!(pos.is_legal(e.mv), "an illegal book move");
            }
            let again = book::read_compiled(&book::write_compiled(&b).bytes, usize::MAX);
            prop_assert!(again.as_ref() == Ok(&b), "written back, it reads differently");
        }
        Ok(())
    });
}

#[test]
fn game_records() {
    let seeds = vec![
        include_bytes!("data/kifu32335.csa").to_vec(),
        include_bytes!("data/habu-fujii-2006.kif").to_vec(),
        include_bytes!("data/shogidb2.kifu").to_vec(),
        include_bytes!("data/records-usi.tsv").to_vec(),
        include_bytes!("data/book-games.tsv")[..4000].to_vec(),
    ];
    let formats = [records::Format::UsiList, records::Format::Csa, records::Format::Kif];
    check("records", 1500, (mutated_bytes(seeds), 0usize..3), |(data, f)| {
        let r = records::parse_records("fuzz", &data, formats[f]);
        for g in &r.games {
            // A game that was kept is a sequence of legal moves from the start.
            let mut pos = Position::startpos();
            for &m in &g.moves {
                prop_assert!(pos.is_legal(m), "{}: illegal {m}", g.name);
                pos = pos.played(m);
            }
        }
        let _ = records::Format::detect(std::path::Path::new("x"), &data);
        Ok(())
    });
}

#[test]
fn saved_games() {
    let seeds: Vec<String> = [
        include_str!("data/text/debian-force.sav"),
        include_str!("data/text/debian-mate.sav"),
        include_str!("data/text/debian-vs-computer.sav"),
    ]
    .iter()
    .flat_map(|f| vec![f.to_string()])
    .collect();
    // Whole files, mutated line by line (a file is lines, not words).
    let strategy = (
        proptest::sample::select(seeds),
        proptest::collection::vec(
            (
                any::<usize>(),
                mutated_line(vec!["0 0 0 0 0 0 0 0".into(), " 7g7f  +0  0  0  0  0".into()]),
            ),
            0..4,
        ),
    )
        .prop_map(|(file, edits)| {
            let mut lines: Vec<String> = file.lines().map(str::to_string).collect();
            for (i, new) in edits {
                let n = lines.len().max(1);
                match i % 3 {
                    0 if !lines.is_empty() => lines[i / 3 % n] = new,
                    1 => lines.insert((i / 3 % n).min(lines.len()), new),
                    _ if !lines.is_empty() => {
                        lines.remove(i / 3 % n);
                    }
                    _ => {}
                }
            }
            lines.join("\n")
        });
    check("gamefile", 2000, strategy, |text| {
        if let Ok(gf) = GameFile::parse(&text) {
            let game = gf.game();
            let back = GameFile::parse(&gf.to_text())
                .map_err(|e| TestCaseError::fail(format!("written back unreadable: {e}")))?;
            let back = back.game();
            prop_assert_eq!(back.moves(), game.moves());
            prop_assert!(same_position(back.position(), game.position()));
        }
        Ok(())
    });
}

#[test]
fn xshogi_positions() {
    let seed = include_str!("data/text/debian.xpos").to_string();
    let strategy = (Just(seed), proptest::collection::vec((any::<usize>(), junk(30)), 0..4))
        .prop_map(|(file, edits)| {
            let mut lines: Vec<String> = file.lines().map(str::to_string).collect();
            for (i, new) in edits {
                let n = lines.len().max(1);
                if i % 2 == 0 && !lines.is_empty() {
                    // Flip one character of a line.
                    let l = &mut lines[i / 2 % n];
                    let mut chars: Vec<char> = l.chars().collect();
                    if !chars.is_empty() {
                        let k = i % chars.len();
                        chars[k] = new.chars().next().unwrap_or(' ');
                        *l = chars.into_iter().collect();
                    }
                } else {
                    lines.insert((i / 2 % n).min(lines.len()), new);
                }
            }
            lines.join("\n")
        });
    check("xposition", 3000, strategy, |text| {
        if let Ok(pos) = files::xposition::parse(&text) {
            let back = files::xposition::parse(&files::xposition::to_text(&pos))
                .map_err(|e| TestCaseError::fail(format!("written back unreadable: {e}")))?;
            prop_assert!(same_position(&pos, &back));
        }
        Ok(())
    });
}

// ----- inputs found by the coverage-guided fuzzers (fuzz/, `cargo fuzz`) ----------------

/// Found by `cargo fuzz run records`: a KIF game whose summary names the side to move as
/// the winner by resignation (`まで先手の勝ち` with no move, Black to move). CSA's `%TORYO`
/// is the side to move's resignation, so the CSA writer made it White's win; it now writes
/// `%CHUDAN` (no outcome) instead of the wrong winner. The input is the fuzzer's, in
/// Shift-JIS, after its format byte.
#[test]
fn csa_writer_names_no_wrong_winner_found_by_cargo_fuzz() {
    use gnushogi::files::record::{self, Format};
    use gnushogi::game::{Outcome, WinReason};
    use gnushogi::rules::Color;
    let input = [130, 220, 130, 197, 144, 230, 142, 232, 130, 204, 143, 159, 130, 191];
    let rec = record::read(&input, Format::Kif).unwrap();
    let black_won = Outcome::Win { winner: Color::Black, reason: WinReason::Resignation };
    assert_eq!(rec.outcome, Some(black_won));
    let csa = record::write(&rec, Format::Csa);
    let back = record::read(&csa, Format::Csa).unwrap();
    assert_eq!(back.outcome, None, "{}", String::from_utf8_lossy(&csa));
    assert!(String::from_utf8_lossy(&csa).ends_with("%CHUDAN\n"));
    // KIF says it as it was read.
    let kif = record::read(&record::write(&rec, Format::Kif), Format::Kif).unwrap();
    assert_eq!(kif.outcome, Some(black_won));
}

/// Found by `cargo fuzz run csa_protocol`: a CSA server's time of more seconds than the
/// count holds, with a fraction. The whole part was held at `u64::MAX / 1000` units, and
/// adding the thousandths overflowed (a panic with overflow checks, else a tiny time wrapped
/// round). It is now the longest time there is.
#[test]
fn csa_server_time_overflow_found_by_cargo_fuzz() {
    use gnushogi::protocol::csa::message::{Message, parse_line};
    for line in ["%TORYO,T77777777777777777777777777777.777", "+7776FU,T18446744073709551.999"] {
        let time = match parse_line(line) {
            Ok(Message::Special { time, .. } | Message::Move { time, .. }) => time,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(time, Some(u64::MAX), "{line}");
    }
}
