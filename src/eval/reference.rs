//! The reference evaluation: every term written once, into an [`Accumulator`] that sums the
//! weights or, for the tuner, traces the coefficients.

use super::layout::{
    FINE_OFFSETS, P_DANGER_ATTACK, P_DANGER_BASE, P_DANGER_DEFENDED, P_DANGER_HAND,
    P_DANGER_NO_ESCAPE, P_ENEMY_FINE, P_ENEMY_KING, P_HAND, P_HAND_FIRST, P_KING_SQUARE,
    P_MOBILITY, P_OWN_FINE, P_OWN_KING, P_PAWN_DROP_FILE, P_PIECE, P_RANK, P_TEMPO, P_THREAT,
    REL_BUCKETS, fine_offset, kind13, rel_bucket,
};
use crate::rules::{Bitboard, Color, PieceKind, Position, attacks};

/// The quadratic king-danger penalty is `units² / DANGER_DIVISOR`.
pub const DANGER_DIVISOR: i32 = 16;

/// Where an evaluation's terms go: a plain sum, or a trace of coefficients for the tuner.
pub trait Accumulator {
    /// A linear term: `coefficient × PARAMS[index]`, for `color` (Black positive).
    fn linear(&mut self, color: Color, index: usize, coefficient: i32);
    /// A king-danger unit term for the king of `color`.
    fn danger(&mut self, color: Color, index: usize, coefficient: i32);
}

/// Sums the terms with a parameter table.
pub struct Sum<'a> {
    params: &'a [i32],
    linear: i32,
    danger: [i32; 2],
}

impl Accumulator for Sum<'_> {
    #[inline]
    fn linear(&mut self, color: Color, index: usize, coefficient: i32) {
        let v = self.params[index] * coefficient;
        self.linear += if color == Color::Black { v } else { -v };
    }

    #[inline]
    fn danger(&mut self, color: Color, index: usize, coefficient: i32) {
        self.danger[color.index()] += self.params[index] * coefficient;
    }
}

#[inline]
pub(super) fn is_big(kind: PieceKind) -> bool {
    matches!(kind, PieceKind::Bishop | PieceKind::Rook | PieceKind::Horse | PieceKind::Dragon)
}

