//! What the interpreter shows, and how: the interpreter decides what happens, a [`Surface`]
//! decides what it looks like. The raw text mode prints to its output ([`RawDisplay`]), the
//! X display speaks xshogi's dialect (`super::super::xshogi`), and the full-screen mode
//! draws a terminal screen (`super::super::fullscreen`).

use super::board::{self, Status, View};
use super::command::COMMANDS;
use crate::engine::clock::Clocks;
use crate::notation::text::{format_book_move, format_coordinate};
use crate::protocol::terminal::LineEditor;
use crate::rules::{Color, Move, MoveList, Position, Square};
use crate::search::{SearchInfo, SearchResult};
use std::borrow::Cow;
use std::io::Write;

/// The board as a display draws it.
#[derive(Copy, Clone)]
pub struct BoardState<'b> {
    pub pos: &'b Position,
    pub clocks: &'b Clocks,
    pub view: View,
}

/// What the computer's search is for, as a display shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Thinking {
    /// Its move.
    Move,
    /// On the opponent's time, expecting this move.
    Ponder(Move),
}

/// Where a move stands in the game, counted from the position the game began at: Black's
/// and White's moves of a pair share a number (`12. 7g7f`, `12. ... 3c3d` in the text mode).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    pub number: u32,
    pub side: Color,
}

/// What a message is, chosen where the interpreter says it, so that a display can set it
/// apart (the full-screen display colours errors and news).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// An answer to a command, or a note.
    Reply,
    /// A refusal or a failure: the line changed nothing.
    Error,
    /// News of the game: the computer's move, a mate, the end.
    News,
}

/// The interpreter's output.
pub trait Surface {
    /// People read this display (raw text, full screen): they get notes, prompts,
    /// explanations and the board after each change. A program (xshogi) gets none of these,
    /// and some commands mean what xshogi intends (`easy`, `force`).
    fn for_people(&self) -> bool {
        true
    }

    /// The interpreter starts.
    fn start(&mut self, board: BoardState<'_>);

    /// A reply, announcement or error: one line.
    fn message(&mut self, kind: MessageKind, text: &str);

    /// The columns a line may take before the display wraps it: `None` for a terminal or a
    /// program that takes lines as they come; replies laid out in columns (`analyse`) are
    /// made to fit it.
    fn columns(&self) -> Option<usize> {
        None
    }

    /// Several lines as they are (tables, lists); each ends with a newline.
    fn text(&mut self, text: &str);

    /// The position or the view changed (new, undo, a file read, reverse, …).
    fn changed(&mut self, board: BoardState<'_>);

    /// `bd` and the board editor: the board, on every display.
    fn board(&mut self, board: BoardState<'_>);

    /// The interpreter waits for a move or a command.
    fn prompt(&mut self);

    /// The game is over: the interpreter waits for a command (`new`, `undo`, …), not a move.
    fn command_prompt(&mut self) {
        self.prompt();
    }

    /// A question; the next line answers it.
    fn ask(&mut self, question: &str);

    /// `help`: the commands and the settings.
    fn help(&mut self, status: &Status);

    /// One iteration of a search (`post`: the user asked to see them).
    fn thinking(&mut self, info: &SearchInfo, post: bool);

    /// The computer played its `n`-th move since `new`, `mv`, the game's move `at`; `clock`
    /// is its time left in centiseconds.
    fn computer_moved(&mut self, n: u32, at: MoveNumber, mv: &str, clock: i64);

    /// After the computer's move (before the end of the game, if it ended it).
    fn my_move(&mut self, mv: &str, beep: bool);

    /// The search that chose the computer's move `mv`: the line played, which a level below
    /// full strength may have chosen over the search's best.
    fn searched(&mut self, _mv: Move, _result: &SearchResult) {}

    /// The user's `n`-th move, as typed, was played; `clock` is the user's time left.
    fn user_moved(&mut self, _n: u32, _typed: &str, _clock: i64) {}

    /// `level` set a new time control.
    fn level_set(&mut self, clocks: &Clocks) {
        self.message(MessageKind::Reply, &format!("level: {}", clocks.describe()));
    }

    /// `showboard` is on and a move was played, to `to`. Only the text display draws it:
    /// the full screen always shows the board, and xshogi draws its own.
    fn board_after_move(&mut self, _board: BoardState<'_>, _to: Square) {}

    /// `time` or `otime` set a clock.
    fn time_set(&mut self, _name: &str, _centis: i64, _moves: u32) {}

    /// The output can no longer be written (its reader has gone): the interpreter ends.
    fn gone(&self) -> bool {
        false
    }

    /// On a terminal: the line editor that reads the input and draws the prompts.
    fn prompter(&mut self) -> Option<&mut Prompter> {
        None
    }
}

/// A writer that remembers a failed write, so that a display knows when its reader has gone
/// (a broken pipe) and the program can end quietly instead of talking to no one.
pub struct Checked<'w, W: Write> {
    inner: &'w mut W,
    failed: bool,
}

impl<'w, W: Write> Checked<'w, W> {
    pub fn new(inner: &'w mut W) -> Checked<'w, W> {
        Checked { inner, failed: false }
    }

    pub fn failed(&self) -> bool {
        self.failed
    }

    fn note<T>(&mut self, r: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &r
            && e.kind() != std::io::ErrorKind::Interrupted
        {
            self.failed = true;
        }
        r
    }
}

impl<W: Write> Write for Checked<'_, W> {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(data);
        self.note(r)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.note(r)
    }
}

/// The line editor of a display on a terminal: it draws the prompts and reads the lines,
/// completing the commands and the legal moves.
pub struct Prompter {
    editor: LineEditor,
    /// The prompt shown with the next line read.
    prompt: String,
}

impl Prompter {
    pub fn new(editor: LineEditor) -> Prompter {
        editor.set_words(|w| w.commands = COMMANDS.iter().map(|c| c.to_string()).collect());
        Prompter { editor, prompt: String::new() }
    }

    /// `prompt` is shown with the next line read.
    pub fn set_prompt(&mut self, prompt: &str) {
        self.prompt = prompt.to_string();
    }

    /// Reads the next line, unless one is being read: Tab completes the moves of `pos`.
    pub fn ready(&mut self, pos: &Position) {
        if self.editor.reading() {
            return;
        }
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        self.editor.set_words(|w| {
            w.moves = list.iter().map(format_coordinate).collect();
            w.other_moves = list.iter().map(|m| format_book_move(pos, m)).collect();
        });
        self.editor.read(&std::mem::take(&mut self.prompt));
    }

    pub fn arrived(&mut self) {
        self.editor.arrived();
    }
}

/// The raw text mode (`-R`): the original's board, prompts and messages, as plain text.
pub struct RawDisplay<'w, W: Write> {
    out: Checked<'w, W>,
    /// On a terminal: the line editor, which draws the prompts.
    prompter: Option<Prompter>,
}

impl<'w, W: Write> RawDisplay<'w, W> {
    pub fn new(out: &'w mut W) -> RawDisplay<'w, W> {
        RawDisplay { out: Checked::new(out), prompter: None }
    }

    /// On a terminal, `editor` reads the lines, shows the prompts and completes the commands
    /// and the legal moves.
    pub(crate) fn with_editor(out: &'w mut W, editor: Option<LineEditor>) -> RawDisplay<'w, W> {
        RawDisplay { out: Checked::new(out), prompter: editor.map(Prompter::new) }
    }

    /// Shows a prompt: written out, or left for the line editor to draw.
    fn show_prompt(&mut self, before: &str, prompt: &str) {
        match &mut self.prompter {
            Some(p) => {
                write_flush(&mut self.out, before);
                p.set_prompt(prompt);
            }
            None => write_flush(&mut self.out, &format!("{before}{prompt}")),
        }
    }
}

/// Text with its unprintable characters written as escapes (`\x1b`, `\u{85}`): input is
/// echoed in messages, and a raw escape sequence (an arrow key's) would move the cursor or
/// change the terminal instead of being seen.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut t = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            c if !c.is_control() => t.push(c),
            c if c.is_ascii() => t.push_str(&format!("\\x{:02x}", u32::from(c))),
            c => t.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
        }
    }
    Cow::Owned(t)
}

