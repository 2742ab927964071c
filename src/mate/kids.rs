//! The children of a node in the df-pn search: what is known of each, how their numbers
//! combine into the parent's (weak proof numbers), and which to search next.
//!
//! Interpositions are expanded one at a time (as shtsume and KomoringHeights do): the
//! defender's drops form one chain, nearest the king and weakest piece first, and only its
//! first unproved drop is a child; the next is made once that one is proved. A proof needs
//! them all anyway, and most fall to the same attack, so counting each one would make the
//! node look far harder than it is.

use super::table::{INF, PN_MAX, Val};
use crate::rules::{Hand, Move, MoveList, PieceKind, Square};

/// A child of the node being searched, with what is known of it.
#[derive(Copy, Clone)]
pub(super) struct Kid {
    pub m: Move,
    pub key: u64,
    pub hand: Hand,
    pub v: Val,
    /// The kind dropped by the move (attacker's drop at OR nodes, defender's at AND nodes).
    pub drop: Option<PieceKind>,
    /// The base kind captured by an attacker's move.
    pub capture: Option<PieceKind>,
    /// A defender's drop not made yet: it waits its turn in the chain of interpositions.
    pub pending: bool,
}

impl Kid {
    /// A drop that waits its turn (its key, hand and numbers are filled in when it is made).
    pub fn pending(m: Move) -> Kid {
        let v = Val::open(1, 1);
        Kid { m, key: 0, hand: Hand::EMPTY, v, drop: m.drop_kind(), capture: None, pending: true }
    }
}

/// Order of the defender's replies: moves first, then the drops nearest the king first, the
/// weakest piece first on each square.
pub(super) fn order_replies(kids: &mut [Kid], king: Option<Square>) {
    let dist = |s: Square| {
        king.map_or(0, |k| k.file().abs_diff(s.file()).max(k.rank().abs_diff(s.rank())))
    };
    kids.sort_by_key(|k| match k.drop {
        None => (0, 0, 0),
        Some(kind) => (1, dist(k.m.to()), strength(kind)),
    });
}

/// Rank of a piece dropped as an interposition, weakest first.
fn strength(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Pawn => 0,
        PieceKind::Lance => 1,
        PieceKind::Knight => 2,
        PieceKind::Silver => 3,
        PieceKind::Gold => 4,
        PieceKind::Bishop => 5,
        _ => 6,
    }
}

/// Index of the first drop of the chain still to prove, if any (`kids` in `order_replies`'s
/// order).
pub(super) fn chain_head(kids: &[Kid]) -> Option<usize> {
    kids.iter().position(|k| k.drop.is_some() && !k.v.is_proven())
}

/// A child's threshold: the parent's less what the other open children add (`INF` stays).
pub(super) fn less(th: u32, rest: u32) -> u32 {
    if th == INF { INF } else { th.saturating_sub(rest) }
}

/// Index of the child with the least key, and the second least key (`INF` if alone); children
/// not made yet are passed over.
pub(super) fn best_two(kids: &[Kid], key: impl Fn(&Kid) -> u32) -> (usize, u32) {
    let mut best = 0;
    let mut first = INF;
    let mut second = INF;
    for (i, k) in kids.iter().enumerate().filter(|(_, k)| !k.pending) {
        let x = key(k);
        if x < first {
            second = first;
            first = x;
            best = i;
        } else if x < second {
            second = x;
        }
    }
    (best, second)
}

/// Numbers of an attacker's node: the least proof number, and as disproof number the largest
/// child's plus one for each other open child (weak proof numbers: summing would count the
/// same positions again and again where checks transpose, as they do in long problems).
pub(super) fn or_numbers(kids: &[Kid]) -> (u32, u32, u32) {
    let pn = kids.iter().map(|k| k.v.pn).min().unwrap_or(INF);
    if pn == 0 {
        return (0, INF, 0);
    }
    let (max, open) = weak(kids.iter().map(|k| k.v.dn));
    let dn = if max == 0 { 0 } else { max.saturating_add(open - 1).min(PN_MAX) };
    (pn, dn, dn - max.min(dn))
}

/// Numbers of a defender's node: the least disproof number, and as proof number the largest
/// child's plus one for each other open child; the chain of interpositions counts as its
/// first unproved drop.
pub(super) fn and_numbers(kids: &[Kid]) -> (u32, u32, u32) {
    let made = || kids.iter().filter(|k| !k.pending);
    let dn = made().map(|k| k.v.dn).min().unwrap_or(INF);
    if dn == 0 {
        return (INF, 0, 0);
    }
    let (max, open) = weak(made().map(|k| k.v.pn));
    let pn = if max == 0 { 0 } else { max.saturating_add(open - 1).min(PN_MAX) };
    (pn, dn, pn - max.min(pn))
}

/// The largest of some numbers and how many are not zero.
fn weak(xs: impl Iterator<Item = u32>) -> (u32, u32) {
    xs.fold((0, 0), |(max, open), x| (max.max(x), open + u32::from(x != 0)))
}

/// Replies counted as the search counts them: the drops as one.
pub(super) fn distinct_replies(list: &MoveList) -> u32 {
    let moves = list.iter().filter(|m| !m.is_drop()).count() as u32;
    moves + u32::from(list.iter().any(|m| m.is_drop()))
}
