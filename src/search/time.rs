//! Time management: turns [`SearchLimits`] into a soft target and a hard deadline.
//!
//! The hard deadline is never crossed: the search polls it every few thousand nodes. The soft
//! target is where an iteration should not start anew; it stretches when the best move keeps
//! changing and shrinks when it is stable.

use super::limits::{Clock, SearchLimits};
use std::time::{Duration, Instant};

/// Kept back from every budget for the time from the hard deadline to the move's arrival
/// over the pipe: the poll that sees the deadline, the threads' ending, the printing and the
/// reader's wake-up. Measured through the referee at 1 s a move with no margin, on the
/// 2-core machine at a load of 3.5 to 6: the move arrived 6 ms after the deadline at the
/// median, 23 ms at the 99th percentile, 24 ms at worst (165 moves); 40 ms covers that.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(40);
/// Moves assumed left in a game without a moves-to-go count.
const DEFAULT_MOVES_TO_GO: u32 = 30;
/// The hard limit may use at most this share of the remaining clock (percent).
const MAX_SHARE_OF_CLOCK: u32 = 35;
/// The hard limit is this many times the soft target.
const HARD_TO_SOFT: u32 = 4;

#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    budget: Budget,
    /// Pondering: no limits until ponderhit resets `start`.
    pondering: bool,
}

/// What one search may spend.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Budget {
    /// Where an iteration should not start anew (scaled by the best move's instability).
    soft: Option<Duration>,
    /// Never crossed.
    hard: Option<Duration>,
    /// Time that costs nothing to spend (byoyomi that would be lost, a fixed time a move):
    /// no iteration stops before it, however stable the best move.
    floor: Duration,
}

impl TimeManager {
    /// The clock runs from `start`, when the search was asked for: whatever delayed it (a
    /// table still being built, a busy machine) is spent from its time too.
    pub fn new(limits: &SearchLimits, overhead: Duration, start: Instant) -> TimeManager {
        TimeManager { start, budget: budget(limits, overhead), pondering: limits.ponder }
    }

    /// The opponent played the predicted move: the clock starts now; a clock given with the
    /// hit replaces the budget `go ponder` gave.
    pub fn ponderhit(&mut self, clock: Option<Clock>, overhead: Duration) {
        self.pondering = false;
        self.start = Instant::now();
        if let Some(c) = clock {
            self.budget = clock_budget(&c, overhead);
        }
    }

