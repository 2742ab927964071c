//! The line editor of the text mode on a terminal: the reader thread owns a rustyline
//! [`Editor`] and sends the same [`Event`]s as [`spawn_reader`](crate::play::spawn_reader) (Ctrl-D
//! is the end of input; Ctrl-C at the prompt clears the line; Ctrl-C while no line is read,
//! the computer thinking, is [`Event::Interrupt`]). The front end asks for each line with
//! its prompt ([`LineEditor::read`]), as a prompt can only be drawn by the editor, and
//! prints through [`EditorOutput`], rustyline's external printer, so that a message never
//! garbles the line being typed. What the completer offers is a shared [`Words`] the front
//! end updates. On anything but a terminal none of this runs.

use crate::play::{Event, MAX_LINE, TOO_LONG_SHOWN};
use crate::protocol::signals;
use nix::sys::termios::{LocalFlags, SetArg, Termios, tcgetattr, tcsetattr};
use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::FileHistory;
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Context, Editor, ExternalPrinter, Helper};
use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};

/// Most lines kept in the history file.
const HISTORY_LINES: usize = 1000;

/// What Tab completes, kept up to date by the front end.
#[derive(Clone, Debug, Default)]
pub struct Words {
    /// The commands, offered for the first word of a line.
    pub commands: Vec<String>,
    /// The legal moves of the position, as the player types them.
    pub moves: Vec<String>,
    /// The same moves in another notation, offered when none of `moves` fits what is typed.
    pub other_moves: Vec<String>,
}

impl Words {
    /// The words that complete `prefix`; `first`: it is the line's first word.
    fn completing(&self, prefix: &str, first: bool) -> Vec<String> {
        let fits = |w: &&String| w.starts_with(prefix);
        let commands = self.commands.iter().filter(|_| first);
        let mut found: Vec<String> = commands.chain(&self.moves).filter(fits).cloned().collect();
        if found.is_empty() {
            found = self.other_moves.iter().filter(fits).cloned().collect();
        }
        found.sort();
        found.dedup();
        found
    }
}

/// The editor's helper: completion only (no hints, colours or multi-line input).
struct Completion {
    words: Arc<Mutex<Words>>,
}

impl Completer for Completion {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let before = &line[..pos];
        let start = before.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let first = before[..start].trim().is_empty();
        let words = self.words.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        Ok((start, words.completing(&before[start..], first)))
    }
}

impl Hinter for Completion {
    type Hint = String;
}

impl Highlighter for Completion {}

impl Validator for Completion {}

impl Helper for Completion {}

/// The terminal's modes as the editor found them, put back when dropped (a SIGTERM may end
/// the program while the editor holds the terminal in raw mode).
struct Modes(Termios);

impl Drop for Modes {
    fn drop(&mut self) {
        let _ = tcsetattr(std::io::stdin(), SetArg::TCSADRAIN, &self.0);
    }
}

/// The front end's side of the line editor: asks for lines and sets what Tab completes.
/// Dropped, it puts the terminal back as it found it.
pub struct LineEditor {
    requests: Sender<String>,
    /// A line is being read (asked for, not yet arrived).
    reading: bool,
    words: Arc<Mutex<Words>>,
    _modes: Option<Modes>,
}

impl LineEditor {
    /// Reads the next line with `prompt`, unless a line is being read already.
    pub fn read(&mut self, prompt: &str) {
        if !self.reading {
            self.reading = self.requests.send(prompt.to_string()).is_ok();
        }
    }

    /// A line (or the end of input) asked for has arrived.
    pub fn arrived(&mut self) {
        self.reading = false;
    }

    pub fn reading(&self) -> bool {
        self.reading
    }

    /// Sets what Tab completes from now on.
    pub fn set_words(&self, update: impl FnOnce(&mut Words)) {
        update(&mut self.words.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
    }
}

/// The output of a front end with a line editor: what is written goes out at each flush, as
/// one message of rustyline's external printer (above the prompt while a line is read).
pub struct EditorOutput {
    printer: Box<dyn ExternalPrinter + Send>,
    pending: Vec<u8>,
}

impl Write for EditorOutput {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&self.pending).into_owned();
        self.pending.clear();
        self.printer.print(text).map_err(std::io::Error::other)
    }
}

