//! GNU Shogi's command interpreter: the raw text mode (`-R`) for people, the xshogi dialect
//! of the X display (see [`super::xshogi`]) and the full-screen mode (see
//! [`super::fullscreen`]). The interpreter decides what happens; each mode's [`Display`]
//! decides how it looks.
//!
//! One loop reads [`Event`]s: input lines and engine events arrive on one channel, in order,
//! so the computer thinks while input is read. Any input during the computer's search makes
//! it move at once (as the original); the line is then handled. Commands that ask for a
//! value (`depth`, `level`, `save`, …) take it from the same line or prompt for it.
//!
//! Where this differs from the original on purpose (its bugs, fixed):
//! - a mate, repetition or other end the user's move causes is announced, in every mode;
//!   moves after the end are refused with a message, and `undo`/`remove` reopen the game;
//! - `depth` does not turn the clock off: the search stops at the depth or the time,
//!   whichever comes first (what the man page says);
//! - `new` also resets the clocks, and keeps the user's toggles (`post`, `beep`, …);
//! - `help` tells what each command really does; `p` labels colours correctly; `hint` is
//!   not spoilt by pondering or stale after `edit`; `setup` does not swallow a line;
//! - in raw mode a move for the side the computer plays is refused with a hint (`go`,
//!   `force`) instead of being taken as the opponent's;
//! - `easy` toggles in raw mode (the man page) but in the X display it means "no
//!   pondering", which is what xshogi's init string intends;
//! - `material`, `rcptr`, `xwndw`, `Awindow`, `Bwindow` and `hashdepth` are accepted and say
//!   plainly that they change nothing in this program; `random` reseeds the book choices;
//! - `xget` sets the side to move from the file, and `xsave` writes the real side to move;
//! - added: `sfen`, `setsfen SFEN`, `moves` (the legal moves), file names on the command's
//!   line (`save FILE`), `list [FILE]`.

pub mod board;
pub mod command;
pub mod display;

use super::{Event, LoopEnd, SearchId, Session, hand_over};
use crate::config::Config;
use crate::engine::clock::{Clocks, TimeControl};
use crate::engine::{Engine, EngineEvent, MateHandle, SearchHandle, mate_result};
use crate::files::{self, FileError, MoveStats};
use crate::game::{DrawReason, Game, Outcome, WinReason};
use crate::mate::MateLimits;
use crate::notation::text::{TextMoveError, parse_text_move};
use crate::notation::{parse_sfen, to_sfen};
use crate::rules::{Color, IllegalMove, Move, MoveList, Piece, PieceKind, Position, Setup, Square};
use crate::search::{Score, SearchInfo, SearchLimits, SearchResult};
use board::View;
use command::{Command, FileCmd, Setting, Toggle};
use display::{BoardState, Display, RawDisplay};
use std::collections::VecDeque;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// Deepest search the `depth` command accepts (plies).
pub const MAX_DEPTH: u32 = 64;

/// What the interpreter uses of a session besides its output: the engine and the channel.
pub struct Link<'a> {
    pub engine: &'a mut Engine,
    pub events: &'a Receiver<Event>,
    /// Cloned into engine callbacks, so search events join the input lines.
    pub sender: Sender<Event>,
}

impl<'a> Link<'a> {
    /// The session's engine and channel, and its output for a display to write to.
    pub fn split<W: Write>(s: &'a mut Session<W>) -> (Link<'a>, &'a mut W) {
        let link = Link { engine: &mut s.engine, events: &s.events, sender: s.sender.clone() };
        (link, &mut s.out)
    }
}

/// Runs the raw text mode until `quit` or the end of input.
pub fn run<W: Write>(mut session: Session<W>, config: &Config) -> ExitCode {
    let (link, out) = Link::split(&mut session);
    let end = Interp::new(link, config, RawDisplay::new(out)).run();
    hand_over(session, end)
}

/// What the computer's search is for, as a display shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Thinking {
    /// Its move.
    Move,
    /// On the opponent's time, expecting this move.
    Ponder(Move),
}

/// What the next input line is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// A move or a command.
    Command,
    /// The answer to a question (`depth = `, a file name, …).
    Answer,
    /// A piece and a square for the board editor (`edit`).
    EditPiece,
    /// Row `n` (0-based) of the nine that `setup` reads.
    SetupRow(usize),
}

/// What a running search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Purpose {
    /// The computer's move.
    Move,
    /// Thinking on the opponent's time, expecting `predicted`.
    Ponder { predicted: Move },
}

enum Searcher {
    Engine(SearchHandle),
    /// The mate solver of `tsume` mode, on its own thread.
    Mate(MateHandle),
}

impl Searcher {
    fn stop(&self) {
        match self {
            Searcher::Engine(h) => h.stop(),
            Searcher::Mate(m) => m.stop(),
        }
    }
}

struct Running {
    searcher: Searcher,
    /// Its events carry this; events of other searches are old and dropped.
    id: SearchId,
    purpose: Purpose,
    started: Instant,
    stop_asked: bool,
    /// A ponder search that ended by itself before the opponent moved.
    finished: Option<SearchResult>,
}

/// A question the interpreter asked; the next line answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Prompt {
    Level,
    Setting(Setting),
    /// The second value of a two-value setting, with the first.
    Second(Setting, i32),
    File(FileCmd),
    DebugPiece,
}

/// The board editor of `edit`.
struct Editor {
    setup: Setup,
    color: Color,
}

/// The interpreter's state.
pub struct Interp<'a, D: Display> {
    engine: &'a mut Engine,
    events: &'a Receiver<Event>,
    sender: Sender<Event>,
    out: D,
    config: Config,
    game: Game,
    /// One entry per move of `game`.
    stats: Vec<MoveStats>,
    computer: Color,
    force: bool,
    both: bool,
    post: bool,
    easy: bool,
    beep: bool,
    view: View,
    material: bool,
    rcptr: bool,
    tsume: bool,
    random: bool,
    book: bool,
    hash: bool,
    depth: u32,
    contempt: i32,
    awindow: [i32; 2],
    bwindow: [i32; 2],
    xwndw: i32,
    hashdepth: [i32; 2],
    clocks: Clocks,
    turn_start: Instant,
    /// The computer's and the user's move counters (the `N.` of the announcements).
    computer_moves: u32,
    user_moves: u32,
    outcome: Option<Outcome>,
    hint: Option<Move>,
    running: Option<Running>,
    /// Input that arrived while the computer was thinking.
    queued: VecDeque<String>,
    prompt: Option<Prompt>,
    editor: Option<Editor>,
    setup_rows: Option<Vec<String>>,
    eof: bool,
    end: Option<LoopEnd>,
}

