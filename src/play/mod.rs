//! The play controller: one game the engine plays, between the front ends and the engine.
//!
//! Every front end (the GNU interpreter's text, xshogi and full-screen modes, CECP, USI)
//! is a parser, a formatter and calls into a [`Match`]. The match owns the game, both
//! clocks, the search in progress (and the [`SearchId`] its events carry), pondering, the
//! entering-king declaration and resign policies, and the watch over a search that overruns
//! its deadline or dies; it turns the engine's events into typed [`Update`]s, which each
//! front end prints in its own dialect.
//!
//! A front end's loop: [`Match::next_event`] waits for the next [`Event`] until
//! [`Match::deadline`] and delivers the match's own: an engine event, or a passed
//! deadline, comes back as the [`Update`] it gave ([`Wake::Update`]), and only the front
//! end's input as [`Wake::Event`]. An event taken from the channel otherwise goes through
//! [`Match::receive`], the same delivery. The front end prints the updates.
//!
//! How the match plays for each dialect (declaring, resigning, keeping and timing its own
//! moves) is one [`Policy`], set whole where a front end starts.

pub mod events;
mod policy;
mod running;
mod update;

pub use events::{Event, MAX_LINE, SearchId, TOO_LONG_SHOWN, spawn_reader};
pub use policy::Policy;
pub use update::{Progress, Reply, Start, Task, Update, Wake};

use crate::engine::clock::{Clocks, TimeControl};
use crate::engine::{Engine, EngineEvent, mate_result};
use crate::game::Game;
use crate::mate::{MateLimits, MateOutcome};
use crate::rules::{EnteringKingRule, Move, Position};
use crate::search::{Bound, Clock, Score, SearchLimits, SearchResult};
use running::{Ended, LIVENESS_POLL, Running, WATCHDOG_GRACE, WATCHDOG_SLACK, Work, first_legal};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// One game the engine plays: see the module's documentation.
pub struct Match {
    engine: Engine,
    sender: Sender<Event>,
    game: Game,
    /// Both sides' clocks.
    pub clocks: Clocks,
    search: Option<Running>,
    /// The opponent's reply the engine expects to its last move: what it ponders on, and
    /// the hint.
    expected: Option<Move>,
    /// How it plays for the dialect of the front end that drives it.
    policy: Policy,
}

impl Match {
    /// A match whose searches report on `sender`, from the start position, with GNU
    /// Shogi's default clocks (40 moves in 5 minutes) and its policy ([`Policy::GNU`]) until
    /// the front end sets its own.
    pub fn new(engine: Engine, sender: Sender<Event>) -> Match {
        Match {
            engine,
            sender,
            game: Game::default(),
            clocks: Clocks::new(TimeControl::x_default()),
            search: None,
            expected: None,
            policy: Policy::GNU,
        }
    }

