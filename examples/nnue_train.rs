//! Trains the learned evaluation (`gnushogi::eval::nnue`) on self-play positions.
//!
//! ```text
//! cargo run --release --example selfplay -- --games 20000 --seed 1 --out sp1.tsv
//! cargo run --release --example nnue_train -- --data sp1.tsv --validate sp0.tsv \
//!     --epochs 20 --save net.f32 --out net.nnue
//! ```
//!
//! The data is `examples/selfplay.rs`'s: `SFEN <tab> result <tab> score` from sente's view.
//! The target of a position is `L · result + (1 − L) · sigmoid(K · score)` (`--lambda L`, K
//! the linear table's scale `nnue::LOGIT_K`), from the side to move's view. The network
//! corrects the linear table: its output is a logit added to the table's (`K · linear`), and
//! the loss the mean squared error of the sum's sigmoid, as
//! `examples/tune.rs` fits the linear table: the two losses on the same held-out positions
//! compare the evaluations (the linear one's is printed with the network's).
//!
//! Written in Rust rather than Python with PyTorch so that the features the network is
//! trained on are computed by the engine's own code (`nnue::active_features`), with no
//! second implementation to keep in step; the network is small enough for hand-written
//! gradients. Mini-batches of Adam over `--threads` threads; `--save` keeps the float
//! weights, which `--init` continues from (across sessions), and `--out` writes the
//! quantized network file the engine reads. `--init` also takes a network file, such as
//! `nnue/gnushogi.nnue`, and continues from its weights.
//!
//! `--mirror` adds each training position's left-right mirror (files 1 ↔ 9) with the same
//! target, as the rules are symmetric. `--final-rate R` lowers the rate from `--rate` to R
//! along a half cosine over the run's steps (`--decay` is weight decay, not a rate schedule).
//! `--compare FILE[,FILE...]` prints each network file's held-out loss (as the engine computes
//! it, in integers) before training, to rank a new network against the shipped one on data
//! neither was trained on; with `--epochs 0` it only compares.

use gnushogi::eval::nnue::{FEATURES, HIDDEN, L2, LOGIT_K, Network, NetworkError};
use gnushogi::eval::{self, nnue};
use gnushogi::notation::parse_sfen;
use gnushogi::rules::{Color, Position};
#[path = "common/mirror.rs"]
mod mirror;
#[path = "common/quantize.rs"]
mod quantize;
#[path = "common/samples.rs"]
mod samples;
use samples::arg;

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Positions as their features: each sample's side to move's, then the other's.
#[derive(Default)]
struct Data {
    features: Vec<u16>,
    /// Start in `features`, how many are the side to move's, how many the other's.
    spans: Vec<(u32, u8, u8)>,
    targets: Vec<f32>,
    /// The linear evaluation's logit for the side to move: the network adds to it.
    linear: Vec<f32>,
}

impl Data {
    /// With `mirrored`, each position is followed by its left-right mirror, same target.
    fn load(files: &str, skip: u32, lambda: f32, mirrored: bool) -> Data {
        let mut d = Data::default();
        for samples::Sample { pos, result, score } in samples::read(files, skip) {
            let mut target = match score {
                Some(s) => lambda * result + (1.0 - lambda) * sigmoid(LOGIT_K as f32 * s),
                None => result,
            };
            if pos.side_to_move() == Color::White {
                target = 1.0 - target;
            }
            d.push(&pos, target);
            if mirrored {
                d.push(&mirror::mirror(&pos), target);
            }
        }
        d
    }

    fn push(&mut self, pos: &Position, target: f32) {
        let stm = pos.side_to_move();
        let start = self.features.len() as u32;
        let mut counts = [0u8; 2];
        for (i, persp) in [stm, !stm].into_iter().enumerate() {
            let before = self.features.len();
            nnue::active_features(pos, persp, &mut self.features);
            counts[i] = (self.features.len() - before) as u8;
        }
        self.spans.push((start, counts[0], counts[1]));
        self.targets.push(target);
        self.linear.push(LOGIT_K as f32 * eval::evaluate(pos) as f32);
    }

    fn len(&self) -> usize {
        self.targets.len()
    }

    fn sample(&self, i: usize) -> Sample<'_> {
        Sample { features: self.features(i), linear: self.linear[i] }
    }

    fn features(&self, i: usize) -> [&[u16]; 2] {
        let (start, us, them) = self.spans[i];
        let s = start as usize;
        let (us, them) = (usize::from(us), usize::from(them));
        [&self.features[s..s + us], &self.features[s + us..s + us + them]]
    }
}

/// One position as the network meets it: its features and the linear logit it corrects.
#[derive(Clone, Copy)]
struct Sample<'a> {
    features: [&'a [u16]; 2],
    linear: f32,
}

