//! Game analysis: every position of a game searched (and tried by the mate solver), every
//! move judged by how much it lost against the engine's best, as data ([`Analysis`]) that the
//! front ends print, write into a record's comments ([`annotate`]) or draw ([`graph`]).
//!
//! How a move is judged (doc/analysis.md says it for users):
//! - scores are turned into Black's chance to win, `1 / (1 + exp(-K * cp))` with the `K` the
//!   evaluation tuner fitted to game results ([`WIN_K`]); a mate is 1 or 0;
//! - a move's *loss* is how much the mover's chance falls from the engine's best move to the
//!   move played, in percentage points, never below 0, and 0 when the move is the engine's
//!   best. Both come from comparable searches of the position before the move: the best from
//!   its search, the move played from a search of that position to the same depth with only
//!   that move allowed. (The search of the position after the move alone looks one ply
//!   further than the one before it, and the odd-even swing of the scores showed as losses
//!   even on the engine's own choice.) Where that search of the position after the move
//!   thinks better of it, the move gets the benefit of the doubt. On this scale a lost or won position stays lost or won
//!   whatever the centipawns do, so the loss saturates where it should;
//! - marks by loss, lishogi's ([`Mark`]: [`INACCURACY`], [`MISTAKE`], [`BLUNDER`] points), and
//!   in Japanese ShogiHome's four ([`Grade`]: 緩手, 疑問手, 悪手, 大悪手); a missed mate is at
//!   least a mistake (疑問手).
//!
//! Positions are shared out to workers, each with an engine of its own (one search thread):
//! whole positions in parallel scale better than one search on many threads.

pub mod annotate;
pub mod choice;
pub mod graph;
pub(crate) mod input;
pub mod report;

use crate::engine::{Engine, EngineOptions};
use crate::game::Game;
use crate::rules::{Color, Move, Position};
use crate::search::{Score, SearchLimits, SearchResult};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

/// The slope of the win-chance curve: the `K` of `sigmoid(K * eval)` the evaluation tuner
/// fitted to game results (src/eval/params.rs), so 100 centipawns from even are about 53%.
pub const WIN_K: f64 = 0.0011;
/// Loss (percentage points of the mover's chance to win) from which a move is an inaccuracy:
/// lishogi's thresholds (0.1, 0.2 and 0.3 of its winning chances, which run from -1 to 1).
pub const INACCURACY: f64 = 5.0;
/// Loss from which a move is a mistake.
pub const MISTAKE: f64 = 10.0;
/// Loss from which a move is a blunder.
pub const BLUNDER: f64 = 15.0;
/// Losses from which a move is 緩手, 疑問手, 悪手 and 大悪手: ShogiHome's defaults (its
/// settings' "bad move level" thresholds, in percentage points of the chance to win).
pub const GRADES: [f64; 4] = [5.0, 10.0, 20.0, 50.0];
/// The mate solver's budget in each position (positions examined): small, so that it costs
/// little beside the search, and a count, not a time, so that results do not depend on the
/// machine. The same budget checks the engine's choice ([`choice`]).
pub(crate) const MATE_NODES: u64 = choice::CHECK_NODES;
/// Transposition table of each worker's engine (MiB).
pub const WORKER_HASH_MIB: usize = 32;

/// How long each position is searched, and by how many workers.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisLimits {
    /// Search each position to this depth…
    pub depth: Option<u32>,
    /// …or for this long (with neither: [`AnalysisLimits::DEFAULT_DEPTH`]).
    pub time: Option<Duration>,
    /// Positions searched at once, each by an engine of its own.
    pub workers: usize,
    /// The mate solver's budget per position.
    pub mate_nodes: u64,
}

impl AnalysisLimits {
    pub const DEFAULT_DEPTH: u32 = 8;

    pub fn depth(depth: u32) -> AnalysisLimits {
        AnalysisLimits { depth: Some(depth), time: None, workers: 1, mate_nodes: MATE_NODES }
    }

    pub fn time(time: Duration) -> AnalysisLimits {
        AnalysisLimits { depth: None, time: Some(time), workers: 1, mate_nodes: MATE_NODES }
    }

