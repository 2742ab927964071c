//! Attack tables, built at compile time (no `init()` to call).
//!
//! Stepping pieces use per-colour tables. Sliding pieces look their attacks up along each line
//! through their square (file, rank, two diagonals): the line's inner occupancy, gathered into
//! seven bits (a shift for a file, one multiplication for the others), indexes a table of the
//! attacks along a nine-square line, which are spread back onto the board. The tests check
//! them against the classical ray method (first blocker along each of eight rays).

use super::bitboard::Bitboard;
use super::types::{Color, PieceKind, Square};

/// (file delta, rank delta). Rank delta -1 is towards rank `a`, sente's forward.
const DIRS: [(i8, i8); 8] = [
    (0, -1),  // N
    (0, 1),   // S
    (-1, 0),  // E (towards file 1)
    (1, 0),   // W
    (-1, -1), // NE
    (1, 1),   // SW
    (1, -1),  // NW
    (-1, 1),  // SE
];
// Opposite directions differ only in the lowest bit (`dir ^ 1`).
const N: usize = 0;
const S: usize = 1;
const E: usize = 2;
const W: usize = 3;
const NE: usize = 4;
const SW: usize = 5;
const NW: usize = 6;
const SE: usize = 7;

const fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let file = (sq / 9) as i8 + df;
    let rank = (sq % 9) as i8 + dr;
    if file >= 0 && file < 9 && rank >= 0 && rank < 9 {
        Some(file as usize * 9 + rank as usize)
    } else {
        None
    }
}

const fn build_rays() -> [[Bitboard; 81]; 8] {
    let mut rays = [[Bitboard::EMPTY; 81]; 8];
    let mut dir = 0;
    while dir < 8 {
        let mut sq = 0;
        while sq < 81 {
            let mut bits = 0u128;
            let mut cur = sq;
            while let Some(next) = offset(cur, DIRS[dir].0, DIRS[dir].1) {
                bits |= 1u128 << next;
                cur = next;
            }
            rays[dir][sq] = Bitboard(bits);
            sq += 1;
        }
        dir += 1;
    }
    rays
}

static RAYS: [[Bitboard; 81]; 8] = build_rays();

const fn steps(list: &[(i8, i8)]) -> [Bitboard; 81] {
    let mut out = [Bitboard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut bits = 0u128;
        let mut i = 0;
        while i < list.len() {
            if let Some(to) = offset(sq, list[i].0, list[i].1) {
                bits |= 1u128 << to;
            }
            i += 1;
        }
        out[sq] = Bitboard(bits);
        sq += 1;
    }
    out
}

