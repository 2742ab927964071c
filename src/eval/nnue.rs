//! A learned evaluation with a hidden layer, NNUE-style: its input features, its network
//! file, its integer inference and the accumulators a search would keep along its path.
//! Trained by `examples/nnue_train.rs` as a correction of the linear table: the search adds
//! its output to the table's evaluation. Every build carries one ([`Network::built_in`],
//! `nnue/gnushogi.nnue`); USI's `EvalFile` loads another and `UseNNUE` turns it off
//! (doc/strength.md, "A learned evaluation").
//!
//! **Features**, from one side's view (its *perspective*: the board turned round for White,
//! pieces named own or enemy): every piece other than a king at its exact offset from the
//! perspective's own king (the king-relative terms the linear table learnt; the offsets from
//! the enemy king are the other perspective's), and on its square; each king's square; each
//! hand kind held, counted one feature per piece (a thermometer). About 80 of the 9 858 are
//! active in a position.
//!
//! **Network**: one accumulator per perspective, the sum of its active features' rows of
//! `w1` plus `b1` (`HIDDEN` wide, `i16`); the side to move's and the other's, clipped to
//! 0..=1, make the hidden layer's input (`2 × HIDDEN`); one hidden layer of `L2` clipped
//! units; one output, the correction in centipawns (a logit of the side to move's winning
//! chance, added to the table's, over `LOGIT_K`). All integer: activations of 1.0 are `QA`, the
//! hidden weights and the output's are scaled by `QB`.
//!
//! A feature's value depends on the piece and its perspective's king alone, so the
//! accumulators follow a move by adding and removing a few rows; a king's move rebuilds its
//! own side's accumulator only (from the one last built with the king on that square, and
//! the rows of what changed since), and moves one feature (its square) of the other's.

use super::folded::FINE;
use super::layout::{FINE_OFFSETS, kind13, oriented};
use crate::rules::{Bitboard, Color, Hand, Move, PieceKind, Position, Square};

/// Width of one perspective's accumulator.
pub const HIDDEN: usize = 32;
/// Units of the hidden layer.
pub const L2: usize = 16;
/// An activation of 1.0.
pub const QA: i32 = 127;
/// The scale of the hidden layer's and the output's weights (i16: a weight of 1.0 is 256,
/// and 512 inputs of at most `QA` stay far inside an i32).
pub const QB: i32 = 256;
/// The logistic scale of centipawns, as the linear table was fitted: the chance of a win is
/// `sigmoid(LOGIT_K × cp)`.
pub const LOGIT_K: f64 = 0.00117;

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
/// The most pieces of each hand kind (`PieceKind::HAND` order) one hand can hold.
const HAND_MAX: [usize; 7] = [18, 4, 4, 4, 2, 2, 4];
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

/// A network's weights, quantized.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// `FEATURES` rows of `HIDDEN`.
    w1: Vec<i16>,
    b1: Vec<i16>,
    /// `L2` rows of `2 × HIDDEN`: the side to move's accumulator, then the other's.
    w2: Vec<i16>,
    b2: Vec<i32>,
    w3: Vec<i16>,
    b3: i32,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Network({FEATURES} features, {HIDDEN} x 2, {L2}, 1)")
    }
}

/// What is wrong with a network file.
#[derive(Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// Not a network file, or one of other dimensions.
    Header,
    /// Shorter or longer than its dimensions say.
    Size,
}

impl std::fmt::Display for NetworkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetworkError::Header => write!(f, "not a network of these dimensions"),
            NetworkError::Size => write!(f, "the network file has the wrong size"),
        }
    }
}

impl std::error::Error for NetworkError {}

/// Largest network file a front end reads (ours are 0.6 MiB): a device such as `/dev/zero`
/// would otherwise be read until memory runs out.
pub const MAX_FILE: u64 = 16 << 20;

/// The file's first bytes: a name and the dimensions, little-endian.
const MAGIC: &[u8; 8] = b"GSNNUE03";

/// The network every build carries (`nnue/gnushogi.nnue`, made by the recipe in
/// doc/strength.md, "A learned evaluation").
const EMBEDDED: &[u8] = include_bytes!("../../nnue/gnushogi.nnue");

/// The embedded network, read once: engines share it.
static BUILT_IN: std::sync::LazyLock<std::sync::Arc<Network>> = std::sync::LazyLock::new(|| {
    std::sync::Arc::new(Network::from_bytes(EMBEDDED).expect("the embedded network is valid"))
});

impl Network {
    /// The network every build carries, the search's default.
    pub fn built_in() -> std::sync::Arc<Network> {
        std::sync::Arc::clone(&BUILT_IN)
    }

    /// The file's length for these dimensions.
    pub const FILE_LEN: usize =
        8 + 12 + 2 * (FEATURES * HIDDEN + HIDDEN + L2 * 2 * HIDDEN + L2) + 4 * (L2 + 1);

