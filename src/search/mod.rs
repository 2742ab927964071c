//! The search: iterative deepening, principal-variation alpha-beta with aspiration
//! windows, quiescence, and the usual pruning and ordering heuristics, over shared
//! transposition table threads (Lazy SMP).
//!
//! Scores are centipawns from the side to move's view; mates are `±(MATE - ply)`.
//! Repetition inside the tree is a draw (contempt applied), except a cycle in which one side
//! checked on every move: that side loses, as sennichite rules it.
//!
//! One job a room, as Stockfish splits it: `threads` is the entry (root moves, helper
//! threads, the result), `iterate` deepens at the root, `node` searches one node (and its
//! quiescence), `see` judges exchanges; `tt`, `time` and `limits` as named, `info` what a
//! search reports. `worker` holds a thread's state, made of parts that each have a room of
//! their own: `history` (the tables ordering learns), `movepick` (a node's move buffer, which
//! orders its moves), `stack` (what each ply keeps), `repetition` (the positions along the
//! path) and `pv` (the lines found). Its scores are numbers, `notation::score`'s [`Score`]: the
//! text of a score in each dialect is there too, never here.

mod info;
pub mod limits;
pub mod time;
pub mod tt;

mod history;
mod iterate;
mod movepick;
mod node;
mod pv;
mod repetition;
mod see;
mod stack;
mod threads;
mod tuning;
mod worker;

pub use crate::notation::score::{Bound, Score};
pub use history::{TablePool, Tables};
pub use info::{PvLine, SearchInfo, SearchResult};
pub use limits::{Clock, MAX_MULTIPV, PonderHit, SearchLimits};
pub use see::{capture_value, see_ge};
pub use threads::think;
pub use time::{DEFAULT_MOVE_OVERHEAD, TimeManager};
pub use tt::TranspositionTable;
pub use tuning::{Tunable, Tuning};

use crate::eval::nnue::Network;
use crate::rules::EnteringKingRule;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub(crate) const MAX_PLY: usize = 128;
pub(crate) const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub(crate) const MATE_IN_MAX: i32 = MATE - MAX_PLY as i32;
pub(crate) const INFINITE: i32 = MATE + 1;
/// A won position that is not a mate (the opponent checks perpetually).
const DECISIVE: i32 = 20_000;

/// Everything a search needs from its owner.
pub struct SearchContext<'a> {
    pub tt: &'a TranspositionTable,
    /// Set from outside to stop at once (`?`, `stop`, `quit`).
    pub stop: &'a AtomicBool,
    /// Set from outside when a ponder search becomes a real one.
    pub ponderhit: &'a PonderHit,
    pub threads: usize,
    /// Draw score in centipawns, from the engine's view: positive avoids draws.
    pub contempt: i32,
    pub move_overhead: Duration,
    /// Move-ordering tables, reused from search to search.
    pub tables: &'a TablePool,
    /// Scores the entering-king wins in the tree (a declaration, a king on its try square).
    pub entering_king: EnteringKingRule,
    /// The learned evaluation, when the engine has one; otherwise the table's.
    pub network: Option<&'a Network>,
    /// When the search was asked for: its clock runs from here.
    pub clock_start: Instant,
    /// The margins and reductions to search with.
    pub tuning: Tuning,
}

#[inline]
fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_IN_MAX {
        score + ply as i32
    } else if score <= -MATE_IN_MAX {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_IN_MAX {
        score - ply as i32
    } else if score <= -MATE_IN_MAX {
        score + ply as i32
    } else {
        score
    }
}

/// Converts an internal score to a reported one.
pub(crate) fn to_score(v: i32) -> Score {
    if v >= MATE_IN_MAX {
        Score::Mate(MATE - v)
    } else if v <= -MATE_IN_MAX {
        Score::Mate(-(MATE + v))
    } else {
        Score::Cp(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::notation::{parse_sfen, parse_usi_move};

    fn run(sfen: &str, depth: u32) -> SearchResult {
        let tt = TranspositionTable::new(16);
        let stop = AtomicBool::new(false);
        let hit = PonderHit::default();
        let network = crate::eval::nnue::Network::random(7);
        let ctx = SearchContext {
            tt: &tt,
            stop: &stop,
            ponderhit: &hit,
            threads: 1,
            contempt: 0,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            tables: &TablePool::default(),
            entering_king: EnteringKingRule::default(),
            // The searches of these tests check every incremental evaluation against a fresh
            // one (`Worker::evaluate`).
            network: Some(&network),
            clock_start: Instant::now(),
            tuning: Tuning::default(),
        };
        let game = Game::new(parse_sfen(sfen).unwrap());
        think(&game, &SearchLimits::depth(depth), &ctx, &mut |_| {})
    }

    #[test]
    fn finds_mate_in_one() {
        // Gold drop on 5b mates (protected by the pawn on 5c).
        let r = run("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 4);
        assert_eq!(r.best, parse_usi_move("G*5b").map(|m| m.shape()));
        assert_eq!(r.score, Score::Mate(1));
    }

    #[test]
    fn takes_a_hanging_rook() {
        let r = run("4k4/9/9/9/4r4/9/4B4/9/4K4 b - 1", 3);
        assert_ne!(r.best, None);
    }
}
