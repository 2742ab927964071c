//! The settings: the time control, the depth, the clocks, the numbers and the toggles.

use super::Interp;
use super::command::{ClockTime, Pair, Setting, Toggle};
use super::display::Display;
use crate::engine::clock::{MAX_CENTIS, TimeControl};
use std::time::Instant;

impl<D: Display> Interp<'_, D> {
    pub(super) fn level(&mut self, control: TimeControl) {
        self.clocks.set_control(control);
        self.turn_start = Instant::now();
        self.out.level_set(&self.clocks);
    }

    pub(super) fn setting(&mut self, s: Setting, v: i32) {
        match s {
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
        }
    }

    pub(super) fn set_pair(&mut self, p: Pair, values: [i32; 2]) {
        match p {
            Pair::Awindow => {
                self.awindow = values;
                self.note("windows recorded; this search sets its own aspiration windows");
            }
            Pair::Bwindow => {
                self.bwindow = values;
                self.note("windows recorded; this search sets its own aspiration windows");
            }
            Pair::HashDepth => {
                self.hashdepth = values;
                self.note("recorded; these limits were for the hash file, which this version does not keep");
            }
        }
    }

    /// `time N` / `otime N [MOVES]`: the computer's or the user's clock.
    pub(super) fn set_time(&mut self, t: ClockTime, computer: bool) {
        let name = if computer { "time" } else { "otime" };
        let side = if computer { self.computer } else { !self.computer };
        self.clocks.remaining[side.index()] = t.total().clamp(0, MAX_CENTIS);
        if t.moves > 0 {
            self.clocks.moves_left[side.index()] = t.moves;
        }
        self.out.time_set(name, t.centis, t.moves);
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
