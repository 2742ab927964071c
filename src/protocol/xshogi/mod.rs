//! The X display (default, `-X`): the xshogi dialect, switching to CECP on `xboard` and to
//! USI on `usi`.
//!
//! It is the text mode's interpreter ([`super::gnu`]) with the X display: the banner
//! `GNU Shogi <version>` first (xshogi refuses a program without it), 40 moves in 5 minutes
//! unless the command line says otherwise, no board and no prompt, `time`/`otime` answered
//! with one line each, the computer's moves as `N. ... MOVE CLOCK` (its clock in ms) and the
//! user's echoed as `N. MOVE CLOCK`.

use super::Session;
use super::gnu::board::{self, Status};
use super::gnu::display::{
    BoardState, Checked, MessageKind, MoveNumber, Prompter, Surface, write_flush, write_line,
};
use super::gnu::{Interp, Link, hand_over_after};
use super::terminal::Input;
use crate::config::Config;
use crate::engine::clock::Clocks;
use crate::rules::Color;
use crate::search::SearchInfo;
use std::io::Write;
use std::process::ExitCode;

/// Runs the dialect until `quit`, the end of input or a switch to CECP or USI, reading
/// `input`: plain lines (xshogi's), or the line editor of the dialect typed at a terminal
/// (history, completion, the dialect's questions as its prompts; what is printed is the same).
pub fn run<W: Write>(mut session: Session<W>, config: &Config, input: Input) -> ExitCode {
    let editor = input.start(&session.sender);
    let typed = editor.is_some();
    if session.send(&format!("GNU Shogi {}", crate::VERSION)).is_err() {
        return ExitCode::SUCCESS;
    }
    let (link, out) = Link::split(&mut session);
    let prompter = editor.map(Prompter::new);
    let end = Interp::new(link, config, XDisplay { out: Checked::new(out), prompter }).run();
    hand_over_after(session, end, typed)
}

/// xshogi's dialect: replies and errors, the board only on `bd`, clocks in milliseconds.
struct XDisplay<'w, W: Write> {
    out: Checked<'w, W>,
    /// On a terminal: the line editor.
    prompter: Option<Prompter>,
}

impl<W: Write> Surface for XDisplay<'_, W> {
    fn for_people(&self) -> bool {
        false
    }

    fn start(&mut self, _: BoardState<'_>) {}

    fn message(&mut self, _: MessageKind, text: &str) {
        write_line(&mut self.out, text);
    }

    fn text(&mut self, text: &str) {
        write_flush(&mut self.out, text);
    }

    fn changed(&mut self, _: BoardState<'_>) {}

    fn board(&mut self, b: BoardState<'_>) {
        write_flush(&mut self.out, &format!("\n{}", board::draw(b.pos, b.clocks, b.view)));
    }

    fn prompt(&mut self) {}

    fn ask(&mut self, question: &str) {
        match &mut self.prompter {
            Some(p) => p.set_prompt(question),
            None => write_flush(&mut self.out, question),
        }
    }

    fn prompter(&mut self) -> Option<&mut Prompter> {
        self.prompter.as_mut()
    }

    fn help(&mut self, status: &Status) {
        write_flush(&mut self.out, &board::help(status));
    }

    fn thinking(&mut self, _: &SearchInfo, _: bool) {}

    fn computer_moved(&mut self, n: u32, _: MoveNumber, mv: &str, clock: i64) {
        write_line(&mut self.out, &format!("{n}. ... {mv} {}", clock * 10));
    }

    fn my_move(&mut self, _: &str, _: bool) {}

    fn user_moved(&mut self, n: u32, typed: &str, clock: i64) {
        write_line(&mut self.out, &format!("{n}. {typed} {}", clock * 10));
    }

    fn level_set(&mut self, clocks: &Clocks) {
        let (b, w) = (clocks.remaining(Color::Black) * 10, clocks.remaining(Color::White) * 10);
        write_line(&mut self.out, &format!("Clocks: {b} {w}"));
    }

    fn gone(&self) -> bool {
        self.out.failed()
    }

    fn time_set(&mut self, name: &str, centis: i64, moves: u32) {
        write_line(&mut self.out, &format!("{name} {centis} {moves}"));
    }
}
