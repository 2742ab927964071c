//! The mate solver: a checks-only mate search (tsume), used by `--mate`, the text mode's
//! `tsume`, USI `go mate`, and the main search.
//!
//! This first version is a plain depth-first AND/OR search by iterative deepening; the
//! dedicated solver replaces it behind the same interface.

use crate::rules::{Move, MoveList, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long a solve may run.
#[derive(Clone, Debug, Default)]
pub struct MateLimits {
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
    /// Longest mate looked for, in plies (odd).
    pub max_plies: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateOutcome {
    /// The mating line, attacker's moves and defender's replies alternating.
    Mate(Vec<Move>),
    /// No checks-only mate exists (within `max_plies` if given).
    NoMate,
    /// The limits ran out first.
    Timeout,
}

#[derive(Clone, Debug)]
pub struct MateReport {
    pub outcome: MateOutcome,
    pub nodes: u64,
    pub time: Duration,
}

struct Solver<'a> {
    nodes: u64,
    start: Instant,
    limits: &'a MateLimits,
    stop: &'a AtomicBool,
    out_of_time: bool,
}

impl Solver<'_> {
    fn expired(&mut self) -> bool {
        if self.out_of_time {
            return true;
        }
        if self.nodes.is_multiple_of(1024)
            && (self.stop.load(Ordering::Relaxed)
                || self.limits.time.is_some_and(|t| self.start.elapsed() >= t)
                || self.limits.nodes.is_some_and(|n| self.nodes >= n))
        {
            self.out_of_time = true;
        }
        self.out_of_time
    }

    /// Attacker to move: a checking move after which every defence is mated within `plies`.
    fn attack(&mut self, pos: &Position, plies: u32, line: &mut Vec<Move>) -> bool {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        for m in list.iter() {
            self.nodes += 1;
            if self.expired() {
                return false;
            }
            if !pos.gives_check(m) {
                continue;
            }
            let child = pos.played(m);
            let mut sub = Vec::new();
            if self.defend(&child, plies - 1, &mut sub) {
                line.push(m);
                line.extend(sub);
                return true;
            }
        }
        false
    }

    /// Defender to move (in check): mated if no reply escapes within `plies`.
    fn defend(&mut self, pos: &Position, plies: u32, line: &mut Vec<Move>) -> bool {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            return true;
        }
        if plies == 0 {
            return false;
        }
        let mut longest: Option<Vec<Move>> = None;
        for m in list.iter() {
            if self.expired() {
                return false;
            }
            let child = pos.played(m);
            let mut sub = Vec::new();
            if !self.attack(&child, plies - 1, &mut sub) {
                return false;
            }
            if longest.as_ref().is_none_or(|l| sub.len() + 1 > l.len()) {
                let mut l = vec![m];
                l.extend(sub);
                longest = Some(l);
            }
        }
        line.extend(longest.unwrap_or_default());
        true
    }
}

/// Looks for the shortest checks-only mate of the side to move.
pub fn solve(pos: &Position, limits: &MateLimits, stop: &AtomicBool) -> MateReport {
    let mut s = Solver { nodes: 0, start: Instant::now(), limits, stop, out_of_time: false };
    let max = limits.max_plies.unwrap_or(31).max(1);
    let mut plies = 1;
    while plies <= max {
        let mut line = Vec::new();
        if s.attack(pos, plies, &mut line) {
            return MateReport {
                outcome: MateOutcome::Mate(line),
                nodes: s.nodes,
                time: s.start.elapsed(),
            };
        }
        if s.out_of_time {
            return MateReport {
                outcome: MateOutcome::Timeout,
                nodes: s.nodes,
                time: s.start.elapsed(),
            };
        }
        plies += 2;
    }
    MateReport { outcome: MateOutcome::NoMate, nodes: s.nodes, time: s.start.elapsed() }
}

/// `gnushogi --mate --sfen SFEN [--time SECONDS]`.
pub fn run_cli(cli: &crate::cli::Cli) -> std::process::ExitCode {
    use std::process::ExitCode;
    let Some(sfen) = cli.sfen.as_deref() else {
        eprintln!("gnushogi: --mate needs --sfen SFEN");
        return ExitCode::from(2);
    };
    let pos = match crate::notation::parse_sfen(sfen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("gnushogi: --sfen: {e}");
            return ExitCode::from(2);
        }
    };
    let limits = MateLimits {
        time: cli.time.filter(|t| t.is_finite() && *t > 0.0).map(Duration::from_secs_f64),
        ..MateLimits::default()
    };
    let report = solve(&pos, &limits, &AtomicBool::new(false));
    let ms = report.time.as_millis();
    match report.outcome {
        MateOutcome::Mate(line) => {
            let moves: Vec<String> = line.iter().map(Move::to_string).collect();
            println!("info time {ms} nodes {}", report.nodes);
            println!("checkmate {}", moves.join(" "));
        }
        MateOutcome::NoMate => {
            println!("info time {ms} nodes {}", report.nodes);
            println!("nomate");
        }
        MateOutcome::Timeout => {
            println!("info time {ms} nodes {}", report.nodes);
            println!("timeout");
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_sfen;

    #[test]
    fn mate_in_one_and_three() {
        let p = parse_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
        let r = solve(&p, &MateLimits::default(), &AtomicBool::new(false));
        assert_eq!(
            r.outcome,
            MateOutcome::Mate(vec![Move::drop(
                crate::rules::PieceKind::Gold,
                crate::rules::Square::new(5, 2).unwrap()
            )])
        );
        let none = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
        let limits = MateLimits { max_plies: Some(3), ..MateLimits::default() };
        assert_eq!(solve(&none, &limits, &AtomicBool::new(false)).outcome, MateOutcome::NoMate);
    }
}
