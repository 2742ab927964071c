//! The engine facade: what every protocol front end calls. It knows nothing of protocols.
//!
//! It owns the transposition table, the opening book and the settings, and runs searches on
//! a thread of their own, reporting through a callback: [`EngineEvent::Info`] after each
//! iteration and [`EngineEvent::Done`] once, at the end. The front end keeps the game record
//! and decides what to do with the result.

pub mod bench;
pub mod clock;
pub mod resign;
pub mod strength;

use crate::book::Book;
use crate::eval::nnue::Network;
use crate::game::Game;
use crate::mate::{MateLimits, MateOutcome, MateReport};
use crate::rules::{Color, Move, Position};
use crate::search::{
    self, Clock, DEFAULT_MOVE_OVERHEAD, PonderHit, Score, SearchContext, SearchInfo, SearchLimits,
    SearchResult, TablePool, TranspositionTable, Tunable, Tuning,
};
use resign::ResignWatch;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Default transposition table size in MiB.
pub(crate) const DEFAULT_HASH_MIB: usize = 64;
/// Largest table accepted (MiB).
pub const MAX_HASH_MIB: usize = 65_536;
pub(crate) const MAX_THREADS: usize = 256;
/// Consecutive book misses after which the book is left for the rest of the game (as the
/// original does).
pub(crate) const BOOK_MISSES_ALLOWED: u32 = 20;

/// Settings a protocol may change between searches.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    pub hash_mib: usize,
    pub threads: usize,
    /// Draw score from the engine's view in centipawns (positive: avoid draws).
    pub contempt: i32,
    pub move_overhead: Duration,
    /// Use the transposition table at all (`-h` / `hash` turn it off).
    pub use_hash: bool,
    /// Play from the opening book when it has the position.
    pub use_book: bool,
    /// Seed for book choices (`None`: from the clock).
    pub seed: Option<u64>,
    /// How many best lines a search finds and reports, when its limits do not say.
    pub multipv: usize,
    /// Playing strength, 0 to [`strength::MAX_SKILL`] (full strength, the default).
    pub skill: u8,
    /// Play at the level of `elo` instead of `skill`.
    pub limit_strength: bool,
    /// The Elo to play at when `limit_strength` is on.
    pub elo: u32,
    /// Resign once searches see the game lost by this many centipawns ([`resign::NEVER`]:
    /// never, the default).
    pub resign_value: u32,
    /// A learned correction of the linear table to search with (the default: the built-in
    /// network; `None`: the table alone; USI's `EvalFile` and `UseNNUE`).
    pub network: Option<Arc<Network>>,
    /// The search's margins and reductions (USI's hidden tuning options; the default is the
    /// search as tuned by hand).
    pub tuning: Tuning,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mib: DEFAULT_HASH_MIB,
            threads: 1,
            contempt: 0,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            use_hash: true,
            use_book: true,
            seed: None,
            multipv: 1,
            skill: strength::MAX_SKILL,
            limit_strength: false,
            elo: strength::DEFAULT_ELO,
            resign_value: resign::NEVER,
            network: Some(Network::built_in()),
            tuning: Tuning::default(),
        }
    }
}

/// What a running search reports.
#[derive(Clone, Debug)]
pub enum EngineEvent {
    Info(SearchInfo),
    Done(SearchResult),
    /// The mate solver's report (its callback sends it where it is wanted).
    Mate(MateReport),
}

/// Work on a thread of its own that can be asked to stop: a search or a mate solve.
struct StoppableThread<T> {
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<T>>,
}

impl<T> StoppableThread<T> {
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    fn is_finished(&self) -> bool {
        self.handle.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Its answer, `None` if the thread panicked (or was already waited for).
    fn wait(&mut self) -> Option<T> {
        self.handle.take().and_then(|t| t.join().ok())
    }
}

/// A search running on its own thread.
pub struct SearchHandle {
    thread: StoppableThread<SearchResult>,
    ponderhit: Arc<PonderHit>,
}

impl SearchHandle {
    /// Asks the search to stop; it still reports `Done` with its best move so far.
    pub fn stop(&self) {
        self.thread.stop();
    }

    /// The predicted move was played: a ponder search becomes a timed one, on `clock` when
    /// given (else on the clock it started with).
    pub fn ponderhit(&self, clock: Option<Clock>) {
        self.ponderhit.hit(clock);
    }

    pub fn is_finished(&self) -> bool {
        self.thread.is_finished()
    }

    /// Waits for the search to end and returns its result.
    pub fn wait(mut self) -> Option<SearchResult> {
        self.thread.wait()
    }