    fn search_limits(&self) -> SearchLimits {
        match (self.depth, self.time) {
            (Some(d), _) => SearchLimits::depth(d.max(1)),
            (None, Some(t)) => SearchLimits::move_time(t),
            (None, None) => SearchLimits::depth(Self::DEFAULT_DEPTH),
        }
    }
}

/// A score from Black's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Eval {
    Cp(i32),
    /// `winner` mates in `plies` (0: the other side is mated now).
    Mate {
        winner: Color,
        plies: u32,
    },
}

impl Eval {
    /// The engine's score (from `side`, the side to move) from Black's view.
    pub fn from_score(score: Score, side: Color) -> Eval {
        match score {
            Score::Cp(cp) => Eval::Cp(if side == Color::Black { cp } else { -cp }),
            Score::Mate(p) if p > 0 => Eval::Mate { winner: side, plies: p.unsigned_abs() },
            Score::Mate(p) => Eval::Mate { winner: !side, plies: p.unsigned_abs() },
        }
    }

    /// Black's chance to win, 0..=1.
    pub fn black_chance(self) -> f64 {
        match self {
            Eval::Cp(cp) => 1.0 / (1.0 + (-WIN_K * f64::from(cp)).exp()),
            Eval::Mate { winner: Color::Black, .. } => 1.0,
            Eval::Mate { .. } => 0.0,
        }
    }

    /// `side`'s chance to win, 0..=1.
    pub(crate) fn chance_of(self, side: Color) -> f64 {
        let b = self.black_chance();
        if side == Color::Black { b } else { 1.0 - b }
    }

    /// Better for `side` than `other`: a higher chance to win, or the same mate sooner (for
    /// the winner) or later (for the loser).
    pub fn better_for(self, other: Eval, side: Color) -> bool {
        let key = |e: Eval| match e {
            Eval::Cp(cp) => (1, i64::from(if side == Color::Black { cp } else { -cp })),
            Eval::Mate { winner, plies } if winner == side => (2, -i64::from(plies)),
            Eval::Mate { plies, .. } => (0, i64::from(plies)),
        };
        key(self) > key(other)
    }

    /// The same score one ply earlier: a mate counted from the move that leads to it.
    fn ply_earlier(self) -> Eval {
        match self {
            Eval::Mate { winner, plies } => Eval::Mate { winner, plies: plies + 1 },
            cp => cp,
        }
    }
}

impl std::fmt::Display for Eval {
    /// `+120`, `-35`, `+M5` (Black mates in 5 plies), `-M2` (White mates in 2), `-Mate`
    /// (White has mated: not a mate in 0).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Eval::Cp(cp) => write!(f, "{cp:+}"),
            Eval::Mate { winner: Color::Black, plies: 0 } => f.write_str("+Mate"),
            Eval::Mate { plies: 0, .. } => f.write_str("-Mate"),
            Eval::Mate { winner: Color::Black, plies } => write!(f, "+M{plies}"),
            Eval::Mate { plies, .. } => write!(f, "-M{plies}"),
        }
    }
}

/// What the engine found in one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEval {
    /// From the side to move.
    pub score: Score,
    pub best: Option<Move>,
    /// The principal line, from the best move on.
    pub pv: Vec<Move>,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    /// A checks-only mate the solver proved for the side to move.
    pub mate: Option<Vec<Move>>,
}

impl From<SearchResult> for PositionEval {
    /// A search's result, before the mate solver has its say.
    fn from(result: SearchResult) -> PositionEval {
        PositionEval {
            score: result.score,
            best: result.best,
            pv: result.pv,
            depth: result.depth,
            nodes: result.nodes,
            time: result.time,
            mate: None,
        }
    }
}

/// How bad a move was.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The mark for a loss in percentage points, if any.
    pub fn for_loss(loss: f64) -> Option<Mark> {
        if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// `?!`, `?`, `??`.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// How bad a move was in the words of Japanese records, ShogiHome's four levels: 緩手 (a
/// slack move), 疑問手 (a questionable move), 悪手 (a bad move), 大悪手 (a very bad move).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    Slack,
    Questionable,
    Bad,
    VeryBad,
}