const PAWN_STEPS: [(i8, i8); 1] = [(0, -1)];
const KNIGHT_STEPS: [(i8, i8); 2] = [(-1, -2), (1, -2)];
const SILVER_STEPS: [(i8, i8); 5] = [(0, -1), (-1, -1), (1, -1), (-1, 1), (1, 1)];
const GOLD_STEPS: [(i8, i8); 6] = [(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
const KING_STEPS: [(i8, i8); 8] =
    [(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1), (-1, 1), (1, 1)];
const CROSS_STEPS: [(i8, i8); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];
const DIAG_STEPS: [(i8, i8); 4] = [(-1, -1), (1, -1), (-1, 1), (1, 1)];

/// Mirror a step list for gote (rotate by 180°).
const fn rotate<const L: usize>(list: [(i8, i8); L]) -> [(i8, i8); L] {
    let mut out = list;
    let mut i = 0;
    while i < L {
        out[i] = (-list[i].0, -list[i].1);
        i += 1;
    }
    out
}

/// Step attacks indexed by `[color][kind]` for Pawn, Knight, Silver, Gold, King.
struct StepTables {
    pawn: [[Bitboard; 81]; 2],
    knight: [[Bitboard; 81]; 2],
    silver: [[Bitboard; 81]; 2],
    gold: [[Bitboard; 81]; 2],
    king: [Bitboard; 81],
    cross: [Bitboard; 81],
    diag: [Bitboard; 81],
}

static STEPS: StepTables = StepTables {
    pawn: [steps(&PAWN_STEPS), steps(&rotate(PAWN_STEPS))],
    knight: [steps(&KNIGHT_STEPS), steps(&rotate(KNIGHT_STEPS))],
    silver: [steps(&SILVER_STEPS), steps(&rotate(SILVER_STEPS))],
    gold: [steps(&GOLD_STEPS), steps(&rotate(GOLD_STEPS))],
    king: steps(&KING_STEPS),
    cross: steps(&CROSS_STEPS),
    diag: steps(&DIAG_STEPS),
};

struct LineTables {
    /// Squares strictly between two aligned squares.
    between: [[Bitboard; 81]; 81],
    /// The whole line through two aligned squares (both included), else empty.
    line: [[Bitboard; 81]; 81],
}

const fn build_lines() -> LineTables {
    let rays = build_rays();
    let mut t =
        LineTables { between: [[Bitboard::EMPTY; 81]; 81], line: [[Bitboard::EMPTY; 81]; 81] };
    let mut a = 0;
    while a < 81 {
        let mut dir = 0;
        while dir < 8 {
            let opposite = dir ^ 1;
            let full = rays[dir][a].0 | rays[opposite][a].0 | (1u128 << a);
            let mut acc = 0u128;
            let mut cur = a;
            while let Some(b) = offset(cur, DIRS[dir].0, DIRS[dir].1) {
                t.between[a][b] = Bitboard(acc);
                t.line[a][b] = Bitboard(full);
                acc |= 1u128 << b;
                cur = b;
            }
            dir += 1;
        }
        a += 1;
    }
    t
}

static LINES: LineTables = build_lines();

/// Attacks along a file, by rank (0..9) and the occupancy of the file's seven inner squares
/// (ranks b to h: the end squares never block anything beyond them). Nine bits, rank a lowest.
const fn build_file_attacks() -> [[u16; 128]; 9] {
    let mut table = [[0u16; 128]; 9];
    let mut rank = 0;
    while rank < 9 {
        let mut inner = 0;
        while inner < 128 {
            let occ = (inner as u16) << 1;
            let mut bits = 0u16;
            let mut r = rank as i32 - 1;
            while r >= 0 {
                bits |= 1 << r;
                if occ & (1 << r) != 0 {
                    break;
                }
                r -= 1;
            }
            let mut r = rank + 1;
            while r < 9 {
                bits |= 1 << r;
                if occ & (1 << r) != 0 {
                    break;
                }
                r += 1;
            }
            table[rank][inner] = bits;
            inner += 1;
        }
        rank += 1;
    }
    table
}

static FILE_ATTACKS: [[u16; 128]; 9] = build_file_attacks();

/// Attacks along a rank, by file index (0..9, file 1 first) and the occupancy of the rank's
/// seven inner squares: the same table as along a file, as both lines have nine squares.
/// The result's bit k is the square on file k + 1.
static RANK_SPREAD: [u128; 512] = build_spread(9);

/// Multiplying a rank's squares (shifted to rank a: bits 0, 9, .., 72) by this lines them up
/// as bits 64..73, file 1 lowest: the square of file k + 1 meets the term 2^(64 - 8k); every
/// other product lands on a distinct lower or higher bit, so no carry reaches the window.
const RANK_GATHER: u128 = {
    let mut m = 0u128;
    let mut k = 0;
    while k < 9 {
        m |= 1u128 << (64 - 8 * k);
        k += 1;
    }
    m
};

/// Squares of rank a (bits 0, 9, .., 72).
const RANK_A: u128 = {
    let mut m = 0u128;
    let mut k = 0;
    while k < 9 {
        m |= 1u128 << (9 * k);
        k += 1;
    }
    m
};

/// A rook's attacks along its rank: gather the rank's occupancy into seven bits by one
/// multiplication, look the attacks up, spread them back.
#[inline]
fn rank_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let i = sq.index();
    let rank = i % 9;
    let line = (occupied.0 >> rank) & RANK_A;
    let inner = ((line.wrapping_mul(RANK_GATHER) >> 65) & 0x7f) as usize;
    Bitboard(RANK_SPREAD[usize::from(FILE_ATTACKS[i / 9][inner])] << rank)
}

/// A rook's (and a lance's) attacks along its file: one table lookup, as a file's squares are
/// nine consecutive bits.
#[inline]
fn file_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let i = sq.index();
    let base = i - i % 9;
    let inner = ((occupied.0 >> (base + 1)) & 0x7f) as usize;
    Bitboard(u128::from(FILE_ATTACKS[i % 9][inner]) << base)
}

