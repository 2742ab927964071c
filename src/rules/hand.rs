//! Pieces in hand: a multiset of unpromoted, non-king pieces, packed in a `u32`.

use super::types::PieceKind;
use std::fmt;

/// Pieces held in hand by one side.
///
/// Counts are packed in bit fields with a guard bit above each, so that comparing two hands
/// ("does this hand hold at least as much of every kind as that one?") is one subtraction.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Hand(u32);

/// Bit offset of each hand kind's field, indexed by `PieceKind::index()` (Pawn..=Gold).
const SHIFT: [u32; 7] = [0, 8, 12, 16, 20, 24, 28];
/// Field widths allow 18 pawns, 4 lances/knights/silvers/golds, 2 bishops/rooks.
const MASK: [u32; 7] = [0x1f, 0x7, 0x7, 0x7, 0x3, 0x3, 0x7];
const GUARD: u32 = (1 << 5) | (1 << 11) | (1 << 15) | (1 << 19) | (1 << 22) | (1 << 26) | (1 << 31);

/// The most of each hand kind that exists in a set.
pub const MAX_IN_SET: [u32; 7] = [18, 4, 4, 4, 2, 2, 4];

impl Hand {
    pub const EMPTY: Hand = Hand(0);

    #[inline]
    pub const fn count(self, kind: PieceKind) -> u32 {
        let i = kind.index();
        debug_assert!(i < 7);
        (self.0 >> SHIFT[i]) & MASK[i]
    }

    #[inline]
    pub const fn has(self, kind: PieceKind) -> bool {
        self.count(kind) != 0
    }

    /// Adds one piece. `kind` must be a hand kind; the caller keeps counts within a set.
    #[inline]
    pub fn add(&mut self, kind: PieceKind) {
        debug_assert!(kind.is_hand_kind() && self.count(kind) < MASK[kind.index()]);
        self.0 += 1 << SHIFT[kind.index()];
    }

    /// Removes one piece. The hand must hold one.
    #[inline]
    pub fn remove(&mut self, kind: PieceKind) {
        debug_assert!(self.has(kind));
        self.0 -= 1 << SHIFT[kind.index()];
    }

    /// Sets a count; `None` if it does not fit the field.
    pub fn with_count(self, kind: PieceKind, n: u32) -> Option<Hand> {
        let i = kind.index();
        if !kind.is_hand_kind() || n > MAX_IN_SET[i] {
            return None;
        }
        Some(Hand((self.0 & !(MASK[i] << SHIFT[i])) | (n << SHIFT[i])))
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if this hand holds at least as many pieces of every kind as `other`.
    #[inline]
    pub const fn is_superior_or_equal(self, other: Hand) -> bool {
        self.0.wrapping_sub(other.0) & GUARD == 0
    }

    /// Total number of pieces.
    pub fn total(self) -> u32 {
        PieceKind::HAND.iter().map(|&k| self.count(k)).sum()
    }

    /// `(kind, count)` for each kind held, in `PieceKind::HAND` order.
    pub fn iter(self) -> impl Iterator<Item = (PieceKind, u32)> {
        PieceKind::HAND.into_iter().map(move |k| (k, self.count(k))).filter(|&(_, n)| n > 0)
    }

    /// The raw packed value (stable within a build; for hashing and compact storage).
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Hand(")?;
        for (k, n) in self.iter() {
            write!(f, "{n}{}", k.base_letter())?;
        }
        f.write_str(")")
    }
}
