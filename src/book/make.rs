//! `--make-book`: an opening book from game records.
//!
//! Each game gives one line of play: its first moves, up to the maximum depth, cut before
//! the first move that fewer than `min_count` of the lines play in that position (counted
//! again after every cut, until nothing changes). So a move's weight, the number of lines
//! that contain it, is the number of games that played it, exactly as GNU Shogi counts a
//! `.tbk`, and the text reads back to the same book in both programs. How well a move did
//! decides its mark: a move whose score for the side that played it (over the games with a
//! known result, a draw counting half) is below 50% with 95% confidence (the upper Wilson
//! bound is under 0.5) is marked `?` and never played; the lines through it stay, so the
//! book still knows the replies to it. No move gets `!`: the few games we have cannot show
//! that one move is so much better that the others should never be played.

use super::records::{Format, GameRecord, GameResult, parse_records_with_progress};
use super::text::{BookLine, write_tbk};
use super::{Book, BookFileError, DEFAULT_MAX_PLY, LineReplay, read_compiled, read_text_file};
use crate::notation::Annotation;
use crate::rules::{Color, Move, Position};
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// A move is kept only if at least this many games play it (`--min-count`).
pub(crate) const DEFAULT_MIN_COUNT: u32 = 2;
/// The normal quantile for a one-sided 95% confidence bound.
const Z: f64 = 1.645;

/// How a book is made.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MakeOptions {
    pub min_count: u32,
    pub max_depth: usize,
}

impl Default for MakeOptions {
    fn default() -> Self {
        MakeOptions { min_count: DEFAULT_MIN_COUNT, max_depth: DEFAULT_MAX_PLY }
    }
}

/// What one position:move pair did in the games that reached it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveStats {
    pub games: u32,
    /// Games with a known result, and the half points the mover scored in them.
    pub results: u32,
    pub half_points: u32,
}

impl MoveStats {
    /// The mover's score over the games with a known result (1.0: all won).
    pub fn score(&self) -> Option<f64> {
        (self.results > 0).then(|| f64::from(self.half_points) / f64::from(2 * self.results))
    }

    /// The upper Wilson bound of the score at 95% (one-sided).
    pub(crate) fn score_upper_bound(&self) -> Option<f64> {
        let p = self.score()?;
        let n = f64::from(self.results);
        let z2 = Z * Z;
        let centre = p + z2 / (2.0 * n);
        let margin = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Some((centre + margin) / (1.0 + z2 / n))
    }

    /// `?` if the move loses more than it wins, with 95% confidence.
    pub fn mark(&self) -> Option<Annotation> {
        match self.score_upper_bound() {
            Some(u) if u < 0.5 => Some(Annotation::Bad),
            _ => None,
        }
    }
}

/// A book made from games.
#[derive(Clone, Debug)]
pub struct MadeBook {
    pub lines: Vec<BookLine>,
    pub book: Book,
    /// Games that gave no line (their first move was too rare).
    pub unused_games: usize,
}

/// What `--make-book` has to say as it goes: how far a long step is, and what it read and
/// made (some of it before a later step fails).
#[derive(Debug)]
pub enum MakeBookEvent<'a> {
    /// A long step begins, `total` units long.
    StepStarted {
        label: &'static str,
        total: usize,
    },
    /// `n` more units of the step are done.
    StepAdvanced(usize),
    StepFinished,
    /// Problems that left something out: lines of a text book, games of the records.
    Warnings(&'a [String]),
    /// A text book was read.
    TextBookRead {
        path: &'a Path,
        lines: usize,
        positions: usize,
        moves: usize,
    },
    /// A book was made from game records.
    BookMade {
        games: usize,
        left_out: usize,
        lines: usize,
        positions: usize,
        moves: usize,
    },
}

/// Someone told of [`MakeBookEvent`]s.
pub type Observer<'o> = dyn FnMut(MakeBookEvent) + 'o;

/// Builds the book from games (all from the standard start position, all moves legal).
pub fn make_book(games: &[GameRecord], opts: MakeOptions) -> MadeBook {
    make_book_observed(games, opts, &mut |_| {})
}

