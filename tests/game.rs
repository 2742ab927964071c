//! `game`: a game record and the end of a game.

use gnushogi::game::*;
use gnushogi::notation::{parse_sfen, parse_usi_move};
use gnushogi::rules::Color;

fn play(game: &mut Game, moves: &str) {
    for s in moves.split_whitespace() {
        let m = parse_usi_move(s).unwrap().to_move(game.position()).unwrap();
        game.play(m).unwrap();
    }
}

#[test]
fn fourfold_repetition_is_a_draw() {
    let mut g = Game::default();
    let cycle = "2h3h 8b7b 3h2h 7b8b ";
    play(&mut g, &cycle.repeat(2));
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    play(&mut g, cycle);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn perpetual_check_loses() {
    // Sente's rook checks on rank a, then rank b; gote's king steps between 1a and 1b.
    let start = parse_sfen("8k/1R7/9/9/9/9/9/9/K8 b - 1").unwrap();
    let mut g = Game::new(start);
    let cycle = "8b8a 1a1b 8a8b 1b1a ";
    play(&mut g, &cycle.repeat(2));
    assert_eq!(g.outcome(), None, "three occurrences");
    play(&mut g, "8b8a 1a1b 8a8b");
    assert_eq!(g.outcome(), None);
    play(&mut g, "1b1a");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::PerpetualCheck })
    );
}

#[test]
fn mate_and_no_legal_move_lose() {
    let mated = parse_sfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1").unwrap();
    let g = Game::new(mated);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate })
    );
}

#[test]
fn impasse_counts_points() {
    let rules = GameRules { impasse_from_ply: 0, ..GameRules::default() };
    // Both kings in the enemy camp; sente holds everything but a few pawns.
    let pos = parse_sfen("4K4/9/9/9/9/9/9/9/4k4 b 2R2B4G4S4N4L10P8p 1").unwrap();
    let mut g = Game::new(pos);
    g.rules = rules;
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Color::Black, reason: WinReason::Impasse })
    );
}