impl<'a, D: Display> Interp<'a, D> {
    pub fn new(link: Link<'a>, config: &Config, out: D) -> Interp<'a, D> {
        let control = config.time_control.clone().unwrap_or(if out.for_people() {
            TimeControl::raw_default()
        } else {
            TimeControl::x_default()
        });
        let start = start_position(config);
        link.engine.set_use_hash(config.use_hash);
        Interp {
            engine: link.engine,
            events: link.events,
            sender: link.sender,
            out,
            config: config.clone(),
            game: {
                let mut game = Game::new(start);
                game.rules.move_limit = config.move_limit;
                game
            },
            stats: Vec::new(),
            computer: Color::White,
            force: false,
            both: false,
            post: false,
            easy: !config.ponder,
            beep: true,
            view: View::default(),
            material: false,
            rcptr: true,
            tsume: false,
            random: !config.seeded,
            book: true,
            hash: config.use_hash,
            depth: 39,
            contempt: 0,
            awindow: [90, 90],
            bwindow: [90, 90],
            xwndw: config.xwndw.unwrap_or(90),
            hashdepth: [4, 40],
            clocks: Clocks::new(control),
            turn_start: Instant::now(),
            computer_moves: 0,
            user_moves: 0,
            outcome: None,
            hint: None,
            running: None,
            queued: VecDeque::new(),
            prompt: None,
            editor: None,
            setup_rows: None,
            eof: false,
            end: None,
        }
    }

    // ----- output -------------------------------------------------------------------------

    fn people(&self) -> bool {
        self.out.for_people()
    }

    fn line(&mut self, text: &str) {
        self.out.message(text);
    }

    /// A message for people only.
    fn note(&mut self, text: &str) {
        if self.people() {
            self.line(text);
        }
    }

    /// The position or the view changed.
    fn redraw(&mut self) {
        let b = BoardState { pos: self.game.position(), clocks: &self.clocks, view: self.view };
        self.out.changed(b);
    }

    fn show_board(&mut self) {
        let b = BoardState { pos: self.game.position(), clocks: &self.clocks, view: self.view };
        self.out.board(b);
    }

    /// The prompt, when the interpreter waits for a move.
    fn show_prompt(&mut self) {
        let waiting = self.running.as_ref().is_none_or(|r| r.purpose != Purpose::Move);
        if waiting
            && self.queued.is_empty()
            && self.prompt.is_none()
            && self.editor.is_none()
            && self.setup_rows.is_none()
            && self.end.is_none()
            && !self.eof
        {
            self.out.prompt();
        }
    }

    // ----- what displays read -------------------------------------------------------------

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn clocks(&self) -> &Clocks {
        &self.clocks
    }

    /// When the side to move began to think about its move.
    pub fn turn_started(&self) -> Instant {
        self.turn_start
    }

    pub fn view(&self) -> View {
        self.view
    }

    /// The side the computer plays.
    pub fn computer(&self) -> Color {
        self.computer
    }

    /// `force`: the user moves for both sides.
    pub fn force(&self) -> bool {
        self.force
    }

    /// The end of the game, once it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// What the computer is thinking about, if it is.
    pub fn thinking(&self) -> Option<Thinking> {
        self.running.as_ref().map(|r| match r.purpose {
            Purpose::Move => Thinking::Move,
            Purpose::Ponder { predicted } => Thinking::Ponder(predicted),
        })
    }

    /// What the next input line is for.
    pub fn waiting(&self) -> Waiting {
        if self.prompt.is_some() {
            Waiting::Answer
        } else if self.editor.is_some() {
            Waiting::EditPiece
        } else if let Some(rows) = &self.setup_rows {
            Waiting::SetupRow(rows.len())
        } else {
            Waiting::Command
        }
    }

    /// The board being set up by `edit`, with the colour of the pieces it places.
    pub fn editing(&self) -> Option<(&Setup, Color)> {
        self.editor.as_ref().map(|e| (&e.setup, e.color))
    }

    pub fn display(&self) -> &D {
        &self.out
    }

    pub fn display_mut(&mut self) -> &mut D {
        &mut self.out
    }

    /// A time control chosen outside the commands (the full-screen start menu); `game_in`:
    /// the time is for the whole game.
    pub fn set_time_control(&mut self, control: TimeControl, game_in: bool) {
        self.clocks.set_control(control);
        self.clocks.game_in = game_in;
        self.turn_start = Instant::now();
    }

    // ----- the loop -----------------------------------------------------------------------

    /// Runs until `quit`, the end of input, or a change of protocol.
    pub fn run(mut self) -> LoopEnd {
        self.begin();
        loop {
            if let Some(end) = self.step(None) {
                return end;
            }
        }
    }

    /// The start: the board and the prompt, on displays for people.
    pub fn begin(&mut self) {
        self.engine.set_use_book(self.book);
        let b = BoardState { pos: self.game.position(), clocks: &self.clocks, view: self.view };
        self.out.start(b);
        self.show_prompt();
    }

    /// Waits for one event (at most `wait`; with `None`, until one comes) and handles it.
    /// Returns why the interpreter ended, once it has; a search still running is then given
    /// up.
    pub fn step(&mut self, wait: Option<Duration>) -> Option<LoopEnd> {
        if self.end.is_some() {
            return self.finished();
        }
        // While a search runs, look at it now and then: its thread may have died.
        const CHECK: Duration = Duration::from_millis(250);
        let wait =
            if self.running.is_some() { Some(wait.map_or(CHECK, |w| w.min(CHECK))) } else { wait };
        let received = match wait {
            Some(w) => self.events.recv_timeout(w),
            None => self.events.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match received {
            Ok(event) => self.dispatch(event),
            Err(RecvTimeoutError::Timeout) => {
                if self.running.is_some() {
                    self.check_search_alive();
                }
            }
            Err(RecvTimeoutError::Disconnected) => self.end = Some(LoopEnd::Quit),
        }
        self.finished()
    }

    fn finished(&mut self) -> Option<LoopEnd> {
        if self.end.is_none() && self.out.gone() {
            // No one reads any more (a broken pipe): end quietly.
            self.end = Some(LoopEnd::Quit);
        }
        let end = self.end?;
        self.stop_everything();
        Some(end)
    }

    /// A line the display read itself (the full-screen display has no input thread).
    pub fn input(&mut self, line: String) {
        self.dispatch(Event::Line(line));
    }

    /// The display's input has ended.
    pub fn input_closed(&mut self) {
        self.dispatch(Event::Eof);
    }

    /// Ends at once (Ctrl-C in the full-screen display): a running search is given up.
    pub fn quit_now(&mut self) {
        self.end = Some(LoopEnd::Quit);
        self.stop_everything();
    }

    fn dispatch(&mut self, event: Event) {
        match event {
            Event::Line(l) => self.on_line(l),
            Event::Eof => {
                self.eof = true;
                match &self.running {
                    Some(r) if r.purpose == Purpose::Move => {
                        // Finish as the original: the search stops, its move is played.
                        self.both = false;
                        self.ask_stop();
                    }
                    _ => self.end = Some(LoopEnd::Quit),
                }
            }
            Event::TooLong { len, .. } => {
                // Refused at once, even while the computer thinks: it can change nothing.
                self.line(&format!("input: line too long ({len} bytes), ignored"));
                self.show_prompt();
            }
            Event::Engine(id, e) => self.on_engine(&id, e),
            Event::Terminate => self.end = Some(LoopEnd::Quit),
        }
    }

    /// A search thread that ended without reporting (it failed): say so rather than wait
    /// for ever.
    fn check_search_alive(&mut self) {
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
        self.line("Error (search failed): the computer could not find a move");
        if self.eof {
            self.end = Some(LoopEnd::Quit);
        }
        self.after_input();
    }

    fn stop_everything(&mut self) {
        if let Some(r) = self.running.take() {
            match r.searcher {
                Searcher::Engine(h) => drop(h.abort()),
                Searcher::Mate(m) => m.stop(),
            }
        }
    }

    fn ask_stop(&mut self) {
        if let Some(r) = &mut self.running
            && !r.stop_asked
        {
            r.stop_asked = true;
            r.searcher.stop();
        }
    }

    fn on_line(&mut self, line: String) {
        let purpose = self.running.as_ref().map(|r| r.purpose);
        match purpose {
            Some(Purpose::Move) => {
                // Input during the computer's search: it moves now; the line waits.
                self.both = false;
                self.queued.push_back(line);
                self.ask_stop();
            }
            Some(Purpose::Ponder { predicted }) => {
                if self.prompt.is_none()
                    && self.editor.is_none()
                    && self.setup_rows.is_none()
                    && let Command::Move(word) = command::parse(&line)
                    && parse_text_move(self.game.position(), &word)
                        .is_ok_and(|(m, _)| m == predicted)
                {
                    self.ponder_hit(&word);
                } else {
                    self.give_up_ponder();
                    self.handle(line);
                    self.after_input();
                }
            }
            None => {
                self.handle(line);
                self.after_input();
            }
        }
    }

    /// After a line was handled: the next queued line, thinking on the opponent's time
    /// again, and the prompt.
    fn after_input(&mut self) {
        self.drain_queue();
        if self.running.is_none() && self.end.is_none() && !self.eof {
            self.maybe_ponder();
        }
        self.show_prompt();
    }

    fn drain_queue(&mut self) {
        while self.end.is_none() {
            if self.running.as_ref().is_some_and(|r| r.purpose == Purpose::Move) {
                if !self.queued.is_empty() {
                    self.ask_stop();
                }
                return;
            }
            let Some(line) = self.queued.pop_front() else {
                return;
            };
            if self.running.is_some() {
                self.give_up_ponder();
            }
            // As the original, a prompt before each line it reads.
            if self.prompt.is_none() && self.editor.is_none() && self.setup_rows.is_none() {
                self.out.prompt();
            }
            self.handle(line);
        }
    }

    /// Stops the running search and forgets it: its events still to come are dropped, as
    /// they carry its id.
    fn give_up_ponder(&mut self) {
        if let Some(r) = self.running.take() {
            match r.searcher {
                Searcher::Engine(h) => drop(h.abort()),
                Searcher::Mate(m) => m.stop(),
            }
        }
    }

    fn on_engine(&mut self, id: &SearchId, event: EngineEvent) {
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
                    if self.eof {
                        self.ask_stop();
                    }
                    return;
                }
                self.finish_move(result, r.started);
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

    fn show_info(&mut self, info: &SearchInfo) {
        self.out.thinking(info, self.post);
    }

    // ----- the computer's moves -----------------------------------------------------------

    fn limits(&self, side: Color) -> SearchLimits {
        self.clocks.search_limits(side, Some(self.depth))
    }

    /// The computer thinks for the side to move.
    fn start_search(&mut self) {
        self.start_search_with(self.tsume);
    }

    /// `solver`: look for a forced mate first (`tsume`).
    fn start_search_with(&mut self, solver: bool) {
        if let Some(o) = self.outcome {
            self.line(&format!("The game is over ({o}): new starts another, undo takes back."));
            return;
        }
        let side = self.game.position().side_to_move();
        self.computer = side;
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
        });
        if !self.queued.is_empty() {
            self.ask_stop();
        }
    }

