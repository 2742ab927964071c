//! Per-kind arithmetic on hands, for proof and disproof hands.

use crate::rules::{Hand, MAX_IN_SET, PieceKind};

/// The hand holding every piece a set has (a disproof valid for any hand).
pub fn full() -> Hand {
    PieceKind::HAND
        .into_iter()
        .zip(MAX_IN_SET)
        .fold(Hand::EMPTY, |h, (k, n)| h.with_count(k, n).unwrap_or(h))
}

fn zip_with(a: Hand, b: Hand, f: impl Fn(u32, u32) -> u32) -> Hand {
    PieceKind::HAND
        .into_iter()
        .fold(Hand::EMPTY, |h, k| h.with_count(k, f(a.count(k), b.count(k))).unwrap_or(h))
}

/// Per-kind minimum.
pub fn min(a: Hand, b: Hand) -> Hand {
    zip_with(a, b, u32::min)
}

/// Per-kind maximum.
pub fn max(a: Hand, b: Hand) -> Hand {
    zip_with(a, b, u32::max)
}

/// One more of `kind`, saturating at a set's count.
pub fn plus(h: Hand, kind: PieceKind) -> Hand {
    h.with_count(kind, h.count(kind) + 1).unwrap_or(h)
}

/// One less of `kind`, saturating at zero.
pub fn minus(h: Hand, kind: PieceKind) -> Hand {
    h.with_count(kind, h.count(kind).saturating_sub(1)).unwrap_or(h)
}

/// `h` with the count of `kind` taken from `from`.
pub fn set(h: Hand, kind: PieceKind, n: u32) -> Hand {
    h.with_count(kind, n).unwrap_or(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic() {
        let mut a = Hand::EMPTY;
        a.add(PieceKind::Pawn);
        a.add(PieceKind::Gold);
        let mut b = Hand::EMPTY;
        b.add(PieceKind::Pawn);
        b.add(PieceKind::Pawn);
        b.add(PieceKind::Rook);
        assert_eq!(min(a, b).count(PieceKind::Pawn), 1);
        assert_eq!(min(a, b).total(), 1);
        assert_eq!(max(a, b).total(), 4);
        assert!(full().is_superior_or_equal(max(a, b)));
        assert_eq!(plus(full(), PieceKind::Rook), full());
        assert_eq!(minus(Hand::EMPTY, PieceKind::Rook), Hand::EMPTY);
        assert_eq!(minus(b, PieceKind::Pawn).count(PieceKind::Pawn), 1);
        assert_eq!(set(a, PieceKind::Gold, 3).count(PieceKind::Gold), 3);
    }
}
