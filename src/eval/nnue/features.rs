//! The network's input features, from one side's view (its *perspective*: the board turned
//! round for White, pieces named own or enemy): every piece other than a king at its exact
//! offset from the perspective's own king (the king-relative terms the linear table learnt;
//! the offsets from the enemy king are the other perspective's), and on its square; each
//! king's square; each hand kind held, counted one feature per piece (a thermometer). About
//! 80 of the 9 858 are active in a position.
//!
//! A feature's value depends on the piece and its perspective's king alone, so the
//! accumulators follow a move by adding and removing a few rows (`accumulator.rs`).

use crate::eval::folded::FINE;
use crate::eval::layout::{FINE_OFFSETS, kind13, oriented};
use crate::rules::{Color, PieceKind, Position, Square};

/// Pieces other than kings by owner (own, enemy) and kind: 2 × 13.
const PIECE_KINDS: usize = 26;
/// Offset from the perspective's own king.
const OWN_RELATIVE: usize = 0;
/// The piece's square.
const SQUARE: usize = OWN_RELATIVE + PIECE_KINDS * FINE_OFFSETS;
/// Own king's square, then the enemy king's.
const KINGS: usize = SQUARE + PIECE_KINDS * 81;
/// Hand pieces by owner, kind and count.
const HANDS: usize = KINGS + 2 * 81;
/// The most pieces of each hand kind (`PieceKind::HAND` order) one hand can hold: the
/// length of each hand kind's thermometer.
pub const HAND_MAX: [usize; 7] = [18, 4, 4, 4, 2, 2, 4];
/// Where each hand kind's thermometer starts within one owner's hand features.
const HAND_START: [usize; 7] = {
    let mut s = [0; 7];
    let mut i = 1;
    while i < 7 {
        s[i] = s[i - 1] + HAND_MAX[i - 1];
        i += 1;
    }
    s
};
const HAND_FEATURES: usize = HAND_START[6] + HAND_MAX[6];
/// Number of input features of one perspective.
pub const FEATURES: usize = HANDS + 2 * HAND_FEATURES;
/// At most this many features are active in one perspective (40 pieces, two each).
pub const MAX_ACTIVE: usize = 40 * 2 + 2 + 2 * HAND_FEATURES;

/// The features a piece of `color` and `kind` (not a king) on `sq` gives `perspective`,
/// whose king stands on `own_king` (as on the board; it may be missing).
#[inline(always)]
pub fn piece_features(
    perspective: Color,
    own_king: Option<Square>,
    color: Color,
    kind: PieceKind,
    sq: Square,
    out: &mut impl Extend<u16>,
) {
    let piece = usize::from(color != perspective) * 13 + kind13(kind);
    let at = oriented(perspective, sq);
    if let Some(k) = own_king {
        // The offset's index read from the table the linear evaluation keeps for it.
        let offset = usize::from(FINE[perspective.index()][k.index()][sq.index()]);
        let f = OWN_RELATIVE + piece * FINE_OFFSETS + offset;
        out.extend([f as u16]);
    }
    out.extend([(SQUARE + piece * 81 + at.index()) as u16]);
}

/// The feature of `color`'s king on `sq`, for `perspective`.
#[inline(always)]
pub fn king_feature(perspective: Color, color: Color, sq: Square) -> u16 {
    (KINGS + usize::from(color != perspective) * 81 + oriented(perspective, sq).index()) as u16
}

/// The feature of the `count`th piece (from 1) of hand kind `hand_index` (`PieceKind::HAND`
/// order) held by `color`, for `perspective`.
#[inline(always)]
pub fn hand_feature(perspective: Color, color: Color, hand_index: usize, count: usize) -> u16 {
    let owner = usize::from(color != perspective);
    (HANDS + owner * HAND_FEATURES + HAND_START[hand_index] + count - 1) as u16
}

/// Every active feature of `pos` from `perspective`'s view, appended to `out`.
#[inline(always)]
pub fn active_features(pos: &Position, perspective: Color, out: &mut impl Extend<u16>) {
    let own_king = pos.king_square(perspective);
    for color in Color::ALL {
        if let Some(k) = pos.king_square(color) {
            out.extend([king_feature(perspective, color, k)]);
        }
    }
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            if kind == PieceKind::King {
                continue;
            }
            for sq in pos.pieces(color, kind) {
                piece_features(perspective, own_king, color, kind, sq, out);
            }
        }
        let hand = pos.hand(color);
        for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
            let n = (hand.count(kind) as usize).min(HAND_MAX[i]);
            out.extend((1..=n).map(|c| hand_feature(perspective, color, i, c)));
        }
    }
}
