//! Both sides' clocks under a time control, in centiseconds as GNU Shogi keeps them, with the
//! microseconds below them kept too, so that a server counting in milliseconds is followed
//! exactly.

use super::control::{ClockReading, TimeControl};
use crate::rules::Color;
use crate::search::SearchLimits;
use std::time::Duration;

/// The most a clock holds: 10000 hours, in centiseconds.
pub const MAX_CENTIS: i64 = 10_000 * 3600 * 100;

/// Both sides' clocks under a time control, in centiseconds.
#[derive(Clone, Debug)]
pub struct Clocks {
    control: TimeControl,
    /// Remaining time of each side, centiseconds (may go below zero when a side overstepped).
    remaining: [i64; 2],
    /// Moves each side still has to make in its current period.
    moves_left: [u32; 2],
    /// Time each side has spent on its moves since the start, centiseconds: what the clock
    /// line shows when there are no clocks (a fixed time a move).
    used: [i64; 2],
    /// Index of each side's current period.
    period: [usize; 2],
    /// `gamein`: the time is for the whole game, whatever the period says.
    game_in: bool,
    /// Each side's increment, added after each of its moves: the control's, unless a server
    /// gives the sides different ones.
    increments: [Duration; 2],
    /// Each side's byoyomi: the time every move gets once its clock is spent (a server's
    /// rule; none by default). A side with byoyomi never goes below zero.
    byoyomi: [Duration; 2],
    /// The microseconds of each side's time below the centiseconds of `remaining` (0 to
    /// 9999): a server counting in milliseconds is followed exactly, move after move.
    residue: [i64; 2],
}

impl Clocks {
    pub fn new(control: TimeControl) -> Clocks {
        let mut c = Clocks {
            control: TimeControl::raw_default(),
            remaining: [0, 0],
            moves_left: [0, 0],
            used: [0, 0],
            period: [0, 0],
            game_in: false,
            increments: [Duration::ZERO; 2],
            byoyomi: [Duration::ZERO; 2],
            residue: [0; 2],
        };
        c.set_control(control);
        c
    }

    /// Back to the start of the control for both sides.
    pub fn reset(&mut self) {
        self.period = [0, 0];
        self.used = [0, 0];
        self.residue = [0, 0];
        match &self.control {
            TimeControl::PerMove(_) => {
                self.remaining = [0, 0];
                self.moves_left = [0, 0];
            }
            TimeControl::Tournament { periods, .. } => {
                let p = periods[0];
                let cs = centis(p.time);
                self.remaining = [cs, cs];
                self.moves_left = [p.moves, p.moves];
            }
        }
    }

    /// A new control for both sides: its increment, no byoyomi, the clocks reset.
    pub fn set_control(&mut self, control: TimeControl) {
        self.increments = [control.increment(); 2];
        self.byoyomi = [Duration::ZERO; 2];
        self.control = control;
        self.reset();
    }

    pub fn on(&self) -> bool {
        self.control.clocks_on()
    }

    /// `side` spent `used` on a move: takes it off its clock, adds the increment, and moves
    /// to the next period when this one is done. Returns the time left (centiseconds) before
    /// the next period's time is added, as the move announcements show it.
    pub fn spend(&mut self, side: Color, used: Duration) -> i64 {
        let i = side.index();
        self.used[i] = self.used[i].saturating_add(centis(used)).min(MAX_CENTIS);
        let TimeControl::Tournament { periods, .. } = &self.control else {
            return self.remaining[i];
        };
        let mut left = self
            .micros(i)
            .saturating_sub(micros(used))
            .saturating_add(micros(self.increments[i]))
            .min(MAX_CENTIS * 10_000);
        if !self.byoyomi[i].is_zero() {
            // What went past the clock came out of the byoyomi.
            left = left.max(0);
        }
        let (remaining, residue) = (left.div_euclid(10_000), left.rem_euclid(10_000));
        (self.remaining[i], self.residue[i]) = (remaining, residue);
        let shown = self.remaining[i];
        if self.game_in || periods[self.period[i]].moves == 0 {
            // The rest of the game: no next period.
            return shown;
        }
        self.moves_left[i] = self.moves_left[i].saturating_sub(1);
        if self.moves_left[i] == 0 {
            let next = (self.period[i] + 1).min(periods.len() - 1);
            self.period[i] = next;
            let p = periods[next];
            self.remaining[i] = self.remaining[i].saturating_add(centis(p.time)).min(MAX_CENTIS);
            self.moves_left[i] = p.moves;
        }
        shown
    }

    /// Sets a side's time left as someone else keeps it (XBoard's `time` and `otim`, the
    /// text modes' `time` and `otime`, a saved game's clocks, a server's clock): exactly
    /// `left`, nothing of what the clock held before kept below its centiseconds.
    pub fn set_left(&mut self, side: Color, left: Duration) {
        self.set_micros(side.index(), micros(left).min(MAX_CENTIS * 10_000));
    }

