//! Game records other shogi programs read and write: KIF (`kif`, Shift-JIS `.kif` or UTF-8
//! `.kifu`), CSA (`csa`), USI move lists (`usi`). One [`Record`] type stands between them and
//! the game: a reader checks every move with the rules core and gives a `Record`, a writer
//! takes one. [`read()`] and [`write()`] choose the reader or writer by [`Format`]; `doc/records.md`
//! says what each format keeps.

pub mod csa;
mod format;
pub mod kif;
pub mod sjis;
pub mod usi;

pub use format::{Format, read, read_with_warnings, write};

use super::FileError;
use crate::game::{Game, Outcome};
use crate::rules::handicap::Handicap;
use crate::rules::{Move, Position};
use std::time::Duration;

pub use crate::notation::csa::TimeLimit;

/// A whole game as a record holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The position before the first move (the standard one, a handicap, or any other).
    pub start: Position,
    pub headers: Headers,
    /// Comment lines before the first move.
    pub comments: Vec<String>,
    pub moves: Vec<RecordMove>,
    /// How the game ended, when the record says (or the game knows).
    pub outcome: Option<Outcome>,
}

/// The header fields players expect to see and GUIs fill in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Headers {
    /// When the game started.
    pub date: Option<chrono::NaiveDateTime>,
    /// The player of Black (sente, the side that moves first in an even game).
    pub black: Option<String>,
    /// The player of White (gote; the handicap giver in a handicap game).
    pub white: Option<String>,
    pub event: Option<String>,
    pub site: Option<String>,
    /// The time control as words, for example "40 moves in 5 minutes".
    pub time_control: Option<String>,
    /// The time control in CSA's form, when it has one (main time and byoyomi).
    pub time_limit: Option<TimeLimit>,
}

/// One move of a record with what the record says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    pub mv: Move,
    /// Thinking time spent on the move, when known.
    pub time: Option<Duration>,
    /// Comment lines after the move (KIF `*` lines, CSA `'` lines), without their marker.
    pub comments: Vec<String>,
}

impl RecordMove {
    pub fn new(mv: Move) -> RecordMove {
        RecordMove { mv, time: None, comments: Vec::new() }
    }
}

impl Record {
    /// A record of `game` with no headers, times or comments.
    pub fn from_game(game: &Game) -> Record {
        Record {
            start: game.start().clone(),
            headers: Headers::default(),
            comments: Vec::new(),
            moves: game.moves().iter().map(|&m| RecordMove::new(m)).collect(),
            outcome: game.outcome(),
        }
    }

    /// The standard handicap the record starts from, if it does (the giver is White).
    pub fn handicap(&self) -> Option<Handicap> {
        Handicap::of(&self.start)
    }

    /// The position after the last move.
    pub fn end_position(&self) -> Position {
        self.moves.iter().fold(self.start.clone(), |pos, m| pos.played(m.mv))
    }

    /// The game the record describes. Readers have checked every move, so this cannot fail
    /// on a record they gave.
    pub fn game(&self) -> Game {
        let mut game = Game::new(self.start.clone());
        for m in &self.moves {
            game.play_unchecked(m.mv);
        }
        game
    }
}

/// Plays a record's moves as a reader finds them, each checked by the rules.
pub(crate) struct Replay {
    pub pos: Position,
    pub record: Record,
}

impl Replay {
    pub fn new(start: Position, headers: Headers, comments: Vec<String>) -> Replay {
        Replay {
            pos: start.clone(),
            record: Record { start, headers, comments, moves: Vec::new(), outcome: None },
        }
    }

    /// Plays `m` if it is legal here; `text` is the move as written, for the message.
    pub fn play(&mut self, m: Move, text: &str, line: usize) -> Result<(), FileError> {
        self.pos.check_move(m).map_err(|e| {
            FileError::new(line, format!("move {} '{text}': {e}", self.record.moves.len() + 1))
        })?;
        self.pos.play_unchecked(m);
        self.record.moves.push(RecordMove::new(m));
        Ok(())
    }

    /// The comments go to the last move, or before the first.
    pub fn comment(&mut self, text: String) {
        match self.record.moves.last_mut() {
            Some(m) => m.comments.push(text),
            None => self.record.comments.push(text),
        }
    }
}

/// Header and comment text as one line: line breaks and other control characters, which
/// would end the line early, become spaces.
pub(crate) fn one_line(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// `2026/11/23 10:00:00`, the date form of KIF and CSA.
pub(crate) fn format_date(date: &chrono::NaiveDateTime) -> String {
    date.format("%Y/%m/%d %H:%M:%S").to_string()
}

/// Reads `2026/11/23 10:00:00`, without the seconds, or a date alone (midnight); `-` may
/// stand for `/`. `None` for anything else: a date is worth keeping, not refusing a file for.
pub(crate) fn parse_date(text: &str) -> Option<chrono::NaiveDateTime> {
    let text = text.trim().replace('-', "/");
    for form in ["%Y/%m/%d %H:%M:%S", "%Y/%m/%d %H:%M"] {
        if let Ok(d) = chrono::NaiveDateTime::parse_from_str(&text, form) {
            return Some(d);
        }
    }
    let date = text.split_whitespace().next()?;
    chrono::NaiveDate::parse_from_str(date, "%Y/%m/%d").ok()?.and_hms_opt(0, 0, 0)
}
