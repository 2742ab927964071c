//! A time control and the clocks in text: in words (what `level` confirms, the clock line of
//! the board), and in the forms game records state (KIF's `持ち時間：`, CSA's main time and
//! byoyomi). The record forms' own text is `notation`'s; `notation`, below the engine, cannot
//! name these types, so the reading of a control into them is here.

use super::clocks::Clocks;
use super::control::{Period, TimeControl};
use crate::rules::Color;
use std::fmt;
use std::time::Duration;

impl TimeControl {
    /// The control as KIF's `持ち時間：` says it
    /// ([`time_control_text`](crate::notation::kif::time_control_text)).
    pub fn kif_text(&self) -> String {
        use crate::notation::kif::time_control_text;
        match self {
            TimeControl::PerMove(d) => time_control_text(&[(1, *d)], Duration::ZERO, false),
            TimeControl::Tournament { periods, increment } => {
                let periods: Vec<(u32, Duration)> =
                    periods.iter().map(|p| (p.moves, p.time)).collect();
                // A period for the whole game (`level 0 5`, Fischer's) says no moves.
                let whole =
                    matches!(periods[..], [(moves, _)] if moves >= 1000 || !increment.is_zero());
                time_control_text(&periods, *increment, whole)
            }
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::PerMove(d) => write!(f, "{} a move", fmt_duration(*d)),
            TimeControl::Tournament { periods, increment } => {
                for (i, p) in periods.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", then ")?;
                    }
                    let unit = if p.moves == 1 { "move" } else { "moves" };
                    write!(f, "{} {unit} in {}", p.moves, fmt_duration(p.time))?;
                }
                if !increment.is_zero() {
                    write!(f, " + {} a move", fmt_duration(*increment))?;
                }
                Ok(())
            }
        }
    }
}

fn fmt_duration(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 60 { format!("{}:{:02} min", s / 60, s % 60) } else { format!("{s} s") }
}

impl Clocks {
    /// The control in the form CSA records state (main time and byoyomi, the same for both
    /// sides), if it has one: a fixed time a move is byoyomi alone; one period for the whole
    /// game is main time, with the byoyomi a server gave.
    pub fn csa_limit(&self) -> Option<crate::notation::csa::TimeLimit> {
        use crate::notation::csa::TimeLimit;
        let [byoyomi, other] = Color::ALL.map(|side| self.byoyomi_of(side));
        if Color::ALL.iter().any(|&side| !self.increment_of(side).is_zero()) || byoyomi != other {
            return None;
        }
        match self.control() {
            TimeControl::PerMove(d) => TimeLimit::new(Duration::ZERO, *d),
            TimeControl::Tournament { periods, increment } if increment.is_zero() => {
                match periods[..] {
                    [Period { time, .. }, ..] if self.game_in() => TimeLimit::new(time, byoyomi),
                    [Period { moves, time }] if moves == 0 || moves >= 1000 => {
                        TimeLimit::new(time, byoyomi)
                    }
                    _ => None,
                }
            }
            TimeControl::Tournament { .. } => None,
        }
    }

    /// The time control in words, as `level` confirms it: under `gamein` the first period's
    /// time is for the whole game, and its moves do not count.
    pub fn describe(&self) -> String {
        match self.control() {
            TimeControl::Tournament { periods, increment } if self.game_in() => {
                let mut t =
                    format!("{} for the whole game (gamein)", fmt_duration(periods[0].time));
                if !increment.is_zero() {
                    t.push_str(&format!(" + {} a move", fmt_duration(*increment)));
                }
                t
            }
            control => control.to_string(),
        }
    }

    /// `M:SS` of a side's clock, as the board header shows it: the time left, or with no
    /// clocks (a fixed time a move) the time it has used.
    pub fn mmss(&self, side: Color) -> String {
        let shown = if self.on() { self.remaining(side) } else { self.used(side) };
        let cs = shown.max(0);
        format!("{}:{:02}", cs / 6000, (cs % 6000) / 100)
    }
}
