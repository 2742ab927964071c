//! `analysis::choice`: which move the analysis calls the better one.

use gnushogi::analysis::choice::*;
use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::game::Game;
use gnushogi::notation::{parse_sfen, parse_usi_move};
use gnushogi::rules::Move;
use gnushogi::search::{Score, SearchLimits};
use std::sync::atomic::AtomicBool;

fn engine() -> Engine {
    Engine::new(EngineOptions {
        hash_mib: 1,
        threads: 1,
        use_book: false,
        // The table alone: these positions were chosen for what its shallow searches miss.
        network: None,
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
fn a_shorter_list_of_best_lines_is_the_start_of_a_longer_one() {
    // Four of the moves here lose to a mate, and which ones the solver is asked about
    // once decided whether the search was run again without them.
    let g = game("8k/9/4r4/9/4R4/9/PPp6/1K7/LN7 b 2g 1");
    let stop = AtomicBool::new(false);
    let widest = best_lines(&g, HINT_WIDTH, HINT_DEPTH, &stop);
    assert_eq!(widest.len(), HINT_WIDTH);
    for n in 1..HINT_WIDTH {
        assert_eq!(best_lines(&g, n, HINT_DEPTH, &stop)[..], widest[..n], "{n} lines");
    }
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
