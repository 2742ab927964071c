//! The network file: its format, read and written, and the network every build carries
//! (`nnue/gnushogi.nnue`).

use super::features::{FEATURES, MAX_ACTIVE};
use super::{HIDDEN, L2, Network, QA};

/// What is wrong with a network file.
#[derive(Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// Not a network file, or one of other dimensions.
    Header,
    /// Shorter or longer than its dimensions say.
    Size,
    /// A weight too large: one of a file of the earlier format that does not scale up to
    /// this one's, or first-layer weights whose sum in some position leaves an i16.
    Range,
}

impl std::fmt::Display for NetworkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetworkError::Header => write!(f, "not a network of these dimensions"),
            NetworkError::Size => write!(f, "the network file has the wrong size"),
            NetworkError::Range => write!(f, "a weight of the network is out of range"),
        }
    }
}

impl std::error::Error for NetworkError {}

/// Largest network file a front end reads (ours are 0.6 MiB): a device such as `/dev/zero`
/// would otherwise be read until memory runs out.
pub const MAX_FILE: u64 = 16 << 20;

/// The file's first bytes, a name; the dimensions follow (`FEATURES`, `HIDDEN`, `L2`, each
/// a little-endian u32).
pub const MAGIC: &[u8; 8] = b"GSNNUE04";

/// The format before, the same but for its activation of 1.0, 127 (`QA / 4`), which rounded
/// the first layer's weights to steps of 0.008, coarser than a training round moves most of
/// them. Its files are read exactly: their first layer's weights and the biases at its
/// scale are multiplied by 4.
const MAGIC_QA127: &[u8; 8] = b"GSNNUE03";
const QA127_SCALE: i32 = {
    assert!(QA % 127 == 0, "the old files' weights scale up exactly");
    QA / 127
};

/// The network every build carries (`nnue/gnushogi.nnue`, made by the recipe in
/// doc/strength.md, "A learned evaluation").
const EMBEDDED: &[u8] = include_bytes!("../../../nnue/gnushogi.nnue");

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
    /// `w2` as i16, `b2` as i32, `w3` as i16 and `b3` as i32, all little-endian. Files of
    /// the format before (`GSNNUE03`) are read too, scaled to this one's. A network whose
    /// accumulators could overflow is refused ([`NetworkError::Range`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let net = Self::parse(bytes)?;
        if net.accumulators_fit() { Ok(net) } else { Err(NetworkError::Range) }
    }

    /// The weights of a file as [`Network::from_bytes`] reads it, scaled to this format,
    /// before the accumulators are checked.
    fn parse(bytes: &[u8]) -> Result<Network, NetworkError> {
        let dims = [FEATURES, HIDDEN, L2].map(|d| (d as u32).to_le_bytes());
        if bytes.len() < 20 || bytes[8..20] != dims.concat()[..] {
            return Err(NetworkError::Header);
        }
        let scale = match &bytes[..8] {
            magic if magic == MAGIC => 1,
            magic if magic == MAGIC_QA127 => QA127_SCALE,
            _ => return Err(NetworkError::Header),
        };
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
        if scale == 1 {
            return Ok(Network { w1, b1, w2, b2, w3, b3 });
        }
        let up16 = |v: Vec<i16>| {
            v.into_iter()
                .map(|x| i16::try_from(i32::from(x) * scale).map_err(|_| NetworkError::Range))
                .collect::<Result<Vec<i16>, _>>()
        };
        let up32 = |x: i32| x.checked_mul(scale).ok_or(NetworkError::Range);
        let (w1, b1) = (up16(w1)?, up16(b1)?);
        let b2 = b2.into_iter().map(up32).collect::<Result<Vec<i32>, _>>()?;
        let b3 = up32(b3)?;
        Ok(Network { w1, b1, w2, b2, w3, b3 })
    }

    /// Whether every accumulator stays inside an i16 in every position: its bias plus the
    /// `MAX_ACTIVE` largest of its weights, and plus the as many smallest. The updates wrap,
    /// so a sum inside the range comes out right whatever the order; one outside would turn
    /// a large evaluation into its opposite.
    fn accumulators_fit(&self) -> bool {
        let n = MAX_ACTIVE.min(FEATURES);
        let mut column = vec![0i32; FEATURES];
        (0..HIDDEN).all(|h| {
            for (f, w) in column.iter_mut().enumerate() {
                *w = i32::from(self.w1[f * HIDDEN + h]);
            }
            let bias = i32::from(self.b1[h]);
            column.select_nth_unstable(n - 1);
            let low: i32 = column[..n].iter().filter(|w| **w < 0).sum();
            column.select_nth_unstable_by(n - 1, |a, b| b.cmp(a));
            let high: i32 = column[..n].iter().filter(|w| **w > 0).sum();
            bias + low >= i32::from(i16::MIN) && bias + high <= i32::from(i16::MAX)
        })
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
}