    /// Stops the search and waits for it.
    pub fn abort(self) -> Option<SearchResult> {
        self.stop();
        self.wait()
    }
}

impl Drop for SearchHandle {
    /// Joined as well as stopped: the next search must not run beside this one.
    fn drop(&mut self) {
        self.thread.stop();
        let _ = self.thread.wait();
    }
}

/// A mate solve running on its own thread. Dropping it asks the solver to stop without
/// waiting: it keeps nothing the next search needs.
pub struct MateHandle {
    thread: StoppableThread<MateReport>,
}

impl MateHandle {
    /// Asks the solver to stop; it answers with what it has (a timeout, or a mate found).
    pub fn stop(&self) {
        self.thread.stop();
    }

    pub fn is_finished(&self) -> bool {
        self.thread.is_finished()
    }
}

impl Drop for MateHandle {
    fn drop(&mut self) {
        self.thread.stop();
    }
}

/// The mate solver's answer as a search result (`best: None` when it found no mate).
pub fn mate_result(report: &MateReport) -> SearchResult {
    let (best, ponder, pv, score) = match &report.outcome {
        MateOutcome::Mate(line) => {
            let plies = i32::try_from(line.len()).unwrap_or(i32::MAX);
            (line.first().copied(), line.get(1).copied(), line.clone(), Score::Mate(plies))
        }
        MateOutcome::NoMate | MateOutcome::Timeout => (None, None, Vec::new(), Score::Cp(0)),
    };
    SearchResult {
        best,
        ponder,
        score,
        depth: u32::try_from(pv.len()).unwrap_or(0),
        nodes: report.nodes,
        time: report.time,
        pv,
        book: false,
        lines: Vec::new(),
    }
}

/// The engine: settings, table, book.
pub struct Engine {
    options: EngineOptions,
    /// Zeroing a big table takes a while, so it is built on a thread of its own and the engine
    /// answers at once; the first search waits for it if it is not ready yet.
    tt: BackgroundTable,
    tables: Arc<TablePool>,
    book: Option<Arc<Book>>,
    book_misses: u32,
    rng_state: u64,
    resign: ResignWatch,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(EngineOptions::default())
    }
}

/// The largest table this machine can hold: three quarters of its memory (MemTotal in
/// /proc/meminfo), at most [`MAX_HASH_MIB`]. A bigger one would be refused (an abort) or,
/// overcommitted, get the program (or another) killed once the table is zeroed.
pub fn hash_limit_mib() -> usize {
    let total_kib = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        let line = m.lines().find(|l| l.starts_with("MemTotal:"))?;
        line.split_whitespace().nth(1)?.parse::<usize>().ok()
    });
    total_kib.map_or(MAX_HASH_MIB, |k| (k / 1024 * 3 / 4).clamp(1, MAX_HASH_MIB))
}

