//! Texel tuning of the evaluation weights against game results.
//!
//! ```text
//! cargo run --release --example selfplay -- --games 4000 --nodes 6000 --seed 1 --out sp1.tsv
//! cargo run --release --example tune -- --data sp1.tsv --epochs 300 --write src/eval/params.rs
//! ```
//!
//! Each line of a data file is `SFEN <tab> result [<tab> score]` (result from sente's view:
//! 1, 0.5, 0; score: a search's centipawns, also from sente's view). With `--lambda L` the
//! target is `L · result + (1 − L) · sigmoid(K · score)` where a score is given, a blend of
//! the game's outcome and a deeper look at the position.
//! The evaluation is linear in its weights except king danger, `max(u, 0)² / DIVISOR` of a
//! linear unit count; the tuner minimises the mean squared error between the result and
//! `sigmoid(K · eval)` with Adam, K being fitted first, and an L2 pull towards the starting
//! weights so that rarely seen terms stay put. The pawn's board value is fixed at 100 to
//! keep the scale in centipawns. With `--write` the result replaces `src/eval/params.rs`.

use gnushogi::eval::{self, Accumulator, DANGER_DIVISOR, NUM_PARAMS, PARAMS};
use gnushogi::rules::Color;
use std::collections::HashMap;
#[path = "common/samples.rs"]
mod samples;
use samples::arg;

/// A position's evaluation, as coefficients of the weights (sente's view).
struct Trace {
    linear: Vec<(u16, f32)>,
    danger: [Vec<(u16, f32)>; 2],
    result: f32,
    /// The search's score, if the data has one.
    score: Option<f32>,
}

#[derive(Default)]
struct Recorder {
    linear: HashMap<usize, i32>,
    danger: [HashMap<usize, i32>; 2],
}

impl Accumulator for Recorder {
    fn linear(&mut self, color: Color, index: usize, coefficient: i32) {
        let sign = if color == Color::Black { 1 } else { -1 };
        *self.linear.entry(index).or_default() += sign * coefficient;
    }
    fn danger(&mut self, color: Color, index: usize, coefficient: i32) {
        *self.danger[color.index()].entry(index).or_default() += coefficient;
    }
}

fn sparse(map: &HashMap<usize, i32>) -> Vec<(u16, f32)> {
    let mut v: Vec<(u16, f32)> =
        map.iter().filter(|&(_, &c)| c != 0).map(|(&i, &c)| (i as u16, c as f32)).collect();
    v.sort_by_key(|e| e.0);
    v
}

