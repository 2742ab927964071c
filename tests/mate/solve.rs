//! `mate::solve` on the smallest problems: a mate in one, no mate within a limit.

use gnushogi::mate::*;
use gnushogi::notation::parse_sfen;
use gnushogi::rules::Move;
use std::sync::atomic::AtomicBool;

#[test]
fn mate_in_one_and_three() {
    let p = parse_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    let r = solve(&p, &MateLimits::default(), &AtomicBool::new(false));
    assert_eq!(
        r.outcome,
        MateOutcome::Mate(vec![Move::drop(
            gnushogi::rules::PieceKind::Gold,
            gnushogi::rules::Square::new(5, 2).unwrap()
        )])
    );
    let none = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
    let limits = MateLimits { max_plies: Some(3), ..MateLimits::default() };
    assert_eq!(solve(&none, &limits, &AtomicBool::new(false)).outcome, MateOutcome::NoMate);
}
