//! The mate solver: a checks-only mate search (tsume), used by `--mate`, the text mode's
//! `tsume`, USI `go mate`, and the main search.
//!
//! The search is df-pn with a proof/disproof table (`dfpn`, `table`); [`solve`] runs it,
//! shortens the mate found to the shortest one, and extracts the line (`extract`).
//! Attacker's moves are checks only; the defender may play any legal reply, drops included;
//! a mate by pawn drop is illegal (the rules core never generates it); a repetition is no mate.
//!
//! `solve` is cheap to call with a node limit (the table starts at 32 KiB and grows with the
//! search, up to 64 MiB), so the main search can ask it at the root and at shallow nodes.

mod combine;
mod composer;
mod dfpn;
mod extract;
mod futile;
mod hands;
mod kids;
mod progress;
mod table;
mod text;

pub use progress::{MatePhase, MateProgress};
pub use text::mate_info;

use crate::rules::{Move, MoveList, Position};
use dfpn::Dfpn;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// How long a solve may run (no limit when `None`), and by which rules.
#[derive(Clone, Debug, Default)]
pub struct MateLimits {
    pub time: Option<Duration>,
    /// Positions examined (expansions and look-aheads).
    pub nodes: Option<u64>,
    /// Longest mate looked for, in plies (odd).
    pub max_plies: Option<u32>,
    /// What counts as a defence.
    pub rules: MateRules,
    /// Largest size of the proof table in MiB (`None`: [`DEFAULT_TABLE_MIB`]).
    pub table_mib: Option<usize>,
}

/// What counts as a defence.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum MateRules {
    /// Every legal reply: a mate found is a mate in a game (the main search, hints).
    #[default]
    Strict,
    /// The tsume conventions: a useless interposition (無駄合), a piece dropped between a
    /// distant checker and the king only to be taken, is no defence and is not counted.
    Tsume,
}

/// Largest proof table when the limits name none.
pub const DEFAULT_TABLE_MIB: usize = 64;

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
    /// A mate's length is proved the shortest: no mate two plies shorter exists. False when
    /// that proof ran out of its budget or the limits first; the length is then the shortest
    /// found.
    pub shortest: bool,
    /// Under the tsume conventions: the defender's longest line by the strict rules, where it is
    /// longer than the composer's line (a longer defence that leaves the attacker pieces in
    /// hand, 変長駒余り), in plies.
    pub longest_defence: Option<u32>,
    /// Under the tsume conventions: where the line's defender had useless interpositions (無駄合)
    /// it did not count, as (the defender's ply, 1-based; how many drops).
    pub useless_interpositions: Vec<(u32, u32)>,
}

/// Each search for a shorter mate may spend as many nodes as the solve has spent so far, and
/// at least this many: proving that no shorter mate exists can cost far more than finding the
/// mate did (on long problems, hours), so the solver gives the length it has instead. The last
/// search fails, and on most problems it is then most of the solve: with a floor of 500,000 it
/// set the median time (将棋図巧 第36番's mate in 13 is the one that needed 350,000; it is now 15).
const SHORTEN_MIN: u64 = 50_000;

/// Nodes the composer's walk over the proof may visit: a quarter of the solve's, within these.
const WALK_MIN: u64 = 200_000;
const WALK_MAX: u64 = 5_000_000;

/// Longest mate looked for when `max_plies` is not given.
pub(crate) const DEFAULT_MAX_PLIES: u32 = dfpn::MAX_PLY as u32;

/// The solver recurses once a ply, both in the search and in the line, and long problems go
/// thousands of plies deep: it runs on a thread with a stack of this size (reserved, not
/// touched unless used).
const STACK_BYTES: usize = 512 << 20;

/// Looks for the shortest checks-only mate of the side to move.
///
/// First a df-pn search finds any mate (or proves there is none within `max_plies`); then
/// bounded searches for a mate two plies shorter than the last one found, until one fails;
/// then the line: the defender's replies that make the mate longest, and among the equally
/// short (or long) ways, the one that leaves the attacker the fewest pieces in hand. The node
/// and time limits cover all of it; if they run out after a mate was found, the mate found so
/// far is returned (it may then not be the shortest).
pub fn solve(pos: &Position, limits: &MateLimits, stop: &AtomicBool) -> MateReport {
    solve_with(pos, limits, stop, &mut |_| {})
}