    /// Reads a network file: the magic, `FEATURES`, `HIDDEN`, `L2` as u32, then `w1`, `b1`,
    /// `w2` as i16, `b2` as i32, `w3` as i16 and `b3` as i32, all little-endian.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let dims = [FEATURES, HIDDEN, L2].map(|d| (d as u32).to_le_bytes());
        if bytes.len() < 20 || &bytes[..8] != MAGIC || bytes[8..20] != dims.concat()[..] {
            return Err(NetworkError::Header);
        }
        if bytes.len() != Self::FILE_LEN {
            return Err(NetworkError::Size);
        }
        let mut rest = &bytes[20..];
        let mut i16s = |n: usize| {
            let (head, tail) = rest.split_at(2 * n);
            rest = tail;
            head.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect::<Vec<_>>()
        };
        let (w1, b1, w2) = (i16s(FEATURES * HIDDEN), i16s(HIDDEN), i16s(L2 * 2 * HIDDEN));
        let i32s = |b: &[u8]| -> Vec<i32> {
            b.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
        };
        let b2 = i32s(&rest[..4 * L2]);
        rest = &rest[4 * L2..];
        let w3: Vec<i16> =
            rest[..2 * L2].chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
        let b3 = i32s(&rest[2 * L2..])[0];
        Ok(Network { w1, b1, w2, b2, w3, b3 })
    }

    /// Writes the network in the form [`Network::from_bytes`] reads.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(Self::FILE_LEN);
        out.extend_from_slice(MAGIC);
        for d in [FEATURES, HIDDEN, L2] {
            out.extend_from_slice(&(d as u32).to_le_bytes());
        }
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in &self.b2 {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in &self.w3 {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.b3.to_le_bytes());
        out
    }

    /// A network from float weights as the trainer holds them (activations 0..=1, output a
    /// logit): `w1` is `FEATURES × HIDDEN`, `w2` is `L2 × 2·HIDDEN`. Values beyond what the
    /// integers hold are clamped.
    pub fn quantize(
        w1: &[f32],
        b1: &[f32],
        w2: &[f32],
        b2: &[f32],
        w3: &[f32],
        b3: f32,
    ) -> Network {
        let q16 = |v: &[f32], s: f32| -> Vec<i16> {
            v.iter().map(|x| (x * s).round().clamp(-32768.0, 32767.0) as i16).collect()
        };
        let (qa, qb) = (QA as f32, QB as f32);
        Network {
            w1: q16(w1, qa),
            b1: q16(b1, qa),
            w2: q16(w2, qb),
            b2: b2.iter().map(|x| (x * qa * qb).round() as i32).collect(),
            w3: q16(w3, qb),
            b3: (b3 * qa * qb).round() as i32,
        }
    }

    /// The float weights [`Network::quantize`] would round to this network, in its argument
    /// order (`b3` last, alone in its vector): a trainer continues from a shipped network
    /// whose float weights are gone.
    pub fn dequantize(&self) -> [Vec<f32>; 6] {
        let (qa, qb) = (QA as f32, QB as f32);
        let scale = |v: &[i16], s: f32| v.iter().map(|&x| f32::from(x) / s).collect();
        [
            scale(&self.w1, qa),
            scale(&self.b1, qa),
            scale(&self.w2, qb),
            self.b2.iter().map(|&x| x as f32 / (qa * qb)).collect(),
            scale(&self.w3, qb),
            vec![self.b3 as f32 / (qa * qb)],
        ]
    }

    /// A network of random weights, of the scale a trained one has (for tests and speed
    /// measurements: its evaluations cost what a trained one's do).
    pub fn random(seed: u64) -> Network {
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut uniform = |a: f32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            ((state >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a
        };
        let w1: Vec<f32> = (0..FEATURES * HIDDEN).map(|_| uniform(0.02)).collect();
        let b1 = vec![0.5; HIDDEN];
        let w2: Vec<f32> = (0..L2 * 2 * HIDDEN).map(|_| uniform(0.1)).collect();
        let b2 = vec![0.0; L2];
        let w3: Vec<f32> = (0..L2).map(|_| uniform(0.3)).collect();
        Network::quantize(&w1, &b1, &w2, &b2, &w3, 0.0)
    }

    /// One perspective's accumulator, built from scratch.
    #[inline(always)]
    pub fn refresh(&self, pos: &Position, perspective: Color, acc: &mut [i16; HIDDEN]) {
        // Each feature's row is added as it is found, into a local the compiler keeps in
        // registers: no list of features in memory, no accumulator stored at every row.
        let mut sum = Summing { net: self, sum: [0; HIDDEN] };
        sum.sum.copy_from_slice(&self.b1);
        active_features(pos, perspective, &mut sum);
        *acc = sum.sum;
    }

    /// Adds feature `f`'s row to an accumulator.
    #[inline(always)]
    pub fn add(&self, acc: &mut [i16; HIDDEN], f: u16) {
        let row = &self.w1[usize::from(f) * HIDDEN..][..HIDDEN];
        for (a, w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_add(*w);
        }
    }

    /// Takes feature `f`'s row from an accumulator.
    #[inline(always)]
    pub fn remove(&self, acc: &mut [i16; HIDDEN], f: u16) {
        let row = &self.w1[usize::from(f) * HIDDEN..][..HIDDEN];
        for (a, w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_sub(*w);
        }
    }

    /// The evaluation in centipawns from the side to move's view, given its accumulator
    /// (`us`) and the other side's (`them`).
    #[inline(always)]
    pub fn output(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN]) -> i32 {
        let clip = |a: &[i16; HIDDEN]| a.map(|v| v.clamp(0, QA as i16));
        let input = [clip(us), clip(them)];
        let mut out = i64::from(self.b3);
        for (k, row) in self.w2.chunks_exact(2 * HIDDEN).enumerate() {
            let mut sum = self.b2[k];
            for (half, acc) in input.iter().enumerate() {
                sum += row[half * HIDDEN..][..HIDDEN]
                    .iter()
                    .zip(acc)
                    .map(|(&w, &a)| i32::from(w) * i32::from(a))
                    .sum::<i32>();
            }
            let hidden = ((sum + QB / 2) / QB).clamp(0, QA);
            out += i64::from(hidden) * i64::from(self.w3[k]);
        }
        // out is QA·QB times the logit; centipawns are the logit over LOGIT_K.
        let per_cp = f64::from(QA * QB) * LOGIT_K;
        (out as f64 / per_cp).round() as i32
    }

    /// The evaluation of `pos` from the side to move's view, both accumulators built anew.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has just been found to have the instructions.
            #[allow(unsafe_code)]
            return unsafe { self.evaluate_with_avx2(pos) };
        }
        self.evaluate_generic(pos)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn evaluate_with_avx2(&self, pos: &Position) -> i32 {
        let [us, them] = self.both_refreshed(pos);
        self.output_avx2(&us, &them)
    }

    fn evaluate_generic(&self, pos: &Position) -> i32 {
        let [us, them] = self.both_refreshed(pos);
        self.output(&us, &them)
    }

    /// The side to move's accumulator and the other side's, built anew.
    #[inline(always)]
    fn both_refreshed(&self, pos: &Position) -> [[i16; HIDDEN]; 2] {
        let stm = pos.side_to_move();
        let (mut us, mut them) = ([0; HIDDEN], [0; HIDDEN]);
        self.refresh(pos, stm, &mut us);
        self.refresh(pos, !stm, &mut them);
        [us, them]
    }

    /// [`Network::output`] 16 lanes at a time: each hidden unit's 64 products summed by
    /// `pmaddwd`, four units' sums folded together by `phaddd`, the clipped units and their
    /// output weights by one more `pmaddwd`. The same integers in another order: the same
    /// result (`(sum + QB / 2) / QB` and an arithmetic shift differ only below zero, which
    /// the clip makes 0 either way).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn output_avx2(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN]) -> i32 {
        use std::arch::x86_64::*;
        const { assert!(HIDDEN == 32 && L2 == 16 && QB == 256) };
        let (zero, one) = (_mm256_setzero_si256(), _mm256_set1_epi16(QA as i16));
        let clip = |v: __m256i| _mm256_min_epi16(_mm256_max_epi16(v, zero), one);
        let input =
            [us.first_chunk::<16>(), us.last_chunk(), them.first_chunk(), them.last_chunk()]
                .map(|half| clip(load(half.expect("HIDDEN is 32"))));
        let (rows, _) = self.w2.as_chunks::<16>();
        assert_eq!(rows.len(), L2 * 4);
        // Eight lanes of unit k's products summed: its sum is theirs.
        let unit = |k: usize| {
            let row = &rows[k * 4..][..4];
            let a = _mm256_add_epi32(
                _mm256_madd_epi16(load(&row[0]), input[0]),
                _mm256_madd_epi16(load(&row[1]), input[1]),
            );
            let b = _mm256_add_epi32(
                _mm256_madd_epi16(load(&row[2]), input[2]),
                _mm256_madd_epi16(load(&row[3]), input[3]),
            );
            _mm256_add_epi32(a, b)
        };
        // Units k..k + 4 summed, in the four lanes of one half.
        let four = |k: usize| {
            let ab = _mm256_hadd_epi32(unit(k), unit(k + 1));
            let cd = _mm256_hadd_epi32(unit(k + 2), unit(k + 3));
            let abcd = _mm256_hadd_epi32(ab, cd);
            _mm_add_epi32(_mm256_castsi256_si128(abcd), _mm256_extracti128_si256::<1>(abcd))
        };
        let (biases, _) = self.b2.as_chunks::<8>();
        let round = _mm256_set1_epi32(QB / 2);
        let hidden = |k: usize| {
            let sums = _mm256_set_m128i(four(k + 4), four(k));
            let sums = _mm256_add_epi32(_mm256_add_epi32(sums, load(&biases[k / 8])), round);
            let units = _mm256_srai_epi32::<8>(sums);
            _mm256_min_epi32(_mm256_max_epi32(units, zero), _mm256_set1_epi32(QA))
        };
        // Sixteen units of at most QA in i16, in unit order.
        let units =
            _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packs_epi32(hidden(0), hidden(8)));
        let (w3, _) = self.w3.as_chunks::<16>();
        let products = _mm256_madd_epi16(units, load(&w3[0]));
        let s = _mm_add_epi32(
            _mm256_castsi256_si128(products),
            _mm256_extracti128_si256::<1>(products),
        );
        let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b01_00_11_10>(s));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b10_11_00_01>(s));
        let out = i64::from(self.b3) + i64::from(_mm_cvtsi128_si32(s));
        let per_cp = f64::from(QA * QB) * LOGIT_K;
        (out as f64 / per_cp).round() as i32
    }
}

