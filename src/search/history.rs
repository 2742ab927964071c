//! Move-ordering statistics learnt while searching: the butterfly history, the continuation
//! history one and two plies back, and counter moves. Kept per thread from move to move.

use super::worker::Worker;
use crate::rules::{Color, Move, Position, Square};

/// History scores stay within this bound (the update pulls them towards it, never past).
const HISTORY_MAX: i32 = 16_384;

/// History index of a move's origin: the square for board moves, 81 + kind for drops.
#[inline]
fn from_index(m: Move) -> usize {
    match m.drop_kind() {
        Some(k) => 81 + k.index(),
        None => m.from().map_or(0, |s| s.index()),
    }
}

const HISTORY_FROM: usize = 88;
/// Keys of the continuation history: piece code × destination.
const CONT_KEYS: usize = 32 * 81;

/// Piece code and destination of a move, for the continuation history.
#[inline]
fn cont_key(pos: &Position, m: Move) -> (usize, Square) {
    let code = match m.drop_kind() {
        Some(k) => crate::rules::Piece::new(pos.side_to_move(), k).code(),
        None => m.from().and_then(|f| pos.piece_at(f)).map_or(0, |p| p.code()),
    };
    (code, m.to())
}

#[inline]
fn cont_index(prev: (usize, Square), cur: (usize, Square)) -> usize {
    (prev.0 * 81 + prev.1.index()) * CONT_KEYS + cur.0 * 81 + cur.1.index()
}

/// Move-ordering statistics of one search thread, kept from move to move in a game.
pub struct Tables {
    pub(super) history: Vec<i32>,
    /// Continuation history: how well a move (piece, destination) did after a given previous
    /// move (piece, destination), one or two plies back.
    pub(super) continuation: Vec<i16>,
    pub(super) counter: Vec<Option<Move>>,
}

impl Tables {
    pub(super) fn new() -> Tables {
        Tables {
            history: vec![0; 2 * HISTORY_FROM * 81],
            continuation: vec![0; CONT_KEYS * CONT_KEYS],
            counter: vec![None; 32 * 81],
        }
    }

    pub(super) fn clear(&mut self) {
        self.history.fill(0);
        self.continuation.fill(0);
        self.counter.fill(None);
    }
}

/// The ordering tables of every thread, reused by the next search.
#[derive(Default)]
pub struct TablePool(std::sync::Mutex<Vec<Tables>>);

impl TablePool {
    pub(super) fn take(&self) -> Tables {
        self.0.lock().ok().and_then(|mut v| v.pop()).unwrap_or_else(Tables::new)
    }

    pub(super) fn give_back(&self, t: Tables) {
        if let Ok(mut v) = self.0.lock() {
            v.push(t);
        }
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&self) {
        if let Ok(mut v) = self.0.lock() {
            v.iter_mut().for_each(|t| t.clear());
        }
    }
}

impl Worker<'_> {
    pub(super) fn history_index(side: Color, m: Move) -> usize {
        (side.index() * HISTORY_FROM + from_index(m)) * 81 + m.to().index()
    }

    pub(super) fn update_history(&mut self, pos: &Position, ply: usize, m: Move, bonus: i32) {
        let h = &mut self.tables.history[Self::history_index(pos.side_to_move(), m)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
        let cur = cont_key(pos, m);
        for back in [1, 2] {
            if ply >= back
                && let Some(prev) = self.stack[ply - back].moved
            {
                let c = &mut self.tables.continuation[cont_index(prev, cur)];
                let v = i32::from(*c);
                *c = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
            }
        }
    }

    /// History of a quiet move: butterfly plus continuation one and two plies back.
    #[inline]
    pub(super) fn quiet_history(&self, pos: &Position, ply: usize, m: Move) -> i32 {
        let mut h = self.tables.history[Self::history_index(pos.side_to_move(), m)];
        let cur = cont_key(pos, m);
        for back in [1, 2] {
            if ply >= back
                && let Some(prev) = self.stack[ply - back].moved
            {
                h += i32::from(self.tables.continuation[cont_index(prev, cur)]);
            }
        }
        h
    }

    /// The counter move stored for the previous move at `ply`, if any.
    pub(super) fn counter_move(&self, ply: usize) -> Option<Move> {
        if ply == 0 {
            return None;
        }
        self.stack[ply - 1].moved.and_then(|(p, sq)| self.tables.counter[p * 81 + sq.index()])
    }

    /// Remembers `m` as the answer to the previous move at `ply`.
    pub(super) fn set_counter_move(&mut self, ply: usize, m: Move) {
        if ply > 0
            && let Some((p, sq)) = self.stack[ply - 1].moved
        {
            self.tables.counter[p * 81 + sq.index()] = Some(m);
        }
    }
}
