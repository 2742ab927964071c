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
//! This file holds the loop and the command dispatch; [`command`] parses a line, and the
//! commands' work is split by kind: `thinking.rs` (the computer's searches), `play.rs` (the
//! user's moves, new games, undo), `settings.rs`, `files.rs`, `editor.rs` (`edit`, `setup`)
//! and `diagnostics.rs` (`p`, `debug`, `test`, `moves`); `output.rs` says and draws things through
//! the display. [`display`] is what the interpreter shows, [`board`] how the text displays draw it.
//!
//! Where this differs from the original on purpose (its bugs, fixed):
//! - a mate, repetition or other end the user's move causes is announced, in every mode;
//!   moves after the end are refused with a message, and `undo`/`remove` reopen the game;
//! - for people the end is the final board and one line saying who won and what to type
//!   next, then a command prompt; the computer's moves carry the game's move numbers
//!   (`12. 7g7f`, `12. ... 3c3d`), `switch` draws the board after the move, and with no
//!   clocks running the board's clock line shows the time used;
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
//! - every setting confirms its value in one form (`depth: 3`) and refuses a value out of its
//!   range in one form; a command typed at a question is done, not taken as the answer;
//!   `undo` says that the sides changed; input echoed in a message has its control
//!   characters escaped;
//! - added: `sfen`, `setsfen SFEN`, `moves` (the legal moves), `showboard`, file names on the
//!   command's line (`save FILE`), `list [FILE]`, `handicap NAME` (a handicap game, the
//!   computer giving it and opening at once; `new` repeats the kind).

mod analyse;
pub mod board;
pub mod command;
mod diagnostics;
pub mod display;
mod editor;
mod files;
mod output;
mod play;
mod settings;
mod strength;
mod thinking;

pub use thinking::Thinking;

use super::{Event, LoopEnd, Session, hand_over};
use crate::config::Config;
use crate::engine::clock::{Clocks, TimeControl};
use crate::files::MoveStats;
use crate::game::{Game, Outcome};
use crate::notation::text::parse_text_move;
use crate::notation::{parse_sfen, to_sfen};
use crate::play::{Match, Task, Wake};
use crate::rules::{Color, Position};
use board::View;
use command::{Command, CommandError, FileCmd, Pair, Setting};
use display::{BoardState, Display, MoveNumber, RawDisplay};
use editor::Editor;
use std::collections::VecDeque;
use std::io::Write;
use std::process::ExitCode;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// What the interpreter uses of a session besides its output: the match and the channel.
pub struct Link<'a> {
    pub play: &'a mut Match,
    pub events: &'a Receiver<Event>,
}

impl<'a> Link<'a> {
    /// The session's match and channel, and its output for a display to write to.
    pub fn split<W: Write>(s: &'a mut Session<W>) -> (Link<'a>, &'a mut W) {
        let link = Link { play: &mut s.play, events: &s.events };
        (link, &mut s.out)
    }
}

/// Runs the raw text mode until `quit` or the end of input.
pub fn run<W: Write>(mut session: Session<W>, config: &Config) -> ExitCode {
    let (link, out) = Link::split(&mut session);
    let end = Interp::new(link, config, RawDisplay::new(out)).run();
    hand_over(session, end)
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

/// A question the interpreter asked; the next line answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Prompt {
    Level,
    Depth,
    Setting(Setting),
    Pair(Pair),
    /// The second value of a pair, with the first.
    Second(Pair, i32),
    File(FileCmd),
    DebugPiece,
}

impl Prompt {
    /// The command that asked.
    fn command(&self) -> &'static str {
        match self {
            Prompt::Level => "level",
            Prompt::Depth => "depth",
            Prompt::Setting(s) => s.limit().name,
            Prompt::Pair(p) | Prompt::Second(p, _) => p.limits()[0].name,
            Prompt::File(f) => f.name(),
            Prompt::DebugPiece => "debug",
        }
    }
}