    /// The policy of the dialect that drives the match from now on, whole: nothing of the
    /// last front end's stays.
    pub fn set_policy(&mut self, policy: Policy) {
        self.policy = policy;
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    pub fn engine_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// The engine, for the next front end (the match ends).
    pub fn into_engine(mut self) -> Engine {
        self.cancel();
        self.engine
    }

    /// The channel the searches report on.
    pub fn sender(&self) -> &Sender<Event> {
        &self.sender
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The rules in force, to change between searches (they carry over to new games).
    pub fn rules_mut(&mut self) -> &mut crate::game::GameRules {
        &mut self.game.rules
    }

    /// A new game record: any search is given up, nothing is expected.
    pub fn set_game(&mut self, game: Game) {
        self.cancel();
        self.game = game;
        self.expected = None;
    }

    /// A new game record while a search may still run (USI, where the GUI keeps the game and
    /// says when to stop): the search goes on with its own position, and its move is
    /// played only on that position.
    pub fn load(&mut self, game: Game) {
        self.game = game;
        self.expected = None;
    }

    /// A new game from `start` under the rules in force.
    pub fn restart(&mut self, start: Position) {
        let rules = self.game.rules;
        self.set_game(Game::with_rules(start, rules));
    }

    /// Takes back the last move (any search is given up); the book is left for the rest of
    /// the game, as the original does.
    pub fn undo(&mut self) -> Option<Move> {
        self.cancel();
        self.expected = None;
        let m = self.game.undo();
        if m.is_some() {
            self.engine.leave_book();
        }
        m
    }

    /// The reply the engine expects, if still legal: what it ponders on.
    pub fn expected(&self) -> Option<Move> {
        self.expected.filter(|&m| self.game.position().is_legal(m))
    }

    pub fn set_expected(&mut self, m: Option<Move>) {
        self.expected = m;
    }

    /// The move the engine expects of the side to move: the move pondered on, else the
    /// expected reply, else the table's (XBoard's `hint`: what the engine ponders on).
    pub fn predicted(&self) -> Option<Move> {
        let pos = self.game.position();
        let pondered = match self.search {
            Some(Running { task: Task::Ponder { predicted: Some(p) }, .. }) => Some(p),
            _ => None,
        };
        pondered.or(self.expected).or_else(|| self.engine.hint(pos)).filter(|&m| pos.is_legal(m))
    }

    // ----- starting searches ------------------------------------------------------------

    /// The declaration the side to move can make instead of a move, under the policy.
    pub fn declaration(&self) -> Option<EnteringKingRule> {
        let rule = self.game.rules.entering_king;
        (self.policy.declare && self.game.position().can_declare_win_by(rule)).then_some(rule)
    }

    /// The engine thinks on the side to move's move (a winning declaration comes first).
    /// `limits.ponder` (USI `go ponder`: the game holds the predicted move) or
    /// `limits.infinite` make the result wait for `stop` or the ponder hit.
    pub fn think(&mut self, limits: SearchLimits) -> Start {
        if let Some(rule) = self.declaration() {
            return Start::Declared(rule);
        }
        let task = if limits.ponder { Task::Ponder { predicted: None } } else { Task::Move };
        let hold = limits.ponder || limits.infinite;
        let game = self.game.clone();
        self.start(task, &game, limits, hold);
        Start::Searching
    }

    /// Thinks on the opponent's time, expecting the reply the engine expects, when it has
    /// one and that reply does not end the game. True when a search started.
    pub fn ponder(&mut self, limits: SearchLimits) -> bool {
        let Some(predicted) = self.expected() else { return false };
        let mut game = self.game.clone();
        game.play_unchecked(predicted);
        if game.outcome().is_some() {
            return false;
        }
        let limits = SearchLimits { ponder: true, ..limits };
        self.start(Task::Ponder { predicted: Some(predicted) }, &game, limits, true);
        true
    }

    /// Analyses the game's position until stopped (nothing is played).
    pub fn analyze(&mut self, limits: SearchLimits) {
        let game = self.game.clone();
        self.start(Task::Analyze, &game, SearchLimits { infinite: true, ..limits }, true);
    }

    /// The mate solver on the game's position. `for_move`: it looks for the engine's move
    /// (a mate found is played; else [`Update::NoMateFound`]); otherwise its report is the
    /// answer ([`Update::Mate`]).
    pub fn solve_mate(&mut self, limits: MateLimits, for_move: bool) {
        self.cancel();
        let (id, mut on_event) = SearchId::tagged(&self.sender);
        let handle = self.engine.start_mate(self.game.position(), limits, move |report| {
            on_event(EngineEvent::Mate(report.clone()));
        });
        let task = if for_move { Task::Move } else { Task::Mate };
        let root = self.game.position().clone();
        self.search = Some(Running::new(Work::Mate(handle), id, task, root, None, false, false));
        if let Some(r) = &mut self.search {
            r.solver_for_move = for_move;
        }
    }

    fn start(&mut self, task: Task, game: &Game, limits: SearchLimits, hold: bool) {
        self.cancel();
        let root_moves = match &limits.root_moves {
            Some(moves) => moves.len(),
            None => game.position().count_legal_moves(),
        };
        let hard = self.engine.hard_limit(&limits);
        let infinite = limits.infinite;
        let (id, on_event) = SearchId::tagged(&self.sender);
        let handle = self.engine.start(game, limits, on_event);
        let root = game.position().clone();
        let mut r = Running::new(Work::Search(handle), id, task, root, hard, hold, infinite);
        r.root_moves = root_moves;
        self.search = Some(r);
    }

    // ----- the search in progress -------------------------------------------------------

    /// What runs, if anything.
    pub fn task(&self) -> Option<Task> {
        self.search.as_ref().map(|r| r.task)
    }

    /// The engine thinks on its own move.
    pub fn thinking(&self) -> bool {
        self.task() == Some(Task::Move)
    }

    pub fn progress(&self) -> Option<Progress<'_>> {
        self.search.as_ref().map(|r| Progress {
            task: r.task,
            started: r.started,
            clock_start: r.clock_start,
            last: r.last.as_ref(),
            root: &r.root,
            root_moves: r.root_moves,
            finished: r.held.is_some(),
        })
    }

    /// The move to play at once when the search on the engine's move cannot be waited for
    /// (a server's deadline is near): its best move so far, else any legal move, as for a
    /// search that failed. `None` when no search runs on the engine's move in the game's
    /// position; `Some(None)` when the side to move has no legal move. The search goes on
    /// until the front end gives it up (playing the move with [`Match::play`] does).
    pub fn best_so_far(&self) -> Option<Option<Move>> {
        let r = self.search.as_ref()?;
        (r.task == Task::Move && r.root.key() == self.game.position().key())
            .then(|| r.best_so_far())
    }

    /// Asks the search to stop (once); a result it holds is given now, as a search stopped
    /// gives its best so far.
    pub fn stop(&mut self) -> Option<Update> {
        let r = self.search.as_mut()?;
        r.hold = false;
        if !r.stop_asked {
            r.stop_asked = true;
            match &r.work {
                Work::Search(h) => h.stop(),
                Work::Mate(m) => m.stop(),
            }
        }
        if r.held.is_some() {
            let r = self.search.take()?;
            let result = r.held.clone()?;
            return Some(self.conclude(r, result));
        }
        None
    }

    /// Stops the search in progress, if any, and forgets it: its events still in the
    /// channel carry its id, and are dropped when they come.
    pub fn cancel(&mut self) {
        if let Some(r) = self.search.take() {
            match r.work {
                Work::Search(h) => drop(h.abort()),
                Work::Mate(m) => m.stop(),
            }
        }
    }

    /// Stops the search without waiting for it (the program ends).
    pub fn shutdown(&mut self) {
        if let Some(r) = self.search.take() {
            match r.work {
                Work::Search(h) => h.stop(),
                Work::Mate(m) => m.stop(),
            }
        }
    }

    /// The predicted move was played (USI `ponderhit`): the ponder search thinks on the
    /// engine's clock from now. A result it already had is given at once. `None` with no
    /// ponder search to hit.
    /// `clock`, when given, replaces the one the ponder search started with (USI
    /// `ponderhit btime … wtime …`).
    pub fn ponderhit(&mut self, clock: Option<Clock>) -> Option<Option<Update>> {
        let hard = clock.map(|c| self.engine.hard_limit(&SearchLimits::clock(c)));
        let r = self.search.as_mut().filter(|r| matches!(r.task, Task::Ponder { .. }))?;
        r.task = Task::Move;
        r.clock_start = Instant::now();
        r.hold = r.infinite;
        if let Some(hard) = hard {
            r.hard = hard;
        }
        if let Work::Search(h) = &r.work {
            h.ponderhit(clock);
        }
        if !r.hold && r.held.is_some() {
            let r = self.search.take()?;
            let result = r.held.clone()?;
            return Some(Some(self.conclude(r, result)));
        }
        Some(None)
    }

    /// The opponent played `mv` (legal here): when the engine pondered on it, that search
    /// goes on as the real one; otherwise any search is given up. `used`: the opponent's
    /// time on it, taken off its clock (a server's figure; `None` leaves the clock).
    pub fn opponent_moved(&mut self, mv: Move, used: Option<Duration>) -> Reply {
        let side = self.game.position().side_to_move();
        let hit = matches!(self.search,
            Some(Running { task: Task::Ponder { predicted: Some(p) }, .. }) if p == mv);
        if !hit {
            self.cancel();
        }
        if let Some(used) = used {
            self.clocks.spend(side, used);
        }
        self.game.play_unchecked(mv);
        self.expected = None;
        if !hit {
            return Reply::Played;
        }
        if self.game.outcome().is_some() {
            // The move ended the game: the ponder search is not wanted.
            self.cancel();
            return Reply::Played;
        }
        Reply::PonderHit(self.ponderhit(None).flatten())
    }

    /// The time a server says the engine's last move (by `side`) took, off its clock (see
    /// [`Policy::times_own_moves`]). Returns the time left, as [`Clocks::spend`] does.
    pub fn own_move_timed(&mut self, side: crate::rules::Color, used: Duration) -> i64 {
        self.clocks.spend(side, used)
    }

    /// Plays a move for either side outside the engine's searches (force mode, a record);
    /// any search is given up.
    pub fn play(&mut self, mv: Move) {
        self.cancel();
        self.game.play_unchecked(mv);
        self.expected = None;
    }

    // ----- events -----------------------------------------------------------------------

    /// An event taken from the channel, delivered: an engine event is the match's own, and
    /// comes back as the update it gave ([`Wake::Update`]), or as [`Wake::Nothing`] (it
    /// belonged to a search given up, or a held result waits); any other event is the front
    /// end's ([`Wake::Event`]), never an [`Event::Engine`].
    pub fn receive(&mut self, event: Event) -> Wake {
        match event {
            Event::Engine(id, e) => self.on_engine(&id, e).map_or(Wake::Nothing, Wake::Update),
            other => Wake::Event(other),
        }
    }

    /// An event of a search: an update when it belongs to the search in progress.
    fn on_engine(&mut self, id: &SearchId, event: EngineEvent) -> Option<Update> {
        let r = self.search.as_mut().filter(|r| r.id == *id)?;
        match event {
            EngineEvent::Info(info) => {
                if info.bound == Bound::Exact {
                    if matches!(info.score, Score::Mate(p) if p < 0) {
                        r.mated_iterations += 1;
                    } else {
                        r.mated_iterations = 0;
                    }
                }
                r.last = Some(info.clone());
                Some(Update::Info { info, task: r.task })
            }
            EngineEvent::Done(result) => {
                if r.hold {
                    r.held = Some(result);
                    return None;
                }
                let r = self.search.take()?;
                Some(self.conclude(r, result))
            }
            EngineEvent::Mate(report) => {
                let r = self.search.take()?;
                if !r.solver_for_move {
                    return Some(Update::Mate(Some(report)));
                }
                if matches!(&report.outcome, MateOutcome::Mate(line) if !line.is_empty()) {
                    return Some(self.conclude(r, mate_result(&report)));
                }
                Some(Update::NoMateFound)
            }
        }
    }

    /// When the front end must call [`Match::on_deadline`] if no event comes first.
    pub fn deadline(&self) -> Option<Instant> {
        let r = self.search.as_ref()?;
        let mut due = r.next_poll;
        if r.task == Task::Move
            && let Some(hard) = r.hard
        {
            let watchdog = r.clock_start + hard + WATCHDOG_SLACK;
            due = due.min(watchdog + WATCHDOG_GRACE * u32::from(r.overdue));
        }
        Some(due)
    }

    /// The deadline passed: a search past its own hard limit is stopped, and one whose
    /// thread ended without an answer is answered for (a legal move rather than a loss on
    /// time).
    pub fn on_deadline(&mut self) -> Option<Update> {
        let now = Instant::now();
        let r = self.search.as_mut()?;
        if r.task == Task::Move
            && let Some(hard) = r.hard
            && now >= r.clock_start + hard + WATCHDOG_SLACK + WATCHDOG_GRACE * u32::from(r.overdue)
        {
            r.overdue = r.overdue.saturating_add(1);
            if r.overdue == 1 {
                r.ended_when_overdue = r.work_finished();
                r.stop_asked = true;
                if let Work::Search(h) = &r.work {
                    h.stop();
                }
                return Some(Update::Overdue);
            }
            // A Done sent before the thread had ended (seen at the last look) would have
            // come by now: it was lost. A thread that has ended since gets one more grace.
            if !r.ended_when_overdue {
                r.ended_when_overdue = r.work_finished();
                return None;
            }
            let r = self.search.take()?;
            return Some(self.failed(r));
        }
        if now < r.next_poll {
            return None;
        }
        r.next_poll = now + LIVENESS_POLL;
        // The channel was empty with the thread ended, twice: it ended without reporting.
        if r.held.is_some() || !r.work_finished() {
            r.ended_seen = false;
            return None;
        }
        if !r.ended_seen {
            r.ended_seen = true;
            return None;
        }
        let r = self.search.take()?;
        Some(self.failed(r))
    }

    /// Waits for the next event, at most until `limit` (`None`: as long as it takes) and
    /// never past [`Match::deadline`], which it looks after itself; an event is delivered
    /// as [`Match::receive`] does.
    pub fn next_event(&mut self, events: &Receiver<Event>, limit: Option<Duration>) -> Wake {
        let now = Instant::now();
        let until = match (self.deadline(), limit) {
            (Some(d), Some(l)) => Some(d.min(now + l)),
            (d, l) => d.or_else(|| l.map(|l| now + l)),
        };
        let received = match until {
            Some(t) => events.recv_timeout(t.saturating_duration_since(now)),
            None => events.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match received {
            Ok(e) => self.receive(e),
            Err(RecvTimeoutError::Disconnected) => Wake::Closed,
            Err(RecvTimeoutError::Timeout) => {
                match self.deadline().filter(|&d| d <= Instant::now()) {
                    Some(_) => self.on_deadline().map_or(Wake::Nothing, Wake::Update),
                    None => Wake::Nothing,
                }
            }
        }
    }

    /// The search's answer stands in for it when its thread failed: what it returned, else
    /// its last best move, else any legal move.
    fn failed(&mut self, r: Running) -> Update {
        let used = r.clock_start.elapsed();
        let best = r.best_so_far();
        let (ended, returned) = r.finish();
        if ended.task == Task::Mate {
            return Update::Failed(Box::new(Update::Mate(None)));
        }
        let result = returned.unwrap_or_else(|| SearchResult::bare(best, used));
        Update::Failed(Box::new(self.conclude(ended, result)))
    }

    /// What a search's result comes to: for the engine's move, the move played (or a
    /// resignation, or no move at all); for another task, the result itself.
    fn conclude(&mut self, ended: impl Into<Ended>, result: SearchResult) -> Update {
        let ended = ended.into();
        let (best, replaced) = match result.best {
            Some(m) if ended.root.is_legal(m) => (Some(m), None),
            Some(m) => (first_legal(&ended.root), Some(m)),
            None => (None, None),
        };
        if ended.task != Task::Move {
            let result = SearchResult { best, ..result };
            return Update::Finished { task: ended.task, result, replaced };
        }
        let side = ended.root.side_to_move();
        // Counted for every move, so that a run of lost scores is seen whatever comes.
        let hopeless = !ended.infinite && self.engine.should_resign(side, &result);
        let Some(mv) = best else { return Update::NoMove { result } };
        let used = ended.clock_start.elapsed();
        let records =
            self.policy.records_own_moves && self.game.position().key() == ended.root.key();
        let left = match (records, self.policy.times_own_moves) {
            (true, true) => self.clocks.spend(side, used),
            (true, false) => self.clocks.remaining(side),
            (false, _) => 0,
        };
        let mated = self.policy.resign_on_mate
            && matches!(result.score, Score::Mate(p) if p < 0)
            && ended.mated_iterations >= 1;
        if mated || hopeless {
            return Update::Resigned { result };
        }
        if records {
            self.game.play_unchecked(mv);
            self.expected = result.ponder.filter(|&p| self.game.position().is_legal(p));
        }
        Update::Moved { mv, result, used, left, replaced }
    }
}
