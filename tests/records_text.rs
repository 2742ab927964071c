//! Records in the text mode, over the real binary: `save` and `get` of `.kif`, `.kifu`,
//! `.csa` and `.usi` names give the same game in a new session, a bad record is refused with
//! its line and leaves the game as it was, and `-l` names a record that `get` reads.

use crate::common::{assert_clean, fresh_dir, run};
use std::path::Path;

/// A game with a capture, a promotion, a recapture and a drop.
const MOVES: &str = "7g7f\n3c3d\n8h2b+\n3a2b\nB*4e\n8c8d\n";

/// The SFENs the session printed (after any prompt).
fn sfens(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| l.matches('/').count() == 8)
        .map(|l| l.rsplit("? ").next().unwrap_or(l).trim().to_string())
        .collect()
}

fn session(dir: &Path, args: &[&str], input: &str) -> Vec<String> {
    let (status, lines, stderr) = run(args, dir, input.as_bytes());
    assert_clean(status, &stderr, input);
    lines
}

#[test]
fn saved_records_come_back_in_a_new_session() {
    for ext in ["kif", "kifu", "csa", "usi"] {
        let dir = fresh_dir(&format!("records-{ext}"));
        let name = format!("game.{ext}");
        let first = session(
            &dir,
            &["-R"],
            &format!("force\n{MOVES}sfen\nsave {name}\nsave first.usi\nquit\n"),
        );
        assert!(first.iter().any(|l| l.contains(&format!("Game saved to {name}"))), "{first:?}");
        let second = session(&dir, &["-R"], &format!("get {name}\nsfen\nsave second.usi\nquit\n"));
        assert!(second.iter().any(|l| l.contains(&format!("Game read from {name}"))), "{second:?}");
        assert_eq!(sfens(&second), sfens(&first), "{ext}");
        let moves = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
        assert_eq!(moves("second.usi"), moves("first.usi"), "{ext}");
        assert_eq!(moves("first.usi"), "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e 8c8d\n");
    }
}

#[test]
fn a_kif_file_is_shift_jis_and_a_kifu_file_utf8() {
    let dir = fresh_dir("records-encodings");
    session(&dir, &["-R"], &format!("force\n{MOVES}save a.kif\nsave a.kifu\nquit\n"));
    let kif = std::fs::read(dir.join("a.kif")).unwrap();
    let kifu = std::fs::read_to_string(dir.join("a.kifu")).unwrap();
    assert!(std::str::from_utf8(&kif).is_err());
    assert!(kifu.contains("先手：Human\n後手：GNU Shogi\n"), "{kifu}");
    assert!(kifu.contains("   5 ４五角打"), "{kifu}");
    assert_eq!(gnushogi::files::record::sjis::decode(&kif), kifu);
}

#[test]
fn a_bad_record_is_refused_with_its_line() {
    let dir = fresh_dir("records-bad");
    std::fs::write(dir.join("bad.kifu"), "手合割：平手\n   1 ７六歩(77)\n   2 ７六歩(77)\n")
        .unwrap();
    std::fs::write(dir.join("bad.csa"), "V2.2\nPI\n+\n+7776FU\n+3334FU\n").unwrap();
    let lines = session(&dir, &["-R"], "force\n2g2f\nget bad.kifu\nget bad.csa\nsfen\nquit\n");
    let text = lines.join("\n");
    assert!(
        text.contains("Could not read bad.kifu: line 3: '７六歩(77)': no pawn on 7g; the game"),
        "{text}"
    );
    assert!(text.contains("; the game is unchanged"), "{text}");
    assert!(
        text.contains(
            "Could not read bad.csa: line 5: '+3334FU': out of turn: White is to move; the game is unchanged"
        ),
        "{text}"
    );
    assert_eq!(
        sfens(&lines),
        ["lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2"]
    );
}

#[test]
fn dash_l_names_a_record_for_get() {
    let dir = fresh_dir("records-dash-l");
    std::fs::write(
        dir.join("start.csa"),
        "V2.2\nN+Shitate\nN-Uwate\nPI82HI22KA\n-\n-5142OU\nT3\n+7776FU\nT5\n",
    )
    .unwrap();
    let lines = session(&dir, &["-R", "-l", "start.csa"], "get\nsfen\nquit\n");
    assert_eq!(sfens(&lines), ["lnsg1gsnl/5k3/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3"]);
}

#[test]
fn a_record_keeps_the_date_its_game_began() {
    let dir = fresh_dir("records-date");
    let old = "V2.2\nN+Sente\nN-Gote\n$START_TIME:2001/02/03 04:05:06\nPI\n+\n+7776FU\n-3334FU\n";
    std::fs::write(dir.join("old.csa"), old).unwrap();
    // Read back and saved again, in another format: the game's own date stays.
    session(&dir, &["-R"], "get old.csa\nsave again.kifu\nquit\n");
    let again = std::fs::read_to_string(dir.join("again.kifu")).unwrap();
    assert!(again.contains("開始日時：2001/02/03 04:05:06\n"), "{again}");
    // A game played here is dated when it began, which is before it was saved.
    let before = chrono::Local::now().naive_local();
    session(&dir, &["-R"], &format!("force\n{MOVES}save new.csa\nquit\n"));
    let new = std::fs::read_to_string(dir.join("new.csa")).unwrap();
    let line = new.lines().find_map(|l| l.strip_prefix("$START_TIME:")).expect("a date");
    let date = chrono::NaiveDateTime::parse_from_str(line, "%Y/%m/%d %H:%M:%S").unwrap();
    assert!(date >= before - chrono::Duration::seconds(1), "{line}");
}

/// A CSA record whose moves took Black 4:50 and White 0:05.
const TIMED: &str = "V2.2\nPI\n+\n+7776FU\nT170\n-3334FU\nT5\n+2726FU\nT120\n";

/// The clock line of a board before any time is used.
const ZERO: &str = "Black 0:00  White 0:00";

/// The clock lines of the boards the session drew, in order.
fn clock_lines(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.find("Black ").map(|i| &l[i..]))
        .filter(|l| l.contains("  White "))
        .map(|l| l.split("  (").next().unwrap_or(l).to_string())
        .collect()
}

/// `get` sets the clocks from the record's times, not the previous game's (issue 38, item 3),
/// in every format that keeps times; `save` of the game file writes them.
#[test]
fn get_restores_the_clocks_from_the_moves_times() {
    let dir = fresh_dir("records-clocks");
    std::fs::write(dir.join("g1.csa"), TIMED).unwrap();
    let first = session(&dir, &["-R"], "get g1.csa\nsave g1.000\nsave g1.kif\nsave g1.usi\nquit\n");
    // The board at the start, then the one of the record read.
    assert_eq!(clock_lines(&first), [ZERO, "Black 4:50  White 0:05"], "{first:?}");
    let native = std::fs::read_to_string(dir.join("g1.000")).unwrap();
    assert!(native.contains("Black Clock 29000 "), "{native}");
    assert!(native.contains("White Clock 500 "), "{native}");
    // Each record read replaces the clocks: a record without times leaves them at zero.
    let second = session(&dir, &["-R"], "get g1.000\nget g1.usi\nget g1.kif\nget g1.usi\nquit\n");
    assert_eq!(
        clock_lines(&second),
        [ZERO, "Black 4:50  White 0:05", ZERO, "Black 4:50  White 0:05", ZERO],
        "{second:?}"
    );
}
