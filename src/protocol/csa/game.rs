//! One connection to a CSA server: the login, the Game_Summary and the agreement, then one
//! game played on a [`Match`], then the logout. The connection is any [`Transport`] (TCP for
//! real play, or in-process for the tests); its lines come on the match's own channel (read
//! on a thread of their own), so that the loop takes server lines and the engine's events in
//! order, as the other front ends take their input lines.
//!
//! The clocks are the server's: each move's time is the figure the server echoes with it
//! (`+7776FU,T3`), the engine's own moves too ([`Policy::times_own_moves`] is off). The
//! engine's search is budgeted from them by the server's own rule, less the network margin
//! ([`counting::server_limits`]).

use super::config::Options;
use super::counting;
use super::message::{Message, Reason, Request, Verdict, parse_line};
use super::report::{Report, Score};
use super::summary::{GameSummary, SummaryReader, TimeRules};
use super::transport::Transport;
use crate::engine::clock::{Clocks, TimeControl};
use crate::files::record::{Headers, Record, RecordMove};
use crate::game::{DrawReason, Game, GameRules, Outcome, WinReason};
use crate::notation::csa::{self, MATE_IN_COMMENT};
use crate::play::{Event, Match, Policy, Reply, Start, Task, Update, Wake};
use crate::rules::{Color, EnteringKingRule, Move};
use crate::search::{Score as Eval, SearchLimits, SearchResult};
use std::sync::mpsc::{Receiver, Sender};
use std::time::{Duration, Instant};

/// Longest wait for the answer to `LOGIN`.
const LOGIN_WAIT: Duration = Duration::from_secs(30);
/// Longest wait for `START` after `AGREE` (shogi-server gives up on a game after 120 s).
const START_WAIT: Duration = Duration::from_secs(180);
/// Longest wait for the server's echo of a move, and past the opponent's whole clock for
/// its move: a server silent for longer is taken as gone.
const SILENCE_SLACK: Duration = Duration::from_secs(60);
/// Longest wait for the server to close the connection after `LOGOUT`.
const LOGOUT_WAIT: Duration = Duration::from_secs(5);
/// The time a move gets when the server sets no clock at all.
const UNTIMED_MOVE: Duration = Duration::from_secs(10);

/// How a connection ended.
#[derive(Debug)]
pub enum Ended {
    /// A game was played: to its end, or as far as it went.
    Played(Score),
    /// `LOGIN:incorrect`.
    Refused,
    /// No game: the connection closed or failed before one began, or the game was refused;
    /// the reason, for the person watching.
    NoGame(String),
    /// SIGTERM or SIGHUP.
    Stopped,
}

/// An I/O failure or the server's silence: the connection is over.
struct Lost(String);

impl Lost {
    fn closed() -> Lost {
        Lost("the server closed the connection".into())
    }
}

impl From<std::io::Error> for Lost {
    fn from(e: std::io::Error) -> Lost {
        Lost(format!("the connection failed: {e}"))
    }
}

/// A game in progress.
struct Playing {
    summary: GameSummary,
    me: Color,
    record: Record,
    /// Our move sent and not yet echoed: its text, when it went, and what the record will
    /// hold of it once the server takes it.
    sent: Option<Sent>,
    /// We resigned or declared: only the server's verdict is awaited.
    finished: bool,
    reason: Option<Reason>,
    started: Instant,
}

/// The client over one connection.
pub struct Connection<'a, T: Transport> {
    transport: T,
    events: Receiver<Event>,
    play: Match,
    options: &'a Options,
    report: &'a mut Report,
    last_sent: Instant,
    game: Option<Playing>,
    /// The worst round trip seen: a move sent until its echo came.
    round_trip: Duration,
    /// When the engine's move must go whatever its search is doing (half the margin before
    /// the server's deadline): a search that does not stop in time (a machine too busy)
    /// must not lose the game on time.
    last_moment: Option<Instant>,
}

