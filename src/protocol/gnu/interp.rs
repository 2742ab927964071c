//! The interpreter: its state, the loop that reads events, and the dispatch of each line to
//! the command that does it (the parts of the state are in `state.rs`). The commands' work is in the other files of this folder, by
//! kind; the game and the computer's searches are the session's [`Match`].

use super::board::{self, View};
use super::command::{self, Command, CommandError, FileCmd, Pair, Setting};
use super::display::{BoardState, Surface, Thinking};
use super::state::{GameLog, Inert, Prompt, Reading, SearchSettings, Seats, Shown, Waiting};
use crate::config::Config;
use crate::engine::clock::{Clocks, TimeControl};
use crate::game::{Game, Outcome};
use crate::notation::text::parse_text_move;
use crate::notation::{parse_sfen, to_sfen};
use crate::play::{Match, Policy, Task, Wake};
use crate::protocol::{Event, LoopEnd, Session};
use crate::rules::handicap::Handicap;
use crate::rules::{Color, Position, Setup};
use std::io::Write;
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

/// The interpreter's state: the session it runs on (the match, the channel, the display, the
/// settings it started with), its own state in parts by what they are (`state.rs`), and why
/// it ended, once it has.
pub struct Interp<'a, D: Surface> {
    /// The game, its clocks and the computer's searches.
    pub(super) play: &'a mut Match,
    pub(super) events: &'a Receiver<Event>,
    pub(super) out: D,
    pub(super) config: Config,
    pub(super) seats: Seats,
    pub(super) shown: Shown,
    pub(super) search: SearchSettings,
    pub(super) inert: Inert,
    pub(super) log: GameLog,
    pub(super) reading: Reading,
    /// Why the interpreter ended, once it has.
    pub(super) end: Option<LoopEnd>,
}

impl<'a, D: Surface> Interp<'a, D> {
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
        link.play.set_policy(Policy::GNU);
        Interp {
            play: link.play,
            events: link.events,
            out,
            config: config.clone(),
            seats: Seats::default(),
            shown: Shown::default(),
            search: SearchSettings::new(config),
            inert: Inert::new(config),
            log: GameLog::new(),
            reading: Reading::default(),
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
        self.play.engine_mut().set_use_book(self.search.book);
        let b = BoardState {
            pos: self.play.game().position(),
            clocks: &self.play.clocks,
            view: self.shown.view,
        };
        self.out.start(b);
        if let Some(kind) = self.config.game_kind.filter(|k| k.handicap().is_some()) {
            self.announce_game(kind);
        }
        self.computer_opens();
        self.show_prompt();
        self.take_input();
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
        self.take_input();
        self.finished()
    }