    /// Takes `used` off a side's clock without counting a move (a pause in the middle of
    /// one).
    pub fn take(&mut self, side: Color, used: Duration) {
        let i = side.index();
        self.set_micros(i, self.micros(i).saturating_sub(micros(used)).max(0));
    }

    /// A side's time in microseconds.
    fn micros(&self, i: usize) -> i64 {
        self.remaining[i].saturating_mul(10_000).saturating_add(self.residue[i])
    }

    fn set_micros(&mut self, i: usize, us: i64) {
        self.remaining[i] = us.div_euclid(10_000);
        self.residue[i] = us.rem_euclid(10_000);
    }

    /// Sets a side's period and moves left from the moves it has made since the start, for
    /// front ends whose game record can change under the clocks (`undo`, `setboard`).
    pub fn sync_moves(&mut self, side: Color, made: usize) {
        let TimeControl::Tournament { periods, .. } = &self.control else { return };
        let i = side.index();
        let mut made = made;
        let mut period = 0;
        loop {
            let moves = periods[period].moves as usize;
            if moves == 0 {
                self.moves_left[i] = 0;
                break;
            }
            if made < moves {
                self.moves_left[i] = u32::try_from(moves - made).unwrap_or(u32::MAX);
                break;
            }
            made -= moves;
            period = (period + 1).min(periods.len() - 1);
        }
        self.period[i] = period;
    }

    /// Remaining time of a side, never below zero.
    pub fn left(&self, side: Color) -> Duration {
        let us = self.micros(side.index()).clamp(0, MAX_CENTIS * 10_000);
        Duration::from_micros(u64::try_from(us).unwrap_or(0))
    }

    /// The search limits for `side`'s move: its clock, the other's, the moves left in its
    /// period (none under `gamein`), its increment and byoyomi.
    pub fn search_limits(&self, side: Color, depth: Option<u32>) -> SearchLimits {
        let i = side.index();
        let reading = ClockReading {
            own: self.left(side),
            opponent: self.left(!side),
            // 0 only in a period for the rest of the game.
            moves_to_go: Some(self.moves_left[i]).filter(|&m| !self.game_in && m > 0),
            increment: self.increments[i],
            byoyomi: self.byoyomi[i],
        };
        self.control.search_limits(reading, depth)
    }

    /// The time control in force.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// A side's time left in centiseconds, as the clocks show it: below zero when it
    /// overstepped, and without the microseconds below the last centisecond.
    pub fn remaining(&self, side: Color) -> i64 {
        self.remaining[side.index()]
    }

    /// The moves a side still has to make in its current period (0 in a period for the rest
    /// of the game).
    pub fn moves_left(&self, side: Color) -> u32 {
        self.moves_left[side.index()]
    }

    /// Sets the moves a side has to make in its current period (a saved game's, `time N
    /// MOVES`).
    pub fn set_moves_left(&mut self, side: Color, moves: u32) {
        self.moves_left[side.index()] = moves;
    }

    /// The time a side has spent on its moves since the start, in centiseconds.
    pub fn used(&self, side: Color) -> i64 {
        self.used[side.index()]
    }

    /// `gamein`: the first period's time is for the whole game, its moves do not count.
    pub fn game_in(&self) -> bool {
        self.game_in
    }

    pub fn set_game_in(&mut self, game_in: bool) {
        self.game_in = game_in;
    }

    /// A side's increment, added after each of its moves.
    pub fn increment_of(&self, side: Color) -> Duration {
        self.increments[side.index()]
    }

    /// Gives a side an increment of its own (a server's rule), until the next control.
    pub fn set_increment(&mut self, side: Color, increment: Duration) {
        self.increments[side.index()] = increment;
    }

    /// A side's byoyomi: the time each move gets once its clock is spent.
    pub fn byoyomi_of(&self, side: Color) -> Duration {
        self.byoyomi[side.index()]
    }

    /// Gives a side byoyomi (a server's rule), until the next control.
    pub fn set_byoyomi(&mut self, side: Color, byoyomi: Duration) {
        self.byoyomi[side.index()] = byoyomi;
    }
}

/// A duration in microseconds.
fn micros(d: Duration) -> i64 {
    i64::try_from(d.as_micros()).unwrap_or(i64::MAX / 4)
}

/// `cs` centiseconds as a duration (none below zero).
pub fn from_centis(cs: i64) -> Duration {
    Duration::from_millis(u64::try_from(cs).unwrap_or(0).saturating_mul(10))
}

/// A duration in centiseconds.
pub fn centis(d: Duration) -> i64 {
    i64::try_from(d.as_millis() / 10).unwrap_or(i64::MAX / 4)
}