/// The 32 bytes of `v` (sixteen `i16` or eight `i32`) in one register.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn load<T: Copy, const N: usize>(v: &[T; N]) -> std::arch::x86_64::__m256i {
    const { assert!(std::mem::size_of::<[T; N]>() == 32) };
    // SAFETY: `v` is 32 readable bytes, and this load asks for no alignment.
    #[allow(unsafe_code)]
    unsafe {
        std::arch::x86_64::_mm256_loadu_si256(v.as_ptr().cast())
    }
}

/// An accumulator being built: each feature extended with adds its row.
struct Summing<'a> {
    net: &'a Network,
    sum: [i16; HIDDEN],
}

impl Extend<u16> for Summing<'_> {
    #[inline(always)]
    fn extend<I: IntoIterator<Item = u16>>(&mut self, iter: I) {
        for f in iter {
            self.net.add(&mut self.sum, f);
        }
    }
}

/// The features one piece, king or hand change gives (two at most), kept on the stack.
#[derive(Default)]
struct Few {
    features: [u16; 2],
    len: usize,
}

impl Extend<u16> for Few {
    fn extend<I: IntoIterator<Item = u16>>(&mut self, iter: I) {
        for f in iter {
            self.features[self.len] = f;
            self.len += 1;
        }
    }
}

