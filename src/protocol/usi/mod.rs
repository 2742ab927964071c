//! USI, for modern shogi GUIs and tournament tools (issue 9, product.md section 6).
//!
//! One loop takes input lines and engine events from the session's channel, in order. A line
//! is parsed into a [`Command`] first ([`command`]), then acted on; bad input gets
//! `info string error ...` and changes nothing. A search runs on the engine's thread and
//! reports through the same channel; a `go mate` solve runs on a thread of its own that the
//! loop polls. With `go ponder` and `go infinite` the `bestmove` waits for `stop` or
//! `ponderhit`, whatever the search does.

pub mod command;
pub mod options;

#[cfg(test)]
mod fuzz;

pub use command::{Command, CommandError, GameResult, Go, MateTime, parse_command};
pub use options::{Setting, Settings};

use super::{Event, SearchId, Session};
use crate::engine::{EngineEvent, MateHandle, SearchHandle};
use crate::game::Game;
use crate::mate::{MateLimits, MateOutcome, MateReport};
use crate::notation::UsiMove;
use crate::rules::{Color, Move, MoveList, Position};
use crate::search::{Bound, Clock, Score, SearchInfo, SearchLimits, SearchResult};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

/// How often a running search is checked for having died without a result.
const SEARCH_POLL: Duration = Duration::from_millis(100);
/// How often a running mate solve is checked for its answer.
const MATE_POLL: Duration = Duration::from_millis(5);
/// Resign only if the last completed iteration, and the result, both prove a mate against us
/// (a score cut short by `stop` is not enough).
const RESIGN_AFTER_ITERATIONS: u32 = 1;

const AUTHOR: &str = "the GNU Shogi developers";

/// Runs USI after the `usi` command has been read (or from the start with `--usi`): prints
/// the `id`/`option`/`usiok` block, then serves until `quit` or the end of input.
pub fn run<W: Write>(session: Session<W>) -> ExitCode {
    let mut usi = Usi {
        session,
        game: Game::default(),
        settings: Settings::default(),
        task: Task::Idle,
        answered_usi: true,
    };
    // A write error means the GUI has gone: leave quietly.
    let _ = usi.serve();
    usi.shutdown();
    ExitCode::SUCCESS
}

/// What the engine is doing between commands.
enum Task {
    Idle,
    Search(Box<Search>),
    Mate(MateHandle),
    /// `bestmove win` is due, held for `stop`/`ponderhit` (`go ponder`, `go infinite`).
    Declare,
}

struct Search {
    handle: SearchHandle,
    /// Its events carry this; events of other searches are old and dropped.
    id: SearchId,
    /// The bestmove waits for `stop` (and, when pondering, `ponderhit`).
    hold: bool,
    pondering: bool,
    infinite: bool,
    /// A result that arrived while holding.
    held: Option<SearchResult>,
    /// Completed iterations in a row whose score was a mate against us.
    mated_iterations: u32,
    /// The search thread was once seen finished before its result arrived.
    finished_seen: bool,
    root: Position,
}

struct Usi<W: Write> {
    session: Session<W>,
    game: Game,
    settings: Settings,
    task: Task,
    /// The `id` block was printed on entry and no command has come since: with `--usi` the
    /// GUI's own `usi` is still to come, and that block already answers it.
    answered_usi: bool,
}

impl<W: Write> Usi<W> {
    fn send(&mut self, line: &str) -> io::Result<()> {
        self.session.send(line)
    }

    fn error(&mut self, msg: &str) -> io::Result<()> {
        self.send(&format!("info string error {msg}"))
    }

    fn serve(&mut self) -> io::Result<()> {
        self.identify()?;
        while let Some(event) = self.next_event()? {
            if !self.on_event(event)? {
                break;
            }
        }
        Ok(())
    }

