//! The move type and a fixed-capacity move list.

use super::types::{PieceKind, Square};
use std::fmt;
use std::num::NonZeroU16;

/// A move: a board move (with or without promotion) or a drop.
///
/// Packed in 16 bits: bits 0–6 destination, bits 7–13 origin (or the dropped kind), bit 14
/// promotion, bit 15 drop. The value is never zero, so `Option<Move>` is also 16 bits.
/// A `Move` says nothing about legality: it becomes legal only in a position that accepts it.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

const PROMOTE: u16 = 1 << 14;
const DROP: u16 = 1 << 15;

impl Move {
    #[inline]
    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        let bits =
            to.index() as u16 | (from.index() as u16) << 7 | if promote { PROMOTE } else { 0 };
        match NonZeroU16::new(bits) {
            Some(v) => Move(v),
            // from == to == 1a without promotion; no caller builds that, keep it non-zero anyway.
            None => Move(match NonZeroU16::new(PROMOTE) {
                Some(v) => v,
                None => unreachable!(),
            }),
        }
    }

    /// A drop of `kind` (a hand kind) onto `to`.
    #[inline]
    pub const fn drop(kind: PieceKind, to: Square) -> Move {
        let bits = to.index() as u16 | (kind.index() as u16) << 7 | DROP;
        match NonZeroU16::new(bits) {
            Some(v) => Move(v),
            None => unreachable!(),
        }
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0.get() & 0x7f) as usize)
    }

    /// Origin square, `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<Square> {
        if self.is_drop() { None } else { Some(self.origin_unchecked()) }
    }

    /// Origin square of a board move (meaningless for a drop).
    #[inline]
    pub(crate) const fn origin_unchecked(self) -> Square {
        Square::from_index_unchecked(((self.0.get() >> 7) & 0x7f) as usize)
    }

    #[inline]
    pub const fn is_drop(self) -> bool {
        self.0.get() & DROP != 0
    }

    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0.get() & PROMOTE != 0
    }

    /// The dropped kind, `None` for a board move.
    #[inline]
    pub const fn drop_kind(self) -> Option<PieceKind> {
        if self.is_drop() {
            PieceKind::from_index(((self.0.get() >> 7) & 0x7f) as usize)
        } else {
            None
        }
    }

    /// The packed 16-bit form (for tables and books).
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.0.get()
    }

    /// Unpacks a 16-bit form; `None` if it is not a well-formed move.
    pub fn from_u16(bits: u16) -> Option<Move> {
        let to = (bits & 0x7f) as usize;
        let from = ((bits >> 7) & 0x7f) as usize;
        if to >= 81 {
            return None;
        }
        if bits & DROP != 0 {
            if bits & PROMOTE != 0 || from >= 7 {
                return None;
            }
        } else if from >= 81 || from == to {
            return None;
        }
        NonZeroU16::new(bits).map(Move)
    }
}

impl fmt::Display for Move {
    /// USI notation: `7g7f`, `2d2c+`, `P*5e`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.drop_kind() {
            Some(kind) => write!(f, "{}*{}", kind.base_letter(), self.to()),
            None => {
                write!(f, "{}{}", self.origin_unchecked(), self.to())?;
                if self.is_promotion() {
                    f.write_str("+")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Where a generator puts its moves: a [`MoveList`], a `Vec<Move>`, or a counter.
pub trait MoveSink {
    fn push(&mut self, m: Move);
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
}

/// Counts moves without storing them (perft's last ply).
#[derive(Default)]
pub struct MoveCounter(pub usize);

impl MoveSink for MoveCounter {
    #[inline]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
}

/// Enough for any legal position (the known maximum is 593 legal moves).
pub const MAX_MOVES: usize = 600;

/// A list of moves on the stack.
#[derive(Clone)]
pub struct MoveList {
    moves: [Option<Move>; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    #[inline]
    pub const fn new() -> MoveList {
        MoveList { moves: [None; MAX_MOVES], len: 0 }
    }

    #[inline]
    pub fn push(&mut self, m: Move) {
        // A full list means a generator bug; dropping moves beats overflowing the stack.
        if self.len < MAX_MOVES {
            self.moves[self.len] = Some(m);
            self.len += 1;
        }
    }

    #[inline]
    pub const fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub fn get(&self, i: usize) -> Option<Move> {
        if i < self.len { self.moves[i] } else { None }
    }

    pub fn contains(&self, m: Move) -> bool {
        self.iter().any(|x| x == m)
    }

    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves[..self.len].iter().flatten().copied()
    }

    /// Swaps two entries (for move ordering).
    #[inline]
    pub fn swap(&mut self, a: usize, b: usize) {
        self.moves[..self.len].swap(a, b);
    }

    /// Keeps only the moves for which `keep` is true, preserving order.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            if let Some(m) = self.moves[i]
                && keep(m)
            {
                self.moves[n] = Some(m);
                n += 1;
            }
        }
        self.len = n;
    }

    pub fn to_vec(&self) -> Vec<Move> {
        self.iter().collect()
    }
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
