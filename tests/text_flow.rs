//! The text mode (`-R`) as a new player meets it, over the real binary: the end of a game,
//! the records of the computer's moves, the move numbers, `switch`, and the clock line.
//! Each test waits for the lines it needs, never for a time.

use crate::common::{Driver, assert_clean, fresh_dir};
use std::path::{Path, PathBuf};

/// A player at the real binary in `-R`, in a directory of its own.
struct Player {
    p: Driver,
    dir: PathBuf,
}

impl Player {
    /// The text mode with the book off (so every reply is searched) at depth `sd`.
    fn new(name: &str, sd: u32) -> Player {
        let dir = fresh_dir(name);
        let mut p = Driver::spawn(&["-R"], &dir, None, true);
        p.send("book");
        p.send(&format!("sd {sd}"));
        let mut player = Player { p, dir };
        player.sync();
        player
    }

    /// Asks for the position and waits for it: every line sent before is done (files
    /// written, settings made). Returns the SFEN line as printed (after any prompt).
    fn sync(&mut self) -> String {
        self.say("sfen");
        self.p.until("the SFEN", |l| l.matches('/').count() == 8).1
    }

    /// Sends a line.
    fn say(&mut self, line: &str) {
        self.p.send(line);
    }

    /// Waits for a line containing `what`: the lines before it, and it.
    fn wait_for(&mut self, what: &str) -> (Vec<String>, String) {
        self.p.until(what, |l| l.contains(what))
    }

    /// Waits for the computer's move: the lines from the last one read up to the line
    /// `My move is: …`, and the move.
    fn reply(&mut self) -> (Vec<String>, String) {
        let (before, line) = self.wait_for("My move is:");
        let mv = line.rsplit(' ').next().unwrap_or("").trim_end_matches('\u{7}').to_string();
        (before, mv)
    }

    /// The line announcing the computer's move (`12. 7g7f` or `12. ... 3c3d`), without a
    /// prompt before it.
    fn announced(before: &[String]) -> String {
        let line = before.last().expect("the move's line comes before My move is");
        line.trim_start_matches("Your move is? ").trim_start_matches("Your command? ").to_string()
    }

