//! The X display (default, `-X`): the xshogi dialect, switching to CECP on `xboard` and to
//! USI on `usi`.
//!
//! It is the text mode's interpreter ([`super::text`]) with the X display: the banner
//! `GNU Shogi <version>` first (xshogi refuses a program without it), 40 moves in 5 minutes
//! unless the command line says otherwise, no board and no prompt, `time`/`otime` answered
//! with one line each, the computer's moves as `N. ... MOVE CLOCK` (its clock in ms) and the
//! user's echoed as `N. MOVE CLOCK`.

use super::Session;
use super::text::{Dialect, Interp, hand_over};
use crate::cli::Config;
use std::io::Write;
use std::process::ExitCode;

pub fn run<W: Write>(mut session: Session<W>, config: &Config) -> ExitCode {
    if session.send(&format!("GNU Shogi {}", crate::VERSION)).is_err() {
        return ExitCode::SUCCESS;
    }
    let end = Interp::new(&mut session, config, Dialect::X).run();
    hand_over(session, end)
}
