//! `--analyse RECORD`: the analysis of a whole game from the command line. It prints a line
//! a move as the moves are judged and a summary for each side, writes the annotated record
//! (`--out`) and the graph (`--graph`), and shows a progress bar when stderr is a terminal.
//! Ctrl-C stops it with what it has (written and summarised); a second one ends it at once.

use super::args::Cli;
use crate::analysis::{self, AnalysisLimits, Progress, annotate, graph, report};
use crate::files::record::{self, Format, Record};
use clap::CommandFactory;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The exit status after Ctrl-C (128 + SIGINT, as shells report it).
pub const INTERRUPTED: u8 = 130;

/// Prints a line; a reader that has gone is no reason to stop the analysis.
fn say(bar: &ProgressBar, text: &str) {
    bar.suspend(|| drop(writeln!(std::io::stdout(), "{text}")));
}

fn limits(cli: &Cli) -> Result<AnalysisLimits, clap::Error> {
    let mut limits = match (cli.depth, cli.time) {
        (Some(d), _) => AnalysisLimits::depth(d),
        (None, Some(t)) if t.is_finite() && t > 0.0 && t <= 86_400.0 => {
            AnalysisLimits::time(Duration::from_secs_f64(t))
        }
        (None, Some(t)) => {
            return Err(Cli::command().error(
                clap::error::ErrorKind::ValueValidation,
                format!("invalid value '{t}' for '--time <SECONDS>': must be more than 0 and at most 86400 seconds"),
            ));
        }
        (None, None) => AnalysisLimits::depth(AnalysisLimits::DEFAULT_DEPTH),
    };
    limits.workers = cli.threads_or_cores();
    Ok(limits)
}

/// Writes the record with its comments, in the format its name asks for (checked before).
fn write_record(record: &Record, path: &Path, format: Format) -> Result<(), String> {
    crate::files::write_atomic(path, record::write(record, format))
        .map_err(|e| format!("{}: {e}", path.display()))
}

pub fn run(cli: &Cli, path: &Path) -> ExitCode {
    let limits = match limits(cli) {
        Ok(l) => l,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(2);
        }
    };
    // A name that says no format is refused before the work, not after it.
    let out_format = match &cli.out {
        None => None,
        Some(out) => match Format::from_path(out) {
            Some(f) => Some(f),
            None => {
                let _ = Cli::command()
                    .error(
                        clap::error::ErrorKind::ValueValidation,
                        format!(
                            "invalid value '{}' for '--out <FILE>': the name must end in .kif, \
                             .kifu, .csa or .usi",
                            out.display()
                        ),
                    )
                    .print();
                return ExitCode::from(2);
            }
        },
    };
    // Every output can be written, or the work would be lost at its end.
    for (option, file) in [("--out", &cli.out), ("--graph", &cli.graph)] {
        if let Some(file) = file
            && let Err(e) = crate::files::check_writable(file)
        {
            eprintln!("gnushogi: {option}: {}: {e}", file.display());
            return ExitCode::from(1);
        }
    }
    let record = match analysis::input::read_record(path) {
        Ok((r, warnings)) => {
            for w in warnings {
                eprintln!("gnushogi: --analyse: warning: {w}");
            }
            r
        }
        Err(e) => {
            eprintln!("gnushogi: --analyse: {e}");
            return ExitCode::from(1);
        }
    };
    if record.moves.is_empty() {
        eprintln!("gnushogi: --analyse: {}: the record has no moves", path.display());
        return ExitCode::from(1);
    }
    // Ctrl-C sets `stop`; a second one, with `stop` already set, ends the program at once.
    let stop = Arc::new(AtomicBool::new(false));
    if let Err(e) = crate::protocol::signals::interrupt_as_flag(&stop, INTERRUPTED) {
        eprintln!("gnushogi: --analyse: cannot catch Ctrl-C ({e}); it will end the analysis");
    }
    let game = record.game();
    let plies = game.moves().len();
    let how = match (limits.depth, limits.time) {
        (Some(d), _) => format!("depth {d}"),
        (None, Some(t)) => format!("{} s a position", t.as_secs_f64()),
        (None, None) => String::new(),
    };
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(plies as u64 + 1);
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} positions, {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    say(
        &bar,
        &format!(
            "Analysing {plies} moves of {} ({how}, {} {})",
            path.display(),
            limits.workers,
            if limits.workers == 1 { "thread" } else { "threads" }
        ),
    );
    for line in report::HEADING {
        say(&bar, line);
    }
    let started = Instant::now();
    let result = analysis::analyse(&game, &limits, &stop, &mut |p| match p {
        Progress::Position { done, .. } => bar.set_position(done as u64),
        Progress::Tick => bar.tick(),
        Progress::Move(m) => {
            for line in report::move_lines(m) {
                say(&bar, &line);
            }
        }
    });
    bar.finish_and_clear();
    let mut status = ExitCode::SUCCESS;
    if stop.load(Ordering::Relaxed) {
        say(&bar, "Interrupted (Ctrl-C): keeping the moves analysed so far.");
        status = ExitCode::from(INTERRUPTED);
    }
    if let (Some(out), Some(format)) = (&cli.out, out_format) {
        let mut annotated = record.clone();
        annotate::annotate(&mut annotated, &result);
        match write_record(&annotated, out, format) {
            Ok(()) => say(&bar, &format!("Annotated record written to {}", out.display())),
            Err(e) => {
                eprintln!("gnushogi: --out: {e}");
                status = ExitCode::from(1);
            }
        }
    }
    if let Some(file) = &cli.graph {
        let name = path
            .file_name()
            .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        let title = format!("GNU Shogi analysis of {name}");
        let written = graph::svg(&result, &title)
            .and_then(|svg| crate::files::write_atomic(file, svg).map_err(|e| e.to_string()));
        match written {
            Ok(()) => say(&bar, &format!("Graph written to {}", file.display())),
            Err(e) => {
                eprintln!("gnushogi: --graph: {}: {e}", file.display());
                status = ExitCode::from(1);
            }
        }
    }
    for line in report::summary_lines(&result) {
        say(&bar, &line);
    }
    say(&bar, &format!("Analysed in {:.1} s", started.elapsed().as_secs_f64()));
    status
}
