//! What a search reports back: a progress report after each iteration, and the outcome.
//! Scores are numbers ([`Score`]); their text in each dialect is `notation::score`'s.

use crate::notation::score::{Bound, Score};
use crate::rules::Move;
use std::time::Duration;

/// A progress report: sent after every completed iteration (and on a new best move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub time: Duration,
    /// Transposition table fill in permille.
    pub hashfull: u32,
    pub pv: Vec<Move>,
    /// Which of the best lines this is (1 = the best; above 1 only with MultiPV).
    pub multipv: u32,
}

impl SearchInfo {
    pub fn nps(&self) -> u64 {
        let secs = self.time.as_secs_f64();
        if secs > 0.0 { (self.nodes as f64 / secs) as u64 } else { 0 }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when the side to move has no legal move.
    pub best: Option<Move>,
    /// The expected reply (for pondering and `hint`).
    pub ponder: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
    /// The move came from the opening book, not from a search.
    pub book: bool,
    /// With MultiPV, the best lines found, best first (the first is `score` and `pv`);
    /// otherwise empty.
    pub lines: Vec<PvLine>,
}

/// One of the best lines of a MultiPV search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    pub score: Score,
    /// The depth this line was last completed at.
    pub depth: u32,
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// A move and nothing more (no score, no line, no nodes): the book's move, or what a
    /// front end plays when the search gave nothing usable, rather than lose on time.
    pub fn bare(best: Option<Move>, time: Duration) -> SearchResult {
        SearchResult {
            best,
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            time,
            pv: Vec::new(),
            book: false,
            lines: Vec::new(),
        }
    }
}
