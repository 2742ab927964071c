//! One search thread: its parts (the ordering tables, the stack, the move buffers, the
//! path's positions, the principal variations, the root moves) and its bookkeeping (nodes,
//! the clock, when to stop). Its jobs are in `iterate` (the root) and `node` (a node).

use super::history::Tables;
use super::movepick::MoveBuf;
use super::pv::PvTable;
use super::repetition::Repetitions;
use super::stack::Stack;
use super::tuning::Tuning;
use super::{INFINITE, MATE, MAX_PLY, SearchContext, SearchLimits, TimeManager, mated_in};
use crate::eval::nnue::Accumulators;
use crate::eval::{Placement, PlacementStep, evaluate, evaluate_placed};
use crate::game::Game;
use crate::rules::{EnteringKingRule, Move, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Nodes between checks of the clock and the stop flag.
const POLL_INTERVAL: u64 = 2048;

/// What the threads of one search share besides the context.
#[derive(Clone, Copy)]
pub(super) struct Shared<'a> {
    pub(super) ctx: &'a SearchContext<'a>,
    /// Stops helpers when the main thread is done.
    pub(super) done: &'a AtomicBool,
    /// Each thread's node count.
    pub(super) node_slots: &'a [AtomicU64],
}

#[derive(Clone)]
pub(super) struct RootMove {
    pub(super) mv: Move,
    pub(super) score: i32,
    pub(super) prev_score: i32,
    pub(super) pv: Vec<Move>,
}

/// What the path knows of a node's [`Placement`].
#[derive(Clone, Copy)]
pub(super) enum PathPlacement {
    Known(Placement),
    /// The parent's, after a move that is not a king's.
    Step(PlacementStep),
    /// The parent's (a null move).
    Passed,
    /// To be counted afresh (the root; after a king move).
    Unknown,
}

impl PathPlacement {
    /// The placement of `pos`, the node at `ply` of `path`: an ancestor's carried down the
    /// steps since, each node's kept on the way; `None` for a node after a king move (or the
    /// root), which the evaluation had best count in its own pass over the pieces.
    pub(super) fn resolve(
        path: &mut [PathPlacement],
        ply: usize,
        pos: &Position,
    ) -> Option<Placement> {
        let mut known = ply;
        let mut placement = loop {
            match path[known] {
                PathPlacement::Known(p) => break p,
                PathPlacement::Step(_) | PathPlacement::Passed if known > 0 => known -= 1,
                // The parent of a node with a step is known (see `Worker::place_child`).
                _ => return None,
            }
        };
        // No king has moved since `known`: `pos` has them where every step had.
        for slot in &mut path[known + 1..=ply] {
            if let PathPlacement::Step(step) = *slot {
                placement = placement.after(step, pos);
            }
            *slot = PathPlacement::Known(placement);
        }
        Some(placement)
    }
}

pub(super) struct Worker<'a> {
    pub(super) ctx: &'a SearchContext<'a>,
    done: &'a AtomicBool,
    pub(super) node_slot: &'a AtomicU64,
    all_nodes: &'a [AtomicU64],
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
    pub(super) stack: Stack,
    pub(super) repetitions: Repetitions,
    pub(super) pv: PvTable,
    /// Late-move reductions by depth and move number.
    pub(super) lmr: Vec<[i32; 64]>,
    /// The margins and reductions (the context's, kept at hand).
    pub(super) tuning: Tuning,
    pub(super) root_moves: Vec<RootMove>,
    /// MultiPV: the root searches `root_moves[pv_index..]`, the lines before it being done.
    pub(super) pv_index: usize,
    /// How many best lines to find (at least 1).
    pub(super) multipv: usize,
    /// A move buffer per ply, and a second set for the verification searches of singular
    /// extensions (the node's own list is still in use).
    pub(super) frames: Vec<MoveBuf>,
    /// The evaluation's [`Placement`] of each node on the path, or the step from its parent's:
    /// most evaluations follow it from an ancestor's rather than visit every piece.
    pub(super) placements: Vec<PathPlacement>,
    /// The learned correction's accumulators along the path (none without a network).
    pub(super) accumulators: Accumulators,
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
        Worker {
            ctx,
            done,
            node_slot: &node_slots[index],
            all_nodes: node_slots,
            is_main: index == 0,
            tm: TimeManager::new(limits, ctx.move_overhead, ctx.clock_start),
            node_limit: limits.nodes,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            root_depth: 0,
            reported_depth: 0,
            tables: ctx.tables.take(),
            stack: Stack::new(),
            repetitions: Repetitions::new(game),
            pv: PvTable::new(),
            lmr: ctx.tuning.lmr_table(),
            tuning: ctx.tuning,
            root_moves: root_moves
                .iter()
                .map(|&mv| RootMove { mv, score: -INFINITE, prev_score: -INFINITE, pv: vec![mv] })
                .collect(),
            pv_index: 0,
            multipv: limits.multipv.max(1),
            frames: (0..2 * (MAX_PLY + 2)).map(|_| MoveBuf::new()).collect(),
            placements: vec![PathPlacement::Unknown; MAX_PLY + 8],
            accumulators: Accumulators::new(if ctx.network.is_some() { MAX_PLY + 8 } else { 0 }),
        }
    }

    /// The static evaluation of `pos`, the path's node at `ply` (from the cache when it has
    /// it): the linear table's, plus the learned network's correction when the search has
    /// one. `on_path`: the node was reached through [`Worker::place_child`], so both follow
    /// from an ancestor's rather than count every piece.
    #[inline]
    pub(super) fn evaluate(&mut self, pos: &Position, ply: usize, on_path: bool) -> i32 {
        let (path, accumulators, network) =
            (&mut self.placements, &mut self.accumulators, self.ctx.network);
        self.tables.evaluate(pos, || {
            let table = match on_path.then(|| PathPlacement::resolve(path, ply, pos)).flatten() {
                Some(placement) => evaluate_placed(pos, placement),
                None => evaluate(pos),
            };
            let correction = network.map_or(0, |net| {
                if on_path { accumulators.evaluate(net, pos, ply) } else { net.evaluate(pos) }
            });
            #[cfg(test)]
            assert_eq!(correction, network.map_or(0, |net| net.evaluate(pos)));
            table + correction
        })
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

    /// The late-move reduction table's plies for the `move_count`-th move at `depth`.
    #[inline]
    pub(super) fn reduction(&self, depth: i32, move_count: usize) -> i32 {
        self.lmr[depth.min(63) as usize][move_count.min(63)]
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
                if self.tm.is_pondering() && self.ctx.ponderhit.is_hit() {
                    self.tm.ponderhit(self.ctx.ponderhit.clock(), self.ctx.move_overhead);
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
}
