//! Perft against independent counts (shogiops fixtures confirmed by cshogi and
//! python-shogi; start-position values as published). Debug builds skip the big counts.

use gnushogi::notation::parse_sfen;
use gnushogi::rules::{Position, perft};

/// Largest count checked in a debug build; release (CI) checks everything.
const DEBUG_NODE_CAP: u64 = 2_000_000;

fn cap() -> u64 {
    if cfg!(debug_assertions) { DEBUG_NODE_CAP } else { u64::MAX }
}

#[test]
fn every_row_of_the_independent_suite() {
    let data = include_str!("data/perft.tsv");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (sfen, depth, nodes) =
            (cols[0], cols[1].parse().unwrap(), cols[2].parse::<u64>().unwrap());
        if nodes > cap() {
            continue;
        }
        let pos = parse_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        assert_eq!(perft(&pos, depth), nodes, "{sfen} depth {depth}");
        checked += 1;
    }
    assert!(checked >= 340, "only {checked} rows checked");
}

#[test]
fn start_position_to_depth_5() {
    let expected = [30, 900, 25_470, 719_731, 19_861_490];
    let pos = Position::startpos();
    for (depth, &nodes) in expected.iter().enumerate() {
        if nodes > cap() {
            continue;
        }
        assert_eq!(perft(&pos, depth as u32 + 1), nodes, "depth {}", depth + 1);
    }
}

/// The drop-heavy position of the speed benchmark, at depths cheap enough for a test
/// (depth 4 is 516,925,165 nodes; its counts come from cshogi).
#[test]
fn drop_heavy_position() {
    let pos = parse_sfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
        .unwrap();
    assert_eq!(perft(&pos, 1), 207);
    assert_eq!(perft(&pos, 2), 28_684);
}