/// [`make_book`], telling `on` how far it is.
pub(crate) fn make_book_observed(
    games: &[GameRecord],
    opts: MakeOptions,
    on: &mut Observer,
) -> MadeBook {
    on(MakeBookEvent::StepStarted { label: "making the book", total: games.len() * 2 });
    // The position key before each move, up to the maximum depth.
    let keyed: Vec<Vec<(u64, Move)>> = games
        .iter()
        .map(|g| {
            let mut pos = Position::startpos();
            let keys = g
                .moves
                .iter()
                .take(opts.max_depth)
                .map(|&m| {
                    let k = pos.key();
                    pos.play_unchecked(m);
                    (k, m)
                })
                .collect();
            on(MakeBookEvent::StepAdvanced(1));
            keys
        })
        .collect();
    let mut lens: Vec<usize> = keyed.iter().map(Vec::len).collect();
    loop {
        let mut counts: HashMap<(u64, Move), u32> = HashMap::new();
        for (k, &n) in keyed.iter().zip(&lens) {
            for &pair in &k[..n] {
                *counts.entry(pair).or_default() += 1;
            }
        }
        let mut changed = false;
        for (k, n) in keyed.iter().zip(lens.iter_mut()) {
            if let Some(cut) = k[..*n].iter().position(|p| counts[p] < opts.min_count) {
                *n = cut;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut stats: HashMap<(u64, Move), MoveStats> = HashMap::new();
    for ((k, &n), g) in keyed.iter().zip(&lens).zip(games) {
        for (ply, &pair) in k[..n].iter().enumerate() {
            let mover = if ply % 2 == 0 { Color::Black } else { Color::White };
            let s = stats.entry(pair).or_default();
            s.games += 1;
            if let Some(h) = g.result.half_points(mover) {
                s.results += 1;
                s.half_points += h;
            }
        }
        on(MakeBookEvent::StepAdvanced(1));
    }
    on(MakeBookEvent::StepFinished);
    let order = line_order(&keyed, &lens);
    let mut lines = Vec::new();
    let mut book = Book::empty();
    let mut replay = LineReplay::new(opts.max_depth);
    for i in order {
        let moves: Vec<(Move, Option<Annotation>)> =
            keyed[i][..lens[i]].iter().map(|p| (p.1, stats[p].mark())).collect();
        replay.new_line();
        for &(m, mark) in &moves {
            replay.play(&mut book, m, mark);
        }
        lines.push(BookLine { name: game_name(&games[i]), moves });
    }
    book.sort();
    MadeBook { lines, book, unused_games: lens.iter().filter(|&&n| n == 0).count() }
}

fn game_name(g: &GameRecord) -> String {
    let result = match g.result {
        GameResult::Win(Color::Black) => "1-0",
        GameResult::Win(Color::White) => "0-1",
        GameResult::Draw => "1/2-1/2",
        GameResult::Unknown => "*",
    };
    format!("{} {result}", g.name)
}

/// The order to write the lines in: depth first, and where lines part, the most played
/// continuation last, so that the last line through a move (which gives its hint, as in
/// the original) follows the most common reply. Lines that end come before those that go on.
fn line_order(keyed: &[Vec<(u64, Move)>], lens: &[usize]) -> Vec<usize> {
    let mut prefix_count: HashMap<&[(u64, Move)], u32> = HashMap::new();
    for (k, &n) in keyed.iter().zip(lens) {
        for d in 1..=n {
            *prefix_count.entry(&k[..d]).or_default() += 1;
        }
    }
    let sort_key = |i: usize| -> Vec<(u32, u16)> {
        (1..=lens[i]).map(|d| (prefix_count[&keyed[i][..d]], keyed[i][d - 1].1.to_u16())).collect()
    };
    let mut order: Vec<usize> = (0..keyed.len()).filter(|&i| lens[i] > 0).collect();
    let keys: HashMap<usize, Vec<(u32, u16)>> = order.iter().map(|&i| (i, sort_key(i))).collect();
    order.sort_by(|a, b| keys[a].cmp(&keys[b]).then(a.cmp(b)));
    order
}

/// Record files named on the command line; directories are searched for record files.
fn collect_inputs(paths: &[PathBuf]) -> Result<Vec<PathBuf>, MakeBookError> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found).map_err(|error| MakeBookError::Read { path: p.clone(), error })?;
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if matches!(
            path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref(),
            Some("csa" | "kif" | "kifu" | "tsv" | "usi")
        ) {
            out.push(path);
        }
    }
    Ok(())
}

/// Reads the games of all the files; unreadable games are reported and left out.
pub(crate) fn read_games(
    files: &[PathBuf],
    on: &mut Observer,
) -> Result<(Vec<GameRecord>, Vec<String>), MakeBookError> {
    let mut games = Vec::new();
    let mut problems = Vec::new();
    let total =
        files.iter().filter_map(|f| std::fs::metadata(f).ok()).map(|m| m.len()).sum::<u64>();
    on(MakeBookEvent::StepStarted {
        label: "reading records (KiB)",
        total: (total / 1024) as usize,
    });
    let mut bytes = 0usize;
    for f in files {
        let data = crate::files::read_limited(f, MAX_RECORD_FILE)
            .map_err(|error| MakeBookError::Read { path: f.clone(), error })?;
        let name = f.display().to_string();
        let r = parse_records_with_progress(&name, &data, Format::detect(f, &data), &mut |n| {
            let before = bytes / 1024;
            bytes += n;
            on(MakeBookEvent::StepAdvanced(bytes / 1024 - before));
        });
        games.extend(r.games);
        problems.extend(r.problems);
    }
    on(MakeBookEvent::StepFinished);
    Ok((games, problems))
}

