//! What the search does at one node: principal-variation alpha-beta with its pruning,
//! reductions and extensions, and the quiescence search of captures below it.

use super::movepick::{MoveOrder, ScoredMove, TT_MOVE_SCORE, declines_promotion};
use super::see::{capture_value, see_ge};
use super::tt::TtEntry;
use super::worker::PathPlacement;
use super::worker::Worker;
use super::{Bound, INFINITE, MATE, MATE_IN_MAX, MAX_PLY, mated_in, score_from_tt, score_to_tt};
use crate::eval::{Placement, PlacementStep};
use crate::rules::{CheckInfo, Move, MoveSink, Position};

/// Mixed into the key of a search that leaves a move out.
const EXCLUDED_SALT: u64 = 0x9e37_79b9_7f4a_7c15;

impl Worker<'_> {
    pub(super) fn search<const PV: bool>(
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
        self.pv.clear(ply);
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
            if let Some(s) = self.repetitions.score(ply, self.ctx.contempt) {
                return s;
            }
            if ply >= MAX_PLY - 2 {
                return if in_check { 0 } else { self.evaluate(pos, ply, false) };
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
            if e.cuts(s, alpha, beta) {
                return s;
            }
        }

        let (raw_eval, eval) = self.static_eval(pos, ply, in_check, tte);
        self.stack[ply].eval = eval;
        let improving = !in_check && ply >= 2 && eval > self.stack[ply - 2].eval;
        self.stack[ply + 1].killers = [None, None];

        if !PV && !in_check && excluded.is_none() {
            // Razoring: hopeless at the last ply, unless a capture saves it.
            if depth == 1 && eval + self.tuning.razor_margin < alpha {
                let v = self.qsearch::<false>(pos, alpha, alpha + 1, ply);
                if v <= alpha {
                    return v;
                }
            }
            // Reverse futility: far above beta at low depth.
            if depth <= self.tuning.rfp_depth
                && eval - self.tuning.rfp_margin * (depth - i32::from(improving)) >= beta
                && eval.abs() < MATE_IN_MAX
            {
                return eval;
            }
            // Null move: passing still leaves us above beta.
            if depth >= self.tuning.null_move_min_depth
                && eval >= beta
                && !self.stack[ply.saturating_sub(1)].null_move
                && beta.abs() < MATE_IN_MAX
                && ply > 0
            {
                let t = &self.tuning;
                let r = t.null_move_base
                    + depth / t.null_move_depth_divisor
                    + ((eval - beta) / t.null_move_eval_divisor).min(t.null_move_eval_max);
                self.place_child(ply, pos, None);
                let mut child = pos.clone();
                child.play_null();
                self.stack[ply].null_move = true;
                self.enter_child(ply, None, &child);
                let floor = self.repetitions.after_null_move();
                let v =
                    -self.search::<false>(&child, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
                self.repetitions.restore_floor(floor);
                self.leave_child();
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
        if depth >= self.tuning.iir_depth && tt_move.is_none() && (PV || cut_node) {
            depth -= 1;
        }

        // The hash move is searched before the other moves are generated: when it cuts, as it
        // mostly does, they never are. (One ordered last, a declined promotion, waits its turn.)
        let early_tt =
            tt_move.filter(|&m| !root && Some(m) != excluded && !declines_promotion(pos, m));
        // The ordering inputs as they stand now: the hash move's subtree changes them.
        let order = MoveOrder {
            tt_move,
            killers: self.stack[ply].killers,
            counter: self.tables.counter_move(self.stack.previous_move(ply)),
        };
        self.frames[fi].clear();
        let mut generated = early_tt.is_none();
        if root {
            let frame = &mut self.frames[fi];
            for rm in &self.root_moves[self.pv_index..] {
                frame.push(rm.mv);
            }
            // Keep the order of the previous iteration; the best move first.
            for (i, sm) in frame.moves.iter_mut().enumerate() {
                sm.score = -(i as i32);
            }
        } else if generated {
            self.frames[fi].first_batch(
                pos,
                order,
                &self.tables,
                self.tuning.capture_history_divisor,
            );
        }

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move: Option<Move> = None;
        let mut move_count = 0usize;
        let mut quiets_tried: [Option<Move>; 64] = [None; 64];
        let mut n_quiets = 0;
        let mut captures_tried: [Option<Move>; 32] = [None; 32];
        let mut n_captures = 0;
        let lmp_limit = (self.tuning.lmp_base + depth * depth) / if improving { 1 } else { 2 };
        // The enemy king's lines, once the pruning first asks whether a move checks.
        let mut check_info = None;

        let mut early = early_tt;
        let mut next = 0;
        loop {
            let (m, order_score) = if let Some(m) = early.take() {
                (m, TT_MOVE_SCORE)
            } else {
                if !generated {
                    generated = true;
                    self.frames[fi].first_batch(
                        pos,
                        order,
                        &self.tables,
                        self.tuning.capture_history_divisor,
                    );
                }
                let Some(ScoredMove { mv, score, .. }) =
                    self.frames[fi].pick(pos, next, &self.tables, &self.stack, ply)
                else {
                    break;
                };
                next += 1;
                if Some(mv) == early_tt {
                    continue;
                }
                (mv, score)
            };
            if Some(m) == excluded {
                continue;
            }
            let capture = pos.piece_at(m.to()).is_some();
            let quiet = !capture && !m.is_promotion();
            move_count += 1;

            if !root && best > -MATE_IN_MAX && !in_check {
                let t = &self.tuning;
                if quiet {
                    if depth <= t.lmp_depth
                        && move_count as i32 > lmp_limit
                        && !gives_check(pos, m, &mut check_info)
                    {
                        continue;
                    }
                    if depth <= t.futility_depth {
                        // The margins at the depth the move would be searched to once
                        // reduced (Stockfish's lmrDepth), its history counted in.
                        let history =
                            self.tables.quiet_history(pos, m, self.stack.previous_moves(ply));
                        let lmr_depth = (depth - 1 - self.reduction(depth, move_count)
                            + history / t.lmr_history_divisor)
                            .clamp(0, depth);
                        if eval + t.futility_base + t.futility_per_depth * lmr_depth <= alpha
                            && !gives_check(pos, m, &mut check_info)
                        {
                            continue;
                        }
                        if !see_ge(pos, m, -t.see_quiet_margin * lmr_depth * lmr_depth) {
                            continue;
                        }
                    }
                } else if depth <= t.futility_depth
                    && !see_ge(pos, m, -t.see_capture_margin * depth)
                {
                    continue;
                }
            }

            // Singular extension: the hash move alone holds the score; a search without it
            // falls short. If even without it the node fails high, cut at once (multi-cut).
            let mut singular = 0;
            if !root
                && depth >= self.tuning.singular_min_depth
                && Some(m) == tt_move
                && excluded.is_none()
                && let Some(e) = tte
                && matches!(e.bound, Bound::Lower | Bound::Exact)
                && e.depth >= depth - self.tuning.singular_tt_depth
                && e.score.abs() < MATE_IN_MAX
            {
                let singular_beta =
                    score_from_tt(e.score, ply) - self.tuning.singular_margin * depth;
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
            self.prefetch_child(pos, m);
            self.place_child(ply, pos, Some(m));
            let child = pos.played(m);
            let gives_check = child.in_check();
            let extension = singular.max(i32::from(
                gives_check && (ply as i32) < 2 * self.root_depth && (capture || see_ge(pos, m, 0)),
            ));
            let new_depth = depth - 1 + extension;

            self.enter_child(ply, Some(m), &child);

            let mut v;
            if move_count == 1 {
                v = -self.search::<PV>(&child, -beta, -alpha, new_depth, ply + 1, false);
            } else {
                let mut reduced = false;
                v = -INFINITE;
                if depth >= self.tuning.lmr_min_depth
                    && move_count > 1 + usize::from(PV)
                    && (quiet || order_score < 0)
                {
                    let mut r = self.reduction(depth, move_count);
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
                        r -= self.tables.quiet_history(pos, m, self.stack.previous_moves(ply))
                            / self.tuning.lmr_history_divisor;
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
            self.leave_child();
            if self.stopped {
                return 0;
            }

            if root {
                let rm = self.root_moves.iter_mut().find(|r| r.mv == m).expect("root move");
                if move_count == 1 || v > alpha {
                    rm.score = v;
                    let mut pv = vec![m];
                    pv.extend(self.pv.below(ply));
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
                        self.pv.update(ply, m);
                    }
                    if v >= beta {
                        let bonus = (depth * depth * self.tuning.history_bonus_per_depth)
                            .min(self.tuning.history_bonus_max);
                        if capture {
                            self.tables.update_capture_history(pos, m, bonus);
                        }
                        for &c in captures_tried[..n_captures].iter().flatten() {
                            self.tables.update_capture_history(pos, c, -bonus);
                        }
                        if quiet {
                            self.stack.add_killer(ply, m);
                            let previous = self.stack.previous_moves(ply);
                            self.tables.update_history(pos, m, bonus, previous);
                            for &q in quiets_tried[..n_quiets].iter().flatten() {
                                self.tables.update_history(pos, q, -bonus, previous);
                            }
                            self.tables.set_counter_move(previous[0], m);
                        }
                        break;
                    }
                    alpha = v;
                }
            }
            if quiet && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = Some(m);
                n_quiets += 1;
            } else if capture && n_captures < captures_tried.len() {
                captures_tried[n_captures] = Some(m);
                n_captures += 1;
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
            Bound::Lower
        } else if PV && best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // Where the search settled the score on the evaluation's side of the bound, it tells
        // how far the evaluation was off (captures aside: they change more than the eval sees).
        if !in_check
            && excluded.is_none()
            && best.abs() < MATE_IN_MAX
            && best_move.is_none_or(|m| pos.piece_at(m.to()).is_none())
            && !(bound == Bound::Lower && best <= eval)
            && !(bound == Bound::Upper && best >= eval)
        {
            self.tables.update_correction(pos, depth, best, eval);
        }
        self.ctx.tt.store(key, best_move, score_to_tt(best, ply), raw_eval, depth, bound);
        best
    }

    /// Records `m` (`None`: the null move), played at `ply` to reach `child`, for what the
    /// search below looks back at: repetitions, checks in a row, continuation history.
    /// [`Worker::leave_child`] undoes it.
    fn enter_child(&mut self, ply: usize, m: Option<Move>, child: &Position) {
        self.stack.played(ply, m, child);
        self.repetitions.push(child);
    }

    /// Notes how the evaluation's placement of the child that `m` (`None`: the null move)
    /// reaches from `pos`, the node at `ply`, follows from the node's: carried down only when
    /// the child's subtree evaluates.
    #[inline]
    fn place_child(&mut self, ply: usize, pos: &Position, m: Option<Move>) {
        // Counted here once for all the children, not by each child that evaluates.
        if let PathPlacement::Unknown = self.placements[ply] {
            self.placements[ply] = PathPlacement::Known(Placement::of(pos));
        }
        self.placements[ply + 1] = match m {
            Some(m) => {
                PlacementStep::of(pos, m).map_or(PathPlacement::Unknown, PathPlacement::Step)
            }
            None => PathPlacement::Passed,
        };
        if self.ctx.network.is_some() {
            match m {
                Some(m) => self.accumulators.push(ply + 1, pos, m),
                None => self.accumulators.push_null(ply + 1),
            }
        }
    }

    /// Brings in what the child that `m` reaches will read first: its table bucket and its
    /// evaluation's cache slot (a miss in each costs more than the evaluation's arithmetic).
    #[inline]
    fn prefetch_child(&self, pos: &Position, m: Move) {
        let key = pos.key_after(m);
        self.ctx.tt.prefetch(key);
        self.tables.prefetch_eval(key);
    }

    fn leave_child(&mut self) {
        self.repetitions.pop();
    }

    /// A node's static evaluation: raw (as the table keeps it, so no stale correction is
    /// stored) and corrected (as the search uses it); both -INFINITE in check.
    fn static_eval(
        &mut self,
        pos: &Position,
        ply: usize,
        in_check: bool,
        tte: Option<TtEntry>,
    ) -> (i32, i32) {
        if in_check {
            return (-INFINITE, -INFINITE);
        }
        let raw = match tte {
            Some(e) => e.eval,
            None => self.evaluate(pos, ply, true),
        };
        (raw, self.tables.corrected_eval(pos, raw))
    }

    pub(super) fn qsearch<const PV: bool>(
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
            self.pv.clear(ply);
            self.seldepth = self.seldepth.max(ply);
        }
        let in_check = pos.in_check();
        if ply >= MAX_PLY - 2 {
            return if in_check { 0 } else { self.evaluate(pos, ply, false) };
        }
        let key = pos.key();
        let tte = self.ctx.tt.probe(key);
        if let Some(e) = tte
            && !PV
        {
            let s = score_from_tt(e.score, ply);
            if e.cuts(s, alpha, beta) {
                return s;
            }
        }
        let (raw_eval, stand) = self.static_eval(pos, ply, in_check, tte);
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
        self.frames[ply].score_captures(pos, &self.tables, self.tuning.capture_history_divisor);
        let mut best_move = None;
        for i in 0..n_moves {
            let Some(ScoredMove { mv: m, .. }) =
                self.frames[ply].pick(pos, i, &self.tables, &self.stack, ply)
            else {
                break;
            };
            if !in_check {
                // A capture that could promote is searched as the promotion only (pawn,
                // bishop, rook), and losing captures are skipped.
                if declines_promotion(pos, m) {
                    continue;
                }
                let victim = pos.piece_at(m.to()).map_or(0, |p| capture_value(p.kind()));
                if stand + victim + self.tuning.qs_delta_margin <= alpha && !m.is_promotion() {
                    continue;
                }
                if !see_ge(pos, m, 0) {
                    continue;
                }
            }
            self.prefetch_child(pos, m);
            self.place_child(ply, pos, Some(m));
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
                        self.pv.update(ply, m);
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
        let bound = if best >= beta { Bound::Lower } else { Bound::Upper };
        self.ctx.tt.store(
            key,
            best_move,
            score_to_tt(best, ply),
            raw_eval.max(-MATE_IN_MAX),
            0,
            bound,
        );
        best
    }
}

/// Whether `m` gives check, with the king's lines computed at the first question of a node.
/// Asked of every quiet move the move-count pruning reaches: inlined.
#[inline(always)]
fn gives_check(pos: &Position, m: Move, info: &mut Option<CheckInfo>) -> bool {
    pos.gives_check_with(m, info.get_or_insert_with(|| pos.check_info()))
}
