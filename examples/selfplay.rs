//! Self-play games for tuning the evaluation: positions labelled with the game's result.
//!
//! ```text
//! cargo run --release --example selfplay -- --games 2000 --nodes 6000 --seed 1 --out selfplay.tsv
//! ```
//!
//! Each game starts from an opening taken from `tests/data/openings.txt` (first plies of real
//! games) followed by two random legal moves, so games differ; both sides search a fixed
//! number of nodes a move, so a run is reproducible from its seed. A game ends by the rules
//! (mate, sennichite, perpetual check, impasse), at 320 plies (draw), or when one side's
//! score has stayed beyond ±2500 for eight plies (adjudicated to that side). Output: one
//! line per quiet position (not in check, and the move chosen there is not a capture):
//! `SFEN <tab> result <tab> score` with the result from sente's view (1, 0.5, 0) and the
//! search's score of the position in centipawns, also from sente's view (mates ±30000).

use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::game::{Game, Outcome};
use gnushogi::notation::{parse_usi_move, to_sfen};
use gnushogi::rules::{Color, MoveList};
use gnushogi::search::{Score, SearchLimits};
use std::io::Write;
use std::sync::atomic::AtomicBool;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = arg(&args, "--games", 100);
    let nodes: u64 = arg(&args, "--nodes", 6000);
    let seed: u64 = arg(&args, "--seed", 1);
    let out_path: String = arg(&args, "--out", "selfplay.tsv".to_string());
    let openings: Vec<Vec<String>> = include_str!("../tests/data/openings.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect();
    let mut out = std::io::BufWriter::new(std::fs::File::create(&out_path)?);
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let stop = AtomicBool::new(false);
    let mut positions = 0;
    for g in 0..games {
        let engine = Engine::new(EngineOptions {
            hash_mib: 16,
            use_book: false,
            ..EngineOptions::default()
        });
        let mut game = Game::default();
        let opening = &openings[(rng.next() % openings.len() as u64) as usize];
        for m in opening {
            let Some(mv) = parse_usi_move(m).and_then(|u| u.to_move(game.position()).ok()) else {
                break;
            };
            game.play_unchecked(mv);
        }
        for _ in 0..2 {
            let mut list = MoveList::new();
            game.position().legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let mv = list.get((rng.next() % list.len() as u64) as usize).expect("in range");
            game.play_unchecked(mv);
        }
        let mut samples: Vec<(String, i32)> = Vec::new();
        let mut streak: (Option<Color>, u32) = (None, 0);
        let result = loop {
            if let Some(outcome) = game.outcome() {
                break match outcome {
                    Outcome::Win { winner, .. } => Some(winner),
                    Outcome::Draw(_) => None,
                };
            }
            if game.ply() >= 320 {
                break None;
            }
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
            if !pos.in_check() && pos.piece_at(mv.to()).is_none() && !mv.is_promotion() {
                let cp = match r.score {
                    Score::Cp(cp) => cp,
                    Score::Mate(p) => {
                        if p > 0 {
                            30_000
                        } else {
                            -30_000
                        }
                    }
                };
                let sente_view = if stm == Color::Black { cp } else { -cp };
                samples.push((to_sfen(pos), sente_view));
            }
            game.play_unchecked(mv);
        };
        let label = match result {
            Some(Color::Black) => "1",
            Some(Color::White) => "0",
            None => "0.5",
        };
        for (sfen, score) in &samples {
            writeln!(out, "{sfen}\t{label}\t{score}")?;
        }
        positions += samples.len();
        if (g + 1) % 10 == 0 {
            out.flush()?;
            eprintln!("{} games, {} positions", g + 1, positions);
        }
    }
    out.flush()?;
    eprintln!("done: {games} games, {positions} positions in {out_path}");
    Ok(())
}
