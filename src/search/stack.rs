//! The search stack: what each ply of the current path keeps for the plies below it.

use super::MAX_PLY;
use crate::rules::{Move, Position, Square};
use std::ops::{Index, IndexMut};

/// One ply of the path.
#[derive(Clone, Copy, Default)]
pub(super) struct Ply {
    /// The node's corrected static evaluation (-INFINITE in check).
    pub(super) eval: i32,
    /// Quiet moves that cut at this ply, the latest first.
    pub(super) killers: [Option<Move>; 2],
    /// Piece code and destination of the move played from this ply (None for a null move or
    /// the root's parent), for counter moves and the continuation history.
    pub(super) moved: Option<(usize, Square)>,
    pub(super) null_move: bool,
    /// A move left out of this node's search (singular extension verification).
    pub(super) excluded: Option<Move>,
}

/// Every ply of the path, from the root (0) down; a few spare plies past `MAX_PLY`.
pub(super) struct Stack(Vec<Ply>);

impl Stack {
    pub(super) fn new() -> Stack {
        Stack(vec![Ply::default(); MAX_PLY + 8])
    }

    /// Records `m` (`None`: the null move), played at `ply` to reach `child`.
    #[inline]
    pub(super) fn played(&mut self, ply: usize, m: Option<Move>, child: &Position) {
        self.0[ply].moved = m.and_then(|m| child.piece_at(m.to()).map(|p| (p.code(), m.to())));
    }

    /// Piece code and destination of the moves one and two plies before `ply`'s node.
    #[inline]
    pub(super) fn previous_moves(&self, ply: usize) -> [Option<(usize, Square)>; 2] {
        [1, 2].map(|back| if ply >= back { self.0[ply - back].moved } else { None })
    }

    /// Piece code and destination of the move that led to `ply`'s node.
    #[inline]
    pub(super) fn previous_move(&self, ply: usize) -> Option<(usize, Square)> {
        if ply == 0 { None } else { self.0[ply - 1].moved }
    }

    /// Remembers `m`, a quiet move that cut at `ply`, as its first killer.
    #[inline]
    pub(super) fn add_killer(&mut self, ply: usize, m: Move) {
        let killers = &mut self.0[ply].killers;
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
    }
}

impl Index<usize> for Stack {
    type Output = Ply;

    #[inline]
    fn index(&self, ply: usize) -> &Ply {
        &self.0[ply]
    }
}

impl IndexMut<usize> for Stack {
    #[inline]
    fn index_mut(&mut self, ply: usize) -> &mut Ply {
        &mut self.0[ply]
    }
}
