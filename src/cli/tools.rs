//! The one-shot tools of the command line (`--perft`, `--bench`, `--make-book`)
//! and the book of `-b`/`-B`: the options read, the library called, the answer printed.
//! Errors go to stderr with exit status 2.

use super::args::Cli;
use crate::book::make::{self, BookSource, MakeBookEvent, MakeBookJob, MakeOptions};
use crate::book::{Book, BookLoadError, DEFAULT_MAX_PLY};
use crate::engine::bench::{self, nodes_per_second};
use crate::notation::parse_sfen;
use crate::notation::score::{self, Bound};
use crate::rules::Position;
use anyhow::Context;
use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The engine with the settings of the command line.
pub(crate) fn build_engine(cli: &Cli) -> anyhow::Result<crate::engine::Engine> {
    use crate::engine::{Engine, EngineOptions};
    let mut options = EngineOptions::default();
    if let Some(mib) = cli.hash_size {
        if mib == 0 || mib > crate::engine::MAX_HASH_MIB {
            anyhow::bail!(
                "-T: hash size must be 1..={} MiB, not {mib}",
                crate::engine::MAX_HASH_MIB
            );
        }
        options.hash_mib = mib;
    }
    options.use_hash = !cli.no_hash || cli.hash_on;
    options.seed = cli.seed;
    let (book, warnings) = load_book(cli).context("book")?;
    print_warnings(&warnings);
    let mut engine = Engine::new(options);
    engine.set_book(Some(book));
    Ok(engine)
}

/// Deepest `--perft`: deeper would run for days.
const MAX_PERFT_DEPTH: u32 = 12;

/// `gnushogi: MESSAGE` on stderr, and exit status 2.
pub(super) fn refuse(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("gnushogi: {message}");
    ExitCode::from(2)
}

/// `--sfen SFEN`, or the start position without it.
fn position(sfen: Option<&str>) -> Result<Position, ExitCode> {
    match sfen {
        None => Ok(Position::startpos()),
        Some(s) => parse_sfen(s).map_err(|e| refuse(format_args!("--sfen: {e}"))),
    }
}

/// `--perft DEPTH [--sfen SFEN] [--divide]`: prints `MOVE: COUNT` lines with `--divide`, and
/// always `nodes N time MS nps R` last.
pub fn perft(depth: u32, sfen: Option<&str>, divide: bool, out: &mut dyn Write) -> ExitCode {
    if depth == 0 || depth > MAX_PERFT_DEPTH {
        return refuse(format_args!("--perft: depth must be 1..={MAX_PERFT_DEPTH}, not {depth}"));
    }
    let pos = match position(sfen) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let start = Instant::now();
    let nodes = if divide {
        let mut total = 0;
        for (m, n) in crate::rules::divide(&pos, depth) {
            total += n;
            if writeln!(out, "{m}: {n}").is_err() {
                return ExitCode::SUCCESS;
            }
        }
        total
    } else {
        crate::rules::perft(&pos, depth)
    };
    let elapsed = start.elapsed();
    let _ = writeln!(
        out,
        "nodes {nodes} time {} nps {}",
        elapsed.as_millis(),
        nodes_per_second(nodes, elapsed)
    );
    ExitCode::SUCCESS
}

