//! Static evaluation, in centipawns (100 = one pawn) from the side to move's point of view.
//!
//! The evaluation is a sum of terms whose weights live in one table ([`PARAMS`], `params.rs`), so that a
//! tuner can fit them to game results (see `examples/tune.rs`). Most terms are linear in
//! their weight; king danger is quadratic in a weighted count of threats. The terms:
//!
//! - material on the board, and in hand (worth more than on the board: a piece in hand can be
//!   dropped anywhere), with a bonus for holding at least one of a kind;
//! - piece placement relative to the piece's own king (defenders, castles) and to the enemy
//!   king (attackers): by file distance and rank offset, clamped to three, and again at the
//!   exact offset (a finer layer, learnt from many self-play positions);
//! - advancement by relative rank, and the king's own square;
//! - slider mobility;
//! - king danger: enemy pieces hitting the squares around the king, the pieces the enemy can
//!   drop, the king's free escape squares, and our own control around it;
//! - threats: our pieces attacked and undefended, or attacked by something cheaper;
//! - files open for a pawn drop; a bonus for the side to move.
//!
//! [`evaluate_into`] is the reference form (`reference.rs`), which the tuner traces;
//! [`evaluate`], which the search calls, computes the same sum with the weights folded into
//! lookups (`folded.rs`). A new term goes in both, and its weights in the table's layout
//! (`layout.rs`).

mod folded;
mod layout;
pub mod nnue;
mod params;
mod reference;

pub use folded::{Placement, PlacementStep, evaluate_placed};
pub use layout::{LAYOUT, NUM_PARAMS, P_HAND, P_PIECE, P_TEMPO, params_source};
pub use params::PARAMS;
pub use reference::{Accumulator, DANGER_DIVISOR, evaluate_into, evaluate_with};

use crate::rules::{Color, PieceKind, Position};

/// Board value of each kind (`PieceKind::index()` order), the first entries of the table.
pub const PIECE_VALUE: [i32; 14] = {
    let mut v = [0; 14];
    let mut i = 0;
    while i < 14 {
        v[i] = PARAMS[P_PIECE + i];
        i += 1;
    }
    v
};

/// Hand value of each hand kind (pawn..gold).
pub const HAND_VALUE: [i32; 7] = {
    let mut v = [0; 7];
    let mut i = 0;
    while i < 7 {
        v[i] = PARAMS[P_HAND + i];
        i += 1;
    }
    v
};

/// The static evaluation from the side to move's view, with the shipped table (the same
/// number as `evaluate_with(pos, &PARAMS)`, computed faster).
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    folded::evaluate(pos)
}

/// Material only (board and hand), from Black's view.
pub fn material(pos: &Position) -> i32 {
    let mut score = 0;
    for kind in PieceKind::ALL {
        score += PIECE_VALUE[kind.index()]
            * (pos.pieces(Color::Black, kind).count() as i32
                - pos.pieces(Color::White, kind).count() as i32);
    }
    for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
        score += HAND_VALUE[i]
            * (pos.hand(Color::Black).count(kind) as i32
                - pos.hand(Color::White).count(kind) as i32);
    }
    score
}
