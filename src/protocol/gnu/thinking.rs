//! The computer's searches: starting and stopping them, thinking on the opponent's time
//! (pondering), and playing the move a search found.

use super::display::Display;
use super::{Interp, LoopEnd};
use crate::engine::{EngineEvent, MateHandle, SearchHandle, mate_result};
use crate::files::MoveStats;
use crate::game::{Outcome, WinReason};
use crate::mate::MateLimits;
use crate::notation::score;
use crate::protocol::SearchId;
use crate::rules::{Color, Move};
use crate::search::{Score, SearchInfo, SearchLimits, SearchResult};
use std::time::Instant;

/// What the computer's search is for, as a display shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Thinking {
    /// Its move.
    Move,
    /// On the opponent's time, expecting this move.
    Ponder(Move),
}

/// What a running search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Purpose {
    /// The computer's move.
    Move,
    /// Thinking on the opponent's time, expecting `predicted`.
    Ponder { predicted: Move },
}

pub(super) enum Searcher {
    Engine(SearchHandle),
    /// The mate solver of `tsume` mode, on its own thread.
    Mate(MateHandle),
}

impl Searcher {
    pub(super) fn stop(&self) {
        match self {
            Searcher::Engine(h) => h.stop(),
            Searcher::Mate(m) => m.stop(),
        }
    }
}

pub(super) struct Running {
    searcher: Searcher,
    /// Its events carry this; events of other searches are old and dropped.
    id: SearchId,
    pub(super) purpose: Purpose,
    started: Instant,
    stop_asked: bool,
    /// A ponder search that ended by itself before the opponent moved.
    finished: Option<SearchResult>,
    /// Draw the board once the move is played (`switch`: not before the move).
    board_after: bool,
}