/// Evaluates `pos` into `acc`, from Black's point of view (linear terms) plus per-king danger.
pub fn evaluate_into<A: Accumulator>(pos: &Position, acc: &mut A) {
    let occ = pos.occupied();
    let mut attacked = [Bitboard::EMPTY; 2];
    let mut attacked_by_small = [Bitboard::EMPTY; 2];
    let mut attacked_not_by_king = [Bitboard::EMPTY; 2];
    // Danger units from enemy attacks on each king's zone are gathered in the piece loop.
    let zones = [
        pos.king_square(Color::Black).map_or(Bitboard::EMPTY, attacks::king_attacks),
        pos.king_square(Color::White).map_or(Bitboard::EMPTY, attacks::king_attacks),
    ];

    for color in Color::ALL {
        let own_king = pos.king_square(color);
        let enemy_king = pos.king_square(!color);
        let enemy_zone = zones[(!color).index()];
        let own = pos.pieces_of(color);
        for sq in own {
            let kind = pos.piece_at(sq).expect("occupied").kind();
            let a = attacks::attacks(color, kind, sq, occ);
            attacked[color.index()] |= a;
            if kind == PieceKind::King {
                if let Some(k) = own_king {
                    let edge = (k.file().min(10 - k.file()) - 1) as usize;
                    acc.linear(
                        color,
                        P_KING_SQUARE + edge * 9 + k.relative_rank(color) as usize - 1,
                        1,
                    );
                }
                continue;
            }
            attacked_not_by_king[color.index()] |= a;
            if !is_big(kind) {
                attacked_by_small[color.index()] |= a;
            }
            let k13 = kind13(kind);
            acc.linear(color, P_PIECE + kind.index(), 1);
            acc.linear(color, P_RANK + k13 * 9 + sq.relative_rank(color) as usize - 1, 1);
            if let Some(k) = own_king {
                acc.linear(color, P_OWN_KING + k13 * REL_BUCKETS + rel_bucket(color, sq, k), 1);
                acc.linear(color, P_OWN_FINE + k13 * FINE_OFFSETS + fine_offset(color, sq, k), 1);
            }
            if let Some(k) = enemy_king {
                acc.linear(color, P_ENEMY_KING + k13 * REL_BUCKETS + rel_bucket(color, sq, k), 1);
                acc.linear(color, P_ENEMY_FINE + k13 * FINE_OFFSETS + fine_offset(color, sq, k), 1);
            }
            let mobility = match kind {
                PieceKind::Lance => Some(0),
                PieceKind::Bishop => Some(1),
                PieceKind::Rook => Some(2),
                PieceKind::Horse => Some(3),
                PieceKind::Dragon => Some(4),
                _ => None,
            };
            if let Some(m) = mobility {
                acc.linear(color, P_MOBILITY + m, (a & !own).count() as i32);
            }
            let hits = (a & enemy_zone).count() as i32;
            if hits > 0 {
                acc.danger(!color, P_DANGER_ATTACK + kind.index(), hits);
            }
        }
        let hand = pos.hand(color);
        for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
            let n = hand.count(kind) as i32;
            if n > 0 {
                acc.linear(color, P_HAND + i, n);
                acc.linear(color, P_HAND_FIRST + i, 1);
                acc.danger(!color, P_DANGER_HAND + i, 1);
            }
        }
        if hand.has(PieceKind::Pawn) {
            let open = 9 - pos.pieces(color, PieceKind::Pawn).files_occupied().count() as i32 / 9;
            acc.linear(color, P_PAWN_DROP_FILE, open);
        }
    }

    for color in Color::ALL {
        let them = !color;
        // King danger of `color`'s king: escapes and own control.
        if pos.king_square(color).is_some() {
            let zone = zones[color.index()];
            let own = pos.pieces_of(color);
            let escapes = (zone & !own & !attacked[them.index()]).count() as i32;
            if escapes < 3 {
                acc.danger(color, P_DANGER_NO_ESCAPE, 3 - escapes);
            }
            // Own control of the zone, not counting the king itself.
            let defended = (zone & attacked_not_by_king[color.index()]).count() as i32;
            acc.danger(color, P_DANGER_DEFENDED, defended);
            acc.danger(color, P_DANGER_BASE, 1);
        }
        // Threats against `color`'s pieces.
        let own = pos.pieces_of(color) & !pos.pieces_of_kind(PieceKind::King);
        let hanging = own & attacked[them.index()] & !attacked[color.index()];
        let mut big = Bitboard::EMPTY;
        for kind in [PieceKind::Bishop, PieceKind::Rook, PieceKind::Horse, PieceKind::Dragon] {
            big |= pos.pieces(color, kind);
        }
        let major_threats = (big & (hanging | attacked_by_small[them.index()])).count() as i32;
        let minor_threats = (hanging & !big).count() as i32;
        let offset = if color == pos.side_to_move() { 0 } else { 2 };
        acc.linear(color, P_THREAT + offset, minor_threats);
        acc.linear(color, P_THREAT + offset + 1, major_threats);
    }
    acc.linear(pos.side_to_move(), P_TEMPO, 1);
}

/// The king-danger penalty for a unit count.
#[inline]
pub fn danger_penalty(units: i32) -> i32 {
    let u = units.max(0);
    u * u / DANGER_DIVISOR
}

/// Evaluates with a given parameter table, from the side to move's view.
pub fn evaluate_with(pos: &Position, params: &[i32]) -> i32 {
    let mut sum = Sum { params, linear: 0, danger: [0, 0] };
    evaluate_into(pos, &mut sum);
    let black = sum.linear - danger_penalty(sum.danger[0]) + danger_penalty(sum.danger[1]);
    if pos.side_to_move() == Color::Black { black } else { -black }
}
