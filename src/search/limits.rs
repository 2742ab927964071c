//! What a protocol asks of a search: the limits of one search and the clock it budgets.

use crate::rules::Move;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The front end's word that the predicted move was played: a ponder search becomes a timed
/// one, on the clock it was given with `go ponder` or on the one that came with the hit (USI
/// `ponderhit btime … wtime …`, which GUIs send when `go ponder` had no clock).
#[derive(Debug, Default)]
pub struct PonderHit {
    hit: AtomicBool,
    clock: Mutex<Option<Clock>>,
}

impl PonderHit {
    /// The hit, with the clock from now on if the front end gave one.
    pub fn hit(&self, clock: Option<Clock>) {
        if let Some(c) = clock {
            *self.clock.lock().unwrap_or_else(|e| e.into_inner()) = Some(c);
        }
        self.hit.store(true, Ordering::Release);
    }

    pub(crate) fn is_hit(&self) -> bool {
        self.hit.load(Ordering::Acquire)
    }

    /// The clock that came with the hit, if any.
    pub fn clock(&self) -> Option<Clock> {
        *self.clock.lock().unwrap_or_else(|e| e.into_inner())
    }
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

    /// A search on this clock alone, which the time management budgets.
    pub fn clock(clock: Clock) -> SearchLimits {
        SearchLimits { clock: Some(clock), ..SearchLimits::default() }
    }
}
