//! Looking at the position: the legal moves, what pieces are worth, the speed test.

use super::Interp;
use super::display::Surface;
use crate::rules::{Color, MoveList, Piece, PieceKind, Position, Square};
use std::time::Instant;

impl<D: Surface> Interp<'_, D> {
    pub(super) fn list_moves(&mut self) {
        let mut list = MoveList::new();
        self.play.game().position().legal_moves(&mut list);
        let mut moves: Vec<String> = list.iter().map(|m| m.to_string()).collect();
        moves.sort();
        let side = self.play.game().position().side_to_move().name();
        let noun = if moves.len() == 1 { "move" } else { "moves" };
        self.reply(&format!("{} legal {noun} for {side}:", moves.len()));
        for chunk in moves.chunks(12) {
            self.reply(&chunk.join(" "));
        }
    }

    /// `p`: what each piece is worth where it stands: the evaluation (from its owner's view)
    /// with the piece minus without it.
    pub(super) fn piece_values(&mut self) {
        let pos = self.play.game().position().clone();
        let cells: Vec<Vec<String>> = (1..=9u8)
            .map(|rank| {
                (1..=9u8)
                    .rev()
                    .map(|file| {
                        let sq = Square::new(file, rank).expect("on the board");
                        let Some(p) = pos.piece_at(sq) else { return "*".to_string() };
                        let letter = if p.color() == Color::Black { 'b' } else { 'w' };
                        match piece_worth(&pos, sq, p) {
                            Some(v) => format!("{v}{letter}"),
                            None => format!("?{letter}"),
                        }
                    })
                    .collect()
            })
            .collect();
        // Right-aligned columns as wide as the widest value, a space apart.
        let width = cells.iter().flatten().map(String::len).max().unwrap_or(1);
        let mut t = String::new();
        for row in &cells {
            let row: Vec<String> = row.iter().map(|c| format!("{c:>width$}")).collect();
            t.push_str(&row.join(" "));
            t.push('\n');
        }
        let side = pos.side_to_move();
        t.push_str(&format!(
            "score {} material {} (for {}, the side to move; b = Black's piece, w = White's)\n",
            crate::eval::evaluate(&pos),
            crate::eval::material(&pos),
            side.name()
        ));
        self.out.text(&t);
    }

    /// `debug`: the value of one piece on every empty square.
    pub(super) fn debug_piece(&mut self, piece: Piece) {
        let pos = self.play.game().position().clone();
        let base = pos.to_setup();
        let mut t = String::new();
        for rank in 1..=9u8 {
            for file in (1..=9u8).rev() {
                let sq = Square::new(file, rank).expect("on the board");
                let mut s = base.clone();
                if s.piece_at(sq).is_some() {
                    t.push_str("    * ");
                    continue;
                }
                s.set(sq, Some(piece));
                match Position::from_setup(&s) {
                    Ok(with) => {
                        let v = view_of(&with, piece.color()) - view_of(&pos, piece.color());
                        t.push_str(&format!("{v:5} "));
                    }
                    Err(_) => t.push_str("    - "),
                }
            }
            t.push('\n');
        }
        self.out.text(&t);
    }

    pub(super) fn speed_test(&mut self) {
        let pos = self.play.game().position().clone();
        let mut list = MoveList::new();
        let mut lines = Vec::new();
        // Runs `f` `n` times; it returns the nodes it made.
        let mut time = |name: &str, n: u32, f: &mut dyn FnMut() -> u64| {
            lines.push(format!("Testing {name} Speed"));
            let t = Instant::now();
            let mut count = 0;
            for _ in 0..n {
                count += f();
            }
            let s = t.elapsed().as_secs_f64().max(1e-9);
            lines.push(format!("Nodes = {count} Nodes/sec = {}", (count as f64 / s) as u64));
        };
        time("MoveList", 20_000, &mut || {
            list.clear();
            pos.legal_moves(&mut list);
            list.len() as u64
        });
        time("CaptureList", 30_000, &mut || {
            list.clear();
            pos.legal_captures(&mut list);
            list.len() as u64
        });
        let mut sink = 0i64;
        time("Eval", 15_000, &mut || {
            sink = sink.wrapping_add(i64::from(crate::eval::evaluate(&pos)));
            1
        });
        for l in lines {
            self.reply(&l);
        }
    }
}

/// The evaluation from `color`'s view.
fn view_of(pos: &Position, color: Color) -> i32 {
    let v = crate::eval::evaluate(pos);
    if pos.side_to_move() == color { v } else { -v }
}

/// The evaluation with the piece minus without it, from its owner's view (`None` for a king
/// or when the position without it is impossible).
fn piece_worth(pos: &Position, sq: Square, piece: Piece) -> Option<i32> {
    if piece.kind() == PieceKind::King {
        return None;
    }
    let mut s = pos.to_setup();
    s.set(sq, None);
    let without = Position::from_setup(&s).ok()?;
    Some(view_of(pos, piece.color()) - view_of(&without, piece.color()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_worth_is_positive_for_a_rook() {
        let pos = Position::startpos();
        let sq = Square::new(2, 8).unwrap();
        let rook = pos.piece_at(sq).unwrap();
        assert!(piece_worth(&pos, sq, rook).unwrap() > 300);
    }
}