/// A diagonal through a square, for the lookup of a bishop's attacks along it. Its squares are
/// `stride` apart in the file-major index (10 towards file 9 and rank i, 8 towards file 9 and
/// rank a), so one multiplication gathers its occupancy as the rank lookup does.
#[derive(Clone, Copy)]
struct Diagonal {
    /// Every square of the diagonal.
    line: u128,
    /// The squares between its two ends (the ends never block anything beyond them).
    inner: u128,
    /// Index of the diagonal's first square (the lowest).
    start: u8,
    /// The square's place along the diagonal, from `start`.
    place: u8,
}

struct Diagonals {
    /// Stride 10: towards file 9 and rank i.
    rising: [Diagonal; 81],
    /// Stride 8: towards file 9 and rank a.
    falling: [Diagonal; 81],
}

const fn build_diagonal(sq: usize, df: i8, dr: i8) -> Diagonal {
    let mut start = sq;
    let mut place = 0;
    while let Some(back) = offset(start, -df, -dr) {
        start = back;
        place += 1;
    }
    let mut line = 1u128 << start;
    let mut inner = 0u128;
    let mut cur = start;
    while let Some(next) = offset(cur, df, dr) {
        line |= 1u128 << next;
        // Inner when it has a square beyond it.
        if offset(next, df, dr).is_some() {
            inner |= 1u128 << next;
        }
        cur = next;
    }
    Diagonal { line, inner, start: start as u8, place }
}

static DIAGONALS: Diagonals = {
    let empty = Diagonal { line: 0, inner: 0, start: 0, place: 0 };
    let mut d = Diagonals { rising: [empty; 81], falling: [empty; 81] };
    let mut sq = 0;
    while sq < 81 {
        d.rising[sq] = build_diagonal(sq, 1, 1);
        d.falling[sq] = build_diagonal(sq, 1, -1);
        sq += 1;
    }
    d
};

/// Spreads nine bits (bit k: the k-th square of a line) to every `stride`-th bit.
const fn build_spread(stride: usize) -> [u128; 512] {
    let mut table = [0u128; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut k = 0;
        while k < 9 {
            if bits & (1 << k) != 0 {
                table[bits] |= 1u128 << (stride * k);
            }
            k += 1;
        }
        bits += 1;
    }
    table
}

static SPREAD_10: [u128; 512] = build_spread(10);
static SPREAD_8: [u128; 512] = build_spread(8);

/// Gathers up to seven squares `stride` apart (bits 0, stride, ..) into bits 64..71: the
/// square k meets the term 2^(64 - (stride - 1)k), and every other product lands on its own
/// bit (k + stride × (j - k) differs for every pair, as k < stride), outside the window and
/// without carries.
const fn gather(stride: usize) -> u128 {
    let mut m = 0u128;
    let mut k = 0;
    while k < 7 {
        m |= 1u128 << (64 - (stride - 1) * k);
        k += 1;
    }
    m
}

