//! `engine::resign`: when the engine resigns.

use gnushogi::engine::resign::*;
use gnushogi::rules::Color;
use gnushogi::search::Score;

#[test]
fn resigns_only_after_two_lost_searches_in_a_row() {
    let mut w = ResignWatch::default();
    let lost = Score::Cp(-1500);
    assert!(!w.should_resign(1000, Color::Black, lost, false));
    // White's searches do not interrupt Black's run.
    assert!(!w.should_resign(1000, Color::White, Score::Cp(1500), false));
    assert!(w.should_resign(1000, Color::Black, lost, false));
    // A better score breaks the run.
    w.clear();
    assert!(!w.should_resign(1000, Color::Black, lost, false));
    assert!(!w.should_resign(1000, Color::Black, Score::Cp(-999), false));
    assert!(!w.should_resign(1000, Color::Black, lost, false));
    assert!(w.should_resign(1000, Color::Black, Score::Mate(-3), false));
}

#[test]
fn never_resigns_at_the_default_or_from_the_book() {
    let mut w = ResignWatch::default();
    for _ in 0..5 {
        assert!(!w.should_resign(NEVER, Color::White, Score::Mate(-1), false));
        assert!(!w.should_resign(100, Color::White, Score::Cp(-5000), true));
    }
}