    fn finish_move(&mut self, result: SearchResult, started: Instant) {
        let Some(mv) = result.best.filter(|&m| self.game.position().is_legal(m)) else {
            // No move: the side to move has lost (or the search failed to say).
            match self.game.outcome() {
                Some(o) => self.announce_end(o, false),
                None => self.line("Error (no move): the search gave no legal move"),
            }
            return;
        };
        let side = self.game.position().side_to_move();
        let used = started.elapsed();
        let left = self.clocks.spend(side, used);
        if self.tsume && !result.book && matches!(result.score, Score::Mate(_)) && self.people() {
            let plies = result.pv.len();
            let text: Vec<String> = result.pv.iter().map(Move::to_string).collect();
            self.line(&format!(
                "Mate in {} ({plies} plies): {}",
                plies.div_ceil(2),
                text.join(" ")
            ));
        }
        self.stats.push(MoveStats {
            score: match result.score {
                Score::Cp(cp) => cp,
                Score::Mate(p) if p > 0 => 10_000 - p,
                Score::Mate(p) => -10_000 - p,
            },
            depth: result.depth,
            nodes: result.nodes,
            time: (used.as_millis() as u64 + 500) / 1000,
            book: result.book,
            annotation: None,
        });
        self.game.play_unchecked(mv);
        self.computer_moves += 1;
        let text = mv.to_string();
        self.out.computer_moved(self.computer_moves, &text, left);
        self.hint = result.ponder.filter(|&h| self.game.position().is_legal(h));
        self.turn_start = Instant::now();
        if let Some(o) = self.game.outcome() {
            self.announce_end(o, false);
            return;
        }
        self.out.my_move(&text, self.beep);
    }

