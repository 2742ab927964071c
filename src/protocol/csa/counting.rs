//! How a CSA server counts the time of a move (shogi-server's and floodgate's rules), and
//! the limits that keep the engine's moves inside them: the server, not the engine's clock,
//! judges a move lost on time.

use crate::engine::clock::Clocks;
use crate::rules::Color;
use crate::search::SearchLimits;
use std::time::Duration;

/// How a server counts the time of a move (the CSA protocol's `Time_Unit`,
/// `Least_Time_Per_Move` and `Time_Roundup`): in whole units, the rest cut off or rounded up,
/// and never fewer than the least.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Counting {
    pub unit: Duration,
    /// Units a move is charged at least.
    pub least: u64,
    /// A started unit counts whole (otherwise it is cut off).
    pub round_up: bool,
}

impl Default for Counting {
    /// Whole seconds, cut off, no least time: shogi-server's and floodgate's.
    fn default() -> Counting {
        Counting { unit: Duration::from_secs(1), least: 0, round_up: false }
    }
}

impl Counting {
    /// The units charged for a move that took `elapsed`.
    pub fn charged(&self, elapsed: Duration) -> u64 {
        let unit = self.unit.as_nanos().max(1);
        let (whole, part) = (elapsed.as_nanos() / unit, elapsed.as_nanos() % unit);
        let units = if self.round_up && part > 0 { whole + 1 } else { whole };
        u64::try_from(units).unwrap_or(u64::MAX).max(self.least)
    }

    /// `units` as a duration.
    pub fn duration(&self, units: u64) -> Duration {
        let nanos = self.unit.as_nanos().saturating_mul(u128::from(units));
        Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
    }

    /// The whole units in `d` (the rest cut off).
    pub fn units(&self, d: Duration) -> u64 {
        u64::try_from(d.as_nanos() / self.unit.as_nanos().max(1)).unwrap_or(u64::MAX)
    }

    /// The longest a move may take and be charged fewer than `units`; `None` when even an
    /// instant move is charged that many.
    pub fn longest_below(&self, units: u64) -> Option<Duration> {
        if units == 0 || self.least >= units {
            return None;
        }
        if self.round_up {
            // A started unit counts: the move must end within the units before the last.
            Some(self.duration(units - 1))
        } else {
            // The last unit may be started, not finished.
            Some(self.duration(units).saturating_sub(Duration::from_nanos(1)))
        }
    }
}

/// Makes a search's time fit in `budget`, the longest the move may take: the clock's excess
/// comes off its byoyomi first, then off the time left; a fixed time a move is cut to it.
pub fn keep_within(limits: &mut SearchLimits, budget: Duration) {
    if let Some(t) = &mut limits.move_time {
        *t = (*t).min(budget);
    }
    if let Some(c) = &mut limits.clock {
        let excess = (c.remaining + c.byoyomi).saturating_sub(budget);
        let from_byoyomi = excess.min(c.byoyomi);
        c.byoyomi -= from_byoyomi;
        c.remaining = c.remaining.saturating_sub(excess - from_byoyomi);
    }
}

/// The longest `side`'s move may take before a server that judges time as shogi-server does
/// (see [`server_limits`]) calls it lost on time, as the server measures it.
pub(crate) fn server_deadline(
    clocks: &Clocks,
    side: Color,
    counting: &Counting,
    delay: Duration,
) -> Duration {
    let allowed = clocks.left(side) + clocks.increment_of(side) + clocks.byoyomi_of(side);
    counting.longest_below(counting.units(allowed)).map_or(Duration::ZERO, |d| d + delay)
}

/// The search limits for `side`'s move when a server judges its time as shogi-server does:
/// the move loses once the time charged for it (by `counting`, after `delay`) reaches the
/// clock plus the increment plus the byoyomi. The search keeps `margin` short of that, for
/// the network and the server's own delays.
pub fn server_limits(
    clocks: &Clocks,
    side: Color,
    counting: &Counting,
    delay: Duration,
    margin: Duration,
) -> SearchLimits {
    let mut limits = clocks.search_limits(side, None);
    let deadline = server_deadline(clocks, side, counting, delay);
    if let Some(c) = &mut limits.clock {
        // The server counts this move's increment before it judges the time.
        c.remaining += c.increment;
        c.byoyomi += delay;
    }
    keep_within(&mut limits, deadline.saturating_sub(margin));
    limits
}