    /// Handles one event; `false` when the loop ends.
    fn on_event(&mut self, event: Event) -> io::Result<bool> {
        match event {
            Event::Eof => return Ok(false),
            Event::Line(line) => match parse_command(&line) {
                Ok(None) => {}
                Ok(Some(Command::Quit)) => return Ok(false),
                Ok(Some(Command::Usi)) if self.answered_usi => self.answered_usi = false,
                Ok(Some(cmd)) => {
                    self.answered_usi = false;
                    self.apply(cmd)?;
                }
                Err(e) => {
                    self.answered_usi = false;
                    self.error(&e.to_string())?;
                }
            },
            Event::TooLong { start, len } => {
                self.answered_usi = false;
                self.error(&format!("line too long ({len} bytes), ignored: {start}..."))?;
            }
            Event::Engine(id, e) if self.is_current(&id) => match e {
                EngineEvent::Info(info) => self.on_info(&info)?,
                EngineEvent::Done(result) => self.on_done(result)?,
            },
            Event::Engine(..) => {}
            Event::Terminate => return Ok(false),
        }
        Ok(true)
    }

    /// The events of this search are awaited.
    fn is_current(&self, id: &SearchId) -> bool {
        matches!(&self.task, Task::Search(s) if s.id == *id)
    }

    /// The next event; while something runs, wakes up now and then to look after it.
    fn next_event(&mut self) -> io::Result<Option<Event>> {
        loop {
            let poll = match self.task {
                Task::Search(_) => SEARCH_POLL,
                Task::Mate(_) => MATE_POLL,
                Task::Idle | Task::Declare => return Ok(self.session.events.recv().ok()),
            };
            match self.session.events.recv_timeout(poll) {
                Ok(e) => return Ok(Some(e)),
                Err(RecvTimeoutError::Timeout) => self.poll()?,
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
            }
        }
    }

    fn poll(&mut self) -> io::Result<()> {
        match &mut self.task {
            Task::Mate(m) if m.is_finished() => {
                if let Task::Mate(m) = std::mem::replace(&mut self.task, Task::Idle) {
                    return self.report_mate(m.wait());
                }
                Ok(())
            }
            Task::Search(s) if s.held.is_none() && s.handle.is_finished() => {
                // The channel was empty after the thread ended, twice: it ended without
                // reporting (a panic). Answer with a legal move rather than forfeit.
                if !s.finished_seen {
                    s.finished_seen = true;
                    return Ok(());
                }
                let result = fallback_result(&s.root);
                self.error("the search failed; playing a legal move")?;
                self.on_done(result)
            }
            _ => Ok(()),
        }
    }

    fn apply(&mut self, cmd: Command) -> io::Result<()> {
        match cmd {
            Command::Usi => self.identify(),
            Command::IsReady => self.send("readyok"),
            Command::SetOption(setting) => self.set_option(setting),
            Command::UsiNewGame => {
                self.abandon();
                self.session.engine.new_game();
                self.game = Game::with_rules(Position::startpos(), self.game.rules);
                Ok(())
            }
            Command::Position { start, moves } => self.set_position(*start, &moves),
            Command::Go(go) => self.go(&go),
            Command::Stop => self.stop(),
            Command::PonderHit => self.ponderhit(),
            // The game is over: stop thinking, say nothing more.
            Command::GameOver(_) => {
                self.abandon();
                Ok(())
            }
            Command::Quit => Ok(()),
        }
    }

    fn identify(&mut self) -> io::Result<()> {
        self.send(&format!("id name GNU Shogi {}", crate::VERSION))?;
        self.send(&format!("id author {AUTHOR}"))?;
        for line in
            options::option_lines(self.session.engine.options(), &self.game.rules, &self.settings)
        {
            self.send(&line)?;
        }
        self.send("usiok")
    }

