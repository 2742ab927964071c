//! Is the text mode's `hint` safe and good after a weak level's move? (issue 38, item 1)
//!
//! ```text
//! cargo run --release --example hint_check -- --positions 200 --level 3 --depth 3 --reference 10
//! ```
//!
//! Plays games between two engines at a level below full strength (`--level`, each move
//! searched to `--depth` plies, as `strength 3` and `sd 3` in the text mode), and takes the
//! positions after each move of the side the player would hold (Black) as the player meets
//! them. In each it asks for the text mode's hint ([`choice::hint`]) and counts:
//!
//! - the positions where the hint lets the opponent mate in one, although a move that does
//!   not exists (every reply is tried: this sees all that a full-strength search sees);
//! - the same for the old hint, the weak search's expected reply;
//! - how often the hint is the move of a deeper full-strength search (`--reference` plies).

use clap::Parser;
use gnushogi::analysis::choice;
use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::game::Game;
use gnushogi::rules::{Color, Move, MoveList, Position};
use gnushogi::search::SearchLimits;
use std::sync::atomic::AtomicBool;

/// The games and the searches compared.
#[derive(Parser)]
struct Args {
    /// Positions to judge.
    #[arg(long, default_value_t = 200)]
    positions: usize,
    /// The level both sides of the games play at (0 to 19).
    #[arg(long, default_value_t = 3)]
    level: u8,
    /// The depth of each move of the games.
    #[arg(long, default_value_t = 3)]
    depth: u32,
    /// The depth of the full-strength search the hint is compared with.
    #[arg(long, default_value_t = 8)]
    reference: u32,
    /// The first game's seed; each game adds one.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().collect()
}

/// After `m`, the opponent has a move that mates at once.
fn allows_mate_in_one(pos: &Position, m: Move) -> bool {
    let after = pos.played(m);
    legal_moves(&after).into_iter().any(|reply| {
        let mated = after.played(reply);
        mated.in_check() && mated.count_legal_moves() == 0
    })
}

fn main() {
    let Args { positions: wanted, level, depth, reference, seed } = Args::parse();
    let options = || EngineOptions { hash_mib: 16, use_book: false, ..EngineOptions::default() };
    let mut weak = Engine::new(options());
    weak.set_strength(level);
    weak.set_seed(seed);
    let referee = Engine::new(options());
    let stop = AtomicBool::new(false);
    let (mut positions, mut avoidable, mut threatened, mut games) = (0, 0, 0, 0);
    let (mut slowest, mut total) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    let (mut hint_into_mate, mut old_into_mate, mut agree) = (0, 0, 0);
    let (mut former_agree, mut former_into_mate) = (0, 0);
    let fresh = || Engine::new(EngineOptions { threads: 1, ..options() });
    while positions < wanted {
        games += 1;
        let mut game = Game::default();
        weak.set_seed(seed + games);
        while positions < wanted && game.outcome().is_none() && game.ply() < 160 {
            let handle = weak.start(&game, SearchLimits::depth(depth), |_| {});
            let Some(result) = handle.wait() else { break };
            let Some(mv) = result.best else { break };
            let mover = game.position().side_to_move();
            game.play_unchecked(mv);
            // The player's turn, after the computer (White) moved.
            if mover != Color::White || game.outcome().is_some() {
                continue;
            }
            let pos = game.position().clone();
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                continue;
            }
            positions += 1;
            let asked = std::time::Instant::now();
            let hint = choice::hint(&game).expect("a legal move exists");
            let took = asked.elapsed();
            if took.as_secs() >= 2 {
                let sfen = gnushogi::notation::to_sfen(&pos);
                println!(
                    "hint took {:.1} s, {} legal moves: {sfen}",
                    took.as_secs_f64(),
                    moves.len()
                );
            }
            slowest = slowest.max(took);
            total += took;
            let old = result.ponder.filter(|&m| pos.is_legal(m));
            // The former hint: a search of one line, the mate solver's refutations searched
            // again (the first line `hint N` had before it was one search).
            let single = SearchLimits { multipv: 1, ..SearchLimits::depth(choice::HINT_DEPTH) };
            let former = choice::choose(&fresh(), &game, &single, choice::CHECK_NODES, &stop);
            let former = former.result.best.expect("a legal move exists");
            let best = referee
                .search(&game, &SearchLimits::depth(reference), &stop, &mut |_| {})
                .best
                .expect("a legal move exists");
            agree += usize::from(hint == best);
            former_agree += usize::from(former == best);
            let into_mate = moves.iter().filter(|&&m| allows_mate_in_one(&pos, m)).count();
            threatened += usize::from(into_mate > 0);
            if into_mate < moves.len() {
                avoidable += 1;
                if allows_mate_in_one(&pos, hint) {
                    hint_into_mate += 1;
                    println!(
                        "hint {hint} allows a mate in one: {}",
                        gnushogi::notation::to_sfen(&pos)
                    );
                }
                former_into_mate += usize::from(allows_mate_in_one(&pos, former));
                if old.is_some_and(|m| allows_mate_in_one(&pos, m)) {
                    old_into_mate += 1;
                }
            }
        }
        eprintln!("{games} games, {positions} positions");
    }
    println!(
        "{positions} positions from {games} games at level {level}, depth {depth}; \
         {avoidable} where some move avoids a mate in one, {threatened} where some move allows one"
    );
    println!(
        "hint (full strength, depth {}) into a mate in one: {hint_into_mate}",
        choice::HINT_DEPTH
    );
    println!(
        "hint time: {:.0} ms on average, {:.0} ms at most",
        total.as_secs_f64() * 1000.0 / positions as f64,
        slowest.as_secs_f64() * 1000.0
    );
    println!("old hint (the weak search's expected reply) into a mate in one: {old_into_mate}");
    println!(
        "hint agrees with a full-strength search of depth {reference}: {agree} of {positions} ({:.1} %)",
        100.0 * agree as f64 / positions as f64
    );
    println!(
        "the former hint (one line) agrees with it: {former_agree} of {positions} ({:.1} %); \
         into a mate in one: {former_into_mate}",
        100.0 * former_agree as f64 / positions as f64
    );
}
