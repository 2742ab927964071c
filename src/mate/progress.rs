//! What a long solve tells while it runs.

use std::time::Duration;

/// Where a solve stands: reported now and then (see [`super::solve_with`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MateProgress {
    pub phase: MatePhase,
    /// Positions examined so far.
    pub nodes: u64,
    pub time: Duration,
    /// Entries in the proof table, and how many it may hold at most.
    pub table_used: usize,
    pub table_capacity: usize,
    /// The root's proof and disproof numbers in the search now running (`u32::MAX`: final).
    pub proof_number: u32,
    pub disproof_number: u32,
    /// The shortest mate found so far, in plies.
    pub plies: Option<u32>,
    /// The deepest the search has gone, in plies from the problem.
    pub depth: u32,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MatePhase {
    /// Looking for a mate.
    Proving,
    /// A mate is found; looking for a shorter one.
    Shortening,
    /// Building the line.
    Line,
}

/// How often progress is reported.
pub const INTERVAL: Duration = Duration::from_millis(500);