/// The cores this machine has (1 if it cannot tell): the threads `--analyse`, `--mate` and the
/// text mode's `analyse` use unless told.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Engine {
    pub fn new(mut options: EngineOptions) -> Engine {
        options.hash_mib = options.hash_mib.clamp(1, hash_limit_mib());
        let tt = BackgroundTable::build(options.hash_mib);
        let seed = options.seed.unwrap_or_else(clock_seed);
        Engine {
            options,
            tt,
            tables: Arc::new(TablePool::default()),
            book: Some(Arc::new(Book::builtin())),
            book_misses: 0,
            rng_state: seed | 1,
            resign: ResignWatch::default(),
        }
    }

    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Resizes the table (clearing it). Takes effect for the next search. Returns the size
    /// taken: at most [`hash_limit_mib`].
    pub fn set_hash_mib(&mut self, mib: usize) -> usize {
        let mib = mib.clamp(1, hash_limit_mib());
        if mib == self.options.hash_mib {
            // A GUI sends the size it was told at every start: building the same table again
            // would only delay the first search.
            self.clear_table();
            return mib;
        }
        self.options.hash_mib = mib;
        // The old table is dropped here, and its builder, if still zeroing it, stops.
        self.tt = BackgroundTable::build(mib);
        mib
    }

    /// Waits until the table, built in the background, is ready: a search started after this
    /// spends none of its time waiting for it (USI `isready`).
    pub fn wait_ready(&self) {
        if self.options.use_hash {
            self.tt.wait();
        }
    }

    fn clear_table(&self) {
        if let Some(tt) = self.tt.get() {
            tt.clear();
        }
    }

    pub fn set_threads(&mut self, n: usize) {
        self.options.threads = n.clamp(1, MAX_THREADS);
    }

    /// Sets one of the search's margins or reductions, brought into its range.
    pub fn set_tuning(&mut self, t: Tunable, value: i32) {
        self.options.tuning.set(t, value);
    }

    pub fn set_contempt(&mut self, cp: i32) {
        self.options.contempt = cp.clamp(-1000, 1000);
    }

    pub fn set_move_overhead(&mut self, d: Duration) {
        self.options.move_overhead = d.min(Duration::from_secs(5));
    }

    /// Lines a search finds (MultiPV), from 1 to [`search::MAX_MULTIPV`].
    pub fn set_multipv(&mut self, lines: usize) {
        self.options.multipv = lines.clamp(1, search::MAX_MULTIPV);
    }

    /// Playing strength (`Skill Level`), 0 to [`strength::MAX_SKILL`] (full strength);
    /// higher values are taken as full strength.
    pub fn set_skill_level(&mut self, skill: u8) {
        self.options.skill = skill.min(strength::MAX_SKILL);
    }

    /// Play at the Elo set with [`Engine::set_elo`] instead of the skill level.
    pub fn set_limit_strength(&mut self, on: bool) {
        self.options.limit_strength = on;
    }

    /// The Elo to play at when strength is limited, kept within
    /// [`strength::MIN_ELO`]..=[`strength::MAX_ELO`].
    pub fn set_elo(&mut self, elo: u32) {
        self.options.elo = elo.clamp(strength::MIN_ELO, strength::MAX_ELO);
    }

    /// The one call a menu needs: play at this level (0 to [`strength::MAX_SKILL`]), the Elo
    /// setting no longer in force.
    pub fn set_strength(&mut self, skill: u8) {
        self.set_skill_level(skill);
        self.options.limit_strength = false;
    }

    /// The level in force: the Elo's when strength is limited, else the skill level.
    pub fn strength(&self) -> u8 {
        if self.options.limit_strength {
            strength::skill_for_elo(self.options.elo)
        } else {
            self.options.skill
        }
    }

    /// The limits with the engine's MultiPV filled in where they leave it open.
    fn with_lines(&self, mut limits: SearchLimits) -> SearchLimits {
        if limits.multipv == 0 {
            limits.multipv = self.options.multipv;
        }
        limits
    }

    pub fn set_use_hash(&mut self, on: bool) {
        self.options.use_hash = on;
    }

    pub fn set_use_book(&mut self, on: bool) {
        self.options.use_book = on;
    }

    /// Replaces the opening book (`None`: no book at all).
    pub fn set_book(&mut self, book: Option<Book>) {
        self.book = book.map(Arc::new);
    }

    pub fn book(&self) -> Option<&Book> {
        self.book.as_deref()
    }

    /// Searches from now on with `network` correcting the linear table (`None`: the table
    /// alone). The cached evaluations and the table (which keeps evaluations too) are
    /// dropped: they were made by the evaluation before.
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        self.options.network = network;
        self.tables = Arc::new(TablePool::default());
        self.clear_table();
    }

    /// Reseeds the random choices (book moves).
    pub fn set_seed(&mut self, seed: u64) {
        self.options.seed = Some(seed);
        self.rng_state = seed | 1;
    }

    /// Forgets what was learnt in the last game: table and book-miss count.
    pub fn new_game(&mut self) {
        self.clear_table();
        self.tables.clear();
        self.book_misses = 0;
        self.resign.clear();
    }

    /// The resign value in centipawns, from [`resign::MIN_VALUE`] to [`resign::NEVER`]
    /// (never resign).
    pub fn set_resign_value(&mut self, value: u32) {
        self.options.resign_value = value.clamp(resign::MIN_VALUE, resign::NEVER);
    }

    /// Takes `side`'s search result before its move is played: true when the engine should
    /// resign instead (see [`resign`]).
    pub fn should_resign(&mut self, side: Color, result: &SearchResult) -> bool {
        let value = self.options.resign_value;
        self.resign.should_resign(value, side, result.score, result.book)
    }

    fn next_random(&mut self) -> u64 {
        xorshift(&mut self.rng_state)
    }

    /// A book move for the current position, with the book's expected reply, if the book is
    /// on, the game began from the start position, and the book has not been left.
    pub(crate) fn book_move(&mut self, game: &Game) -> Option<(Move, Option<Move>)> {
        if !self.options.use_book
            || self.book_misses >= BOOK_MISSES_ALLOWED
            || !game.is_regular_start()
        {
            return None;
        }
        let book = self.book.clone()?;
        let r = self.next_random();
        match book.choose(game.position(), r) {
            Some(choice) => {
                self.book_misses = 0;
                Some(choice)
            }
            None => {
                self.book_misses += 1;
                None
            }
        }
    }

    /// The book's most played move in the current position, if the book is on and the game
    /// began from the start position: what a hint offers in the opening. Unlike
    /// `book_move` it draws no lot and leaves the book's state alone.
    pub fn book_hint(&self, game: &Game) -> Option<Move> {
        if !self.options.use_book || !game.is_regular_start() {
            return None;
        }
        self.book.as_ref()?.most_played(game.position())
    }

    /// Stops using the book for the rest of this game (the original does this after `undo`).
    pub fn leave_book(&mut self) {
        self.book_misses = BOOK_MISSES_ALLOWED;
    }

    fn table(&self) -> Arc<TranspositionTable> {
        if self.options.use_hash {
            let mib = self.options.hash_mib;
            Arc::clone(self.tt.get_or_init(|| Arc::new(TranspositionTable::new(mib))))
        } else {
            // A tiny private table: effectively no memory of earlier searches.
            Arc::new(TranspositionTable::new(1))
        }
    }

    /// Starts a search of the game's current position on a new thread. A book move, when
    /// there is one and the limits are not analysis, pondering or several lines, is answered
    /// at once.
    pub fn start(
        &mut self,
        game: &Game,
        limits: SearchLimits,
        mut on_event: impl FnMut(EngineEvent) + Send + 'static,
    ) -> SearchHandle {
        // The clock runs from here, the table's making included (it may still be under way).
        let asked = Instant::now();
        let limits = self.with_lines(limits);
        let stop = Arc::new(AtomicBool::new(false));
        let ponderhit = Arc::new(PonderHit::default());
        let book = if limits.infinite
            || limits.ponder
            || limits.root_moves.is_some()
            || limits.multipv > 1
        {
            None
        } else {
            self.book_move(game)
        };
        if let Some((mv, hint)) = book {
            let result = book_result(mv, hint);
            let thread = std::thread::spawn(move || {
                on_event(EngineEvent::Done(result.clone()));
                result
            });
            return SearchHandle {
                thread: StoppableThread { stop, handle: Some(thread) },
                ponderhit,
            };
        }
        // Analysis stays at full strength; a level below it plays weaker moves, one thread
        // so that its choices depend on the seed alone.
        let level = if limits.infinite { None } else { strength::level(self.strength()) };
        // The extra lines a level searches to choose among are not reported.
        let shown = u32::try_from(limits.multipv.max(1)).unwrap_or(u32::MAX);
        let (limits, threads) = match &level {
            Some(l) => (strength::limit(l, limits), 1),
            None => (limits, self.options.threads),
        };
        // Drawn only for a weaker level: at full strength the book's choices stay as they were.
        let mut pick_state = if level.is_some() { self.next_random() | 1 } else { 1 };
        let tt = self.table();
        let tables = Arc::clone(&self.tables);
        let options = self.options.clone();
        let game = game.clone();
        let (s, p) = (Arc::clone(&stop), Arc::clone(&ponderhit));
        let thread = std::thread::spawn(move || {
            let ctx = SearchContext {
                tt: &tt,
                stop: &s,
                ponderhit: &p,
                threads,
                contempt: options.contempt,
                move_overhead: options.move_overhead,
                tables: &tables,
                entering_king: game.rules.entering_king,
                network: options.network.as_deref(),
                clock_start: asked,
                tuning: options.tuning,
            };
            let mut result = search::think(&game, &limits, &ctx, &mut |info| {
                if info.multipv <= shown {
                    on_event(EngineEvent::Info(info.clone()));
                }
            });
            if let Some(l) = &level {
                result = strength::pick(l, result, || xorshift(&mut pick_state));
            }
            on_event(EngineEvent::Done(result.clone()));
            result
        });
        SearchHandle { thread: StoppableThread { stop, handle: Some(thread) }, ponderhit }
    }

    /// Searches on the calling thread (bench, tests, simple front ends). No book.
    pub fn search(
        &self,
        game: &Game,
        limits: &SearchLimits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let asked = Instant::now();
        let tt = self.table();
        let ponderhit = PonderHit::default();
        let ctx = SearchContext {
            tt: &tt,
            stop,
            ponderhit: &ponderhit,
            threads: self.options.threads,
            contempt: self.options.contempt,
            move_overhead: self.options.move_overhead,
            tables: &self.tables,
            entering_king: game.rules.entering_king,
            network: self.options.network.as_deref(),
            clock_start: asked,
            tuning: self.options.tuning,
        };
        search::think(game, &self.with_lines(limits.clone()), &ctx, on_info)
    }

    /// Starts the mate solver (checks only) on `pos` on a new thread; `on_report` is called on
    /// that thread with the report when the solver ends. It may use the engine's threads where
    /// the limits name none.
    pub fn start_mate(
        &self,
        pos: &Position,
        limits: MateLimits,
        on_report: impl FnOnce(&MateReport) + Send + 'static,
    ) -> MateHandle {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let pos = pos.clone();
        let limits =
            MateLimits { threads: limits.threads.or(Some(self.options.threads)), ..limits };
        let thread = std::thread::spawn(move || {
            let report = crate::mate::solve(&pos, &limits, &flag);
            on_report(&report);
            report
        });
        MateHandle { thread: StoppableThread { stop, handle: Some(thread) } }
    }

    /// The longest a search under `limits` will run with this engine's move overhead (`None`:
    /// until stopped), for front ends that watch a search on the clock.
    pub fn hard_limit(&self, limits: &SearchLimits) -> Option<Duration> {
        search::time::hard_limit(limits, self.options.move_overhead)
    }

    /// The move the engine expects (or would play) in `pos`, from the table.
    pub fn hint(&self, pos: &Position) -> Option<Move> {
        self.tt.get()?.probe(pos.key()).and_then(|e| e.mv).filter(|&m| pos.is_legal(m))
    }
}

