//! The search: iterative deepening, principal-variation alpha-beta with aspiration
//! windows, quiescence, and the usual pruning and ordering heuristics, over shared
//! transposition table threads (Lazy SMP).
//!
//! Scores are centipawns from the side to move's view; mates are `±(MATE - ply)`.
//! Repetition inside the tree is a draw (contempt applied), except a cycle in which one side
//! checked on every move: that side loses, as sennichite rules it.

pub mod limits;
pub mod time;
pub mod tt;

pub use limits::{
    Bound, Clock, MAX_MULTIPV, PvLine, Score, SearchInfo, SearchLimits, SearchResult,
};
pub use time::{DEFAULT_MOVE_OVERHEAD, TimeManager};
pub use tt::{TranspositionTable, TtBound};

use crate::eval::{HAND_VALUE, PIECE_VALUE, evaluate};
use crate::game::Game;
use crate::rules::{
    Color, EnteringKingRule, Move, MoveList, MoveSink, PieceKind, Position, Square,
};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

pub const MAX_PLY: usize = 128;
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub const MATE_IN_MAX: i32 = MATE - MAX_PLY as i32;
pub const INFINITE: i32 = MATE + 1;
/// A won position that is not a mate (the opponent checks perpetually).
const DECISIVE: i32 = 20_000;

// ---- tuned margins -----------------------------------------------------------------------
const ASPIRATION_DELTA: i32 = 25;
const RFP_DEPTH: i32 = 7;
const RFP_MARGIN: i32 = 110;
const NMP_MIN_DEPTH: i32 = 3;
const FUTILITY_DEPTH: i32 = 6;
const FUTILITY_BASE: i32 = 120;
const FUTILITY_PER_DEPTH: i32 = 110;
const LMP_DEPTH: i32 = 6;
const SEE_QUIET_MARGIN: i32 = 25;
const SEE_CAPTURE_MARGIN: i32 = 100;
const QS_DELTA_MARGIN: i32 = 250;
const HISTORY_MAX: i32 = 16_384;
const RAZOR_MARGIN: i32 = 550;
const SINGULAR_MIN_DEPTH: i32 = 8;
/// Mixed into the key of a search that leaves a move out.
const EXCLUDED_SALT: u64 = 0x9e37_79b9_7f4a_7c15;
/// Nodes between checks of the clock and the stop flag.
const POLL_INTERVAL: u64 = 2048;
/// How far back (plies) the tree looks for a repeated position.
const REPETITION_WINDOW: usize = 32;

/// Everything a search needs from its owner.
pub struct SearchContext<'a> {
    pub tt: &'a TranspositionTable,
    /// Set from outside to stop at once (`?`, `stop`, `quit`).
    pub stop: &'a AtomicBool,
    /// Set from outside when a ponder search becomes a real one.
    pub ponderhit: &'a AtomicBool,
    pub threads: usize,
    /// Draw score in centipawns, from the engine's view: positive avoids draws.
    pub contempt: i32,
    pub move_overhead: Duration,
    /// Move-ordering tables, reused from search to search.
    pub tables: &'a TablePool,
    /// Scores the entering-king wins in the tree (a declaration, a king on its try square).
    pub entering_king: EnteringKingRule,
}

/// Value of a piece as a capture victim: it leaves the board and joins the captor's hand.
#[inline]
pub fn capture_value(kind: PieceKind) -> i32 {
    PIECE_VALUE[kind.index()] + HAND_VALUE[kind.unpromote().index().min(6)]
}

#[inline]
fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_IN_MAX {
        score + ply as i32
    } else if score <= -MATE_IN_MAX {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_IN_MAX {
        score - ply as i32
    } else if score <= -MATE_IN_MAX {
        score + ply as i32
    } else {
        score
    }
}

