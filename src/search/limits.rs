//! What a protocol asks of a search, and what the search reports back.

use crate::rules::Move;
use std::fmt;
use std::time::Duration;

/// A score from the side to move's point of view. Centipawns (100 = one pawn), or a
/// forced mate counted in plies (positive: the side to move mates).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many plies; negative when the side to move is mated.
    Mate(i32),
}

impl Score {
    /// Mate distance in moves (rounded up), signed like the plies.
    pub fn mate_moves(self) -> Option<i32> {
        match self {
            Score::Mate(p) if p > 0 => Some((p + 1) / 2),
            Score::Mate(p) => Some(-((-p + 1) / 2)),
            Score::Cp(_) => None,
        }
    }

    /// XBoard's convention: centipawns, or ±(100000 + moves to mate).
    pub fn to_xboard(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(p) if p > 0 => 100_000 + (p + 1) / 2,
            Score::Mate(p) => -(100_000 + (-p + 1) / 2),
        }
    }
}

impl fmt::Display for Score {
    /// USI form: `cp 35` or `mate 5` / `mate -4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(p) => write!(f, "mate {p}"),
        }
    }
}

/// Whether a reported score is exact or only a bound (after an aspiration fail).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// A clock: the engine's remaining time and how it is replenished.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the engine's clock.
    pub remaining: Duration,
    /// Added after each of the engine's moves (Fischer).
    pub increment: Duration,
    /// Moves until the next time control (`None`: the rest of the game).
    pub moves_to_go: Option<u32>,
    /// Byoyomi: time per move once `remaining` is spent.
    pub byoyomi: Duration,
    /// The opponent's remaining time, if known.
    pub opponent_remaining: Option<Duration>,
}

/// The most lines a MultiPV search gives.
pub const MAX_MULTIPV: usize = 100;

/// The limits of one search. All `None`/`false` means "until stopped".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Stop after completing this depth (plies).
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// A fixed time for this move (`st`, `movetime`); the search answers within it, with a
    /// safety margin.
    pub move_time: Option<Duration>,
    /// A clock to budget (`level`/`time`, `btime`/`wtime`/`byoyomi`).
    pub clock: Option<Clock>,
    /// Search until stopped (analysis, `go infinite`).
    pub infinite: bool,
    /// Pondering: no time limit until the front end says the predicted move was played,
    /// after which the other limits apply from that moment.
    pub ponder: bool,
    /// Only these root moves (`exclude`/`include`, `searchmoves`); `None` means all.
    pub root_moves: Option<Vec<Move>>,
    /// How many best lines to search (MultiPV); 0 leaves it to the engine's setting, which
    /// the search itself reads as 1.
    pub multipv: usize,
}

impl SearchLimits {
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits { depth: Some(depth), ..SearchLimits::default() }
    }

    pub fn move_time(time: Duration) -> SearchLimits {
        SearchLimits { move_time: Some(time), ..SearchLimits::default() }
    }

    pub fn infinite() -> SearchLimits {
        SearchLimits { infinite: true, ..SearchLimits::default() }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_convert() {
        assert_eq!(Score::Mate(1).mate_moves(), Some(1));
        assert_eq!(Score::Mate(3).mate_moves(), Some(2));
        assert_eq!(Score::Mate(-2).mate_moves(), Some(-1));
        assert_eq!(Score::Mate(5).to_xboard(), 100_003);
        assert_eq!(Score::Mate(-4).to_xboard(), -100_002);
        assert_eq!(Score::Cp(-35).to_xboard(), -35);
        assert_eq!(Score::Cp(12).to_string(), "cp 12");
    }
}
