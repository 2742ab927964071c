//! Game records for `--make-book`: USI move lists (one game a line, as in
//! `games/games.tsv`, `usi.rs`), CSA files (`csa.rs`) and KIF files (`kif.rs`, in UTF-8 or
//! Shift-JIS, `sjis.rs`). Only games from the standard start position are read; every move is
//! checked legal, and a game with an unreadable or illegal move is left out with a message
//! saying where.

mod csa;
mod kif;
mod sjis;
mod usi;

pub use sjis::decode_japanese;

use crate::rules::{Color, IllegalMove, Move, Position};
use std::fmt;
use std::path::Path;

/// How a game ended, as far as the record says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win(Color),
    Draw,
    Unknown,
}

impl GameResult {
    /// The score of `side`: 1 for a win, 1/2 for a draw (in halves: 2, 1, 0); `None` if
    /// the result is unknown.
    pub fn half_points(self, side: Color) -> Option<u32> {
        match self {
            GameResult::Win(c) if c == side => Some(2),
            GameResult::Win(_) => Some(0),
            GameResult::Draw => Some(1),
            GameResult::Unknown => None,
        }
    }
}

/// One game from the standard start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Where it came from (`file:line` or `file#game`).
    pub name: String,
    pub moves: Vec<Move>,
    pub result: GameResult,
}

/// The kinds of record file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// `startpos moves 7g7f 3c3d ...`, one game a line, an optional result after a tab.
    UsiList,
    Csa,
    Kif,
}

impl Format {
    /// From the file name, else from the content.
    pub fn detect(path: &Path, data: &[u8]) -> Format {
        match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("csa") => return Format::Csa,
            Some("kif" | "kifu") => return Format::Kif,
            Some("tsv" | "usi" | "txt") => return Format::UsiList,
            _ => {}
        }
        let text = String::from_utf8_lossy(&data[..data.len().min(4096)]);
        if text.lines().any(|l| l.starts_with("PI") || l.starts_with("P1") || csa::is_csa_move(l)) {
            Format::Csa
        } else if text.lines().any(|l| l.contains("startpos") || l.starts_with("sfen ")) {
            Format::UsiList
        } else {
            Format::Kif
        }
    }
}

/// What a file gave: its games and the reasons some were left out.
#[derive(Clone, Debug, Default)]
pub struct Records {
    pub games: Vec<GameRecord>,
    pub problems: Vec<String>,
}

/// Reads the games of one record file.
pub fn parse_records(name: &str, data: &[u8], format: Format) -> Records {
    parse_records_with_progress(name, data, format, &mut |_| {})
}

/// [`parse_records`], telling `progress` how many more bytes were read as it goes (for a
/// progress bar); the amounts add up to `data.len()`.
pub fn parse_records_with_progress(
    name: &str,
    data: &[u8],
    format: Format,
    progress: &mut dyn FnMut(usize),
) -> Records {
    let mut done = 0;
    let mut tick = |n: usize| {
        let n = n.min(data.len() - done);
        done += n;
        progress(n);
    };
    let records = match format {
        Format::UsiList => usi::parse(name, data, &mut tick),
        Format::Csa => csa::parse(name, data, &mut tick),
        Format::Kif => kif::parse(name, &decode_japanese(data)),
    };
    tick(usize::MAX);
    records
}

/// A move of a record that is not legal where it stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 1-based.
    pub number: usize,
    pub mv: Move,
    pub error: IllegalMove,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} {}: {}", self.number, self.mv, self.error)
    }
}

impl std::error::Error for ReplayError {}

/// Plays moves from the start, each checked; says which one fails.
struct Replay {
    pos: Position,
    moves: Vec<Move>,
}

impl Replay {
    fn new() -> Replay {
        Replay { pos: Position::startpos(), moves: Vec::new() }
    }

    fn side(&self) -> Color {
        self.pos.side_to_move()
    }

    fn play(&mut self, m: Move) -> Result<(), ReplayError> {
        self.pos.check_move(m).map_err(|error| ReplayError {
            number: self.moves.len() + 1,
            mv: m,
            error,
        })?;
        self.pos.play_unchecked(m);
        self.moves.push(m);
        Ok(())
    }
}

/// The moves in USI, for the format tests to compare with.
#[cfg(test)]
fn usi_strings(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}