/// One piece entering or leaving the board (colour, kind, square), a king leaving or
/// entering a square, or a hand's count of a kind going from `count` to one fewer
/// (leaving) or to `count` (entering).
#[derive(Copy, Clone, Debug)]
enum Change {
    Board(Color, PieceKind, Square),
    King(Color, Square),
    Hand(Color, usize, usize),
}

impl Change {
    #[inline(always)]
    fn features(self, perspective: Color, own_king: Option<Square>) -> Few {
        let mut few = Few::default();
        match self {
            Change::Board(color, kind, sq) => {
                piece_features(perspective, own_king, color, kind, sq, &mut few)
            }
            Change::King(color, sq) => few.extend([king_feature(perspective, color, sq)]),
            Change::Hand(color, index, count) => {
                few.extend([hand_feature(perspective, color, index, count)])
            }
        }
        few
    }
}

/// How the position at a ply differs from its parent's.
#[derive(Copy, Clone, Debug, Default)]
struct Delta {
    removed: [Option<Change>; 2],
    added: [Option<Change>; 2],
    /// By perspective: its king moved, so every one of its features changed.
    refresh: [bool; 2],
}

/// One ply's accumulators, by perspective (`Color::index`).
#[derive(Clone)]
struct Entry {
    acc: [[i16; HIDDEN]; 2],
    /// By perspective: the accumulator belongs to the path's position at this ply.
    valid: [bool; 2],
    delta: Delta,
}

/// What one perspective's accumulator was last rebuilt from, its king on one square (a
/// "Finny table", as Stockfish calls it): a rebuild with the king there again adds and
/// removes the rows of what changed since, a few pieces, not the forty on the board.
#[derive(Clone)]
struct Rebuilt {
    acc: [i16; HIDDEN],
    /// By colour and kind (`PieceKind::index`; kings left empty).
    pieces: [[Bitboard; 14]; 2],
    hands: [Hand; 2],
    enemy_king: Option<Square>,
    /// The board is empty here, and `acc` is not yet set to its biases and king.
    unset: bool,
}

