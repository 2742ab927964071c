//! XBoard / CECP protocol version 2: the engine XBoard users run.
//!
//! [`command`] parses each input line into a typed [`Command`](command::Command), [`state`]
//! acts on it (driving the engine on its own thread), and [`reply`] formats every line sent
//! back. [`clock`] turns XBoard's time controls into search limits; [`options`] holds the
//! engine options offered through `feature option`. The notes for users are in `doc/cecp.md`.

pub mod clock;
pub mod command;
pub mod options;
pub mod reply;
pub mod state;

use super::Session;
use state::{Cecp, Flow};
use std::io::Write;
use std::process::ExitCode;
use std::sync::mpsc::RecvTimeoutError;
use std::time::Instant;

/// Runs CECP after the `xboard` command has been read, until `quit` or the end of input.
pub fn run<W: Write>(session: Session<W>) -> ExitCode {
    super::ignore_signal(signal_hook::consts::SIGINT);
    let Session { events, sender, out, engine } = session;
    let mut cecp = Cecp::new(out, engine, sender);
    loop {
        let event = match cecp.watchdog_deadline() {
            Some(due) => match events.recv_timeout(due.saturating_duration_since(Instant::now())) {
                Ok(event) => event,
                Err(RecvTimeoutError::Timeout) => {
                    if cecp.on_overdue() == Flow::Quit {
                        break;
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            },
            None => match events.recv() {
                Ok(event) => event,
                Err(_) => break,
            },
        };
        if cecp.on_event(event) == Flow::Quit {
            break;
        }
    }
    cecp.shutdown();
    ExitCode::SUCCESS
}
