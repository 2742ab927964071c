//! The interpreter's state, in parts by what they are: who plays which side, how the game is
//! shown, how the computer searches, the original's settings that change nothing here, the
//! game's bookkeeping and what the input is read for. [`Interp`](super::Interp) holds one of
//! each beside the session it runs on, so that each file of the commands touches its part.

use super::board::View;
use super::command::{FileCmd, Pair, Setting};
use crate::config::Config;
use crate::files::MoveStats;
use crate::game::Outcome;
use crate::rules::{Color, Setup};
use std::collections::VecDeque;
use std::time::Instant;

/// Who plays which side: the computer's colour, and whether it plays neither side (`force`:
/// the user moves for both) or both (`both`); what `go`, `switch`, `undo` and `force` change.
pub(super) struct Seats {
    pub(super) computer: Color,
    pub(super) force: bool,
    pub(super) both: bool,
}

impl Default for Seats {
    /// The user plays Black, the computer White.
    fn default() -> Seats {
        Seats { computer: Color::White, force: false, both: false }
    }
}

/// What the display shows besides the moves: the user's toggles, which `new` keeps, and one
/// flag of the search running.
pub(super) struct Shown {
    /// `post`: the computer's thinking, line by line.
    pub(super) post: bool,
    /// A bell with the computer's move.
    pub(super) beep: bool,
    /// How the text displays draw the board (`coords`, `reverse`, `stars`).
    pub(super) view: View,
    /// `showboard`: the text display draws the board after each move.
    pub(super) showboard: bool,
    /// Draw the board after the computer's move (`switch`: not before it).
    pub(super) board_after_search: bool,
}

impl Default for Shown {
    fn default() -> Shown {
        Shown {
            post: false,
            beep: true,
            view: View::default(),
            showboard: false,
            board_after_search: false,
        }
    }
}

/// How the computer searches: the settings the engine is told of (`book`, `hash`,
/// `contempt`, `random`) and those the interpreter searches by (`depth`, `easy`, `tsume`).
pub(super) struct SearchSettings {
    /// No pondering.
    pub(super) easy: bool,
    /// The book's moves are chosen at random, by weight (the seed not fixed).
    pub(super) random: bool,
    pub(super) book: bool,
    pub(super) hash: bool,
    /// The deepest a search goes.
    pub(super) depth: u32,
    pub(super) contempt: i32,
    /// Look for a forced mate first.
    pub(super) tsume: bool,
}

impl SearchSettings {
    pub(super) fn new(config: &Config) -> SearchSettings {
        SearchSettings {
            easy: !config.ponder,
            random: !config.seeded,
            book: true,
            hash: config.use_hash,
            depth: 39,
            contempt: 0,
            tsume: false,
        }
    }
}

/// Settings the original GNU Shogi has and this program accepts, keeps and confirms, but that
/// change nothing here (its search's windows and recapture extension, its hash file, its draw
/// for lack of material): xshogi and old scripts send them, and they must not be refused.
pub(super) struct Inert {
    pub(super) material: bool,
    pub(super) rcptr: bool,
    /// The one that `help` shows.
    pub(super) xwndw: i32,
    pub(super) awindow: [i32; 2],
    pub(super) bwindow: [i32; 2],
    pub(super) hashdepth: [i32; 2],
}

impl Inert {
    /// The original's defaults (`xwndw` as the command line sets it).
    pub(super) fn new(config: &Config) -> Inert {
        Inert {
            material: false,
            rcptr: true,
            xwndw: config.xwndw.unwrap_or(90),
            awindow: [90, 90],
            bwindow: [90, 90],
            hashdepth: [4, 40],
        }
    }

    /// Keeps a pair's values; returns why they change nothing.
    pub(super) fn set_pair(&mut self, p: Pair, values: [i32; 2]) -> &'static str {
        match p {
            Pair::Awindow => {
                self.awindow = values;
                "this search sets its own aspiration windows"
            }
            Pair::Bwindow => {
                self.bwindow = values;
                "this search sets its own aspiration windows"
            }
            Pair::HashDepth => {
                self.hashdepth = values;
                "these were limits for the hash file, which this version does not keep"
            }
        }
    }
}