impl<'a, T: Transport> Connection<'a, T> {
    /// Takes over a connection: its lines are read on a thread of their own and come on the
    /// match's channel. `relay` is given that channel (where SIGTERM and SIGHUP send
    /// [`Event::Terminate`]).
    pub fn new(
        mut transport: T,
        engine: crate::engine::Engine,
        options: &'a Options,
        report: &'a mut Report,
        relay: &dyn Fn(Option<Sender<Event>>),
    ) -> std::io::Result<Connection<'a, T>> {
        let (sender, events) = std::sync::mpsc::channel();
        transport.spawn_reader(sender.clone())?;
        relay(Some(sender.clone()));
        // Its policy comes with the game (`Policy::csa`): nothing searches before.
        let play = Match::new(engine, sender);
        Ok(Connection {
            transport,
            events,
            play,
            options,
            report,
            last_sent: Instant::now(),
            game: None,
            round_trip: Duration::ZERO,
            last_moment: None,
        })
    }

    /// The engine, for the next connection (this one is closed).
    pub fn into_engine(mut self) -> crate::engine::Engine {
        self.transport.close();
        self.play.into_engine()
    }

    fn send(&mut self, request: &Request) -> Result<(), Lost> {
        self.report.log_out(&request.logged());
        self.transport.send_line(&request.line())?;
        self.last_sent = Instant::now();
        Ok(())
    }

    /// The next event, or `None` when `wait` passed first (keep-alives are sent meanwhile).
    /// The match's updates (of an engine event, or of its deadline) are handled here.
    fn next(&mut self, wait: Option<Duration>) -> Result<Option<Event>, Lost> {
        let until = wait.map(|w| Instant::now() + w);
        loop {
            let mut limit = until.map(|u| u.saturating_duration_since(Instant::now()));
            if let Some(every) = self.options.keep_alive {
                let due = every.saturating_sub(self.last_sent.elapsed());
                limit = Some(limit.map_or(due, |l| l.min(due)));
            }
            if let Some(at) = self.last_moment {
                let due = at.saturating_duration_since(Instant::now());
                limit = Some(limit.map_or(due, |l| l.min(due)));
            }
            match self.play.next_event(&self.events, limit) {
                Wake::Event(e) => return Ok(Some(e)),
                Wake::Update(update) => self.on_update(update)?,
                Wake::Closed => return Ok(Some(Event::Eof)),
                Wake::Nothing => {}
            }
            if self.last_moment.is_some_and(|at| Instant::now() >= at) {
                self.move_now()?;
            }
            if self.options.keep_alive.is_some_and(|every| self.last_sent.elapsed() >= every) {
                self.send(&Request::KeepAlive)?;
            }
            if until.is_some_and(|u| Instant::now() >= u) {
                return Ok(None);
            }
        }
    }

    /// The next server line as a message (unreadable lines are reported and skipped), or
    /// how the wait ended.
    fn next_message(&mut self, wait: Option<Duration>) -> Result<Next, Lost> {
        let until = wait.map(|w| Instant::now() + w);
        loop {
            let left = until.map(|u| u.saturating_duration_since(Instant::now()));
            let line = match self.next_line(left)? {
                Next::Message(_, line) => line,
                other => return Ok(other),
            };
            match parse_line(&line) {
                Ok(m) => return Ok(Next::Message(m, line)),
                Err(e) => self.report.warn(&e.to_string()),
            }
        }
    }

    /// The next server line as it came (its message is `Empty`, not read), or how the wait
    /// ended.
    fn next_line(&mut self, wait: Option<Duration>) -> Result<Next, Lost> {
        loop {
            let event = match self.next(wait)? {
                None => return Ok(Next::Timeout),
                Some(e) => e,
            };
            let line = match event {
                Event::Line(l) => l,
                Event::TooLong { start, len } => {
                    self.report.log_in(&format!("{start}... ({len} bytes)"));
                    self.report.warn(&format!("a line of {len} bytes from the server, ignored"));
                    continue;
                }
                Event::Eof => return Ok(Next::Closed),
                Event::Terminate => return Ok(Next::Terminate),
                // The match takes its engine's events itself; no line editor here.
                Event::Engine(..) | Event::Interrupt => continue,
            };
            self.report.log_in(&line);
            return Ok(Next::Message(Message::Empty, line));
        }
    }

    /// Logs in, waits for a game, plays it, logs out.
    pub fn run(&mut self) -> Ended {
        match self.session() {
            Ok(ended) => ended,
            Err(Lost(why)) => self.lost(why),
        }
    }

    /// The connection is gone: a game in progress is saved as far as it went.
    fn lost(&mut self, why: String) -> Ended {
        self.play.cancel();
        match self.game.take() {
            Some(g) => Ended::Played(self.conclude(g, None, &why)),
            None => Ended::NoGame(why),
        }
    }

    fn session(&mut self) -> Result<Ended, Lost> {
        let login = Request::Login {
            name: self.options.id.clone(),
            password: self.options.password.clone(),
        };
        self.send(&login)?;
        let deadline = Instant::now() + LOGIN_WAIT;
        loop {
            match self.next_message(Some(deadline.saturating_duration_since(Instant::now())))? {
                Next::Message(Message::LoginOk(_), _) => break,
                Next::Message(Message::LoginIncorrect, _) => return Ok(Ended::Refused),
                Next::Message(..) => {}
                Next::Timeout => return Err(Lost("no answer to LOGIN".into())),
                Next::Closed => return Err(Lost::closed()),
                Next::Terminate => return Ok(Ended::Stopped),
            }
        }
        self.report.detail(&format!("logged in as {}; waiting for a game", self.options.id));
        loop {
            // Any time may pass before a game is proposed (floodgate pairs every half hour).
            match self.next_message(None)? {
                Next::Message(Message::BeginSummary, _) => {}
                Next::Message(..) | Next::Timeout => continue,
                Next::Closed => return Err(Lost::closed()),
                Next::Terminate => {
                    self.logout()?;
                    return Ok(Ended::Stopped);
                }
            }
            let summary = match self.read_summary()? {
                Ok(s) => s,
                Err(ended) => return Ok(ended),
            };
            match self.agree(summary)? {
                Some(ended) => return Ok(ended),
                None => return self.play_game(),
            }
        }
    }

    /// Reads the summary's lines; a summary that cannot be played is rejected.
    fn read_summary(&mut self) -> Result<Result<GameSummary, Ended>, Lost> {
        let mut reader = SummaryReader::new();
        loop {
            match self.next_line(Some(LOGIN_WAIT))? {
                Next::Message(_, line) => {
                    if reader.line(&line) {
                        break;
                    }
                }
                Next::Timeout => return Err(Lost("the Game_Summary stopped half-way".into())),
                Next::Closed => return Err(Lost::closed()),
                Next::Terminate => return Ok(Err(Ended::Stopped)),
            }
        }
        let id = reader.game_id().map(str::to_string);
        match reader.finish() {
            Ok(s) => Ok(Ok(s)),
            Err(e) => {
                let why = format!("the game cannot be played: {e}");
                self.report.warn(&why);
                if let Some(id) = id {
                    self.send(&Request::Reject(id))?;
                }
                Ok(Err(Ended::NoGame(why)))
            }
        }
    }

    /// Agrees to the game and waits for its start: `None` once it has started.
    fn agree(&mut self, summary: GameSummary) -> Result<Option<Ended>, Lost> {
        let id = summary.game_id.clone();
        self.send(&Request::Agree(id.clone()))?;
        let deadline = Instant::now() + START_WAIT;
        loop {
            match self.next_message(Some(deadline.saturating_duration_since(Instant::now())))? {
                Next::Message(Message::Start(started), _) if started == id => break,
                Next::Message(Message::Reject { by, .. }, _) => {
                    let why = format!("game {id} rejected by {by}");
                    self.report.say(&why);
                    return Ok(Some(Ended::NoGame(why)));
                }
                Next::Message(..) => {}
                Next::Timeout => return Err(Lost(format!("no START for game {id}"))),
                Next::Closed => return Err(Lost::closed()),
                Next::Terminate => return Ok(Some(Ended::Stopped)),
            }
        }
        self.start(summary);
        Ok(None)
    }

    /// Sets the game up as the summary says: the position, the moves already played, the
    /// rules and each side's clock, less the time of those moves.
    fn start(&mut self, summary: GameSummary) {
        let me = summary.your_turn;
        let rules = GameRules {
            move_limit: summary.max_moves.map(|n| n as usize),
            // The server judges impasse by declaration only.
            impasse_from_ply: usize::MAX,
            entering_king: summary.declaration,
        };
        let [black, white] = summary.time;
        let mut clocks = Clocks::new(TimeControl::session(0, black.total(), Duration::ZERO));
        clocks.set_left(Color::White, white.total());
        for (side, t) in [(Color::Black, black), (Color::White, white)] {
            clocks.set_increment(side, t.increment());
            clocks.set_byoyomi(side, t.byoyomi());
        }
        let mut game = Game::with_rules(summary.record.start.clone(), rules);
        for (i, m) in summary.record.moves.iter().enumerate() {
            let side = game.position().side_to_move();
            if let Some(t) = summary.played_times.get(i).copied().flatten() {
                clocks.spend(side, summary.time[side.index()].duration_of(t));
            }
            game.play_unchecked(m.mv);
        }
        self.play.engine_mut().new_game();
        self.play.set_game(game);
        self.play.clocks = clocks;
        self.play.set_policy(Policy::csa(summary.declaration != EnteringKingRule::None));
        let mut record = summary.record.clone();
        record.outcome = None;
        record.headers = Headers {
            date: Some(chrono::Local::now().naive_local()),
            black: Some(summary.name(Color::Black).to_string()),
            white: Some(summary.name(Color::White).to_string()),
            event: Some(summary.game_id.clone()),
            site: Some(format!("{}:{}", self.options.host, self.options.port)),
            time_control: Some(summary.time_words()),
            time_limit: summary.time_limit(),
        };
        self.report.game_begins(&summary, me);
        let now = Instant::now();
        self.game = Some(Playing {
            summary,
            me,
            record,
            sent: None,
            finished: false,
            reason: None,
            started: now,
        });
    }

    fn time_rules(&self, side: Color) -> TimeRules {
        self.game.as_ref().map_or_else(TimeRules::default, |g| g.summary.time[side.index()])
    }

    /// The network margin in force: the configured one, or more once the round trips seen
    /// on this connection need more (twice the worst).
    fn margin(&self) -> Duration {
        self.options.margin.max(self.round_trip * 2)
    }

    /// The engine's search on its own move, budgeted by the server's clock.
    fn limits(&self, me: Color) -> SearchLimits {
        let rules = self.time_rules(me);
        if rules.unlimited() {
            return SearchLimits::move_time(UNTIMED_MOVE);
        }
        counting::server_limits(
            &self.play.clocks,
            me,
            &rules.counting,
            rules.delay(),
            self.margin(),
        )
    }

    /// The engine moves if it is its turn.
    fn next_turn(&mut self) -> Result<(), Lost> {
        let Some(g) = &self.game else { return Ok(()) };
        if g.finished || g.sent.is_some() || self.play.task() == Some(Task::Move) {
            return Ok(());
        }
        let me = g.me;
        if self.play.game().position().side_to_move() != me {
            return Ok(());
        }
        let limits = self.limits(me);
        self.set_last_moment(me);
        if let Start::Declared(rule) = self.play.think(limits) {
            self.report.detail(&format!("declares an entering-king win ({})", rule.name()));
            self.finish_with(&Request::Declare)?;
        }
        Ok(())
    }

    /// The engine's search on its move has begun, on the server's clock now.
    fn set_last_moment(&mut self, me: Color) {
        let rules = self.time_rules(me);
        self.last_moment = (!rules.unlimited()).then(|| {
            let deadline =
                counting::server_deadline(&self.play.clocks, me, &rules.counting, rules.delay());
            Instant::now() + deadline.saturating_sub(self.margin() / 2)
        });
    }

    /// The search has not answered by the last moment: its best move so far goes (or a
    /// legal move), and the search is given up.
    fn move_now(&mut self) -> Result<(), Lost> {
        self.last_moment = None;
        let Some(best) = self.play.best_so_far() else { return Ok(()) };
        let Some(mv) = best else { return self.finish_with(&Request::Resign) };
        self.report.warn("the search has not answered in time: its best move so far is played");
        // The move goes first; the search is waited for after.
        let text = csa::format_csa_move(self.play.game().position(), mv);
        if let Some(g) = &mut self.game {
            g.sent =
                Some(Sent { text: text.clone(), at: Instant::now(), record: RecordMove::new(mv) });
        }
        self.send(&Request::Move { text, comment: None })?;
        self.play.play(mv);
        Ok(())
    }

    /// Sends `%TORYO` or `%KACHI`: the game is over for the engine.
    fn finish_with(&mut self, request: &Request) -> Result<(), Lost> {
        self.last_moment = None;
        self.play.cancel();
        if let Some(g) = &mut self.game {
            g.finished = true;
        }
        self.send(request)
    }

    /// What the engine's search led to.
    fn on_update(&mut self, update: Update) -> Result<(), Lost> {
        match update {
            Update::Moved { mv, result, replaced, .. } => {
                if let Some(bad) = replaced {
                    self.report
                        .warn(&format!("the search chose an illegal move {bad}; playing {mv}"));
                }
                self.send_move(mv, &result)
            }
            Update::Resigned { .. } => {
                self.report.detail("resigns");
                self.finish_with(&Request::Resign)
            }
            Update::NoMove { .. } => self.finish_with(&Request::Resign),
            Update::Overdue => {
                self.report.warn("the search ran past its time: stopped");
                Ok(())
            }
            Update::Failed(then) => {
                self.report
                    .warn("the search ended without an answer: its best move so far is played");
                self.on_update(*then)
            }
            Update::Info { .. }
            | Update::Finished { .. }
            | Update::Mate(_)
            | Update::NoMateFound => Ok(()),
        }
    }

    /// Sends the engine's move (already on the match's game), with its comment.
    fn send_move(&mut self, mv: Move, result: &SearchResult) -> Result<(), Lost> {
        self.last_moment = None;
        let game = self.play.game();
        let ply = game.ply();
        let before = &game.positions()[ply - 1];
        let after = game.position();
        let me = before.side_to_move();
        let text = csa::format_csa_move(before, mv);
        let comment = (self.options.comments && !result.book).then(|| {
            let score = match result.score {
                Eval::Cp(cp) => cp,
                Eval::Mate(plies) if plies >= 0 => MATE_IN_COMMENT - plies,
                Eval::Mate(plies) => -MATE_IN_COMMENT - plies,
            };
            let from_black = if me == Color::Black { score } else { -score };
            let line = match result.pv.split_first() {
                Some((&first, rest)) if first == mv => rest,
                _ => &result.pv[..0],
            };
            csa::format_engine_comment(after, from_black, line)
        });
        if let Some(g) = &mut self.game {
            let mut record = RecordMove::new(mv);
            record.comments.extend(comment.iter().map(|c| c.trim_start_matches("'*").to_string()));
            g.sent = Some(Sent { text: text.clone(), at: Instant::now(), record });
        }
        self.report.thinking_done(result);
        self.send(&Request::Move { text, comment })
    }

    fn play_game(&mut self) -> Result<Ended, Lost> {
        self.next_turn()?;
        loop {
            let wait = self.silence_limit();
            let (message, line) = match self.next_message(Some(wait))? {
                Next::Message(m, line) => (m, line),
                Next::Timeout => {
                    return Err(Lost(format!("the server said nothing for {} s", wait.as_secs())));
                }
                Next::Closed => return Err(Lost::closed()),
                Next::Terminate => {
                    self.play.cancel();
                    if let Some(g) = self.game.take() {
                        self.conclude(g, None, "stopped by a signal");
                    }
                    return Ok(Ended::Stopped);
                }
            };
            match message {
                Message::Move { mv, time, .. } => self.on_move(mv, time, &line)?,
                // The opponent's %TORYO or %KACHI: the result lines follow.
                Message::Special { .. } => {
                    if self.game.as_ref().is_some_and(|g| !g.finished) {
                        self.report.detail(&format!("the server says {line}"));
                    }
                }
                Message::Reason(r) => {
                    if let Some(g) = &mut self.game {
                        g.reason = Some(r);
                    }
                }
                Message::Verdict(v) => {
                    self.play.cancel();
                    let Some(g) = self.game.take() else { continue };
                    let score = self.conclude(g, Some(v), "");
                    self.logout()?;
                    return Ok(Ended::Played(score));
                }
                Message::Empty | Message::Extended(_) => {}
                other => self.report.warn(&format!("unexpected in a game: '{line}' ({other:?})")),
            }
        }
    }

    /// How long the server may stay silent now: past the whole clock of the side it waits
    /// for, and a slack.
    fn silence_limit(&self) -> Duration {
        let Some(g) = &self.game else { return SILENCE_SLACK };
        if g.sent.is_some() || g.finished {
            return SILENCE_SLACK;
        }
        let side = self.play.game().position().side_to_move();
        let rules = g.summary.time[side.index()];
        if rules.unlimited() {
            // The opponent may think as long as it likes.
            return Duration::from_secs(24 * 3600);
        }
        let clocks = &self.play.clocks;
        clocks.left(side)
            + clocks.byoyomi_of(side)
            + clocks.increment_of(side)
            + rules.delay()
            + SILENCE_SLACK
    }

    /// A move from the server: the echo of ours, or the opponent's.
    fn on_move(&mut self, mv: csa::CsaMove, time: Option<u64>, line: &str) -> Result<(), Lost> {
        let Some(g) = self.game.as_mut() else { return Ok(()) };
        let me = g.me;
        let rules = g.summary.time[mv.color.index()];
        let used = time.map(|t| rules.duration_of(t));
        let text = line.split(',').next().unwrap_or(line);
        if mv.color == me {
            let Some(Sent { text: sent, at, mut record }) = g.sent.take() else {
                self.report.warn(&format!("the server says '{line}', a move of ours never sent"));
                return Ok(());
            };
            if sent != text {
                self.report.warn(&format!("the server echoes '{text}' for our move '{sent}'"));
            }
            self.round_trip = self.round_trip.max(at.elapsed());
            let used = used.unwrap_or_default();
            self.play.own_move_timed(me, used);
            record.time = Some(used);
            g.record.moves.push(record);
            self.report_move(text, me, time);
            if self.options.ponder {
                let limits = self.limits(me);
                self.play.ponder(limits);
            }
            return Ok(());
        }
        if g.finished {
            return Ok(());
        }
        let pos = self.play.game().position();
        let legal = mv
            .to_move(pos)
            .map_err(|e| e.to_string())
            .and_then(|m| pos.check_move(m).map(|()| m).map_err(|e| e.to_string()));
        let m = match legal {
            Ok(m) => m,
            Err(why) => {
                // The game cannot be followed any further: say why, and give it up rather
                // than think on a position that is not the server's.
                self.report.warn(&format!(
                    "the server's move '{text}' is not legal here: {why}; resigning"
                ));
                if let Some(g) = &mut self.game {
                    g.record.comments.push(format!("the server's move {text} was refused: {why}"));
                }
                return self.finish_with(&Request::Resign);
            }
        };
        if let Some(g) = &mut self.game {
            let mut rm = RecordMove::new(m);
            rm.time = used;
            g.record.moves.push(rm);
        }
        let reply = self.play.opponent_moved(m, used);
        self.report_move(text, mv.color, time);
        match reply {
            Reply::Played => self.next_turn(),
            Reply::PonderHit(Some(update)) => self.on_update(update),
            Reply::PonderHit(None) => {
                self.set_last_moment(me);
                Ok(())
            }
        }
    }

    fn report_move(&mut self, text: &str, side: Color, time: Option<u64>) {
        let Some(g) = &self.game else { return };
        let name = g.summary.name(side).to_string();
        let rules = g.summary.time[side.index()];
        let ply = self.play.game().ply();
        let clocks = [Color::Black, Color::White].map(|c| self.play.clocks.left(c));
        self.report.moved(ply, text, &name, time.map(|t| rules.duration_of(t)), clocks);
    }

    /// The game is over (`verdict` from the server, or none when it was cut short): the
    /// record is saved and the result told.
    fn conclude(&mut self, mut g: Playing, verdict: Option<Verdict>, note: &str) -> Score {
        self.last_moment = None;
        let me = g.me;
        g.record.outcome = verdict.and_then(|v| outcome(v, g.reason, me));
        if verdict.is_none() {
            g.record.comments.push(format!("interrupted: {note}"));
        }
        if let Some(sent) = &g.sent {
            // The server never took it: the record holds the game as the server has it.
            g.record.comments.push(format!("{} was sent, and not answered", sent.text));
        }
        let elapsed = g.started.elapsed();
        self.report.save(&g.record, &g.summary.game_id);
        let score = match verdict {
            Some(Verdict::Win) => Score::Won,
            Some(Verdict::Lose) => Score::Lost,
            Some(Verdict::Draw | Verdict::Censored) => Score::Drawn,
            None => Score::Interrupted,
        };
        let how = match (verdict, g.reason) {
            (Some(v), Some(r)) => format!("#{} #{}", r.word(), v.word()),
            (Some(v), None) => format!("#{}", v.word()),
            (None, _) => note.to_string(),
        };
        self.report.game_ends(score, &how, g.record.moves.len(), elapsed);
        score
    }

    /// `LOGOUT`, and a short wait for the server to close (shogi-server closes by itself
    /// after a game).
    fn logout(&mut self) -> Result<(), Lost> {
        if self.send(&Request::Logout).is_err() {
            return Ok(());
        }
        let deadline = Instant::now() + LOGOUT_WAIT;
        loop {
            match self.next_message(Some(deadline.saturating_duration_since(Instant::now()))) {
                Ok(Next::Message(Message::LogoutCompleted, _)) => return Ok(()),
                Ok(Next::Message(..)) => {}
                Ok(_) | Err(_) => return Ok(()),
            }
        }
    }
}