/// Largest game-record file read: a device such as `/dev/zero` is not read for ever.
pub(crate) const MAX_RECORD_FILE: u64 = 1 << 30;

/// Writes a file whole: to a temporary name beside it, then renamed over it (a failure
/// leaves the previous file as it was).
pub(crate) fn write_whole(path: &Path, data: &[u8]) -> Result<(), MakeBookError> {
    crate::files::write_atomic(path, data)
        .map_err(|error| MakeBookError::Write { path: path.to_owned(), error })
}

/// Why `--make-book` failed.
#[derive(Debug)]
pub enum MakeBookError {
    /// The text book could not be read.
    Book(BookFileError),
    /// A record file or directory could not be read.
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    Write {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The compiled book does not read back as the book: a bug.
    ReadBack,
}

impl fmt::Display for MakeBookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MakeBookError::Book(e) => e.fmt(f),
            MakeBookError::Read { path, error } | MakeBookError::Write { path, error } => {
                write!(f, "{}: {error}", path.display())
            }
            MakeBookError::ReadBack => {
                f.write_str("the compiled book does not read back the same (a bug)")
            }
        }
    }
}

impl std::error::Error for MakeBookError {}

/// Where a book is made from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookSource {
    /// Game record files, or directories to search for them.
    Records(Vec<PathBuf>),
    /// A text book, to compile.
    Text(PathBuf),
}

/// A `--make-book` job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MakeBookJob {
    pub source: BookSource,
    /// Where the text of a book made from records goes (else it comes back in the report).
    pub text_out: Option<PathBuf>,
    /// Where the compiled book goes, if anywhere.
    pub compiled_out: Option<PathBuf>,
    pub options: MakeOptions,
}

/// A compiled book written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledWritten {
    pub path: PathBuf,
    pub positions: usize,
    pub moves: usize,
    pub bytes: usize,
}

/// What a `--make-book` job made.
#[derive(Clone, Debug)]
pub struct MakeBookReport {
    /// The text of a book made from records, when it was not written to `text_out`.
    pub text: Option<String>,
    pub compiled: Option<CompiledWritten>,
}

fn header(files: &[PathBuf], games: usize, opts: MakeOptions) -> Vec<String> {
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let from = if names.len() <= 4 {
        names.join(", ")
    } else {
        format!("{} files ({}, ...)", names.len(), names[..3].join(", "))
    };
    vec![
        "GNU Shogi opening book, made by `gnushogi --make-book`".into(),
        format!("from {games} games in {from}"),
        format!(
            "Each line of play is the start of one game, cut before the first move that fewer \
             than {} of the lines play there, and after ply {}; a move's weight is the number \
             of lines that contain it.",
            opts.min_count, opts.max_depth
        ),
        "`?` marks a move that scored under 50% for its side with 95% confidence, over the \
         games with a known result (a draw counts half): the program never plays it."
            .into(),
    ]
}

/// Makes a book from game records (its text written to `job.text_out`, else returned), or
/// reads a text book; then writes the compiled book to `job.compiled_out`, if given.
pub fn run(job: &MakeBookJob, on: &mut Observer) -> Result<MakeBookReport, MakeBookError> {
    let opts = job.options;
    let mut text = None;
    let book = match &job.source {
        BookSource::Text(path) => {
            let (parsed, warnings) =
                read_text_file(path, opts.max_depth).map_err(MakeBookError::Book)?;
            on(MakeBookEvent::Warnings(&warnings));
            on(MakeBookEvent::TextBookRead {
                path,
                lines: parsed.lines,
                positions: parsed.book.positions(),
                moves: parsed.book.moves(),
            });
            parsed.book
        }
        BookSource::Records(paths) => {
            let files = collect_inputs(paths)?;
            let (games, problems) = read_games(&files, on)?;
            on(MakeBookEvent::Warnings(&problems));
            let made = make_book_observed(&games, opts, on);
            let tbk = write_tbk(&header(&files, games.len(), opts), &made.lines);
            on(MakeBookEvent::BookMade {
                games: games.len(),
                left_out: problems.len(),
                lines: made.lines.len(),
                positions: made.book.positions(),
                moves: made.book.moves(),
            });
            match &job.text_out {
                Some(path) => write_whole(path, tbk.as_bytes())?,
                None => text = Some(tbk),
            }
            made.book
        }
    };
    let mut compiled = None;
    if let Some(out) = &job.compiled_out {
        let c = super::write_compiled(&book);
        // Read it back before trusting it.
        if read_compiled(&c.bytes, usize::MAX).as_ref() != Ok(&book) {
            return Err(MakeBookError::ReadBack);
        }
        write_whole(out, &c.bytes)?;
        compiled = Some(CompiledWritten {
            path: out.clone(),
            positions: c.positions,
            moves: c.moves,
            bytes: c.bytes.len(),
        });
    }
    Ok(MakeBookReport { text, compiled })
}
