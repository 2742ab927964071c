//! Solves every problem of a tsume file and prints the solve rate and times.
//!
//! `cargo run --release --example tsume_bench [FILE] [SECONDS]`: FILE defaults to
//! tests/data/tsume.tsv (columns SFEN, length, first move), SECONDS (per problem) to 10.
//! One line per problem (`ok`/`FAIL`, length, time, nodes), then a summary.

use gnushogi::mate::{MateLimits, MateOutcome, is_mating_line, solve};
use gnushogi::notation::parse_sfen;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).map_or("tests/data/tsume.tsv", String::as_str);
    let secs: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let limits = MateLimits { time: Some(Duration::from_secs_f64(secs)), ..MateLimits::default() };
    let (mut solved, mut total, mut nodes) = (0, 0, 0u64);
    let mut times = Vec::new();
    for (n, line) in
        text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).enumerate()
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let pos = parse_sfen(cols[0]).unwrap_or_else(|e| panic!("{}: {e}", cols[0]));
        let want_len: usize = cols[1].parse().expect("length");
        let firsts: Vec<&str> = cols
            .get(3)
            .filter(|c| c.contains(',') || file.contains("multi"))
            .map_or_else(|| vec![cols[2]], |c| c.split(',').collect());
        let r = solve(&pos, &limits, &AtomicBool::new(false));
        total += 1;
        nodes += r.nodes;
        times.push(r.time);
        let (ok, got) = match &r.outcome {
            MateOutcome::Mate(l) => (
                l.len() == want_len
                    && firsts.contains(&l[0].to_string().as_str())
                    && is_mating_line(&pos, l),
                format!(
                    "{} {}",
                    l.len(),
                    l.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
                ),
            ),
            other => (false, format!("{other:?}")),
        };
        if ok {
            solved += 1;
        }
        println!(
            "{:>4} {} want {} {} got {} time {:.3} nodes {}",
            n + 1,
            if ok { "ok  " } else { "FAIL" },
            want_len,
            firsts.join(","),
            got,
            r.time.as_secs_f64(),
            r.nodes
        );
    }
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let max = times.last().copied().unwrap_or_default();
    let sum: Duration = times.iter().sum();
    println!(
        "solved {solved}/{total}  median {:.4} s  max {:.3} s  total {:.2} s  nodes {nodes}",
        median.as_secs_f64(),
        max.as_secs_f64(),
        sum.as_secs_f64()
    );
}
