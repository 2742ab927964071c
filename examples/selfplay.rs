//! Self-play games for training the evaluation: positions labelled with the game's result
//! and a search's score.
//!
//! ```text
//! cargo run --release --example selfplay -- --games 2000 --nodes 1000 --score-nodes 5000 \
//!     --sample 0.5 --random-plies 6 --threads 1 --seed 1 --out selfplay.tsv
//! ```
//!
//! Each game starts from an opening taken from `tests/data/openings.txt` (first plies of real
//! games), then `--random-plies` random legal moves that lose nothing by static exchange, so
//! games differ. Moves are played by a cheap search of `--nodes` nodes; at a share
//! `--sample` of the later positions, drawn at random, a deeper search of `--score-nodes`
//! nodes chooses the move instead, and its score labels the position. Both are node
//! budgets, so a run is reproducible from its seed (with `--threads 1`). Both searches use
//! the built-in network, or the one `--eval-file` names: a network's own games train the
//! next one, whichever network the tree has built in. A game ends by the
//! rules (mate, sennichite, perpetual check, impasse), at 320 plies (draw), or when one
//! side's score has stayed beyond ±2500 for eight plies (adjudicated to that side).
//!
//! Output: one line per sampled quiet position (not in check, and the move chosen there
//! neither captures nor promotes), each position once in a run (by its hash key): `SFEN <tab>
//! result <tab> score` with the result from sente's view (1, 0.5, 0) and the deep search's
//! score in centipawns, also from sente's view (mates ±30000). The rate in positions a
//! second for each thread is printed at the end. Runs with other seeds add up; lines repeated
//! across runs go with `sort -u`.

use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::eval::nnue::Network;
use gnushogi::game::{Game, Outcome};
use gnushogi::notation::{parse_usi_move, to_sfen};
use gnushogi::rules::{Color, MoveList};
use gnushogi::search::{Score, SearchLimits, see_ge};
use std::collections::HashSet;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
#[path = "common/samples.rs"]
mod samples;
use samples::arg;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// True with probability `p`.
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

struct Settings {
    nodes: u64,
    score_nodes: u64,
    sample: f64,
    random_plies: usize,
    openings: Vec<Vec<String>>,
    network: Arc<Network>,
}

/// What the threads share: the output, the keys written, the games still to play.
struct Shared {
    out: Mutex<std::io::BufWriter<std::fs::File>>,
    seen: Mutex<HashSet<u64>>,
    games_left: AtomicUsize,
    games_done: AtomicUsize,
    positions: AtomicUsize,
}

fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(p) if p > 0 => 30_000,
        Score::Mate(_) => -30_000,
    }
}

/// Plays one game; returns its sampled positions (SFEN, key, score from sente's view) and
/// the winner.
fn play_game(s: &Settings, rng: &mut Rng) -> (Vec<(String, u64, i32)>, Option<Color>) {
    let engine = Engine::new(EngineOptions {
        hash_mib: 16,
        use_book: false,
        network: Some(Arc::clone(&s.network)),
        ..EngineOptions::default()
    });
    let stop = AtomicBool::new(false);
    let mut game = Game::default();
    let opening = &s.openings[(rng.next() % s.openings.len() as u64) as usize];
    for m in opening {
        let Some(mv) = parse_usi_move(m).and_then(|u| u.to_move(game.position()).ok()) else {
            break;
        };
        game.play_unchecked(mv);
    }
    for _ in 0..s.random_plies {
        let mut list = MoveList::new();
        let pos = game.position();
        pos.legal_moves(&mut list);
        let safe: Vec<_> = list.iter().filter(|&m| see_ge(pos, m, 0)).collect();
        let pool: Vec<_> = if safe.is_empty() { list.iter().collect() } else { safe };
        if pool.is_empty() || game.outcome().is_some() {
            break;
        }
        let mv = pool[(rng.next() % pool.len() as u64) as usize];
        game.play_unchecked(mv);
    }
    let mut samples = Vec::new();
    let mut streak: (Option<Color>, u32) = (None, 0);
    let winner = loop {
        if let Some(outcome) = game.outcome() {
            break match outcome {
                Outcome::Win { winner, .. } => Some(winner),
                Outcome::Draw(_) => None,
            };
        }
        if game.ply() >= 320 {
            break None;
        }
        let sampled = rng.chance(s.sample);
        let nodes = if sampled { s.score_nodes.max(s.nodes) } else { s.nodes };
        let limits = SearchLimits { nodes: Some(nodes), ..SearchLimits::default() };
        let r = engine.search(&game, &limits, &stop, &mut |_| {});
        let Some(mv) = r.best else { break Some(!game.position().side_to_move()) };
        let pos = game.position();
        let stm = pos.side_to_move();
        let winning = match r.score {
            Score::Mate(p) => Some(if p > 0 { stm } else { !stm }),
            Score::Cp(cp) if cp.abs() >= 2500 => Some(if cp > 0 { stm } else { !stm }),
            _ => None,
        };
        streak = match (winning, streak) {
            (Some(w), (Some(s), n)) if w == s => (Some(w), n + 1),
            (Some(w), _) => (Some(w), 1),
            (None, _) => (None, 0),
        };
        if streak.1 >= 8 {
            break streak.0;
        }
        if sampled && !pos.in_check() && pos.piece_at(mv.to()).is_none() && !mv.is_promotion() {
            let cp = centipawns(r.score);
            let sente_view = if stm == Color::Black { cp } else { -cp };
            samples.push((to_sfen(pos), pos.key(), sente_view));
        }
        game.play_unchecked(mv);
    };
    (samples, winner)
}

