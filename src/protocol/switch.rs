//! The change of dialect: the GNU interpreter ends on `xboard` or `usi`, and its session
//! goes on in CECP or USI.

use super::Session;
use super::{cecp, usi};

/// Why the GNU interpreter stopped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LoopEnd {
    Quit,
    /// `xboard` was read: CECP takes over.
    Xboard,
    /// `usi` was read: USI takes over.
    Usi,
}

/// Passes the session to the protocol the interpreter's last command asked for.
pub fn hand_over<W: std::io::Write>(session: Session<W>, end: LoopEnd) -> std::process::ExitCode {
    match end {
        LoopEnd::Quit => std::process::ExitCode::SUCCESS,
        LoopEnd::Xboard => cecp::run(session),
        LoopEnd::Usi => usi::run(session),
    }
}
