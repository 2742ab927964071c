//! GNU Shogi's command interpreter: the raw text mode (`-R`) for people, the xshogi dialect
//! of the X display (see [`super::xshogi`]) and the full-screen mode (see
//! [`super::fullscreen`]). The interpreter decides what happens; each mode's [`Surface`](display::Surface)
//! decides how it looks.
//!
//! One loop reads [`Event`](crate::play::Event)s: input lines and engine events arrive on one channel, in order,
//! so the computer thinks while input is read. Any input during the computer's search makes
//! it move at once (as the original); the line is then handled. Commands that ask for a
//! value (`depth`, `level`, `save`, …) take it from the same line or prompt for it.
//!
//! `interp.rs` holds the loop and the command dispatch, `state.rs` the parts of its state
//! (who plays which side, what is shown, the search settings, the original's settings that
//! change nothing here, the game's bookkeeping, what the input is read for); [`command`]
//! parses a line, and the commands' work is split by kind: `thinking.rs` (the computer's
//! searches), `play.rs` (the user's moves, new games, undo), `settings.rs`, `strength.rs`,
//! `files.rs`, `editor.rs` (`edit`, `setup`), `analyse.rs` and `diagnostics.rs` (`p`,
//! `debug`, `test`, `moves`); `output.rs` says and draws things through the display.
//! [`display`] is what the interpreter shows, [`board`] how the text displays draw it.
//!
//! Where this differs from the original on purpose (its bugs, fixed):
//! - a mate, repetition or other end the user's move causes is announced, in every mode;
//!   moves after the end are refused with a message, and `undo`/`remove` reopen the game;
//! - for people the end is the final board and one line saying who won and what to type
//!   next, then a command prompt; the computer's moves carry the game's move numbers
//!   (`12. 7g7f`, `12. ... 3c3d`), `switch` draws the board after the move, and with no
//!   clocks running the board's clock line shows the time used;
//! - `depth` does not turn the clock off: the search stops at the depth or the time,
//!   whichever comes first (what the man page says);
//! - `new` also resets the clocks, and keeps the user's toggles (`post`, `beep`, …);
//! - `help` tells what each command really does; `p` labels colours correctly; `hint` is
//!   not spoilt by pondering or stale after `edit`; `setup` does not swallow a line;
//! - in raw mode a move for the side the computer plays is refused with a hint (`go`,
//!   `force`) instead of being taken as the opponent's;
//! - `easy` toggles in raw mode (the man page) but in the X display it means "no
//!   pondering", which is what xshogi's init string intends;
//! - `material`, `rcptr`, `xwndw`, `Awindow`, `Bwindow` and `hashdepth` are accepted and say
//!   plainly that they change nothing in this program; `random` reseeds the book choices;
//! - `xget` sets the side to move from the file, and `xsave` writes the real side to move;
//! - every setting confirms its value in one form (`depth: 3`) and refuses a value out of its
//!   range in one form; a command typed at a question is done, not taken as the answer;
//!   `undo` says that the sides changed; input echoed in a message has its control
//!   characters escaped;
//! - added: `sfen`, `setsfen SFEN`, `moves` (the legal moves), `showboard`, file names on the
//!   command's line (`save FILE`), `list [FILE]`, `handicap NAME` (a handicap game, the
//!   computer giving it and opening at once; `new` repeats the kind).

mod analyse;
pub mod board;
pub mod command;
mod diagnostics;
pub mod display;
mod editor;
mod files;
mod interp;
mod output;
mod play;
mod settings;
mod state;
mod strength;
mod thinking;

pub use display::Thinking;
pub use interp::{Interp, Link};
pub use state::Waiting;

use super::terminal::Input;
use super::{LoopEnd, Session, hand_over};
use crate::config::Config;
use display::RawDisplay;
use std::io::Write;
use std::process::ExitCode;

/// Runs the raw text mode until `quit` or the end of input, reading `input`: plain lines, or
/// the line editor on a terminal (which then shows the prompts and completes the commands
/// and the legal moves; the session's output is then the editor's).
pub fn run<W: Write>(mut session: Session<W>, config: &Config, input: Input) -> ExitCode {
    let editor = input.start(&session.sender);
    let typed = editor.is_some();
    let (link, out) = Link::split(&mut session);
    let end = Interp::new(link, config, RawDisplay::with_editor(out, editor)).run();
    hand_over_after(session, end, typed)
}

/// Hands the session on as [`hand_over`] does. After the line editor (`typed`), CECP or USI,
/// if next, read plain lines (as their programs send them; the editor has stopped).
pub(crate) fn hand_over_after<W: Write>(
    session: Session<W>,
    end: LoopEnd,
    typed: bool,
) -> ExitCode {
    if typed && end != LoopEnd::Quit {
        super::spawn_reader(std::io::BufReader::new(std::io::stdin()), session.sender.clone());
    }
    hand_over(session, end)
}
