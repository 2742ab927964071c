//! `--mate`: a mate problem solved from the command line. The problem is `--sfen`'s position
//! or a record's (a KIF with its board diagram, a BOD diagram, CSA or USI) after its last
//! move or `--ply N`; the answer is printed as USI's `go mate` gives it, with the line in
//! Japanese notation, and `--out` writes the problem and its solution as a record.

use super::args::Cli;
use super::tools::refuse;
use crate::analysis::input::read_problem;
use crate::files::record::{self, Format, Headers, Record, RecordMove};
use crate::game::{Outcome, WinReason};
use crate::mate::{MateLimits, MateOutcome, MatePhase, MateProgress, MateReport, MateRules};
use crate::notation::parse_sfen;
use crate::rules::{Move, MoveList, Position};
use clap::CommandFactory;
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The proof table of `--mate` when `-T` names no size: long problems need much more than a
/// game's mate checks.
const MATE_TABLE_MIB: usize = 1024;

/// `--mate [RECORD] [--sfen SFEN] [--ply N] [--time SECONDS] [--out FILE]`.
pub fn run(cli: &Cli) -> ExitCode {
    let pos = match problem(cli) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let out = match out_file(cli) {
        Ok(o) => o,
        Err(code) => return code,
    };
    if let Some(mated) = mated_side(&pos) {
        // A record that ends in mate: nothing to solve, and nothing else to write.
        println!("info string {mated} is checkmated: the position is mate already");
        println!("mated");
        return ExitCode::SUCCESS;
    }
    let limits = MateLimits {
        time: cli.time.filter(|t| t.is_finite() && *t > 0.0).map(Duration::from_secs_f64),
        rules: MateRules::Tsume,
        table_mib: Some(cli.hash_size.unwrap_or(MATE_TABLE_MIB)),
        threads: Some(cli.threads_or_cores()),
        ..MateLimits::default()
    };
    let terminal = std::io::stderr().is_terminal();
    let mut shown = false;
    let mut on_progress = |p: &MateProgress| {
        if terminal {
            eprint!("\r\x1b[K{}", progress_text(p));
            shown = true;
        }
    };
    let report = crate::mate::solve_with(&pos, &limits, &AtomicBool::new(false), &mut on_progress);
    if shown {
        eprint!("\r\x1b[K");
    }
    println!("info time {} nodes {}", report.time.as_millis(), report.nodes);
    let info = crate::mate::mate_info(&pos, &report);
    match report.outcome {
        MateOutcome::Mate(ref line) => {
            for text in &info {
                println!("info string {text}");
            }
            let moves: Vec<String> = line.iter().map(Move::to_string).collect();
            println!("checkmate {}", moves.join(" "));
        }
        MateOutcome::NoMate => println!("nomate"),
        MateOutcome::Timeout => println!("timeout"),
    }
    let Some((path, format)) = out else { return ExitCode::SUCCESS };
    let MateOutcome::Mate(_) = report.outcome else {
        eprintln!("gnushogi: --out: no mate found: {} not written", path.display());
        return ExitCode::SUCCESS;
    };
    let record = solution(&pos, &report, info);
    let written = crate::files::write_atomic(path, record::write(&record, format));
    match written {
        Ok(()) => {
            eprintln!("gnushogi: the problem and its solution written to {}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gnushogi: --out: {}: {e}", path.display());
            ExitCode::from(1)
        }
    }
}

