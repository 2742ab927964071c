//! `search::time`: time management.

use gnushogi::search::limits::{Clock, SearchLimits};
use gnushogi::search::time::*;
use std::time::{Duration, Instant};

fn clock(secs: f64, inc: f64, mtg: Option<u32>, byo: f64) -> SearchLimits {
    let s = Duration::from_secs_f64;
    let (remaining, increment, byoyomi) = (s(secs), s(inc), s(byo));
    SearchLimits::clock(Clock {
        remaining,
        increment,
        moves_to_go: mtg,
        byoyomi,
        ..Clock::default()
    })
}

#[test]
fn hard_limit_is_the_budget_even_while_pondering() {
    let mut limits = clock(10.0, 0.1, None, 0.0);
    let hard = hard_limit(&limits, DEFAULT_MOVE_OVERHEAD);
    limits.ponder = true;
    assert_eq!(hard_limit(&limits, DEFAULT_MOVE_OVERHEAD), hard);
    assert!(hard.is_some());
    assert_eq!(hard_limit(&SearchLimits::infinite(), DEFAULT_MOVE_OVERHEAD), None);
}

#[test]
fn time_spent_before_the_search_counts() {
    let limits = SearchLimits::move_time(Duration::from_secs(1));
    let asked = Instant::now() - Duration::from_secs(2);
    assert!(TimeManager::new(&limits, DEFAULT_MOVE_OVERHEAD, asked).hard_expired());
    assert!(!TimeManager::new(&limits, DEFAULT_MOVE_OVERHEAD, Instant::now()).hard_expired());
}

#[test]
fn a_stable_best_move_still_spends_free_time() {
    // At 70 % (a stable best move) the soft limit would stop a search at 0.66 s of
    // byoyomi; the floor holds it to the margin.
    let tm = TimeManager::new(
        &clock(0.0, 0.0, None, 1.0),
        DEFAULT_MOVE_OVERHEAD,
        Instant::now() - Duration::from_millis(900),
    );
    assert!(!tm.soft_expired(70));
    let tm = TimeManager::new(
        &clock(0.0, 0.0, None, 1.0),
        DEFAULT_MOVE_OVERHEAD,
        Instant::now() - Duration::from_millis(970),
    );
    assert!(tm.soft_expired(70));
}
