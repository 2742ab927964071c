//! The engine facade, through the crate's public API.

use crate::common::fuzz::sfen_column;
use gnushogi::engine::bench;

/// The bench's positions (`src/engine/bench.tsv`, the program's own data) are the first 24
/// of the test positions they were taken from, in the same order.
#[test]
fn the_bench_positions_are_the_first_of_the_test_positions() {
    let bench = bench::positions();
    let tests = sfen_column(include_str!("data/positions.tsv"));
    assert_eq!(bench.len(), 24);
    assert_eq!(bench, tests[..24].iter().map(String::as_str).collect::<Vec<_>>());
}