    fn set_option(&mut self, setting: Setting) -> io::Result<()> {
        let engine = &mut self.session.engine;
        match setting {
            Setting::Hash(mib) => {
                let taken = engine.set_hash_mib(mib);
                if taken < mib {
                    return self.send(&format!(
                        "info string USI_Hash {mib} is more than this machine holds; {taken} MiB"
                    ));
                }
            }
            Setting::Ponder(on) => self.settings.ponder = on,
            Setting::Threads(n) => engine.set_threads(n),
            Setting::OwnBook(on) => engine.set_use_book(on),
            Setting::BookFile(None) => {
                engine.set_book(Some(crate::book::Book::builtin()));
                self.settings.book_file = None;
            }
            Setting::BookFile(Some(path)) => {
                match crate::book::load_file(&path, crate::book::DEFAULT_MAX_PLY) {
                    Ok((book, warnings)) => {
                        engine.set_book(Some(book));
                        self.settings.book_file = Some(path);
                        // Illegal moves in the file were skipped; say how many.
                        if !warnings.is_empty() {
                            let first = warnings[0].clone();
                            return self.send(&format!(
                                "info string {}",
                                format_args!(
                                    "setoption BookFile: {} lines skipped, first: {first}",
                                    warnings.len()
                                )
                            ));
                        }
                    }
                    Err(e) => return self.error(&format!("setoption BookFile: {e}")),
                }
            }
            Setting::MultiPv(n) => engine.set_multipv(n),
            Setting::Contempt(cp) => engine.set_contempt(cp),
            Setting::MoveOverhead(d) => engine.set_move_overhead(d),
            Setting::ResignOnMate(on) => self.settings.resign_on_mate = on,
            Setting::ResignValue(cp) => engine.set_resign_value(cp),
            Setting::DeclareWin(on) => self.settings.declare_win = on,
            Setting::SkillLevel(n) => engine.set_skill_level(n),
            Setting::LimitStrength(on) => engine.set_limit_strength(on),
            Setting::Elo(elo) => engine.set_elo(elo),
            Setting::EnteringKing(rule) => self.game.rules.entering_king = rule,
        }
        Ok(())
    }

    /// Plays the moves from the start; any illegal one refuses the whole command.
    fn set_position(&mut self, start: Position, moves: &[UsiMove]) -> io::Result<()> {
        let mut game = Game::with_rules(start, self.game.rules);
        for (i, m) in moves.iter().enumerate() {
            match m.to_move(game.position()) {
                Ok(mv) => game.play_unchecked(mv),
                Err(e) => {
                    return self.error(&format!(
                        "position: move {} ({}) is illegal: {e}; position unchanged",
                        i + 1,
                        m.shape()
                    ));
                }
            }
        }
        self.game = game;
        Ok(())
    }

    fn go(&mut self, go: &Go) -> io::Result<()> {
        if !matches!(self.task, Task::Idle) {
            return self.error("go: already thinking; send stop first");
        }
        if let Some(time) = go.mate {
            self.start_mate(time);
            return Ok(());
        }
        let hold = go.ponder || go.infinite;
        let pos = self.game.position();
        let rule = self.game.rules.entering_king;
        if self.settings.declare_win && pos.can_declare_win_by(rule) {
            self.send(&format!("info string entering-king declaration ({})", rule.usi_name()))?;
            if hold {
                self.task = Task::Declare;
                return Ok(());
            }
            return self.send("bestmove win");
        }
        let root = pos.clone();
        let limits = limits_for(go, root.side_to_move());
        let (id, on_event) = SearchId::tagged(&self.session.sender);
        let handle = self.session.engine.start(&self.game, limits, on_event);
        self.task = Task::Search(Box::new(Search {
            handle,
            id,
            hold,
            pondering: go.ponder,
            infinite: go.infinite,
            held: None,
            mated_iterations: 0,
            finished_seen: false,
            root,
        }));
        Ok(())
    }

    fn start_mate(&mut self, time: MateTime) {
        let limits = MateLimits {
            time: match time {
                MateTime::Infinite => None,
                MateTime::Limit(t) => Some(t),
            },
            ..MateLimits::default()
        };
        // Polled by the loop: nothing to do on the solver's thread.
        let handle = self.session.engine.start_mate(self.game.position(), limits, |_| {});
        self.task = Task::Mate(handle);
    }

    fn report_mate(&mut self, report: Option<MateReport>) -> io::Result<()> {
        let Some(report) = report else {
            self.error("the mate solver failed")?;
            return self.send("checkmate timeout");
        };
        self.send(&format!("info time {} nodes {}", report.time.as_millis(), report.nodes))?;
        match report.outcome {
            MateOutcome::Mate(line) if !line.is_empty() => {
                let moves: Vec<String> = line.iter().map(Move::to_string).collect();
                self.send(&format!("checkmate {}", moves.join(" ")))
            }
            MateOutcome::Mate(_) | MateOutcome::NoMate => self.send("checkmate nomate"),
            MateOutcome::Timeout => self.send("checkmate timeout"),
        }
    }

