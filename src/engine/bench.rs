//! `--bench`: a fixed set of positions searched to a fixed depth with a fresh table and one
//! thread. The total node count is the search's signature: the same on every run of the same
//! build, and quoted as `Bench: N` in the message of every commit that changes the search or
//! the evaluation.

use super::{Engine, EngineOptions};
use crate::game::Game;
use crate::notation::parse_sfen;
use crate::rules::Move;
use crate::search::{Score, SearchLimits};
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Middle-game positions from real games (the first of `tests/data/positions.tsv`).
const POSITIONS: &str = include_str!("bench.tsv");
pub(crate) const DEFAULT_DEPTH: u32 = 9;
const HASH_MIB: usize = 16;

/// The bench positions as SFEN.
pub fn positions() -> Vec<&'static str> {
    POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next())
        .collect()
}

/// The search of one bench position.
#[derive(Clone, Debug)]
pub struct BenchPosition {
    /// 1-based, in the order of [`positions`].
    pub number: usize,
    pub best: Option<Move>,
    pub score: Score,
    pub nodes: u64,
}

/// The whole bench: the node count is the signature.
#[derive(Clone, Debug, Default)]
pub struct BenchReport {
    pub positions: Vec<BenchPosition>,
    pub nodes: u64,
    /// Time spent searching (set-up between positions not counted).
    pub time: Duration,
}

impl BenchReport {
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.nodes, self.time)
    }
}

/// Nodes per second, as `--bench` and `--perft` print them.
pub(crate) fn nodes_per_second(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64
}

/// Runs the bench at `depth`; `on_position` hears of each position as soon as it is
/// searched (a bench takes a while, and its reader wants to see it go), and may stop the
/// bench there (its reader has gone).
pub fn run(
    depth: u32,
    on_position: &mut dyn FnMut(&BenchPosition) -> ControlFlow<()>,
) -> BenchReport {
    let mut report = BenchReport::default();
    let mut engine = Engine::new(EngineOptions { hash_mib: HASH_MIB, ..EngineOptions::default() });
    for (i, sfen) in positions().into_iter().enumerate() {
        let pos = parse_sfen(sfen).expect("bench positions are valid");
        // A fresh table and fresh ordering statistics for every position.
        engine.new_game();
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let result =
            engine.search(&Game::new(pos), &SearchLimits::depth(depth), &stop, &mut |_| {});
        report.time += start.elapsed();
        report.nodes += result.nodes;
        let position = BenchPosition {
            number: i + 1,
            best: result.best,
            score: result.score,
            nodes: result.nodes,
        };
        let flow = on_position(&position);
        report.positions.push(position);
        if flow.is_break() {
            break;
        }
    }
    report
}