impl Grade {
    const ALL: [Grade; 4] = [Grade::Slack, Grade::Questionable, Grade::Bad, Grade::VeryBad];

    /// The grade for a loss in percentage points, if any ([`GRADES`]).
    pub fn for_loss(loss: f64) -> Option<Grade> {
        GRADES.iter().zip(Grade::ALL).rev().find(|(t, _)| loss >= **t).map(|(_, g)| g)
    }

    /// 緩手, 疑問手, 悪手, 大悪手.
    pub fn japanese(self) -> &'static str {
        match self {
            Grade::Slack => "緩手",
            Grade::Questionable => "疑問手",
            Grade::Bad => "悪手",
            Grade::VeryBad => "大悪手",
        }
    }
}

/// One move judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAnalysis {
    /// 1-based ply number (KIF's 手数).
    pub ply: usize,
    pub mover: Color,
    pub mv: Move,
    /// The position before the move.
    pub position: Position,
    /// Where the move before went (for KIF's `同`).
    pub last_to: Option<crate::rules::Square>,
    /// From Black's side, the engine's best move and the move played, valued by comparable
    /// searches of the position before the move (the same when the move is the best; the
    /// search of the position after the move where it thinks better of the move).
    pub before: Eval,
    pub after: Eval,
    /// The engine's search of the position before the move, and of the position after it
    /// (the score the graph and the record's comments show for that position).
    pub best: PositionEval,
    pub reply: PositionEval,
    /// The search of the position before the move with only the move played allowed, to the
    /// depth `best` reached; `None` when the move played is the engine's best.
    pub played: Option<PositionEval>,
    /// Percentage points of the mover's chance to win lost against the best move.
    pub loss: f64,
    pub mark: Option<Mark>,
    /// ShogiHome's grade for the same loss.
    pub grade: Option<Grade>,
    /// The move played is the engine's best (or mates as well as it).
    pub is_best: bool,
    /// A mate the mover had (its length in plies) that the move played does not keep.
    pub missed_mate: Option<u32>,
    /// The move starts a mate the mover has (its length in plies, from this move).
    pub mates: Option<u32>,
}

impl MoveAnalysis {
    /// Judges `mv`, played in `position` (before), given the search of that position
    /// (`best`), the search of it with only `mv` allowed (`played`, see [`evaluate_played`];
    /// `None` when `mv` is the search's best) and the search of the position after it
    /// (`reply`).
    pub fn judge(
        ply: usize,
        position: Position,
        last_to: Option<crate::rules::Square>,
        mv: Move,
        searches: Searches,
    ) -> MoveAnalysis {
        let Searches { best, played, reply } = searches;
        let mover = position.side_to_move();
        let before = Eval::from_score(best.score, mover);
        let next = Eval::from_score(reply.score, !mover);
        // `after` counts a mate from before the move, as `before` and "mates in" do.
        let next_from_before = next.ply_earlier();
        // The move played valued as the best was (from the position before, as deep), or by
        // the search of the position after it (a ply deeper), whichever thinks better of it:
        // a move one of the two searches finds as good as the best is not marked.
        let after = match &played {
            Some(p) => {
                let alone = Eval::from_score(p.score, mover);
                // A mate the solver proved after the move is a proof, not a view: no doubt.
                let proven = reply.mate.is_some();
                if proven || next.chance_of(mover) > alone.chance_of(mover) {
                    next_from_before
                } else {
                    alone
                }
            }
            None if best.best == Some(mv) => before,
            None => next_from_before,
        };
        // A mate for the mover, from the solver or the search: its first move and length.
        let mate: Option<(Option<Move>, u32)> = match (&best.mate, best.score) {
            (Some(line), _) => {
                Some((line.first().copied(), u32::try_from(line.len()).unwrap_or(u32::MAX)))
            }
            (None, Score::Mate(p)) if p > 0 => Some((best.best, p.unsigned_abs())),
            _ => None,
        };
        let keeps_mate = match (next, after) {
            (Eval::Mate { winner, plies }, _) if winner == mover => Some(plies + 1),
            (_, Eval::Mate { winner, plies }) if winner == mover => Some(plies),
            _ => None,
        };
        let mates = match mate {
            Some((first, plies)) if first == Some(mv) => Some(plies),
            _ => keeps_mate,
        };
        let is_best = best.best == Some(mv) || (mate.is_some() && mates.is_some());
        let missed_mate = match mate {
            Some((_, plies)) if mates.is_none() => Some(plies),
            _ => None,
        };
        let loss = if is_best {
            0.0
        } else {
            ((before.chance_of(mover) - after.chance_of(mover)) * 100.0).max(0.0)
        };
        let mut mark = Mark::for_loss(loss);
        let mut grade = Grade::for_loss(loss);
        if missed_mate.is_some() {
            mark = mark.max(Some(Mark::Mistake));
            grade = grade.max(Some(Grade::Questionable));
        }
        MoveAnalysis {
            ply,
            mover,
            mv,
            position,
            last_to,
            before,
            after,
            best,
            reply,
            played,
            loss,
            mark,
            grade,
            is_best,
            missed_mate,
            mates,
        }
    }
}

