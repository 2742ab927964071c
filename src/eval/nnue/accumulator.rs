//! The accumulators: each perspective's sum of its active features' rows of `w1` plus `b1`,
//! built from scratch ([`Network::refresh`]) or kept along a search's path
//! ([`Accumulators`]). A move adds and removes a few rows; a king's move rebuilds its own
//! side's accumulator only (from the one last built with the king on that square, and the
//! rows of what changed since), and moves one feature (its square) of the other's.

use super::features::{HAND_MAX, active_features, hand_feature, king_feature, piece_features};
use super::{HIDDEN, Network};
use crate::rules::{Bitboard, Color, Hand, Move, PieceKind, Position, Square};

impl Network {
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

/// An accumulator losing each feature extended with: its row is taken away.
struct Taking<'a> {
    net: &'a Network,
    sum: [i16; HIDDEN],
}

impl Extend<u16> for Taking<'_> {
    #[inline(always)]
    fn extend<I: IntoIterator<Item = u16>>(&mut self, iter: I) {
        for f in iter {
            self.net.remove(&mut self.sum, f);
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
    /// Extends `out` with the features (one or two) this change gives, as `perspective` sees
    /// them. (Fed to the accumulator as they are found: a list of them on the stack, copied
    /// out whole, had cost a store-forwarding stall a change.)
    #[inline(always)]
    fn features(self, perspective: Color, own_king: Option<Square>, out: &mut impl Extend<u16>) {
        match self {
            Change::Board(color, kind, sq) => {
                piece_features(perspective, own_king, color, kind, sq, out)
            }
            Change::King(color, sq) => out.extend([king_feature(perspective, color, sq)]),
            Change::Hand(color, index, count) => {
                out.extend([hand_feature(perspective, color, index, count)])
            }
        }
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

    /// `perspective`'s accumulator for `pos`, the path's position at `ply`, brought up as an
    /// evaluation brings it: the one [`Network::refresh`] builds anew.
    pub fn accumulator(
        &mut self,
        net: &Network,
        pos: &Position,
        ply: usize,
        perspective: Color,
    ) -> [i16; HIDDEN] {
        self.bring_up(net, pos, ply, perspective);
        self.entries[ply].acc[perspective.index()]
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
            let delta = entry.delta;
            let mut taking = Taking { net, sum: done[p - 1].acc[side] };
            for change in delta.removed.into_iter().flatten() {
                change.features(perspective, own_king, &mut taking);
            }
            let mut adding = Summing { net, sum: taking.sum };
            for change in delta.added.into_iter().flatten() {
                change.features(perspective, own_king, &mut adding);
            }
            entry.acc[side] = adding.sum;
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
