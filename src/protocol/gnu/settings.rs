//! The settings: the time control, the depth, the clocks, the numbers and the toggles.

use super::Interp;
use super::command::{ClockTime, Pair, Setting, Toggle};
use super::display::Surface;
use crate::engine::clock::{MAX_CENTIS, TimeControl, from_centis};
use crate::rules::EnteringKingRule;
use std::time::Instant;

impl<D: Surface> Interp<'_, D> {
    pub(super) fn level(&mut self, control: TimeControl) {
        self.play.clocks.set_control(control);
        self.log.turn_start = Instant::now();
        self.out.level_set(&self.play.clocks);
    }

    pub(super) fn setting(&mut self, s: Setting, v: i32) {
        match s {
            Setting::Contempt => {
                // The parser kept it within its limits.
                self.search.contempt = v;
                self.play.engine_mut().set_contempt(self.search.contempt);
                self.confirm("contempt", &v.to_string());
            }
            Setting::ResignValue => {
                self.play.engine_mut().set_resign_value(v.unsigned_abs());
                let never =
                    self.play.engine().options().resign_value >= crate::engine::resign::NEVER;
                let what = if never { format!("{v} (never resign)") } else { v.to_string() };
                self.confirm("resignvalue", &what);
            }
            Setting::Xwndw => {
                self.inert.xwndw = v;
                self.confirm(
                    "xwndw",
                    &format!("{v} (no effect: this search sets its own windows)"),
                );
            }
        }
    }

    /// `enteringking RULE`: the rule the search scores by, the computer claims by and the
    /// game is judged by; without a rule, the one in force and the choices.
    pub(super) fn set_entering_king(&mut self, rule: Option<EnteringKingRule>) {
        match rule {
            Some(rule) => {
                self.play.rules_mut().entering_king = rule;
                self.confirm("enteringking", rule.name());
            }
            None => {
                let names: Vec<&str> = EnteringKingRule::ALL.iter().map(|r| r.name()).collect();
                let now = self.play.game().rules.entering_king.name();
                self.reply(&format!("enteringking: {now} (one of {})", names.join(", ")));
            }
        }
    }

    pub(super) fn set_pair(&mut self, p: Pair, values: [i32; 2]) {
        let [a, b] = values;
        let why = self.inert.set_pair(p, values);
        self.confirm(p.limits()[0].name, &format!("{a} {b} (no effect: {why})"));
    }

    /// `time N` / `otime N [MOVES]`: the computer's or the user's clock.
    pub(super) fn set_time(&mut self, t: ClockTime, computer: bool) {
        let name = if computer { "time" } else { "otime" };
        let side = if computer { self.seats.computer } else { !self.seats.computer };
        // Exactly the time given: nothing of the clock's microseconds is kept.
        self.play.clocks.set_left(side, from_centis(t.total().clamp(0, MAX_CENTIS)));
        if t.moves > 0 {
            self.play.clocks.set_moves_left(side, t.moves);
        }
        self.out.time_set(name, t.centis, t.moves);
    }

    pub(super) fn toggle(&mut self, t: Toggle) {
        let (name, on, note) = match t {
            Toggle::Post => {
                self.shown.post = !self.shown.post;
                ("post", self.shown.post, "")
            }
            Toggle::NoPost => {
                self.shown.post = false;
                ("post", false, "")
            }
            // xshogi sends `easy` meaning "no pondering"; people get the man page's toggle.
            Toggle::Easy => {
                self.search.easy = !self.people() || !self.search.easy;
                ("easy", self.search.easy, "")
            }
            Toggle::Hard => {
                self.search.easy = false;
                ("easy", false, "")
            }
            Toggle::Book => {
                self.search.book = !self.search.book;
                self.play.engine_mut().set_use_book(self.search.book);
                ("book", self.search.book, "")
            }
            Toggle::Hash => {
                self.search.hash = !self.search.hash;
                self.play.engine_mut().set_use_hash(self.search.hash);
                ("hash", self.search.hash, "")
            }
            Toggle::Tsume => {
                self.search.tsume = !self.search.tsume;
                ("tsume", self.search.tsume, "")
            }
            Toggle::Rcptr => {
                self.inert.rcptr = !self.inert.rcptr;
                (
                    "rcptr",
                    self.inert.rcptr,
                    " (no effect: the recapture extension is not a setting of this search)",
                )
            }
            Toggle::GameIn => {
                let game_in = !self.play.clocks.game_in();
                self.play.clocks.set_game_in(game_in);
                ("gamein", game_in, "")
            }
            Toggle::Material => {
                self.inert.material = !self.inert.material;
                (
                    "material",
                    self.inert.material,
                    " (no effect: in shogi captured pieces come back into play, so there is no \
                     draw for lack of material)",
                )
            }
            Toggle::Coords => {
                self.shown.view.coords = !self.shown.view.coords;
                self.redraw();
                ("coords", self.shown.view.coords, "")
            }
            Toggle::Reverse => {
                self.shown.view.reverse = !self.shown.view.reverse;
                self.redraw();
                ("reverse", self.shown.view.reverse, "")
            }
            Toggle::Stars => {
                self.shown.view.stars = !self.shown.view.stars;
                self.redraw();
                ("stars", self.shown.view.stars, "")
            }
            Toggle::Beep => {
                self.shown.beep = !self.shown.beep;
                ("beep", self.shown.beep, "")
            }
            Toggle::Force => {
                self.seats.force = if self.people() { !self.seats.force } else { true };
                self.seats.both = false;
                if self.seats.force {
                    // In force mode the computer is the side that is not to move.
                    self.seats.computer = !self.play.game().position().side_to_move();
                }
                ("force", self.seats.force, "")
            }
            Toggle::ShowBoard => {
                self.shown.showboard = !self.shown.showboard;
                ("showboard", self.shown.showboard, "")
            }
        };
        self.confirm(name, &format!("{}{note}", on_off(on)));
    }
}

pub(super) fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}