/// The accumulators along a search's path, updated lazily: a child records how it differs
/// from its parent ([`Accumulators::push`]), and an evaluation brings each perspective's
/// accumulator up from the nearest ply that has it, or rebuilds it after its king moved.
pub struct Accumulators {
    entries: Vec<Entry>,
    /// By perspective and its king's square (`Color::index() * 81 + Square::index()`).
    rebuilt: Vec<Rebuilt>,
}

impl Accumulators {
    /// Room for `plies` plies of path; all empty.
    pub fn new(plies: usize) -> Accumulators {
        let empty = Entry { acc: [[0; HIDDEN]; 2], valid: [false; 2], delta: Delta::default() };
        let unset = Rebuilt {
            acc: [0; HIDDEN],
            pieces: [[Bitboard::EMPTY; 14]; 2],
            hands: [Hand::EMPTY; 2],
            enemy_king: None,
            unset: true,
        };
        let rebuilt = if plies == 0 { Vec::new() } else { vec![unset; 2 * 81] };
        Accumulators { entries: vec![empty; plies], rebuilt }
    }

    /// The position at `ply` is now the one `m` reaches from `parent`, the position at
    /// `ply - 1`.
    #[inline]
    pub fn push(&mut self, ply: usize, parent: &Position, m: Move) {
        let color = parent.side_to_move();
        let to = m.to();
        let mut delta = Delta::default();
        match m.from() {
            None => {
                let kind = m.drop_kind().expect("a move without origin drops");
                let count = parent.hand(color).count(kind) as usize;
                delta.removed[0] = Some(Change::Hand(color, kind.index(), count));
                delta.added[0] = Some(Change::Board(color, kind, to));
            }
            Some(from) => {
                let Some(piece) = parent.piece_at(from) else {
                    delta.refresh = [true; 2];
                    return self.set(ply, delta);
                };
                let kind = piece.kind();
                if kind == PieceKind::King {
                    delta.refresh[color.index()] = true;
                    delta.removed[0] = Some(Change::King(color, from));
                    delta.added[0] = Some(Change::King(color, to));
                } else {
                    delta.removed[0] = Some(Change::Board(color, kind, from));
                    let after =
                        if m.is_promotion() { kind.promote().unwrap_or(kind) } else { kind };
                    delta.added[0] = Some(Change::Board(color, after, to));
                }
                if let Some(victim) = parent.piece_at(to) {
                    let taken = victim.kind().unpromote();
                    let count = parent.hand(color).count(taken) as usize + 1;
                    delta.removed[1] = Some(Change::Board(!color, victim.kind(), to));
                    delta.added[1] = Some(Change::Hand(color, taken.index(), count));
                }
            }
        }
        self.set(ply, delta);
    }

    /// The position at `ply` is its parent's with the other side to move.
    #[inline]
    pub fn push_null(&mut self, ply: usize) {
        self.set(ply, Delta::default());
    }

    #[inline]
    fn set(&mut self, ply: usize, delta: Delta) {
        let entry = &mut self.entries[ply];
        entry.valid = [false; 2];
        entry.delta = delta;
    }

    /// The evaluation of `pos`, the path's position at `ply`, from its side to move's view.
    ///
    /// The rows are summed 16 lanes at a time where the processor has AVX2 (every x86-64
    /// made since about 2015, but not the baseline a distribution builds for): a copy is
    /// compiled for it, as `folded.rs` does for `popcnt`.
    pub fn evaluate(&mut self, net: &Network, pos: &Position, ply: usize) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has just been found to have the instructions.
            #[allow(unsafe_code)]
            return unsafe { self.evaluate_with_avx2(net, pos, ply) };
        }
        self.evaluate_generic(net, pos, ply)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn evaluate_with_avx2(&mut self, net: &Network, pos: &Position, ply: usize) -> i32 {
        let [us, them] = self.brought_up(net, pos, ply);
        net.output_avx2(us, them)
    }

    fn evaluate_generic(&mut self, net: &Network, pos: &Position, ply: usize) -> i32 {
        let [us, them] = self.brought_up(net, pos, ply);
        net.output(us, them)
    }

    /// The side to move's accumulator at `ply` and the other side's, made valid.
    #[inline(always)]
    fn brought_up(&mut self, net: &Network, pos: &Position, ply: usize) -> [&[i16; HIDDEN]; 2] {
        for persp in Color::ALL {
            self.bring_up(net, pos, ply, persp);
        }
        let stm = pos.side_to_move();
        let acc = &self.entries[ply].acc;
        [&acc[stm.index()], &acc[(!stm).index()]]
    }

    /// Makes `perspective`'s accumulator at `ply` valid.
    #[inline(always)]
    fn bring_up(&mut self, net: &Network, pos: &Position, ply: usize, perspective: Color) {
        let side = perspective.index();
        let mut base = ply;
        while !self.entries[base].valid[side] {
            if base == 0 || self.entries[base].delta.refresh[side] {
                let entry = &mut self.entries[ply];
                entry.acc[side] = rebuild(&mut self.rebuilt, net, pos, perspective);
                entry.valid[side] = true;
                return;
            }
            base -= 1;
        }
        // This side's king has not moved since `base`: it stands where it stands in `pos`.
        let own_king = pos.king_square(perspective);
        for p in base + 1..=ply {
            let (done, rest) = self.entries.split_at_mut(p);
            let entry = &mut rest[0];
            let mut acc = done[p - 1].acc[side];
            let delta = entry.delta;
            for change in delta.removed.into_iter().flatten() {
                let few = change.features(perspective, own_king);
                few.features[..few.len].iter().for_each(|&f| net.remove(&mut acc, f));
            }
            for change in delta.added.into_iter().flatten() {
                let few = change.features(perspective, own_king);
                few.features[..few.len].iter().for_each(|&f| net.add(&mut acc, f));
            }
            entry.acc[side] = acc;
            entry.valid[side] = true;
        }
    }
}

