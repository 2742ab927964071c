//! The engine facade, through the crate's public API.

mod resign;
mod strength;

use crate::common::fuzz::sfen_column;
use gnushogi::engine::*;
use gnushogi::game::Game;
use gnushogi::mate::MateLimits;
use gnushogi::notation::parse_sfen;
use gnushogi::search::{Score, SearchLimits};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::Duration;

/// The bench's positions (`src/engine/bench.tsv`, the program's own data) are the first 24
/// of the test positions they were taken from, in the same order.
#[test]
fn the_bench_positions_are_the_first_of_the_test_positions() {
    let bench = bench::positions();
    let tests = sfen_column(include_str!("data/positions.tsv"));
    assert_eq!(bench.len(), 24);
    assert_eq!(bench, tests[..24].iter().map(String::as_str).collect::<Vec<_>>());
}

#[test]
fn a_mate_report_becomes_a_result() {
    let pos = parse_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    let report = gnushogi::mate::solve(&pos, &MateLimits::default(), &AtomicBool::new(false));
    let r = mate_result(&report);
    assert_eq!(r.best.map(|m| m.to_string()), Some("G*5b".into()));
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn a_search_reports_and_finishes() {
    let mut engine = Engine::default();
    engine.set_use_book(false);
    let (tx, rx) = mpsc::channel();
    let h = engine.start(&Game::default(), SearchLimits::depth(3), move |e| {
        let _ = tx.send(e);
    });
    let result = h.wait().unwrap();
    assert!(result.best.is_some());
    let events: Vec<EngineEvent> = rx.iter().collect();
    assert!(matches!(events.last(), Some(EngineEvent::Done(_))));
    assert!(events.iter().any(|e| matches!(e, EngineEvent::Info(_))));
}

#[test]
fn the_same_search_after_new_game_is_reproducible() {
    let mut engine = Engine::default();
    let stop = AtomicBool::new(false);
    let game = Game::new(gnushogi::notation::parse_sfen(bench::positions()[3]).expect("valid"));
    let run = |engine: &mut Engine| {
        engine.new_game();
        engine.search(&game, &SearchLimits::depth(7), &stop, &mut |_| {}).nodes
    };
    let first = run(&mut engine);
    // A search in between leaves statistics behind; new_game must clear them all.
    engine.search(&Game::default(), &SearchLimits::depth(6), &stop, &mut |_| {});
    assert_eq!(run(&mut engine), first);
}

#[test]
fn stop_ends_an_infinite_search() {
    let mut engine = Engine::default();
    let h = engine.start(&Game::default(), SearchLimits::infinite(), |_| {});
    std::thread::sleep(Duration::from_millis(50));
    let r = h.abort().unwrap();
    assert!(r.best.is_some());
}