/// The interpreter's state.
pub struct Interp<'a, D: Display> {
    /// The game, its clocks and the computer's searches.
    play: &'a mut Match,
    events: &'a Receiver<Event>,
    out: D,
    config: Config,
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
    /// `showboard`: the text display draws the board after each move.
    showboard: bool,
    random: bool,
    book: bool,
    hash: bool,
    depth: u32,
    contempt: i32,
    awindow: [i32; 2],
    bwindow: [i32; 2],
    xwndw: i32,
    hashdepth: [i32; 2],
    turn_start: Instant,
    /// When the game began (a record read keeps its own date): the records' start date.
    game_started: chrono::NaiveDateTime,
    /// The computer's and the user's move counters (the `N.` of the xshogi dialect's
    /// announcements; people are shown the game's move numbers).
    computer_moves: u32,
    user_moves: u32,
    outcome: Option<Outcome>,
    /// Draw the board after the computer's move (`switch`: not before it).
    board_after_search: bool,
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
        link.play.engine_mut().set_use_hash(config.use_hash);
        if let Some(level) = config.strength {
            link.play.engine_mut().set_strength(level);
        }
        let mut game = Game::new(start);
        game.rules.move_limit = config.move_limit;
        link.play.set_game(game);
        link.play.clocks = Clocks::new(control);
        link.play.declare = true;
        link.play.resign_on_mate = false;
        link.play.records_own_moves = true;
        Interp {
            play: link.play,
            events: link.events,
            out,
            config: config.clone(),
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
            showboard: false,
            random: !config.seeded,
            book: true,
            hash: config.use_hash,
            depth: 39,
            contempt: 0,
            awindow: [90, 90],
            bwindow: [90, 90],
            xwndw: config.xwndw.unwrap_or(90),
            hashdepth: [4, 40],
            turn_start: Instant::now(),
            game_started: play::now_to_the_second(),
            computer_moves: 0,
            user_moves: 0,
            outcome: None,
            board_after_search: false,
            queued: VecDeque::new(),
            prompt: None,
            editor: None,
            setup_rows: None,
            eof: false,
            end: None,
        }
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
        self.play.engine_mut().set_use_book(self.book);
        let b = BoardState {
            pos: self.play.game().position(),
            clocks: &self.play.clocks,
            view: self.view,
        };
        self.out.start(b);
        if let Some(kind) = self.config.game_kind.filter(|k| k.handicap().is_some()) {
            self.announce_game(kind);
        }
        self.computer_opens();
        self.show_prompt();
    }

    /// Waits for one event (at most `wait`; with `None`, until one comes) and handles it.
    /// Returns why the interpreter ended, once it has; a search still running is then given
    /// up.
    pub fn step(&mut self, wait: Option<Duration>) -> Option<LoopEnd> {
        if self.end.is_some() {
            return self.finished();
        }
        match self.play.next_event(self.events, wait) {
            Wake::Event(event) => self.dispatch(event),
            Wake::Closed => self.end = Some(LoopEnd::Quit),
            Wake::Update(update) => self.on_update(update),
            Wake::Nothing => {}
        }
        self.finished()
    }

    fn finished(&mut self) -> Option<LoopEnd> {
        if self.end.is_none() && self.out.gone() {
            // No one reads any more (a broken pipe): end quietly.
            self.end = Some(LoopEnd::Quit);
        }
        let end = self.end?;
        self.abandon_search();
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
        self.abandon_search();
    }

    fn dispatch(&mut self, event: Event) {
        match event {
            Event::Line(l) => self.on_line(l),
            Event::Eof => {
                self.eof = true;
                if self.play.thinking() {
                    // Finish as the original: the search stops, its move is played.
                    self.both = false;
                    self.ask_stop();
                } else {
                    self.end = Some(LoopEnd::Quit);
                }
            }
            Event::TooLong { len, .. } => {
                // Refused at once, even while the computer thinks: it can change nothing.
                self.error(&format!("input: line too long ({len} bytes), ignored"));
                self.show_prompt();
            }
            Event::Engine(id, e) => {
                if let Some(update) = self.play.on_engine(&id, e) {
                    self.on_update(update);
                }
            }
            Event::Terminate => self.end = Some(LoopEnd::Quit),
        }
    }

    fn on_line(&mut self, line: String) {
        match self.play.task() {
            Some(Task::Move) => {
                // Input during the computer's search: it moves now; the line waits.
                self.both = false;
                self.queued.push_back(line);
                self.ask_stop();
            }
            Some(Task::Ponder { predicted: Some(predicted) })
                if self.prompt.is_none()
                    && self.editor.is_none()
                    && self.setup_rows.is_none()
                    && matches!(command::parse(&line), Ok(Command::Move(word))
                        if parse_text_move(self.play.game().position(), &word)
                            .is_ok_and(|(m, _)| m == predicted)) =>
            {
                // The move pondered on: the match goes on with that search (the move
                // ends the turn; what follows is the computer's).
                self.handle(line);
            }
            Some(_) => {
                self.abandon_search();
                self.handle(line);
                self.after_input();
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
        if self.play.task().is_none() && self.end.is_none() && !self.eof {
            self.maybe_ponder();
        }
        self.show_prompt();
    }

    fn drain_queue(&mut self) {
        while self.end.is_none() {
            if self.play.thinking() {
                if !self.queued.is_empty() {
                    self.ask_stop();
                }
                return;
            }
            let Some(line) = self.queued.pop_front() else {
                return;
            };
            self.abandon_search();
            // As the original, a prompt before each line it reads.
            if self.prompt.is_none() && self.editor.is_none() && self.setup_rows.is_none() {
                self.prompt_line();
            }
            self.handle(line);
        }
    }

    // ----- commands -----------------------------------------------------------------------

    fn handle(&mut self, line: String) {
        if let Some(p) = self.prompt.take() {
            // A command typed instead of the answer is done, not taken for a file name or
            // refused as a number: a person who missed the question loses nothing.
            if let Ok(cmd) = command::parse(&line)
                && !matches!(cmd, Command::Move(_) | Command::Empty)
            {
                let word = line.split_whitespace().next().unwrap_or("");
                self.reply(&format!("{} cancelled: '{word}' is a command", p.command()));
                self.command(Ok(cmd));
                return;
            }
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
            Prompt::Depth => "depth = ",
            Prompt::Setting(Setting::Contempt) => "contempt = ",
            Prompt::Setting(Setting::Xwndw) => "xwndw = ",
            Prompt::Setting(Setting::ResignValue) => "resignvalue = ",
            Prompt::Pair(Pair::Awindow) => "WAwindow: ",
            Prompt::Pair(Pair::Bwindow) => "WBwindow: ",
            Prompt::Pair(Pair::HashDepth) => "hashdepth = ",
            Prompt::Second(Pair::Awindow, _) => "BAwindow: ",
            Prompt::Second(Pair::Bwindow, _) => "BBwindow: ",
            Prompt::Second(Pair::HashDepth, _) => "MoveLimit = ",
            Prompt::File(FileCmd::Save | FileCmd::Get) => "Enter file name (empty: shogi.000): ",
            Prompt::File(FileCmd::XSave | FileCmd::XGet) => {
                "Enter file name (empty: xshogi.position.read): "
            }
            Prompt::File(FileCmd::BSave) => "Enter book file name (empty: cancel): ",
            Prompt::DebugPiece => "Enter piece (colour and letter, e.g. bP or wR): ",
        };
        self.out.ask(text);
        self.prompt = Some(p);
    }

    /// The answer to a question: what the command would have had on its line.
    fn answer(&mut self, p: Prompt, text: &str) {
        let cmd = match p {
            Prompt::Level => command::level(text).map(|tc| Command::Level(Some(tc))),
            Prompt::Depth => command::depth(text).map(|d| Command::Depth(Some(d))),
            Prompt::Setting(s) => command::number(s, text).map(|v| Command::Set(s, Some(v))),
            Prompt::Pair(p) => command::pair(p, text).map(|v| Command::SetPair(p, Some(v))),
            Prompt::Second(p, first) => {
                command::second(p, text).map(|v| Command::SetPair(p, Some((first, Some(v)))))
            }
            // No name: the default file, not the question again.
            Prompt::File(f) => {
                self.file(f, command::file_name(text));
                return;
            }
            Prompt::DebugPiece => command::debug_piece(text).map(|p| Command::Debug(Some(p))),
        };
        self.command(cmd);
    }

    fn command(&mut self, cmd: Result<Command, CommandError>) {
        let cmd = match cmd {
            Ok(cmd) => cmd,
            Err(e) => return self.error(&e.to_string()),
        };
        match cmd {
            Command::Empty | Command::Ignored => {}
            Command::Help => {
                let status = self.status();
                self.out.help(&status);
            }
            Command::New => self.new_command(),
            Command::Quit => self.end = Some(LoopEnd::Quit),
            Command::Xboard => self.end = Some(LoopEnd::Xboard),
            Command::Usi => self.end = Some(LoopEnd::Usi),
            Command::Board => self.show_board(),
            Command::Undo => {
                if self.play.game().ply() == 0 {
                    self.error("undo: there is no move to take back");
                } else {
                    self.take_back();
                    self.redraw();
                    // The original's swap of sides surprises people: say it as it happens.
                    if !self.force {
                        let side = self.computer.name();
                        self.note(&format!(
                            "The computer now plays {side} (undo swaps the sides); remove takes \
                             back a whole move, yours and the computer's, keeping the sides"
                        ));
                    }
                }
            }
            Command::Remove => {
                if self.play.game().ply() < 2 {
                    self.error("remove: there are not two moves to take back");
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
                if self.play.game().position().side_to_move() == self.computer {
                    // The board after the computer's move, not before it.
                    self.start_search();
                    self.redraw_after_search();
                } else {
                    self.redraw();
                }
            }
            Command::Black => {
                self.computer = Color::White;
                self.force = false;
                self.confirm("black", "you play Black, the computer White");
            }
            Command::White => {
                self.computer = Color::Black;
                self.force = false;
                self.confirm("white", "you play White, the computer Black");
            }
            Command::Both => {
                self.force = false;
                self.both = true;
                self.start_search();
            }
            Command::Hint(lines) => self.give_hint(lines),
            Command::EnteringKing(rule) => self.set_entering_king(rule),
            Command::Handicap(kind) => self.handicap(kind),
            Command::Level(None) => self.ask(Prompt::Level),
            Command::Level(Some(tc)) => self.level(tc),
            Command::Depth(None) => self.ask(Prompt::Depth),
            Command::Depth(Some(d)) => {
                self.depth = d;
                self.confirm("depth", &d.to_string());
            }
            Command::Strength(level) => self.strength(level),
            Command::Set(s, None) => self.ask(Prompt::Setting(s)),
            Command::Set(s, Some(v)) => self.setting(s, v),
            Command::SetPair(p, None) => self.ask(Prompt::Pair(p)),
            Command::SetPair(p, Some((first, None))) => self.ask(Prompt::Second(p, first)),
            Command::SetPair(p, Some((first, Some(second)))) => self.set_pair(p, [first, second]),
            Command::Time(t) => self.set_time(t, true),
            Command::OTime(t) => self.set_time(t, false),
            Command::Toggle(t) => self.toggle(t),
            Command::Random => {
                self.random = true;
                let seed = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(7, |d| d.as_nanos() as u64);
                self.play.engine_mut().set_seed(seed);
                self.confirm("random", "on (book moves chosen at random, by weight)");
            }
            Command::P => self.piece_values(),
            Command::Test => self.speed_test(),
            Command::Debug(None) => self.ask(Prompt::DebugPiece),
            Command::Debug(Some(piece)) => self.debug_piece(piece),
            Command::File(f, Some(path)) => self.file(f, Some(path)),
            Command::File(f, None) => {
                let preset = match f {
                    FileCmd::Save | FileCmd::BSave => self.config.save_file.clone(),
                    FileCmd::Get | FileCmd::XGet => self.config.load_file.clone(),
                    FileCmd::XSave => None,
                };
                match preset {
                    // Read as a typed name, so an empty one means the default file.
                    Some(p) => self.file(f, command::file_name(&p.to_string_lossy())),
                    None => self.ask(Prompt::File(f)),
                }
            }
            Command::List(name) => self.list(name),
            Command::Edit => self.start_edit(),
            Command::Setup => {
                self.setup_rows = Some(Vec::new());
                self.note("Enter 9 lines of 9 characters, rank a first, file 9 first (upper case White, lower case Black, anything else empty):");
            }
            Command::Annotate(a) => match self.stats.last_mut() {
                Some(s) => s.annotation = Some(a),
                None => self.error("There is no move to mark."),
            },
            Command::Sfen => {
                let s = to_sfen(self.play.game().position());
                self.reply(&s);
            }
            Command::SetSfen(pos) => {
                self.abandon_search();
                self.set_game(Game::new(*pos), Vec::new());
                self.redraw();
            }
            Command::Moves => self.list_moves(),
            Command::Analyse(limit) => self.analyse_game(limit),
            Command::Move(word) => self.user_move(&word),
        }
    }

    fn status(&self) -> board::Status {
        board::Status {
            computer: self.computer,
            depth: self.depth,
            control: self.play.clocks.control.clone(),
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
}

fn start_position(config: &Config) -> Position {
    if let Some(kind) = config.game_kind.filter(|k| k.handicap().is_some()) {
        return kind.position();
    }
    config.start_sfen.as_deref().and_then(|s| parse_sfen(s).ok()).unwrap_or_else(Position::startpos)
}