/// As [`solve`], telling `on_progress` where the solve stands every half second (from the
/// solver's own thread).
pub fn solve_with(
    pos: &Position,
    limits: &MateLimits,
    stop: &AtomicBool,
    on_progress: &mut (dyn FnMut(&MateProgress) + Send),
) -> MateReport {
    std::thread::scope(|scope| {
        let solver = std::thread::Builder::new()
            .name("mate".into())
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, || solve_here(pos, limits, stop, on_progress));
        match solver {
            Ok(t) => t.join().expect("the solver does not panic"),
            Err(_) => solve_here(pos, limits, stop, &mut |_| {}),
        }
    })
}

fn solve_here(
    pos: &Position,
    limits: &MateLimits,
    stop: &AtomicBool,
    on_progress: &mut (dyn FnMut(&MateProgress) + Send),
) -> MateReport {
    let start = Instant::now();
    let deadline = limits.time.map(|t| start + t);
    let mib = limits.table_mib.unwrap_or(DEFAULT_TABLE_MIB).max(1);
    let slots = (mib << 20) / table::SLOT_BYTES;
    let futile = limits.rules == MateRules::Tsume;
    let mut s = Dfpn::new(pos.side_to_move(), limits.nodes, deadline, stop, slots, futile);
    s.report_to(on_progress);
    let cap = limits.max_plies.unwrap_or(DEFAULT_MAX_PLIES).clamp(1, dfpn::MAX_PLY as u32) as u16;
    let report = |outcome, s: &Dfpn, shortest| MateReport {
        outcome,
        nodes: s.nodes,
        time: start.elapsed(),
        shortest,
        longest_defence: None,
        useless_interpositions: Vec::new(),
    };

    let Some(v) = s.run(pos, &[], cap, false, u64::MAX) else {
        return report(MateOutcome::Timeout, &s, false);
    };
    if v.is_disproven() {
        return report(MateOutcome::NoMate, &s, false);
    }
    let mut len = v.len;
    let mut exact = len < 3;
    s.phase = MatePhase::Shortening;
    s.plies = Some(u32::from(len));
    s.report();
    while len >= 3 {
        let budget = s.nodes.max(SHORTEN_MIN);
        match s.run(pos, &[], len - 2, true, budget) {
            Some(v) if v.is_proven() => {
                len = v.len;
                s.plies = Some(u32::from(len));
            }
            Some(_) => {
                exact = true;
                break;
            }
            None => break,
        }
    }
    s.phase = MatePhase::Line;
    s.report();
    let composed = if futile {
        let visits = (s.nodes / 4).clamp(WALK_MIN, WALK_MAX);
        composer::Walk::new(&mut s, visits).line(pos)
    } else {
        None
    };
    let (line, strict) = match composed {
        Some(line) if line.len() <= len as usize => (line, exact.then_some(u32::from(len))),
        _ => (extract::line(&mut s, pos, len, exact), None),
    };
    let shortest = exact && line.len() <= len as usize;
    let mut r = report(MateOutcome::Mate(line.clone()), &s, shortest);
    r.longest_defence = strict.filter(|&n| n as usize > line.len());
    if futile {
        r.useless_interpositions = useless_interpositions(pos, &line);
    }
    r
}

/// Where the defender of `line` had useless interpositions, and how many: (its ply, 1-based;
/// the drops).
fn useless_interpositions(pos: &Position, line: &[Move]) -> Vec<(u32, u32)> {
    let mut found = Vec::new();
    let mut p = pos.clone();
    for (i, &m) in line.iter().enumerate() {
        p = p.played(m);
        if i % 2 == 0 && p.in_check() {
            let mut replies = MoveList::new();
            p.legal_moves(&mut replies);
            let all = replies.len();
            futile::remove_all(&p, &mut replies);
            if replies.len() < all {
                found.push((i as u32 + 2, (all - replies.len()) as u32));
            }
        }
    }
    found
}

/// True if `line` is a checks-only mate from `pos`: every attacker move checks, every
/// defender move is legal, and the defender has no reply at the end.
pub fn is_mating_line(pos: &Position, line: &[Move]) -> bool {
    is_mate_line(pos, line, MateRules::Strict)
}

/// As [`is_mating_line`], where under [`MateRules::Tsume`] the defender may be left with
/// useless interpositions at the end.
pub fn is_mate_line(pos: &Position, line: &[Move], rules: MateRules) -> bool {
    let attacker = pos.side_to_move();
    let mut p = pos.clone();
    if line.len().is_multiple_of(2) {
        return false;
    }
    for &m in line {
        if !p.is_legal(m) || (p.side_to_move() == attacker && !p.gives_check(m)) {
            return false;
        }
        p = p.played(m);
    }
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    if rules == MateRules::Tsume && !list.is_empty() && p.in_check() {
        futile::remove_all(&p, &mut list);
    }
    list.is_empty()
}
