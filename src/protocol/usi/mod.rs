//! USI, for modern shogi GUIs and tournament tools (issue 9, product.md section 6).
//!
//! One loop takes input lines and engine events from the session's channel, in order. A line
//! is parsed into a [`Command`] first ([`command`]), then acted on; bad input gets
//! `info string error ...` and changes nothing. The GUI keeps the game and the clocks; the
//! engine's searches (and `go mate`'s solver) are a [`Match`]'s, reporting through the same
//! channel. With `go ponder` and `go infinite` the `bestmove` waits for `stop` or
//! `ponderhit`, whatever the search does.

pub mod command;
pub mod options;

pub use command::{Command, Go, MateTime, parse_command};
pub use options::{Setting, Settings};

use super::{Event, Session};
use crate::eval::nnue::Network;
use crate::game::Game;
use crate::mate::{MateLimits, MateOutcome, MateReport, MateRules};
use crate::notation::{UsiMove, score};
use crate::play::{Match, Start, Update, Wake};
use crate::rules::{Color, Move, Position};
use crate::search::{Clock, SearchInfo, SearchLimits, SearchResult};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::mpsc::Receiver;

const AUTHOR: &str = "the GNU Shogi developers";

/// Runs USI after the `usi` command has been read (or from the start with `--usi`): prints
/// the `id`/`option`/`usiok` block, then serves until `quit` or the end of input.
pub fn run<W: Write>(session: Session<W>) -> ExitCode {
    let Session { events, out, mut play, .. } = session;
    // A new game under the default rules (after the xshogi dialect's `usi`).
    play.set_game(Game::default());
    let mut usi = Usi::with_match(out, play);
    // A write error means the GUI has gone: leave quietly.
    let _ = usi.serve(&events);
    usi.shutdown();
    ExitCode::SUCCESS
}

/// The USI front end's state: driven by [`run`], or event by event (`on_event`, and
/// `on_deadline` when [`Usi::deadline`] passes).
pub struct Usi<W: Write> {
    out: W,
    /// The game as the GUI last set it, and the engine's searches.
    play: Match,
    settings: Settings,
    /// `bestmove win` is due, held for `stop`/`ponderhit` (`go ponder`, `go infinite`).
    declaration_held: bool,
    /// The `id` block was printed on entry and no command has come since: with `--usi` the
    /// GUI's own `usi` is still to come, and that block already answers it.
    answered_usi: bool,
}

impl<W: Write> Usi<W> {
    /// A USI front end whose searches report on `sender`.
    pub fn new(
        out: W,
        engine: crate::engine::Engine,
        sender: std::sync::mpsc::Sender<Event>,
    ) -> Usi<W> {
        Usi::with_match(out, Match::new(engine, sender))
    }

    fn with_match(out: W, mut play: Match) -> Usi<W> {
        // The GUI keeps the game (its policy does not record the engine's moves): `go` again
        // searches the same position.
        let settings = Settings::default();
        play.set_policy(settings.policy());
        Usi { out, play, settings, declaration_held: false, answered_usi: true }
    }

    /// The game as the GUI last set it.
    pub fn game(&self) -> &Game {
        self.play.game()
    }

    /// Something runs (a search, a solve) or a `bestmove win` waits.
    pub fn busy(&self) -> bool {
        self.play.task().is_some() || self.declaration_held
    }

    /// When [`Usi::on_deadline`] is due if no event comes first.
    pub fn deadline(&self) -> Option<std::time::Instant> {
        self.play.deadline()
    }

    /// The deadline passed: the match looks after its search.
    pub fn on_deadline(&mut self) -> io::Result<()> {
        match self.play.on_deadline() {
            Some(update) => self.on_update(update),
            None => Ok(()),
        }
    }

    /// Writes one line and flushes it (protocol output must never sit in a buffer).
    fn send(&mut self, line: &str) -> io::Result<()> {
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }

    fn error(&mut self, msg: &str) -> io::Result<()> {
        self.send(&format!("info string error {msg}"))
    }

    fn serve(&mut self, events: &Receiver<Event>) -> io::Result<()> {
        self.identify()?;
        loop {
            let wake = self.play.next_event(events, None);
            if !self.on_wake(wake)? {
                return Ok(());
            }
        }
    }

    /// Handles one event (the match delivers its own: [`Match::receive`]); `false` when the
    /// loop ends.
    pub fn on_event(&mut self, event: Event) -> io::Result<bool> {
        let wake = self.play.receive(event);
        self.on_wake(wake)
    }

