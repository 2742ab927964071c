//! The searches of the CECP state machine: starting the one the mode asks for (a move,
//! pondering, analysis) and printing what comes of them.

use super::*;
use crate::play::{Start, Update};
use crate::search::SearchLimits;
use std::time::Duration;

/// Kept back from an `st` time, on top of the search's move overhead: XBoard measures the
/// reply, pipes and scheduling included, and forfeits at once.
const ST_MARGIN_MIN: Duration = Duration::from_millis(100);
/// The same margin as a share of the time (1/20 = 5 %).
const ST_MARGIN_SHARE: u32 = 20;

impl<W: Write> Cecp<W> {
    /// Moves made by `side` in the game so far.
    pub(super) fn moves_by(game: &Game, side: Color) -> usize {
        let ply = game.ply();
        game.positions()[..ply].iter().filter(|p| p.side_to_move() == side).count()
    }

    /// The root moves left after `exclude`; `None` when nothing is excluded.
    pub(super) fn root_moves(&self) -> Option<Vec<Move>> {
        if self.excluded.is_empty() {
            return None;
        }
        let moves = legal_moves(self.game().position());
        Some(moves.into_iter().filter(|m| !self.excluded.contains(m)).collect())
    }

    /// The limits of `side`'s search in `game`, from the clocks as XBoard keeps them: the
    /// moves to the control counted from the game (never fewer than two, so that a
    /// miscount cannot spend the whole clock), and a margin off a fixed time a move.
    fn limits(&mut self, game_moves: usize, side: Color) -> SearchLimits {
        let clocks = &mut self.play.clocks;
        clocks.sync_moves(side, game_moves);
        let mut limits = clocks.search_limits(side, self.depth);
        if let Some(c) = &mut limits.clock {
            c.moves_to_go = c.moves_to_go.map(|m| m.max(2));
        }
        if let Some(t) = limits.move_time {
            let margin = (t / ST_MARGIN_SHARE).max(ST_MARGIN_MIN).min(t / 4);
            limits.move_time = Some(t.saturating_sub(margin));
        }
        limits
    }

    /// Starts the search the mode asks for, if none runs.
    pub(super) fn resume_play(&mut self) {
        if self.play.task().is_some() || self.paused || self.refused || self.edit.is_some() {
            return;
        }
        match self.mode {
            Mode::Force => {}
            // After the end of input only moves still owed are made.
            Mode::Analyzing if self.eof => {}
            Mode::Analyzing => {
                let root = self.root_moves();
                let count = root
                    .as_ref()
                    .map_or_else(|| legal_moves(self.game().position()).len(), Vec::len);
                if count > 0 {
                    self.play.analyze(SearchLimits { root_moves: root, ..SearchLimits::default() });
                }
            }
            Mode::Playing(side) => {
                if claimable(self.game()).is_some() {
                    return;
                }
                if self.game().position().side_to_move() == side {
                    let own = Self::moves_by(self.game(), side);
                    let mut limits = self.limits(own, side);
                    limits.root_moves = self.root_moves();
                    if let Start::Declared(_) = self.play.think(limits) {
                        // A winning declaration ends the game instead of a move.
                        self.declared(side);
                    }
                } else if self.ponder && !self.eof {
                    self.start_ponder(side);
                }
            }
        }
    }

    fn declared(&mut self, winner: Color) {
        self.send(Reply::Result(Outcome::Win {
            winner,
            reason: crate::game::WinReason::Declaration,
        }));
        self.mode = Mode::Force;
    }

    pub(super) fn start_ponder(&mut self, side: Color) {
        let Some(predicted) = self.play.expected() else { return };
        // The clock as it will be after the predicted move.
        let mut after = self.game().clone();
        after.play_unchecked(predicted);
        let own = Self::moves_by(&after, side);
        let limits = self.limits(own, side);
        self.play.ponder(limits);
    }

    /// Prints what a search led to, and goes on with the game.
    pub(super) fn on_update(&mut self, update: Update) {
        match update {
            Update::Info { info, task } => {
                let (show, prefix) = match task {
                    Task::Move => (self.post, None),
                    Task::Ponder { predicted } => (self.post, predicted),
                    Task::Analyze | Task::Mate => (true, None),
                };
                if show {
                    self.send(Reply::Thinking(ThinkingLine::from_info(&info, prefix)));
                }
            }
            Update::Moved { mv, replaced, .. } => {
                if let Some(bad) = replaced
                    && self.debug
                {
                    let text = format_xboard_move(bad);
                    self.send(Reply::Debug(format!("search returned an unplayable move {text}")));
                }
                self.excluded.clear();
                self.send(Reply::Move(mv));
                if let Some(o) = claimable(self.game()) {
                    self.send(Reply::Result(o));
                } else {
                    self.offer_draw_if_drawn();
                }
                self.resume_play();
            }
            Update::Resigned { .. } => {
                // The game is over for the engine: it waits for XBoard's `result` or `new`.
                self.send(Reply::Resign);
                self.mode = Mode::Force;
            }
            Update::NoMove { .. } => {
                if let Some(o) = self.game().outcome() {
                    self.send(Reply::Result(o));
                }
            }
            // A ponder or analysis search ends by itself only on a position without moves,
            // or at `sd`: nothing to say.
            Update::Finished { .. } | Update::Mate(_) | Update::NoMateFound => {}
            Update::Overdue => self.send(Reply::Debug("search past its deadline: stopped".into())),
            Update::Failed(then) => {
                let why = "search ended without an answer: its result is played";
                self.send(Reply::Debug(why.into()));
                self.on_update(*then);
            }
        }
    }
}
