//! The opening book: positions (board, hands, side to move) mapped to weighted moves.
//!
//! Books come from three places: GNU Shogi's `.tbk` text ([`text`]), our own portable
//! compiled form ([`compiled`]), and game records through `--make-book` ([`make`], reading
//! [`records`]). The book built from real games (`book/` in the source tree) is compiled
//! into the program ([`Book::builtin`]). Positions are keyed by
//! [`Position::key`](crate::rules::Position::key), so a position reached by different move
//! orders is one book position.

pub mod compiled;
pub mod make;
mod positions;
pub mod records;
pub mod text;

use std::fmt;
use std::path::{Path, PathBuf};

pub use compiled::{CompiledBookError, read_compiled, write_compiled};
pub(crate) use positions::LineReplay;
pub use positions::{Book, BookEntry};
pub use text::{Diagnostic, TextBook, TextBookError, parse_tbk};

/// The deepest ply the original stores from a text book (`-P`, its `bookmaxply`).
pub const DEFAULT_MAX_PLY: usize = 40;

/// The compiled form of `book/gnushogi.tbk`, made by `gnushogi --make-book` (see
/// `book/README`); a test checks that it matches the text.
const BUILTIN: &[u8] = include_bytes!("../../book/gnushogi.bkb");

/// Largest book file read: many times any real book; a device such as `/dev/zero` would
/// otherwise be read until memory runs out.
pub(crate) const MAX_BOOK_FILE: u64 = 256 << 20;

/// The bytes of a book file, at most [`MAX_BOOK_FILE`] of them.
pub(crate) fn read_book_file(path: &Path) -> std::io::Result<Vec<u8>> {
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
pub(crate) fn load_file(path: &Path, max_ply: usize) -> Result<(Book, Vec<String>), BookFileError> {
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
pub(crate) fn load_compiled_file(path: &Path, max_ply: usize) -> Result<Book, BookFileError> {
    let data = read_book_bytes(path)?;
    read_compiled(&data, max_ply).map_err(|error| match error {
        CompiledBookError::NotCompiled => BookFileError::NotCompiled { path: path.to_owned() },
        error => BookFileError::Compiled { path: path.to_owned(), error },
    })
}

/// The constructors that read a book's formats: they cannot live beside the type, which the
/// formats' readers build.
impl Book {
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
