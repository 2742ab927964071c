//! The opening book: positions (board, hands, side to move) mapped to weighted moves.
//!
//! Books come from three places: GNU Shogi's `.tbk` text ([`text`]), our own portable
//! compiled form ([`compiled`]), and game records through `--make-book` ([`make`], reading
//! [`records`]). The book built from real games (`book/` in the source tree) is compiled
//! into the program ([`Book::builtin`]). Positions are keyed by [`Position::key`], so a
//! position reached by different move orders is one book position.

pub mod compiled;
pub mod make;
pub mod records;
pub mod text;

use crate::notation::Annotation;
use crate::rules::{Move, Position};
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

pub use compiled::{CompiledBookError, read_compiled, write_compiled};
pub use text::{Diagnostic, TextBook, TextBookError, parse_tbk};

/// The deepest ply the original stores from a text book (`-P`, its `bookmaxply`).
pub const DEFAULT_MAX_PLY: usize = 40;

/// The compiled form of `book/gnushogi.tbk`, made by `gnushogi --make-book` (see
/// `book/README`); a test checks that it matches the text.
const BUILTIN: &[u8] = include_bytes!("../../book/gnushogi.bkb");

/// One book move of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    pub mv: Move,
    /// How often the move was played: the number of book lines (games) that contain it.
    /// Choice is proportional to it.
    pub weight: u32,
    /// `!` (preferred) or `?` (never played).
    pub mark: Option<Annotation>,
    /// The reply that followed it most recently in the book.
    pub hint: Option<Move>,
}

/// An opening book keyed by position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    positions: HashMap<u64, Vec<BookEntry>>,
}

/// `?` wins over `!`, as in the original (a move marked bad anywhere is never played).
fn merge_marks(a: Option<Annotation>, b: Option<Annotation>) -> Option<Annotation> {
    match (a, b) {
        (Some(Annotation::Bad), _) | (_, Some(Annotation::Bad)) => Some(Annotation::Bad),
        (Some(Annotation::Good), _) | (_, Some(Annotation::Good)) => Some(Annotation::Good),
        _ => None,
    }
}

impl Book {
    pub fn empty() -> Book {
        Book::default()
    }

    /// The book compiled into the program (built from real games; see `book/README`).
    pub fn builtin() -> Book {
        Book::builtin_to(DEFAULT_MAX_PLY)
    }

    /// The built-in book read to `max_ply` plies.
    fn builtin_to(max_ply: usize) -> Book {
        // The test suite checks the bytes, so a failure here is a build defect; still, an
        // unusable built-in book means no book rather than a crash.
        read_compiled(BUILTIN, max_ply).unwrap_or_default()
    }

    /// Adds (or strengthens) a move of a position.
    pub fn add(&mut self, pos: &Position, entry: BookEntry) {
        self.add_key(pos.key(), entry);
    }

    pub(crate) fn add_key(&mut self, key: u64, entry: BookEntry) {
        let list = self.positions.entry(key).or_default();
        match list.iter_mut().find(|e| e.mv == entry.mv) {
            Some(e) => {
                e.weight = e.weight.saturating_add(entry.weight);
                e.mark = merge_marks(e.mark, entry.mark);
                e.hint = entry.hint.or(e.hint);
            }
            None => list.push(entry),
        }
    }

    /// Records `hint` as the expected reply to `mv` in the position with key `key`.
    pub(crate) fn set_hint(&mut self, key: u64, mv: Move, hint: Move) {
        if let Some(e) =
            self.positions.get_mut(&key).and_then(|l| l.iter_mut().find(|e| e.mv == mv))
        {
            e.hint = Some(hint);
        }
    }

    /// Puts every position's moves in a fixed order: heaviest first, then by move.
    pub(crate) fn sort(&mut self) {
        for list in self.positions.values_mut() {
            list.sort_by_key(|e| (std::cmp::Reverse(e.weight), e.mv.to_u16()));
        }
    }

    /// The book moves of a position, heaviest first.
    pub fn entries(&self, pos: &Position) -> &[BookEntry] {
        self.entries_by_key(pos.key())
    }

