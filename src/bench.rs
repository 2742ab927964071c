//! `--bench`: a fixed set of positions searched to a fixed depth with a fresh table and one
//! thread. The total node count is the search's signature: the same on every run of the same
//! build, and quoted as `Bench: N` in the message of every commit that changes the search or
//! the evaluation.

use crate::engine::{Engine, EngineOptions};
use crate::game::Game;
use crate::notation::parse_sfen;
use crate::search::SearchLimits;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Middle-game positions from real games (`tests/data/positions.tsv`).
const POSITIONS: &str = include_str!("../tests/data/positions.tsv");
pub const DEFAULT_DEPTH: u32 = 9;
/// How many of the positions the bench uses.
const COUNT: usize = 24;
const HASH_MIB: usize = 16;

/// The bench positions as SFEN.
pub fn positions() -> Vec<&'static str> {
    POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next())
        .take(COUNT)
        .collect()
}

/// Runs the bench, printing one line per position and `nodes N time MS nps R` last.
/// Returns the total node count.
pub fn run(depth: u32, out: &mut dyn Write) -> std::io::Result<u64> {
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    let mut engine = Engine::new(EngineOptions { hash_mib: HASH_MIB, ..EngineOptions::default() });
    for (i, sfen) in positions().into_iter().enumerate() {
        let pos = parse_sfen(sfen).expect("bench positions are valid");
        // A fresh table and fresh ordering statistics for every position.
        engine.new_game();
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let result =
            engine.search(&Game::new(pos), &SearchLimits::depth(depth), &stop, &mut |_| {});
        total_time += start.elapsed();
        total_nodes += result.nodes;
        writeln!(
            out,
            "position {:2} best {} score {} nodes {}",
            i + 1,
            result.best.map_or("none".to_string(), |m| m.to_string()),
            result.score,
            result.nodes
        )?;
    }
    let ms = total_time.as_millis();
    let nps = (total_nodes as f64 / total_time.as_secs_f64().max(1e-9)) as u64;
    writeln!(out, "nodes {total_nodes} time {ms} nps {nps}")?;
    Ok(total_nodes)
}
