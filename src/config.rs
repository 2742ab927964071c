//! The settings the interactive front ends take: built by the command line, read by the GNU
//! interpreter's modes (text, xshogi, full screen). Nothing here knows of the command line.

use crate::engine::clock::TimeControl;
use std::path::PathBuf;

/// Settings for the interactive modes, built from the command line (the "high-level"
/// arguments, as opposed to the parsed command line itself).
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Think on the opponent's time.
    pub ponder: bool,
    /// Start position (SFEN), if not the standard one.
    pub start_sfen: Option<String>,
    /// Files named on the command line for `save`/`bsave` and `get`/`xget`.
    pub save_file: Option<PathBuf>,
    pub load_file: Option<PathBuf>,
    /// The positional time control (`None`: the mode's default).
    pub time_control: Option<TimeControl>,
    /// `-x`: the evaluation window shown by `help`.
    pub xwndw: Option<i32>,
    /// `-r`: the rehash length asked for.
    pub rehash: Option<u32>,
    /// Use the transposition table (`-h` turns it off).
    pub use_hash: bool,
    /// `-C`: the full-screen display was asked for.
    pub full_screen: bool,
    /// `--kanji`: the full-screen display shows Japanese piece names.
    pub kanji: bool,
    /// `--seed` was given: book choices are reproducible.
    pub seeded: bool,
    /// `--move-limit`: plies after which a game is drawn.
    pub move_limit: Option<usize>,
}
