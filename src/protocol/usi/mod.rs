//! USI, for modern shogi GUIs and tournament tools (issue: "USI protocol").

use super::{Event, Session};
use std::io::Write;
use std::process::ExitCode;

/// Runs USI after the `usi` command has been read (or from the start with `--usi`).
pub fn run<W: Write>(session: Session<W>) -> ExitCode {
    while let Ok(event) = session.events.recv() {
        match event {
            Event::Eof => break,
            Event::Line(l) if l.trim() == "quit" => break,
            _ => {}
        }
    }
    ExitCode::SUCCESS
}
