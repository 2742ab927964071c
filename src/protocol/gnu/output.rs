//! What the interpreter says and shows, through its display: replies, refusals and news
//! (each message with its kind, control characters escaped), setting confirmations, the
//! board, the prompt, and the move number the displays print.

use super::Interp;
use super::display::MoveNumber;
use super::display::{self, BoardState, MessageKind, Surface};
use crate::rules::Color;
use crate::rules::Move;

impl<D: Surface> Interp<'_, D> {
    pub(super) fn people(&self) -> bool {
        self.out.for_people()
    }

    /// An answer to a command.
    pub(super) fn reply(&mut self, text: &str) {
        self.out.message(MessageKind::Reply, &display::printable(text));
    }

    /// A refusal or a failure: nothing changed.
    pub(super) fn error(&mut self, text: &str) {
        self.out.message(MessageKind::Error, &display::printable(text));
    }

    /// News of the game: a mate, the end.
    pub(super) fn news(&mut self, text: &str) {
        self.out.message(MessageKind::News, &display::printable(text));
    }

    /// A reply for people only.
    pub(super) fn note(&mut self, text: &str) {
        if self.people() {
            self.reply(text);
        }
    }

    /// A setting changed: `name: value`, one form for every setting, for people only.
    pub(super) fn confirm(&mut self, name: &str, value: &str) {
        self.note(&format!("{name}: {value}"));
    }

    /// After a move: with `showboard`, the board with the move's destination marked.
    pub(super) fn board_after_move(&mut self, mv: Move) {
        if self.shown.showboard {
            let b = BoardState {
                pos: self.play.game().position(),
                clocks: &self.play.clocks,
                view: self.shown.view,
            };
            self.out.board_after_move(b, mv.to());
        }
    }

    /// The position or the view changed.
    pub(super) fn redraw(&mut self) {
        let b = BoardState {
            pos: self.play.game().position(),
            clocks: &self.play.clocks,
            view: self.shown.view,
        };
        self.out.changed(b);
    }

    pub(super) fn show_board(&mut self) {
        let b = BoardState {
            pos: self.play.game().position(),
            clocks: &self.play.clocks,
            view: self.shown.view,
        };
        self.out.board(b);
    }

    /// The prompt, when the interpreter waits for a move.
    pub(super) fn show_prompt(&mut self) {
        if !self.play.thinking()
            && self.reading.queued.is_empty()
            && self.reading.for_commands()
            && self.end.is_none()
            && !self.reading.eof
        {
            self.prompt_line();
        }
    }

    /// The prompt for a move, or for a command once the game is over.
    pub(super) fn prompt_line(&mut self) {
        if self.log.outcome.is_some() {
            self.out.command_prompt();
        } else {
            self.out.prompt();
        }
    }

    /// The number of the move made at `ply` (0: the first of the record).
    pub(super) fn move_number_at(&self, ply: usize) -> MoveNumber {
        let first_white = self.play.game().start().side_to_move() == Color::White;
        let half = ply + usize::from(first_white);
        MoveNumber {
            number: u32::try_from(half / 2 + 1).unwrap_or(u32::MAX),
            side: if half.is_multiple_of(2) { Color::Black } else { Color::White },
        }
    }
}
