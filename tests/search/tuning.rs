//! `search::Tuning`: the search's tunable numbers.

use gnushogi::search::*;

#[test]
fn every_default_is_in_its_range_and_every_step_moves_it() {
    let tuning = Tuning::default();
    for &t in Tunable::ALL {
        assert_eq!(tuning.get(t), t.default_value(), "{t:?}");
        assert!(t.min() <= t.default_value() && t.default_value() <= t.max(), "{t:?}");
        assert!(t.min() < t.max() && t.step() > 0, "{t:?}");
    }
}

#[test]
fn names_are_distinct_and_set_clamps() {
    let mut names: Vec<&str> = Tunable::ALL.iter().map(|t| t.name()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), Tunable::ALL.len());
    let mut tuning = Tuning::default();
    tuning.set(Tunable::RfpMargin, 150);
    assert_eq!(tuning.rfp_margin, 150);
    tuning.set(Tunable::NullMoveDepthDivisor, 0);
    assert_eq!(tuning.null_move_depth_divisor, Tunable::NullMoveDepthDivisor.min());
}
