//! The principal variations found below each ply of the current path.

use super::MAX_PLY;
use crate::rules::Move;

/// A triangular table: the line from each ply on, as the search below it found it.
pub(super) struct PvTable {
    lines: Vec<[Option<Move>; MAX_PLY + 1]>,
    /// Where each ply's line ends (its own ply when it is empty).
    len: [usize; MAX_PLY + 1],
}

impl PvTable {
    pub(super) fn new() -> PvTable {
        PvTable { lines: vec![[None; MAX_PLY + 1]; MAX_PLY + 1], len: [0; MAX_PLY + 1] }
    }

    /// Empties `ply`'s line, as a node starts its search.
    #[inline]
    pub(super) fn clear(&mut self, ply: usize) {
        self.len[ply] = ply;
    }

    /// `m`, then the line below it, becomes `ply`'s line.
    pub(super) fn update(&mut self, ply: usize, m: Move) {
        self.lines[ply][ply] = Some(m);
        let child_len = self.len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.lines[ply][i] = self.lines[ply + 1][i];
        }
        self.len[ply] = child_len;
    }

    /// The line found below `ply`'s node, from `ply + 1` on.
    pub(super) fn below(&self, ply: usize) -> impl Iterator<Item = Move> + '_ {
        let len = self.len[ply + 1].max(ply + 1);
        self.lines[ply + 1][ply + 1..len].iter().flatten().copied()
    }
}
