//! Game records other shogi programs read and write: KIF (`kif`), CSA (`csa`), USI move
//! lists and SFEN (`usi`). One [`Record`] type stands between them and the game: a reader
//! checks every move with the rules core and gives a `Record`, a writer takes one.

use crate::game::{Game, Outcome};
use crate::rules::{Move, Position};
use std::time::Duration;

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
