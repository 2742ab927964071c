//! How the children's results combine into the parent's, with proof and disproof hands: an
//! attacker's node is proved by one check and disproved by all; a defender's node the other
//! way round. The per-kind hand arithmetic is in `hands`.

use super::hands;
use super::table::{DEPTH_INF, NO_REP, Val, next_len, round_dd};
use crate::rules::{Hand, Move, PieceKind, Position};

/// The base kind an attacker's move captures.
pub(super) fn captured(pos: &Position, m: Move) -> Option<PieceKind> {
    m.from().and(pos.piece_at(m.to())).map(|p| p.kind().unpromote())
}

/// Proof of an attacker's node by a move whose child has proof `v`: the child's proof hand,
/// plus the piece dropped, less the piece captured.
pub(super) fn or_proof(
    v: &Val,
    drop: Option<PieceKind>,
    capture: Option<PieceKind>,
    hand: Hand,
) -> Val {
    let mut ph = v.hand;
    if let Some(kind) = drop {
        ph = hands::plus(ph, kind);
    }
    if let Some(kind) = capture {
        ph = hands::minus(ph, kind);
    }
    let out = Val::proof(next_len(v.len), hands::min(ph, hand));
    debug_assert!(hand.is_superior_or_equal(out.hand));
    out
}

/// Disproof of a defender's node by a reply whose child has disproof `v`. If the reply is a
/// drop the defender needs that piece, so the attacker cannot hold more of it.
pub(super) fn and_disproof(v: &Val, drop: Option<PieceKind>, hand: Hand) -> Val {
    let mut dh = v.hand;
    if let Some(kind) = drop {
        dh = hands::set(dh, kind, dh.count(kind));
    }
    let out = Val::disproof(round_dd(next_len(v.dd), false), dh, v.rep);
    debug_assert!(out.hand.is_superior_or_equal(hand), "{hand:?} {out:?}");
    out
}

/// Disproof of an attacker's node, gathered over all its checks: the least of the children's
/// disproof hands (shifted back over drops and captures), and none of a kind not held (a new
/// kind could give a new checking drop).
pub(super) struct OrDisproof {
    dh: Hand,
    dd: u16,
    rep: u16,
}

impl OrDisproof {
    pub(super) fn new() -> OrDisproof {
        OrDisproof { dh: hands::full(), dd: DEPTH_INF, rep: NO_REP }
    }

    pub(super) fn add(&mut self, v: &Val, drop: Option<PieceKind>, capture: Option<PieceKind>) {
        let mut c = v.hand;
        if let Some(kind) = drop {
            c = hands::plus(c, kind);
        }
        if let Some(kind) = capture {
            c = hands::minus(c, kind);
        }
        self.dh = hands::min(self.dh, c);
        self.dd = self.dd.min(next_len(v.dd));
        self.rep = self.rep.min(v.rep);
    }

    pub(super) fn finish(self, hand: Hand) -> Val {
        let mut dh = self.dh;
        for kind in PieceKind::HAND {
            if !hand.has(kind) {
                dh = hands::set(dh, kind, 0);
            }
        }
        let out = Val::disproof(round_dd(self.dd, true), dh, self.rep);
        debug_assert!(out.hand.is_superior_or_equal(hand), "{hand:?} {out:?}");
        out
    }
}

/// Proof of a defender's node, gathered over all its replies: the longest child mate and the
/// union of the children's proof hands and of the pieces an interposition would need.
pub(super) struct AndProof {
    ph: Hand,
    len: u16,
}

impl AndProof {
    pub(super) fn new(interpose: Hand) -> AndProof {
        AndProof { ph: interpose, len: 0 }
    }

    pub(super) fn add(&mut self, v: &Val) {
        self.ph = hands::max(self.ph, v.hand);
        self.len = self.len.max(v.len);
    }

    pub(super) fn finish(self, hand: Hand) -> Val {
        Val::proof(next_len(self.len), hands::min(self.ph, hand))
    }
}
