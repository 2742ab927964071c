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
pub fn proven_mate(pos: &Position, mate_nodes: u64, stop: &AtomicBool) -> Option<Vec<Move>> {
    if mate_nodes == 0 || pos.count_legal_moves() == 0 {
        return None;
    }
    let limits = MateLimits { time: None, nodes: Some(mate_nodes), max_plies: None };
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
/// (a table warmed by other searches sways a search of a few plies), and `hint N`'s first line
/// is `hint`'s move.
fn hint_engine() -> Engine {
    Engine::new(EngineOptions {
        hash_mib: HINT_HASH_MIB,
        threads: 1,
        use_book: false,
        ..EngineOptions::default()
    })
}

/// The best `lines` moves (`hint N`), by searches of `depth` plies at full strength on a fresh
/// table. The first is [`choose`]'s move, the one [`hint`] gives; the others are the best of
/// the rest, from one search of as many lines at the same depth, with the moves the mate
/// solver refutes left out as for the first.
pub fn best_lines(game: &Game, lines: usize, depth: u32, stop: &AtomicBool) -> Vec<PvLine> {
    let engine = hint_engine();
    let one = SearchLimits { multipv: 1, ..SearchLimits::depth(depth) };
    let first = choose(&engine, game, &one, CHECK_NODES, stop).result;
    let mut shown = lines_of(&first);
    let Some(chosen) = first.best else { return shown };
    let pos = game.position();
    let mut left_out = vec![chosen];
    for round in 0..=MAX_REFUTED {
        let rest = root_moves_without(pos, &one, &left_out);
        if lines <= 1 || rest.is_empty() || stop.load(Ordering::Relaxed) {
            break;
        }
        let limits = SearchLimits {
            multipv: (lines - 1).min(rest.len()),
            root_moves: Some(rest),
            ..SearchLimits::depth(depth)
        };
        let others = lines_of(&engine.search(game, &limits, stop, &mut |_| {}));
        let refuted: Vec<Move> = others
            .iter()
            .filter(|l| !is_mate(l.score))
            .filter_map(|l| l.pv.first().copied())
            .filter(|&m| walks_into_mate(pos, m, CHECK_NODES, stop))
            .collect();
        if refuted.is_empty() || round == MAX_REFUTED {
            let kept = |l: &PvLine| l.pv.first().is_none_or(|m| !refuted.contains(m));
            shown.extend(others.into_iter().filter(kept));
            break;
        }
        left_out.extend(refuted);
    }
    shown
}

/// The text modes' hint: [`choose`]'s move at [`HINT_DEPTH`], at full strength whatever level
/// the engine plays at (a weakened search may walk into a mate it saw no need to look for),
/// on a fresh table (see [`best_lines`], whose first line it is).
pub fn hint(game: &Game) -> Option<Move> {
    best_lines(game, 1, HINT_DEPTH, &AtomicBool::new(false))
        .first()
        .and_then(|l| l.pv.first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineOptions;
    use crate::notation::{parse_sfen, parse_usi_move};

    fn engine() -> Engine {
        Engine::new(EngineOptions {
            hash_mib: 1,
            threads: 1,
            use_book: false,
            ..Default::default()
        })
    }

    fn game(sfen: &str) -> Game {
        Game::new(parse_sfen(sfen).unwrap())
    }

    fn depth(d: u32) -> SearchLimits {
        SearchLimits { multipv: 1, ..SearchLimits::depth(d) }
    }

    #[test]
    fn a_mate_the_solver_proves_is_the_choice() {
        // Gold drops mate in 5 plies; a 1-ply search drops the gold elsewhere.
        let g = game("9/9/5k3/9/4G4/4P4/9/9/K8 b 3G2r2b4s4n4l17p 1");
        let e = engine();
        let stop = AtomicBool::new(false);
        let plain = e.search(&g, &depth(1), &stop, &mut |_| {});
        let mate = parse_usi_move("G*4d").unwrap().to_move(g.position()).unwrap();
        assert_ne!(plain.best, Some(mate));
        let chosen = choose(&e, &g, &depth(1), CHECK_NODES, &stop);
        assert_eq!(chosen.result.best, Some(mate));
        assert_eq!(chosen.result.score, Score::Mate(5));
        assert_eq!(chosen.mate.map(|l| l.len()), Some(5));
    }

    #[test]
    fn a_move_into_a_mate_the_solver_proves_is_refuted() {
        // Taking the rook lets White mate by G*7h, K9h, G*8h; a 1-ply search takes it.
        let g = game("8k/9/4r4/9/4R4/9/PPp6/1K7/LN7 b 2g 1");
        let e = engine();
        let stop = AtomicBool::new(false);
        let plain = e.search(&g, &depth(1), &stop, &mut |_| {}).best.unwrap();
        assert!(walks_into_mate(g.position(), plain, CHECK_NODES, &stop));
        let chosen = choose(&e, &g, &depth(1), CHECK_NODES, &stop).result.best.unwrap();
        assert_ne!(chosen, plain);
        assert!(!walks_into_mate(g.position(), chosen, CHECK_NODES, &stop));
        // Without the solver the search's choice stands.
        assert_eq!(choose(&e, &g, &depth(1), 0, &stop).result.best, Some(plain));
    }

    #[test]
    fn the_first_of_the_best_lines_is_the_hint() {
        let g = game("8k/9/4r4/9/4R4/9/PPp6/1K7/LN7 b 2g 1");
        let e = engine();
        let stop = AtomicBool::new(false);
        let lines = best_lines(&g, 4, HINT_DEPTH, &stop);
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0].pv.first().copied(), hint(&g));
        // A table warmed by other searches changes nothing.
        e.search(&g, &depth(6), &stop, &mut |_| {});
        assert_eq!(best_lines(&g, 4, HINT_DEPTH, &stop), lines);
        let firsts: Vec<Move> = lines.iter().filter_map(|l| l.pv.first().copied()).collect();
        for (i, m) in firsts.iter().enumerate() {
            assert!(!firsts[..i].contains(m), "{m} twice");
            assert!(!walks_into_mate(g.position(), *m, CHECK_NODES, &stop), "{m}");
        }
    }
}