/// `--bench [--bench-depth DEPTH]`: one line per position as it is searched, then
/// `nodes N time MS nps R`.
pub fn bench(depth: Option<u32>, out: &mut dyn Write) -> ExitCode {
    let depth = depth.unwrap_or(bench::DEFAULT_DEPTH).clamp(1, 64);
    // A reader that has gone (a broken pipe) ends the bench.
    let mut gone = false;
    let report = bench::run(depth, &mut |p| {
        let best = p.best.map_or("none".to_string(), |m| m.to_string());
        let score = score::format_usi(p.score, Bound::Exact);
        let line = format!("position {:2} best {best} score {score} nodes {}", p.number, p.nodes);
        gone = writeln!(out, "{line}").is_err();
        if gone { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    if !gone {
        let _ = writeln!(
            out,
            "nodes {} time {} nps {}",
            report.nodes,
            report.time.as_millis(),
            report.nps()
        );
    }
    ExitCode::SUCCESS
}

/// The book the command line asks for: `-B FILE` (compiled), `-b FILE` (text or compiled),
/// or the built-in one; `-P` limits the plies read. The warnings are a text book's.
pub fn load_book(cli: &Cli) -> Result<(Book, Vec<String>), BookLoadError> {
    let max_ply = cli.book_plies.map_or(DEFAULT_MAX_PLY, |p| p as usize);
    Book::load(cli.book.as_deref(), cli.binary_book.as_deref(), max_ply)
}

/// Prints at most a screenful of warnings on stderr.
pub(crate) fn print_warnings(warnings: &[String]) {
    const SHOWN: usize = 20;
    for w in warnings.iter().take(SHOWN) {
        eprintln!("gnushogi: {w}");
    }
    if warnings.len() > SHOWN {
        eprintln!("gnushogi: ... and {} more", warnings.len() - SHOWN);
    }
}

/// `gnushogi --make-book`, either from game records (`--from FILE...`, writing the text
/// to `--book-out FILE` or standard output, and a compiled book to `-B FILE`), or from a
/// text book (`-b FILE -B FILE`: compiles it).
pub fn make_book(cli: &Cli) -> ExitCode {
    match make_book_inner(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => refuse(format_args!("--make-book: {e:#}")),
    }
}

/// The job the options describe, or why they describe none.
fn make_book_job(cli: &Cli) -> anyhow::Result<MakeBookJob> {
    use anyhow::bail;
    let max_depth = cli.book_plies.map_or(DEFAULT_MAX_PLY, |p| p as usize);
    let min_count = cli.min_count.unwrap_or(make::DEFAULT_MIN_COUNT);
    if max_depth == 0 || min_count == 0 {
        bail!("--max-depth and --min-count must be at least 1");
    }
    let source = match (&cli.book, cli.records.is_empty()) {
        (Some(_), false) => bail!("give game records (--from) or a text book (-b), not both"),
        (None, true) => bail!("no input: --from FILE... (game records) or -b FILE (a text book)"),
        (Some(text), true) => {
            let Some(out) = &cli.binary_book else {
                bail!("with -b, --make-book compiles the text book: say where with -B FILE");
            };
            if out == text {
                bail!("-B must name another file than -b");
            }
            if cli.book_out.is_some() {
                bail!("--book-out writes books made from game records (--from)");
            }
            BookSource::Text(text.clone())
        }
        (None, false) => {
            if cli.book_out.is_some() && cli.book_out == cli.binary_book {
                bail!("--book-out and -B must name different files");
            }
            BookSource::Records(cli.records.clone())
        }
    };
    Ok(MakeBookJob {
        source,
        text_out: cli.book_out.clone(),
        compiled_out: cli.binary_book.clone(),
        options: MakeOptions { min_count, max_depth },
    })
}

fn make_book_inner(cli: &Cli) -> anyhow::Result<()> {
    let job = make_book_job(cli)?;
    let mut progress: Option<Progress> = None;
    let report = make::run(&job, &mut |event| match event {
        MakeBookEvent::StepStarted { label, total } => progress = Some(Progress::new(label, total)),
        MakeBookEvent::StepAdvanced(n) => {
            if let Some(p) = &mut progress {
                p.advance(n);
            }
        }
        MakeBookEvent::StepFinished => {
            if let Some(p) = progress.take() {
                p.finish();
            }
        }
        MakeBookEvent::Warnings(w) => print_warnings(w),
        MakeBookEvent::TextBookRead { path, lines, positions, moves } => eprintln!(
            "{}: {lines} lines of play, {positions} positions, {moves} moves",
            path.display()
        ),
        MakeBookEvent::BookMade { games, left_out, lines, positions, moves } => eprintln!(
            "{games} games read ({left_out} left out); book: {lines} lines of play, \
             {positions} positions, {moves} moves"
        ),
    })?;
    // The text goes to standard output only when no file was named for any book.
    if let Some(text) = &report.text
        && job.compiled_out.is_none()
    {
        match std::io::stdout().write_all(text.as_bytes()) {
            // The reader has gone (`| head`): nothing more to say.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            r => r?,
        }
    }
    if let Some(c) = &report.compiled {
        eprintln!(
            "{}: {} positions, {} moves, {} bytes",
            c.path.display(),
            c.positions,
            c.moves,
            c.bytes
        );
    }
    Ok(())
}

/// Shows how far a long job is, on stderr, when stderr is a terminal.
struct Progress {
    label: &'static str,
    total: usize,
    done: usize,
    enabled: bool,
    started: Instant,
    drawn: Option<Instant>,
}

impl Progress {
    fn new(label: &'static str, total: usize) -> Progress {
        Progress {
            label,
            total,
            done: 0,
            enabled: std::io::stderr().is_terminal(),
            started: Instant::now(),
            drawn: None,
        }
    }

    fn advance(&mut self, n: usize) {
        self.done += n;
        if !self.enabled || self.started.elapsed() < Duration::from_millis(300) {
            return;
        }
        if self.drawn.is_some_and(|t| t.elapsed() < Duration::from_millis(100)) {
            return;
        }
        self.draw();
    }

    fn draw(&mut self) {
        self.drawn = Some(Instant::now());
        const WIDTH: usize = 30;
        let filled = (self.done * WIDTH).checked_div(self.total).unwrap_or(0).min(WIDTH);
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r{} [{}{}] {}/{}",
            self.label,
            "#".repeat(filled),
            " ".repeat(WIDTH - filled),
            self.done,
            self.total
        );
        let _ = err.flush();
    }

    /// Shows the bar full (if it was shown at all) and ends its line.
    fn finish(mut self) {
        if self.drawn.is_some() {
            self.done = self.total;
            self.draw();
            eprintln!();
        }
    }
}