fn evaluate(t: &Trace, w: &[f64]) -> (f64, f64, f64) {
    let lin: f64 = t.linear.iter().map(|&(i, c)| w[i as usize] * f64::from(c)).sum();
    let u0: f64 = t.danger[0].iter().map(|&(i, c)| w[i as usize] * f64::from(c)).sum();
    let u1: f64 = t.danger[1].iter().map(|&(i, c)| w[i as usize] * f64::from(c)).sum();
    let div = f64::from(DANGER_DIVISOR);
    let pen = |u: f64| if u > 0.0 { u * u / div } else { 0.0 };
    (lin - pen(u0) + pen(u1), u0, u1)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn loss(traces: &[Trace], w: &[f64], k: f64) -> f64 {
    let total: f64 = traces
        .iter()
        .map(|t| {
            let e = sigmoid(k * evaluate(t, w).0) - f64::from(t.result);
            e * e
        })
        .sum();
    total / traces.len() as f64
}

fn gradient(traces: &[Trace], w: &[f64], k: f64, threads: usize) -> Vec<f64> {
    let chunk = traces.len().div_ceil(threads.max(1));
    let div = f64::from(DANGER_DIVISOR);
    let parts: Vec<Vec<f64>> = std::thread::scope(|s| {
        let handles: Vec<_> = traces
            .chunks(chunk.max(1))
            .map(|part| {
                s.spawn(move || {
                    let mut g = vec![0.0; NUM_PARAMS];
                    for t in part {
                        let (e, u0, u1) = evaluate(t, w);
                        let p = sigmoid(k * e);
                        let d = 2.0 * (p - f64::from(t.result)) * p * (1.0 - p) * k;
                        for &(i, c) in &t.linear {
                            g[i as usize] += d * f64::from(c);
                        }
                        if u0 > 0.0 {
                            for &(i, c) in &t.danger[0] {
                                g[i as usize] -= d * 2.0 * u0 / div * f64::from(c);
                            }
                        }
                        if u1 > 0.0 {
                            for &(i, c) in &t.danger[1] {
                                g[i as usize] += d * 2.0 * u1 / div * f64::from(c);
                            }
                        }
                    }
                    g
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("worker")).collect()
    });
    let mut g = vec![0.0; NUM_PARAMS];
    for part in parts {
        for (a, b) in g.iter_mut().zip(part) {
            *a += b;
        }
    }
    let n = traces.len() as f64;
    g.iter_mut().for_each(|x| *x /= n);
    g
}

/// Reads `SFEN <tab> result` lines, skipping the opening plies and positions in check.
fn load(files: &str, skip: usize) -> Vec<Trace> {
    let mut traces = Vec::new();
    for samples::Sample { pos, result, score } in samples::read(files, skip as u32) {
        let mut rec = Recorder::default();
        eval::evaluate_into(&pos, &mut rec);
        traces.push(Trace {
            linear: sparse(&rec.linear),
            danger: [sparse(&rec.danger[0]), sparse(&rec.danger[1])],
            result,
            score,
        });
    }
    traces
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let data: String = arg(&args, "--data", String::new());
    let epochs: usize = arg(&args, "--epochs", 200);
    let rate: f64 = arg(&args, "--rate", 2.0);
    let l2: f64 = arg(&args, "--l2", 1e-7);
    let threads: usize = arg(&args, "--threads", 2);
    let skip: usize = arg(&args, "--skip-plies", 16);
    let write: Option<String> = arg(&args, "--write", String::new()).into();
    let validation: String = arg(&args, "--validate", String::new());
    let lambda: f32 = arg(&args, "--lambda", 1.0);
    if data.is_empty() {
        eprintln!(
            "usage: tune --data FILE[,FILE...] [--epochs N] [--rate R] [--l2 L] [--write src/eval/params.rs]"
        );
        std::process::exit(2);
    }
    let traces = load(&data, skip);
    let held_out = if validation.is_empty() { Vec::new() } else { load(&validation, skip) };
    eprintln!("{} positions", traces.len());
    let start: Vec<f64> = PARAMS.iter().map(|&v| f64::from(v)).collect();
    let mut w = start.clone();
    // Fit the sigmoid's scale to the starting weights.
    let mut k = 0.005;
    let mut best = loss(&traces, &w, k);
    for step in [0.001, 0.0003, 0.0001, 0.00003] {
        loop {
            let up = loss(&traces, &w, k + step);
            let down = loss(&traces, &w, (k - step).max(1e-5));
            if up < best {
                k += step;
                best = up;
            } else if down < best {
                k = (k - step).max(1e-5);
                best = down;
            } else {
                break;
            }
        }
    }
    eprintln!("K = {k:.5}, loss {best:.6}");
    // Blend each result with the search's verdict, now that the scale K is known.
    let blend = |ts: &mut Vec<Trace>| {
        for t in ts.iter_mut() {
            if let Some(s) = t.score {
                let p = sigmoid(k * f64::from(s)) as f32;
                t.result = lambda * t.result + (1.0 - lambda) * p;
            }
        }
    };
    let mut traces = traces;
    let mut held_out = held_out;
    if lambda < 1.0 {
        blend(&mut traces);
        blend(&mut held_out);
    }
    if !held_out.is_empty() {
        eprintln!("held-out loss before: {:.6}", loss(&held_out, &w, k));
    }
    let frozen = |i: usize| i == eval::P_PIECE || i == eval::P_PIECE + 7;
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![0.0; NUM_PARAMS];
    let mut v = vec![0.0; NUM_PARAMS];
    for epoch in 1..=epochs {
        let g = gradient(&traces, &w, k, threads);
        for i in 0..NUM_PARAMS {
            if frozen(i) {
                continue;
            }
            let gi = g[i] + 2.0 * l2 * (w[i] - start[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            w[i] -= rate * mh / (vh.sqrt() + eps);
        }
        if epoch % 10 == 0 || epoch == epochs {
            eprintln!("epoch {epoch}: loss {:.6}", loss(&traces, &w, k));
        }
    }
    if !held_out.is_empty() {
        eprintln!("held-out loss after: {:.6}", loss(&held_out, &w, k));
    }
    let values: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    if let Some(path) = write.filter(|p| !p.is_empty()) {
        let header = format!(
            "The evaluation weights, written by `examples/tune.rs` (Texel tuning).\n\
             Data: {data}; {} positions; {epochs} epochs, rate {rate}, l2 {l2}, K {k:.5}.\n\
             Layout: `eval::LAYOUT`.",
            traces.len()
        );
        std::fs::write(&path, eval::params_source(&values, &header)).expect("write params");
        eprintln!("wrote {path}");
    } else {
        println!("{values:?}");
    }
}
