//! XBoard / CECP protocol version 2: the engine XBoard users run.
//!
//! [`command`] parses each input line into a typed [`Command`](command::Command), [`state`]
//! acts on it (driving the engine on its own thread), and [`reply`] formats every line sent
//! back; the game, its clocks and the engine's searches are a [`crate::play::Match`].
//! [`options`] holds the engine options offered through `feature option`. The notes for
//! users are in `doc/cecp.md`.

pub mod command;
pub mod options;
pub mod reply;
pub mod state;

use super::Session;
use super::signals::{self, Ignored};
use state::{Cecp, Flow};
use std::io::Write;
use std::process::ExitCode;

/// Runs CECP after the `xboard` command has been read, until `quit` or the end of input.
pub fn run<W: Write>(session: Session<W>) -> ExitCode {
    signals::ignore(Ignored::Interrupt);
    let Session { events, out, play, .. } = session;
    let mut cecp = Cecp::with_match(out, play);
    while cecp.step(&events) == Flow::Continue {}
    cecp.shutdown();
    ExitCode::SUCCESS
}
