//! The board editors: `edit` (piece by piece) and `setup` (nine lines of squares).

use super::Interp;
use super::display::Surface;
use super::state::Editor;
use crate::game::Game;
use crate::notation::{board, usi};
use crate::rules::{Color, Piece, PieceKind, Position, Setup, Square};

impl<D: Surface> Interp<'_, D> {
    pub(super) fn start_edit(&mut self) {
        self.abandon_search();
        self.show_board();
        self.reply(".   Exit to main");
        self.reply("#   Clear board");
        self.reply("c   Change sides");
        self.reply("(p3b places a Black pawn on 3b, p3b+ a tokin, p* one in hand, -3b empties 3b)");
        self.reply("enter piece & location: ");
        self.reading.editor =
            Some(Editor { setup: self.play.game().position().to_setup(), color: Color::Black });
    }

    pub(super) fn edit_input(&mut self, line: &str) {
        for token in line.split_whitespace() {
            if self.reading.editor.is_none() {
                return;
            }
            self.edit_token(token);
        }
    }

    pub(super) fn edit_token(&mut self, token: &str) {
        let Some(ed) = self.reading.editor.as_mut() else {
            return;
        };
        let chars: Vec<char> = token.chars().collect();
        match chars.as_slice() {
            ['.'] => {
                let setup = ed.setup.clone();
                match Position::from_setup(&setup) {
                    Ok(pos) => {
                        self.reading.editor = None;
                        self.set_game(Game::new(pos), Vec::new());
                        self.show_board();
                    }
                    Err(e) => self.error(&format!(
                        "This position cannot be played ({e}); go on editing (# clears)"
                    )),
                }
            }
            ['#'] => {
                ed.setup.board = [None; 81];
                ed.setup.hands = Default::default();
            }
            ['c'] | ['C'] => ed.color = !ed.color,
            ['-', f, r] => match square_of(*f, *r) {
                Some(sq) => ed.setup.set(sq, None),
                None => self.error(&format!("Out-of-board position '{f}{r}'")),
            },
            [l, '*'] => match PieceKind::from_letter(l.to_ascii_uppercase()) {
                Some(k) if k.is_hand_kind() => {
                    let c = ed.color.index();
                    let n = ed.setup.hands[c].count(k);
                    match ed.setup.hands[c].with_count(k, n + 1) {
                        Some(h) => ed.setup.hands[c] = h,
                        None => self.error(&format!("No more {}s fit in a hand", k.name())),
                    }
                }
                _ => self.error(&format!("Invalid piece type '{l}'")),
            },
            [l, f, r, rest @ ..] | ['+', l, f, r, rest @ ..]
                if rest.is_empty() || rest == ['+'] =>
            {
                let promoted = chars[0] == '+' || rest == ['+'];
                let Some(kind) = PieceKind::from_letter(l.to_ascii_uppercase()) else {
                    self.error(&format!("Invalid piece type '{l}'"));
                    return;
                };
                let Some(sq) = square_of(*f, *r) else {
                    self.error(&format!("Out-of-board position '{f}{r}'"));
                    return;
                };
                let kind = if promoted {
                    match kind.promote() {
                        Some(k) => k,
                        None => {
                            self.error(&format!("A {} cannot be promoted", kind.name()));
                            return;
                        }
                    }
                } else {
                    kind
                };
                ed.setup.set(sq, Some(Piece::new(ed.color, kind)));
            }
            _ => self.error(&format!("Not understood: '{token}' (p3b, p3b+, p*, -3b, #, c, .)")),
        }
    }

    pub(super) fn finish_setup(&mut self, rows: &[String]) {
        let mut setup = Setup::default();
        for (i, row) in rows.iter().enumerate() {
            let chars: Vec<char> = row.chars().collect();
            for j in 0..9 {
                let sq = Square::new(9 - j as u8, i as u8 + 1).expect("on the board");
                let piece = chars.get(j).and_then(|&c| board::parse_piece_letter(c, true));
                setup.set(sq, piece);
            }
        }
        match Position::from_setup(&setup) {
            Ok(pos) => {
                self.abandon_search();
                self.set_game(Game::new(pos), Vec::new());
                self.seats.computer = Color::White;
                self.seats.force = false;
                self.redraw();
                self.reply("Setup successful");
            }
            Err(e) => self.error(&format!("Setup failed: {e}; the game is unchanged")),
        }
    }
}

fn square_of(f: char, r: char) -> Option<Square> {
    usi::parse_square(&String::from_iter([f, r]))
}
