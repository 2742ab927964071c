//! Solves every problem of a tsume file and prints the solve rate and the times.
//!
//! `cargo run --release --example tsume_bench [FILE] [SECONDS]`
//!
//! FILE defaults to tests/data/tsume.tsv. Its rows are `SFEN, length, first move, source`
//! (tsume.tsv), `SFEN, length, first move, all first moves, source` (tsume-multi.tsv: any
//! listed first move is right) or `SFEN, plies, source` (tsume-nomate.tsv: no mate within
//! that many plies). SECONDS is the time limit per problem (default 10). One line per
//! problem (`ok`/`FAIL`, what was expected and found, time, nodes), then a summary.

use gnushogi::mate::{MateLimits, MateOutcome, is_mating_line, solve};
use gnushogi::notation::parse_sfen;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).map_or("tests/data/tsume.tsv", String::as_str);
    let secs: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let rows = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let (mut solved, mut total, mut nodes) = (0, 0, 0u64);
    let mut times = Vec::new();
    for (n, line) in rows.enumerate() {
        let cols: Vec<&str> = line.split('\t').collect();
        let pos = parse_sfen(cols[0]).unwrap_or_else(|e| panic!("{}: {e}", cols[0]));
        let plies: usize = cols[1].parse().expect("a length");
        let nomate = cols.len() == 3;
        let firsts: Vec<&str> = match cols.len() {
            3 => Vec::new(),
            4 => vec![cols[2]],
            _ => cols[3].split(',').collect(),
        };
        let limits = MateLimits {
            time: Some(Duration::from_secs_f64(secs)),
            max_plies: nomate.then_some(plies as u32),
            ..MateLimits::default()
        };
        let r = solve(&pos, &limits, &AtomicBool::new(false));
        let (ok, got) = match &r.outcome {
            MateOutcome::Mate(l) => {
                let moves: Vec<String> = l.iter().map(|m| m.to_string()).collect();
                let ok = !nomate
                    && l.len() == plies
                    && firsts.contains(&moves[0].as_str())
                    && is_mating_line(&pos, l);
                (ok, format!("{} {}", l.len(), moves.join(" ")))
            }
            MateOutcome::NoMate => (nomate, "nomate".to_string()),
            MateOutcome::Timeout => (false, "timeout".to_string()),
        };
        total += 1;
        solved += usize::from(ok);
        nodes += r.nodes;
        times.push(r.time);
        let want = if nomate {
            format!("no mate within {plies}")
        } else {
            format!("{plies} {}", firsts.join(","))
        };
        println!(
            "{:>4} {} want {want} got {got} time {:.4} nodes {}",
            n + 1,
            if ok { "ok  " } else { "FAIL" },
            r.time.as_secs_f64(),
            r.nodes
        );
    }
    times.sort();
    let at =
        |q: f64| times.get(((times.len() as f64 * q) as usize).min(times.len().saturating_sub(1)));
    let secs = |d: Option<&Duration>| d.map_or(0.0, Duration::as_secs_f64);
    let sum: Duration = times.iter().sum();
    println!(
        "solved {solved}/{total}  median {:.4} s  90% {:.4} s  max {:.4} s  total {:.2} s  nodes {nodes}",
        secs(at(0.5)),
        secs(at(0.9)),
        secs(times.last()),
        sum.as_secs_f64()
    );
}
