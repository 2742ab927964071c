//! The engine's choice of move, as `hint` offers it and the analysis names it best: the mate
//! solver's mate where it proves one, else the search's best move, unless the solver proves
//! that the opponent mates after it (then that move is refuted and the search's next best
//! taken). The analysis judges a move with the same solver and budget, so its verdict on the
//! engine's own choice comes from the same means that made it: the choice never misses a
//! mate the solver proves nor walks into one.

use crate::engine::{Engine, EngineOptions};
use crate::game::Game;
use crate::mate::{self, MateLimits, MateOutcome};
use crate::rules::{Move, MoveList, Position};
use crate::search::{PvLine, Score, SearchLimits, SearchResult};
use std::sync::atomic::{AtomicBool, Ordering};

/// How deep `hint` and `hint N` look, at full strength: a fraction of a second, deep enough to
/// see every mate in a few moves against the moves they suggest.
pub const HINT_DEPTH: u32 = 8;
/// The lines `hint` and `hint N` search at least: `hint`'s move is the first line of `hint N`
/// up to this many, and a position with hundreds of drops is still searched in a second or
/// less.
pub const HINT_WIDTH: usize = 10;
/// The mate solver's budget for each move it checks (positions examined): the analysis's
/// budget for each position, so that what the choice is checked with is what judges it.
pub const CHECK_NODES: u64 = 20_000;
/// The table of the engine each hint is searched with (MiB): ample for an 8-ply search of a
/// hundred lines.
const HINT_HASH_MIB: usize = 16;
/// Moves refuted at most before the search's choice is taken as it is: each costs a search,
/// and a position where more of the search's choices lose to a mate is lost anyway.
const MAX_REFUTED: usize = 8;

/// The checks-only mate the solver proves for the side to move in `pos` within `mate_nodes`.
pub(crate) fn proven_mate(pos: &Position, mate_nodes: u64, stop: &AtomicBool) -> Option<Vec<Move>> {
    if mate_nodes == 0 || pos.count_legal_moves() == 0 {
        return None;
    }
    let limits = MateLimits { nodes: Some(mate_nodes), ..MateLimits::default() };
    match mate::solve(pos, &limits, stop).outcome {
        MateOutcome::Mate(line) if !line.is_empty() => Some(line),
        _ => None,
    }
}

/// After `mv`, the mate solver proves within `mate_nodes` that the opponent mates.
pub fn walks_into_mate(pos: &Position, mv: Move, mate_nodes: u64, stop: &AtomicBool) -> bool {
    proven_mate(&pos.played(mv), mate_nodes, stop).is_some()
}

/// The moves a search under `limits` may choose from in `pos`, less `left_out`.
fn root_moves_without(pos: &Position, limits: &SearchLimits, left_out: &[Move]) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter()
        .filter(|m| limits.root_moves.as_ref().is_none_or(|r| r.contains(m)))
        .filter(|m| !left_out.contains(m))
        .collect()
}

/// A search's score already says how the game ends: nothing for the solver to add.
fn is_mate(score: Score) -> bool {
    matches!(score, Score::Mate(_))
}

/// The engine's choice in a position: the search's result, as the mate solver leaves it.
#[derive(Clone, Debug)]
pub struct Choice {
    pub result: SearchResult,
    /// The checks-only mate the solver proved for the side to move.
    pub mate: Option<Vec<Move>>,
}

/// The engine's choice under `limits`, the solver given `mate_nodes` for each position it
/// tries. Where the solver proves a mate for the side to move, its first move (unless the
/// search found a mate as short). Otherwise the search's best move, with every move the solver
/// refutes ([`walks_into_mate`]) left out and the search run again without it; when every move
/// is refuted (or eight were), the last search's choice stands.
pub fn choose(
    engine: &Engine,
    game: &Game,
    limits: &SearchLimits,
    mate_nodes: u64,
    stop: &AtomicBool,
) -> Choice {
    let pos = game.position();
    let mate = proven_mate(pos, mate_nodes, stop);
    let mut result = engine.search(game, limits, stop, &mut |_| {});
    if let Some(line) = &mate {
        let plies = i32::try_from(line.len()).unwrap_or(i32::MAX);
        // The solver's mate is proven; the search's is kept only when it is as short.
        if !matches!(result.score, Score::Mate(p) if p > 0 && p <= plies) {
            result.score = Score::Mate(plies);
            result.best = line.first().copied();
            result.ponder = line.get(1).copied();
            result.pv = line.clone();
            result.lines.clear();
        }
        return Choice { result, mate };
    }
    let mut refuted = Vec::new();
    while let Some(best) = result.best {
        if is_mate(result.score)
            || refuted.len() >= MAX_REFUTED
            || stop.load(Ordering::Relaxed)
            || !walks_into_mate(pos, best, mate_nodes, stop)
        {
            break;
        }
        refuted.push(best);
        let rest = root_moves_without(pos, limits, &refuted);
        if rest.is_empty() {
            break;
        }
        let again = SearchLimits { root_moves: Some(rest), ..limits.clone() };
        result = engine.search(game, &again, stop, &mut |_| {});
    }
    Choice { result, mate }
}

