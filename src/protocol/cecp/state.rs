//! The CECP state machine: who the engine plays ([`Mode`]), the game, the clocks, and the
//! search that may be running (thinking on its move, pondering on the opponent's, or
//! analysing). Input lines and engine events arrive on one channel; each is handled here.
//!
//! While the engine thinks on its own move, only the commands that must act at once (`?`,
//! `force`, `new`, `result`, `quit`, …) are run; the others wait until the move is made, so that
//! `ping` is answered after the move, as the protocol asks. Pondering and analysis answer
//! everything at once.

mod thinking;

use super::command::{Command, EditCommand, ParseError, Selection, parse_command, parse_edit_line};
use super::options::{self, OptionError};
use super::reply::{self, Reply, ThinkingLine};
use crate::engine::Engine;
use crate::engine::clock::{Clocks, TimeControl};
use crate::game::{DrawReason, Game, Outcome};
use crate::notation::{format_xboard_move, parse_xboard_fen};
use crate::play::{Event, Match, Policy, Task, Wake};
use crate::rules::{Color, Hand, Move, MoveList, Piece, Position, Setup};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::mpsc::{Receiver, Sender};

/// Who the engine plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Neither side: moves are only recorded.
    Force,
    /// This side: it thinks on its turn and, with pondering on, on the opponent's.
    Playing(Color),
    /// Analyses the current position until told otherwise.
    Analyzing,
}

/// What the loop does after an event.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

struct EditState {
    setup: Setup,
    /// The side the next placed piece belongs to (sente first, as XBoard's "white").
    color: Color,
}

/// The front end's whole state.
pub struct Cecp<W: Write> {
    out: W,
    broken: bool,
    /// The game, the clocks and the engine's searches.
    play: Match,
    mode: Mode,
    /// Lines that came while the engine thought on its move, run after it moves.
    deferred: VecDeque<String>,
    post: bool,
    ponder: bool,
    depth: Option<u32>,
    excluded: Vec<Move>,
    edit: Option<EditState>,
    /// A position was refused: moves and `go` are refused until `new`, `setboard` or `edit`.
    refused: bool,
    paused: bool,
    debug: bool,
    eof: bool,
}

/// The commands run at once even while the engine thinks on its move.
fn is_urgent(c: &Command) -> bool {
    matches!(
        c,
        Command::MoveNow
            | Command::Force
            | Command::New
            | Command::Result { .. }
            | Command::Quit
            | Command::Easy
            | Command::Hard
            | Command::Post
            | Command::NoPost
            | Command::Pause
            | Command::Resume
            | Command::Draw
            | Command::Hint
            | Command::Bk
            | Command::Accepted(_)
            | Command::Rejected(_)
            | Command::Computer
            | Command::Name(_)
            | Command::Rating(_)
            | Command::Ics(_)
            | Command::Random
            | Command::Xboard
    )
}

/// A game end the engine claims: a win by the rules, or sennichite. Impasse draws and move
/// limits are not claimed (XBoard would judge the claim false): the engine offers a draw.
fn claimable(game: &Game) -> Option<Outcome> {
    game.outcome()
        .filter(|o| !matches!(o, Outcome::Draw(DrawReason::Impasse | DrawReason::MoveLimit)))
}

fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.to_vec()
}

impl<W: Write> Cecp<W> {
    pub fn new(out: W, engine: Engine, sender: Sender<Event>) -> Cecp<W> {
        Cecp::with_match(out, Match::new(engine, sender))
    }

