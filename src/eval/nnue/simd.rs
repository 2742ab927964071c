//! The network's output layers on the accumulators: the portable form, and the same
//! integers summed 16 lanes at a time where the processor has AVX2 (every x86-64 made since
//! about 2015, but not the baseline a distribution builds for). The evaluations choose
//! between them once per call (`Network::evaluate`, `Accumulators::evaluate`), in a copy
//! compiled for AVX2, as `folded.rs` does for `popcnt`.

use super::{HIDDEN, L2, LOGIT_K, Network, QA, QB};

impl Network {
    /// The evaluation in centipawns from the side to move's view, given its accumulator
    /// (`us`) and the other side's (`them`): the portable form, the reference the vector
    /// one agrees with.
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

    /// [`Network::output`] on the processor's vector instructions (AVX2), or `None` where it
    /// has none: the same number, faster.
    pub fn output_simd(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN]) -> Option<i32> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has just been found to have the instructions.
            #[allow(unsafe_code)]
            return Some(unsafe { self.output_avx2(us, them) });
        }
        let _ = (us, them);
        None
    }

    /// [`Network::output`] 16 lanes at a time: each hidden unit's `2 × HIDDEN` products
    /// summed by `pmaddwd`, four units' sums folded together by `phaddd`, the clipped units
    /// and their output weights by one more `pmaddwd`. The same integers in another order:
    /// the same result (`(sum + QB / 2) / QB` and an arithmetic shift differ only below zero,
    /// which the clip makes 0 either way).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    pub(super) fn output_avx2(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN]) -> i32 {
        use std::arch::x86_64::*;
        const { assert!(HIDDEN.is_multiple_of(16) && L2 == 16 && QB == 256) };
        // Sixteen lanes of the input a register: the side to move's, then the other's.
        const CHUNKS: usize = 2 * HIDDEN / 16;
        let (zero, one) = (_mm256_setzero_si256(), _mm256_set1_epi16(QA as i16));
        let clip = |v: __m256i| _mm256_min_epi16(_mm256_max_epi16(v, zero), one);
        let (ours, _) = us.as_chunks::<16>();
        let (theirs, _) = them.as_chunks::<16>();
        let input: [__m256i; CHUNKS] = std::array::from_fn(|i| {
            clip(load(if i < CHUNKS / 2 { &ours[i] } else { &theirs[i - CHUNKS / 2] }))
        });
        let (rows, _) = self.w2.as_chunks::<16>();
        assert_eq!(rows.len(), L2 * CHUNKS);
        // Eight lanes of unit k's products summed: its sum is theirs.
        let unit = |k: usize| {
            let row = &rows[k * CHUNKS..][..CHUNKS];
            let mut sum = _mm256_madd_epi16(load(&row[0]), input[0]);
            for i in 1..CHUNKS {
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(load(&row[i]), input[i]));
            }
            sum
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
