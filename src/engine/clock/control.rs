//! The model of a time control: a fixed time a move, or periods of moves in a time with an
//! increment; and the one conversion of a control and a clock reading into search limits.

use crate::search::{Clock, SearchLimits};
use std::time::Duration;

/// One period of a tournament control: `moves` moves in `time`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// Moves in the period; 0 means the rest of the game (XBoard's `level 0 …`).
    pub moves: u32,
    pub time: Duration,
}

/// What the clocks say when the computer is to think: its own time left, the opponent's, and
/// the moves to the next control (`None`: the time is for the rest of the game).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ClockReading {
    pub own: Duration,
    pub opponent: Duration,
    pub moves_to_go: Option<u32>,
    /// Added after the move (Fischer).
    pub increment: Duration,
    /// The time the move gets once `own` is spent.
    pub byoyomi: Duration,
}

/// How the computer's thinking time is set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// No clock: this long for every move (`gnushogi 30`, `level 0 0:30`).
    PerMove(Duration),
    /// Clocks: the periods in order, the last repeating; `increment` is added after each
    /// move (Fischer, `level f5 10`).
    Tournament { periods: Vec<Period>, increment: Duration },
}

impl TimeControl {
    /// The raw mode's default: 15 seconds a move, clocks off.
    pub fn raw_default() -> TimeControl {
        TimeControl::PerMove(Duration::from_secs(15))
    }

    /// The X display's default: 40 moves in 5 minutes.
    pub fn x_default() -> TimeControl {
        TimeControl::Tournament {
            periods: vec![Period { moves: 40, time: Duration::from_secs(300) }],
            increment: Duration::ZERO,
        }
    }

    /// XBoard's `level MPS BASE INC`: MPS moves in BASE (0: the whole game), INC a move.
    pub fn session(moves: u32, base: Duration, increment: Duration) -> TimeControl {
        TimeControl::Tournament { periods: vec![Period { moves, time: base }], increment }
    }

    pub fn clocks_on(&self) -> bool {
        matches!(self, TimeControl::Tournament { .. })
    }

    pub fn increment(&self) -> Duration {
        match self {
            TimeControl::Tournament { increment, .. } => *increment,
            TimeControl::PerMove(_) => Duration::ZERO,
        }
    }

    /// The limits of a search for the computer's move: the one place a time control becomes
    /// search limits, for every front end. `clock` is ignored under a fixed time a move.
    pub fn search_limits(&self, clock: ClockReading, depth: Option<u32>) -> SearchLimits {
        let mut limits = SearchLimits { depth, ..SearchLimits::default() };
        match self {
            TimeControl::PerMove(d) => limits.move_time = Some(*d),
            TimeControl::Tournament { .. } => {
                limits.clock = Some(Clock {
                    remaining: clock.own,
                    increment: clock.increment,
                    moves_to_go: clock.moves_to_go,
                    byoyomi: clock.byoyomi,
                    opponent_remaining: Some(clock.opponent),
                });
            }
        }
        limits
    }
}