/// A transposition table built on a thread of its own. The thread is joined when the table
/// is dropped (replaced, or the engine dropped), so that none outlives its engine: it stops
/// zeroing a table nobody holds any more, and its allocation is freed before the drop ends.
struct BackgroundTable {
    cell: Arc<OnceLock<Arc<TranspositionTable>>>,
    builder: Option<JoinHandle<()>>,
}

impl BackgroundTable {
    fn build(mib: usize) -> BackgroundTable {
        let cell: Arc<OnceLock<Arc<TranspositionTable>>> = Arc::new(OnceLock::new());
        let c = Arc::clone(&cell);
        let builder = std::thread::spawn(move || {
            // Built while the engine holds it: replaced (`memory` twice in a row) or dropped,
            // it stops taking memory.
            let wanted = || Arc::strong_count(&c) > 1;
            c.get_or_init(|| Arc::new(TranspositionTable::build(mib, wanted)));
        });
        BackgroundTable { cell, builder: Some(builder) }
    }
}

impl std::ops::Deref for BackgroundTable {
    type Target = OnceLock<Arc<TranspositionTable>>;

    fn deref(&self) -> &Self::Target {
        &self.cell
    }
}

impl Drop for BackgroundTable {
    fn drop(&mut self) {
        // Let go of the cell first: the builder sees it unwanted and stops within a chunk.
        self.cell = Arc::new(OnceLock::new());
        if let Some(builder) = self.builder.take() {
            let _ = builder.join();
        }
    }
}

