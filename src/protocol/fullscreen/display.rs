//! The full-screen display: what the interpreter tells it (messages, long output, questions,
//! the search), kept for the screen to draw with the game.

use super::screen::Overlay;
use crate::protocol::gnu::board::{self, Status};
use crate::protocol::gnu::display::{BoardState, MessageKind, MoveNumber, Surface};
use crate::rules::Move;
use crate::search::{Bound, SearchInfo, SearchResult};
use std::collections::VecDeque;

/// Messages kept for the screen.
const LOG_KEPT: usize = 200;
/// The title of long output, until the command that printed it names it.
pub(super) const OUTPUT: &str = "Output";

/// What the interpreter tells the full-screen display; the screen draws it with the game.
#[derive(Default)]
pub struct Screen {
    pub(super) log: VecDeque<(String, MessageKind)>,
    pub(super) overlay: Option<Overlay>,
    /// The question the next line answers (`depth = `).
    pub(super) question: String,
    /// The latest iteration of the search.
    pub(super) info: Option<SearchInfo>,
    /// A bell is due (after the computer's move, with `beep` on).
    pub(super) bell: bool,
    /// The whole terminal is to be drawn again (`bd`, Ctrl-L, a resize).
    pub(super) repaint: bool,
    /// Lines logged since the start.
    pub(super) logged: usize,
    /// The size of the screen last drawn (columns, rows): how much a reply may take before
    /// it is shown over the board, and the width replies are laid out for.
    pub(super) size: std::cell::Cell<(usize, usize)>,
}

impl Screen {
    pub(super) fn log(&mut self, text: &str, kind: MessageKind) {
        for line in text.lines() {
            self.log.push_back((line.to_string(), kind));
            self.logged += 1;
        }
        while self.log.len() > LOG_KEPT {
            self.log.pop_front();
        }
    }

    pub fn messages(&self) -> impl Iterator<Item = &str> {
        self.log.iter().map(|(t, _)| t.as_str())
    }
}

impl Surface for Screen {
    fn start(&mut self, _: BoardState<'_>) {}

    fn message(&mut self, kind: MessageKind, text: &str) {
        self.log(text, kind);
    }

    /// The messages and the pages over the board keep a column free on each side.
    fn columns(&self) -> Option<usize> {
        Some(self.size.get().0.saturating_sub(2))
    }

    fn text(&mut self, text: &str) {
        let lines = text.lines().map(str::to_string).collect();
        self.overlay = Some(Overlay { title: OUTPUT.into(), lines, narrow: None, scroll: 0 });
    }

    fn changed(&mut self, _: BoardState<'_>) {}

    fn board(&mut self, _: BoardState<'_>) {
        self.repaint = true;
    }

    fn prompt(&mut self) {}

    fn ask(&mut self, question: &str) {
        self.question = question.to_string();
    }

    fn help(&mut self, status: &Status) {
        const INTRO: &str = "Type a move (7g7f, P7f, 2d2c+, P*5e, Gi5h) or a command, then Enter.";
        const KEYS: [(&str, &str, &str, &str); 3] = [
            ("kanji", "Japanese piece names on/off", "bd or Ctrl-L", "draw the screen again"),
            ("Up/Down", "earlier command lines", "Esc", "clear the line"),
            ("Ctrl-C", "quit at once", "Ctrl-D", "end (on an empty line)"),
        ];
        let mut lines = vec![INTRO.to_string()];
        lines.extend(KEYS.iter().map(|(a, b, c, d)| format!("{a:<10}{b:<30}{c:<15}{d}")));
        lines.push(String::new());
        lines.extend(board::help(status).lines().map(str::to_string));
        let mut narrow = vec![INTRO.to_string()];
        let keys = KEYS.iter().flat_map(|(a, b, c, d)| [(a, b), (c, d)]);
        narrow.extend(keys.map(|(key, what)| format!("{key:<14}{what}")));
        narrow.push(String::new());
        narrow.extend(board::help_one_column(status).lines().map(str::to_string));
        let title = "Help".into();
        self.overlay = Some(Overlay { title, lines, narrow: Some(narrow), scroll: 0 });
    }

    fn thinking(&mut self, info: &SearchInfo, _post: bool) {
        self.info = Some(info.clone());
    }

    /// The last search's line becomes the one played: the move and the line it came from.
    fn searched(&mut self, mv: Move, result: &SearchResult) {
        if result.book {
            self.info = None;
            return;
        }
        let pv = if result.pv.first() == Some(&mv) { result.pv.clone() } else { vec![mv] };
        self.info = Some(SearchInfo {
            depth: result.depth,
            seldepth: result.depth,
            score: result.score,
            bound: Bound::Exact,
            nodes: result.nodes,
            time: result.time,
            hashfull: 0,
            pv,
            multipv: 1,
        });
    }

    fn computer_moved(&mut self, _n: u32, _at: MoveNumber, _mv: &str, _clock: i64) {}

    fn my_move(&mut self, mv: &str, beep: bool) {
        self.log(&format!("My move is: {mv}"), MessageKind::News);
        self.bell |= beep;
    }
}