fn worker(s: &Settings, shared: &Shared, seed: u64) -> std::io::Result<()> {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    while shared
        .games_left
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
        .is_ok()
    {
        let (samples, winner) = play_game(s, &mut rng);
        let label = match winner {
            Some(Color::Black) => "1",
            Some(Color::White) => "0",
            None => "0.5",
        };
        let fresh: Vec<_> = {
            let mut seen = shared.seen.lock().expect("seen");
            samples.into_iter().filter(|(_, key, _)| seen.insert(*key)).collect()
        };
        let mut out = shared.out.lock().expect("out");
        for (sfen, _, score) in &fresh {
            writeln!(out, "{sfen}\t{label}\t{score}")?;
        }
        let positions = shared.positions.fetch_add(fresh.len(), Ordering::Relaxed) + fresh.len();
        let games = shared.games_done.fetch_add(1, Ordering::Relaxed) + 1;
        if games.is_multiple_of(10) {
            out.flush()?;
            eprintln!("{games} games, {positions} positions");
        }
    }
    Ok(())
}

/// `--eval-file`'s network, or the built-in one.
fn load_network(args: &[String]) -> Result<Arc<Network>, String> {
    let Some(i) = args.iter().position(|a| a == "--eval-file") else {
        return Ok(Network::built_in());
    };
    let path = args.get(i + 1).ok_or("--eval-file needs a network file")?;
    let bytes = std::fs::read(path).map_err(|e| format!("--eval-file {path}: {e}"))?;
    let network = Network::from_bytes(&bytes).map_err(|e| format!("--eval-file {path}: {e}"))?;
    Ok(Arc::new(network))
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = arg(&args, "--games", 100);
    let seed: u64 = arg(&args, "--seed", 1);
    let threads: u64 = arg(&args, "--threads", 1).max(1);
    let out_path: String = arg(&args, "--out", "selfplay.tsv".to_string());
    let network = load_network(&args).unwrap_or_else(|e| {
        eprintln!("selfplay: {e}");
        std::process::exit(2)
    });
    let settings = Settings {
        nodes: arg(&args, "--nodes", 1000),
        score_nodes: arg(&args, "--score-nodes", 5000),
        sample: arg(&args, "--sample", 0.5),
        random_plies: arg(&args, "--random-plies", 6),
        openings: include_str!("../tests/data/openings.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split_whitespace().map(String::from).collect())
            .collect(),
        network,
    };
    let shared = Shared {
        out: Mutex::new(std::io::BufWriter::new(std::fs::File::create(&out_path)?)),
        seen: Mutex::new(HashSet::new()),
        games_left: AtomicUsize::new(games),
        games_done: AtomicUsize::new(0),
        positions: AtomicUsize::new(0),
    };
    let start = Instant::now();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (s, sh) = (&settings, &shared);
                scope.spawn(move || worker(s, sh, seed.wrapping_mul(1000).wrapping_add(t)))
            })
            .collect();
        handles.into_iter().try_for_each(|h| h.join().expect("worker"))
    })?;
    shared.out.lock().expect("out").flush()?;
    let positions = shared.positions.load(Ordering::Relaxed);
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "done: {games} games, {positions} positions in {out_path}, {secs:.0} s, {:.1} positions/s per thread",
        positions as f64 / secs / threads as f64
    );
    Ok(())
}
