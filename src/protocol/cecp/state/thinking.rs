//! The searches of the CECP state machine: starting the one the mode asks for (a move,
//! pondering, analysis), the watchdog on a search past its hard limit, and playing the result.

use super::*;

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
        let moves = legal_moves(self.game.position());
        Some(moves.into_iter().filter(|m| !self.excluded.contains(m)).collect())
    }

    /// Starts the search the mode asks for, if none runs.
    pub(super) fn resume_play(&mut self) {
        if self.search.is_some() || self.paused || self.refused || self.edit.is_some() {
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
                    .map_or_else(|| legal_moves(self.game.position()).len(), std::vec::Vec::len);
                if count > 0 {
                    let limits = SearchLimits { root_moves: root, ..SearchLimits::infinite() };
                    let game = self.game.clone();
                    self.start(SearchKind::Analyze, &game, limits, count);
                }
            }
            Mode::Playing(side) => {
                if claimable(&self.game).is_some() {
                    return;
                }
                if self.game.position().side_to_move() == side {
                    // A winning declaration ends the game instead of a move.
                    let rule = self.game.rules.entering_king;
                    if self.game.position().can_declare_win_by(rule) {
                        let winner = side;
                        self.send(Reply::Result(Outcome::Win {
                            winner,
                            reason: WinReason::Declaration,
                        }));
                        self.mode = Mode::Force;
                        return;
                    }
                    let own = Self::moves_by(&self.game, side);
                    let mut limits = self.clocks.limits(own, self.depth);
                    limits.root_moves = self.root_moves();
                    let count = limits.root_moves.as_ref().map_or(0, Vec::len);
                    let game = self.game.clone();
                    self.start(SearchKind::Think, &game, limits, count);
                } else if self.ponder && !self.eof {
                    self.start_ponder(side);
                }
            }
        }
    }

    pub(super) fn start_ponder(&mut self, side: Color) {
        let Some(predicted) = self.expected.filter(|&m| self.game.position().is_legal(m)) else {
            return;
        };
        let mut game = self.game.clone();
        game.play_unchecked(predicted);
        let count = legal_moves(game.position()).len();
        if count == 0 || claimable(&game).is_some() {
            return;
        }
        let own = Self::moves_by(&game, side);
        let limits = SearchLimits { ponder: true, ..self.clocks.limits(own, self.depth) };
        self.start(SearchKind::Ponder { predicted }, &game, limits, count);
    }

    pub(super) fn start(
        &mut self,
        kind: SearchKind,
        game: &Game,
        limits: SearchLimits,
        root_moves: usize,
    ) {
        let hard = self.engine.hard_limit(&limits);
        let (id, on_event) = SearchId::tagged(&self.sender);
        let handle = self.engine.start(game, limits, on_event);
        let now = Instant::now();
        self.search = Some(Running {
            handle,
            id,
            kind,
            clock_start: now,
            started: now,
            last: None,
            root_moves,
            hard,
            overdue: 0,
            ended_when_overdue: false,
        });
    }

    /// When the main loop must call [`Cecp::on_overdue`] if no event comes first: a search
    /// on the engine's clock that has gone past its own hard limit.
    pub fn watchdog_deadline(&self) -> Option<Instant> {
        let r = self.search.as_ref().filter(|r| r.kind == SearchKind::Think)?;
        let due = r.clock_start + r.hard? + WATCHDOG_SLACK;
        Some(if r.overdue == 0 { due } else { due + WATCHDOG_GRACE * u32::from(r.overdue) })
    }

    /// The search overran its deadline (it has never been seen to; this is a net under the
    /// clock): first it is told to stop, and if its answer still has not come, the result
    /// is taken from the thread directly.
    pub fn on_overdue(&mut self) -> Flow {
        let Some(r) = &mut self.search else { return Flow::Continue };
        r.overdue = r.overdue.saturating_add(1);
        if r.overdue == 1 {
            r.ended_when_overdue = r.handle.is_finished();
            r.handle.stop();
            self.send(Reply::Debug("search past its deadline: stopped".into()));
            return Flow::Continue;
        }
        // A Done sent before the thread had ended (seen at the last call) would have come by
        // now: it was lost. A thread that has ended since gets one more grace period.
        if !r.ended_when_overdue {
            r.ended_when_overdue = r.handle.is_finished();
            return Flow::Continue;
        }
        let Some(r) = self.search.take() else { return Flow::Continue };
        let used = r.clock_start.elapsed();
        self.send(Reply::Debug("search ended without an answer: its result is played".into()));
        let last_best = r.last.as_ref().and_then(|i| i.pv.first().copied());
        // A search thread that died leaves its last reported best move (or any legal one):
        // that still beats losing on time.
        let result = r.handle.wait().unwrap_or_else(|| {
            let best = last_best.or_else(|| legal_moves(self.game.position()).first().copied());
            SearchResult::bare(best, used)
        });
        self.play_result(&result, used);
        self.drain_deferred()
    }

    /// Stops the running search, if any, and forgets it (its events still in the channel
    /// carry its id, and are dropped when they come).
    pub(super) fn cancel(&mut self) {
        if let Some(r) = self.search.take() {
            r.handle.abort();
        }
    }

    pub(super) fn on_engine(&mut self, id: &SearchId, event: EngineEvent) {
        if self.search.as_ref().is_none_or(|r| r.id != *id) {
            return;
        }
        match event {
            EngineEvent::Info(info) => {
                let Some(r) = &mut self.search else { return };
                let (show, prefix) = match r.kind {
                    SearchKind::Think => (self.post, None),
                    SearchKind::Ponder { predicted } => (self.post, Some(predicted)),
                    SearchKind::Analyze => (true, None),
                };
                let line = Thinking::from_info(&info, prefix);
                r.last = Some(info);
                if show {
                    self.send(Reply::Thinking(line));
                }
            }
            EngineEvent::Done(result) => {
                let Some(r) = self.search.take() else { return };
                let used = r.clock_start.elapsed();
                let kind = r.kind;
                let _ = r.handle.wait();
                // A ponder or analysis search ends by itself only on a position without moves.
                if kind == SearchKind::Think {
                    self.play_result(&result, used);
                }
            }
        }
    }

    pub(super) fn play_result(&mut self, result: &SearchResult, used: std::time::Duration) {
        let Mode::Playing(side) = self.mode else { return };
        let pos = self.game.position();
        let best = match result.best {
            Some(m) if pos.is_legal(m) => Some(m),
            Some(m) => {
                let text = format_xboard_move(m);
                if self.debug {
                    self.send(Reply::Debug(format!("search returned an unplayable move {text}")));
                }
                legal_moves(self.game.position()).first().copied()
            }
            None => None,
        };
        let Some(m) = best else {
            if let Some(o) = self.game.outcome() {
                self.send(Reply::Result(o));
            }
            return;
        };
        if self.engine.should_resign(side, result) {
            // The game is over for the engine: it waits for XBoard's `result` or `new`.
            self.send(Reply::Resign);
            self.mode = Mode::Force;
            return;
        }
        self.game.play_unchecked(m);
        self.clocks.after_own_move(used, Self::moves_by(&self.game, side));
        self.excluded.clear();
        self.expected = result.ponder.filter(|&p| self.game.position().is_legal(p));
        self.send(Reply::Move(m));
        if let Some(o) = claimable(&self.game) {
            self.send(Reply::Result(o));
        } else {
            self.offer_draw_if_drawn();
        }
        self.resume_play();
    }
}
