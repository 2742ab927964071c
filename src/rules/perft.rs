//! Perft: counting the leaves of the legal move tree, the oracle for move generation.

use super::moves::{Move, MoveList};
use super::position::Position;

/// Number of leaf nodes `depth` plies below `pos` (bulk-counted at the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().map(|m| perft(&pos.played(m), depth - 1)).sum()
}

/// Perft of each root move, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|m| (m, if depth <= 1 { 1 } else { perft(&pos.played(m), depth - 1) }))
        .collect()
}