/// The lines of a search, best first (one line when it searched one).
fn lines_of(result: &SearchResult) -> Vec<PvLine> {
    if result.lines.is_empty() {
        result
            .best
            .map(|_| PvLine { score: result.score, depth: result.depth, pv: result.pv.clone() })
            .into_iter()
            .collect()
    } else {
        result.lines.clone()
    }
}

/// The engine a hint is searched with: full strength, one thread and a table of its own,
/// fresh each time, so that a position always gets the same hint whatever was searched before
/// (a table warmed by other searches sways a search of a few plies).
fn hint_engine() -> Engine {
    Engine::new(EngineOptions {
        hash_mib: HINT_HASH_MIB,
        threads: 1,
        use_book: false,
        ..EngineOptions::default()
    })
}

/// The best `lines` moves (`hint N`), best first, all from one multi-line search of
/// `max(lines, HINT_WIDTH)` lines to `depth` plies at full strength on a fresh table, and the
/// scores never rise down the list.
///
/// The mate solver then checks the lines, as [`choose`] checks its move: a mate it proves for
/// the side to move heads the list, and a move after which it proves a mate for the opponent
/// takes that mate as its score, which sinks it below every move not refuted. When that
/// leaves fewer than the search's width standing and the search left moves out, it is run
/// again without the refuted ones (at most eight times). Up to [`HINT_WIDTH`] lines nothing of
/// this depends on `lines`, so `hint N`'s list is the start of `hint M`'s for every
/// `N ≤ M ≤ HINT_WIDTH`, and `hint`'s move is their first line (checking only the lines shown
/// had let `hint 10` refute moves that `hint 6` never checked, and search again: the same
/// moves then came with other scores).
pub fn best_lines(game: &Game, lines: usize, depth: u32, stop: &AtomicBool) -> Vec<PvLine> {
    let pos = game.position();
    let mate = proven_mate(pos, CHECK_NODES, stop);
    let mut refuted: Vec<PvLine> = Vec::new();
    let mut found = Vec::new();
    let wanted = lines.max(HINT_WIDTH);
    for round in 0..=MAX_REFUTED {
        let left_out: Vec<Move> = refuted.iter().filter_map(|l| l.pv.first().copied()).collect();
        let rest = root_moves_without(pos, &SearchLimits::default(), &left_out);
        if rest.is_empty() || lines == 0 {
            found.clear();
            break;
        }
        let width = wanted.min(rest.len());
        let limits = SearchLimits {
            multipv: width,
            // The first search is of every move, as a plain search's.
            root_moves: (round > 0).then(|| rest.clone()),
            ..SearchLimits::depth(depth)
        };
        let result = hint_engine().search(game, &limits, stop, &mut |_| {});
        found = lines_of(&result);
        if let Some(mate) = mate.clone() {
            let plies = i32::try_from(mate.len()).unwrap_or(i32::MAX);
            let first = mate[0];
            // The solver's mate is proven; the search's line for it stays if it is as short.
            let searched = found.iter().position(|l| l.pv.first() == Some(&first));
            let as_short = searched
                .is_some_and(|i| matches!(found[i].score, Score::Mate(p) if p > 0 && p <= plies));
            if !as_short {
                found.retain(|l| l.pv.first() != Some(&first));
                found.push(PvLine { score: Score::Mate(plies), depth: result.depth, pv: mate });
            }
        }
        sort_best_first(&mut found);
        // Check down the list until `wanted` moves stand; a refuted move leaves the list.
        let mut standing = 0;
        let mut kept = Vec::new();
        for mut line in std::mem::take(&mut found) {
            let checked =
                standing < wanted && !stop.load(Ordering::Relaxed) && !is_mate(line.score);
            if checked
                && let Some(&first) = line.pv.first()
                && let Some(reply) = proven_mate(&pos.played(first), CHECK_NODES, stop)
            {
                let plies = i32::try_from(reply.len() + 1).unwrap_or(i32::MAX);
                line.score = Score::Mate(-plies);
                line.pv = std::iter::once(first).chain(reply).collect();
                refuted.push(line);
                continue;
            }
            standing += 1;
            kept.push(line);
        }
        found = kept;
        let searched_all = width == rest.len();
        if standing >= wanted || searched_all || stop.load(Ordering::Relaxed) {
            break;
        }
    }
    found.extend(refuted);
    sort_best_first(&mut found);
    found.truncate(lines);
    found
}

/// Best first; lines of the same score keep the search's order.
fn sort_best_first(lines: &mut [PvLine]) {
    lines.sort_by_key(|l| std::cmp::Reverse(l.score.comparable()));
}

/// The text modes' hint: the first of [`best_lines`], at [`HINT_DEPTH`] and full strength
/// whatever level the engine plays at (a weakened search may walk into a mate it saw no need
/// to look for), on a fresh table, so that it is always the first line of `hint N`.
pub fn hint(game: &Game) -> Option<Move> {
    best_lines(game, 1, HINT_DEPTH, &AtomicBool::new(false))
        .first()
        .and_then(|l| l.pv.first().copied())
}
