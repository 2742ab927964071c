//! Time management: turns [`SearchLimits`] into a soft target and a hard deadline.
//!
//! The hard deadline is never crossed: the search polls it every few thousand nodes. The soft
//! target is where an iteration should not start anew; it stretches when the best move keeps
//! changing and shrinks when it is stable.

use super::limits::{Clock, SearchLimits};
use std::time::{Duration, Instant};

/// Kept back from every budget for the time it takes to print a move and for the GUI.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(60);
/// Moves assumed left in a game without a moves-to-go count.
const DEFAULT_MOVES_TO_GO: u32 = 30;
/// The hard limit may use at most this share of the remaining clock (percent).
const MAX_SHARE_OF_CLOCK: u32 = 35;
/// The hard limit is this many times the soft target.
const HARD_TO_SOFT: u32 = 4;

#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// Pondering: no limits until ponderhit resets `start`.
    pondering: bool,
}

impl TimeManager {
    pub fn new(limits: &SearchLimits, overhead: Duration) -> TimeManager {
        let (soft, hard) = budget(limits, overhead);
        TimeManager { start: Instant::now(), soft, hard, pondering: limits.ponder }
    }

    /// The opponent played the predicted move: the clock starts now; a clock given with the
    /// hit replaces the budget `go ponder` gave.
    pub fn ponderhit(&mut self, clock: Option<Clock>, overhead: Duration) {
        self.pondering = false;
        self.start = Instant::now();
        if let Some(c) = clock {
            let (soft, hard) = clock_budget(&c, overhead);
            (self.soft, self.hard) = (Some(soft), Some(hard));
        }
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// True once the hard deadline has passed.
    pub fn hard_expired(&self) -> bool {
        !self.pondering && self.hard.is_some_and(|h| self.start.elapsed() >= h)
    }

    /// True if a new iteration should not be started. `scale` is in percent (100 = normal)
    /// and grows with the instability of the best move.
    pub fn soft_expired(&self, scale: u32) -> bool {
        !self.pondering && self.soft.is_some_and(|s| self.start.elapsed() >= s * scale / 100)
    }

    pub fn has_deadline(&self) -> bool {
        self.hard.is_some()
    }
}

/// The hard deadline a search with these limits keeps to (`None`: it runs until stopped). The
/// front ends watch it from outside too, so that a search that overran is stopped.
pub fn hard_limit(limits: &SearchLimits, overhead: Duration) -> Option<Duration> {
    let limits = SearchLimits { ponder: false, ..limits.clone() };
    budget(&limits, overhead).1
}

fn budget(limits: &SearchLimits, overhead: Duration) -> (Option<Duration>, Option<Duration>) {
    if limits.infinite {
        return (None, None);
    }
    if let Some(t) = limits.move_time {
        // Keep a margin that grows with the time but leaves most of it to think.
        let margin = overhead.min(t / 4);
        let hard = t.saturating_sub(margin).max(Duration::from_millis(1));
        return (Some(hard), Some(hard));
    }
    match limits.clock {
        Some(clock) => {
            let (soft, hard) = clock_budget(&clock, overhead);
            (Some(soft), Some(hard))
        }
        None => (None, None),
    }
}

fn clock_budget(c: &Clock, overhead: Duration) -> (Duration, Duration) {
    let mtg = c.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 80);
    // What is safe to spend on this move: the clock (minus the margin) plus byoyomi.
    let available = c.remaining.saturating_sub(overhead) + c.byoyomi.saturating_sub(overhead);
    let soft = c.remaining / (mtg + 2) + c.increment * 3 / 4 + c.byoyomi * 9 / 10;
    let mut hard = soft * HARD_TO_SOFT;
    let cap = if mtg == 1 {
        // The last move before the control: everything but the margin may go.
        available
    } else {
        c.remaining.saturating_sub(overhead) * MAX_SHARE_OF_CLOCK / 100
            + c.byoyomi.saturating_sub(overhead)
    };
    hard = hard.min(cap).min(available).max(Duration::from_millis(1));
    let soft = soft.min(hard);
    (soft, hard)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(secs: f64, inc: f64, mtg: Option<u32>, byo: f64) -> SearchLimits {
        SearchLimits {
            clock: Some(Clock {
                remaining: Duration::from_secs_f64(secs),
                increment: Duration::from_secs_f64(inc),
                moves_to_go: mtg,
                byoyomi: Duration::from_secs_f64(byo),
                opponent_remaining: None,
            }),
            ..SearchLimits::default()
        }
    }

    #[test]
    fn hard_limit_is_the_budget_even_while_pondering() {
        let mut limits = clock(10.0, 0.1, None, 0.0);
        let (_, hard) = budget(&limits, DEFAULT_MOVE_OVERHEAD);
        limits.ponder = true;
        assert_eq!(hard_limit(&limits, DEFAULT_MOVE_OVERHEAD), hard);
        assert!(hard.is_some());
        assert_eq!(hard_limit(&SearchLimits::infinite(), DEFAULT_MOVE_OVERHEAD), None);
    }

    #[test]
    fn hard_limit_never_exceeds_what_the_clock_allows() {
        for (secs, inc, mtg, byo) in [
            (10.0, 0.1, None, 0.0),
            (0.3, 0.1, None, 0.0),
            (30.0, 0.0, Some(1), 0.0),
            (30.0, 0.0, Some(40), 0.0),
            (0.0, 0.0, None, 3.0),
            (0.05, 0.0, None, 0.0),
        ] {
            let (soft, hard) = budget(&clock(secs, inc, mtg, byo), DEFAULT_MOVE_OVERHEAD);
            let (soft, hard) = (soft.unwrap(), hard.unwrap());
            let allowed = Duration::from_secs_f64(secs + byo);
            assert!(soft <= hard, "{secs} {inc} {mtg:?} {byo}");
            assert!(
                hard <= allowed.max(Duration::from_millis(1)),
                "{secs} {inc} {mtg:?} {byo}: {hard:?}"
            );
        }
    }

    #[test]
    fn fixed_time_keeps_a_margin() {
        let (_, hard) =
            budget(&SearchLimits::move_time(Duration::from_secs(1)), DEFAULT_MOVE_OVERHEAD);
        assert_eq!(hard, Some(Duration::from_millis(940)));
        let (_, hard) =
            budget(&SearchLimits::move_time(Duration::from_millis(100)), DEFAULT_MOVE_OVERHEAD);
        assert_eq!(hard, Some(Duration::from_millis(75)));
    }
}
