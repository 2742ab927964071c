//! The search's speed with the learned evaluation against the linear table's.
//!
//! ```text
//! cargo run --release --example nnue_bench -- [--net net.nnue] [--nodes 300000]
//! ```
//!
//! Searches each bench position (`gnushogi --bench`'s) to a node budget with the network
//! of `--net` (without one, random weights: the speed is the same) and with the linear
//! table, one after the other, and prints nodes per second of each, summed over the
//! positions (the trees differ: a random network's are no guide), and then the cost of
//! one evaluation alone: every child of every bench position evaluated by the table, by the
//! network's accumulators brought up from the parent's, and by the network built anew.

use gnushogi::engine::{Engine, EngineOptions, bench};
use gnushogi::eval;
use gnushogi::eval::nnue::{Accumulators, Network};
use gnushogi::game::Game;
use gnushogi::notation::parse_sfen;
use gnushogi::rules::MoveList;
use gnushogi::search::SearchLimits;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
#[path = "common/samples.rs"]
mod samples;
use samples::arg;

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let nodes: u64 = arg(&args, "--nodes", 300_000);
    let path: String = arg(&args, "--net", String::new());
    let net = if path.is_empty() {
        Network::random(1)
    } else {
        Network::from_bytes(&std::fs::read(&path)?).map_err(std::io::Error::other)?
    };
    let net = Arc::new(net);
    let mut totals = [(0u64, Duration::ZERO); 2];
    for sfen in bench::positions() {
        let game = Game::new(parse_sfen(sfen).expect("bench positions are valid"));
        for (i, network) in [None, Some(Arc::clone(&net))].into_iter().enumerate() {
            let engine =
                Engine::new(EngineOptions { hash_mib: 16, network, ..EngineOptions::default() });
            let stop = AtomicBool::new(false);
            let limits = SearchLimits { nodes: Some(nodes), ..SearchLimits::default() };
            let start = Instant::now();
            let r = engine.search(&game, &limits, &stop, &mut |_| {});
            totals[i].0 += r.nodes;
            totals[i].1 += start.elapsed();
        }
    }
    for (name, (n, t)) in ["linear table", "network"].iter().zip(totals) {
        println!(
            "{name}: {n} nodes in {:.2} s, {:.0} nodes/s",
            t.as_secs_f64(),
            n as f64 / t.as_secs_f64()
        );
    }
    let mut families = Vec::new();
    for sfen in bench::positions() {
        let pos = parse_sfen(sfen).expect("bench positions are valid");
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let children: Vec<_> = list.iter().map(|m| (m, pos.played(m))).collect();
        families.push((pos, children));
    }
    let count: usize = families.iter().map(|(_, c)| c.len()).sum();
    let rounds = 200;
    let per = |d: Duration| d.as_nanos() as f64 / (rounds * count) as f64;
    let mut sink = 0i64;
    let start = Instant::now();
    for _ in 0..rounds {
        for (_, children) in &families {
            sink += children.iter().map(|(_, c)| i64::from(eval::evaluate(c))).sum::<i64>();
        }
    }
    let table = per(start.elapsed());
    let mut accs = Accumulators::new(2);
    let start = Instant::now();
    for _ in 0..rounds {
        for (parent, children) in &families {
            accs.push_null(0);
            accs.evaluate(&net, parent, 0);
            for (m, child) in children {
                accs.push(1, parent, *m);
                sink += i64::from(accs.evaluate(&net, child, 1));
            }
        }
    }
    let updated = per(start.elapsed());
    let start = Instant::now();
    for _ in 0..rounds {
        for (_, children) in &families {
            sink += children.iter().map(|(_, c)| i64::from(net.evaluate(c))).sum::<i64>();
        }
    }
    let fresh = per(start.elapsed());
    println!(
        "per evaluation ({count} children of the bench positions, {rounds} times): table \
         {table:.0} ns; network brought up from the parent {updated:.0} ns, built anew \
         {fresh:.0} ns [{sink}]"
    );
    Ok(())
}
