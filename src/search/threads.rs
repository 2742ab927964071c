//! The search entry: orders the root moves, runs the helper threads beside the main one
//! (Lazy SMP: a shared transposition table, nothing else), and gathers the result.

use super::see::capture_value;
use super::worker::{RootMove, Shared, Worker};
use super::{
    INFINITE, MATE, PvLine, Score, SearchContext, SearchInfo, SearchLimits, SearchResult, to_score,
};
use crate::game::Game;
use crate::rules::{Move, MoveList};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

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
            if main.tm.is_pondering() && ctx.ponderhit.is_hit() && !limits.infinite {
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
