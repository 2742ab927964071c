//! Move ordering, in stages: the hash move is searched before anything is generated; then
//! the captures and promotions (every evasion in check) with the killers and counter move are
//! scored (a capture by its victim, its attacker and its capture history) and picked best
//! first; the other quiet moves are generated, given their history
//! scores and sorted only when the better moves are used up, which most cut nodes never reach.

use super::history::Tables;
use super::see::{capture_value, see_ge};
use super::stack::Stack;
use crate::eval::PIECE_VALUE;
use crate::rules::{Bitboard, Move, MoveSink, PieceKind, Position};

/// A move with its ordering score.
#[derive(Clone, Copy)]
pub(super) struct ScoredMove {
    pub(super) mv: Move,
    pub(super) score: i32,
    /// A quiet move whose history is added only once the better moves are used up.
    pub(super) quiet: bool,
}

/// A per-ply move buffer, reused from node to node (no zeroing, no allocation).
#[derive(Default)]
pub(super) struct MoveBuf {
    pub(super) moves: Vec<ScoredMove>,
    /// Moves scored above every quiet move (hash move, good captures, promotions, killers).
    good: usize,
    /// Quiet moves still wait for their history score.
    pending: bool,
    /// From this index on the list is sorted.
    sorted_from: Option<usize>,
    /// The quiet batch is still to be generated, ordered by `order`.
    quiets_due: bool,
    order: MoveOrder,
}

impl MoveSink for MoveBuf {
    #[inline]
    fn push(&mut self, m: Move) {
        self.moves.push(ScoredMove { mv: m, score: 0, quiet: false });
    }
}

/// What a node's move order rests on: the hash move, and the killers and counter move as they
/// stood before the hash move's subtree was searched.
#[derive(Clone, Copy, Default)]
pub(super) struct MoveOrder {
    pub(super) tt_move: Option<Move>,
    pub(super) killers: [Option<Move>; 2],
    pub(super) counter: Option<Move>,
}

impl MoveOrder {
    /// The killers and counter move, in order, each once.
    fn quiet_candidates(&self) -> impl Iterator<Item = Move> {
        let [k0, k1] = self.killers;
        let c = self.counter.filter(|&c| Some(c) != k0 && Some(c) != k1);
        [k0, k1.filter(|&k| Some(k) != k0), c].into_iter().flatten()
    }
}

/// The quiet batch without the killers and counter move (already in the first batch).
struct QuietSink<'a> {
    buf: &'a mut MoveBuf,
    skip: [Option<Move>; 3],
}

impl MoveSink for QuietSink<'_> {
    #[inline]
    fn push(&mut self, m: Move) {
        if !self.skip.contains(&Some(m)) {
            self.buf.push(m);
        }
    }
}

/// Scores at or above this are not quiet moves waiting for history.
const GOOD_MOVE_SCORE: i32 = 700_000;

/// True for a pawn, bishop or rook move that could promote and does not: almost never right,
/// so such moves are ordered last, and the quiescence search leaves them out.
#[inline]
pub(super) fn declines_promotion(pos: &Position, m: Move) -> bool {
    !m.is_promotion()
        && m.from().is_some_and(|from| {
            pos.piece_at(from).is_some_and(|p| {
                matches!(p.kind(), PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook)
            }) && (from.in_zone(pos.side_to_move()) || m.to().in_zone(pos.side_to_move()))
        })
}

/// The ordering score of the hash move: above every other.
pub(super) const TT_MOVE_SCORE: i32 = 2_000_000;

/// Moves picked by selection before the rest of the list is sorted once.
const SELECT_FIRST: usize = 3;

/// A move's ordering score, and whether it is a quiet move that waits for its history score.
fn order_score(pos: &Position, m: Move, order: &MoveOrder) -> (i32, bool) {
    let (mut score, quiet) = if Some(m) == order.tt_move {
        (TT_MOVE_SCORE, false)
    } else if let Some(victim) = pos.piece_at(m.to()) {
        let attacker =
            m.from().and_then(|f| pos.piece_at(f)).map_or(0, |p| PIECE_VALUE[p.kind().index()]);
        let base = capture_value(victim.kind()) * 8 - attacker / 8
            + if m.is_promotion() { 200 } else { 0 };
        if attacker > capture_value(victim.kind()) && !see_ge(pos, m, 0) {
            (-100_000 + base, false)
        } else {
            (1_000_000 + base, false)
        }
    } else if m.is_promotion() {
        let bonus = m.from().and_then(|f| pos.piece_at(f)).map_or(0, |p| match p.kind() {
            PieceKind::Pawn => 300,
            PieceKind::Bishop | PieceKind::Rook => 250,
            _ => 50,
        });
        (900_000 + bonus, false)
    } else if Some(m) == order.killers[0] {
        (800_000, false)
    } else if Some(m) == order.killers[1] {
        (790_000, false)
    } else if Some(m) == order.counter {
        (780_000, false)
    } else {
        (0, true)
    };
    if declines_promotion(pos, m) {
        score -= 3_000_000;
    }
    (score, quiet)
}

