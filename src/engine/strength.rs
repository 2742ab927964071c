//! Playing strength below full: levels a person can beat, and the Elo figures measured for
//! them (see `doc/strength.md` for how they were measured).
//!
//! A level weakens the search three ways, all deterministic given the engine's seed:
//! it caps the depth and the nodes (so a level plays the same on a fast or a busy machine),
//! it searches several best lines (MultiPV), and it picks among them by score plus a random
//! bonus of up to [`Level::spread`] centipawns, so the move played is never worse than the
//! best line by more than the spread. A forced mate the search has found is always played,
//! and a line that walks into a mate is never taken while another does not: mate scores lie
//! far beyond any spread. What a weak level misses, it misses because its search is shallow.

use crate::search::{PvLine, Score, SearchLimits, SearchResult};

/// The strongest level: full strength, today's search untouched.
pub const MAX_SKILL: u8 = 20;

/// The levels below full strength, 0 (a beginner who hangs pieces) to 19.
const LEVELS: [Level; MAX_SKILL as usize] = [
    Level { depth: 1, nodes: 300, lines: 6, spread: 1000 },
    Level { depth: 1, nodes: 450, lines: 6, spread: 750 },
    Level { depth: 2, nodes: 680, lines: 6, spread: 560 },
    Level { depth: 2, nodes: 1_000, lines: 6, spread: 300 },
    Level { depth: 3, nodes: 1_500, lines: 6, spread: 320 },
    Level { depth: 3, nodes: 2_300, lines: 4, spread: 240 },
    Level { depth: 4, nodes: 3_400, lines: 4, spread: 180 },
    Level { depth: 4, nodes: 5_100, lines: 4, spread: 135 },
    Level { depth: 5, nodes: 7_700, lines: 4, spread: 100 },
    Level { depth: 6, nodes: 11_500, lines: 4, spread: 75 },
    Level { depth: 7, nodes: 17_000, lines: 4, spread: 56 },
    Level { depth: 8, nodes: 26_000, lines: 4, spread: 42 },
    Level { depth: 9, nodes: 39_000, lines: 3, spread: 32 },
    Level { depth: 10, nodes: 58_000, lines: 3, spread: 24 },
    Level { depth: 64, nodes: 87_000, lines: 1, spread: 0 },
    Level { depth: 64, nodes: 130_000, lines: 1, spread: 0 },
    Level { depth: 64, nodes: 200_000, lines: 1, spread: 0 },
    Level { depth: 64, nodes: 300_000, lines: 1, spread: 0 },
    Level { depth: 64, nodes: 450_000, lines: 1, spread: 0 },
    Level { depth: 64, nodes: 1_000_000, lines: 1, spread: 0 },
];

/// The Elo of each level below full strength, from the calibration matches (level 0 set to
/// 500 by convention; each level above it adds the difference measured against the one
/// below, as `doc/strength.md` tabulates it).
const ELO: [u32; MAX_SKILL as usize] = [
    // Levels 1-19 measured (60 games each against the level below).
    500, 595, 678, 748, 818, 965, 1085, 1168, 1302, 1592, 1893, 2084, 2353, 2514, 2764, 2872, 3006,
    3095, 3209, 3469,
];

/// The lowest `USI_Elo` / `Elo` accepted: level 0's.
pub const MIN_ELO: u32 = ELO[0];
/// The highest `USI_Elo` / `Elo` accepted: level 19's (full strength has no measured figure).
pub const MAX_ELO: u32 = ELO[MAX_SKILL as usize - 1];

/// `USI_Elo`'s default (used only once strength is limited): level 10's.
pub const DEFAULT_ELO: u32 = ELO[10];

/// How one level below full strength searches and chooses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Deepest iteration (plies).
    pub depth: u32,
    /// Nodes per move, at most (the first iteration always completes).
    pub nodes: u64,
    /// Best lines searched to choose among (MultiPV).
    pub lines: usize,
    /// The random bonus each line gets, up to this many centipawns: the most the move played
    /// may be worse than the best line.
    pub spread: i32,
}

/// A level's search settings; `None` at full strength (level 20 and above).
pub fn level(skill: u8) -> Option<Level> {
    LEVELS.get(usize::from(skill)).copied()
}

/// The Elo measured for a level below full strength.
pub fn elo_of(skill: u8) -> Option<u32> {
    ELO.get(usize::from(skill)).copied()
}

/// The level for an Elo figure: the strongest whose Elo does not exceed it (level 0 below
/// the range, level 19 above it).
pub fn skill_for_elo(elo: u32) -> u8 {
    let below = ELO.iter().take_while(|&&e| e <= elo).count();
    u8::try_from(below.saturating_sub(1)).unwrap_or(0)
}

/// The limits of a search at this level: the level's caps on top of what was asked.
pub fn limit(level: &Level, mut limits: SearchLimits) -> SearchLimits {
    limits.depth = Some(limits.depth.map_or(level.depth, |d| d.min(level.depth)));
    limits.nodes = Some(limits.nodes.map_or(level.nodes, |n| n.min(level.nodes)));
    limits.multipv = limits.multipv.max(level.lines);
    limits
}

/// Which line to play: the best line's score plus a bonus of `0..=spread` for each (one draw
/// from `random` per line), highest wins, the better line on a tie. A mate in one is always
/// played.
pub fn choose(level: &Level, lines: &[PvLine], mut random: impl FnMut() -> u64) -> usize {
    if lines.len() < 2 || lines[0].score == Score::Mate(1) {
        return 0;
    }
    let spread = u64::try_from(level.spread.max(0)).unwrap_or(0);
    let mut best = (i64::MIN, 0);
    for (i, line) in lines.iter().enumerate() {
        let bonus = i64::try_from(random() % (spread + 1)).unwrap_or(0);
        let value = line.score.comparable() + bonus;
        if value > best.0 {
            best = (value, i);
        }
    }
    best.1
}

/// The search's result with the chosen line in front: its move is the one played.
pub fn pick(level: &Level, mut result: SearchResult, random: impl FnMut() -> u64) -> SearchResult {
    let i = choose(level, &result.lines, random);
    if i == 0 {
        return result;
    }
    let line = result.lines.remove(i);
    let Some(&mv) = line.pv.first() else {
        return result;
    };
    result.best = Some(mv);
    result.ponder = line.pv.get(1).copied();
    result.score = line.score;
    result.pv = line.pv.clone();
    result.lines.insert(0, line);
    result
}
