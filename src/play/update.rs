//! What the match says: what a search is for, what came of it, and how a start, a move or a
//! wait turned out. The front ends print these in their own dialects.

use super::events::Event;
use crate::mate::MateReport;
use crate::rules::{EnteringKingRule, Move, Position};
use crate::search::{SearchInfo, SearchResult};
use std::time::{Duration, Instant};

/// What a search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// The engine's move: its result is played.
    Move,
    /// On the opponent's time. `predicted`: the reply expected, played on a copy of the
    /// game; `None`: the game already holds it (USI's `go ponder`). Its result waits for the
    /// opponent's move (or for `stop`).
    Ponder { predicted: Option<Move> },
    /// Analysis: nothing is played; the result waits for `stop`.
    Analyze,
    /// The mate solver, whose report is the answer (`go mate`).
    Mate,
}

/// What the engine's searches lead to, for a front end to print.
#[derive(Clone, Debug)]
pub enum Update {
    /// An iteration of the running search.
    Info { info: SearchInfo, task: Task },
    /// The engine played `mv`: it is on the game, and `used` is off its clock, which shows
    /// `left` (centiseconds, before the next period's time is added). `replaced`: the
    /// search's own choice, when it was not legal and `mv` was played instead.
    Moved { mv: Move, result: SearchResult, used: Duration, left: i64, replaced: Option<Move> },
    /// The engine resigns instead of playing (the resign policy).
    Resigned { result: SearchResult },
    /// The engine has no move: the game is over (or the search failed to give one).
    NoMove { result: SearchResult },
    /// A search not for a move (pondering, analysis, `go infinite`) gave its result:
    /// `best` is legal, `replaced` the search's own choice when it was not.
    Finished { task: Task, result: SearchResult, replaced: Option<Move> },
    /// The mate solver's report (`None`: the solver failed).
    Mate(Option<MateReport>),
    /// The solver looked for the engine's move (tsume mode) and found no mate.
    NoMateFound,
    /// The search on the engine's clock passed its deadline: it was told to stop.
    Overdue,
    /// The search ended without an answer (its thread failed): a legal move stands in, and
    /// this is what came of it.
    Failed(Box<Update>),
}

/// What [`Match::next_event`](super::Match::next_event) woke up for.
#[derive(Debug)]
pub enum Wake {
    Event(Event),
    /// The match's deadline passed, and this came of it.
    Update(Update),
    /// Nothing, in the time given.
    Nothing,
    /// The channel is closed.
    Closed,
}

/// How a search for the engine's move began.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// It searches; its result comes as an update.
    Searching,
    /// The side to move wins by an entering-king declaration under this rule: no search.
    Declared(EnteringKingRule),
}

/// The opponent's move, as [`Match::opponent_moved`](super::Match::opponent_moved) took it.
#[derive(Clone, Debug)]
pub enum Reply {
    /// The move was played; any search running was given up.
    Played,
    /// The move was the one pondered on: that search now thinks on the engine's clock. A
    /// result it already had is played at once, as this update.
    PonderHit(Option<Update>),
}

/// What a front end may ask about the search in progress.
#[derive(Clone, Debug)]
pub struct Progress<'a> {
    pub task: Task,
    pub started: Instant,
    /// When the engine's clock started for it (the ponder hit, for a ponder search).
    pub clock_start: Instant,
    pub last: Option<&'a SearchInfo>,
    /// The position searched.
    pub root: &'a Position,
    /// Root moves searched (the legal ones, or those left by `exclude`).
    pub root_moves: usize,
    /// Its result has come and waits (pondering, analysis).
    pub finished: bool,
}
