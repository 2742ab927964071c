//! A set of squares in one `u128` (bits 0..81, file-major; see [`Square`]).

use super::types::{Color, Square};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

const BOARD_MASK: u128 = (1u128 << 81) - 1;

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(BOARD_MASK);

    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// All squares of one file (1..=9).
    #[inline]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(0x1ffu128 << ((file as u32 - 1) * 9))
    }

    /// All squares of one rank (1..=9, 1 is `a`).
    pub const fn rank(rank: u8) -> Bitboard {
        let mut bits = 0u128;
        let mut f = 0;
        while f < 9 {
            bits |= 1u128 << (f * 9 + rank as u32 - 1);
            f += 1;
        }
        Bitboard(bits)
    }

    /// Ranks `from..=to` (1..=9).
    pub const fn ranks(from: u8, to: u8) -> Bitboard {
        let mut bits = 0u128;
        let mut r = from;
        while r <= to {
            bits |= Bitboard::rank(r).0;
            r += 1;
        }
        Bitboard(bits)
    }

    /// The promotion zone of `color`.
    #[inline]
    pub const fn zone(color: Color) -> Bitboard {
        match color {
            Color::Black => ZONE_BLACK,
            Color::White => ZONE_WHITE,
        }
    }

    /// The `n` far ranks of `color` (1 = last rank, 2 = last two ranks, 3 = zone).
    #[inline]
    pub const fn far_ranks(color: Color, n: u8) -> Bitboard {
        match color {
            Color::Black => Bitboard::ranks(1, n),
            Color::White => Bitboard::ranks(10 - n, 9),
        }
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn is_nonempty(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True if more than one square is set.
    #[inline]
    pub(crate) const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as usize))
        }
    }

    /// The highest square, if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(127 - self.0.leading_zeros() as usize))
        }
    }

    /// The only square of a one-square set (the lowest if there are several).
    #[inline]
    pub fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.has_more_than_one() { self.first() } else { None }
    }

    #[inline]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1u128 << sq.index())
    }

    #[inline]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.index()))
    }

    #[inline]
    #[must_use]
    pub const fn and(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    #[inline]
    #[must_use]
    pub const fn or(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// Set of every file (as a whole file) that has at least one square in `self`.
    ///
    /// Without a loop over the files: a file's low eight squares plus eight ones carry into
    /// its ninth bit exactly when one of them is set (never further), so that bit, or'd with
    /// the ninth square itself, tells whether the file is occupied; times `0x1ff` it fills
    /// its file, and no product reaches the next file.
    #[inline]
    pub fn files_occupied(self) -> Bitboard {
        let bits = self.0 & BOARD_MASK;
        let flags = (((bits & !FILE_TOPS) + FILE_LOWS) | bits) & FILE_TOPS;
        Bitboard((flags >> 8) * 0x1ff)
    }

    /// Shift one rank towards rank `a` (sente's forward). Squares on rank `a` drop out.
    #[inline]
    #[must_use]
    pub const fn north(self) -> Bitboard {
        Bitboard((self.0 & !RANK_A.0) >> 1)
    }

    /// Shift one rank towards rank `i` (gote's forward). Squares on rank `i` drop out.
    #[inline]
    #[must_use]
    pub const fn south(self) -> Bitboard {
        Bitboard((self.0 & !RANK_I.0) << 1)
    }

    /// One rank forward for `color`.
    #[inline]
    #[must_use]
    pub const fn forward(self, color: Color) -> Bitboard {
        match color {
            Color::Black => self.north(),
            Color::White => self.south(),
        }
    }

    pub fn iter(self) -> BitboardIter {
        BitboardIter { low: self.0 as u64, high: (self.0 >> 64) as u64 }
    }
}

const RANK_A: Bitboard = Bitboard::rank(1);
/// The ninth square (rank `i`) of every file, and the other eight of every file.
const FILE_TOPS: u128 = Bitboard::rank(9).0;
const FILE_LOWS: u128 = Bitboard::ranks(1, 8).0;
const RANK_I: Bitboard = Bitboard::rank(9);
const ZONE_BLACK: Bitboard = Bitboard::ranks(1, 3);
const ZONE_WHITE: Bitboard = Bitboard::ranks(7, 9);

/// The squares of a set, lowest first. The set is kept as its two 64-bit halves: each step
/// then works on one machine word, where a 128-bit step costs two and a carry.
pub struct BitboardIter {
    low: u64,
    high: u64,
}

impl Iterator for BitboardIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = if self.low != 0 {
            let sq = self.low.trailing_zeros() as usize;
            self.low &= self.low - 1;
            sq
        } else if self.high != 0 {
            let sq = 64 + self.high.trailing_zeros() as usize;
            self.high &= self.high - 1;
            sq
        } else {
            return None;
        };
        Some(Square::from_index_unchecked(sq))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.low.count_ones() + self.high.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, |b, s| b.with(s))
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & BOARD_MASK)
    }
}

impl std::fmt::Debug for Bitboard {
    /// A 9×9 grid, rank `a` at the top, file 9 on the left.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f)?;
        for rank in 1..=9 {
            for file in (1..=9).rev() {
                let sq = Square::new(file, rank).expect("on board");
                f.write_str(if self.contains(sq) { " X" } else { " ." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