    pub(crate) fn is_pondering(&self) -> bool {
        self.pondering
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// True once the hard deadline has passed.
    pub fn hard_expired(&self) -> bool {
        !self.pondering && self.budget.hard.is_some_and(|h| self.start.elapsed() >= h)
    }

    /// True if a new iteration should not be started. `scale` is in percent (100 = normal)
    /// and grows with the instability of the best move.
    pub fn soft_expired(&self, scale: u32) -> bool {
        let Budget { soft, floor, .. } = self.budget;
        !self.pondering
            && soft.is_some_and(|s| self.start.elapsed() >= (s * scale / 100).max(floor))
    }

    pub(crate) fn has_deadline(&self) -> bool {
        self.budget.hard.is_some()
    }
}

/// The hard deadline a search with these limits keeps to (`None`: it runs until stopped). The
/// front ends watch it from outside too, so that a search that overran is stopped.
pub fn hard_limit(limits: &SearchLimits, overhead: Duration) -> Option<Duration> {
    let limits = SearchLimits { ponder: false, ..limits.clone() };
    budget(&limits, overhead).hard
}

fn budget(limits: &SearchLimits, overhead: Duration) -> Budget {
    if limits.infinite {
        return Budget::default();
    }
    if let Some(t) = limits.move_time {
        // Keep a margin that grows with the time but leaves most of it to think; a fixed
        // time unused is lost, so all of it is spent.
        let margin = overhead.min(t / 4);
        let hard = t.saturating_sub(margin).max(Duration::from_millis(1));
        return Budget { soft: Some(hard), hard: Some(hard), floor: hard };
    }
    match limits.clock {
        Some(clock) => clock_budget(&clock, overhead),
        None => Budget::default(),
    }
}

fn clock_budget(c: &Clock, overhead: Duration) -> Budget {
    let mtg = c.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 80);
    // What is safe to spend on this move: the clock and byoyomi, less the one margin for the
    // reply.
    let available = (c.remaining + c.byoyomi).saturating_sub(overhead);
    // Byoyomi is spent only once the clock is: a main time no longer than one byoyomi
    // period is spent whole with it (what is left of it would be lost with the period), and
    // below one period nothing is saved.
    let floor = if c.byoyomi.is_zero() {
        Duration::ZERO
    } else if c.remaining <= c.byoyomi {
        available
    } else {
        c.byoyomi.min(available)
    };
    let soft = c.remaining / (mtg + 2) + c.increment * 3 / 4 + c.byoyomi;
    let cap = if mtg == 1 {
        // The last move before the control: everything but the margin may go.
        available
    } else {
        c.remaining * MAX_SHARE_OF_CLOCK / 100 + c.byoyomi
    };
    let hard = (soft * HARD_TO_SOFT).min(cap).min(available).max(floor);
    let hard = hard.max(Duration::from_millis(1));
    Budget { soft: Some(soft.min(hard)), hard: Some(hard), floor }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(secs: f64, inc: f64, mtg: Option<u32>, byo: f64) -> SearchLimits {
        let s = Duration::from_secs_f64;
        let (remaining, increment, byoyomi) = (s(secs), s(inc), s(byo));
        SearchLimits::clock(Clock {
            remaining,
            increment,
            moves_to_go: mtg,
            byoyomi,
            ..Clock::default()
        })
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
            let b = budget(&clock(secs, inc, mtg, byo), DEFAULT_MOVE_OVERHEAD);
            let (soft, hard) = (b.soft.unwrap(), b.hard.unwrap());
            let allowed = Duration::from_secs_f64(secs + byo);
            assert!(soft <= hard && b.floor <= hard, "{secs} {inc} {mtg:?} {byo}");
            assert!(
                hard <= allowed.max(Duration::from_millis(1)),
                "{secs} {inc} {mtg:?} {byo}: {hard:?}"
            );
        }
    }

    #[test]
    fn fixed_time_keeps_a_margin() {
        let overhead = Duration::from_millis(60);
        let b = budget(&SearchLimits::move_time(Duration::from_secs(1)), overhead);
        assert_eq!(b.hard, Some(Duration::from_millis(940)));
        assert_eq!(b.floor, Duration::from_millis(940));
        let b = budget(&SearchLimits::move_time(Duration::from_millis(100)), overhead);
        assert_eq!(b.hard, Some(Duration::from_millis(75)));
    }

    #[test]
    fn byoyomi_alone_is_spent_to_the_margin() {
        let overhead = Duration::from_millis(60);
        let b = budget(&clock(0.0, 0.0, None, 1.0), overhead);
        let all = Duration::from_millis(940);
        assert_eq!((b.soft, b.hard, b.floor), (Some(all), Some(all), all));
        // A main time no longer than the period is spent with it.
        let b = budget(&clock(0.8, 0.0, None, 1.0), overhead);
        assert_eq!(b.floor, Duration::from_millis(1740));
        // A longer one is budgeted, but never below the period.
        let b = budget(&clock(60.0, 0.0, None, 1.0), overhead);
        assert_eq!(b.floor, Duration::from_secs(1));
        assert!(b.soft.unwrap() > Duration::from_secs(2));
    }

    #[test]
    fn sudden_death_keeps_a_reserve() {
        let overhead = Duration::from_millis(60);
        for secs in [60.0, 10.0, 1.0, 0.2] {
            let b = budget(&clock(secs, 0.0, None, 0.0), overhead);
            let clock = Duration::from_secs_f64(secs);
            assert_eq!(b.floor, Duration::ZERO);
            assert!(b.hard.unwrap() <= clock * MAX_SHARE_OF_CLOCK / 100, "{secs}");
        }
    }
}
