//! Statistics learnt while searching: the butterfly history, the continuation history one and
//! two plies back, counter moves and the capture history (move ordering), and the correction
//! history (how far the search found the static evaluation off, by pawn structure). Kept per
//! thread from move to move.

use crate::rules::{Color, Move, PieceKind, Position, Square};

/// History scores stay within this bound (the update pulls them towards it, never past).
const HISTORY_MAX: i32 = 16_384;

/// A statistic `v` after a `bonus`: the further `v` already is towards the bonus's side of
/// `limit`, the less it moves, so it never passes `limit`.
#[inline]
fn pulled(v: i32, bonus: i32, limit: i32) -> i32 {
    v + bonus - v * bonus.abs() / limit
}

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

/// Keys of the capture history: moving piece's code × destination × captured kind.
const CAPTURE_KEYS: usize = 32 * 81 * 16;

/// The capture history slot of `m` in `pos`, if it captures.
#[inline]
fn capture_index(pos: &Position, m: Move) -> Option<usize> {
    let victim = pos.piece_at(m.to())?;
    let (code, to) = cont_key(pos, m);
    Some((code * 81 + to.index()) * 16 + victim.kind().index())
}

/// The continuation row of a missing previous move.
static ZERO_ROW: [i16; CONT_KEYS] = [0; CONT_KEYS];

/// Correction history entries per side to move: `1 << CORRECTION_BITS`.
const CORRECTION_BITS: u32 = 14;
const CORRECTION_SIZE: usize = 1 << CORRECTION_BITS;
/// Correction entries stay within this bound; an entry of `e` moves the evaluation by
/// `e / CORRECTION_GRAIN` centipawns.
const CORRECTION_LIMIT: i32 = 1024;
const CORRECTION_GRAIN: i32 = 8;