/// Writes text as it is and flushes it (people wait for it).
pub(crate) fn write_flush<W: Write>(out: &mut W, text: &str) {
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// Writes one line and flushes it.
pub(crate) fn write_line<W: Write>(out: &mut W, text: &str) {
    let _ = out.write_all(text.as_bytes());
    let _ = out.write_all(b"\n");
    let _ = out.flush();
}

impl<W: Write> Surface for RawDisplay<'_, W> {
    fn start(&mut self, b: BoardState<'_>) {
        write_flush(&mut self.out, "\n");
        self.changed(b);
    }

    fn message(&mut self, _: MessageKind, text: &str) {
        write_line(&mut self.out, text);
    }

    fn text(&mut self, text: &str) {
        write_flush(&mut self.out, text);
    }

    fn changed(&mut self, b: BoardState<'_>) {
        write_flush(&mut self.out, &board::draw(b.pos, b.clocks, people(b.view)));
    }

    fn board(&mut self, b: BoardState<'_>) {
        write_flush(&mut self.out, &format!("\n{}", board::draw(b.pos, b.clocks, people(b.view))));
    }

    fn prompt(&mut self) {
        self.show_prompt("\n", "Your move is? ");
    }

    fn command_prompt(&mut self) {
        self.show_prompt("\n", "Your command? ");
    }

    fn ask(&mut self, question: &str) {
        self.show_prompt("", question);
    }

    fn prompter(&mut self) -> Option<&mut Prompter> {
        self.prompter.as_mut()
    }

    fn help(&mut self, status: &Status) {
        write_flush(&mut self.out, &board::help(status));
    }

    fn thinking(&mut self, info: &SearchInfo, post: bool) {
        if post {
            write_line(&mut self.out, &board::thinking_line(info));
        }
    }

    fn computer_moved(&mut self, _n: u32, at: MoveNumber, mv: &str, _clock: i64) {
        // People read the game's move number; `...` marks White's move of the pair.
        let gap = if at.side == Color::White { " ..." } else { "" };
        write_line(&mut self.out, &format!("{}.{gap} {mv}", at.number));
    }

    fn gone(&self) -> bool {
        self.out.failed()
    }

    fn my_move(&mut self, mv: &str, beep: bool) {
        let bell = if beep { "\x07" } else { "" };
        write_line(&mut self.out, &format!("My move is: {mv}{bell}"));
    }

    fn board_after_move(&mut self, b: BoardState<'_>, to: Square) {
        let board = board::draw_marked(b.pos, b.clocks, people(b.view), Some(to));
        write_flush(&mut self.out, &board);
    }
}

/// The board as the text mode draws it for people: running clocks say they are time left.
fn people(view: View) -> View {
    View { time_left_label: true, ..view }
}