/// `perspective`'s accumulator for `pos`, from what `cache` kept for its king's square, which
/// is brought up to `pos`. (Rows are added and taken away modulo 2^16, in any order: the
/// result is the one [`Network::refresh`] gives.)
#[inline(always)]
fn rebuild(
    cache: &mut [Rebuilt],
    net: &Network,
    pos: &Position,
    perspective: Color,
) -> [i16; HIDDEN] {
    let Some(king) = pos.king_square(perspective) else {
        let mut acc = [0; HIDDEN];
        net.refresh(pos, perspective, &mut acc);
        return acc;
    };
    let slot = &mut cache[perspective.index() * 81 + king.index()];
    if slot.unset {
        slot.acc.copy_from_slice(&net.b1);
        net.add(&mut slot.acc, king_feature(perspective, perspective, king));
        slot.unset = false;
    }
    // What comes is summed in one accumulator, what goes in another, both in registers.
    let (mut plus, mut minus) = (Summing { net, sum: slot.acc }, Summing { net, sum: [0; HIDDEN] });
    let own_king = Some(king);
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            if kind == PieceKind::King {
                continue;
            }
            let now = pos.pieces(color, kind);
            let was = std::mem::replace(&mut slot.pieces[color.index()][kind.index()], now);
            for sq in was & !now {
                piece_features(perspective, own_king, color, kind, sq, &mut minus);
            }
            for sq in now & !was {
                piece_features(perspective, own_king, color, kind, sq, &mut plus);
            }
        }
        let now = pos.hand(color);
        let was = std::mem::replace(&mut slot.hands[color.index()], now);
        if now != was {
            for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
                let n = (now.count(kind) as usize).min(HAND_MAX[i]);
                let w = (was.count(kind) as usize).min(HAND_MAX[i]);
                minus.extend((n + 1..=w).map(|c| hand_feature(perspective, color, i, c)));
                plus.extend((w + 1..=n).map(|c| hand_feature(perspective, color, i, c)));
            }
        }
    }
    let now = pos.king_square(!perspective);
    let was = std::mem::replace(&mut slot.enemy_king, now);
    if now != was {
        minus.extend(was.map(|sq| king_feature(perspective, !perspective, sq)));
        plus.extend(now.map(|sq| king_feature(perspective, !perspective, sq)));
    }
    for (a, m) in plus.sum.iter_mut().zip(minus.sum) {
        *a = a.wrapping_sub(m);
    }
    slot.acc = plus.sum;
    plus.sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_sfen;

    #[test]
    fn features_are_in_range_distinct_and_mirror_between_the_sides() {
        let pos = parse_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPP1/1B5R1/LNSGKGSNL w P 2")
            .unwrap();
        let mut black = Vec::new();
        active_features(&pos, Color::Black, &mut black);
        assert!(black.iter().all(|&f| usize::from(f) < FEATURES));
        assert!(black.len() <= MAX_ACTIVE);
        let mut sorted = black.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), black.len());
        // 37 pieces on the board, two features each; two kings; a pawn in hand.
        assert_eq!(black.len(), 37 * 2 + 2 + 1);
        // The same position with the colours exchanged gives White the features Black had.
        let mirror =
            parse_sfen("lnsgkgsnl/1r5b1/1ppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b p 2")
                .unwrap();
        let mut white = Vec::new();
        active_features(&mirror, Color::White, &mut white);
        white.sort_unstable();
        assert_eq!(sorted, white);
    }

    #[test]
    fn hand_thermometers_do_not_overlap() {
        let mut all = Vec::new();
        for color in Color::ALL {
            for (i, &max) in HAND_MAX.iter().enumerate() {
                all.extend((1..=max).map(|c| hand_feature(Color::Black, color, i, c)));
            }
        }
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert_eq!(usize::from(*all.last().unwrap()), FEATURES - 1);
    }

    /// A small random network, in floats and quantized.
    fn random_network() -> (Vec<Vec<f32>>, f32, Network) {
        let mut state = 0x1234_5678_9abc_def1u64;
        let mut next = |scale: f32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            ((state >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * scale
        };
        let w1: Vec<f32> = (0..FEATURES * HIDDEN).map(|_| next(0.1)).collect();
        let b1: Vec<f32> = (0..HIDDEN).map(|_| next(0.5) + 0.3).collect();
        let w2: Vec<f32> = (0..L2 * 2 * HIDDEN).map(|_| next(0.2)).collect();
        let b2: Vec<f32> = (0..L2).map(|_| next(0.5)).collect();
        let w3: Vec<f32> = (0..L2).map(|_| next(2.0)).collect();
        let b3 = 0.1;
        let net = Network::quantize(&w1, &b1, &w2, &b2, &w3, b3);
        // The float network the integers stand for: the same weights, rounded as they are.
        let (qa, qb) = (QA as f32, QB as f32);
        let back = |w: &[i16], s: f32| w.iter().map(|&v| f32::from(v) / s).collect::<Vec<_>>();
        let b2 = net.b2.iter().map(|&v| v as f32 / (qa * qb)).collect();
        let floats =
            vec![back(&net.w1, qa), back(&net.b1, qa), back(&net.w2, qb), b2, back(&net.w3, qb)];
        (floats, net.b3 as f32 / (qa * qb), net)
    }

    fn float_logit(p: &[Vec<f32>], b3: f32, pos: &Position) -> f64 {
        let acc = |persp| {
            let mut a = p[1].clone();
            let mut f = Vec::new();
            active_features(pos, persp, &mut f);
            for f in f {
                for (x, w) in a.iter_mut().zip(&p[0][usize::from(f) * HIDDEN..][..HIDDEN]) {
                    *x += w;
                }
            }
            a.iter().map(|x| x.clamp(0.0, 1.0)).collect::<Vec<f32>>()
        };
        let stm = pos.side_to_move();
        let input = [acc(stm), acc(!stm)].concat();
        let mut out = f64::from(b3);
        for k in 0..L2 {
            let row = &p[2][k * 2 * HIDDEN..][..2 * HIDDEN];
            let s: f32 = row.iter().zip(&input).map(|(w, x)| w * x).sum::<f32>() + p[3][k];
            out += f64::from(s.clamp(0.0, 1.0) * p[4][k]);
        }
        out
    }

    #[test]
    fn integer_inference_follows_the_float_network() {
        let (p, b3, net) = random_network();
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
            "lns2g1nl/1r3gkb1/p1ppp1sp1/5p2p/1p4PP1/2P1P1S1P/PPBP1PN2/3G3R1/LNS1K1G1L w P 30",
            "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1",
        ] {
            let pos = parse_sfen(sfen).unwrap();
            let want = float_logit(&p, b3, &pos) / LOGIT_K;
            let got = f64::from(net.evaluate(&pos));
            // The hidden units are rounded to 1/QA: some centipawns.
            assert!((want - got).abs() < 30.0, "{sfen}: {want} vs {got}");
        }
    }

    #[test]
    fn the_built_in_network_corrects_the_table_by_a_little() {
        // A trained correction: small beside the table's scores, and not zero.
        let net = Network::built_in();
        let mut sum = 0;
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
            "lns2g1nl/1r3gkb1/p1ppp1sp1/5p2p/1p4PP1/2P1P1S1P/PPBP1PN2/3G3R1/LNS1K1G1L w P 30",
            "ln1g3nl/1r1sgk3/p1pppp1pp/1p3sp2/7P1/2P1P4/PPSP1PP1P/2G1G2R1/LN2K2NL b Bb 27",
        ] {
            let c = net.evaluate(&parse_sfen(sfen).unwrap());
            assert!(c.abs() < 1500, "{sfen}: {c}");
            sum += c.abs();
        }
        assert!(sum > 0);
    }

    #[test]
    fn files_round_trip_and_bad_ones_are_refused() {
        let (_, _, net) = random_network();
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), Network::FILE_LEN);
        let back = Network::from_bytes(&bytes).unwrap();
        let pos = Position::startpos();
        assert_eq!(back.evaluate(&pos), net.evaluate(&pos));
        assert_eq!(Network::from_bytes(&bytes[..100]).err(), Some(NetworkError::Size));
        assert_eq!(Network::from_bytes(b"not a network file").err(), Some(NetworkError::Header));
    }

    #[test]
    fn dequantized_weights_quantize_back_to_the_same_network() {
        // The shipped network, the one a trainer continues from, and a random one whose
        // weights are not the shipped network's.
        for (name, net) in
            [("built-in", Network::built_in()), ("random", random_network().2.into())]
        {
            let [w1, b1, w2, b2, w3, b3] = net.dequantize();
            let back = Network::quantize(&w1, &b1, &w2, &b2, &w3, b3[0]);
            assert!(back.to_bytes() == net.to_bytes(), "{name}");
        }
    }

    #[test]
    fn accumulators_along_paths_match_a_fresh_build() {
        use crate::rules::MoveList;
        let (_, _, net) = random_network();
        let mut accs = Accumulators::new(64);
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..40 {
            // A random path from the start, going back now and then, as a search does, and
            // evaluated at some plies only (the others are brought up lazily).
            let mut path = vec![Position::startpos()];
            accs.push_null(0);
            accs.entries[0].delta.refresh = [true; 2];
            for _ in 0..60 {
                if path.len() > 3 && next() % 4 == 0 {
                    path.truncate(path.len() - 1 - (next() % 3) as usize);
                }
                let pos = path.last().unwrap().clone();
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                let ply = path.len();
                if next() % 10 == 0 {
                    let mut child = pos.clone();
                    child.play_null();
                    if !child.in_check() && !pos.in_check() {
                        accs.push_null(ply);
                        path.push(child);
                        continue;
                    }
                }
                let m = list.get((next() % list.len() as u64) as usize).unwrap();
                accs.push(ply, &pos, m);
                let child = pos.played(m);
                if next() % 3 != 0 {
                    assert_eq!(accs.evaluate(&net, &child, ply), net.evaluate(&child), "{m}");
                }
                path.push(child);
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_output_layer_gives_the_portable_ones_numbers() {
        assert!(std::arch::is_x86_feature_detected!("avx2"), "this test wants an AVX2 machine");
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut lane = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Below 0, inside 0..=QA and above it: the clip's three cases.
            (state % 400) as i16 - 150
        };
        for net in [random_network().2, Network::random(7), (*Network::built_in()).clone()] {
            for _ in 0..2000 {
                let us: [i16; HIDDEN] = std::array::from_fn(|_| lane());
                let them: [i16; HIDDEN] = std::array::from_fn(|_| lane());
                // SAFETY: the processor has AVX2, as asserted above.
                #[allow(unsafe_code)]
                let fast = unsafe { net.output_avx2(&us, &them) };
                assert_eq!(fast, net.output(&us, &them), "{us:?} {them:?}");
            }
        }
    }

    #[test]
    fn rebuilds_from_a_king_square_cache_match_a_fresh_build() {
        // Positions one after the other through the same cache: its slots (a king square
        // each) are met again by boards, hands and enemy kings far from the ones they kept.
        let (_, _, net) = random_network();
        let mut accs = Accumulators::new(4);
        let sfens = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
            "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1",
            "lns2g1nl/1r3gkb1/p1ppp1sp1/5p2p/1p4PP1/2P1P1S1P/PPBP1PN2/3G3R1/LNS1K1G1L w P 30",
            "ln1g3nl/1r1sgk3/p1pppp1pp/1p3sp2/7P1/2P1P4/PPSP1PP1P/2G1G2R1/LN2K2NL b Bb 27",
            "4k4/9/9/9/9/9/9/9/4K4 w 2r2b4g4s4n4l18p 1",
            "9/9/9/9/4k4/9/9/9/4K4 b - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG1GSNL b - 1",
        ];
        for round in 0..3 {
            for (i, sfen) in sfens.iter().enumerate().skip(round) {
                let pos = parse_sfen(sfen).unwrap();
                for persp in Color::ALL {
                    let mut fresh = [0; HIDDEN];
                    net.refresh(&pos, persp, &mut fresh);
                    let got = rebuild(&mut accs.rebuilt, &net, &pos, persp);
                    assert_eq!(got, fresh, "{i} {sfen} {persp:?}");
                }
            }
        }
    }

    #[test]
    fn adding_and_removing_rows_follows_a_move() {
        let (_, _, net) = random_network();
        let before = Position::startpos();
        let after = parse_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
            .unwrap();
        for persp in Color::ALL {
            let mut acc = [0; HIDDEN];
            net.refresh(&before, persp, &mut acc);
            let sq = |s: &str| crate::notation::usi::parse_square(s).unwrap();
            let king = before.king_square(persp);
            let (mut gone, mut new) = (Vec::new(), Vec::new());
            let pawn = PieceKind::Pawn;
            piece_features(persp, king, Color::Black, pawn, sq("7g"), &mut gone);
            piece_features(persp, king, Color::Black, pawn, sq("7f"), &mut new);
            gone.into_iter().for_each(|f| net.remove(&mut acc, f));
            new.into_iter().for_each(|f| net.add(&mut acc, f));
            let mut fresh = [0; HIDDEN];
            net.refresh(&after, persp, &mut fresh);
            assert_eq!(acc, fresh);
        }
    }
}