    /// What the match woke up for: the input, or an update of its own; `false` when the loop
    /// ends.
    fn on_wake(&mut self, wake: Wake) -> io::Result<bool> {
        match wake {
            Wake::Event(event) => self.on_input(event),
            Wake::Update(update) => self.on_update(update).map(|()| true),
            Wake::Nothing => Ok(true),
            Wake::Closed => Ok(false),
        }
    }

    /// An event of the input (or a signal); `false` when the loop ends.
    fn on_input(&mut self, event: Event) -> io::Result<bool> {
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
            Event::Terminate => return Ok(false),
            // Only the text mode's line editor sends an interrupt; the match takes its
            // engine's events itself.
            Event::Interrupt | Event::Engine(..) => {}
        }
        Ok(true)
    }

    /// The position the running search looks at, if one runs (to check its `bestmove`).
    pub fn searched(&self) -> Option<&Position> {
        self.play.progress().map(|p| p.root)
    }

    fn apply(&mut self, cmd: Command) -> io::Result<()> {
        match cmd {
            Command::Usi => self.identify(),
            Command::IsReady => {
                // Ready means the table is built, so that the first move's time is not spent
                // waiting for it (during a search it already is).
                self.play.engine().wait_ready();
                self.send("readyok")
            }
            Command::SetOption(setting) => self.set_option(setting),
            Command::UsiNewGame => {
                self.abandon();
                self.play.engine_mut().new_game();
                self.play.restart(Position::startpos());
                Ok(())
            }
            Command::Position { start, moves } => self.set_position(*start, &moves),
            Command::Go(go) => self.go(&go),
            Command::Stop => self.stop(),
            Command::PonderHit(clocks) => self.ponderhit(clocks.as_ref()),
            // The game is over: stop thinking, say nothing more.
            Command::GameOver(_) => {
                self.abandon();
                Ok(())
            }
            Command::Quit => Ok(()),
            Command::Tunables => {
                for line in options::tunable_lines(self.play.engine().options()) {
                    self.send(&line)?;
                }
                Ok(())
            }
        }
    }

    fn identify(&mut self) -> io::Result<()> {
        self.send(&format!("id name GNU Shogi {}", crate::VERSION))?;
        self.send(&format!("id author {AUTHOR}"))?;
        let lines = options::option_lines(
            self.play.engine().options(),
            &self.play.game().rules,
            &self.settings,
        );
        for line in lines {
            self.send(&line)?;
        }
        self.send("usiok")
    }

    fn set_option(&mut self, setting: Setting) -> io::Result<()> {
        let engine = self.play.engine_mut();
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
            Setting::EvalFile(None) => {
                self.settings.eval_file = None;
                engine.set_network(self.settings.network());
            }
            Setting::UseNnue(on) => {
                self.settings.use_nnue = on;
                engine.set_network(self.settings.network());
            }
            Setting::EvalFile(Some(path)) => {
                let read = crate::files::read_limited(&path, crate::eval::nnue::MAX_FILE)
                    .map_err(|e| e.to_string())
                    .and_then(|bytes| Network::from_bytes(&bytes).map_err(|e| e.to_string()));
                match read {
                    Ok(network) => {
                        self.settings.eval_file = Some((path, std::sync::Arc::new(network)));
                        engine.set_network(self.settings.network());
                    }
                    Err(e) => {
                        return self.error(&format!(
                            "setoption EvalFile: {}: {e}; the evaluation is unchanged",
                            path.display()
                        ));
                    }
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
            Setting::EnteringKing(rule) => self.play.rules_mut().entering_king = rule,
            Setting::Search(t, value) => engine.set_tuning(t, value),
        }
        Ok(())
    }

    /// Plays the moves from the start; any illegal one refuses the whole command.
    fn set_position(&mut self, start: Position, moves: &[UsiMove]) -> io::Result<()> {
        let mut game = Game::with_rules(start, self.play.game().rules);
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
        self.play.load(game);
        Ok(())
    }

    fn go(&mut self, go: &Go) -> io::Result<()> {
        if self.busy() {
            return self.error("go: already thinking; send stop first");
        }
        if let Some(time) = go.mate {
            let limits = MateLimits {
                time: match time {
                    MateTime::Infinite => None,
                    MateTime::Limit(t) => Some(t),
                },
                rules: MateRules::Tsume,
                table_mib: Some(self.play.engine().options().hash_mib),
                ..MateLimits::default()
            };
            self.play.solve_mate(limits, false);
            return Ok(());
        }
        self.play.set_policy(self.settings.policy());
        let pos = self.play.game().position();
        let side = pos.side_to_move();
        let mut limits = limits_for(go, side);
        if !go.searchmoves.is_empty() {
            let mut moves = Vec::new();
            for m in &go.searchmoves {
                match m.to_move(pos) {
                    Ok(mv) => moves.push(mv),
                    Err(e) => {
                        return self.error(&format!(
                            "go searchmoves: {} is illegal here: {e}; not searching",
                            m.shape()
                        ));
                    }
                }
            }
            limits.root_moves = Some(moves);
        }
        if let Start::Declared(rule) = self.play.think(limits) {
            self.send(&format!("info string entering-king declaration ({})", rule.usi_name()))?;
            if go.ponder || go.infinite {
                self.declaration_held = true;
                return Ok(());
            }
            return self.send("bestmove win");
        }
        Ok(())
    }

    fn report_mate(&mut self, report: Option<MateReport>) -> io::Result<()> {
        let Some(report) = report else {
            self.error("the mate solver failed")?;
            return self.send("checkmate timeout");
        };
        self.send(&format!("info time {} nodes {}", report.time.as_millis(), report.nodes))?;
        for text in crate::mate::mate_info(self.play.game().position(), &report) {
            self.send(&format!("info string {text}"))?;
        }
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
        if self.declaration_held {
            self.declaration_held = false;
            return self.send("bestmove win");
        }
        // A search stopped answers with its best so far (a solver with what it found); with
        // nothing running there is nothing to say (the search may have just finished).
        match self.play.stop() {
            Some(update) => self.on_update(update),
            None => Ok(()),
        }
    }

    /// `clocks`: the clocks from now on, replacing those of `go ponder` (early ponder sends
    /// them here and none with `go ponder`).
    fn ponderhit(&mut self, clocks: Option<&Go>) -> io::Result<()> {
        if self.declaration_held {
            self.declaration_held = false;
            return self.send("bestmove win");
        }
        let side = self.play.game().position().side_to_move();
        let clock = clocks.and_then(|g| limits_for(g, side).clock);
        match self.play.ponderhit(clock) {
            None => self.error("ponderhit: not pondering"),
            Some(Some(update)) => self.on_update(update),
            Some(None) => Ok(()),
        }
    }

    /// Prints what a search led to.
    fn on_update(&mut self, update: Update) -> io::Result<()> {
        match update {
            Update::Info { info, .. } => {
                let lines = self.play.engine().options().multipv;
                self.send(&format_info(&info, lines))
            }
            Update::Moved { result, replaced, .. } | Update::Finished { result, replaced, .. } => {
                self.bestmove(&result, replaced)
            }
            Update::Resigned { .. } | Update::NoMove { .. } => self.send("bestmove resign"),
            Update::Mate(report) => self.report_mate(report),
            // Only the text modes ask the solver for a move; USI needs no word on a search
            // stopped at its deadline.
            Update::NoMateFound | Update::Overdue => Ok(()),
            Update::Failed(then) => {
                self.error("the search failed; playing a legal move")?;
                self.on_update(*then)
            }
        }
    }

    fn bestmove(&mut self, result: &SearchResult, replaced: Option<Move>) -> io::Result<()> {
        let Some(m) = result.best else { return self.send("bestmove resign") };
        if let Some(bad) = replaced {
            // Never send an illegal move, whatever went wrong inside.
            self.error(&format!("the search chose an illegal move {bad}"))?;
            return self.send(&format!("bestmove {m}"));
        }
        if result.book {
            self.send("info string book move")?;
        }
        match result.ponder {
            Some(p) => self.send(&format!("bestmove {m} ponder {p}")),
            None => self.send(&format!("bestmove {m}")),
        }
    }

    /// Stops whatever runs, without a `bestmove` or `checkmate`, and throws away what it
    /// still had to say.
    fn abandon(&mut self) {
        self.play.cancel();
        self.declaration_held = false;
    }

    /// `quit` or end of input: stop at once.
    pub fn shutdown(&mut self) {
        self.play.shutdown();
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
    let _ = write!(s, " score {}", score::format_usi(info.score, info.bound));
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
