//! Static exchange evaluation: what a capture (or a drop, or a move onto an attacked square)
//! wins once every profitable recapture on its square has been played.

use crate::eval::{HAND_VALUE, PIECE_VALUE};
use crate::rules::{Move, PieceKind, Position, Square};

/// Value of a piece as a capture victim: it leaves the board and joins the captor's hand.
#[inline]
pub fn capture_value(kind: PieceKind) -> i32 {
    PIECE_VALUE[kind.index()] + HAND_VALUE[kind.unpromote().index().min(6)]
}

/// Static exchange evaluation: does the move win at least `threshold` once every
/// profitable recapture on its square has been played?
#[inline]
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    see_value(pos, m) >= threshold
}

/// The exchange value of a move by the full swap list (minimax over the capture sequence).
pub fn see_value(pos: &Position, m: Move) -> i32 {
    let us = pos.side_to_move();
    let to = m.to();
    let (mut occ, mut on_square, first) = match (m.drop_kind(), m.from()) {
        (Some(kind), _) => (pos.occupied().with(to), kind, 0),
        (None, Some(from)) => {
            let mover = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind());
            let captured = pos.piece_at(to).map_or(0, |p| capture_value(p.kind()));
            let kind = mover.promoted_if(m.is_promotion());
            let promo = PIECE_VALUE[kind.index()] - PIECE_VALUE[mover.index()];
            (pos.occupied().without(from).with(to), kind, captured + promo)
        }
        (None, None) => return 0,
    };
    let mut gains = [0i32; 40];
    gains[0] = first;
    let mut d = 0;
    let mut side = !us;
    loop {
        let attackers = pos.attackers_by(side, to, occ) & occ;
        if attackers.is_empty() || d >= 38 {
            break;
        }
        let mut best: Option<(Square, i32, PieceKind)> = None;
        for sq in attackers {
            let k = pos.piece_at(sq).expect("attacker").kind();
            let v = if k == PieceKind::King { 100_000 } else { PIECE_VALUE[k.index()] };
            if best.is_none_or(|(_, bv, _)| v < bv) {
                best = Some((sq, v, k));
            }
        }
        let (sq, _, kind) = best.expect("non-empty");
        if kind == PieceKind::King
            && (pos.attackers_by(!side, to, occ.without(sq)) & occ.without(sq)).is_nonempty()
        {
            break;
        }
        d += 1;
        gains[d] = capture_value(on_square) - gains[d - 1];
        on_square = kind;
        occ = occ.without(sq);
        side = !side;
    }
    while d > 0 {
        gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
        d -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_sfen, parse_usi_move};

    #[test]
    fn see_values() {
        let p = parse_sfen("4k4/9/9/4p4/9/4R4/9/9/4K4 b - 1").unwrap();
        let take = parse_usi_move("5f5d").unwrap().to_move(&p).unwrap();
        assert_eq!(see_value(&p, take), capture_value(PieceKind::Pawn));
        let q = parse_sfen("4k4/9/4g4/4p4/9/4R4/9/9/4K4 b - 1").unwrap();
        let take = parse_usi_move("5f5d").unwrap().to_move(&q).unwrap();
        assert!(see_value(&q, take) < 0);
        assert!(!see_ge(&q, take, 0));
        assert_eq!(
            see_value(&q, take),
            capture_value(PieceKind::Pawn) - capture_value(PieceKind::Rook)
        );
    }
}
