//! The small vocabulary of the game: colours, squares, piece kinds, pieces.

use std::fmt;
use std::num::NonZeroU8;

/// A side. `Black` is sente (moves first, shown at the bottom); `White` is gote.
///
/// These are the traditional shogi colour names used by GNU Shogi and xshogi.
/// XBoard calls sente "White": that renaming lives in the CECP front end only.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    #[must_use]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The GNU Shogi name: "Black" or "White".
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.flip()
    }
}

/// A square of the 9×9 board.
///
/// Files are numbered 1–9 from sente's right to left, ranks `a`–`i` from gote's side (top) to
/// sente's side (bottom), as in USI and GNU Shogi's own notation (`7g` is sente's bishop-side
/// pawn). The index is file-major: `(file - 1) * 9 + (rank - 1)`, so each file is nine
/// consecutive bits of a [`Bitboard`](super::Bitboard).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// `file` and `rank` are both 1..=9 (rank 1 is `a`).
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + (rank - 1)))
        } else {
            None
        }
    }

    /// Square from its index 0..81.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 81 { Some(Square(index as u8)) } else { None }
    }

    /// Square from an index known to be below 81.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: usize) -> Square {
        debug_assert!(index < 81);
        Square(index as u8)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 1..=9.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// Rank 1..=9 (1 is `a`, gote's back rank).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// The rank as a letter `a`–`i`.
    pub const fn rank_char(self) -> char {
        (b'a' + self.rank() - 1) as char
    }

    /// The file as a digit `1`–`9`.
    pub const fn file_char(self) -> char {
        (b'0' + self.file()) as char
    }

    /// The same square seen from the other side of the board.
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Square {
        Square(80 - self.0)
    }

    /// Rank counted from `color`'s own side: 1 is the far rank, 9 the home rank.
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Black => self.rank(),
            Color::White => 10 - self.rank(),
        }
    }

    /// True if the square is in `color`'s promotion zone (the three far ranks).
    #[inline]
    pub const fn in_zone(self, color: Color) -> bool {
        self.relative_rank(color) <= 3
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }
}

impl fmt::Display for Square {
    /// USI / GNU Shogi form: `7g`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The kind of a piece, promoted kinds included.
///
/// The order is chosen so that the seven kinds that can be held in hand come first
/// (`Pawn..=Gold`, see [`PieceKind::HAND`]) and promoting a kind adds 8.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    Pawn = 0,
    Lance = 1,
    Knight = 2,
    Silver = 3,
    Bishop = 4,
    Rook = 5,
    Gold = 6,
    King = 7,
    ProPawn = 8,
    ProLance = 9,
    ProKnight = 10,
    ProSilver = 11,
    Horse = 12,
    Dragon = 13,
}

impl PieceKind {
    pub(crate) const NUM: usize = 14;
    pub const ALL: [PieceKind; 14] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
        PieceKind::King,
        PieceKind::ProPawn,
        PieceKind::ProLance,
        PieceKind::ProKnight,
        PieceKind::ProSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];
    /// The kinds a hand can hold, in index order.
    pub const HAND: [PieceKind; 7] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
    ];
    /// The kinds a hand can hold, in the order SFEN and the displays write them (R B G S N L P).
    pub const HAND_WRITING_ORDER: [PieceKind; 7] = [
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Gold,
        PieceKind::Silver,
        PieceKind::Knight,
        PieceKind::Lance,
        PieceKind::Pawn,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn from_index(index: usize) -> Option<PieceKind> {
        if index < 14 { Some(PieceKind::ALL[index]) } else { None }
    }

    #[inline]
    pub const fn can_promote(self) -> bool {
        (self as u8) < 6
    }

    #[inline]
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }

    /// The promoted kind, if this kind can promote.
    #[inline]
    pub const fn promote(self) -> Option<PieceKind> {
        if self.can_promote() { PieceKind::from_index(self as usize + 8) } else { None }
    }

    /// The kind after a move that promotes when `promotes` is true (a kind that cannot
    /// promote stays as it is).
    #[inline]
    pub const fn promoted_if(self, promotes: bool) -> PieceKind {
        match (promotes, self.promote()) {
            (true, Some(p)) => p,
            _ => self,
        }
    }

    /// The kind with its promotion taken away (what a capture puts in hand).
    #[inline]
    #[must_use]
    pub const fn unpromote(self) -> PieceKind {
        if self.is_promoted() { PieceKind::ALL[self as usize - 8] } else { self }
    }

    /// True for kinds that can be held in hand.
    #[inline]
    pub const fn is_hand_kind(self) -> bool {
        (self as u8) < 7
    }

    /// The letter of the base kind (`P L N S B R G K`), upper case.
    pub const fn base_letter(self) -> char {
        match self.unpromote() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Gold => 'G',
            _ => 'K',
        }
    }

    /// The unpromoted kind for a letter (either case), as used by SFEN, USI drops and GNU Shogi.
    pub const fn from_letter(c: char) -> Option<PieceKind> {
        match c.to_ascii_uppercase() {
            'P' => Some(PieceKind::Pawn),
            'L' => Some(PieceKind::Lance),
            'N' => Some(PieceKind::Knight),
            'S' => Some(PieceKind::Silver),
            'B' => Some(PieceKind::Bishop),
            'R' => Some(PieceKind::Rook),
            'G' => Some(PieceKind::Gold),
            'K' => Some(PieceKind::King),
            _ => None,
        }
    }

    /// English name, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Lance => "lance",
            PieceKind::Knight => "knight",
            PieceKind::Silver => "silver",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Gold => "gold",
            PieceKind::King => "king",
            PieceKind::ProPawn => "tokin",
            PieceKind::ProLance => "promoted lance",
            PieceKind::ProKnight => "promoted knight",
            PieceKind::ProSilver => "promoted silver",
            PieceKind::Horse => "horse",
            PieceKind::Dragon => "dragon",
        }
    }
}

/// A piece: a kind and a colour. `Option<Piece>` is one byte.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    /// Number of distinct codes (`code()` is below this).
    pub const NUM_CODES: usize = 32;

    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        match NonZeroU8::new(1 + kind as u8 + ((color as u8) << 4)) {
            Some(v) => Piece(v),
            None => unreachable!(),
        }
    }

    #[inline]
    pub const fn color(self) -> Color {
        if self.0.get() >= 16 { Color::White } else { Color::Black }
    }

    #[inline]
    pub const fn kind(self) -> PieceKind {
        PieceKind::ALL[((self.0.get() - 1) & 15) as usize]
    }

    /// A dense code below [`Piece::NUM_CODES`], for tables.
    #[inline]
    pub const fn code(self) -> usize {
        self.0.get() as usize
    }

    /// SFEN letters: `+P`, `k`, … (upper case = Black/sente).
    pub fn sfen(self) -> String {
        let mut s = String::with_capacity(2);
        if self.kind().is_promoted() {
            s.push('+');
        }
        let c = self.kind().base_letter();
        s.push(if self.color() == Color::Black { c } else { c.to_ascii_lowercase() });
        s
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sfen())
    }
}