    fn stop(&mut self) -> io::Result<()> {
        match &mut self.task {
            Task::Search(s) => {
                s.handle.stop();
                s.hold = false;
                self.release_held()
            }
            Task::Mate(m) => {
                // The solver answers `checkmate timeout` (or what it found) when it sees this.
                m.stop();
                Ok(())
            }
            Task::Declare => {
                self.task = Task::Idle;
                self.send("bestmove win")
            }
            // The search may have just finished: nothing to stop, nothing to say.
            Task::Idle => Ok(()),
        }
    }

    fn ponderhit(&mut self) -> io::Result<()> {
        match &mut self.task {
            Task::Search(s) if s.pondering => {
                s.handle.ponderhit();
                s.pondering = false;
                s.hold = s.infinite;
                self.release_held()
            }
            Task::Declare => {
                self.task = Task::Idle;
                self.send("bestmove win")
            }
            _ => self.error("ponderhit: not pondering"),
        }
    }

    /// Prints a result that came in while the bestmove was held, once it no longer is.
    fn release_held(&mut self) -> io::Result<()> {
        if let Task::Search(s) = &mut self.task
            && !s.hold
            && let Some(result) = s.held.take()
        {
            return self.on_done(result);
        }
        Ok(())
    }

    fn on_info(&mut self, info: &SearchInfo) -> io::Result<()> {
        // Events of a search that is no longer ours are dropped.
        let Task::Search(s) = &mut self.task else {
            return Ok(());
        };
        if info.bound == Bound::Exact {
            if matches!(info.score, Score::Mate(p) if p < 0) {
                s.mated_iterations += 1;
            } else {
                s.mated_iterations = 0;
            }
        }
        let lines = self.session.engine.options().multipv;
        self.send(&format_info(info, lines))
    }

    fn on_done(&mut self, result: SearchResult) -> io::Result<()> {
        let Task::Search(s) = &mut self.task else {
            return Ok(());
        };
        if s.hold {
            s.held = Some(result);
            return Ok(());
        }
        if let Task::Search(s) = std::mem::replace(&mut self.task, Task::Idle) {
            return self.bestmove(&s, &result);
        }
        Ok(())
    }

    fn bestmove(&mut self, s: &Search, result: &SearchResult) -> io::Result<()> {
        let mated = matches!(result.score, Score::Mate(p) if p < 0)
            && s.mated_iterations >= RESIGN_AFTER_ITERATIONS;
        // Analysis and a ponder search the GUI stopped never resign; a game move may.
        let hopeless = !s.infinite
            && !s.pondering
            && self.session.engine.should_resign(s.root.side_to_move(), result);
        let line = match result.best {
            None => "bestmove resign".to_string(),
            Some(_) if self.settings.resign_on_mate && mated => "bestmove resign".to_string(),
            Some(_) if hopeless => "bestmove resign".to_string(),
            Some(m) if !s.root.is_legal(m) => {
                // Never send an illegal move, whatever went wrong inside.
                self.error(&format!("the search chose an illegal move {m}"))?;
                match fallback_result(&s.root).best {
                    Some(m) => format!("bestmove {m}"),
                    None => "bestmove resign".to_string(),
                }
            }
            Some(m) => {
                if result.book {
                    self.send("info string book move")?;
                }
                match result.ponder {
                    Some(p) => format!("bestmove {m} ponder {p}"),
                    None => format!("bestmove {m}"),
                }
            }
        };
        self.send(&line)
    }

    /// Stops whatever runs, without a `bestmove` or `checkmate`, and throws away what it
    /// still had to say.
    fn abandon(&mut self) {
        match std::mem::replace(&mut self.task, Task::Idle) {
            Task::Search(s) => {
                // Its events still in the channel carry its id: they are dropped.
                let _ = s.handle.abort();
            }
            Task::Mate(m) => {
                m.stop();
                let _ = m.wait();
            }
            Task::Idle | Task::Declare => {}
        }
    }

