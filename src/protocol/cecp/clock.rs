//! The clocks as XBoard sets them (`level`, `st`, `time`, `otim`), with the shared
//! [`TimeControl`] and its one conversion into [`SearchLimits`]. The search keeps its own move
//! overhead; this side adds a margin for `st`, where XBoard flags an engine at the first
//! millisecond over.

use crate::engine::clock::{ClockReading, TimeControl};
use crate::search::SearchLimits;
use std::time::Duration;

/// Kept back from an `st` time, on top of the search's move overhead: XBoard measures the
/// reply, pipes and scheduling included, and forfeits at once.
const ST_MARGIN_MIN: Duration = Duration::from_millis(100);
/// The same margin as a share of the time (1/20 = 5 %).
const ST_MARGIN_SHARE: u32 = 20;

/// The time control and both clocks (as last told by `time`/`otim`, or as kept here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    pub control: TimeControl,
    pub own: Duration,
    pub opponent: Duration,
}

impl Default for Clocks {
    /// GNU Shogi's default: 40 moves in 5 minutes.
    fn default() -> Self {
        let mut c = Clocks {
            control: TimeControl::x_default(),
            own: Duration::ZERO,
            opponent: Duration::ZERO,
        };
        c.reset();
        c
    }
}

impl Clocks {
    /// Both clocks back to the start of a game.
    pub fn reset(&mut self) {
        let base = match &self.control {
            TimeControl::PerMove(t) => *t,
            TimeControl::Tournament { periods, .. } => periods[0].time,
        };
        self.own = base;
        self.opponent = base;
    }

    pub fn set_control(&mut self, control: TimeControl) {
        self.control = control;
        self.reset();
    }

    /// The limits of a search for the engine's next move; `own_moves` is how many moves the
    /// engine's side has made in the game so far.
    pub fn limits(&self, own_moves: usize, depth: Option<u32>) -> SearchLimits {
        // Never claim the last move of a session: a miscount would spend the clock.
        let moves_to_go = self
            .control
            .first_period()
            .filter(|p| p.moves > 0)
            .map(|p| (p.moves - (own_moves % p.moves as usize) as u32).max(2));
        let reading = ClockReading { own: self.own, opponent: self.opponent, moves_to_go };
        let mut limits = self.control.search_limits(reading, depth);
        if let Some(t) = limits.move_time {
            let margin = (t / ST_MARGIN_SHARE).max(ST_MARGIN_MIN).min(t / 4);
            limits.move_time = Some(t.saturating_sub(margin));
        }
        limits
    }

    /// Keeps the engine's clock after one of its moves, for when XBoard sends no `time`.
    /// `own_moves` counts the move just made.
    pub fn after_own_move(&mut self, used: Duration, own_moves: usize) {
        if let Some(p) = self.control.first_period() {
            self.own = self.own.saturating_sub(used) + self.control.increment();
            if p.moves > 0 && own_moves.is_multiple_of(p.moves as usize) {
                self.own += p.time;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(moves: u32, base: u64, inc_ms: u64) -> TimeControl {
        TimeControl::session(moves, Duration::from_secs(base), Duration::from_millis(inc_ms))
    }

    #[test]
    fn per_move_keeps_a_margin() {
        let mut c = Clocks::default();
        c.set_control(TimeControl::PerMove(Duration::from_secs(1)));
        assert_eq!(c.limits(0, None).move_time, Some(Duration::from_millis(900)));
        c.set_control(TimeControl::PerMove(Duration::from_secs(10)));
        assert_eq!(c.limits(0, Some(3)).move_time, Some(Duration::from_millis(9500)));
        assert_eq!(c.limits(0, Some(3)).depth, Some(3));
    }

    #[test]
    fn sessions_count_moves_to_go() {
        let mut c = Clocks::default();
        c.set_control(level(40, 30, 0));
        let mtg = |c: &Clocks, n| c.limits(n, None).clock.unwrap().moves_to_go;
        assert_eq!(mtg(&c, 0), Some(40));
        assert_eq!(mtg(&c, 10), Some(30));
        assert_eq!(mtg(&c, 39), Some(2));
        assert_eq!(mtg(&c, 40), Some(40));
        c.set_control(level(0, 10, 100));
        assert_eq!(mtg(&c, 5), None);
        assert_eq!(c.limits(5, None).clock.unwrap().increment, Duration::from_millis(100));
    }

    #[test]
    fn own_clock_is_kept() {
        let mut c = Clocks::default();
        c.set_control(level(2, 10, 500));
        c.after_own_move(Duration::from_secs(3), 1);
        assert_eq!(c.own, Duration::from_millis(7500));
        c.after_own_move(Duration::from_secs(3), 2);
        assert_eq!(c.own, Duration::from_secs(15));
    }
}
