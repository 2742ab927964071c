//! Move ordering: each node's moves are scored once (hash move, captures by victim and
//! exchange, promotions, killers, the counter move) and picked best first; the quiet moves get
//! their history scores only when the better moves are used up.

use super::see::{capture_value, see_ge};
use super::worker::Worker;
use crate::eval::PIECE_VALUE;
use crate::rules::{Move, MoveSink, PieceKind, Position};

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
    pub(super) good: usize,
    /// Quiet moves still wait for their history score.
    pub(super) pending: bool,
    /// From this index on the list is sorted.
    pub(super) sorted_from: Option<usize>,
}

impl MoveBuf {
    pub(super) fn clear(&mut self) {
        self.moves.clear();
        self.good = 0;
        self.pending = false;
        self.sorted_from = None;
    }
}

impl MoveSink for MoveBuf {
    #[inline]
    fn push(&mut self, m: Move) {
        self.moves.push(ScoredMove { mv: m, score: 0, quiet: false });
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

impl Worker<'_> {
    /// Scores the moves of `frames[fi]` (the node at `ply`) for ordering. Higher first.
    /// `killers` and `counter` are the node's as they stood before its hash move was searched.
    pub(super) fn score_moves(
        &mut self,
        pos: &Position,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        counter: Option<Move>,
        fi: usize,
    ) {
        let mut frame = std::mem::take(&mut self.frames[fi]);
        let mut good = 0;
        for sm in frame.moves.iter_mut() {
            let m = sm.mv;
            sm.quiet = false;
            sm.score = if Some(m) == tt_move {
                TT_MOVE_SCORE
            } else if let Some(victim) = pos.piece_at(m.to()) {
                let attacker = m
                    .from()
                    .and_then(|f| pos.piece_at(f))
                    .map_or(0, |p| PIECE_VALUE[p.kind().index()]);
                let base = capture_value(victim.kind()) * 8 - attacker / 8
                    + if m.is_promotion() { 200 } else { 0 };
                if attacker > capture_value(victim.kind()) && !see_ge(pos, m, 0) {
                    -100_000 + base
                } else {
                    1_000_000 + base
                }
            } else if m.is_promotion() {
                900_000
                    + m.from().and_then(|f| pos.piece_at(f)).map_or(0, |p| match p.kind() {
                        PieceKind::Pawn => 300,
                        PieceKind::Bishop | PieceKind::Rook => 250,
                        _ => 50,
                    })
            } else if Some(m) == killers[0] {
                800_000
            } else if Some(m) == killers[1] {
                790_000
            } else if Some(m) == counter {
                780_000
            } else {
                sm.quiet = true;
                0
            };
            if sm.score >= GOOD_MOVE_SCORE {
                good += 1;
            }
            if declines_promotion(pos, m) {
                sm.score -= 3_000_000;
            }
        }
        frame.good = good;
        frame.pending = true;
        self.frames[fi] = frame;
    }

    /// The `i`-th best move of `frames[fi]` (the node at `ply`): selection among the good
    /// moves; when they are used up, the quiet moves get their history scores and the rest of
    /// the list is sorted once.
    #[inline]
    pub(super) fn pick(&mut self, pos: &Position, ply: usize, fi: usize, i: usize) -> ScoredMove {
        if self.frames[fi].sorted_from.is_some_and(|s| i >= s) {
            return self.frames[fi].moves[i];
        }
        if self.frames[fi].pending && i >= self.frames[fi].good {
            let mut frame = std::mem::take(&mut self.frames[fi]);
            for sm in frame.moves[i..].iter_mut().filter(|sm| sm.quiet) {
                sm.score += self.quiet_history(pos, ply, sm.mv);
            }
            frame.pending = false;
            frame.moves[i..].sort_unstable_by_key(|sm| std::cmp::Reverse(sm.score));
            frame.sorted_from = Some(i);
            self.frames[fi] = frame;
            return self.frames[fi].moves[i];
        }
        let frame = &mut self.frames[fi];
        let list = &mut frame.moves;
        if i < SELECT_FIRST || frame.pending {
            let mut best = i;
            for j in i + 1..list.len() {
                if list[j].score > list[best].score {
                    best = j;
                }
            }
            list.swap(i, best);
        } else {
            list[i..].sort_unstable_by_key(|sm| std::cmp::Reverse(sm.score));
            frame.sorted_from = Some(i);
        }
        list[i]
    }
}
