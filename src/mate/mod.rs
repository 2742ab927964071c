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
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// Threads the solve may use (`None`: one). With two or more, under [`MateRules::Tsume`],
    /// the composer's line is walked while the last search for a shorter mate runs; the answer
    /// is the same.
    pub threads: Option<usize>,
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
    pub longest_defence: Option<LongerDefence>,
    /// Under the tsume conventions: where the line's defender had useless interpositions (無駄合)
    /// it did not count, as (the defender's ply, 1-based; how many drops).
    pub useless_interpositions: Vec<(u32, u32)>,
}

/// How long the defender can last by the strict rules, where longer than the composer's line:
/// exactly (`at_least == at_most`) when the mate's length was proved the shortest, else
/// within the bounds a search proved (no mate within the line's length; a mate within the
/// length found).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LongerDefence {
    pub at_least: u32,
    pub at_most: u32,
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

/// The visits a composer's walk may make once the solve has spent `nodes`.
fn walk_visits(nodes: u64) -> u64 {
    (nodes / 4).clamp(WALK_MIN, WALK_MAX)
}

/// A search for a shorter mate that has spent this part of its budget (1/n) likely fails: only
/// then is the composer's walk started beside it. Of 407 such searches that succeeded, 95 %
/// used at most a quarter of the budget.
const WALK_BESIDE_AFTER: u64 = 4;

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
    // Nodes of the walks on copies of the table, and the line of the one that stood.
    let mut beside_nodes = 0;
    let mut walked = None;
    let threads = limits.threads.unwrap_or(1);
    while len >= 3 {
        let budget = s.nodes.max(SHORTEN_MIN);
        let (found, walk) = if futile {
            shorten_and_walk(&mut s, pos, len - 2, budget, threads)
        } else {
            (s.run(pos, &[], len - 2, true, budget), None)
        };
        if let Some(w) = &walk {
            beside_nodes += w.nodes;
        }
        match found {
            Some(v) if v.is_proven() => {
                len = v.len;
                s.plies = Some(u32::from(len));
            }
            // No shorter mate (the length is exact), or the limits ran out.
            _ => {
                exact = found.is_some();
                walked = walk.and_then(|w| w.line);
                break;
            }
        }
    }
    s.phase = MatePhase::Line;
    s.report();
    let composed = match walked {
        Some(line) => Some(line),
        None if futile => {
            let visits = walk_visits(s.nodes);
            composer::Walk::new(&mut s, visits).line(pos)
        }
        None => None,
    };
    let (line, strict) = match composed {
        Some(line) if line.len() <= len as usize => (line, exact.then_some(u32::from(len))),
        _ => (extract::line(&mut s, pos, len, exact), None),
    };
    s.nodes += beside_nodes;
    let shortest = exact && line.len() <= len as usize;
    let (plies, found) = (line.len() as u32, u32::from(len));
    let longer = match strict {
        Some(n) => (n > plies).then_some(LongerDefence { at_least: n, at_most: n }),
        // The composer's line is shorter than the mate found, whose length was not proved the
        // shortest: whether the defender can outlast the line is a search within its length.
        None if futile && !exact && plies + 2 <= found => {
            let within = s.run(pos, &[], plies as u16, true, SHORTEN_MIN);
            let outlasts = within.is_some_and(|v| v.is_disproven());
            outlasts.then_some(LongerDefence { at_least: plies + 2, at_most: found })
        }
        None => None,
    };
    let mut r = report(MateOutcome::Mate(line.clone()), &s, shortest);
    r.longest_defence = longer;
    if futile {
        r.useless_interpositions = useless_interpositions(pos, &line);
    }
    r
}

/// A composer's walk made beside a search for a shorter mate.
struct Walked {
    /// Its line, if it finished.
    line: Option<Vec<Move>>,
    nodes: u64,
}

/// Looks for a mate within `plies` (as `s.run` does), and walks the proof for the composer's
/// line on a copy of the table. The last search for a shorter mate fails, and on most problems
/// it and the walk are most of the solve: with two threads the walk runs beside it (stopped if
/// a shorter mate turns up after all, to be walked again). The searches that succeed mostly do
/// so early: the copy is made only once a search has spent a part of its budget
/// ([`WALK_BESIDE_AFTER`]), so that on most problems the table is copied once. With one
/// thread the walk follows on the same copy: the line is the same however many threads there
/// are. The two tables share the memory the solve was given; no walk (`None`) when the table
/// is past half of that.
fn shorten_and_walk(
    s: &mut Dfpn,
    pos: &Position,
    plies: u16,
    budget: u64,
    threads: usize,
) -> (Option<table::Val>, Option<Walked>) {
    let early = budget / WALK_BESIDE_AFTER;
    let found = s.run(pos, &[], plies, true, early);
    if found.is_some() || s.out {
        return (found, None);
    }
    let budget = budget - early;
    let max = s.table.max_slots();
    if s.table.slots() > max / 2 {
        return (s.run(pos, &[], plies, true, budget), None);
    }
    // The nodes the solve will have spent once this search has used its budget.
    let visits = walk_visits(s.nodes.saturating_add(budget));
    let abort = AtomicBool::new(false);
    let mut copy = s.fork(&abort, budget);
    copy.table.set_max_slots(max / 2);
    s.table.set_max_slots(max / 2);
    let walk = |mut copy: Dfpn| {
        let start = copy.nodes;
        let line = composer::Walk::new(&mut copy, visits).line(pos);
        Walked { line, nodes: copy.nodes - start }
    };
    let result = std::thread::scope(|scope| {
        let mut copy = Some(copy);
        let walker = match threads {
            0 | 1 => None,
            _ => {
                let copy = copy.take().expect("not yet moved");
                let thread = std::thread::Builder::new().name("mate walk".into());
                // Without a thread (the system refused one) the walk runs after the search
                // on the search's own table.
                thread.stack_size(STACK_BYTES).spawn_scoped(scope, || walk(copy)).ok()
            }
        };
        let found = s.run(pos, &[], plies, true, budget);
        let shorter = found.is_some_and(|v| v.is_proven());
        if shorter {
            abort.store(true, Ordering::Relaxed);
        }
        let walked = match (walker, copy) {
            (Some(w), _) => Some(w.join().expect("the walk does not panic")),
            (None, Some(copy)) if !shorter => Some(walk(copy)),
            (None, _) => None,
        };
        (found, walked)
    });
    s.table.set_max_slots(max);
    result
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
