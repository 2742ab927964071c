//! The settings the interactive front ends take: built by the command line, read by the GNU
//! interpreter's modes (text, xshogi, full screen). Nothing here knows of the command line.

use crate::engine::clock::TimeControl;
use crate::rules::Position;
use crate::rules::handicap::Handicap;
use std::fmt;
use std::path::PathBuf;

/// The kind of game a new game starts: even, or one of the standard handicaps (where White,
/// the giver, moves first).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameKind {
    Even,
    Handicap(Handicap),
}

impl GameKind {
    /// `even`, `none` or `平手`, or any name [`Handicap::from_name`] reads.
    pub fn from_name(name: &str) -> Option<GameKind> {
        let name = name.trim();
        if ["even", "none"].iter().any(|w| w.eq_ignore_ascii_case(name)) || name == "平手" {
            return Some(GameKind::Even);
        }
        Handicap::from_name(name).map(GameKind::Handicap)
    }

    /// Its start position.
    pub fn position(self) -> Position {
        match self {
            GameKind::Even => Position::startpos(),
            GameKind::Handicap(h) => h.position(),
        }
    }

    pub fn handicap(self) -> Option<Handicap> {
        match self {
            GameKind::Even => None,
            GameKind::Handicap(h) => Some(h),
        }
    }

    /// The names a command or option takes, for a refusal: `lance, right-lance, …, or even`.
    pub fn names() -> String {
        let names: Vec<&str> = Handicap::ALL.iter().map(|h| h.name()).collect();
        format!("{}, or even", names.join(", "))
    }
}

/// `rook handicap (飛車落ち)`, `even game (平手)`.
impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameKind::Even => f.write_str("even game (平手)"),
            GameKind::Handicap(h) => write!(f, "{} handicap ({})", h.name(), h.japanese()),
        }
    }
}

/// Settings for the interactive modes, built from the command line (the "high-level"
/// arguments, as opposed to the parsed command line itself).
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Think on the opponent's time.
    pub ponder: bool,
    /// Start position (SFEN), if not the standard one.
    pub start_sfen: Option<String>,
    /// `--handicap`: the kind of game (`None`: not chosen, an even game; the full screen
    /// then asks). A handicap's position comes before `start_sfen`.
    pub game_kind: Option<GameKind>,
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
    /// `--strength`: how well the computer plays, 0 to 20 (`None`: not chosen, full
    /// strength; the full screen then asks).
    pub strength: Option<u8>,
}