    /// Thinks on the opponent's time, expecting the hint move.
    fn maybe_ponder(&mut self) {
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
        });
    }

    /// The opponent played the predicted move: the ponder search becomes the real one.
    fn ponder_hit(&mut self, word: &str) {
        let Some(mut r) = self.running.take() else {
            return;
        };
        self.user_move(word, false);
        if self.outcome.is_some() || self.game.position().side_to_move() != self.computer {
            // The move ended the game: the ponder search is not wanted.
            self.running = Some(r);
            self.give_up_ponder();
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
                let started = r.started;
                drop(r);
                self.finish_move(result, started);
                self.maybe_ponder();
                self.after_input();
            }
            None => self.running = Some(r),
        }
    }

    /// Announces the end of the game: the original's words, then the reason.
    fn announce_end(&mut self, o: Outcome, after_user_move: bool) {
        self.outcome = Some(o);
        self.both = false;
        let words = match o {
            Outcome::Win { winner, reason: WinReason::Checkmate | WinReason::NoLegalMove } => {
                format!("{} mates!", winner.name())
            }
            Outcome::Win { winner, .. } => format!("{} wins: {o}", winner.name()),
            Outcome::Draw(DrawReason::Repetition) if after_user_move => "Repetition".into(),
            Outcome::Draw(_) => "Drawn game!".into(),
        };
        self.line(&words);
        if !matches!(o, Outcome::Win { reason: WinReason::Checkmate, .. }) {
            self.line(&format!("Game over: {o}."));
        }
    }

    // ----- the user's moves ---------------------------------------------------------------

    /// Plays the user's move; with `think`, the computer answers when it is its turn.
    fn user_move(&mut self, word: &str, think: bool) {
        if let Some(o) = self.outcome {
            self.line(&format!(
                "The game is over ({o}): new starts another, undo takes back a move."
            ));
            return;
        }
        let pos = self.game.position().clone();
        match parse_text_move(&pos, word) {
            Ok((mv, annotation)) => {
                let side = pos.side_to_move();
                if self.people() && !self.force && side == self.computer {
                    self.line(&format!(
                        "It is {}'s turn and the computer plays {}: type go to let it move, \
                         or force to move for both sides.",
                        side.name(),
                        side.name()
                    ));
                    return;
                }
                let used = self.turn_start.elapsed();
                let left = self.clocks.spend(side, used);
                self.stats.push(MoveStats {
                    time: (used.as_millis() as u64 + 500) / 1000,
                    annotation,
                    ..MoveStats::default()
                });
                self.game.play_unchecked(mv);
                self.user_moves += 1;
                let typed = word.trim_end_matches(['?', '!']);
                self.out.user_moved(self.user_moves, typed, left);
                if self.force {
                    self.computer = side;
                }
                self.hint = None;
                self.turn_start = Instant::now();
                if let Some(o) = self.game.outcome() {
                    self.announce_end(o, true);
                } else if think
                    && !self.force
                    && self.game.position().side_to_move() == self.computer
                {
                    self.start_search();
                }
            }
            Err(e) => self.refuse_move(word, &e),
        }
    }

    fn refuse_move(&mut self, word: &str, e: &TextMoveError) {
        match e {
            TextMoveError::Illegal(IllegalMove::KingInCheck) => {
                self.line(&format!("Illegal move (in check): {word}"));
            }
            TextMoveError::Ambiguous(n) if self.people() => {
                self.line(&format!(
                    "Ambiguous move {word}: {n} moves fit; add the origin rank or file \
                     (Gi5h, G65h) or give both squares (6i5h)"
                ));
            }
            TextMoveError::Illegal(why) => {
                self.line(&format!("Illegal move (no match): {word}: {why}"));
            }
            TextMoveError::Syntax if self.people() => {
                self.line(&format!("Illegal move (no match): {word}"));
                self.line("(not a move, and not a command either: help lists them)");
            }
            _ => self.line(&format!("Illegal move (no match): {word}")),
        }
    }

    // ----- commands -----------------------------------------------------------------------

    fn handle(&mut self, line: String) {
        if let Some(p) = self.prompt.take() {
            self.answer(p, line.trim());
            return;
        }
        if self.editor.is_some() {
            self.edit_input(&line);
            return;
        }
        if let Some(mut rows) = self.setup_rows.take() {
            rows.push(line);
            if rows.len() == 9 {
                self.finish_setup(&rows);
            } else {
                self.setup_rows = Some(rows);
            }
            return;
        }
        self.command(command::parse(&line));
    }

    fn ask(&mut self, p: Prompt) {
        let text = match &p {
            Prompt::Level => "Enter #moves #minutes: ",
            Prompt::Setting(Setting::Depth) => "depth = ",
            Prompt::Setting(Setting::Contempt) => "contempt = ",
            Prompt::Setting(Setting::Xwndw) => "xwndw = ",
            Prompt::Setting(Setting::Awindow) => "WAwindow: ",
            Prompt::Setting(Setting::Bwindow) => "WBwindow: ",
            Prompt::Setting(Setting::HashDepth) => "hashdepth = ",
            Prompt::Second(Setting::Awindow, _) => "BAwindow: ",
            Prompt::Second(Setting::Bwindow, _) => "BBwindow: ",
            Prompt::Second(_, _) => "MoveLimit = ",
            Prompt::File(_) => "Enter file name: ",
            Prompt::DebugPiece => "Enter piece (colour and letter, e.g. bP or wR): ",
        };
        self.out.ask(text);
        self.prompt = Some(p);
    }

    fn answer(&mut self, p: Prompt, text: &str) {
        match p {
            Prompt::Level => self.level(text),
            Prompt::Setting(s) => self.setting(s, text),
            Prompt::Second(s, first) => self.second_setting(s, first, text),
            Prompt::File(f) => self.file(f, text),
            Prompt::DebugPiece => self.debug_piece(text),
        }
    }

    fn command(&mut self, cmd: Command) {
        match cmd {
            Command::Empty | Command::Ignored => {}
            Command::Help => {
                let status = self.status();
                self.out.help(&status);
            }
            Command::New => self.new_game(),
            Command::Quit => self.end = Some(LoopEnd::Quit),
            Command::Xboard => self.end = Some(LoopEnd::Xboard),
            Command::Usi => self.end = Some(LoopEnd::Usi),
            Command::Board => self.show_board(),
            Command::Undo => {
                if self.game.ply() == 0 {
                    self.line("undo: there is no move to take back");
                } else {
                    self.take_back();
                    self.redraw();
                }
            }
            Command::Remove => {
                if self.game.ply() < 2 {
                    self.line("remove: there are not two moves to take back");
                } else {
                    self.take_back();
                    self.take_back();
                    self.redraw();
                }
            }
            Command::Go => {
                self.force = false;
                self.both = false;
                self.start_search();
            }
            Command::Switch => {
                self.computer = !self.computer;
                self.force = false;
                self.both = false;
                self.redraw();
                if self.game.position().side_to_move() == self.computer {
                    self.start_search();
                }
            }
            Command::Black => {
                self.computer = Color::White;
                self.force = false;
            }
            Command::White => {
                self.computer = Color::Black;
                self.force = false;
            }
            Command::Both => {
                self.force = false;
                self.both = true;
                self.start_search();
            }
            Command::Hint => self.give_hint(),
            Command::Level(arg) if arg.is_empty() => self.ask(Prompt::Level),
            Command::Level(arg) => self.level(&arg),
            Command::Set(s, arg) if arg.is_empty() => self.ask(Prompt::Setting(s)),
            Command::Set(s, arg) => self.setting(s, &arg),
            Command::Time(arg) => self.set_time(&arg, true),
            Command::OTime(arg) => self.set_time(&arg, false),
            Command::Toggle(t) => self.toggle(t),
            Command::Random => {
                self.random = true;
                let seed = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(7, |d| d.as_nanos() as u64);
                self.engine.set_seed(seed);
                self.note("Random: ON (book moves chosen at random, by weight)");
            }
            Command::P => self.piece_values(),
            Command::Test => self.speed_test(),
            Command::Debug(arg) if arg.is_empty() => self.ask(Prompt::DebugPiece),
            Command::Debug(arg) => self.debug_piece(&arg),
            Command::File(f, arg) => {
                let preset = match f {
                    FileCmd::Save | FileCmd::BSave => self.config.save_file.clone(),
                    FileCmd::Get | FileCmd::XGet => self.config.load_file.clone(),
                    FileCmd::XSave => None,
                };
                match (arg.is_empty(), preset) {
                    (false, _) => self.file(f, &arg),
                    (true, Some(p)) => self.file(f, &p.to_string_lossy()),
                    (true, None) => self.ask(Prompt::File(f)),
                }
            }
            Command::List(name) => self.list(&name),
            Command::Edit => self.start_edit(),
            Command::Setup => {
                self.setup_rows = Some(Vec::new());
                self.note("Enter 9 lines of 9 characters, rank a first, file 9 first (upper case White, lower case Black, anything else empty):");
            }
            Command::Annotate(a) => match self.stats.last_mut() {
                Some(s) => s.annotation = Some(a),
                None => self.line("There is no move to mark."),
            },
            Command::Sfen => {
                let s = to_sfen(self.game.position());
                self.line(&s);
            }
            Command::SetSfen(text) => match parse_sfen(&text) {
                Ok(pos) => {
                    self.abandon_search();
                    self.set_game(Game::new(pos), Vec::new());
                    self.redraw();
                }
                Err(e) => self.line(&format!("setsfen: {e}")),
            },
            Command::Moves => self.list_moves(),
            Command::Move(word) => self.user_move(&word, true),
        }
    }

    fn status(&self) -> board::Status {
        board::Status {
            computer: self.computer,
            depth: self.depth,
            control: self.clocks.control.clone(),
            random: self.random,
            easy: self.easy,
            beep: self.beep,
            hash: self.hash,
            tsume: self.tsume,
            force: self.force,
            book: self.book,
            post: self.post,
            contempt: self.contempt,
            xwndw: self.xwndw,
        }
    }

    fn abandon_search(&mut self) {
        if self.running.is_some() {
            self.give_up_ponder();
        }
    }

    /// A new game or position: the record starts again, the book may be used.
    fn set_game(&mut self, game: Game, stats: Vec<MoveStats>) {
        self.game = game;
        self.game.rules.move_limit = self.config.move_limit;
        self.stats = stats;
        self.outcome = None;
        self.hint = None;
        self.both = false;
        self.engine.new_game();
        self.engine.set_use_book(self.book);
        self.turn_start = Instant::now();
    }

    fn new_game(&mut self) {
        self.abandon_search();
        let start = start_position(&self.config);
        self.set_game(Game::new(start), Vec::new());
        self.computer = Color::White;
        self.force = false;
        self.computer_moves = 0;
        self.user_moves = 0;
        self.clocks.reset();
        self.redraw();
    }

    /// Takes back one ply; the colours swap (the original's `undo`), and the book is left
    /// for the rest of the game.
    fn take_back(&mut self) {
        self.abandon_search();
        if self.game.undo().is_some() {
            self.stats.pop();
            self.computer = !self.computer;
            self.outcome = None;
            self.hint = None;
            self.engine.leave_book();
        }
    }

    fn give_hint(&mut self) {
        let pos = self.game.position().clone();
        let hint =
            self.hint.filter(|&h| pos.is_legal(h)).or_else(|| self.engine.hint(&pos)).or_else(
                || {
                    if pos.count_legal_moves() == 0 {
                        return None;
                    }
                    let stop = AtomicBool::new(false);
                    self.engine.search(&self.game, &SearchLimits::depth(4), &stop, &mut |_| {}).best
                },
            );
        match hint {
            Some(m) => self.line(&format!("Hint: {m}")),
            None => self.line("I have no idea."),
        }
    }

    fn level(&mut self, text: &str) {
        match crate::engine::clock::parse_level(text) {
            Ok(tc) => {
                self.clocks.set_control(tc);
                self.turn_start = Instant::now();
                self.out.level_set(&self.clocks);
            }
            Err(e) => self.line(&format!("level: {e}")),
        }
    }

    fn setting(&mut self, s: Setting, text: &str) {
        let mut words = text.split_whitespace();
        let first = words.next().unwrap_or("");
        let Ok(v) = first.parse::<i32>() else {
            self.line(&format!("'{first}' is not a number; nothing changed"));
            return;
        };
        match s {
            Setting::Depth => {
                if !(0..=MAX_DEPTH as i32).contains(&v) {
                    self.line(&format!("depth: 1 to {MAX_DEPTH} (0: the deepest), not {v}"));
                } else {
                    self.depth = if v == 0 { MAX_DEPTH } else { v as u32 };
                }
            }
            Setting::Contempt => {
                self.contempt = v.clamp(-1000, 1000);
                self.engine.set_contempt(self.contempt);
            }
            Setting::Xwndw => {
                self.xwndw = v;
                self.note(
                    "xwndw recorded; this search sets its own windows, so nothing else changes",
                );
            }
            Setting::Awindow | Setting::Bwindow | Setting::HashDepth => match words.next() {
                Some(second) => self.second_setting(s, v, second),
                None => self.ask(Prompt::Second(s, v)),
            },
        }
    }

    fn second_setting(&mut self, s: Setting, first: i32, text: &str) {
        let Ok(second) = text.trim().parse::<i32>() else {
            self.line(&format!("'{}' is not a number; nothing changed", text.trim()));
            return;
        };
        match s {
            Setting::Awindow => {
                self.awindow = [first, second];
                self.note("windows recorded; this search sets its own aspiration windows");
            }
            Setting::Bwindow => {
                self.bwindow = [first, second];
                self.note("windows recorded; this search sets its own aspiration windows");
            }
            _ => {
                self.hashdepth = [first, second];
                self.note("recorded; these limits were for the hash file, which this version does not keep");
            }
        }
    }

    /// `time N` / `otime N [MOVES]`: a clock in centiseconds.
    fn set_time(&mut self, text: &str, computer: bool) {
        let name = if computer { "time" } else { "otime" };
        let mut words = text.split_whitespace();
        let first = words.next().unwrap_or("");
        // `N:SS` was written by some clients; the seconds part adds to N centiseconds.
        let (cs, extra) = match first.split_once(':') {
            Some((a, b)) => (a.parse::<i64>(), b.parse::<i64>().unwrap_or(0).saturating_mul(100)),
            None => (first.parse::<i64>(), 0),
        };
        let Ok(cs) = cs else {
            self.line(&format!("{name}: '{first}' is not a time in centiseconds"));
            return;
        };
        let moves = words.next().and_then(|w| w.parse::<u32>().ok()).unwrap_or(0);
        let side = if computer { self.computer } else { !self.computer };
        self.clocks.remaining[side.index()] =
            cs.saturating_add(extra).clamp(0, crate::engine::clock::MAX_CENTIS);
        if moves > 0 {
            self.clocks.moves_left[side.index()] = moves;
        }
        self.out.time_set(name, cs, moves);
    }

    fn toggle(&mut self, t: Toggle) {
        match t {
            Toggle::Post => self.post = !self.post,
            Toggle::NoPost => self.post = false,
            // xshogi sends `easy` meaning "no pondering"; people get the man page's toggle.
            Toggle::Easy => self.easy = !self.people() || !self.easy,
            Toggle::Hard => self.easy = false,
            Toggle::Book => {
                self.book = !self.book;
                self.engine.set_use_book(self.book);
                let b = on_off(self.book);
                self.note(&format!("Book: {b}"));
            }
            Toggle::Hash => {
                self.hash = !self.hash;
                self.engine.set_use_hash(self.hash);
                let h = on_off(self.hash);
                self.note(&format!("Hash table: {h}"));
            }
            Toggle::Tsume => {
                self.tsume = !self.tsume;
                let t = on_off(self.tsume);
                self.note(&format!(
                    "Tsume: {t} (the computer first looks for a forced mate, by checks only)"
                ));
            }
            Toggle::Rcptr => {
                self.rcptr = !self.rcptr;
                self.note(
                    "rcptr: recorded; the recapture extension is not a setting of this search",
                );
            }
            Toggle::GameIn => {
                self.clocks.game_in = !self.clocks.game_in;
                let g = on_off(self.clocks.game_in);
                self.note(&format!("Game in: {g} (the clock time is for the whole game)"));
            }
            Toggle::Material => {
                self.material = !self.material;
                self.note(
                    "material: no effect: in shogi captured pieces come back into play, so \
                     there is no draw for lack of material",
                );
            }
            Toggle::Coords => {
                self.view.coords = !self.view.coords;
                self.redraw();
            }
            Toggle::Reverse => {
                self.view.reverse = !self.view.reverse;
                self.redraw();
            }
            Toggle::Stars => {
                self.view.stars = !self.view.stars;
                self.redraw();
            }
            Toggle::Beep => self.beep = !self.beep,
            Toggle::Force => {
                self.force = if self.people() { !self.force } else { true };
                self.both = false;
                if self.force {
                    // In force mode the computer is the side that is not to move.
                    self.computer = !self.game.position().side_to_move();
                }
                let f = on_off(self.force);
                self.note(&format!("Force: {f}"));
            }
        }
    }

    // ----- files --------------------------------------------------------------------------

    fn file(&mut self, f: FileCmd, name: &str) {
        let name = name.trim();
        let path = PathBuf::from(match (name.is_empty(), f) {
            (false, _) => name,
            (true, FileCmd::Save | FileCmd::Get) => "shogi.000",
            (true, FileCmd::XSave | FileCmd::XGet) => "xshogi.position.read",
            (true, FileCmd::BSave) => {
                self.line("aborting book save");
                return;
            }
        });
        let shown = path.display().to_string();
        match f {
            FileCmd::Save => {
                let clocks =
                    self.clocks.on().then_some((self.clocks.remaining, self.clocks.moves_left));
                let gf = files::gamefile::from_game(
                    &self.game,
                    &self.stats,
                    self.computer,
                    self.force,
                    clocks,
                );
                self.write_file(&path, &gf.to_text(), "Game saved");
            }
            FileCmd::XSave => {
                let text = files::xposition::to_text(self.game.position());
                self.write_file(&path, &text, "Position saved");
            }
            FileCmd::BSave => match files::listing::book_text(&self.game, &self.stats) {
                Ok(text) => match files::append_atomic(&path, &text) {
                    Ok(()) => self.line(&format!("Game saved to {shown}")),
                    Err(e) => self.line(&format!("Could not write {shown}: {e}")),
                },
                Err(e) => self.line(&format!("bsave: {e}; nothing written")),
            },
            FileCmd::Get => match read(&path).and_then(|t| files::GameFile::parse(&t)) {
                Ok(gf) => {
                    self.abandon_search();
                    let stats = gf.moves.iter().map(|m| m.stats).collect();
                    self.set_game(gf.game(), stats);
                    self.computer = gf.computer;
                    self.force = gf.force;
                    if gf.clocks_on && self.clocks.on() {
                        self.clocks.remaining =
                            gf.clock.map(|c| c.clamp(0, crate::engine::clock::MAX_CENTIS));
                        self.clocks.moves_left = gf.moves_left.map(|m| m.max(1));
                    }
                    if let Some(o) = self.game.outcome() {
                        self.outcome = Some(o);
                    }
                    self.redraw();
                    self.note(&format!("Game read from {shown}"));
                }
                Err(e) => self.line(&format!("Could not read {shown}: {e}; the game is unchanged")),
            },
            FileCmd::XGet => match read(&path).and_then(|t| files::xposition::parse(&t)) {
                Ok(pos) => {
                    self.abandon_search();
                    self.computer = !pos.side_to_move();
                    self.set_game(Game::new(pos), Vec::new());
                    self.redraw();
                    self.note(&format!("Position read from {shown}"));
                }
                Err(e) => {
                    self.line(&format!("Could not read {shown}: {e}; the game is unchanged"));
                }
            },
        }
    }

    fn write_file(&mut self, path: &std::path::Path, text: &str, done: &str) {
        match files::write_atomic(path, text) {
            Ok(()) => self.line(done),
            Err(e) => self.line(&format!("Could not write {}: {e}", path.display())),
        }
    }

    fn list(&mut self, name: &str) {
        let name = if name.is_empty() {
            files::listing::list_file_name(&chrono::Local::now(), self.computer)
        } else {
            name.to_string()
        };
        let text = files::listing::listing(&self.game, &self.stats, self.game.outcome());
        let done = format!("Game listed to {name}");
        self.write_file(std::path::Path::new(&name), &text, &done);
    }

    // ----- edit and setup -----------------------------------------------------------------

    fn start_edit(&mut self) {
        self.abandon_search();
        self.show_board();
        self.line(".   Exit to main");
        self.line("#   Clear board");
        self.line("c   Change sides");
        self.line("(p3b places a Black pawn on 3b, p3b+ a tokin, p* one in hand, -3b empties 3b)");
        self.line("enter piece & location: ");
        self.editor = Some(Editor { setup: self.game.position().to_setup(), color: Color::Black });
    }

    fn edit_input(&mut self, line: &str) {
        for token in line.split_whitespace() {
            if self.editor.is_none() {
                return;
            }
            self.edit_token(token);
        }
    }

    fn edit_token(&mut self, token: &str) {
        let Some(ed) = self.editor.as_mut() else {
            return;
        };
        let chars: Vec<char> = token.chars().collect();
        match chars.as_slice() {
            ['.'] => {
                let setup = ed.setup.clone();
                match Position::from_setup(&setup) {
                    Ok(pos) => {
                        self.editor = None;
                        self.set_game(Game::new(pos), Vec::new());
                        self.show_board();
                    }
                    Err(e) => self.line(&format!(
                        "This position cannot be played ({e}); go on editing (# clears)"
                    )),
                }
            }
            ['#'] => {
                ed.setup.board = [None; 81];
                ed.setup.hands = Default::default();
            }
            ['c'] | ['C'] => ed.color = !ed.color,
            ['-', f, r] => match square_of(*f, *r) {
                Some(sq) => ed.setup.set(sq, None),
                None => self.line(&format!("Out-of-board position '{f}{r}'")),
            },
            [l, '*'] => match PieceKind::from_letter(l.to_ascii_uppercase()) {
                Some(k) if k.is_hand_kind() => {
                    let c = ed.color.index();
                    let n = ed.setup.hands[c].count(k);
                    match ed.setup.hands[c].with_count(k, n + 1) {
                        Some(h) => ed.setup.hands[c] = h,
                        None => self.line(&format!("No more {}s fit in a hand", k.name())),
                    }
                }
                _ => self.line(&format!("Invalid piece type '{l}'")),
            },
            [l, f, r, rest @ ..] | ['+', l, f, r, rest @ ..]
                if rest.is_empty() || rest == ['+'] =>
            {
                let promoted = chars[0] == '+' || rest == ['+'];
                let Some(kind) = PieceKind::from_letter(l.to_ascii_uppercase()) else {
                    self.line(&format!("Invalid piece type '{l}'"));
                    return;
                };
                let Some(sq) = square_of(*f, *r) else {
                    self.line(&format!("Out-of-board position '{f}{r}'"));
                    return;
                };
                let kind = if promoted {
                    match kind.promote() {
                        Some(k) => k,
                        None => {
                            self.line(&format!("A {} cannot be promoted", kind.name()));
                            return;
                        }
                    }
                } else {
                    kind
                };
                ed.setup.set(sq, Some(Piece::new(ed.color, kind)));
            }
            _ => self.line(&format!("Not understood: '{token}' (p3b, p3b+, p*, -3b, #, c, .)")),
        }
    }

    fn finish_setup(&mut self, rows: &[String]) {
        let mut setup = Setup::default();
        for (i, row) in rows.iter().enumerate() {
            let chars: Vec<char> = row.chars().collect();
            for j in 0..9 {
                let sq = Square::new(9 - j as u8, i as u8 + 1).expect("on the board");
                let piece = chars.get(j).and_then(|&c| {
                    let kind = PieceKind::from_letter(c.to_ascii_uppercase())?;
                    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                    Some(Piece::new(color, kind))
                });
                setup.set(sq, piece);
            }
        }
        match Position::from_setup(&setup) {
            Ok(pos) => {
                self.abandon_search();
                self.set_game(Game::new(pos), Vec::new());
                self.computer = Color::White;
                self.force = false;
                self.redraw();
                self.line("Setup successful");
            }
            Err(e) => self.line(&format!("Setup failed: {e}; the game is unchanged")),
        }
    }

    // ----- looking at the position --------------------------------------------------------

    fn list_moves(&mut self) {
        let mut list = MoveList::new();
        self.game.position().legal_moves(&mut list);
        let mut moves: Vec<String> = list.iter().map(|m| m.to_string()).collect();
        moves.sort();
        let side = self.game.position().side_to_move().name();
        self.line(&format!("{} legal moves for {side}:", moves.len()));
        for chunk in moves.chunks(12) {
            self.line(&chunk.join(" "));
        }
    }

    /// `p`: what each piece is worth where it stands: the evaluation (from its owner's view)
    /// with the piece minus without it.
    fn piece_values(&mut self) {
        let pos = self.game.position().clone();
        let mut t = String::new();
        for rank in 1..=9u8 {
            for file in (1..=9u8).rev() {
                let sq = Square::new(file, rank).expect("on the board");
                match pos.piece_at(sq) {
                    None => t.push_str(" *   "),
                    Some(p) => {
                        let letter = if p.color() == Color::Black { 'b' } else { 'w' };
                        match piece_worth(&pos, sq, p) {
                            Some(v) => t.push_str(&format!("{v:4}{letter}")),
                            None => t.push_str(&format!("  ? {letter}")),
                        }
                    }
                }
            }
            t.push('\n');
        }
        let side = pos.side_to_move();
        t.push_str(&format!(
            "score {} material {} (for {}, the side to move; b = Black's piece, w = White's)\n",
            crate::eval::evaluate(&pos),
            crate::eval::material(&pos),
            side.name()
        ));
        self.out.text(&t);
    }

    /// `debug`: the value of one piece on every empty square.
    fn debug_piece(&mut self, text: &str) {
        let chars: Vec<char> = text.trim().chars().collect();
        let (color, letter) = match chars.as_slice() {
            [c, l] if "bBwW".contains(*c) => {
                (if "bB".contains(*c) { Color::Black } else { Color::White }, *l)
            }
            _ => {
                self.line("debug: give a colour and a piece letter, e.g. bP or wR");
                return;
            }
        };
        let Some(kind) = PieceKind::from_letter(letter.to_ascii_uppercase()) else {
            self.line(&format!("debug: '{letter}' is not a piece letter"));
            return;
        };
        let pos = self.game.position().clone();
        let base = pos.to_setup();
        let mut t = String::new();
        for rank in 1..=9u8 {
            for file in (1..=9u8).rev() {
                let sq = Square::new(file, rank).expect("on the board");
                let mut s = base.clone();
                if s.piece_at(sq).is_some() {
                    t.push_str("    * ");
                    continue;
                }
                s.set(sq, Some(Piece::new(color, kind)));
                match Position::from_setup(&s) {
                    Ok(with) => {
                        let v = view_of(&with, color) - view_of(&pos, color);
                        t.push_str(&format!("{v:5} "));
                    }
                    Err(_) => t.push_str("    - "),
                }
            }
            t.push('\n');
        }
        self.out.text(&t);
    }

    fn speed_test(&mut self) {
        let pos = self.game.position().clone();
        let mut list = MoveList::new();
        let run = |n: u32, f: &mut dyn FnMut() -> u64| -> (u64, f64) {
            let t = Instant::now();
            let mut count = 0;
            for _ in 0..n {
                count += f();
            }
            (count, t.elapsed().as_secs_f64().max(1e-9))
        };
        let mut lines = Vec::new();
        lines.push("Testing MoveList Speed".to_string());
        let (c, s) = run(20_000, &mut || {
            list.clear();
            pos.legal_moves(&mut list);
            list.len() as u64
        });
        lines.push(format!("Nodes = {c} Nodes/sec = {}", (c as f64 / s) as u64));
        lines.push("Testing CaptureList Speed".to_string());
        let (c, s) = run(30_000, &mut || {
            list.clear();
            pos.legal_captures(&mut list);
            list.len() as u64
        });
        lines.push(format!("Nodes = {c} Nodes/sec = {}", (c as f64 / s) as u64));
        lines.push("Testing Eval Speed".to_string());
        let mut sink = 0i64;
        let (c, s) = run(15_000, &mut || {
            sink = sink.wrapping_add(i64::from(crate::eval::evaluate(&pos)));
            1
        });
        lines.push(format!("Nodes = {c} Nodes/sec = {}", (c as f64 / s) as u64));
        for l in lines {
            self.line(&l);
        }
    }
}

