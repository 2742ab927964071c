//! Where the text modes (the raw text mode and the xshogi dialect) read and write: on a
//! terminal the line editor (`line_editor`: history, completion, the prompts drawn by it),
//! else lines read plainly on a thread of their own and standard output, byte for byte as
//! before the editor. The caller chooses ([`standard`], or [`Input::lines`] for any reader)
//! and hands the [`Input`] to the mode's `run`, which starts it.

mod line_editor;

pub use line_editor::{LineEditor, Words};

use crate::play::{Event, spawn_reader};
use line_editor::{EditorOutput, Opened};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc::Sender;

/// Where a text mode's lines come from.
pub enum Input {
    /// Lines read on a thread of their own: a pipe, a file, a test's input.
    Lines(Box<dyn BufRead + Send>),
    /// The line editor on a terminal, not yet reading.
    Editor(Box<Opened>),
}

impl Input {
    pub fn lines(input: impl BufRead + Send + 'static) -> Input {
        Input::Lines(Box::new(input))
    }

    /// Starts reading onto `sender`; the line editor comes back, as it reads a line only
    /// when asked for one (with its prompt).
    pub fn start(self, sender: &Sender<Event>) -> Option<LineEditor> {
        match self {
            Input::Lines(input) => {
                spawn_reader(input, sender.clone());
                None
            }
            Input::Editor(opened) => Some(opened.spawn(sender.clone())),
        }
    }
}

/// Where a text mode writes: standard output, or through the line editor, above the line
/// being typed.
pub enum Output {
    Plain(std::io::Stdout),
    Editor(EditorOutput),
}

impl Write for Output {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        match self {
            Output::Plain(out) => out.write(data),
            Output::Editor(out) => out.write(data),
        }
    }

    fn write_all(&mut self, data: &[u8]) -> std::io::Result<()> {
        match self {
            Output::Plain(out) => out.write_all(data),
            Output::Editor(out) => out.write_all(data),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Output::Plain(out) => out.flush(),
            Output::Editor(out) => out.flush(),
        }
    }
}

/// Standard input and output: the line editor when both are a terminal it can drive (its
/// history in `history`), else plain lines and standard output.
pub fn standard(history: Option<PathBuf>) -> (Input, Output) {
    match line_editor::open(history) {
        Some((opened, out)) => (Input::Editor(Box::new(opened)), Output::Editor(out)),
        None => (
            Input::lines(std::io::BufReader::new(std::io::stdin())),
            Output::Plain(std::io::stdout()),
        ),
    }
}
