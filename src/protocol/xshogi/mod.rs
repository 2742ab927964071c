//! The X display (default, `-X`): the xshogi dialect, switching to CECP on `xboard` and to
//! USI on `usi`.

use super::{Event, Session};
use crate::cli::Config;
use std::io::Write;
use std::process::ExitCode;

pub fn run<W: Write>(mut session: Session<W>, _config: &Config) -> ExitCode {
    if session.send(&format!("GNU Shogi {}", crate::VERSION)).is_err() {
        return ExitCode::SUCCESS;
    }
    while let Ok(event) = session.events.recv() {
        match event {
            Event::Eof => break,
            Event::Line(l) => match l.trim() {
                "xboard" => return super::cecp::run(session),
                "usi" => return super::usi::run(session),
                "quit" | "exit" => break,
                _ => {}
            },
            Event::Engine(_) => {}
        }
    }
    ExitCode::SUCCESS
}
