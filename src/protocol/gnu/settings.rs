//! The settings: the time control, the depth, the clocks, the numbers and the toggles.

use super::command::{Setting, Toggle};
use super::display::Display;
use super::{Interp, MAX_DEPTH, Prompt};
use std::time::Instant;

impl<D: Display> Interp<'_, D> {
    pub(super) fn level(&mut self, text: &str) {
        match crate::engine::clock::parse_level(text) {
            Ok(tc) => {
                self.clocks.set_control(tc);
                self.turn_start = Instant::now();
                self.out.level_set(&self.clocks);
            }
            Err(e) => self.line(&format!("level: {e}")),
        }
    }

    pub(super) fn setting(&mut self, s: Setting, text: &str) {
        let mut words = text.split_whitespace();
        let first = words.next().unwrap_or("");
        let Ok(v) = first.parse::<i32>() else {
            self.line(&format!("'{first}' is not a number; nothing changed"));
            return;
        };
        match s {
            Setting::Depth => {
                if !(0..=MAX_DEPTH as i32).contains(&v) {
                    self.line(&format!("depth: 1 to {MAX_DEPTH} (0: the deepest), not {v}"));
                } else {
                    self.depth = if v == 0 { MAX_DEPTH } else { v as u32 };
                }
            }
            Setting::Contempt => {
                self.contempt = v.clamp(-1000, 1000);
                self.engine.set_contempt(self.contempt);
            }
            Setting::Xwndw => {
                self.xwndw = v;
                self.note(
                    "xwndw recorded; this search sets its own windows, so nothing else changes",
                );
            }
            Setting::Awindow | Setting::Bwindow | Setting::HashDepth => match words.next() {
                Some(second) => self.second_setting(s, v, second),
                None => self.ask(Prompt::Second(s, v)),
            },
        }
    }

    pub(super) fn second_setting(&mut self, s: Setting, first: i32, text: &str) {
        let Ok(second) = text.trim().parse::<i32>() else {
            self.line(&format!("'{}' is not a number; nothing changed", text.trim()));
            return;
        };
        match s {
            Setting::Awindow => {
                self.awindow = [first, second];
                self.note("windows recorded; this search sets its own aspiration windows");
            }
            Setting::Bwindow => {
                self.bwindow = [first, second];
                self.note("windows recorded; this search sets its own aspiration windows");
            }
            _ => {
                self.hashdepth = [first, second];
                self.note("recorded; these limits were for the hash file, which this version does not keep");
            }
        }
    }

    /// `time N` / `otime N [MOVES]`: a clock in centiseconds.
    pub(super) fn set_time(&mut self, text: &str, computer: bool) {
        let name = if computer { "time" } else { "otime" };
        let mut words = text.split_whitespace();
        let first = words.next().unwrap_or("");
        // `N:SS` was written by some clients; the seconds part adds to N centiseconds.
        let (cs, extra) = match first.split_once(':') {
            Some((a, b)) => (a.parse::<i64>(), b.parse::<i64>().unwrap_or(0).saturating_mul(100)),
            None => (first.parse::<i64>(), 0),
        };
        let Ok(cs) = cs else {
            self.line(&format!("{name}: '{first}' is not a time in centiseconds"));
            return;
        };
        let moves = words.next().and_then(|w| w.parse::<u32>().ok()).unwrap_or(0);
        let side = if computer { self.computer } else { !self.computer };
        self.clocks.remaining[side.index()] =
            cs.saturating_add(extra).clamp(0, crate::engine::clock::MAX_CENTIS);
        if moves > 0 {
            self.clocks.moves_left[side.index()] = moves;
        }
        self.out.time_set(name, cs, moves);
    }

    pub(super) fn toggle(&mut self, t: Toggle) {
        match t {
            Toggle::Post => self.post = !self.post,
            Toggle::NoPost => self.post = false,
            // xshogi sends `easy` meaning "no pondering"; people get the man page's toggle.
            Toggle::Easy => self.easy = !self.people() || !self.easy,
            Toggle::Hard => self.easy = false,
            Toggle::Book => {
                self.book = !self.book;
                self.engine.set_use_book(self.book);
                let b = on_off(self.book);
                self.note(&format!("Book: {b}"));
            }
            Toggle::Hash => {
                self.hash = !self.hash;
                self.engine.set_use_hash(self.hash);
                let h = on_off(self.hash);
                self.note(&format!("Hash table: {h}"));
            }
            Toggle::Tsume => {
                self.tsume = !self.tsume;
                let t = on_off(self.tsume);
                self.note(&format!(
                    "Tsume: {t} (the computer first looks for a forced mate, by checks only)"
                ));
            }
            Toggle::Rcptr => {
                self.rcptr = !self.rcptr;
                self.note(
                    "rcptr: recorded; the recapture extension is not a setting of this search",
                );
            }
            Toggle::GameIn => {
                self.clocks.game_in = !self.clocks.game_in;
                let g = on_off(self.clocks.game_in);
                self.note(&format!("Game in: {g} (the clock time is for the whole game)"));
            }
            Toggle::Material => {
                self.material = !self.material;
                self.note(
                    "material: no effect: in shogi captured pieces come back into play, so \
                     there is no draw for lack of material",
                );
            }
            Toggle::Coords => {
                self.view.coords = !self.view.coords;
                self.redraw();
            }
            Toggle::Reverse => {
                self.view.reverse = !self.view.reverse;
                self.redraw();
            }
            Toggle::Stars => {
                self.view.stars = !self.view.stars;
                self.redraw();
            }
            Toggle::Beep => self.beep = !self.beep,
            Toggle::Force => {
                self.force = if self.people() { !self.force } else { true };
                self.both = false;
                if self.force {
                    // In force mode the computer is the side that is not to move.
                    self.computer = !self.game.position().side_to_move();
                }
                let f = on_off(self.force);
                self.note(&format!("Force: {f}"));
            }
        }
    }
}

pub(super) fn on_off(b: bool) -> &'static str {
    if b { "ON" } else { "OFF" }
}