impl<D: Display> Interp<'_, D> {
    /// A search thread that ended without reporting (it failed): say so rather than wait
    /// for ever.
    pub(super) fn check_search_alive(&mut self) {
        let dead = match &self.running {
            Some(Running { searcher: Searcher::Engine(h), finished: None, .. }) => h.is_finished(),
            _ => false,
        };
        if !dead {
            return;
        }
        // Its report may have arrived just now.
        if let Ok(event) = self.events.try_recv() {
            self.dispatch(event);
            return;
        }
        self.running = None;
        self.both = false;
        self.error("Error (search failed): the computer could not find a move");
        if self.eof {
            self.end = Some(LoopEnd::Quit);
        }
        self.after_input();
    }

    pub(super) fn ask_stop(&mut self) {
        if let Some(r) = &mut self.running
            && !r.stop_asked
        {
            r.stop_asked = true;
            r.searcher.stop();
        }
    }

    /// Stops the running search, if any, and forgets it: its events still to come are
    /// dropped, as they carry its id.
    pub(super) fn abandon_search(&mut self) {
        if let Some(r) = self.running.take() {
            match r.searcher {
                Searcher::Engine(h) => drop(h.abort()),
                Searcher::Mate(m) => m.stop(),
            }
        }
    }

    pub(super) fn on_engine(&mut self, id: &SearchId, event: EngineEvent) {
        if self.running.as_ref().is_none_or(|r| r.id != *id) {
            return;
        }
        match event {
            EngineEvent::Info(info) => self.show_info(&info),
            EngineEvent::Done(result) => {
                let Some(r) = self.running.as_mut() else {
                    return;
                };
                if matches!(r.purpose, Purpose::Ponder { .. }) {
                    r.finished = Some(result);
                    return;
                }
                let r = self.running.take().expect("checked");
                let from_solver = matches!(r.searcher, Searcher::Mate(_));
                if from_solver && result.best.is_none() {
                    self.note("No forced mate found; thinking normally.");
                    // Not the solver again: that looped for ever.
                    self.start_search_with(false);
                    if r.board_after {
                        self.redraw_after_search();
                    }
                    if self.eof {
                        self.ask_stop();
                    }
                    return;
                }
                self.finish_move(result, r.started, r.board_after);
                if self.both && self.outcome.is_none() && self.queued.is_empty() && !self.eof {
                    self.start_search();
                } else {
                    self.both = false;
                }
                self.after_input();
                if self.eof {
                    // The input has ended: what was typed before the end is done; a search
                    // it started stops at once.
                    match &self.running {
                        Some(r) if r.purpose == Purpose::Move => self.ask_stop(),
                        _ => self.end = Some(LoopEnd::Quit),
                    }
                }
            }
        }
    }

    pub(super) fn show_info(&mut self, info: &SearchInfo) {
        self.out.thinking(info, self.post);
    }

    pub(super) fn limits(&self, side: Color) -> SearchLimits {
        self.clocks.search_limits(side, Some(self.depth))
    }

    /// The computer thinks for the side to move.
    pub(super) fn start_search(&mut self) {
        self.start_search_with(self.tsume);
    }

    /// `solver`: look for a forced mate first (`tsume`).
    pub(super) fn start_search_with(&mut self, solver: bool) {
        if let Some(o) = self.outcome {
            self.error(&format!("The game is over ({o}): new starts another, undo takes back."));
            return;
        }
        let side = self.game.position().side_to_move();
        self.computer = side;
        // A winning entering-king declaration ends the game instead of a move.
        if self.game.position().can_declare_win_by(self.game.rules.entering_king) {
            let o = Outcome::Win { winner: side, reason: WinReason::Declaration };
            return self.announce_end(o, false);
        }
        let (id, mut on_event) = SearchId::tagged(&self.sender);
        let searcher = if solver && self.running.is_none() {
            let limits = MateLimits {
                time: Some(self.limits(side).move_time.unwrap_or_else(|| {
                    let left = self.clocks.left(side);
                    left / (self.clocks.moves_left[side.index()].max(1) + 1)
                })),
                nodes: None,
                max_plies: Some(self.depth | 1),
            };
            Searcher::Mate(self.engine.start_mate(self.game.position(), limits, move |report| {
                on_event(EngineEvent::Done(mate_result(report)))
            }))
        } else {
            let limits = self.limits(side);
            Searcher::Engine(self.engine.start(&self.game, limits, on_event))
        };
        self.running = Some(Running {
            searcher,
            id,
            purpose: Purpose::Move,
            started: Instant::now(),
            stop_asked: false,
            finished: None,
            board_after: false,
        });
        if !self.queued.is_empty() {
            self.ask_stop();
        }
    }

    /// The running search's move is to be followed by the board.
    pub(super) fn redraw_after_search(&mut self) {
        if let Some(r) = &mut self.running {
            r.board_after = true;
        }
    }

    /// Plays the move a search found; `board`: draw the board after it.
    pub(super) fn finish_move(&mut self, result: SearchResult, started: Instant, board: bool) {
        let Some(mv) = result.best.filter(|&m| self.game.position().is_legal(m)) else {
            // No move: the side to move has lost (or the search failed to say).
            match self.game.outcome() {
                Some(o) => self.announce_end(o, false),
                None => self.error("Error (no move): the search gave no legal move"),
            }
            return;
        };
        let side = self.game.position().side_to_move();
        let used = started.elapsed();
        let left = self.clocks.spend(side, used);
        if self.engine.should_resign(side, &result) {
            let gives_up = Outcome::Win { winner: !side, reason: WinReason::Resignation };
            self.announce_end(gives_up, false);
            return;
        }
        if self.tsume && !result.book && matches!(result.score, Score::Mate(_)) && self.people() {
            let plies = result.pv.len();
            let unit = if plies == 1 { "ply" } else { "plies" };
            let text: Vec<String> = result.pv.iter().map(Move::to_string).collect();
            self.news(&format!(
                "Mate in {} ({plies} {unit}): {}",
                plies.div_ceil(2),
                text.join(" ")
            ));
        }
        self.stats.push(MoveStats {
            score: score::gnu_file_value(result.score),
            depth: result.depth,
            nodes: result.nodes,
            time: (used.as_millis() as u64 + 500) / 1000,
            book: result.book,
            annotation: None,
        });
        let at = self.move_number();
        self.game.play_unchecked(mv);
        self.computer_moves += 1;
        let text = mv.to_string();
        self.out.computer_moved(self.computer_moves, at, &text, left);
        self.hint = result.ponder.filter(|&h| self.game.position().is_legal(h));
        self.turn_start = Instant::now();
        let outcome = self.game.outcome();
        // People are told the move plainly even when it ends the game; xshogi, as the
        // original, gets no `My move is` after a mate.
        if outcome.is_none() || self.people() {
            self.out.my_move(&text, self.beep);
        }
        match outcome {
            Some(o) => self.announce_end(o, false),
            None if board => self.redraw(),
            // `showboard`: the board with the move marked.
            None => self.board_after_move(mv),
        }
    }

    /// Thinks on the opponent's time, expecting the hint move.
    pub(super) fn maybe_ponder(&mut self) {
        if self.easy
            || self.force
            || self.tsume
            || self.outcome.is_some()
            || self.running.is_some()
            || self.game.position().side_to_move() == self.computer
        {
            return;
        }
        let Some(predicted) = self.hint.filter(|&h| self.game.position().is_legal(h)) else {
            return;
        };
        let mut after = self.game.clone();
        after.play_unchecked(predicted);
        if after.outcome().is_some() {
            return;
        }
        let mut limits = self.limits(self.computer);
        limits.ponder = true;
        let (id, on_event) = SearchId::tagged(&self.sender);
        let handle = self.engine.start(&after, limits, on_event);
        self.running = Some(Running {
            searcher: Searcher::Engine(handle),
            id,
            purpose: Purpose::Ponder { predicted },
            started: Instant::now(),
            stop_asked: false,
            finished: None,
            board_after: false,
        });
    }

    /// The opponent played the predicted move: the ponder search becomes the real one.
    pub(super) fn ponder_hit(&mut self, word: &str) {
        let Some(mut r) = self.running.take() else {
            return;
        };
        self.user_move(word, false);
        if self.outcome.is_some() || self.game.position().side_to_move() != self.computer {
            // The move ended the game: the ponder search is not wanted.
            self.running = Some(r);
            self.abandon_search();
            self.show_prompt();
            return;
        }
        r.purpose = Purpose::Move;
        r.started = Instant::now();
        if let Searcher::Engine(h) = &r.searcher {
            h.ponderhit();
        }
        match r.finished.take() {
            Some(result) => {
                let (started, board) = (r.started, r.board_after);
                drop(r);
                self.finish_move(result, started, board);
                self.maybe_ponder();
                self.after_input();
            }
            None => self.running = Some(r),
        }
    }
}