/// The problem's position: `--sfen`'s, or the record's after its last move or `--ply N`.
fn problem(cli: &Cli) -> Result<Position, ExitCode> {
    match (cli.mate.as_ref().and_then(Option::as_deref), cli.sfen.as_deref()) {
        (Some(_), Some(_)) => {
            Err(refuse("--mate RECORD and --sfen both give the problem: give one"))
        }
        (None, None) => Err(refuse("--mate needs a problem: --sfen SFEN or a record file")),
        (None, Some(sfen)) => {
            if cli.ply.is_some() {
                return Err(refuse("--ply picks a position of a record: give --mate RECORD"));
            }
            parse_sfen(sfen).map_err(|e| refuse(format_args!("--sfen: {e}")))
        }
        (Some(path), None) => {
            let (record, warnings) = read_problem(path).map_err(|e| {
                eprintln!("gnushogi: --mate: {e}");
                ExitCode::from(1)
            })?;
            for w in warnings {
                eprintln!("gnushogi: --mate: warning: {w}");
            }
            let plies = record.moves.len();
            let upto = cli.ply.unwrap_or(plies);
            if upto > plies {
                return Err(refuse(format_args!(
                    "--ply {upto}: {} has {plies} plies",
                    path.display()
                )));
            }
            Ok(record.moves[..upto].iter().fold(record.start, |pos, m| pos.played(m.mv)))
        }
    }
}

/// `--out`'s file and format, refused before the work when its name says no format or it
/// cannot be written.
fn out_file(cli: &Cli) -> Result<Option<(&Path, Format)>, ExitCode> {
    let Some(path) = cli.out.as_deref() else { return Ok(None) };
    let Some(format) = Format::from_path(path) else {
        let message = format!(
            "invalid value '{}' for '--out <FILE>': the name must end in .kif, .kifu, .csa or .usi",
            path.display()
        );
        let _ = Cli::command().error(clap::error::ErrorKind::ValueValidation, message).print();
        return Err(ExitCode::from(2));
    };
    if let Err(e) = crate::files::check_writable(path) {
        eprintln!("gnushogi: --out: {}: {e}", path.display());
        return Err(ExitCode::from(1));
    }
    Ok(Some((path, format)))
}

/// The side to move when it is checkmated (in check with no legal move), by its name.
fn mated_side(pos: &Position) -> Option<&'static str> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    (list.is_empty() && pos.in_check()).then(|| pos.side_to_move().name())
}

/// The problem and its solution as a record: the diagram, the line, and what the solver
/// said of it (`info`, the `info string` lines) as comments before the first move.
fn solution(pos: &Position, report: &MateReport, info: Vec<String>) -> Record {
    let MateOutcome::Mate(line) = &report.outcome else { unreachable!("a mate is written") };
    let mut comments = info;
    comments.pop(); // the line itself: the record has it as moves
    comments.push(format!("GNU Shogi {}, {} nodes", crate::VERSION, report.nodes));
    let moves = line.iter().map(|&m| RecordMove::new(m)).collect();
    let mated = line.iter().fold(pos.clone(), |p, &m| p.played(m));
    let outcome =
        Some(Outcome::Win { winner: !mated.side_to_move(), reason: WinReason::Checkmate });
    Record { start: pos.clone(), headers: Headers::default(), comments, moves, outcome }
}

/// One line of a long solve's progress, for a terminal: the phase, the time, the nodes and
/// their rate, the table's use and the root's proof and disproof numbers.
fn progress_text(p: &MateProgress) -> String {
    let phase = match (p.phase, p.plies) {
        (MatePhase::Proving, _) => "looking for a mate".to_string(),
        (MatePhase::Shortening, Some(n)) => format!("mate in {n}: looking for a shorter one"),
        (MatePhase::Shortening, None) => "looking for a shorter mate".to_string(),
        (MatePhase::Line, _) => "building the line".to_string(),
    };
    let secs = p.time.as_secs_f64();
    let rate = if secs > 0.0 { p.nodes as f64 / secs / 1000.0 } else { 0.0 };
    let full = 100.0 * p.table_used as f64 / p.table_capacity.max(1) as f64;
    let number = |n: u32| if n == u32::MAX { "inf".to_string() } else { n.to_string() };
    format!(
        "{} {phase}  {secs:.1} s  {} nodes ({rate:.0} k/s)  depth {}  table {full:.0}%  pn {} dn {}",
        SPINNER[(p.time.as_millis() / 500) as usize % SPINNER.len()],
        p.nodes,
        p.depth,
        number(p.proof_number),
        number(p.disproof_number),
    )
}

const SPINNER: [char; 4] = ['|', '/', '-', '\\'];
