//! GNU Shogi's game files: the game file of `save`/`get`, the xshogi position file of
//! `xsave`/`xget`, the book lines `bsave` appends, and the `list` game listing.
//!
//! Every format is a pure function from a game to text and back; the text mode does the
//! I/O with [`write_atomic`], so a file is written whole or not at all. Readers refuse a
//! malformed file with the line number and the reason ([`FileError`]).

pub mod gamefile;
pub mod listing;
pub mod record;
pub mod xposition;

use crate::notation::Annotation;
use crate::rules::{Hand, PieceKind};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

pub use gamefile::{GameFile, SavedMove};

/// Why a file was refused: the line (1-based) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    pub line: usize,
    pub reason: String,
}

impl FileError {
    pub fn new(line: usize, reason: impl Into<String>) -> FileError {
        FileError { line, reason: reason.into() }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.reason)
        } else {
            write!(f, "line {}: {}", self.line, self.reason)
        }
    }
}

impl std::error::Error for FileError {}

/// What the game files know about each move besides the move itself.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveStats {
    /// Score after the move, from the mover's view (centipawns).
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// Thinking time in seconds.
    pub time: u64,
    /// The move came from the opening book.
    pub book: bool,
    pub annotation: Option<Annotation>,
}

/// Writes `contents` to `path` whole: into a temporary file beside it, then renamed over it,
/// so that a failure (a full disk, no permission) leaves the previous file as it was. A link
/// is followed (the file it names is replaced, not the link). A path that is neither a
/// regular file nor a directory (a device such as `/dev/null`, a pipe) is written in place:
/// renaming over it would replace it.
pub fn write_atomic(path: &Path, contents: impl AsRef<[u8]>) -> std::io::Result<()> {
    let contents = contents.as_ref();
    let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let existing = std::fs::metadata(&target).ok();
    if let Some(meta) = &existing
        && !meta.is_file()
        && !meta.is_dir()
    {
        let mut f = std::fs::OpenOptions::new().write(true).open(&target)?;
        f.write_all(contents)?;
        return f.flush();
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        if let Some(meta) = &existing {
            // The new file keeps the old one's permissions.
            f.set_permissions(meta.permissions())?;
        }
        f.write_all(contents)?;
        f.sync_all()?;
        std::fs::rename(&tmp, &target)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Whether [`write_atomic`] could write `path` now: a file can be made beside it (and
/// removed at once), or the device or pipe it names opens for writing. For work whose output
/// comes only at its end, checked before the work.
pub(crate) fn check_writable(path: &Path) -> std::io::Result<()> {
    let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    match std::fs::metadata(&target) {
        Ok(meta) if meta.is_dir() => {
            return Err(std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory"));
        }
        Ok(meta) if !meta.is_file() => {
            return std::fs::OpenOptions::new().write(true).open(&target).map(drop);
        }
        _ => {}
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let probe = dir.join(format!(".{name}.check-{}", std::process::id()));
    std::fs::File::create(&probe)?;
    std::fs::remove_file(&probe)
}

/// Appends `text` to the file at `path` (created if missing), rewriting it whole (a device
/// or a pipe is appended to in place).
pub fn append_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    if let Ok(meta) = std::fs::metadata(path)
        && !meta.is_file()
        && !meta.is_dir()
    {
        let mut f = std::fs::OpenOptions::new().append(true).open(path)?;
        f.write_all(text.as_bytes())?;
        return f.flush();
    }
    let mut contents = match read_limited(path, MAX_GAME_FILE) {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e),
    };
    contents.extend_from_slice(text.as_bytes());
    write_atomic(path, &contents)
}

/// Largest game, position or book-line file read (`get`, `xget`, `bsave`): far more than
/// any game needs; `/dev/zero` would otherwise be read until memory runs out.
pub(crate) const MAX_GAME_FILE: u64 = 16 << 20;

/// Reads a file of at most `limit` bytes; a longer one (or an endless device) is refused.
pub(crate) fn read_limited(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let f = std::fs::File::open(path)?;
    let mut data = Vec::new();
    f.take(limit.saturating_add(1)).read_to_end(&mut data)?;
    if data.len() as u64 > limit {
        return Err(std::io::Error::other(format!(
            "longer than {} MiB: not a file this program reads",
            limit >> 20
        )));
    }
    Ok(data)
}

/// GNU Shogi's hand order, as its files list hands: p l n s g b r (then k), the written
/// order backwards.
pub(crate) fn gnu_hand_order() -> impl Iterator<Item = PieceKind> {
    PieceKind::HAND_WRITING_ORDER.into_iter().rev()
}
/// GNU Shogi's piece code (pawn 1 … rook 7, promoted pawn 8 … dragon 13, king 14), used in
/// the flag word of the game file.
pub(crate) fn gnu_piece_code(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Lance => 2,
        PieceKind::Knight => 3,
        PieceKind::Silver => 4,
        PieceKind::Gold => 5,
        PieceKind::Bishop => 6,
        PieceKind::Rook => 7,
        PieceKind::ProPawn => 8,
        PieceKind::ProLance => 9,
        PieceKind::ProKnight => 10,
        PieceKind::ProSilver => 11,
        PieceKind::Horse => 12,
        PieceKind::Dragon => 13,
        PieceKind::King => 14,
    }
}

/// Why a line of hand counts is not a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandError {
    NotACount(String),
    /// How many counts there were, where 8 belong.
    Counts(usize),
    KingInHand,
    TooMany {
        count: u32,
        kind: PieceKind,
    },
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandError::NotACount(w) => write!(f, "'{w}' is not a count"),
            HandError::Counts(n) => write!(f, "{n} counts where 8 belong (p l n s g b r k)"),
            HandError::KingInHand => f.write_str("a king in hand"),
            HandError::TooMany { count, kind } => write!(f, "{count} {}s in hand", kind.name()),
        }
    }
}

impl std::error::Error for HandError {}

/// A hand from counts in [`gnu_hand_order`] (plus the king count, which must be 0).
pub(crate) fn hand_from_counts(counts: &[u32]) -> Result<Hand, HandError> {
    if counts.len() != 8 {
        return Err(HandError::Counts(counts.len()));
    }
    if counts[7] != 0 {
        return Err(HandError::KingInHand);
    }
    let mut hand = Hand::EMPTY;
    for (kind, &count) in gnu_hand_order().zip(counts) {
        hand = hand.with_count(kind, count).ok_or(HandError::TooMany { count, kind })?;
    }
    Ok(hand)
}

/// Parses whitespace-separated unsigned numbers.
pub(crate) fn parse_counts(text: &str) -> Result<Vec<u32>, HandError> {
    text.split_whitespace()
        .map(|w| w.parse::<u32>().map_err(|_| HandError::NotACount(w.to_string())))
        .collect()
}
