//! One search thread: its stack, its move buffers, its root moves and its bookkeeping
//! (nodes, the clock, repetitions along the path).

use super::history::Tables;
use super::movepick::MoveBuf;
use super::threads::Shared;
use super::{
    DECISIVE, INFINITE, MATE, MAX_PLY, SearchContext, SearchLimits, TimeManager, mated_in,
};
use crate::game::Game;
use crate::rules::{EnteringKingRule, Move, Position, Square};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Nodes between checks of the clock and the stop flag.
const POLL_INTERVAL: u64 = 2048;
/// How far back (plies) the tree looks for a repeated position.
const REPETITION_WINDOW: usize = 32;

#[derive(Clone, Copy, Default)]
pub(super) struct StackEntry {
    pub(super) eval: i32,
    pub(super) killers: [Option<Move>; 2],
    /// The move played from this ply (None for a null move or the root's parent).
    pub(super) current: Option<Move>,
    /// Piece code and destination of `current`, for counter moves.
    pub(super) moved: Option<(usize, Square)>,
    pub(super) null_move: bool,
    /// A move left out of this node's search (singular extension verification).
    pub(super) excluded: Option<Move>,
}

#[derive(Clone)]
pub(super) struct RootMove {
    pub(super) mv: Move,
    pub(super) score: i32,
    pub(super) prev_score: i32,
    pub(super) pv: Vec<Move>,
}

pub(super) struct Worker<'a> {
    pub(super) ctx: &'a SearchContext<'a>,
    /// Stops helpers when the main thread is done.
    pub(super) done: &'a AtomicBool,
    pub(super) node_slot: &'a AtomicU64,
    pub(super) all_nodes: &'a [AtomicU64],
    pub(super) is_main: bool,
    pub(super) tm: TimeManager,
    pub(super) node_limit: Option<u64>,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) stopped: bool,
    pub(super) root_depth: i32,
    /// The deepest iteration reported (exact or a bound): the depth the result stands for.
    pub(super) reported_depth: u32,
    pub(super) tables: Tables,
    pub(super) stack: Vec<StackEntry>,
    /// Keys and check flags of every position from the game start along the current path.
    pub(super) keys: Vec<u64>,
    pub(super) checks: Vec<bool>,
    /// Index in `keys` below which a repetition is not looked for: the position after the
    /// last null move on the path (a pass makes earlier positions unreachable).
    pub(super) repetition_floor: usize,
    pub(super) pv: Vec<[Option<Move>; MAX_PLY + 1]>,
    pub(super) pv_len: [usize; MAX_PLY + 1],
    pub(super) lmr: Vec<[i32; 64]>,
    pub(super) root_moves: Vec<RootMove>,
    /// MultiPV: the root searches `root_moves[pv_index..]`, the lines before it being done.
    pub(super) pv_index: usize,
    /// How many best lines to find (at least 1).
    pub(super) multipv: usize,
    pub(super) frames: Vec<MoveBuf>,
}

impl<'a> Worker<'a> {
    pub(super) fn new(
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
    pub(super) fn entering_king_end(&self, pos: &Position, ply: usize) -> Option<i32> {
        match self.ctx.entering_king {
            EnteringKingRule::None => None,
            EnteringKingRule::Try => {
                pos.king_on_try_square(!pos.side_to_move()).then(|| mated_in(ply))
            }
            rule => pos.can_declare_win_by(rule).then(|| MATE - ply as i32 - 1),
        }
    }

    pub(super) fn total_nodes(&self) -> u64 {
        self.all_nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }

    /// Polls the clock and stop flags every `POLL_INTERVAL` nodes.
    #[inline]
    pub(super) fn check_stop(&mut self) -> bool {
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

    pub(super) fn draw_score(&self, ply: usize) -> i32 {
        // Side to move at `ply` is the root side on even plies.
        if ply.is_multiple_of(2) { -self.ctx.contempt } else { self.ctx.contempt }
    }

    /// A repeated position on the path or in the game: draw, or a decisive result when one
    /// side checked on every move of the cycle.
    pub(super) fn repetition(&self, ply: usize) -> Option<i32> {
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

    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = Some(m);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }
}
