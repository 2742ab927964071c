//! The trainer's float weights and the engine's integers: a network is rounded to the file
//! the engine reads (`Network::from_bytes`), and read back into floats to continue training
//! a network whose float weights are gone (the shipped one). The file format is the one
//! thing the trainer and the engine share.
//!
//! Float weights are six vectors, in the file's order: `w1` (`FEATURES × HIDDEN`), `b1`,
//! `w2` (`L2 × 2·HIDDEN`), `b2`, `w3` and `b3` (its one value); activations run 0..=1 and
//! the output is a logit. The engine's activation of 1.0 is `QA`; its hidden and output
//! weights are scaled by `QB`.

use gnushogi::eval::nnue::{FEATURES, HIDDEN, L2, MAGIC, Network, NetworkError, QA, QB};

/// The network the float weights round to. Values beyond what the integers hold are
/// clamped; first-layer weights whose sums could overflow the engine's accumulators are an
/// error (`NetworkError::Range`).
pub fn quantize(
    w1: &[f32],
    b1: &[f32],
    w2: &[f32],
    b2: &[f32],
    w3: &[f32],
    b3: f32,
) -> Result<Network, NetworkError> {
    let (qa, qb) = (QA as f32, QB as f32);
    let mut bytes = MAGIC.to_vec();
    for d in [FEATURES, HIDDEN, L2] {
        bytes.extend((d as u32).to_le_bytes());
    }
    let i16s = |bytes: &mut Vec<u8>, v: &[f32], s: f32| {
        for x in v {
            bytes.extend(((x * s).round().clamp(-32768.0, 32767.0) as i16).to_le_bytes());
        }
    };
    i16s(&mut bytes, w1, qa);
    i16s(&mut bytes, b1, qa);
    i16s(&mut bytes, w2, qb);
    for x in b2 {
        bytes.extend(((x * qa * qb).round() as i32).to_le_bytes());
    }
    i16s(&mut bytes, w3, qb);
    bytes.extend(((b3 * qa * qb).round() as i32).to_le_bytes());
    Network::from_bytes(&bytes)
}

/// The float weights [`quantize`] would round to `net`, in its argument order (`b3` last,
/// alone in its vector).
pub fn dequantize(net: &Network) -> [Vec<f32>; 6] {
    let (qa, qb) = (QA as f32, QB as f32);
    let bytes = net.to_bytes();
    let mut rest = &bytes[MAGIC.len() + 12..];
    let mut take = |n: usize, width: usize| {
        let (head, tail) = rest.split_at(n * width);
        rest = tail;
        head.chunks_exact(width)
            .map(|c| match *c {
                [a, b] => f32::from(i16::from_le_bytes([a, b])),
                [a, b, c, d] => i32::from_le_bytes([a, b, c, d]) as f32,
                _ => unreachable!("i16 or i32"),
            })
            .collect::<Vec<f32>>()
    };
    let scaled = |v: Vec<f32>, s: f32| v.into_iter().map(|x| x / s).collect();
    [
        scaled(take(FEATURES * HIDDEN, 2), qa),
        scaled(take(HIDDEN, 2), qa),
        scaled(take(L2 * 2 * HIDDEN, 2), qb),
        scaled(take(L2, 4), qa * qb),
        scaled(take(L2, 2), qb),
        scaled(take(1, 4), qa * qb),
    ]
}
