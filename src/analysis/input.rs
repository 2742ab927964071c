//! Reading the game to analyse: a record in the format its extension names (`files::record`:
//! KIF, KIFU, CSA, USI), else by its content, or a game saved by the text mode's `save`.

use crate::files::record::{self, Format, Record};
use crate::files::{GameFile, MAX_GAME_FILE, read_limited};
use crate::rules::Position;
use std::fmt;
use std::path::Path;

/// Why a record could not be read; the text names the file (and the line, where known).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError(pub String);

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReadError {}

/// The format of a file whose name says none, from its first lines.
fn sniff(data: &[u8]) -> Format {
    let head = String::from_utf8_lossy(&data[..data.len().min(4096)]);
    let first = |p: &[&str]| head.lines().any(|l| p.iter().any(|w| l.trim_start().starts_with(w)));
    if first(&["position", "startpos", "sfen "]) {
        Format::Usi
    } else if first(&["V2", "PI", "P1", "N+", "N-"]) {
        Format::Csa
    } else {
        Format::Kif
    }
}

/// Reads a game record: KIF (Shift-JIS or UTF-8), CSA, a USI position line, or the text
/// mode's saved game; with what it read past (an ending word it does not know), each
/// naming the file and the line.
pub fn read_record(path: &Path) -> Result<(Record, Vec<String>), ReadError> {
    let (record, warnings, guessed) = read_any(path)?;
    // KIF, the guess when the name says no format, reads any text as a record of no moves.
    if guessed && record.moves.is_empty() {
        return Err(ReadError(format!(
            "{}: not a game record (no moves in KIF, CSA or USI notation, nor a saved game)",
            path.display()
        )));
    }
    Ok((record, warnings))
}

/// Reads a problem: a record as [`read_record`] does, or a board diagram with no moves (a
/// KIF's or a BOD file's diagram, a CSA position, a USI `position sfen`).
pub fn read_problem(path: &Path) -> Result<(Record, Vec<String>), ReadError> {
    let (record, warnings, guessed) = read_any(path)?;
    if guessed && record.moves.is_empty() && record.start == Position::startpos() {
        return Err(ReadError(format!(
            "{}: not a problem (no board diagram, position or moves in KIF, BOD, CSA or USI \
             notation)",
            path.display()
        )));
    }
    Ok((record, warnings))
}

/// A record, its warnings, and whether it was read as KIF for want of a better guess (KIF
/// reads any text as a record of no moves).
fn read_any(path: &Path) -> Result<(Record, Vec<String>, bool), ReadError> {
    let name = path.display().to_string();
    let data = read_limited(path, MAX_GAME_FILE).map_err(|e| ReadError(format!("{name}: {e}")))?;
    let format = match Format::from_path(path) {
        Some(f) => f,
        None => {
            if let Ok(text) = std::str::from_utf8(&data)
                && text.trim_start().starts_with("White ")
            {
                // The text mode's `save` file starts with the players' line.
                let file = GameFile::parse(text).map_err(|e| ReadError(format!("{name}: {e}")))?;
                return Ok((Record::from_game(&file.game()), Vec::new(), false));
            }
            sniff(&data)
        }
    };
    let (record, warnings) =
        record::read_with_warnings(&data, format).map_err(|e| ReadError(format!("{name}: {e}")))?;
    let warnings = warnings.iter().map(|w| format!("{name}: {w}")).collect();
    Ok((record, warnings, Format::from_path(path).is_none() && format == Format::Kif))
}
