//! Iterative deepening at the root: one aspiration search per depth and per MultiPV line,
//! the reports after each, and when to stop deepening.

use super::worker::Worker;
use super::{Bound, INFINITE, MATE, MATE_IN_MAX, MAX_PLY, SearchInfo, SearchLimits, to_score};
use crate::rules::{Move, Position};
use std::sync::atomic::Ordering;
use std::time::Duration;

impl Worker<'_> {
    /// Iterative deepening from the root. Returns the last completed (or improved) result.
    pub(super) fn iterate(
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
    pub(super) fn aspiration(
        &mut self,
        root: &Position,
        centre: i32,
        depth: i32,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> i32 {
        let first = self.pv_index;
        let mut delta = self.tuning.aspiration_delta;
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
    pub(super) fn send_report(
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