    pub(crate) fn entries_by_key(&self, key: u64) -> &[BookEntry] {
        self.positions.get(&key).map_or(&[], Vec::as_slice)
    }

    /// Number of positions.
    pub fn positions(&self) -> usize {
        self.positions.len()
    }

    /// Number of position:move pairs.
    pub fn moves(&self) -> usize {
        self.positions.values().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The moves the book marks `?` in this position (the original keeps them out of the
    /// search unless nothing else is legal).
    pub fn bad_moves(&self, pos: &Position) -> Vec<Move> {
        self.entries(pos).iter().filter(|e| e.mark == Some(Annotation::Bad)).map(|e| e.mv).collect()
    }

    /// Picks a move at random in proportion to weight: never a `?` move, `!` moves first.
    /// `random` is a uniformly random number supplied by the caller.
    pub fn choose(&self, pos: &Position, random: u64) -> Option<(Move, Option<Move>)> {
        let entries = self.entries(pos);
        let usable: Vec<&BookEntry> = entries
            .iter()
            .filter(|e| e.mark != Some(Annotation::Bad) && e.weight > 0 && pos.is_legal(e.mv))
            .collect();
        let good: Vec<&BookEntry> =
            usable.iter().copied().filter(|e| e.mark == Some(Annotation::Good)).collect();
        let pool = if good.is_empty() { usable } else { good };
        let total: u64 = pool.iter().map(|e| u64::from(e.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut pick = random % total;
        for e in pool {
            if pick < u64::from(e.weight) {
                let hint = e.hint.filter(|&h| pos.played(e.mv).is_legal(h));
                return Some((e.mv, hint));
            }
            pick -= u64::from(e.weight);
        }
        None
    }
}

/// Replays lines of play from the start position into a book, as the original's reader
/// does: each line adds 1 to the weight of every position:move pair it contains up to
/// `max_ply`, and the move after a pair (unless marked `?`) becomes that pair's hint.
pub(crate) struct LineReplay {
    max_ply: usize,
    start: Position,
    pos: Position,
    ply: usize,
    prev: Option<(u64, Move)>,
    /// Lines of play that contained at least one move.
    pub lines: usize,
}

impl LineReplay {
    pub fn new(max_ply: usize) -> LineReplay {
        let start = Position::startpos();
        LineReplay { max_ply, pos: start.clone(), start, ply: 0, prev: None, lines: 0 }
    }

    /// Ends the current line; the next move starts again from the start position.
    pub fn new_line(&mut self) {
        if self.ply > 0 {
            self.pos = self.start.clone();
            self.ply = 0;
            self.prev = None;
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Plays `mv`, which must be legal in [`LineReplay::position`].
    pub fn play(&mut self, book: &mut Book, mv: Move, mark: Option<Annotation>) {
        self.ply += 1;
        if self.ply == 1 {
            self.lines += 1;
        }
        let key = self.pos.key();
        if self.ply <= self.max_ply {
            book.add_key(key, BookEntry { mv, weight: 1, mark, hint: None });
        }
        if self.ply <= self.max_ply + 1
            && mark != Some(Annotation::Bad)
            && let Some((pk, pm)) = self.prev
        {
            book.set_hint(pk, pm, mv);
        }
        self.prev = Some((key, mv));
        self.pos.play_unchecked(mv);
    }
}

/// Largest book file read: many times any real book; a device such as `/dev/zero` would
/// otherwise be read until memory runs out.
pub const MAX_BOOK_FILE: u64 = 256 << 20;

/// The bytes of a book file, at most [`MAX_BOOK_FILE`] of them.
pub fn read_book_file(path: &Path) -> std::io::Result<Vec<u8>> {
    crate::files::read_limited(path, MAX_BOOK_FILE)
}

/// Why a book file could not be read.
#[derive(Debug)]
pub enum BookFileError {
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    Compiled {
        path: PathBuf,
        error: CompiledBookError,
    },
    /// A compiled book was asked for (`-B`), and the file is not one.
    NotCompiled {
        path: PathBuf,
    },
    Text {
        path: PathBuf,
        error: TextBookError,
    },
    /// A text book without a single move: surely not the file meant.
    Empty {
        path: PathBuf,
    },
}

impl fmt::Display for BookFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookFileError::Read { path, error } => write!(f, "{}: {error}", path.display()),
            BookFileError::Compiled { path, error } => write!(f, "{}: {error}", path.display()),
            BookFileError::NotCompiled { path } => {
                write!(f, "{}: not a compiled book (a text book is read with -b)", path.display())
            }
            BookFileError::Text { path, error } => write!(f, "{}: {error}", path.display()),
            BookFileError::Empty { path } => write!(f, "{}: no book moves found", path.display()),
        }
    }
}

impl std::error::Error for BookFileError {}

/// Why the book asked for (`-b` text, `-B` compiled) could not be loaded.
#[derive(Debug)]
pub enum BookLoadError {
    Text(BookFileError),
    Compiled(BookFileError),
}

impl fmt::Display for BookLoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookLoadError::Text(e) => write!(f, "-b {e}"),
            BookLoadError::Compiled(e) => write!(f, "-B {e}"),
        }
    }
}