impl MoveAnalysis {
    /// The engine's choice is worth naming: not the move played, and better for the mover
    /// than it (a shallower search may rate its choice below the move played).
    pub fn best_is_better(&self) -> bool {
        !self.is_best && self.before.better_for(self.after, self.mover)
    }

    /// The score of the position after the move, from Black's side, from its own search.
    pub fn position_after(&self) -> Eval {
        Eval::from_score(self.reply.score, !self.mover)
    }
}

/// The searches that judge one move (see [`MoveAnalysis::judge`]).
#[derive(Clone, Debug)]
pub struct Searches {
    pub best: PositionEval,
    pub played: Option<PositionEval>,
    pub reply: PositionEval,
}

/// A game analysed: every move judged, or those judged before the analysis was stopped.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// In the order of the game; after an interruption, the moves whose two positions were
    /// both searched (not always a prefix).
    pub moves: Vec<MoveAnalysis>,
    /// Moves in the game.
    pub total: usize,
    /// Stopped before the end.
    pub interrupted: bool,
}

/// What the analysis reports while it works, on the caller's thread.
#[derive(Debug)]
pub enum Progress<'a> {
    /// A position's search is done (`done` of `total` positions).
    Position { done: usize, total: usize },
    /// A move is judged, in the order of the game (the moves before it are all judged).
    Move(&'a MoveAnalysis),
    /// Nothing new for a while ([`TICK`]): a chance to look at the input and stop.
    Tick,
}

/// How often [`analyse`] reports [`Progress::Tick`] while the positions are searched.
pub const TICK: Duration = Duration::from_millis(100);

/// The game after its first `ply` moves.
fn game_at(game: &Game, ply: usize) -> Game {
    let mut g = Game::new(game.start().clone());
    g.rules = game.rules;
    for &m in &game.moves()[..ply] {
        g.play_unchecked(m);
    }
    g
}

/// Searches one position and tries the mate solver on it: the engine's choice ([`choice::choose`]).
pub fn evaluate(
    engine: &Engine,
    game: &Game,
    limits: &AnalysisLimits,
    stop: &AtomicBool,
) -> PositionEval {
    let choice::Choice { result, mate } =
        choice::choose(engine, game, &limits.search_limits(), limits.mate_nodes, stop);
    PositionEval { mate, ..PositionEval::from(result) }
}

/// Searches the game's position with only `mv` allowed, to `depth` (the depth the search of
/// the position reached): the move valued as the position's best move was, so that the two
/// can be compared.
pub fn evaluate_played(
    engine: &Engine,
    game: &Game,
    mv: Move,
    depth: u32,
    stop: &AtomicBool,
) -> PositionEval {
    let limits = SearchLimits { root_moves: Some(vec![mv]), ..SearchLimits::depth(depth.max(1)) };
    PositionEval::from(engine.search(game, &limits, stop, &mut |_| {}))
}