fn book_result(mv: Move, hint: Option<Move>) -> SearchResult {
    SearchResult {
        ponder: hint,
        pv: std::iter::once(mv).chain(hint).collect(),
        book: true,
        ..SearchResult::bare(Some(mv), Duration::ZERO)
    }
}

/// xorshift64*: the engine's random choices (book moves, weaker levels' moves).
fn xorshift(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    x.wrapping_mul(0x2545_f491_4f6c_dd1d)
}

fn clock_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0x1234_5678, |d| d.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_table_builder_outlives_its_table() {
        // A table big enough to be still zeroing when it is dropped (the builder gives up
        // after its current 64 MiB chunk), and one dropped after it was built.
        for (mib, wait) in [(4096, false), (1, true)] {
            let table = BackgroundTable::build(mib);
            if wait {
                table.wait();
            }
            let cell = Arc::downgrade(&table.cell);
            drop(table);
            assert!(cell.upgrade().is_none(), "the builder of {mib} MiB still holds its table");
        }
    }

    #[test]
    fn ready_means_the_table_is_built() {
        let mut engine = Engine::new(EngineOptions { hash_mib: 32, ..EngineOptions::default() });
        engine.wait_ready();
        assert!(engine.tt.get().is_some());
        // The same size again keeps the table: nothing to wait for.
        let table = engine.table();
        engine.set_hash_mib(32);
        assert!(Arc::ptr_eq(&table, &engine.table()));
        engine.set_hash_mib(1);
        assert!(!Arc::ptr_eq(&table, &engine.table()));
    }
}