impl std::error::Error for BookLoadError {}

/// The bytes of a book file, or why they could not be read.
fn read_book_bytes(path: &Path) -> Result<Vec<u8>, BookFileError> {
    read_book_file(path).map_err(|error| BookFileError::Read { path: path.to_owned(), error })
}

/// A text book from the bytes of the file at `path`, with its warnings as `FILE:LINE: ...`.
pub(crate) fn parse_text_file(
    path: &Path,
    data: &[u8],
    max_ply: usize,
) -> Result<(TextBook, Vec<String>), BookFileError> {
    let parsed = parse_tbk(data, max_ply)
        .map_err(|error| BookFileError::Text { path: path.to_owned(), error })?;
    let name = path.display();
    let warnings = parsed.diagnostics.iter().map(|d| format!("{name}:{d}")).collect();
    Ok((parsed, warnings))
}

/// Reads a text book file, with its warnings as `FILE:LINE: ...`.
pub(crate) fn read_text_file(
    path: &Path,
    max_ply: usize,
) -> Result<(TextBook, Vec<String>), BookFileError> {
    parse_text_file(path, &read_book_bytes(path)?, max_ply)
}

/// Reads a book file: a compiled book if it starts with our signature, else a text book.
/// Problems that do not stop the reading (illegal moves) come back as warnings
/// (`FILE:LINE: ...`).
pub fn load_file(path: &Path, max_ply: usize) -> Result<(Book, Vec<String>), BookFileError> {
    let data = read_book_bytes(path)?;
    if compiled::is_compiled(&data) {
        let book = read_compiled(&data, max_ply)
            .map_err(|error| BookFileError::Compiled { path: path.to_owned(), error })?;
        return Ok((book, Vec::new()));
    }
    let (parsed, warnings) = parse_text_file(path, &data, max_ply)?;
    if parsed.book.is_empty() {
        return Err(BookFileError::Empty { path: path.to_owned() });
    }
    Ok((parsed.book, warnings))
}

/// Reads a compiled book, refusing anything else.
pub fn load_compiled_file(path: &Path, max_ply: usize) -> Result<Book, BookFileError> {
    let data = read_book_bytes(path)?;
    read_compiled(&data, max_ply).map_err(|error| match error {
        CompiledBookError::NotCompiled => BookFileError::NotCompiled { path: path.to_owned() },
        error => BookFileError::Compiled { path: path.to_owned(), error },
    })
}

impl Book {
    /// The book to play from: the compiled book at `compiled` if given, else the book (text
    /// or compiled) at `text`, else the built-in one, each read to `max_ply` plies. The
    /// warnings are those of a text book (`FILE:LINE: ...`).
    pub fn load(
        text: Option<&Path>,
        compiled: Option<&Path>,
        max_ply: usize,
    ) -> Result<(Book, Vec<String>), BookLoadError> {
        if let Some(path) = compiled {
            let book = load_compiled_file(path, max_ply).map_err(BookLoadError::Compiled)?;
            return Ok((book, Vec::new()));
        }
        if let Some(path) = text {
            return load_file(path, max_ply).map_err(BookLoadError::Text);
        }
        Ok((Book::builtin_to(max_ply), Vec::new()))
    }
}