/// The game's bookkeeping that the match's game does not keep: what the records and the
/// announcements say of each move and of the game (its times, players, numbers, end).
pub(super) struct GameLog {
    /// One entry per move of the game.
    pub(super) stats: Vec<MoveStats>,
    /// Who played each move of the game (`None` for a move read from a file): the record's
    /// names come from them, since `undo` and `go` move the person to the other colour
    /// mid-game.
    pub(super) players: Vec<Option<Player>>,
    /// When the side to move began to think about its move.
    pub(super) turn_start: Instant,
    /// When the game began (a record read keeps its own date): the records' start date.
    pub(super) game_started: chrono::NaiveDateTime,
    /// The computer's and the user's move counters (the `N.` of the xshogi dialect's
    /// announcements; people are shown the game's move numbers).
    pub(super) computer_moves: u32,
    pub(super) user_moves: u32,
    /// The end of the game, once it is over.
    pub(super) outcome: Option<Outcome>,
}

impl GameLog {
    pub(super) fn new() -> GameLog {
        GameLog {
            stats: Vec::new(),
            players: Vec::new(),
            turn_start: Instant::now(),
            game_started: now_to_the_second(),
            computer_moves: 0,
            user_moves: 0,
            outcome: None,
        }
    }

    /// A new game or position: its moves' `stats` (none, or those of a game read), by no
    /// known player; the game not over, the turn and the game starting now.
    pub(super) fn restart(&mut self, stats: Vec<MoveStats>) {
        self.players = vec![None; stats.len()];
        self.stats = stats;
        self.outcome = None;
        self.turn_start = Instant::now();
        self.game_started = now_to_the_second();
    }

    /// The last move taken back: the game goes on.
    pub(super) fn take_back(&mut self) {
        self.stats.pop();
        self.players.pop();
        self.outcome = None;
    }
}

/// What the input is read for, and what of it waits: the lines typed while the computer
/// thought, the question asked, the board editors, and whether the input has ended.
#[derive(Default)]
pub(super) struct Reading {
    /// Input that arrived while the computer was thinking.
    pub(super) queued: VecDeque<String>,
    pub(super) prompt: Option<Prompt>,
    pub(super) editor: Option<Editor>,
    /// The rows `setup` has read so far.
    pub(super) setup_rows: Option<Vec<String>>,
    pub(super) eof: bool,
}

impl Reading {
    /// The next line is a move or a command: no question, editor or `setup` waits for it.
    pub(super) fn for_commands(&self) -> bool {
        self.prompt.is_none() && self.editor.is_none() && self.setup_rows.is_none()
    }

    /// What the next input line is for.
    pub(super) fn waiting(&self) -> Waiting {
        if self.prompt.is_some() {
            Waiting::Answer
        } else if self.editor.is_some() {
            Waiting::EditPiece
        } else if let Some(rows) = &self.setup_rows {
            Waiting::SetupRow(rows.len())
        } else {
            Waiting::Command
        }
    }
}

/// What the next input line is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// A move or a command.
    Command,
    /// The answer to a question (`depth = `, a file name, …).
    Answer,
    /// A piece and a square for the board editor (`edit`).
    EditPiece,
    /// Row `n` (0-based) of the nine that `setup` reads.
    SetupRow(usize),
}

/// A question the interpreter asked; the next line answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Prompt {
    Level,
    Depth,
    Setting(Setting),
    Pair(Pair),
    /// The second value of a pair, with the first.
    Second(Pair, i32),
    File(FileCmd),
    DebugPiece,
}

impl Prompt {
    /// The command that asked.
    pub(super) fn command(&self) -> &'static str {
        match self {
            Prompt::Level => "level",
            Prompt::Depth => "depth",
            Prompt::Setting(s) => s.limit().name,
            Prompt::Pair(p) | Prompt::Second(p, _) => p.limits()[0].name,
            Prompt::File(f) => f.name(),
            Prompt::DebugPiece => "debug",
        }
    }
}

/// The board editor of `edit`.
pub(super) struct Editor {
    pub(super) setup: Setup,
    pub(super) color: Color,
}

/// Who played a move: the record names the players by it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Player {
    /// Typed at the prompt.
    Person,
    /// Found by the computer's search (or its book).
    Computer,
}

impl Player {
    /// The name a record gives the player.
    pub(super) fn name(self) -> &'static str {
        match self {
            Player::Person => "Human",
            Player::Computer => "GNU Shogi",
        }
    }
}

/// The local time to the second, as records write dates.
pub(super) fn now_to_the_second() -> chrono::NaiveDateTime {
    use chrono::Timelike;
    let now = chrono::Local::now().naive_local();
    now.with_nanosecond(0).unwrap_or(now)
}