/// The float network, or its gradient.
#[derive(Clone)]
struct Params {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
    w3: Vec<f32>,
    b3: Vec<f32>,
}

impl Params {
    fn zeros() -> Params {
        Params {
            w1: vec![0.0; FEATURES * HIDDEN],
            b1: vec![0.0; HIDDEN],
            w2: vec![0.0; L2 * 2 * HIDDEN],
            b2: vec![0.0; L2],
            w3: vec![0.0; L2],
            b3: vec![0.0; 1],
        }
    }

    fn random(seed: u64) -> Params {
        let mut state = seed | 1;
        let mut uniform = |a: f32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            ((state >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a
        };
        let mut p = Params::zeros();
        // About 130 features are active: accumulators start near 0.5, spread by about 0.15.
        p.w1.iter_mut().for_each(|w| *w = uniform(0.02));
        p.b1.iter_mut().for_each(|b| *b = 0.5);
        let glorot = (6.0 / (2 * HIDDEN + L2) as f32).sqrt();
        p.w2.iter_mut().for_each(|w| *w = uniform(glorot));
        // Small output weights: the network starts as a small correction of the linear table.
        p.w3.iter_mut().for_each(|w| *w = uniform(0.02));
        p
    }

    fn slices_mut(&mut self) -> [&mut Vec<f32>; 6] {
        [&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2, &mut self.w3, &mut self.b3]
    }

    fn slices(&self) -> [&Vec<f32>; 6] {
        [&self.w1, &self.b1, &self.w2, &self.b2, &self.w3, &self.b3]
    }

    fn save(&self, path: &str) -> std::io::Result<()> {
        let bytes: Vec<u8> =
            self.slices().iter().flat_map(|v| v.iter().flat_map(|x| x.to_le_bytes())).collect();
        std::fs::write(path, bytes)
    }

    /// Float weights saved by `--save`, or a network file the engine reads (its weights
    /// dequantized: to continue training the shipped network).
    fn load(path: &str) -> std::io::Result<Params> {
        let bytes = std::fs::read(path)?;
        if let Ok(net) = Network::from_bytes(&bytes) {
            let [w1, b1, w2, b2, w3, b3] = quantize::dequantize(&net);
            return Ok(Params { w1, b1, w2, b2, w3, b3 });
        }
        let mut p = Params::zeros();
        let total: usize = p.slices().iter().map(|v| v.len()).sum();
        if bytes.len() != 4 * total {
            return Err(std::io::Error::other(format!("{path}: not a network of these sizes")));
        }
        let mut floats =
            bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        for v in p.slices_mut() {
            v.iter_mut().for_each(|x| *x = floats.next().expect("sized"));
        }
        Ok(p)
    }

    fn network(&self) -> Result<Network, NetworkError> {
        quantize::quantize(&self.w1, &self.b1, &self.w2, &self.b2, &self.w3, self.b3[0])
    }
}

/// What a forward pass keeps for the backward one.
struct Pass {
    /// Both accumulators before clipping: the side to move's, then the other's.
    acc: Vec<f32>,
    hidden_in: [f32; L2],
    hidden: [f32; L2],
    logit: f32,
}

fn forward(p: &Params, sample: Sample) -> Pass {
    let mut acc = Vec::with_capacity(2 * HIDDEN);
    for features in sample.features {
        let mut a = p.b1.clone();
        for &f in features {
            let row = &p.w1[usize::from(f) * HIDDEN..][..HIDDEN];
            a.iter_mut().zip(row).for_each(|(x, w)| *x += w);
        }
        acc.extend_from_slice(&a);
    }
    let input: Vec<f32> = acc.iter().map(|x| x.clamp(0.0, 1.0)).collect();
    let mut hidden_in = [0.0; L2];
    let mut hidden = [0.0; L2];
    let mut logit = sample.linear + p.b3[0];
    for k in 0..L2 {
        let row = &p.w2[k * 2 * HIDDEN..][..2 * HIDDEN];
        let z = row.iter().zip(&input).map(|(w, x)| w * x).sum::<f32>() + p.b2[k];
        hidden_in[k] = z;
        hidden[k] = z.clamp(0.0, 1.0);
        logit += p.w3[k] * hidden[k];
    }
    Pass { acc, hidden_in, hidden, logit }
}

/// Adds the gradient of one sample's loss to `g`; returns the loss.
fn backward(p: &Params, g: &mut Params, sample: Sample, target: f32) -> f32 {
    let pass = forward(p, sample);
    let prob = sigmoid(pass.logit);
    let d_logit = 2.0 * (prob - target) * prob * (1.0 - prob);
    g.b3[0] += d_logit;
    let mut d_input = vec![0.0f32; 2 * HIDDEN];
    for k in 0..L2 {
        g.w3[k] += d_logit * pass.hidden[k];
        let z = pass.hidden_in[k];
        if z <= 0.0 || z >= 1.0 {
            continue;
        }
        let dz = d_logit * p.w3[k];
        g.b2[k] += dz;
        let row = &p.w2[k * 2 * HIDDEN..][..2 * HIDDEN];
        let grow = &mut g.w2[k * 2 * HIDDEN..][..2 * HIDDEN];
        for i in 0..2 * HIDDEN {
            grow[i] += dz * pass.acc[i].clamp(0.0, 1.0);
            d_input[i] += dz * row[i];
        }
    }
    for (half, features) in sample.features.into_iter().enumerate() {
        let mut d_acc = [0.0f32; HIDDEN];
        for j in 0..HIDDEN {
            let a = pass.acc[half * HIDDEN + j];
            if a > 0.0 && a < 1.0 {
                d_acc[j] = d_input[half * HIDDEN + j];
            }
        }
        g.b1.iter_mut().zip(&d_acc).for_each(|(b, d)| *b += d);
        for &f in features {
            let row = &mut g.w1[usize::from(f) * HIDDEN..][..HIDDEN];
            row.iter_mut().zip(&d_acc).for_each(|(w, d)| *w += d);
        }
    }
    (prob - target) * (prob - target)
}

/// The quantized network's chance for the side to move in each position `Data::load` keeps.
fn quantized_chances(net: &Network, files: &str, skip: u32) -> Vec<f32> {
    let mut chances = Vec::new();
    for path in files.split(',').filter(|p| !p.is_empty()) {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines() {
            let mut cols = line.split('\t');
            let (Some(sfen), Some(result)) = (cols.next(), cols.next()) else { continue };
            if result.trim().parse::<f32>().is_err() {
                continue;
            }
            let Ok(pos) = parse_sfen(sfen) else { continue };
            if pos.move_number() < skip || pos.in_check() {
                continue;
            }
            let cp = eval::evaluate(&pos) + net.evaluate(&pos);
            chances.push(sigmoid(LOGIT_K as f32 * cp as f32));
        }
    }
    chances
}

/// The loss of the integers the engine computes, against the held-out targets.
fn quantized_loss(net: &Network, files: &str, skip: u32, targets: &[f32]) -> f64 {
    let total: f64 = quantized_chances(net, files, skip)
        .iter()
        .zip(targets)
        .map(|(p, t)| f64::from((p - t) * (p - t)))
        .sum();
    total / targets.len().max(1) as f64
}

fn loss(p: &Params, data: &Data) -> f64 {
    let total: f64 = (0..data.len())
        .map(|i| {
            let e = sigmoid(forward(p, data.sample(i)).logit) - data.targets[i];
            f64::from(e * e)
        })
        .sum();
    total / data.len().max(1) as f64
}

fn linear_loss(data: &Data) -> f64 {
    let total: f64 = data
        .linear
        .iter()
        .zip(&data.targets)
        .map(|(&l, t)| f64::from((sigmoid(l) - t) * (sigmoid(l) - t)))
        .sum();
    total / data.len().max(1) as f64
}

struct Adam {
    m: Params,
    v: Params,
    steps: i32,
}

impl Adam {
    /// One step of Adam; `decay` pulls the weights (not the biases) toward zero, AdamW's
    /// way, so that rarely seen features do not learn their few positions by heart.
    fn step(&mut self, p: &mut Params, g: &Params, rate: f32, scale: f32, decay: f32) {
        let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        self.steps += 1;
        let c1 = 1.0 - b1.powi(self.steps);
        let c2 = 1.0 - b2.powi(self.steps);
        let params = p.slices_mut();
        let grads = g.slices();
        let ms = self.m.slices_mut();
        let vs = self.v.slices_mut();
        for (k, (((w, g), m), v)) in params.into_iter().zip(grads).zip(ms).zip(vs).enumerate() {
            if decay > 0.0 && k % 2 == 0 {
                w.iter_mut().for_each(|x| *x -= rate * decay * *x);
            }
            for i in 0..w.len() {
                let gi = g[i] * scale;
                if gi == 0.0 && m[i] == 0.0 {
                    continue;
                }
                m[i] = b1 * m[i] + (1.0 - b1) * gi;
                v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
                w[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
            }
        }
    }
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let data_files: String = arg(&args, "--data", String::new());
    if data_files.is_empty() {
        eprintln!(
            "usage: nnue_train --data FILE[,FILE...] [--validate FILE] [--epochs N] [--batch N] \
             [--rate R] [--final-rate R] [--lambda L] [--decay D] [--mirror] [--skip-plies N] \
             [--threads N] [--seed N] [--init F] [--save F] [--out F] [--compare F[,F...]]"
        );
        std::process::exit(2);
    }
    let validate: String = arg(&args, "--validate", String::new());
    let epochs: usize = arg(&args, "--epochs", 10);
    let batch: usize = arg(&args, "--batch", 16_384);
    let rate: f32 = arg(&args, "--rate", 0.001);
    // The rate falls from `--rate` to this along a half cosine over the whole run.
    let final_rate: f32 = arg(&args, "--final-rate", rate);
    let lambda: f32 = arg(&args, "--lambda", 0.5);
    let decay: f32 = arg(&args, "--decay", 0.0);
    let skip: u32 = arg(&args, "--skip-plies", 16);
    let threads: usize = arg(&args, "--threads", 2).max(1);
    let seed: u64 = arg(&args, "--seed", 1);
    let init: String = arg(&args, "--init", String::new());
    let save: String = arg(&args, "--save", String::new());
    let out: String = arg(&args, "--out", String::new());
    let compare: String = arg(&args, "--compare", String::new());
    let mirrored = args.iter().any(|a| a == "--mirror");

    let data = Data::load(&data_files, skip, lambda, mirrored);
    let held_out = Data::load(&validate, skip, lambda, false);
    eprintln!("{} positions to fit, {} held out", data.len(), held_out.len());
    let mut p = if init.is_empty() { Params::random(seed) } else { Params::load(&init)? };
    if held_out.len() > 0 {
        eprintln!(
            "held out: linear evaluation loss {:.6}, network {:.6}",
            linear_loss(&held_out),
            loss(&p, &held_out)
        );
    }
    for path in compare.split(',').filter(|p| !p.is_empty()) {
        let bytes = std::fs::read(path)?;
        let net = Network::from_bytes(&bytes)
            .map_err(|e| std::io::Error::other(format!("{path}: {e}")))?;
        eprintln!(
            "held out, {path}: {:.6}",
            quantized_loss(&net, &validate, skip, &held_out.targets)
        );
    }
    let mut adam = Adam { m: Params::zeros(), v: Params::zeros(), steps: 0 };
    let mut order: Vec<usize> = (0..data.len()).collect();
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let steps = (epochs * data.len().div_ceil(batch)).max(1);
    // With no `--final-rate`, `rate - final_rate` is 0 and every step gets `rate` exactly.
    let rate_at = |step: i32| {
        let done = step as f32 / steps as f32;
        final_rate + (rate - final_rate) * 0.5 * (1.0 + (std::f32::consts::PI * done).cos())
    };
    for epoch in 1..=epochs {
        for i in (1..order.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            order.swap(i, (state % (i as u64 + 1)) as usize);
        }
        let mut train_loss = 0.0f64;
        for chunk in order.chunks(batch) {
            let part = chunk.len().div_ceil(threads);
            let results: Vec<(Params, f64)> = std::thread::scope(|s| {
                let handles: Vec<_> = chunk
                    .chunks(part)
                    .map(|ids| {
                        let (p, data) = (&p, &data);
                        s.spawn(move || {
                            let mut g = Params::zeros();
                            let mut l = 0.0f64;
                            for &i in ids {
                                l +=
                                    f64::from(backward(p, &mut g, data.sample(i), data.targets[i]));
                            }
                            (g, l)
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().expect("thread")).collect()
            });
            let mut results = results.into_iter();
            let (mut g, mut l) = results.next().expect("one part");
            for (other, ol) in results {
                for (a, b) in g.slices_mut().into_iter().zip(other.slices()) {
                    a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                }
                l += ol;
            }
            train_loss += l;
            let rate = rate_at(adam.steps);
            adam.step(&mut p, &g, rate, 1.0 / chunk.len() as f32, decay);
        }
        let held = if held_out.len() > 0 { loss(&p, &held_out) } else { f64::NAN };
        eprintln!(
            "epoch {epoch}: training loss {:.6}, held out {held:.6}",
            train_loss / data.len().max(1) as f64
        );
        if !save.is_empty() {
            p.save(&save)?;
        }
    }
    if !out.is_empty() {
        let net =
            p.network().map_err(|e| std::io::Error::other(format!("{out} not written: {e}")))?;
        std::fs::write(&out, net.to_bytes())?;
        eprintln!("wrote {out}");
        if held_out.len() > 0 {
            eprintln!(
                "held out, quantized network: {:.6}",
                quantized_loss(&net, &validate, skip, &held_out.targets)
            );
        }
    }
    Ok(())
}