/// The engine's move on its way to the server.
struct Sent {
    text: String,
    at: Instant,
    record: RecordMove,
}

/// How a wait for the server ended.
enum Next {
    Message(Message, String),
    Timeout,
    Closed,
    Terminate,
}

/// The record's ending for the server's result, for the client playing `me`.
fn outcome(verdict: Verdict, reason: Option<Reason>, me: Color) -> Option<Outcome> {
    let winner = match verdict {
        Verdict::Win => me,
        Verdict::Lose => !me,
        Verdict::Draw | Verdict::Censored => {
            let reason = match reason {
                Some(Reason::Repetition) => DrawReason::Repetition,
                Some(Reason::MaxMoves) => DrawReason::MoveLimit,
                Some(Reason::Declaration) => DrawReason::Impasse,
                _ => DrawReason::Agreement,
            };
            return Some(Outcome::Draw(reason));
        }
    };
    let reason = match reason? {
        Reason::Resign => WinReason::Resignation,
        Reason::TimeUp => WinReason::Time,
        Reason::IllegalMove => WinReason::IllegalMove,
        Reason::PerpetualCheck => WinReason::PerpetualCheck,
        Reason::Declaration => WinReason::Declaration,
        Reason::Repetition | Reason::MaxMoves | Reason::Interrupted => return None,
    };
    Some(Outcome::Win { winner, reason })
}
