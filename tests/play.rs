//! `play`: the play controller, through its public API.

mod events;

use gnushogi::engine::clock::{Clocks, TimeControl};
use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::play::*;
use gnushogi::rules::Color;
use gnushogi::search::SearchLimits;
use std::sync::mpsc::Receiver;
use std::time::Duration;

/// The next update that is not a search's iteration report: a search sends one before its
/// move, and whether a move is searched at all (rather than taken from the opening book, whose
/// pick is random) is luck.
fn next_update(m: &mut Match, events: &Receiver<Event>) -> Update {
    loop {
        match m.next_event(events, Some(Duration::from_secs(60))) {
            Wake::Update(Update::Info { .. }) => {}
            Wake::Update(u) => return u,
            Wake::Nothing | Wake::Closed => panic!("no update"),
            Wake::Event(_) => {}
        }
    }
}

/// A server times the engine's moves: the match plays them and leaves its clock to the
/// server's figure.
#[test]
fn a_server_times_the_engines_moves() {
    let (tx, rx) = std::sync::mpsc::channel();
    let engine = Engine::new(EngineOptions { hash_mib: 1, ..EngineOptions::default() });
    let mut m = Match::new(engine, tx);
    m.clocks = Clocks::new(TimeControl::session(0, Duration::from_secs(60), Duration::ZERO));
    m.set_policy(Policy::csa(true));
    assert_eq!(m.think(SearchLimits::depth(1)), Start::Searching);
    let Update::Moved { left, .. } = next_update(&mut m, &rx) else { panic!("no move") };
    assert_eq!((left, m.game().ply()), (6000, 1));
    assert_eq!(m.own_move_timed(Color::Black, Duration::from_secs(3)), 5700);
    // Every other dialect's: the match times them itself.
    m.set_policy(Policy::CECP);
    m.think(SearchLimits::depth(1));
    let Update::Moved { left, used, .. } = next_update(&mut m, &rx) else { panic!("no move") };
    assert!(left <= 6000 - gnushogi::engine::clock::centis(used), "{left}");
}

/// A search on the engine's move that cannot be waited for: its best move so far, else any
/// legal move, is the one to play; none in a mate; nothing once it is given up, or when the
/// search is not on the engine's move.
#[test]
fn the_best_move_so_far_stands_in_for_a_search() {
    let (tx, _rx) = std::sync::mpsc::channel();
    let engine = Engine::new(EngineOptions { hash_mib: 1, ..EngineOptions::default() });
    let mut m = Match::new(engine, tx);
    assert_eq!(m.best_so_far(), None);
    m.think(SearchLimits::infinite());
    let best = m.best_so_far().flatten().expect("a move");
    assert!(m.game().position().is_legal(best));
    m.play(best);
    assert_eq!(m.best_so_far(), None);
    m.analyze(SearchLimits::default());
    assert_eq!(m.best_so_far(), None);
    let mated = gnushogi::notation::parse_sfen("4k4/9/9/9/9/9/4p4/4g4/4K4 b - 1").unwrap();
    m.set_game(gnushogi::game::Game::new(mated));
    m.think(SearchLimits::infinite());
    assert_eq!(m.best_so_far(), Some(None));
    m.cancel();
}