/// The pieces whose moves [`declines_promotion`] asks about, found once for a batch: the
/// side to move's pawns, bishops and rooks, and its promotion zone.
struct PromotionDecliners {
    pieces: Bitboard,
    zone: Bitboard,
}

impl PromotionDecliners {
    fn new(pos: &Position) -> PromotionDecliners {
        let us = pos.side_to_move();
        let pieces = pos.pieces(us, PieceKind::Pawn)
            | pos.pieces(us, PieceKind::Bishop)
            | pos.pieces(us, PieceKind::Rook);
        PromotionDecliners { pieces, zone: Bitboard::zone(us) }
    }

    /// [`declines_promotion`] of `m`, a move of the quiet batch (none of which promotes).
    #[inline]
    fn declines(&self, pos: &Position, m: Move) -> bool {
        let declines = m.from().is_some_and(|from| {
            self.pieces.contains(from) && (self.zone.contains(from) || self.zone.contains(m.to()))
        });
        debug_assert_eq!(declines, declines_promotion(pos, m));
        declines
    }
}

/// [`order_score`] of a move of the quiet batch, which neither captures nor promotes nor is
/// a killer or the counter move, with its history (`history`) already added.
#[inline]
fn quiet_order_score(
    pos: &Position,
    m: Move,
    order: &MoveOrder,
    decliners: &PromotionDecliners,
    history: impl Fn(Move) -> i32,
) -> i32 {
    let score = if Some(m) == order.tt_move { TT_MOVE_SCORE } else { history(m) };
    let scored = if decliners.declines(pos, m) { score - 3_000_000 } else { score };
    debug_assert_eq!(
        scored,
        match order_score(pos, m, order) {
            (s, true) => s + history(m),
            (s, false) => s,
        }
    );
    scored
}

impl MoveBuf {
    pub(super) fn new() -> MoveBuf {
        MoveBuf { moves: Vec::with_capacity(128), ..MoveBuf::default() }
    }

    pub(super) fn clear(&mut self) {
        self.moves.clear();
        self.good = 0;
        self.pending = false;
        self.sorted_from = None;
        self.quiets_due = false;
    }

    /// Fills the buffer with a node's first batch of moves, scored: the captures and
    /// promotions, and the killers and counter move where they are legal quiet moves here (in
    /// check, every evasion). The other quiet moves follow when `pick` gets to them: a node
    /// that cuts on a capture or a killer never generates them.
    ///
    /// A capture's history counts `1 / capture_divisor` of itself in its order (the tunable
    /// `CaptureHistoryDivisor`).
    pub(super) fn first_batch(
        &mut self,
        pos: &Position,
        order: MoveOrder,
        tables: &Tables,
        capture_divisor: i32,
    ) {
        self.clear();
        pos.legal_noisy_into(self);
        if !pos.in_check() {
            for m in order.quiet_candidates() {
                if pos.piece_at(m.to()).is_none() && !m.is_promotion() && pos.is_legal(m) {
                    self.push(m);
                }
            }
            self.quiets_due = true;
        }
        self.order = order;
        let mut good = 0;
        for sm in self.moves.iter_mut() {
            (sm.score, sm.quiet) = order_score(pos, sm.mv, &order);
            // The hash move stays first; a move capturing nothing has no capture history (0).
            if sm.score < TT_MOVE_SCORE {
                sm.score += tables.capture_history(pos, sm.mv) / capture_divisor;
            }
            if sm.score >= GOOD_MOVE_SCORE {
                good += 1;
            }
        }
        self.good = good;
        self.pending = true;
    }

    /// Orders the captures of a quiescence search: the most valuable victim first, the
    /// cheapest attacker among equals, promotions ahead, each moved by its capture history
    /// (`1 / capture_divisor` of it, as in [`MoveBuf::first_batch`]).
    pub(super) fn score_captures(&mut self, pos: &Position, tables: &Tables, capture_divisor: i32) {
        for sm in self.moves.iter_mut() {
            let m = sm.mv;
            let victim = pos.piece_at(m.to()).map_or(0, |p| capture_value(p.kind()));
            let attacker =
                m.from().and_then(|f| pos.piece_at(f)).map_or(0, |p| PIECE_VALUE[p.kind().index()]);
            sm.score = victim * 8 - attacker / 8
                + if m.is_promotion() { 300 } else { 0 }
                + tables.capture_history(pos, m) / capture_divisor;
        }
    }

