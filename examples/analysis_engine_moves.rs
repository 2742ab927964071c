//! How the analysis judges the engine's own moves: in every position of real games, the move
//! the engine chooses there is judged the way the analysis judges a move, and counted by its
//! mark. The engine's choice should never look like a blunder (issue 38, item 7).
//!
//! ```text
//! cargo run --release --example analysis_engine_moves -- ../shared/data/games/games.tsv 20 6
//! ```
//!
//! Arguments: the games (`games.tsv` of the shared data: `startpos moves …`, result,
//! termination, …), how many (the first N games that ended by resignation: real games played
//! to a decision), the depth (6: the text mode's `analyse`), and the depth the engine chooses
//! its moves at (by default the same), and how many lines it keeps (`hint 3`: 3 at depth 6). The analysis's engine goes
//! through each game in order, as one of its workers does; the engine that chooses the moves
//! is another, with a table of its own warmed by the same game, as in play; it chooses as
//! `hint` does ([`choice::choose`], or [`choice::best_lines`]' first line). Where the choice
//! is not the analysis's best it is judged two ways:
//! - *former*: the position after the move searched on its own (one ply deeper than the
//!   search before it), the loss against the position's score, marks at 5/10/20 points (the
//!   analysis before issue 38);
//! - *now*: the move searched from the position before, to the depth the best reached
//!   ([`analysis::evaluate_played`]), judged by [`MoveAnalysis::judge`] (lishogi's marks).

use gnushogi::analysis::{
    self, AnalysisLimits, Mark, MoveAnalysis, Searches, WORKER_HASH_MIB, choice,
};
use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::game::Game;
use gnushogi::notation::parse_usi_move;
use gnushogi::rules::Position;
use gnushogi::search::SearchLimits;
use std::sync::atomic::AtomicBool;

/// The marks the analysis used before: 5, 10 and 20 points.
fn former_mark(loss: f64) -> Option<Mark> {
    [(20.0, Mark::Blunder), (10.0, Mark::Mistake), (5.0, Mark::Inaccuracy)]
        .into_iter()
        .find(|(t, _)| loss >= *t)
        .map(|(_, m)| m)
}

#[derive(Default)]
struct Counts {
    positions: usize,
    differ: usize,
    former: [usize; 3],
    now: [usize; 3],
}

fn count(slot: &mut [usize; 3], mark: Option<Mark>) {
    match mark {
        Some(Mark::Inaccuracy) => slot[0] += 1,
        Some(Mark::Mistake) => slot[1] += 1,
        Some(Mark::Blunder) => slot[2] += 1,
        None => {}
    }
}

fn engine() -> Engine {
    Engine::new(EngineOptions {
        hash_mib: WORKER_HASH_MIB,
        threads: 1,
        use_book: false,
        ..EngineOptions::default()
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().map_or("../shared/data/games/games.tsv", String::as_str);
    let wanted: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let depth: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(6);
    // The depth the engine chooses its moves at (by default the analysis's).
    let choice_depth: u32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(depth);
    // How many lines the choosing search keeps (`hint 3` is 3 at depth 6): its first move is
    // the choice.
    let lines: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1);
    let text = std::fs::read_to_string(path).expect("the games file");
    let limits = AnalysisLimits::depth(depth);
    let stop = AtomicBool::new(false);
    let choice_limits = SearchLimits { multipv: lines, ..SearchLimits::depth(choice_depth) };
    let mut total = Counts::default();
    let games = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| f.len() > 2 && f[2] == "toryo")
        .take(wanted);
    for fields in games {
        let words: Vec<&str> = fields[0].split_whitespace().skip(2).collect();
        let mut game = Game::new(Position::startpos());
        let analyst = engine();
        let player = engine();
        let mut c = Counts::default();
        for word in &words {
            let pos = game.position().clone();
            let before = analysis::evaluate(&analyst, &game, &limits, &stop);
            // The engine's choice as `hint` makes it: checked by the mate solver.
            let choice = if lines > 1 {
                // `hint N`: on a fresh table, whatever the game searched before.
                choice::best_lines(&game, lines, choice_depth, &stop)
                    .first()
                    .and_then(|l| l.pv.first().copied())
            } else {
                choice::choose(&player, &game, &choice_limits, limits.mate_nodes, &stop).result.best
            };
            if let Some(choice) = choice {
                c.positions += 1;
                if before.best != Some(choice) {
                    c.differ += 1;
                    let mut after = game.clone();
                    after.play_unchecked(choice);
                    let reply = analysis::evaluate(&analyst, &after, &limits, &stop);
                    // Without the search of the move alone, the judgement falls back on the
                    // position after it: the former way.
                    let searches =
                        Searches { best: before.clone(), played: None, reply: reply.clone() };
                    let former = MoveAnalysis::judge(1, pos.clone(), None, choice, searches);
                    let mut mark = former_mark(former.loss);
                    if former.missed_mate.is_some() {
                        mark = mark.max(Some(Mark::Mistake));
                    }
                    count(&mut c.former, mark);
                    let played =
                        analysis::evaluate_played(&analyst, &game, choice, before.depth, &stop);
                    let searches = Searches { best: before, played: Some(played), reply };
                    let m = MoveAnalysis::judge(1, pos.clone(), None, choice, searches);
                    count(&mut c.now, m.mark);
                    if m.mark.is_some() || mark.is_some() {
                        println!(
                            "  ply {:>3} {choice} (best {}): {} -> {} now, -> {} before; \
                             loss {:.1} (former {:.1}), missed mate {:?}, solver's mate {}",
                            game.ply() + 1,
                            m.best.best.map_or("-".to_string(), |b| b.to_string()),
                            m.before,
                            m.after,
                            former.after,
                            m.loss,
                            former.loss,
                            m.missed_mate,
                            m.best.mate.is_some()
                        );
                    }
                }
            }
            let mv = parse_usi_move(word).and_then(|m| m.to_move(&pos).ok());
            match mv {
                Some(mv) => game.play_unchecked(mv),
                None => break,
            }
        }
        println!(
            "{:<60} positions {:>3}  choice not the analysis's best {:>3}  former ?!/?/?? {:?}  now {:?}",
            fields.get(5).copied().unwrap_or(""),
            c.positions,
            c.differ,
            c.former,
            c.now
        );
        total.positions += c.positions;
        total.differ += c.differ;
        for k in 0..3 {
            total.former[k] += c.former[k];
            total.now[k] += c.now[k];
        }
    }
    println!(
        "total: positions {}  choice not the analysis's best {}  former inaccuracies/mistakes/blunders {:?}  now {:?}",
        total.positions, total.differ, total.former, total.now
    );
}