/// A bishop's attacks along one diagonal: the inner occupancy gathered into seven bits, the
/// attacks looked up in the file table (a line of up to nine squares is a line), spread back
/// along the diagonal and clipped to it.
#[inline]
fn diagonal_attacks(
    d: &Diagonal,
    stride: usize,
    spread: &[u128; 512],
    occupied: Bitboard,
) -> Bitboard {
    let first_inner = usize::from(d.start) + stride;
    let line = (occupied.0 & d.inner) >> first_inner;
    let inner = ((line.wrapping_mul(gather(stride)) >> 64) & 0x7f) as usize;
    let bits = FILE_ATTACKS[usize::from(d.place)][inner];
    Bitboard((spread[usize::from(bits)] << d.start) & d.line)
}

#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    STEPS.pawn[color.index()][sq.index()]
}

#[inline]
pub fn knight_attacks(color: Color, sq: Square) -> Bitboard {
    STEPS.knight[color.index()][sq.index()]
}

#[inline]
pub fn silver_attacks(color: Color, sq: Square) -> Bitboard {
    STEPS.silver[color.index()][sq.index()]
}

#[inline]
pub fn gold_attacks(color: Color, sq: Square) -> Bitboard {
    STEPS.gold[color.index()][sq.index()]
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    STEPS.king[sq.index()]
}

/// The four orthogonal neighbours (a horse's extra steps).
#[inline]
pub(crate) fn cross_attacks(sq: Square) -> Bitboard {
    STEPS.cross[sq.index()]
}

/// The four diagonal neighbours (a dragon's extra steps).
#[inline]
pub(crate) fn diag_attacks(sq: Square) -> Bitboard {
    STEPS.diag[sq.index()]
}

#[inline]
pub fn lance_attacks(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    file_attacks(sq, occupied) & lance_ray(color, sq)
}

/// A lance's moves on an empty board.
#[inline]
pub(crate) fn lance_ray(color: Color, sq: Square) -> Bitboard {
    match color {
        Color::Black => RAYS[N][sq.index()],
        Color::White => RAYS[S][sq.index()],
    }
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    diagonal_attacks(&DIAGONALS.rising[sq.index()], 10, &SPREAD_10, occupied)
        | diagonal_attacks(&DIAGONALS.falling[sq.index()], 8, &SPREAD_8, occupied)
}

#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    file_attacks(sq, occupied) | rank_attacks(sq, occupied)
}

/// A bishop's moves on an empty board.
#[inline]
pub(crate) fn bishop_rays(sq: Square) -> Bitboard {
    let i = sq.index();
    RAYS[NE][i] | RAYS[NW][i] | RAYS[SE][i] | RAYS[SW][i]
}

/// A rook's moves on an empty board.
#[inline]
pub(crate) fn rook_rays(sq: Square) -> Bitboard {
    let i = sq.index();
    RAYS[N][i] | RAYS[S][i] | RAYS[E][i] | RAYS[W][i]
}

/// Squares strictly between `a` and `b` if they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    LINES.between[a.index()][b.index()]
}

/// The whole line through `a` and `b` if they share a line, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINES.line[a.index()][b.index()]
}

/// Squares attacked by a piece of `kind` and `color` standing on `sq`.
#[inline(always)]
pub fn attacks(color: Color, kind: PieceKind, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(color, sq),
        PieceKind::Lance => lance_attacks(color, sq, occupied),
        PieceKind::Knight => knight_attacks(color, sq),
        PieceKind::Silver => silver_attacks(color, sq),
        PieceKind::Bishop => bishop_attacks(sq, occupied),
        PieceKind::Rook => rook_attacks(sq, occupied),
        PieceKind::King => king_attacks(sq),
        PieceKind::Horse => bishop_attacks(sq, occupied) | cross_attacks(sq),
        PieceKind::Dragon => rook_attacks(sq, occupied) | diag_attacks(sq),
        PieceKind::Gold
        | PieceKind::ProPawn
        | PieceKind::ProLance
        | PieceKind::ProKnight
        | PieceKind::ProSilver => gold_attacks(color, sq),
    }
}