/// The correction history slot of a position: its side to move and both sides' pawns.
#[inline]
fn correction_index(pos: &Position) -> usize {
    let fold = |b: u128| (b as u64) ^ ((b >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let black = fold(pos.pieces(Color::Black, PieceKind::Pawn).0);
    let white = fold(pos.pieces(Color::White, PieceKind::Pawn).0);
    let h = (black ^ white.rotate_left(32)).wrapping_mul(0xd6e8_feb8_6659_fd93);
    pos.side_to_move().index() * CORRECTION_SIZE + (h >> (64 - CORRECTION_BITS)) as usize
}

#[inline]
fn cont_index(prev: (usize, Square), cur: (usize, Square)) -> usize {
    (prev.0 * 81 + prev.1.index()) * CONT_KEYS + cur.0 * 81 + cur.1.index()
}

/// Move-ordering statistics of one search thread, kept from move to move in a game.
pub struct Tables {
    history: Vec<i32>,
    /// Continuation history: how well a move (piece, destination) did after a given previous
    /// move (piece, destination), one or two plies back.
    continuation: Vec<i16>,
    /// One bit per row of `continuation` (a previous move) that may hold a non-zero entry:
    /// the table is 13 MiB, and a search writes few of its rows, so a clear zeroes only these.
    touched_rows: Vec<u64>,
    counter: Vec<Option<Move>>,
    /// Capture history: how well a capture (moving piece, destination, captured kind) did.
    capture: Vec<i16>,
    /// Correction history: the search's score less the static evaluation, averaged by side
    /// to move and pawn structure.
    correction: Vec<i16>,
    /// Static evaluations by position key: a leaf of quiescence is not kept in the
    /// transposition table, and is met again and again. See [`Tables::evaluate`].
    eval_cache: Vec<u64>,
}

impl Tables {
    pub(super) fn new() -> Tables {
        // 13 MiB read at two rows a node: large pages, as for the transposition table.
        // (Zeroed memory from the allocator is mapped but not yet touched.)
        let continuation = vec![0; CONT_KEYS * CONT_KEYS];
        super::tt::advise_huge_pages(&continuation);
        Tables {
            history: vec![0; 2 * HISTORY_FROM * 81],
            continuation,
            touched_rows: vec![0; CONT_KEYS.div_ceil(64)],
            counter: vec![None; 32 * 81],
            capture: vec![0; CAPTURE_KEYS],
            correction: vec![0; 2 * CORRECTION_SIZE],
            eval_cache: vec![0; EVAL_CACHE_SIZE],
        }
    }

    pub(super) fn clear(&mut self) {
        self.history.fill(0);
        for (word_index, word) in self.touched_rows.iter_mut().enumerate() {
            let mut bits = std::mem::take(word);
            while bits != 0 {
                let row = word_index * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.continuation[row * CONT_KEYS..][..CONT_KEYS].fill(0);
            }
        }
        self.counter.fill(None);
        self.capture.fill(0);
        self.correction.fill(0);
    }

    /// The static evaluation of `pos`, from the cache when it has been seen. The cache needs
    /// no clearing: the evaluation is a function of the position alone. An entry keeps the
    /// key's top 40 bits: a different position in the slot passes for it once in 2^40.
    /// `eval` computes it when the cache misses.
    pub(super) fn evaluate(&mut self, pos: &Position, eval: impl FnOnce() -> i32) -> i32 {
        let key = pos.key();
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE_SIZE - 1)];
        if let Some(v) = cached_eval(*slot, key) {
            return v;
        }
        let v = eval();
        if let Some(entry) = eval_entry(key, v) {
            *slot = entry;
        }
        v
    }

    /// Brings the cache slot of `key` in: a child's evaluation would wait on it.
    #[inline]
    pub(super) fn prefetch_eval(&self, key: u64) {
        super::tt::prefetch_line(&self.eval_cache[key as usize & (EVAL_CACHE_SIZE - 1)]);
    }

    fn history_index(side: Color, m: Move) -> usize {
        (side.index() * HISTORY_FROM + from_index(m)) * 81 + m.to().index()
    }

    /// Moves the history of `m`, played in `pos`, by `bonus`; `previous` are the moves one
    /// and two plies before (piece code and destination), as the stack keeps them.
    pub(super) fn update_history(
        &mut self,
        pos: &Position,
        m: Move,
        bonus: i32,
        previous: [Option<(usize, Square)>; 2],
    ) {
        let h = &mut self.history[Self::history_index(pos.side_to_move(), m)];
        *h = pulled(*h, bonus, HISTORY_MAX);
        let cur = cont_key(pos, m);
        for prev in previous.into_iter().flatten() {
            let row = prev.0 * 81 + prev.1.index();
            self.touched_rows[row / 64] |= 1 << (row % 64);
            let c = &mut self.continuation[cont_index(prev, cur)];
            *c = pulled(i32::from(*c), bonus, HISTORY_MAX) as i16;
        }
    }

    /// The capture history of `m` in `pos` (0 for a move that captures nothing).
    #[inline]
    pub(super) fn capture_history(&self, pos: &Position, m: Move) -> i32 {
        capture_index(pos, m).map_or(0, |i| i32::from(self.capture[i]))
    }

    /// Moves the capture history of `m`, a capture in `pos`, by `bonus`.
    pub(super) fn update_capture_history(&mut self, pos: &Position, m: Move, bonus: i32) {
        if let Some(i) = capture_index(pos, m) {
            let c = &mut self.capture[i];
            *c = pulled(i32::from(*c), bonus, HISTORY_MAX) as i16;
        }
    }

    /// The static evaluation `raw` corrected by what searches found in like positions.
    #[inline]
    pub(super) fn corrected_eval(&self, pos: &Position, raw: i32) -> i32 {
        raw + i32::from(self.correction[correction_index(pos)]) / CORRECTION_GRAIN
    }

    /// A search of `depth` scored the node `score` where the corrected evaluation said `eval`.
    pub(super) fn update_correction(&mut self, pos: &Position, depth: i32, score: i32, eval: i32) {
        let bonus = ((score - eval) * depth / 8).clamp(-CORRECTION_LIMIT / 4, CORRECTION_LIMIT / 4);
        let c = &mut self.correction[correction_index(pos)];
        *c = pulled(i32::from(*c), bonus, CORRECTION_LIMIT) as i16;
    }

    /// History of a quiet move: butterfly plus continuation after the `previous` moves.
    #[inline]
    pub(super) fn quiet_history(
        &self,
        pos: &Position,
        m: Move,
        previous: [Option<(usize, Square)>; 2],
    ) -> i32 {
        self.quiet_scorer(pos, previous)(m)
    }

    /// [`Tables::quiet_history`] of the moves of one node: the side's butterfly rows and the
    /// continuation rows of the `previous` moves are found once (a missing previous move reads
    /// a row of zeros), so each move costs three loads.
    #[inline]
    pub(super) fn quiet_scorer<'t>(
        &'t self,
        pos: &'t Position,
        previous: [Option<(usize, Square)>; 2],
    ) -> impl Fn(Move) -> i32 + 't {
        let side = pos.side_to_move();
        let butterfly = &self.history[side.index() * HISTORY_FROM * 81..][..HISTORY_FROM * 81];
        let [row0, row1] = previous.map(|prev| match prev {
            Some((code, sq)) => {
                &self.continuation[(code * 81 + sq.index()) * CONT_KEYS..][..CONT_KEYS]
            }
            None => &ZERO_ROW[..],
        });
        move |m: Move| {
            let to = m.to().index();
            let (from, code) = match m.drop_kind() {
                Some(k) => (81 + k.index(), crate::rules::Piece::new(side, k).code()),
                None => {
                    let from = m.origin_unchecked();
                    (from.index(), pos.piece_at(from).map_or(0, |p| p.code()))
                }
            };
            let column = code * 81 + to;
            butterfly[from * 81 + to] + i32::from(row0[column]) + i32::from(row1[column])
        }
    }

    /// The counter move stored for the `previous` move, if any.
    #[inline]
    pub(super) fn counter_move(&self, previous: Option<(usize, Square)>) -> Option<Move> {
        previous.and_then(|(p, sq)| self.counter[p * 81 + sq.index()])
    }

    /// Remembers `m` as the answer to the `previous` move.
    pub(super) fn set_counter_move(&mut self, previous: Option<(usize, Square)>, m: Move) {
        if let Some((p, sq)) = previous {
            self.counter[p * 81 + sq.index()] = Some(m);
        }
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

/// Entries of the evaluation cache (8 bytes each: 512 KiB).
const EVAL_CACHE_SIZE: usize = 1 << 16;
/// An entry keeps the key's bits above these and the evaluation in these.
const EVAL_BITS: u32 = 24;
const EVAL_MASK: u64 = (1 << EVAL_BITS) - 1;
const EVAL_OFFSET: i32 = 1 << (EVAL_BITS - 1);

/// The evaluation an entry of the cache holds for `key`, if it is that key's.
#[inline]
fn cached_eval(entry: u64, key: u64) -> Option<i32> {
    (entry != 0 && (entry ^ key) & !EVAL_MASK == 0)
        .then(|| (entry & EVAL_MASK) as i32 - EVAL_OFFSET)
}

/// The cache entry for `key` and evaluation `v` (none for a value outside ±2^23, far beyond
/// any evaluation).
#[inline]
fn eval_entry(key: u64, v: i32) -> Option<u64> {
    let stored = u64::try_from(v.checked_add(EVAL_OFFSET)?).ok()?;
    (stored <= EVAL_MASK).then_some((key & !EVAL_MASK) | stored)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clear_zeroes_every_continuation_and_capture_entry_written() {
        let pos = Position::startpos();
        let mut tables = Tables::new();
        let mut list = crate::rules::MoveList::new();
        pos.legal_moves(&mut list);
        // Rows at both ends of the table and in between, one and two plies back.
        let previous =
            [(0, 0), (31, 80), (17, 40)].map(|(code, sq)| (code, Square::from_index_unchecked(sq)));
        for (i, m) in list.iter().enumerate() {
            let prev = previous[i % previous.len()];
            tables.update_history(&pos, m, 500, [Some(prev), Some(previous[(i + 1) % 3])]);
        }
        assert!(tables.continuation.iter().any(|&c| c != 0));
        // A capture's history; a move capturing nothing has none to move.
        let quiet = list.iter().next().expect("moves");
        tables.update_capture_history(&pos, quiet, 500);
        assert!(tables.capture.iter().all(|&c| c == 0));
        assert_eq!(tables.capture_history(&pos, quiet), 0);
        // After 7g7f 3c3d the bishops face each other: either takes the other.
        let middle = crate::notation::parse_sfen(
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
        )
        .expect("a position");
        let mut moves = crate::rules::MoveList::new();
        middle.legal_moves(&mut moves);
        let bishop_takes =
            moves.iter().find(|&m| middle.piece_at(m.to()).is_some()).expect("a capture");
        tables.update_capture_history(&middle, bishop_takes, 500);
        assert_eq!(tables.capture_history(&middle, bishop_takes), 500);
        tables.update_capture_history(&middle, bishop_takes, -200);
        assert_eq!(
            tables.capture_history(&middle, bishop_takes),
            500 - 200 - 500 * 200 / HISTORY_MAX
        );
        tables.clear();
        assert!(tables.capture.iter().all(|&c| c == 0));
        assert!(tables.continuation.iter().all(|&c| c == 0));
        assert!(tables.touched_rows.iter().all(|&w| w == 0));
        assert!(tables.history.iter().all(|&h| h == 0));
    }

    #[test]
    fn eval_cache_entries_round_trip_and_reject_other_keys() {
        let keys = [0x0123_4567_89ab_cdef_u64, u64::MAX, 1 << 40, 0xdead_beef];
        for key in keys {
            for v in [0, 1, -1, 31_999, -31_999, EVAL_OFFSET - 1, -EVAL_OFFSET] {
                let e = eval_entry(key, v).expect("in range");
                assert_eq!(cached_eval(e, key), Some(v), "{key:x} {v}");
                // Another position in the same slot (the low bits) is not taken for this one.
                assert_eq!(cached_eval(e, key ^ (1 << 50)), None);
                assert_eq!(cached_eval(e, key ^ (1 << EVAL_BITS)), None);
            }
            assert_eq!(eval_entry(key, EVAL_OFFSET), None);
            assert_eq!(eval_entry(key, -EVAL_OFFSET - 1), None);
            assert_eq!(eval_entry(key, i32::MAX), None);
            assert_eq!(eval_entry(key, i32::MIN), None);
        }
        // An empty slot holds nothing.
        assert_eq!(cached_eval(0, 0), None);
    }
}
