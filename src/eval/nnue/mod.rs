//! A learned evaluation with a hidden layer, NNUE-style. Trained by `examples/nnue_train.rs`
//! as a correction of the linear table: the search adds its output to the table's
//! evaluation. Every build carries one ([`Network::built_in`], `nnue/gnushogi.nnue`); USI's
//! `EvalFile` loads another and `UseNNUE` turns it off (doc/strength.md, "A learned
//! evaluation").
//!
//! **Network**: one accumulator per perspective, the sum of its active features' rows of
//! `w1` plus `b1` (`HIDDEN` wide, `i16`); the side to move's and the other's, clipped to
//! 0..=1, make the hidden layer's input (`2 × HIDDEN`); one hidden layer of `L2` clipped
//! units; one output, the correction in centipawns (a logit of the side to move's winning
//! chance, added to the table's, over `LOGIT_K`). All integer: activations of 1.0 are `QA`, the
//! hidden weights and the output's are scaled by `QB`.
//!
//! One job a file: the input features (`features.rs`), the network file and the built-in
//! network (`file.rs`), the accumulators, built anew or kept along a search's path
//! (`accumulator.rs`), and the output layers, portable and on AVX2 (`simd.rs`). This file
//! holds the dimensions, the weights and the evaluation of a position from scratch. The
//! trainer's float weights and their rounding to these integers are the trainer's
//! (`examples/common/quantize.rs`): the file format is all the two share.

mod accumulator;
mod features;
mod file;
mod simd;

pub use accumulator::Accumulators;
pub use features::{FEATURES, HAND_MAX, MAX_ACTIVE, active_features, hand_feature, piece_features};
pub use file::{MAGIC, MAX_FILE, NetworkError};

use crate::rules::Position;

/// Width of one perspective's accumulator.
pub const HIDDEN: usize = 32;
/// Units of the hidden layer.
pub const L2: usize = 16;
/// An activation of 1.0: the first layer's weights are rounded to steps of 1/508. The
/// largest accumulator the networks trained so far can reach is about 28.0 (the bias and
/// each unit's `MAX_ACTIVE` largest weights), under half of what an i16 holds at this scale;
/// a network that could go past it is refused when read.
pub const QA: i32 = 508;
/// The scale of the hidden layer's and the output's weights (i16: a weight of 1.0 is 256,
/// and the hidden layer's 64 inputs of at most `QA` stay inside an i32).
pub const QB: i32 = 256;
/// The logistic scale of centipawns, as the linear table was fitted: the chance of a win is
/// `sigmoid(LOGIT_K × cp)`.
pub const LOGIT_K: f64 = 0.00117;

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

impl Network {
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
        // A weight of `x` at the scale `s` (`QA` or `QB`), rounded to its integer.
        let q = |x: f32, s: i32| (x * s as f32).round().clamp(-32768.0, 32767.0) as i16;
        let w1 = (0..FEATURES * HIDDEN).map(|_| q(uniform(0.02), QA)).collect();
        let w2 = (0..L2 * 2 * HIDDEN).map(|_| q(uniform(0.1), QB)).collect();
        let w3 = (0..L2).map(|_| q(uniform(0.3), QB)).collect();
        Network { w1, b1: vec![q(0.5, QA); HIDDEN], w2, b2: vec![0; L2], w3, b3: 0 }
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
}
