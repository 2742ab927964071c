//! Reading the game to analyse. One function, [`read_record`], so that the readers behind it
//! can change without the analysis noticing.

use crate::book::records::{self, parse_records};
use crate::files::record::Record;
use crate::files::{GameFile, MAX_GAME_FILE, read_limited};
use crate::game::Game;
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

/// Reads a game record: GNU Shogi's saved game, a KIF file (Shift-JIS or UTF-8), CSA, or a
/// USI move list (`startpos moves …`, the first game of the file).
pub fn read_record(path: &Path) -> Result<Record, ReadError> {
    let name = path.display().to_string();
    let data = read_limited(path, MAX_GAME_FILE).map_err(|e| ReadError(format!("{name}: {e}")))?;
    if let Ok(text) = std::str::from_utf8(&data)
        && text.trim_start().starts_with("White ")
    {
        // The text mode's `save` file starts with its first player's line.
        let file = GameFile::parse(text).map_err(|e| ReadError(format!("{name}: {e}")))?;
        return Ok(Record::from_game(&file.game()));
    }
    let format = records::Format::detect(path, &data);
    let found = parse_records(&name, &data, format);
    match found.games.into_iter().next() {
        Some(g) => {
            let mut game = Game::new(crate::rules::Position::startpos());
            for m in g.moves {
                if let Err(e) = game.play(m) {
                    return Err(ReadError(format!("{name}: move {}: {e}", game.ply() + 1)));
                }
            }
            Ok(Record::from_game(&game))
        }
        None => Err(ReadError(match found.problems.first() {
            Some(p) => p.clone(),
            None => format!("{name}: no game found"),
        })),
    }
}
