//! GNU Shogi's raw text mode (`-R`), for people at a terminal.

use super::{Event, Session};
use crate::cli::Config;
use std::io::Write;
use std::process::ExitCode;

pub fn run<W: Write>(session: Session<W>, _config: &Config) -> ExitCode {
    while let Ok(event) = session.events.recv() {
        match event {
            Event::Eof => break,
            Event::Line(l) if matches!(l.trim(), "quit" | "exit") => break,
            _ => {}
        }
    }
    ExitCode::SUCCESS
}