    /// CECP takes over a match (from the xshogi dialect on `xboard`): a new game, the
    /// default rules and XBoard's default clocks (40 moves in 5 minutes) until it says
    /// otherwise.
    pub fn with_match(out: W, mut play: Match) -> Cecp<W> {
        play.set_game(Game::default());
        play.clocks = Clocks::new(TimeControl::x_default());
        play.set_policy(Policy::CECP);
        Cecp {
            out,
            broken: false,
            play,
            mode: Mode::Playing(Color::White),
            deferred: VecDeque::new(),
            post: false,
            ponder: false,
            depth: None,
            excluded: Vec::new(),
            edit: None,
            refused: false,
            paused: false,
            debug: false,
            eof: false,
        }
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn game(&self) -> &Game {
        self.play.game()
    }

    /// Handles one event from the channel (the match delivers its own: [`Match::receive`]).
    pub fn on_event(&mut self, event: Event) -> Flow {
        let wake = self.play.receive(event);
        self.on_wake(wake)
    }

    /// Waits for the next event, or for the match's deadline (a search to look after), and
    /// handles it.
    pub fn step(&mut self, events: &Receiver<Event>) -> Flow {
        let wake = self.play.next_event(events, None);
        self.on_wake(wake)
    }

    /// What the match woke up for: the input, or an update of its own.
    fn on_wake(&mut self, wake: Wake) -> Flow {
        let flow = match wake {
            Wake::Event(event) => self.on_input(event),
            Wake::Update(update) => {
                self.on_update(update);
                Flow::Continue
            }
            Wake::Nothing => Flow::Continue,
            Wake::Closed => Flow::Quit,
        };
        self.settle(flow)
    }

    /// An event of the input (or a signal).
    fn on_input(&mut self, event: Event) -> Flow {
        match event {
            Event::Line(l) => self.on_line(&l),
            Event::TooLong { start, len } => {
                // Refused at once, while thinking too: it can change nothing.
                self.error(&format!("line too long, {len} bytes"), &format!("{start}..."));
                Flow::Continue
            }
            Event::Terminate => Flow::Quit,
            // Only the text mode's line editor sends an interrupt; CECP ignores SIGINT. The
            // match takes its engine's events itself.
            Event::Interrupt | Event::Engine(..) => Flow::Continue,
            Event::Eof => {
                // Let a move in progress finish (scripts pipe commands in), then stop.
                self.eof = true;
                if !self.thinking() {
                    self.cancel();
                }
                Flow::Continue
            }
        }
    }

    /// After an event: the lines that waited for the engine's move, and the end of the loop
    /// once there is no one to answer or nothing more to do.
    fn settle(&mut self, mut flow: Flow) -> Flow {
        if flow == Flow::Continue {
            flow = self.drain_deferred();
        }
        if self.broken || (self.eof && !self.thinking()) {
            flow = Flow::Quit;
        }
        if flow == Flow::Quit {
            self.cancel();
        }
        flow
    }

    /// The engine thinks on its own move (lines other than the urgent ones wait for it).
    pub fn thinking(&self) -> bool {
        self.play.thinking()
    }

    fn send(&mut self, reply: Reply) {
        if self.broken {
            return;
        }
        let r = writeln!(self.out, "{reply}").and_then(|()| self.out.flush());
        self.broken = r.is_err();
    }

    fn on_line(&mut self, line: &str) -> Flow {
        if self.thinking() {
            match parse_command(line) {
                Ok(c) if is_urgent(&c) => return self.execute(c, line),
                _ => {
                    self.deferred.push_back(line.to_string());
                    return Flow::Continue;
                }
            }
        }
        self.handle_line(line)
    }

    fn drain_deferred(&mut self) -> Flow {
        while !self.thinking() {
            let Some(line) = self.deferred.pop_front() else { break };
            if self.handle_line(&line) == Flow::Quit {
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    fn handle_line(&mut self, line: &str) -> Flow {
        if self.edit.is_some() {
            self.edit_line(line);
            return Flow::Continue;
        }
        if line.trim().is_empty() {
            return Flow::Continue;
        }
        match parse_command(line) {
            Ok(c) => self.execute(c, line),
            Err(ParseError::NotAMove(text)) => {
                self.send(Reply::IllegalMove { reason: Some("not a move".into()), text });
                Flow::Continue
            }
            Err(e) => {
                self.error(&e.to_string(), line);
                Flow::Continue
            }
        }
    }

    fn error(&mut self, kind: &str, command: &str) {
        self.send(Reply::Error { kind: kind.to_string(), command: command.trim().to_string() });
    }

    fn execute(&mut self, cmd: Command, line: &str) -> Flow {
        match cmd {
            Command::Xboard
            | Command::Accepted(_)
            | Command::Random
            | Command::Name(_)
            | Command::Rating(_)
            | Command::Ics(_)
            | Command::Computer => {}
            Command::Protover(n) => {
                if n >= 2 {
                    self.features();
                }
            }
            Command::Rejected(f) => {
                if f == "debug" {
                    self.debug = false;
                }
            }
            Command::New => {
                self.start_game(Position::startpos());
                if self.mode != Mode::Analyzing {
                    self.mode = Mode::Playing(Color::White);
                }
                self.depth = None;
                self.play.clocks.reset();
                self.play.engine_mut().new_game();
            }
            Command::Variant(v) => {
                if v != "shogi" {
                    self.error("unsupported variant", line);
                }
            }
            Command::Quit => return Flow::Quit,
            Command::Force | Command::Result { .. } => {
                self.cancel();
                self.mode = Mode::Force;
            }
            Command::Go => self.go(line),
            Command::PlayOther => {
                self.cancel();
                self.mode = Mode::Playing(!self.game().position().side_to_move());
                let table = self.play.engine().hint(self.game().position());
                self.play.set_expected(table);
            }
            Command::White => self.colors(Color::Black, line),
            Command::Black => self.colors(Color::White, line),
            Command::Level(l) => {
                self.play.clocks.set_control(TimeControl::session(l.moves, l.base, l.increment))
            }
            Command::St(t) => self.play.clocks.set_control(TimeControl::PerMove(t)),
            Command::Sd(d) => self.depth = Some(d.max(1)),
            Command::Time(t) => {
                let side = self.engine_side();
                self.play.clocks.set_left(side, t);
            }
            Command::Otim(t) => {
                let side = !self.engine_side();
                self.play.clocks.set_left(side, t);
            }
            Command::UserMove { mv, text } => self.user_move(mv, &text),
            Command::MoveNow => {
                if self.play.thinking() {
                    self.play.stop();
                }
            }
            Command::Ping(n) => self.send(Reply::Pong(n)),
            Command::Draw => {
                if matches!(self.game().outcome(), Some(Outcome::Draw(_))) {
                    self.send(Reply::OfferDraw);
                }
            }
            Command::SetBoard(fen) => {
                self.cancel();
                match parse_xboard_fen(&fen) {
                    Ok(p) => {
                        self.start_game(p);
                    }
                    Err(e) => self.refuse_position(&reply::fen_error(&e)),
                }
            }
            Command::Edit => {
                self.cancel();
                let setup = self.game().position().to_setup();
                self.edit = Some(EditState { setup, color: Color::Black });
            }
            Command::Hint => self.hint(),
            Command::Bk => self.book(),
            Command::Undo | Command::Remove => {
                let n = if cmd == Command::Undo { 1 } else { 2 };
                if self.game().ply() < n || self.refused {
                    self.error("command not legal now", line);
                } else {
                    for _ in 0..n {
                        self.play.undo();
                    }
                    self.position_changed();
                }
            }
            Command::Hard => self.ponder = true,
            Command::Easy => {
                self.ponder = false;
                if matches!(self.play.task(), Some(Task::Ponder { .. })) {
                    self.cancel();
                }
            }
            Command::Post => self.post = true,
            Command::NoPost => self.post = false,
            Command::Analyze => {
                self.cancel();
                self.mode = Mode::Analyzing;
            }
            Command::Exit => {
                if self.mode == Mode::Analyzing {
                    self.cancel();
                    self.mode = Mode::Force;
                }
            }
            Command::Status => self.status(),
            Command::Pause => self.pause(),
            Command::Resume => self.paused = false,
            Command::Memory(mb) => {
                if mb != self.play.engine().options().hash_mib {
                    let taken = self.play.engine_mut().set_hash_mib(mb);
                    if taken < mb {
                        let why =
                            format!("memory {mb} is more than this machine holds; {taken} MiB");
                        self.send(Reply::Debug(why));
                    }
                }
            }
            Command::Cores(n) => self.play.engine_mut().set_threads(n),
            Command::Option { name, value } => {
                let mut rules = self.game().rules;
                let result =
                    options::apply(self.play.engine_mut(), &mut rules, &name, value.as_deref());
                *self.play.rules_mut() = rules;
                match result {
                    Ok(()) => {}
                    Err(OptionError::Unknown) => self.error("unknown option", line),
                    Err(OptionError::BadValue(want)) => {
                        self.error(&format!("bad value, want {want}"), line);
                    }
                }
            }
            Command::Exclude(sel) => self.select(sel, true, line),
            Command::Include(sel) => self.select(sel, false, line),
        }
        self.resume_play();
        Flow::Continue
    }

    fn features(&mut self) {
        for f in options::features(self.play.engine(), &self.game().rules) {
            self.send(Reply::Feature(f));
        }
        let main = format!(
            "myname=\"GNU Shogi {}\" variants=\"shogi\" setboard=1 usermove=1 ping=1 colors=0 \
             playother=1 analyze=1 memory=1 smp=1 sigint=0 sigterm=0 debug=1 draw=1 name=1 \
             time=1 reuse=1 exclude=1 pause=1 done=1",
            crate::VERSION
        );
        self.debug = true;
        self.send(Reply::Feature(main));
    }

    /// A new game from `start`, judged by the rules in force (those of the game it replaces).
    fn start_game(&mut self, start: Position) {
        self.play.restart(start);
        self.position_changed();
    }

    /// The game record changed other than by a move in play: forget what belonged to the old
    /// position.
    fn position_changed(&mut self) {
        self.excluded.clear();
        self.play.set_expected(None);
        self.refused = false;
    }

    /// The side the engine's clock (`time`) belongs to: the one it plays, or the one it
    /// will play at `go`.
    fn engine_side(&self) -> Color {
        match self.mode {
            Mode::Playing(side) => side,
            Mode::Force | Mode::Analyzing => self.game().position().side_to_move(),
        }
    }

    fn refuse_position(&mut self, why: &str) {
        self.refused = true;
        self.send(Reply::TellUserError(format!("Illegal position: {why}")));
    }

    fn go(&mut self, line: &str) {
        if self.refused {
            self.error("no valid position", line);
            return;
        }
        self.cancel();
        self.mode = Mode::Playing(self.game().position().side_to_move());
        if let Some(o) = claimable(self.game()) {
            self.send(Reply::Result(o));
        }
    }

    /// `white`/`black`: that side (`on_move`) on move, the engine plays the other one.
    fn colors(&mut self, on_move: Color, line: &str) {
        if self.game().position().side_to_move() != on_move {
            let mut setup = self.game().position().to_setup();
            setup.side_to_move = on_move;
            match Position::from_setup(&setup) {
                Ok(p) => {
                    self.cancel();
                    self.start_game(p);
                }
                Err(e) => {
                    let why = reply::position_error(&e);
                    self.error(&format!("command not legal now, {why}"), line);
                    return;
                }
            }
        }
        self.cancel();
        self.mode = Mode::Playing(!on_move);
    }

    fn user_move(&mut self, mv: crate::notation::XboardMove, text: &str) {
        if self.refused {
            self.send(Reply::IllegalMove {
                reason: Some("no valid position".into()),
                text: text.to_string(),
            });
            return;
        }
        let m = match mv.to_move(self.game().position()) {
            Ok(m) => m,
            Err(e) => {
                self.send(Reply::IllegalMove { reason: Some(e.to_string()), text: text.into() });
                return;
            }
        };
        let reply = self.play.opponent_moved(m, None);
        self.excluded.clear();
        if matches!(self.mode, Mode::Playing(_)) {
            if let Some(o) = claimable(self.game()) {
                self.cancel();
                self.send(Reply::Result(o));
                return;
            }
            self.offer_draw_if_drawn();
        }
        if let crate::play::Reply::PonderHit(Some(update)) = reply {
            self.on_update(update);
        }
    }

    fn offer_draw_if_drawn(&mut self) {
        if matches!(self.game().outcome(), Some(Outcome::Draw(_))) {
            self.send(Reply::OfferDraw);
        }
    }

    fn hint(&mut self) {
        if let Some(m) = self.play.predicted() {
            self.send(Reply::Hint(m));
        }
    }

    fn book(&mut self) {
        let pos = self.game().position().clone();
        let lines: Vec<String> = match self.play.engine().book() {
            None => vec!["no opening book".into()],
            Some(book) => {
                let mut entries: Vec<_> =
                    book.entries(&pos).iter().filter(|e| pos.is_legal(e.mv)).cloned().collect();
                entries.sort_by_key(|e| std::cmp::Reverse(e.weight));
                let total: u64 = entries.iter().map(|e| u64::from(e.weight)).sum();
                if entries.is_empty() {
                    vec!["no book moves in this position".into()]
                } else {
                    entries
                        .iter()
                        .map(|e| {
                            let pct = u64::from(e.weight) * 100 / total.max(1);
                            let mark = match e.mark {
                                Some(crate::notation::Annotation::Good) => " !",
                                Some(crate::notation::Annotation::Bad) => " ?",
                                None => "",
                            };
                            format!(
                                "{} weight {} ({pct}%){mark}",
                                format_xboard_move(e.mv),
                                e.weight
                            )
                        })
                        .collect()
                }
            }
        };
        for l in lines {
            self.send(Reply::BookLine(l));
        }
        self.send(Reply::BookEnd);
    }

    fn status(&mut self) {
        if let Some(p) = self.play.progress()
            && p.task == Task::Analyze
        {
            let (nodes, depth) = p.last.map_or((0, 0), |i| (i.nodes, i.depth));
            let reply = Reply::Stat {
                elapsed: p.started.elapsed(),
                nodes,
                depth,
                left: 0,
                total: p.root_moves,
            };
            self.send(reply);
        }
    }

    fn pause(&mut self) {
        if self.paused {
            return;
        }
        self.paused = true;
        if let Some(p) = self.play.progress()
            && p.task == Task::Move
        {
            // XBoard stops the clock; what was used so far stays used.
            let used = p.clock_start.elapsed();
            let side = self.engine_side();
            self.play.clocks.take(side, used);
        }
        self.cancel();
    }

    fn select(&mut self, sel: Selection, exclude: bool, line: &str) {
        match sel {
            Selection::All => {
                self.excluded =
                    if exclude { legal_moves(self.game().position()) } else { Vec::new() };
            }
            Selection::Move { mv, .. } => match mv.to_move(self.game().position()) {
                Ok(m) => {
                    if exclude {
                        if !self.excluded.contains(&m) {
                            self.excluded.push(m);
                        }
                    } else {
                        self.excluded.retain(|&x| x != m);
                    }
                }
                Err(e) => {
                    self.error(&format!("no such move, {e}"), line);
                    return;
                }
            },
        }
        if self.mode == Mode::Analyzing {
            self.cancel();
        }
    }

    fn edit_line(&mut self, line: &str) {
        if line.trim().is_empty() {
            return;
        }
        let Some(cmd) = parse_edit_line(line) else {
            self.error("bad edit command", line);
            return;
        };
        let Some(st) = &mut self.edit else { return };
        match cmd {
            EditCommand::ChangeColor => st.color = !st.color,
            EditCommand::Clear => {
                st.setup.board = [None; 81];
                st.setup.hands = [Hand::EMPTY; 2];
            }
            EditCommand::Place { kind, square } => {
                st.setup.set(square, Some(Piece::new(st.color, kind)));
            }
            EditCommand::Empty(square) => st.setup.set(square, None),
            EditCommand::Hand { kind, count } => {
                let hand = &mut st.setup.hands[st.color.index()];
                match hand.with_count(kind, count) {
                    Some(h) => *hand = h,
                    None => self.error("too many pieces in hand", line),
                }
            }
            EditCommand::Done => {
                if let Some(st) = self.edit.take() {
                    match Position::from_setup(&st.setup) {
                        Ok(p) => {
                            self.start_game(p);
                        }
                        Err(e) => self.refuse_position(&reply::position_error(&e)),
                    }
                }
                self.resume_play();
            }
        }
    }

    /// Stops any search (on quit or end of input).
    pub fn shutdown(&mut self) {
        self.cancel();
    }

    /// Stops the running search, if any, and forgets it.
    pub(super) fn cancel(&mut self) {
        self.play.cancel();
    }
}