    /// `quit` or end of input: stop at once.
    fn shutdown(&mut self) {
        match std::mem::replace(&mut self.task, Task::Idle) {
            // Dropping the handle stops the search and joins it (a few milliseconds).
            Task::Search(s) => s.handle.stop(),
            // The solver stops at its next check; no need to wait for it.
            Task::Mate(m) => m.stop(),
            Task::Idle | Task::Declare => {}
        }
    }
}

/// USI `go` → search limits. `btime`/`binc` are sente's (Black's), `wtime`/`winc` gote's.
pub fn limits_for(go: &Go, side: Color) -> SearchLimits {
    let (mine, theirs, inc) = match side {
        Color::Black => (go.btime, go.wtime, go.binc),
        Color::White => (go.wtime, go.btime, go.winc),
    };
    let clock = (mine.is_some() || inc.is_some() || go.byoyomi.is_some()).then(|| Clock {
        remaining: mine.unwrap_or_default(),
        increment: inc.unwrap_or_default(),
        moves_to_go: None,
        byoyomi: go.byoyomi.unwrap_or_default(),
        opponent_remaining: theirs,
    });
    SearchLimits {
        depth: go.depth,
        nodes: go.nodes,
        move_time: go.movetime,
        clock,
        infinite: go.infinite,
        ponder: go.ponder,
        root_moves: None,
        multipv: 0,
    }
}

/// `info depth ... pv ...` for one iteration.
/// `lines`: how many lines the search gives (MultiPV); above 1, each names its number.
pub fn format_info(info: &SearchInfo, lines: usize) -> String {
    let mut s = format!("info depth {} seldepth {}", info.depth, info.seldepth);
    // Several lines are told apart by their number; one line keeps the shorter form.
    if lines > 1 {
        let _ = write!(s, " multipv {}", info.multipv);
    }
    let _ = write!(s, " score {}", info.score);
    match info.bound {
        Bound::Exact => {}
        Bound::Lower => s.push_str(" lowerbound"),
        Bound::Upper => s.push_str(" upperbound"),
    }
    let _ = write!(
        s,
        " nodes {} nps {} time {} hashfull {}",
        info.nodes,
        info.nps(),
        info.time.as_millis(),
        info.hashfull
    );
    if !info.pv.is_empty() {
        s.push_str(" pv");
        for m in &info.pv {
            let _ = write!(s, " {m}");
        }
    }
    s
}

/// Any legal move (none: resign), for when the search gave nothing usable.
fn fallback_result(pos: &Position) -> SearchResult {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    SearchResult::bare(list.iter().next(), Duration::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_follow_the_side_to_move() {
        let go = parse_command("go btime 1000 wtime 2000 binc 10 winc 20 byoyomi 0").unwrap();
        let Some(Command::Go(go)) = go else { panic!() };
        let b = limits_for(&go, Color::Black).clock.unwrap();
        assert_eq!(b.remaining, Duration::from_millis(1000));
        assert_eq!(b.increment, Duration::from_millis(10));
        assert_eq!(b.opponent_remaining, Some(Duration::from_millis(2000)));
        let w = limits_for(&go, Color::White).clock.unwrap();
        assert_eq!(w.remaining, Duration::from_millis(2000));
        assert_eq!(w.increment, Duration::from_millis(20));
        let Ok(Some(Command::Go(go))) = parse_command("go depth 3") else { panic!() };
        assert_eq!(limits_for(&go, Color::White), SearchLimits::depth(3));
    }

    #[test]
    fn info_lines() {
        let pos = Position::startpos();
        let m = crate::notation::parse_usi_move("7g7f").unwrap().to_move(&pos).unwrap();
        let info = SearchInfo {
            depth: 5,
            seldepth: 9,
            score: Score::Cp(-31),
            bound: Bound::Lower,
            nodes: 2000,
            time: Duration::from_millis(500),
            hashfull: 3,
            pv: vec![m],
            multipv: 1,
        };
        assert_eq!(
            format_info(&info, 1),
            "info depth 5 seldepth 9 score cp -31 lowerbound nodes 2000 nps 4000 time 500 \
             hashfull 3 pv 7g7f"
        );
    }
}