/// Analyses every move of `game`. `stop` ends it early (the moves judged so far are kept);
/// `on_progress` hears of each position searched and each move judged.
pub fn analyse(
    game: &Game,
    limits: &AnalysisLimits,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Analysis {
    let total_moves = game.moves().len();
    let positions = total_moves + 1;
    let workers = limits.workers.clamp(1, positions);
    let next = AtomicUsize::new(0);
    let mut evals: Vec<Option<(PositionEval, Option<PositionEval>)>> = vec![None; positions];
    let mut judged: Vec<Option<MoveAnalysis>> = vec![None; total_moves];
    let mut announced = 0;
    let mut done = 0;
    std::thread::scope(|scope| {
        let (tx, rx) = channel::<(usize, (PositionEval, Option<PositionEval>))>();
        for _ in 0..workers {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                let engine = Engine::new(EngineOptions {
                    hash_mib: WORKER_HASH_MIB,
                    threads: 1,
                    use_book: false,
                    ..EngineOptions::default()
                });
                loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= positions {
                        return;
                    }
                    let at = game_at(game, i);
                    let eval = evaluate(&engine, &at, limits, stop);
                    // The move played, valued as deeply as the best, where it is not the best.
                    let played = game
                        .moves()
                        .get(i)
                        .filter(|&&mv| eval.best != Some(mv))
                        .map(|&mv| evaluate_played(&engine, &at, mv, eval.depth, stop));
                    // A search cut short by the stop stands for nothing: left out.
                    if stop.load(Ordering::Relaxed) || tx.send((i, (eval, played))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        loop {
            let (i, eval) = match rx.recv_timeout(TICK) {
                Ok(got) => got,
                Err(RecvTimeoutError::Timeout) => {
                    on_progress(Progress::Tick);
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            };
            evals[i] = Some(eval);
            done += 1;
            on_progress(Progress::Position { done, total: positions });
            // The moves on either side of this position may now be judged.
            for m in [i.wrapping_sub(1), i] {
                if m < total_moves
                    && judged[m].is_none()
                    && let (Some((b, p)), Some((a, _))) = (&evals[m], &evals[m + 1])
                {
                    let g = game_at(game, m);
                    let last_to = m.checked_sub(1).map(|k| game.moves()[k].to());
                    let searches =
                        Searches { best: b.clone(), played: p.clone(), reply: a.clone() };
                    judged[m] = Some(MoveAnalysis::judge(
                        m + 1,
                        g.position().clone(),
                        last_to,
                        game.moves()[m],
                        searches,
                    ));
                }
            }
            while let Some(Some(ma)) = judged.get(announced) {
                on_progress(Progress::Move(ma));
                announced += 1;
            }
            // Once stopped, nothing more is taken in, not even a search a worker finished
            // before it saw the stop: what is kept is what was judged when the stop came.
            if stop.load(Ordering::Relaxed) {
                break;
            }
        }
    });
    let moves: Vec<MoveAnalysis> = judged.into_iter().flatten().collect();
    Analysis { interrupted: moves.len() < total_moves, moves, total: total_moves }
}

/// What one side did, in numbers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    pub moves: usize,
    pub average_loss: f64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    pub missed_mates: usize,
    /// The move of this side that cost the most (index into [`Analysis::moves`]), when one
    /// cost anything.
    pub turning_point: Option<usize>,
}

impl Analysis {
    /// One side's summary.
    pub fn summary(&self, side: Color) -> SideSummary {
        let mut s = SideSummary::default();
        let mut total = 0.0;
        let mut worst = 0.0;
        for (i, m) in self.moves.iter().enumerate().filter(|(_, m)| m.mover == side) {
            s.moves += 1;
            total += m.loss;
            match m.mark {
                Some(Mark::Inaccuracy) => s.inaccuracies += 1,
                Some(Mark::Mistake) => s.mistakes += 1,
                Some(Mark::Blunder) => s.blunders += 1,
                None => {}
            }
            s.missed_mates += usize::from(m.missed_mate.is_some());
            if m.loss > worst {
                worst = m.loss;
                s.turning_point = Some(i);
            }
        }
        if s.moves > 0 {
            s.average_loss = total / s.moves as f64;
        }
        s
    }
}
