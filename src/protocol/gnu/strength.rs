//! `strength`: how well the computer plays, from 0 (a beginner) to 20 (full strength, the
//! default). The original's `level` (the clock) and `depth` keep their meanings; a level
//! below 20 caps the search further and chooses among several good moves.

use super::Interp;
use super::display::Surface;
use crate::engine::strength::{MAX_SKILL, elo_of};

/// A level as said back: its Elo when one was measured for it.
fn described(level: u8) -> String {
    match elo_of(level) {
        Some(elo) => format!("{level} (about {elo} Elo)"),
        None => format!("{level} (full strength)"),
    }
}

impl<D: Surface> Interp<'_, D> {
    /// The strength chosen outside the commands (the full screen's start menu).
    pub fn set_strength(&mut self, level: u8) {
        self.play.engine_mut().set_strength(level);
    }

    /// `strength N` sets the level; `strength` alone shows it and the range.
    pub(super) fn strength(&mut self, level: Option<u8>) {
        match level {
            Some(level) => {
                self.play.engine_mut().set_strength(level);
                self.confirm("strength", &described(level));
            }
            None => {
                let now = described(self.play.engine().strength());
                self.reply(&format!(
                    "strength: {now} (0 to {MAX_SKILL}; {MAX_SKILL}: full strength)"
                ));
            }
        }
    }
}