    /// Appends the quiet batch, scored with the moves' `history` in one pass.
    fn quiet_batch(&mut self, pos: &Position, history: impl Fn(Move) -> i32) {
        self.quiets_due = false;
        let order = self.order;
        let first = self.moves.len();
        let mut skip = [None; 3];
        for (slot, m) in skip.iter_mut().zip(order.quiet_candidates()) {
            *slot = Some(m);
        }
        pos.legal_quiet_into(&mut QuietSink { buf: self, skip });
        let decliners = PromotionDecliners::new(pos);
        for sm in self.moves[first..].iter_mut() {
            sm.score = quiet_order_score(pos, sm.mv, &order, &decliners, &history);
        }
    }

    /// The `i`-th best move of the node at `ply`, `None` past the last: selection among the
    /// good moves; when they are used up, the quiet batch is generated, the quiet moves get
    /// their history scores from `tables` and the rest of the list is sorted once.
    #[inline]
    pub(super) fn pick(
        &mut self,
        pos: &Position,
        i: usize,
        tables: &Tables,
        stack: &Stack,
        ply: usize,
    ) -> Option<ScoredMove> {
        // Most calls read a sorted list (the late moves that pruning skips): inlined, they
        // pay no call of the selection's large body.
        if self.sorted_from.is_some_and(|s| i >= s) {
            return self.moves.get(i).copied();
        }
        self.pick_unsorted(pos, i, tables, stack, ply)
    }

    /// [`MoveBuf::pick`] before the list is sorted from `i` on.
    #[inline(never)]
    fn pick_unsorted(
        &mut self,
        pos: &Position,
        i: usize,
        tables: &Tables,
        stack: &Stack,
        ply: usize,
    ) -> Option<ScoredMove> {
        if self.pending && i >= self.good {
            let history = tables.quiet_scorer(pos, stack.previous_moves(ply));
            // The first batch's quiet moves (evasions), then the quiet batch, scored whole.
            for sm in self.moves[i..].iter_mut().filter(|sm| sm.quiet) {
                sm.score += history(sm.mv);
            }
            if self.quiets_due {
                self.quiet_batch(pos, &history);
            }
            self.pending = false;
            self.moves[i..].sort_unstable_by_key(|sm| std::cmp::Reverse(sm.score));
            self.sorted_from = Some(i);
            return self.moves.get(i).copied();
        }
        let list = &mut self.moves;
        if i >= list.len() {
            return None;
        }
        if i < SELECT_FIRST || self.pending {
            let mut best = i;
            for j in i + 1..list.len() {
                if list[j].score > list[best].score {
                    best = j;
                }
            }
            list.swap(i, best);
        } else {
            list[i..].sort_unstable_by_key(|sm| std::cmp::Reverse(sm.score));
            self.sorted_from = Some(i);
        }
        Some(list[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quiescence order of two captures of one pawn: the cheaper attacker first, until
    /// the other capture's history outweighs the difference.
    #[test]
    fn the_quiescence_order_follows_the_capture_history() {
        // A silver on 6f and a gold on 4f can both take the pawn on 5e.
        let pos =
            crate::notation::parse_sfen("4k4/9/9/9/4p4/3S1G3/9/9/4K4 b - 1").expect("a position");
        let order = |tables: &Tables| {
            let mut buf = MoveBuf::new();
            pos.legal_captures_into(&mut buf);
            buf.score_captures(&pos, tables, 4);
            buf.moves.sort_by_key(|sm| std::cmp::Reverse(sm.score));
            buf.moves.iter().map(|sm| sm.mv).collect::<Vec<_>>()
        };
        let mover = |m: Move| m.from().and_then(|sq| pos.piece_at(sq)).map(|p| p.kind());
        let mut tables = Tables::new();
        let before = order(&tables);
        assert_eq!(before.len(), 2);
        assert_eq!(mover(before[0]), Some(PieceKind::Silver));
        let gold_takes = before[1];
        assert_eq!(mover(gold_takes), Some(PieceKind::Gold));
        tables.update_capture_history(&pos, gold_takes, 400);
        let after = order(&tables);
        assert_eq!(after[0], gold_takes);
    }
}
