//! The computer's searches: starting them (the mate solver first in `tsume` mode), thinking
//! on the opponent's time, and showing what the match says came of them.

use super::Interp;
use super::display::{Surface, Thinking};
use super::state::Player;
use crate::files::MoveStats;
use crate::game::{Outcome, WinReason};
use crate::mate::{MateLimits, MateRules};
use crate::notation::{kif, score};
use crate::play::{Task, Update};
use crate::protocol::LoopEnd;
use crate::rules::{Color, Move};
use crate::search::{Score, SearchLimits, SearchResult};
use std::time::{Duration, Instant};

impl<D: Surface> Interp<'_, D> {
    /// Asks the computer's search to stop: its move comes as an update.
    pub(super) fn ask_stop(&mut self) {
        if let Some(update) = self.play.stop() {
            self.on_update(update);
        }
    }

    /// Stops the running search, if any, and forgets it.
    pub(super) fn abandon_search(&mut self) {
        self.play.cancel();
    }

    pub(super) fn limits(&self, side: Color) -> SearchLimits {
        self.play.clocks.search_limits(side, Some(self.search.depth))
    }

    /// The computer thinks for the side to move.
    pub(super) fn start_search(&mut self) {
        self.start_search_with(self.search.tsume);
    }

    /// `solver`: look for a forced mate first (`tsume`).
    pub(super) fn start_search_with(&mut self, solver: bool) {
        if let Some(o) = self.log.outcome {
            self.error(&format!("The game is over ({o}): new starts another, undo takes back."));
            return;
        }
        let side = self.play.game().position().side_to_move();
        self.seats.computer = side;
        // A winning entering-king declaration ends the game instead of a move.
        if self.play.declaration().is_some() {
            let o = Outcome::Win { winner: side, reason: WinReason::Declaration };
            return self.announce_end(o, false);
        }
        if solver && self.play.task().is_none() {
            let clocks = &self.play.clocks;
            let time = self
                .limits(side)
                .move_time
                .unwrap_or_else(|| clocks.left(side) / (clocks.moves_left(side).max(1) + 1));
            let limits = MateLimits {
                time: Some(time),
                max_plies: Some(self.search.depth | 1),
                rules: MateRules::Tsume,
                ..MateLimits::default()
            };
            self.play.solve_mate(limits, true);
        } else {
            let limits = self.limits(side);
            self.play.think(limits);
        }
        if !self.reading.queued.is_empty() {
            self.ask_stop();
        }
    }

    /// The running search's move is to be followed by the board.
    pub(super) fn redraw_after_search(&mut self) {
        self.shown.board_after_search = true;
    }

    /// Shows what a search led to, and goes on: the computer's next search (`both`), the
    /// input that waited, the prompt.
    pub(super) fn on_update(&mut self, update: Update) {
        match update {
            Update::Info { info, .. } => self.out.thinking(&info, self.shown.post),
            Update::NoMateFound => {
                self.note("No forced mate found; thinking normally.");
                // Not the solver again: that looped for ever.
                self.start_search_with(false);
                if self.reading.eof {
                    self.ask_stop();
                }
            }
            Update::Failed(then) => {
                self.error("Error (search failed): the computer plays a legal move instead");
                self.on_update(*then);
            }
            // Pondering and the solver's own reports wait in the match; a search stopped at
            // its deadline still answers.
            Update::Finished { .. } | Update::Mate(_) | Update::Overdue => {}
            Update::Moved { .. } | Update::Resigned { .. } | Update::NoMove { .. } => {
                let board = std::mem::take(&mut self.shown.board_after_search);
                self.show_result(update, board);
                if self.seats.both
                    && self.log.outcome.is_none()
                    && self.reading.queued.is_empty()
                    && !self.reading.eof
                {
                    self.start_search();
                } else {
                    self.seats.both = false;
                }
                self.after_input();
                if self.reading.eof {
                    // The input has ended: what was typed before the end is done; a search
                    // it started stops at once.
                    if self.play.thinking() {
                        self.ask_stop();
                    } else {
                        self.end = Some(LoopEnd::Quit);
                    }
                }
            }
        }
    }

    /// The computer's move, its resignation or its lack of a move; `board`: draw the board
    /// after the move.
    fn show_result(&mut self, update: Update, board: bool) {
        let (mv, result, used, left) = match update {
            Update::Moved { mv, result, used, left, .. } => (mv, result, used, left),
            Update::Resigned { .. } => {
                let side = self.play.game().position().side_to_move();
                let gives_up = Outcome::Win { winner: !side, reason: WinReason::Resignation };
                return self.announce_end(gives_up, false);
            }
            _ => {
                // No move: the side to move has lost (or the search failed to say).
                return match self.play.game().outcome() {
                    Some(o) => self.announce_end(o, false),
                    None => self.error("Error (no move): the search gave no legal move"),
                };
            }
        };
        if self.search.tsume
            && !result.book
            && matches!(result.score, Score::Mate(_))
            && self.people()
        {
            let plies = result.pv.len();
            let unit = if plies == 1 { "ply" } else { "plies" };
            let text: Vec<String> = result.pv.iter().map(Move::to_string).collect();
            self.news(&format!(
                "Mate in {} ({plies} {unit}): {}",
                plies.div_ceil(2),
                text.join(" ")
            ));
            // The same line in Japanese notation, from the position the search started in.
            let game = self.play.game();
            let last_to = game.moves().iter().rev().nth(1).map(|m| m.to());
            if let [.., before, _] = game.positions() {
                let line = kif::line_text(before, &result.pv, last_to, " ");
                self.news(&line);
            }
        }
        self.out.searched(mv, &result);
        self.log.stats.push(stats_of(&result, used));
        self.log.players.push(Some(Player::Computer));
        let at = self.move_number_at(self.play.game().ply() - 1);
        self.log.computer_moves += 1;
        let text = mv.to_string();
        self.out.computer_moved(self.log.computer_moves, at, &text, left);
        self.log.turn_start = Instant::now();
        let outcome = self.play.game().outcome();
        // People are told the move plainly even when it ends the game; xshogi, as the
        // original, gets no `My move is` after a mate.
        if outcome.is_none() || self.people() {
            self.out.my_move(&text, self.shown.beep);
        }
        match outcome {
            Some(o) => self.announce_end(o, false),
            None if board => self.redraw(),
            // `showboard`: the board with the move marked.
            None => self.board_after_move(mv),
        }
    }

    /// Thinks on the opponent's time, expecting the reply the computer expects.
    pub(super) fn maybe_ponder(&mut self) {
        if self.search.easy
            || self.seats.force
            || self.search.tsume
            || self.log.outcome.is_some()
            || self.play.task().is_some()
            || self.play.game().position().side_to_move() == self.seats.computer
        {
            return;
        }
        let limits = self.limits(self.seats.computer);
        self.play.ponder(limits);
    }

    /// What the computer is thinking about, if it is.
    pub(super) fn thinking_now(&self) -> Option<Thinking> {
        match self.play.task()? {
            Task::Move => Some(Thinking::Move),
            Task::Ponder { predicted: Some(p) } => Some(Thinking::Ponder(p)),
            Task::Ponder { predicted: None } | Task::Analyze | Task::Mate => None,
        }
    }
}

/// A computer's move in the game file: its score (mates as ±10000 less the plies), depth,
/// nodes and whole seconds.
fn stats_of(result: &SearchResult, used: Duration) -> MoveStats {
    MoveStats {
        score: score::gnu_file_value(result.score),
        depth: result.depth,
        nodes: result.nodes,
        time: (used.as_millis() as u64 + 500) / 1000,
        book: result.book,
        annotation: None,
    }
}