    fn file(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir.join(name)).expect("the file was written")
    }

    fn end(mut self) {
        self.say("quit");
        let (status, _, err) = self.p.wait();
        assert_clean(status, &err, "quit");
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Black to move; after any quiet move White mates with G*5h (the pawn on 5g guards it).
const WHITE_MATES_NEXT: &str = "4k4/9/9/9/9/9/4p3P/9/4K4 b g 1";

#[test]
fn the_end_of_a_game_is_one_plain_line_with_the_board() {
    let mut pl = Player::new("flow-end", 2);
    pl.say(&format!("setsfen {WHITE_MATES_NEXT}"));
    pl.say("1g1f");
    let (before, mv) = pl.reply();
    assert_eq!(mv, "G*5h");
    assert_eq!(Player::announced(&before), "1. ... G*5h");
    // The board after the mate, then a line that says who won, once, and one on what to do
    // next: both fit a 60-column terminal.
    let (board, end) = pl.wait_for("Game over");
    assert_eq!(end, "Game over: White wins by checkmate.");
    let (_, next) = pl.wait_for("Type new");
    assert_eq!(next, "Type new to play again, or undo/remove to take back.");
    assert!(board.iter().any(|l| l.starts_with("Black 0:00  White 0:0")), "{board:#?}");
    assert!(board.contains(&" - - - - P - - - -".to_string()), "{board:#?}");
    assert!(board.contains(&" - - - - G - - - -".to_string()), "{board:#?}");
    // No move prompt follows as if play went on: a move is refused at a command prompt.
    pl.say("5i4i");
    let (_, refused) = pl.wait_for("The game is over");
    assert!(refused.starts_with("Your command? The game is over"), "{refused}");
    // The listing says who won in words.
    pl.say("list end.lst");
    pl.sync();
    let listing = pl.file("end.lst");
    assert!(listing.ends_with("\n\nWhite wins (checkmate)\n"), "{listing}");
    // `undo` reopens the game: the move prompt is back.
    pl.say("undo");
    let sfen = pl.sync();
    assert!(sfen.starts_with("Your move is? 4k4/"), "{sfen}");
    pl.end();
}

#[test]
fn records_carry_the_search_that_chose_the_move() {
    let mut pl = Player::new("flow-records", 3);
    pl.say("post");
    pl.say("7g7f");
    let (thinking, mv) = pl.reply();
    // The last thinking line before the move: depth 3, its score and nodes.
    let last = thinking.iter().rev().find(|l| l.trim_start().starts_with("3.")).expect("depth 3");
    let fields: Vec<&str> = last.split_whitespace().collect();
    let (score, nodes) = (fields[1], fields[3]);
    pl.say("list game.lst");
    pl.say("save game.sav");
    pl.sync();
    // The listing: the user's move, then the computer's with score, depth, nodes, time.
    let listing = pl.file("game.lst");
    let row = listing.lines().nth(2).expect("the first two moves");
    let reply: Vec<&str> = row.split_whitespace().skip(5).collect();
    assert!(reply[0].ends_with(&mv), "{listing}");
    assert_eq!(reply[1..4], [score, "3", nodes], "{listing}");
    let saved = pl.file("game.sav");
    let line =
        saved.lines().find(|l| l.split_whitespace().next().is_some_and(|w| w.ends_with(&mv)));
    let saved_fields: Vec<&str> = line.expect("the reply is saved").split_whitespace().collect();
    assert_eq!(saved_fields[1..4], [score, "3", nodes], "{saved}");
    // `get` reads the figures back, and still reads the original's files.
    pl.say("new");
    pl.say("get game.sav");
    pl.say("save again.sav");
    pl.sync();
    assert_eq!(pl.file("again.sav"), saved);
    let old = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/text/debian-mate.sav");
    pl.say(&format!("get {}", old.display()));
    let sfen = pl.sync();
    assert!(sfen.ends_with(" 38"), "the 37 moves of the file: {sfen}");
    pl.end();
}

#[test]
fn move_numbers_follow_the_game() {
    let mut pl = Player::new("flow-numbers", 2);
    let mut numbers = Vec::new();
    for mv in ["7g7f", "1g1f", "9g9f"] {
        pl.say(mv);
        let (before, _) = pl.reply();
        numbers.push(Player::announced(&before));
    }
    assert!(numbers[0].starts_with("1. ... ") && numbers[2].starts_with("3. ... "), "{numbers:?}");
    // Two moves of each side taken back: the next reply is White's second move again.
    pl.say("remove");
    pl.say("remove");
    pl.say("1g1f");
    let (before, _) = pl.reply();
    assert!(Player::announced(&before).starts_with("2. ... "), "{before:#?}");
    // A saved game read back goes on from its own length.
    pl.say("save two.sav");
    pl.say("new");
    pl.say("get two.sav");
    pl.say("9g9f");
    let (before, _) = pl.reply();
    assert!(Player::announced(&before).starts_with("3. ... "), "{before:#?}");
    // A position set by SFEN starts the count again.
    pl.say(&format!("setsfen {WHITE_MATES_NEXT}"));
    pl.say("1g1f");
    let (before, _) = pl.reply();
    assert_eq!(Player::announced(&before), "1. ... G*5h");
    pl.end();
}

#[test]
fn switch_moves_first_and_draws_the_board_after() {
    let mut pl = Player::new("flow-switch", 2);
    pl.say("switch");
    let (before, mv) = pl.reply();
    // Black's first move is numbered as Black's, and no board came before it.
    assert_eq!(Player::announced(&before), format!("1. {mv}"));
    assert!(!before.iter().any(|l| l.starts_with("Black 0:")), "{before:#?}");
    // The board follows the move, with the move on it.
    let (board, _) = pl.wait_for("white");
    assert!(board.iter().any(|l| l.starts_with("Black 0:")), "{board:#?}");
    let start = [" p p p p p p p p p", " - b - - - - - r -", " l n s g k g s n l"];
    assert!(!start.iter().all(|r| board.iter().any(|l| l == r)), "it moved: {board:#?}");
    // The player answers for White; the computer's next move is Black's second.
    pl.say("3c3d");
    let (before, mv) = pl.reply();
    assert_eq!(Player::announced(&before), format!("2. {mv}"));
    pl.end();
}

/// The clock figures of a board header: Black's and White's `M:SS` in seconds.
fn clock_seconds(header: &str) -> [u64; 2] {
    let words: Vec<&str> = header.split_whitespace().collect();
    let secs = |w: &str| {
        let (m, s) = w.split_once(':').expect("M:SS");
        m.parse::<u64>().unwrap() * 60 + s.parse::<u64>().unwrap()
    };
    [secs(words[1]), secs(words[3])]
}

#[test]
fn the_clock_line_tells_the_truth() {
    let mut pl = Player::new("flow-clock", 39);
    // A fixed time a move: no clocks run, so the line shows the time each side used.
    pl.say("level 0 0:02");
    pl.say("7g7f");
    pl.reply();
    pl.say("bd");
    let (_, header) = pl.wait_for("Black ");
    assert!(header.ends_with("  (time used; 2 s a move)"), "{header}");
    // The computer thought for up to its two seconds: at least one is shown.
    let [_, white] = clock_seconds(&header);
    assert!((1..=3).contains(&white), "{header}");
    // A tournament control: the clocks count down from the period's time.
    pl.say("level 60 1");
    pl.say("bd");
    let (_, header) = pl.wait_for("Black ");
    // Labelled: under `level 1 0:01` the unused time carries over, and a bare 0:12 after 12
    // instant moves read as time used (issue 38's second trial).
    assert_eq!(header, "Black 1:00  White 1:00  (time left)");
    pl.say("2g2f");
    pl.reply();
    pl.say("bd");
    let (_, header) = pl.wait_for("Black ");
    let [black, white] = clock_seconds(&header);
    assert!(black <= 60 && white < 60, "{header}");
    pl.end();
}