fn on_off(b: bool) -> &'static str {
    if b { "ON" } else { "OFF" }
}

fn start_position(config: &Config) -> Position {
    config.start_sfen.as_deref().and_then(|s| parse_sfen(s).ok()).unwrap_or_else(Position::startpos)
}

fn square_of(f: char, r: char) -> Option<Square> {
    let file = f.to_digit(10)?;
    if !('a'..='i').contains(&r) {
        return None;
    }
    Square::new(file as u8, r as u8 - b'a' + 1)
}

fn read(path: &std::path::Path) -> Result<String, FileError> {
    let data = files::read_limited(path, files::MAX_GAME_FILE)
        .map_err(|e| FileError::new(0, e.to_string()))?;
    String::from_utf8(data).map_err(|_| FileError::new(0, "not a text file (invalid UTF-8)"))
}

/// The evaluation from `color`'s view.
fn view_of(pos: &Position, color: Color) -> i32 {
    let v = crate::eval::evaluate(pos);
    if pos.side_to_move() == color { v } else { -v }
}

/// The evaluation with the piece minus without it, from its owner's view (`None` for a king
/// or when the position without it is impossible).
fn piece_worth(pos: &Position, sq: Square, piece: Piece) -> Option<i32> {
    if piece.kind() == PieceKind::King {
        return None;
    }
    let mut s = pos.to_setup();
    s.set(sq, None);
    let without = Position::from_setup(&s).ok()?;
    Some(view_of(pos, piece.color()) - view_of(&without, piece.color()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_worth_is_positive_for_a_rook() {
        let pos = Position::startpos();
        let sq = Square::new(2, 8).unwrap();
        let rook = pos.piece_at(sq).unwrap();
        assert!(piece_worth(&pos, sq, rook).unwrap() > 300);
    }
}