/// Converts an internal score to a reported one.
pub fn to_score(v: i32) -> Score {
    if v >= MATE_IN_MAX {
        Score::Mate(MATE - v)
    } else if v <= -MATE_IN_MAX {
        Score::Mate(-(MATE + v))
    } else {
        Score::Cp(v)
    }
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
            let kind = if m.is_promotion() { mover.promote().unwrap_or(mover) } else { mover };
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

/// A move with its ordering score.
#[derive(Clone, Copy)]
struct ScoredMove {
    mv: Move,
    score: i32,
    /// A quiet move whose history is added only once the better moves are used up.
    quiet: bool,
}

/// A per-ply move buffer, reused from node to node (no zeroing, no allocation).
#[derive(Default)]
struct MoveBuf {
    moves: Vec<ScoredMove>,
    /// Moves scored above every quiet move (hash move, good captures, promotions, killers).
    good: usize,
    /// Quiet moves still wait for their history score.
    pending: bool,
    /// From this index on the list is sorted.
    sorted_from: Option<usize>,
}

impl MoveBuf {
    fn clear(&mut self) {
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

/// Moves picked by selection before the rest of the list is sorted once.
const SELECT_FIRST: usize = 3;

#[derive(Clone, Copy, Default)]
struct StackEntry {
    eval: i32,
    killers: [Option<Move>; 2],
    /// The move played from this ply (None for a null move or the root's parent).
    current: Option<Move>,
    /// Piece code and destination of `current`, for counter moves.
    moved: Option<(usize, Square)>,
    null_move: bool,
    /// A move left out of this node's search (singular extension verification).
    excluded: Option<Move>,
}

#[derive(Clone)]
struct RootMove {
    mv: Move,
    score: i32,
    prev_score: i32,
    pv: Vec<Move>,
}

/// History index of a move's origin: the square for board moves, 81 + kind for drops.
#[inline]
fn from_index(m: Move) -> usize {
    match m.drop_kind() {
        Some(k) => 81 + k.index(),
        None => m.from().map_or(0, |s| s.index()),
    }
}

struct Worker<'a> {
    ctx: &'a SearchContext<'a>,
    /// Stops helpers when the main thread is done.
    done: &'a AtomicBool,
    node_slot: &'a AtomicU64,
    all_nodes: &'a [AtomicU64],
    is_main: bool,
    tm: TimeManager,
    node_limit: Option<u64>,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    root_depth: i32,
    /// The deepest iteration reported (exact or a bound): the depth the result stands for.
    reported_depth: u32,
    tables: Tables,
    stack: Vec<StackEntry>,
    /// Keys and check flags of every position from the game start along the current path.
    keys: Vec<u64>,
    checks: Vec<bool>,
    /// Index in `keys` below which a repetition is not looked for: the position after the
    /// last null move on the path (a pass makes earlier positions unreachable).
    repetition_floor: usize,
    pv: Vec<[Option<Move>; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    lmr: Vec<[i32; 64]>,
    root_moves: Vec<RootMove>,
    /// MultiPV: the root searches `root_moves[pv_index..]`, the lines before it being done.
    pv_index: usize,
    /// How many best lines to find (at least 1).
    multipv: usize,
    frames: Vec<MoveBuf>,
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
    history: Vec<i32>,
    /// Continuation history: how well a move (piece, destination) did after a given previous
    /// move (piece, destination), one or two plies back.
    continuation: Vec<i16>,
    counter: Vec<Option<Move>>,
}

impl Tables {
    fn new() -> Tables {
        Tables {
            history: vec![0; 2 * HISTORY_FROM * 81],
            continuation: vec![0; CONT_KEYS * CONT_KEYS],
            counter: vec![None; 32 * 81],
        }
    }

    fn clear(&mut self) {
        self.history.fill(0);
        self.continuation.fill(0);
        self.counter.fill(None);
    }
}

/// The ordering tables of every thread, reused by the next search.
#[derive(Default)]
pub struct TablePool(std::sync::Mutex<Vec<Tables>>);

impl TablePool {
    fn take(&self) -> Tables {
        self.0.lock().ok().and_then(|mut v| v.pop()).unwrap_or_else(Tables::new)
    }

    fn give_back(&self, t: Tables) {
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

/// What the threads of one search share besides the context.
#[derive(Clone, Copy)]
struct Shared<'a> {
    ctx: &'a SearchContext<'a>,
    done: &'a AtomicBool,
    node_slots: &'a [AtomicU64],
}

impl<'a> Worker<'a> {
    fn new(
        shared: &Shared<'a>,
        index: usize,
        game: &Game,
        limits: &SearchLimits,
        root_moves: &[Move],
    ) -> Worker<'a> {
        let Shared { ctx, done, node_slots } = *shared;
        let mut lmr = vec![[0i32; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.6 + (d as f64).ln() * (m as f64).ln() / 2.1) as i32;
            }
        }
        Worker {
            ctx,
            done,
            node_slot: &node_slots[index],
            all_nodes: node_slots,
            is_main: index == 0,
            tm: TimeManager::new(limits, ctx.move_overhead),
            node_limit: limits.nodes,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            root_depth: 0,
            reported_depth: 0,
            tables: ctx.tables.take(),
            stack: vec![StackEntry::default(); MAX_PLY + 8],
            keys: game.positions().iter().map(Position::key).collect(),
            checks: game.positions().iter().map(Position::in_check).collect(),
            repetition_floor: 0,
            pv: vec![[None; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            lmr,
            root_moves: root_moves
                .iter()
                .map(|&mv| RootMove { mv, score: -INFINITE, prev_score: -INFINITE, pv: vec![mv] })
                .collect(),
            pv_index: 0,
            multipv: limits.multipv.max(1),
            frames: (0..2 * (MAX_PLY + 2))
                .map(|_| MoveBuf { moves: Vec::with_capacity(128), ..MoveBuf::default() })
                .collect(),
        }
    }

    /// A game the entering-king rule ends here: the mover's king on its try square (a loss
    /// for the side to move), or a winning declaration by the side to move (scored as a mate
    /// in one, so that a shorter mate is still preferred).
    #[inline]
    fn entering_king_end(&self, pos: &Position, ply: usize) -> Option<i32> {
        match self.ctx.entering_king {
            EnteringKingRule::None => None,
            EnteringKingRule::Try => {
                pos.king_on_try_square(!pos.side_to_move()).then(|| mated_in(ply))
            }
            rule => pos.can_declare_win_by(rule).then(|| MATE - ply as i32 - 1),
        }
    }

    fn total_nodes(&self) -> u64 {
        self.all_nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }

    /// Polls the clock and stop flags every `POLL_INTERVAL` nodes.
    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.node_slot.store(self.nodes, Ordering::Relaxed);
            if self.ctx.stop.load(Ordering::Relaxed) || self.done.load(Ordering::Relaxed) {
                self.stopped = true;
            } else if self.is_main {
                if self.tm.is_pondering() && self.ctx.ponderhit.load(Ordering::Relaxed) {
                    self.tm.ponderhit();
                }
                if self.root_depth > 1
                    && (self.tm.hard_expired()
                        || self.node_limit.is_some_and(|n| self.total_nodes() >= n))
                {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    fn draw_score(&self, ply: usize) -> i32 {
        // Side to move at `ply` is the root side on even plies.
        if ply.is_multiple_of(2) { -self.ctx.contempt } else { self.ctx.contempt }
    }

    /// A repeated position on the path or in the game: draw, or a decisive result when one
    /// side checked on every move of the cycle.
    fn repetition(&self, ply: usize) -> Option<i32> {
        let n = self.keys.len();
        if n < 5 {
            return None;
        }
        let cur = self.keys[n - 1];
        let oldest = n.saturating_sub(REPETITION_WINDOW + 1).max(self.repetition_floor);
        let mut i = n - 1;
        while i >= oldest + 4 {
            i -= 2;
            if self.keys[i] == cur {
                // Positions i+1..n-1; the side that just moved made the moves into n-1, n-3, ...
                let mut opponent_checks = true;
                let mut own_checks = true;
                for j in i + 1..n {
                    if (n - 1 - j).is_multiple_of(2) {
                        opponent_checks &= self.checks[j];
                    } else {
                        own_checks &= self.checks[j];
                    }
                }
                return Some(match (opponent_checks, own_checks) {
                    (true, false) => DECISIVE - ply as i32,
                    (false, true) => -(DECISIVE - ply as i32),
                    _ => self.draw_score(ply),
                });
            }
        }
        None
    }

    #[inline]
    fn history_index(side: Color, m: Move) -> usize {
        (side.index() * HISTORY_FROM + from_index(m)) * 81 + m.to().index()
    }

    fn update_history(&mut self, pos: &Position, ply: usize, m: Move, bonus: i32) {
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
    fn quiet_history(&self, pos: &Position, ply: usize, m: Move) -> i32 {
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

    /// Scores the moves of `frames[fi]` (the node at `ply`) for ordering. Higher first.
    fn score_moves(&mut self, pos: &Position, tt_move: Option<Move>, ply: usize, fi: usize) {
        let us = pos.side_to_move();
        let killers = self.stack[ply].killers;
        let counter = if ply > 0 {
            self.stack[ply - 1].moved.and_then(|(p, sq)| self.tables.counter[p * 81 + sq.index()])
        } else {
            None
        };
        let mut frame = std::mem::take(&mut self.frames[fi]);
        let mut good = 0;
        for sm in frame.moves.iter_mut() {
            let m = sm.mv;
            sm.quiet = false;
            sm.score = if Some(m) == tt_move {
                2_000_000
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
            // Declining promotion with a pawn, bishop or rook is almost never right.
            if !m.is_promotion()
                && let Some(from) = m.from()
                && let Some(p) = pos.piece_at(from)
                && matches!(p.kind(), PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook)
                && (from.in_zone(us) || m.to().in_zone(us))
            {
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
    fn pick(&mut self, pos: &Position, ply: usize, fi: usize, i: usize) -> ScoredMove {
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

    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = Some(m);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    fn search<const PV: bool>(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch::<PV>(pos, alpha, beta, ply);
        }
        self.pv_len[ply] = ply;
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        if PV {
            self.seldepth = self.seldepth.max(ply);
        }
        let in_check = pos.in_check();
        let root = ply == 0;
        if !root {
            if let Some(s) = self.repetition(ply) {
                return s;
            }
            if ply >= MAX_PLY - 2 {
                return if in_check { 0 } else { evaluate(pos) };
            }
            if let Some(s) = self.entering_king_end(pos, ply) {
                return s;
            }
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        let excluded = self.stack[ply].excluded;
        // The verification search of a singular extension has a table slot of its own.
        let key =
            pos.key() ^ excluded.map_or(0, |m| u64::from(m.to_u16()).wrapping_mul(EXCLUDED_SALT));
        // Its moves live in a second set of buffers: the node's own list is still in use.
        let fi = if excluded.is_some() { MAX_PLY + 2 + ply } else { ply };
        let tte = self.ctx.tt.probe(key);
        let tt_move = tte.and_then(|e| e.mv).filter(|&m| pos.is_legal(m));
        if let Some(e) = tte
            && !PV
            && e.depth >= depth
        {
            let s = score_from_tt(e.score, ply);
            let usable = match e.bound {
                TtBound::Exact => true,
                TtBound::Lower => s >= beta,
                TtBound::Upper => s <= alpha,
                TtBound::None => false,
            };
            if usable {
                return s;
            }
        }

        let eval = if in_check { -INFINITE } else { tte.map_or_else(|| evaluate(pos), |e| e.eval) };
        self.stack[ply].eval = eval;
        let improving = !in_check && ply >= 2 && eval > self.stack[ply - 2].eval;
        self.stack[ply + 1].killers = [None, None];

        if !PV && !in_check && excluded.is_none() {
            // Razoring: hopeless at the last ply, unless a capture saves it.
            if depth == 1 && eval + RAZOR_MARGIN < alpha {
                let v = self.qsearch::<false>(pos, alpha, alpha + 1, ply);
                if v <= alpha {
                    return v;
                }
            }
            // Reverse futility: far above beta at low depth.
            if depth <= RFP_DEPTH
                && eval - RFP_MARGIN * (depth - i32::from(improving)) >= beta
                && eval.abs() < MATE_IN_MAX
            {
                return eval;
            }
            // Null move: passing still leaves us above beta.
            if depth >= NMP_MIN_DEPTH
                && eval >= beta
                && !self.stack[ply.saturating_sub(1)].null_move
                && beta.abs() < MATE_IN_MAX
                && ply > 0
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                let mut child = pos.clone();
                child.play_null();
                self.stack[ply].current = None;
                self.stack[ply].moved = None;
                self.stack[ply].null_move = true;
                self.keys.push(child.key());
                self.checks.push(false);
                let floor = std::mem::replace(&mut self.repetition_floor, self.keys.len() - 1);
                let v =
                    -self.search::<false>(&child, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
                self.repetition_floor = floor;
                self.keys.pop();
                self.checks.pop();
                self.stack[ply].null_move = false;
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return if v >= MATE_IN_MAX { beta } else { v };
                }
            }
        }

        // Internal iterative reduction: no hash move to guide a deep search.
        if depth >= 4 && tt_move.is_none() && (PV || cut_node) {
            depth -= 1;
        }

        self.frames[fi].clear();
        if root {
            let frame = &mut self.frames[fi];
            for rm in &self.root_moves[self.pv_index..] {
                frame.push(rm.mv);
            }
            // Keep the order of the previous iteration; the best move first.
            for (i, sm) in frame.moves.iter_mut().enumerate() {
                sm.score = -(i as i32);
            }
        } else {
            pos.legal_moves_into(&mut self.frames[fi]);
            self.score_moves(pos, tt_move, ply, fi);
        }
        let n_moves = self.frames[fi].moves.len();
        if n_moves == 0 {
            // No legal move loses, in check or not.
            return mated_in(ply);
        }

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move: Option<Move> = None;
        let mut move_count = 0usize;
        let mut quiets_tried: [Option<Move>; 64] = [None; 64];
        let mut n_quiets = 0;
        let lmp_limit = (3 + depth * depth) / if improving { 1 } else { 2 };

        for i in 0..n_moves {
            let ScoredMove { mv: m, score: order_score, .. } = self.pick(pos, ply, fi, i);
            if Some(m) == excluded {
                continue;
            }
            let capture = pos.piece_at(m.to()).is_some();
            let quiet = !capture && !m.is_promotion();
            move_count += 1;

            if !root && best > -MATE_IN_MAX && !in_check {
                if quiet {
                    if depth <= LMP_DEPTH && move_count as i32 > lmp_limit && !pos.gives_check(m) {
                        continue;
                    }
                    if depth <= FUTILITY_DEPTH
                        && eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * depth <= alpha
                        && !pos.gives_check(m)
                    {
                        continue;
                    }
                    if depth <= FUTILITY_DEPTH && !see_ge(pos, m, -SEE_QUIET_MARGIN * depth * depth)
                    {
                        continue;
                    }
                } else if depth <= FUTILITY_DEPTH && !see_ge(pos, m, -SEE_CAPTURE_MARGIN * depth) {
                    continue;
                }
            }

            // Singular extension: the hash move alone holds the score; a search without it
            // falls short. If even without it the node fails high, cut at once (multi-cut).
            let mut singular = 0;
            if !root
                && depth >= SINGULAR_MIN_DEPTH
                && Some(m) == tt_move
                && excluded.is_none()
                && let Some(e) = tte
                && matches!(e.bound, TtBound::Lower | TtBound::Exact)
                && e.depth >= depth - 3
                && e.score.abs() < MATE_IN_MAX
            {
                let singular_beta = score_from_tt(e.score, ply) - 2 * depth;
                self.stack[ply].excluded = Some(m);
                let v = self.search::<false>(
                    pos,
                    singular_beta - 1,
                    singular_beta,
                    (depth - 1) / 2,
                    ply,
                    cut_node,
                );
                self.stack[ply].excluded = None;
                if self.stopped {
                    return 0;
                }
                if v < singular_beta {
                    singular = 1;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }
            let child = pos.played(m);
            let gives_check = child.in_check();
            let extension = singular.max(i32::from(
                gives_check && (ply as i32) < 2 * self.root_depth && (capture || see_ge(pos, m, 0)),
            ));
            let new_depth = depth - 1 + extension;

            self.stack[ply].current = Some(m);
            self.stack[ply].moved = child.piece_at(m.to()).map(|p| (p.code(), m.to()));
            self.keys.push(child.key());
            self.checks.push(gives_check);

            let mut v;
            if move_count == 1 {
                v = -self.search::<PV>(&child, -beta, -alpha, new_depth, ply + 1, false);
            } else {
                let mut reduced = false;
                v = -INFINITE;
                if depth >= 3 && move_count > 1 + usize::from(PV) && (quiet || order_score < 0) {
                    let mut r = self.lmr[depth.min(63) as usize][move_count.min(63)];
                    if PV {
                        r -= 1;
                    }
                    if cut_node {
                        r += 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    if gives_check {
                        r -= 1;
                    }
                    if quiet {
                        r -= self.quiet_history(pos, ply, m) / 8000;
                    }
                    let d = (new_depth - r).clamp(1, new_depth.max(1));
                    if d < new_depth {
                        reduced = true;
                        v = -self.search::<false>(&child, -alpha - 1, -alpha, d, ply + 1, true);
                        if v > alpha && !self.stopped {
                            v = -self.search::<false>(
                                &child,
                                -alpha - 1,
                                -alpha,
                                new_depth,
                                ply + 1,
                                !cut_node,
                            );
                        }
                    }
                }
                if !reduced {
                    v = -self.search::<false>(
                        &child,
                        -alpha - 1,
                        -alpha,
                        new_depth,
                        ply + 1,
                        !cut_node,
                    );
                }
                if PV && v > alpha && v < beta && !self.stopped {
                    v = -self.search::<true>(&child, -beta, -alpha, new_depth, ply + 1, false);
                }
            }
            self.keys.pop();
            self.checks.pop();
            if self.stopped {
                return 0;
            }

            if root {
                let rm = self.root_moves.iter_mut().find(|r| r.mv == m).expect("root move");
                if move_count == 1 || v > alpha {
                    rm.score = v;
                    let mut pv = vec![m];
                    let len = self.pv_len[ply + 1].max(ply + 1);
                    pv.extend(self.pv[ply + 1][ply + 1..len].iter().flatten().copied());
                    rm.pv = pv;
                } else {
                    rm.score = -INFINITE;
                }
            }

            if v > best {
                best = v;
                if v > alpha {
                    best_move = Some(m);
                    if PV {
                        self.update_pv(ply, m);
                    }
                    if v >= beta {
                        if quiet {
                            let bonus = (depth * depth * 16).min(1600);
                            let st = &mut self.stack[ply];
                            if st.killers[0] != Some(m) {
                                st.killers[1] = st.killers[0];
                                st.killers[0] = Some(m);
                            }
                            self.update_history(pos, ply, m, bonus);
                            for q in quiets_tried
                                .iter()
                                .take(n_quiets)
                                .flatten()
                                .copied()
                                .collect::<Vec<_>>()
                            {
                                self.update_history(pos, ply, q, -bonus);
                            }
                            if ply > 0
                                && let Some((p, sq)) = self.stack[ply - 1].moved
                            {
                                self.tables.counter[p * 81 + sq.index()] = Some(m);
                            }
                        }
                        break;
                    }
                    alpha = v;
                }
            }
            if quiet && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = Some(m);
                n_quiets += 1;
            }
        }

        if move_count == 0 {
            // Only the excluded move was legal: that is as singular as it gets.
            return if excluded.is_some() { alpha } else { mated_in(ply) };
        }
        if best == -INFINITE {
            // Every move was pruned: fall back to a fail-low at alpha.
            best = alpha;
        }
        let bound = if best >= beta {
            TtBound::Lower
        } else if PV && best > original_alpha {
            TtBound::Exact
        } else {
            TtBound::Upper
        };
        self.ctx.tt.store(key, best_move, score_to_tt(best, ply), eval, depth, bound);
        best
    }

    fn qsearch<const PV: bool>(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        if PV {
            self.pv_len[ply] = ply;
            self.seldepth = self.seldepth.max(ply);
        }
        let in_check = pos.in_check();
        if ply >= MAX_PLY - 2 {
            return if in_check { 0 } else { evaluate(pos) };
        }
        let key = pos.key();
        let tte = self.ctx.tt.probe(key);
        if let Some(e) = tte
            && !PV
        {
            let s = score_from_tt(e.score, ply);
            let usable = match e.bound {
                TtBound::Exact => true,
                TtBound::Lower => s >= beta,
                TtBound::Upper => s <= alpha,
                TtBound::None => false,
            };
            if usable {
                return s;
            }
        }
        let stand =
            if in_check { -INFINITE } else { tte.map_or_else(|| evaluate(pos), |e| e.eval) };
        let mut best = stand;
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        self.frames[ply].clear();
        pos.legal_captures_into(&mut self.frames[ply]);
        let n_moves = self.frames[ply].moves.len();
        if n_moves == 0 {
            return if in_check { mated_in(ply) } else { stand };
        }
        let us = pos.side_to_move();
        for sm in self.frames[ply].moves.iter_mut() {
            let m = sm.mv;
            let victim = pos.piece_at(m.to()).map_or(0, |p| capture_value(p.kind()));
            let attacker =
                m.from().and_then(|f| pos.piece_at(f)).map_or(0, |p| PIECE_VALUE[p.kind().index()]);
            sm.score = victim * 8 - attacker / 8 + if m.is_promotion() { 300 } else { 0 };
        }
        let mut best_move = None;
        for i in 0..n_moves {
            let m = self.pick(pos, ply, ply, i).mv;
            if !in_check {
                // A capture that could promote is searched as the promotion only (pawn,
                // bishop, rook), and losing captures are skipped.
                if !m.is_promotion()
                    && let Some(from) = m.from()
                    && let Some(p) = pos.piece_at(from)
                    && matches!(p.kind(), PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook)
                    && (from.in_zone(us) || m.to().in_zone(us))
                {
                    continue;
                }
                let victim = pos.piece_at(m.to()).map_or(0, |p| capture_value(p.kind()));
                if stand + victim + QS_DELTA_MARGIN <= alpha && !m.is_promotion() {
                    continue;
                }
                if !see_ge(pos, m, 0) {
                    continue;
                }
            }
            let child = pos.played(m);
            let v = -self.qsearch::<PV>(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = Some(m);
                    if PV {
                        self.update_pv(ply, m);
                    }
                    if v >= beta {
                        break;
                    }
                    alpha = v;
                }
            }
        }
        if in_check && best == -INFINITE {
            return mated_in(ply);
        }
        let bound = if best >= beta { TtBound::Lower } else { TtBound::Upper };
        self.ctx.tt.store(
            key,
            best_move,
            score_to_tt(best, ply),
            stand.max(-MATE_IN_MAX),
            0,
            bound,
        );
        best
    }

    /// Iterative deepening from the root. Returns the last completed (or improved) result.
    fn iterate(
        &mut self,
        root: &Position,
        limits: &SearchLimits,
        report: &mut dyn FnMut(&SearchInfo),
        thread_index: usize,
    ) {
        let max_depth =
            limits.depth.unwrap_or(MAX_PLY as u32 - 4).clamp(1, MAX_PLY as u32 - 4) as i32;
        let mut prev_best: Option<Move> = None;
        let mut instability = 0u32;
        let mut score: i32 = 0;
        let mut depth = 1 + (thread_index as i32 % 2);
        while depth <= max_depth {
            self.root_depth = depth;
            self.seldepth = 0;
            for rm in &mut self.root_moves {
                rm.prev_score = rm.score;
            }
            let lines = self.multipv.min(self.root_moves.len());
            for pv_index in 0..lines {
                self.pv_index = pv_index;
                // Each line's window centres on its own score of the previous iteration.
                let centre =
                    if pv_index == 0 { score } else { self.root_moves[pv_index].prev_score };
                let v = self.aspiration(root, centre, depth, report);
                if self.stopped {
                    break;
                }
                if pv_index == 0 {
                    score = v;
                }
                // Lines found later may beat earlier ones: keep the done lines in order.
                self.root_moves[..=pv_index].sort_by_key(|r| std::cmp::Reverse(r.score));
            }
            self.pv_index = 0;
            if self.stopped {
                break;
            }
            if !self.is_main {
                depth += 1;
                continue;
            }
            for line in 0..lines {
                self.send_report(report, depth, Bound::Exact, line);
            }
            let best = self.root_moves[0].mv;
            if prev_best.is_some_and(|p| p != best) {
                instability += 1;
            }
            instability = instability * 3 / 4;
            prev_best = Some(best);
            // A forced mate found within the depth needs no deeper search (analysis and
            // pondering then wait for their stop without flooding reports).
            if score.abs() >= MATE_IN_MAX && MATE - score.abs() <= depth {
                break;
            }
            let single_reply = self.root_moves.len() == 1;
            if single_reply && self.tm.has_deadline() && !self.tm.is_pondering() && depth >= 4 {
                break;
            }
            if self.tm.soft_expired(70 + 30 * instability.min(4)) {
                break;
            }
            if self.node_limit.is_some_and(|n| self.total_nodes() >= n) {
                break;
            }
            depth += 1;
        }
        self.node_slot.store(self.nodes, Ordering::Relaxed);
    }

    /// Searches the root at `depth` in a window around `centre`, widening it until the score
    /// falls inside; returns the score (meaningless when stopped).
    fn aspiration(
        &mut self,
        root: &Position,
        centre: i32,
        depth: i32,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> i32 {
        let first = self.pv_index;
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = if depth >= 4 && centre.abs() < MATE_IN_MAX {
            (centre - delta, centre + delta)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let v = self.search::<true>(root, alpha, beta, depth, 0, false);
            self.root_moves[first..].sort_by_key(|r| std::cmp::Reverse(r.score));
            if self.stopped {
                return v;
            }
            if v <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (v - delta).max(-INFINITE);
                if self.is_main && self.tm.elapsed() > Duration::from_secs(2) {
                    self.send_report(report, depth, Bound::Upper, first);
                }
            } else if v >= beta {
                beta = (v + delta).min(INFINITE);
                if self.is_main && self.tm.elapsed() > Duration::from_secs(2) {
                    self.send_report(report, depth, Bound::Lower, first);
                }
            } else {
                return v;
            }
            delta += delta / 2 + 5;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// Reports root line `line` (0 = the best).
    fn send_report(
        &mut self,
        report: &mut dyn FnMut(&SearchInfo),
        depth: i32,
        bound: Bound,
        line: usize,
    ) {
        self.node_slot.store(self.nodes, Ordering::Relaxed);
        self.reported_depth = self.reported_depth.max(depth as u32);
        let rm = &self.root_moves[line];
        let info = SearchInfo {
            depth: depth as u32,
            seldepth: self.seldepth.max(depth as usize) as u32,
            score: to_score(rm.score.max(-MATE)),
            bound,
            nodes: self.total_nodes(),
            time: self.tm.elapsed(),
            hashfull: self.ctx.tt.hashfull(),
            pv: rm.pv.clone(),
            multipv: line as u32 + 1,
        };
        report(&info);
    }
}

/// Searches the current position of `game` within `limits`, calling `report` after each
/// iteration. Blocks until done; stop it from another thread with `ctx.stop`.
pub fn think(
    game: &Game,
    limits: &SearchLimits,
    ctx: &SearchContext,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let root = game.position().clone();
    let mut list = MoveList::new();
    root.legal_moves(&mut list);
    let mut moves: Vec<Move> = list.iter().collect();
    if let Some(only) = &limits.root_moves {
        let restricted: Vec<Move> = moves.iter().copied().filter(|m| only.contains(m)).collect();
        if !restricted.is_empty() {
            moves = restricted;
        }
    }
    if moves.is_empty() {
        return SearchResult {
            best: None,
            ponder: None,
            score: Score::Mate(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
            book: false,
            lines: Vec::new(),
        };
    }
    // Order the root by a quick static look: captures and the hash move first.
    let tt_move = ctx.tt.probe(root.key()).and_then(|e| e.mv);
    moves.sort_by_key(|&m| {
        if Some(m) == tt_move {
            -1_000_000
        } else {
            -root.piece_at(m.to()).map_or(0, |p| capture_value(p.kind()))
        }
    });
    ctx.tt.new_search();

    let threads = ctx.threads.clamp(1, 256);
    let done = AtomicBool::new(false);
    let node_slots: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();

    let shared = Shared { ctx, done: &done, node_slots: &node_slots };
    let (result_moves, elapsed, depth) = std::thread::scope(|scope| {
        for t in 1..threads {
            let moves = &moves;
            scope.spawn(move || {
                let mut w = Worker::new(&shared, t, game, limits, moves);
                w.iterate(game.position(), limits, &mut |_| {}, t);
                ctx.tables.give_back(w.tables);
            });
        }
        let mut main = Worker::new(&shared, 0, game, limits, &moves);
        main.iterate(&root, limits, report, 0);
        // While pondering or in infinite analysis, the answer waits for stop/ponderhit.
        while (limits.infinite || main.tm.is_pondering()) && !ctx.stop.load(Ordering::Relaxed) {
            if main.tm.is_pondering() && ctx.ponderhit.load(Ordering::Relaxed) && !limits.infinite {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        done.store(true, Ordering::Relaxed);
        let out = (main.root_moves.clone(), main.tm.elapsed(), main.reported_depth);
        ctx.tables.give_back(main.tables);
        out
    });
    let total: u64 = node_slots.iter().map(|n| n.load(Ordering::Relaxed)).sum();
    let best = &result_moves[0];
    let pv = best.pv.clone();
    let mut ponder = pv.get(1).copied();
    if ponder.is_none() {
        let next = root.played(best.mv);
        ponder = ctx.tt.probe(next.key()).and_then(|e| e.mv).filter(|&m| next.is_legal(m));
    }
    let score_of = |r: &RootMove| {
        let s = if r.score == -INFINITE { r.prev_score } else { r.score };
        to_score(s.clamp(-MATE, MATE))
    };
    let lines = if limits.multipv > 1 {
        let n = limits.multipv.min(result_moves.len());
        result_moves[..n]
            .iter()
            .map(|r| PvLine { score: score_of(r), depth, pv: r.pv.clone() })
            .collect()
    } else {
        Vec::new()
    };
    SearchResult {
        best: Some(best.mv),
        ponder,
        score: score_of(best),
        depth,
        nodes: total,
        time: elapsed,
        pv,
        book: false,
        lines,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_sfen, parse_usi_move};

    fn run(sfen: &str, depth: u32) -> SearchResult {
        let tt = TranspositionTable::new(16);
        let stop = AtomicBool::new(false);
        let hit = AtomicBool::new(false);
        let ctx = SearchContext {
            tt: &tt,
            stop: &stop,
            ponderhit: &hit,
            threads: 1,
            contempt: 0,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            tables: &TablePool::default(),
            entering_king: EnteringKingRule::default(),
        };
        let game = Game::new(parse_sfen(sfen).unwrap());
        think(&game, &SearchLimits::depth(depth), &ctx, &mut |_| {})
    }

    #[test]
    fn finds_mate_in_one() {
        // Gold drop on 5b mates (protected by the pawn on 5c).
        let r = run("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 4);
        assert_eq!(r.best, parse_usi_move("G*5b").map(|m| m.shape()));
        assert_eq!(r.score, Score::Mate(1));
    }

    #[test]
    fn takes_a_hanging_rook() {
        let r = run("4k4/9/9/9/4r4/9/4B4/9/4K4 b - 1", 3);
        assert_ne!(r.best, None);
    }

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