    /// Input is taken whenever the computer is not thinking on its move (while it does, a
    /// line editor leaves the terminal alone, and Ctrl-C makes it move).
    fn take_input(&mut self) {
        if self.end.is_none()
            && !self.reading.eof
            && !self.play.thinking()
            && let Some(p) = self.out.prompter()
        {
            p.ready(self.play.game().position());
        }
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
        if matches!(event, Event::Line(_) | Event::Eof | Event::TooLong { .. })
            && let Some(p) = self.out.prompter()
        {
            p.arrived();
        }
        match event {
            Event::Line(l) => self.on_line(l),
            Event::Eof => {
                self.reading.eof = true;
                if self.play.thinking() {
                    // Finish as the original: the search stops, its move is played.
                    self.seats.both = false;
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
            // The match takes its engine's events itself (`Match::next_event`).
            Event::Engine(..) => {}
            Event::Terminate => self.end = Some(LoopEnd::Quit),
            Event::Interrupt => {
                // Ctrl-C while the computer thinks: it moves now, as on any input.
                if self.play.thinking() {
                    self.seats.both = false;
                    self.ask_stop();
                }
            }
        }
    }

    fn on_line(&mut self, line: String) {
        match self.play.task() {
            Some(Task::Move) => {
                // Input during the computer's search: it moves now; the line waits.
                self.seats.both = false;
                self.reading.queued.push_back(line);
                self.ask_stop();
            }
            Some(Task::Ponder { predicted: Some(predicted) })
                if self.reading.for_commands()
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
    pub(super) fn after_input(&mut self) {
        self.drain_queue();
        if self.play.task().is_none() && self.end.is_none() && !self.reading.eof {
            self.maybe_ponder();
        }
        self.show_prompt();
    }

    fn drain_queue(&mut self) {
        while self.end.is_none() {
            if self.play.thinking() {
                if !self.reading.queued.is_empty() {
                    self.ask_stop();
                }
                return;
            }
            let Some(line) = self.reading.queued.pop_front() else {
                return;
            };
            self.abandon_search();
            // As the original, a prompt before each line it reads.
            if self.reading.for_commands() {
                self.prompt_line();
            }
            self.handle(line);
        }
    }

    // ----- commands -----------------------------------------------------------------------

    fn handle(&mut self, line: String) {
        if let Some(p) = self.reading.prompt.take() {
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
        if self.reading.editor.is_some() {
            self.edit_input(&line);
            return;
        }
        if let Some(mut rows) = self.reading.setup_rows.take() {
            rows.push(line);
            if rows.len() == 9 {
                self.finish_setup(&rows);
            } else {
                self.reading.setup_rows = Some(rows);
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
        self.reading.prompt = Some(p);
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
                    if !self.seats.force {
                        let side = self.seats.computer.name();
                        // Two short lines: a long one wraps mid-word in a terminal.
                        self.note(&format!("The computer now plays {side}: undo swaps the sides."));
                        self.note(
                            "(remove takes back a whole move, yours and the computer's, and \
                             keeps the sides)",
                        );
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
                self.seats.force = false;
                self.seats.both = false;
                self.start_search();
            }
            Command::Switch => {
                self.seats.computer = !self.seats.computer;
                self.seats.force = false;
                self.seats.both = false;
                if self.play.game().position().side_to_move() == self.seats.computer {
                    // The board after the computer's move, not before it.
                    self.start_search();
                    self.redraw_after_search();
                } else {
                    self.redraw();
                }
            }
            Command::Black => {
                self.seats.computer = Color::White;
                self.seats.force = false;
                self.confirm("black", "you play Black, the computer White");
            }
            Command::White => {
                self.seats.computer = Color::Black;
                self.seats.force = false;
                self.confirm("white", "you play White, the computer Black");
            }
            Command::Both => {
                self.seats.force = false;
                self.seats.both = true;
                self.start_search();
            }
            Command::Hint(lines) => self.give_hint(lines),
            Command::EnteringKing(rule) => self.set_entering_king(rule),
            Command::Handicap(kind) => self.handicap(kind),
            Command::Level(None) => self.ask(Prompt::Level),
            Command::Level(Some(tc)) => self.level(tc),
            Command::Depth(None) => self.ask(Prompt::Depth),
            Command::Depth(Some(d)) => {
                self.search.depth = d;
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
                self.search.random = true;
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
                self.reading.setup_rows = Some(Vec::new());
                self.note("Enter 9 lines of 9 characters, rank a first, file 9 first (upper case White, lower case Black, anything else empty):");
            }
            Command::Annotate(a) => match self.log.stats.last_mut() {
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
            computer: self.seats.computer,
            depth: self.search.depth,
            control: self.play.clocks.control().clone(),
            random: self.search.random,
            easy: self.search.easy,
            beep: self.shown.beep,
            hash: self.search.hash,
            tsume: self.search.tsume,
            force: self.seats.force,
            book: self.search.book,
            post: self.shown.post,
            contempt: self.search.contempt,
            xwndw: self.inert.xwndw,
            strength: self.play.engine().strength(),
            game: match Handicap::of(self.play.game().start()) {
                Some(h) => format!("{} handicap", h.name()),
                None if self.play.game().is_regular_start() => "even".into(),
                None => "from a position set up".into(),
            },
        }
    }
}

pub(super) fn start_position(config: &Config) -> Position {
    if let Some(kind) = config.game_kind.filter(|k| k.handicap().is_some()) {
        return kind.position();
    }
    config.start_sfen.as_deref().and_then(|s| parse_sfen(s).ok()).unwrap_or_else(Position::startpos)
}

/// What displays read of the interpreter.
impl<D: Surface> Interp<'_, D> {
    pub fn game(&self) -> &Game {
        self.play.game()
    }

    pub fn clocks(&self) -> &Clocks {
        &self.play.clocks
    }

    /// When the side to move began to think about its move.
    pub fn turn_started(&self) -> Instant {
        self.log.turn_start
    }

    pub fn view(&self) -> View {
        self.shown.view
    }

    /// The side the computer plays.
    pub fn computer(&self) -> Color {
        self.seats.computer
    }

    /// `force`: the user moves for both sides.
    pub fn force(&self) -> bool {
        self.seats.force
    }

    /// The end of the game, once it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.log.outcome
    }

    /// What the computer is thinking about, if it is.
    pub fn thinking(&self) -> Option<Thinking> {
        self.thinking_now()
    }

    /// What the next input line is for.
    pub fn waiting(&self) -> Waiting {
        self.reading.waiting()
    }

    /// The board being set up by `edit`, with the colour of the pieces it places.
    pub fn editing(&self) -> Option<(&Setup, Color)> {
        self.reading.editor.as_ref().map(|e| (&e.setup, e.color))
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
        self.play.clocks.set_control(control);
        self.play.clocks.set_game_in(game_in);
        self.log.turn_start = Instant::now();
    }
}
