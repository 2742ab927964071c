//! A search in progress, as the match keeps it: its thread, its id, what it is for, the
//! result it holds, and what the watch over a late or dead search has seen.

use super::events::SearchId;
use super::update::Task;
use crate::engine::{MateHandle, SearchHandle};
use crate::rules::{Move, MoveList, Position};
use crate::search::{SearchInfo, SearchResult};
use std::time::{Duration, Instant};

/// How long past its own hard limit a search on the engine's clock may go before the match
/// steps in and stops it.
pub(super) const WATCHDOG_SLACK: Duration = Duration::from_millis(150);
/// After the watchdog's stop: the wait for the search's answer before it is taken from its
/// thread directly.
pub(super) const WATCHDOG_GRACE: Duration = Duration::from_millis(400);
/// How often a running search is looked at for having died without an answer.
pub(super) const LIVENESS_POLL: Duration = Duration::from_millis(100);

pub(super) enum Work {
    Search(SearchHandle),
    Mate(MateHandle),
}

pub(super) struct Running {
    pub(super) work: Work,
    pub(super) id: SearchId,
    pub(super) task: Task,
    /// The position searched.
    pub(super) root: Position,
    /// The solver looks for the engine's move (tsume mode): a mate found is played.
    pub(super) solver_for_move: bool,
    /// The result waits until `stop` (or the ponder hit) instead of being given at once.
    pub(super) hold: bool,
    pub(super) held: Option<SearchResult>,
    /// It searches until stopped: never a resignation.
    pub(super) infinite: bool,
    pub(super) started: Instant,
    /// When the engine's clock started for it (the ponder hit, for a ponder search).
    pub(super) clock_start: Instant,
    /// Its own hard limit, from `clock_start` once it thinks on the clock.
    pub(super) hard: Option<Duration>,
    pub(super) last: Option<SearchInfo>,
    pub(super) root_moves: usize,
    /// Completed iterations in a row whose score was a mate against the engine.
    pub(super) mated_iterations: u32,
    pub(super) stop_asked: bool,
    /// The watchdog: how often the deadline passed, and whether the thread had ended when
    /// last looked at.
    pub(super) overdue: u8,
    pub(super) ended_when_overdue: bool,
    /// The liveness check: when it looks next, and whether it once saw the thread ended
    /// with no answer in the channel.
    pub(super) next_poll: Instant,
    pub(super) ended_seen: bool,
}

/// What is left of a search once it has ended: what its result is judged by.
pub(super) struct Ended {
    pub(super) task: Task,
    pub(super) root: Position,
    pub(super) infinite: bool,
    pub(super) clock_start: Instant,
    pub(super) mated_iterations: u32,
}

impl From<Running> for Ended {
    fn from(r: Running) -> Ended {
        r.finish().0
    }
}

impl Running {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        work: Work,
        id: SearchId,
        task: Task,
        root: Position,
        hard: Option<Duration>,
        hold: bool,
        infinite: bool,
    ) -> Running {
        let now = Instant::now();
        Running {
            work,
            id,
            task,
            root,
            solver_for_move: false,
            hold,
            held: None,
            infinite,
            started: now,
            clock_start: now,
            hard,
            last: None,
            root_moves: 0,
            mated_iterations: 0,
            stop_asked: false,
            overdue: 0,
            ended_when_overdue: false,
            next_poll: now + LIVENESS_POLL,
            ended_seen: false,
        }
    }

    /// Its thread has ended.
    pub(super) fn work_finished(&self) -> bool {
        match &self.work {
            Work::Search(h) => h.is_finished(),
            Work::Mate(m) => m.is_finished(),
        }
    }

    /// The move played when it cannot give its own in time: its best so far, if legal in
    /// its root, else any legal move (none: the side to move is mated).
    pub(super) fn best_so_far(&self) -> Option<Move> {
        let last = self.last.as_ref().and_then(|i| i.pv.first().copied());
        last.filter(|&m| self.root.is_legal(m)).or_else(|| first_legal(&self.root))
    }

    /// Ends it: what its result is judged by, and what its search thread returned (it is
    /// joined; a mate solver is only told to stop).
    pub(super) fn finish(self) -> (Ended, Option<SearchResult>) {
        let returned = match self.work {
            Work::Search(h) => h.wait(),
            Work::Mate(m) => {
                m.stop();
                None
            }
        };
        let ended = Ended {
            task: self.task,
            root: self.root,
            infinite: self.infinite,
            clock_start: self.clock_start,
            mated_iterations: self.mated_iterations,
        };
        (ended, returned)
    }
}

pub(super) fn first_legal(pos: &Position) -> Option<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().next()
}