/// A line editor set up on the terminal, its reader not yet started. Dropped, it puts the
/// terminal back as it found it.
pub struct Opened {
    editor: Editor<Completion, FileHistory>,
    history: Option<PathBuf>,
    words: Arc<Mutex<Words>>,
    modes: Option<Modes>,
}

/// Sets up the line editor when standard input and output are both a terminal rustyline
/// can drive (else `None`: the plain reader is used). The history is read from `history`
/// (its folder made if missing); a history that cannot be read or written is only lost.
pub fn open(history: Option<PathBuf>) -> Option<(Opened, EditorOutput)> {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return None;
    }
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .auto_add_history(false)
        .history_ignore_dups(true)
        .ok()?
        .max_history_size(HISTORY_LINES)
        .ok()?
        .build();
    let mut editor = Editor::with_config(config).ok()?;
    // A dumb terminal has no external printer: the plain reader then.
    let printer = editor.create_external_printer().ok()?;
    let words = Arc::new(Mutex::new(Words::default()));
    editor.set_helper(Some(Completion { words: words.clone() }));
    if let Some(path) = &history {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.load_history(path);
    }
    let output = EditorOutput { printer: Box::new(printer), pending: Vec::new() };
    let modes = tcgetattr(std::io::stdin()).ok();
    if let Some(modes) = &modes {
        // Between two lines (the computer thinking) keys typed are not echoed: they would
        // land in the middle of its output; the editor shows them once it reads the line.
        let mut quiet = modes.clone();
        quiet.local_flags.remove(LocalFlags::ECHO);
        let _ = tcsetattr(std::io::stdin(), SetArg::TCSADRAIN, &quiet);
    }
    let modes = modes.map(Modes);
    Some((Opened { editor, history, words, modes }, output))
}

impl Opened {
    /// Starts the reader thread, which sends lines on `tx` as they are asked for, and makes
    /// SIGINT (Ctrl-C while no line is read) an [`Event::Interrupt`].
    pub fn spawn(mut self, tx: Sender<Event>) -> LineEditor {
        let (requests, asked) = std::sync::mpsc::channel();
        let (words, modes) = (self.words.clone(), self.modes.take());
        signals::interrupt_as_event(tx.clone());
        std::thread::spawn(move || self.read_lines(&asked, &tx));
        LineEditor { requests, reading: false, words, _modes: modes }
    }

    fn read_lines(mut self, asked: &Receiver<String>, tx: &Sender<Event>) {
        for prompt in asked {
            let event = loop {
                match self.editor.readline(&prompt) {
                    Ok(line) => break self.line(line),
                    // Ctrl-C: the line is dropped, the same prompt again.
                    Err(ReadlineError::Interrupted) => continue,
                    // Ctrl-D on an empty line, or the terminal gone.
                    Err(_) => {
                        // The shell's prompt then starts on a line of its own.
                        let _ = writeln!(std::io::stdout());
                        break Event::Eof;
                    }
                }
            };
            let end = matches!(event, Event::Eof);
            if tx.send(event).is_err() || end {
                return;
            }
        }
    }

    /// A line read: kept in the history (and its file), refused whole when too long.
    fn line(&mut self, line: String) -> Event {
        if line.len() > MAX_LINE {
            let cut = (0..=TOO_LONG_SHOWN).rev().find(|&i| line.is_char_boundary(i)).unwrap_or(0);
            return Event::TooLong { start: line[..cut].to_string(), len: line.len() };
        }
        if !line.trim().is_empty()
            && self.editor.add_history_entry(line.as_str()).is_ok()
            && let Some(path) = &self.history
        {
            let _ = self.editor.append_history(path);
        }
        Event::Line(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completion_offers_commands_first_then_moves_then_the_other_notation() {
        let words = Words {
            commands: vec!["hint".into(), "help".into(), "quit".into()],
            moves: vec!["7g7f".into(), "7g7e".into(), "2h7h".into()],
            other_moves: vec!["P7g-7f".into(), "R2h-7h".into()],
        };
        assert_eq!(words.completing("h", true), ["help", "hint"]);
        assert_eq!(words.completing("h", false), Vec::<String>::new());
        assert_eq!(words.completing("7g", true), ["7g7e", "7g7f"]);
        assert_eq!(words.completing("P7", true), ["P7g-7f"]);
        assert_eq!(words.completing("x", true), Vec::<String>::new());
    }
}
