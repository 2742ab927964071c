//! The command line: GNU Shogi's options (its `+x` forms too), parsed by clap, and the
//! settings they give the text modes.

use crate::config::{Config, GameKind};
use crate::engine::clock::parse_command_line;
use anyhow::Context;
use clap::{ArgAction, Parser};
use std::ffi::OsString;
use std::path::PathBuf;

/// What GNU Shogi does at start-up, and which mode it enters.
#[derive(Parser, Debug, Clone, Default)]
#[command(
    group(clap::ArgGroup::new("writers").args(["analyse", "mate"]).multiple(true)),
    // One mode at a time: two are refused, naming both (`--version`, `-v` and `--help`
    // answer whatever else is given, as clap's own `--help` does).
    group(clap::ArgGroup::new("mode")
        .args(["perft", "bench", "mate", "make_book", "analyse", "csa", "usi", "curses", "raw",
               "xshogi", "create_hash_file", "hash_file_stats"])
        .multiple(false)),
    name = "gnushogi",
    about = "GNU Shogi: Japanese chess for XBoard, xshogi, USI and the terminal",
    disable_help_flag = true,
    disable_version_flag = true,
    args_override_self = true,
    override_usage = "gnushogi [OPTIONS] [TIMECONTROL]...",
    after_help = "Modes: no display option (or -X) speaks the xshogi dialect and turns to XBoard's \
                  protocol on `xboard` and to USI on `usi`; -R is the text mode for people, -C \
                  the full-screen mode.\n\n\
                  Time controls: `gnushogi 30` thinks 30 seconds a move, `gnushogi 5:00` five \
                  minutes a move; pairs are MOVES MINUTES[:SECONDS]: `gnushogi 40 5` gives 40 \
                  moves in 5 minutes, `gnushogi 30 5 1 :30` 5 minutes for the first 30 moves and \
                  30 seconds for each move after that (up to 4 pairs; the last one repeats).\n\n\
                  Options starting with '+' turn a feature on: +a (ponder), +h (hash table).\n\n\
                  Exit status: 0 on quit or end of input; 2 for a bad option or argument (with a \
                  message saying which and why); 1 after -v (as the original)."
)]
pub struct Cli {
    /// Do not think on the opponent's time (the default); `+a` thinks on it (pondering).
    #[arg(short = 'a', action = ArgAction::SetTrue)]
    pub no_ponder: bool,
    /// (`+a`) Think on the opponent's time.
    #[arg(long = "ponder", hide = true, action = ArgAction::SetTrue)]
    pub ponder: bool,

    /// Text opening book (GNU Shogi's .tbk format) to use instead of the built-in one.
    #[arg(short = 'b', value_name = "BOOKFILE")]
    pub book: Option<PathBuf>,
    /// Compiled opening book in this program's portable format.
    #[arg(short = 'B', value_name = "BINBOOKFILE")]
    pub binary_book: Option<PathBuf>,

    /// Full-screen terminal display: a menu of time controls, then the board.
    #[arg(short = 'C', action = ArgAction::SetTrue)]
    pub curses: bool,
    /// With -C: Japanese piece names (the `kanji` command turns them on and off).
    #[arg(long, action = ArgAction::SetTrue)]
    pub kanji: bool,
    /// Raw text display, for people at a terminal.
    #[arg(short = 'R', action = ArgAction::SetTrue)]
    pub raw: bool,
    /// xshogi display (the default): the xshogi dialect, XBoard's on `xboard`, USI on `usi`.
    #[arg(short = 'X', action = ArgAction::SetTrue)]
    pub xshogi: bool,

    /// The original's persistent hash file: this version keeps none; says so and exits 0.
    #[arg(short = 'c', value_name = "SIZE", num_args = 0..=1, default_missing_value = "22")]
    pub create_hash_file: Option<u32>,
    /// Do not use the transposition table; `+h` uses it (the default).
    #[arg(short = 'h', action = ArgAction::SetTrue)]
    pub no_hash: bool,
    /// (`+h`) Use the transposition table.
    #[arg(long = "hash-on", hide = true, action = ArgAction::SetTrue)]
    pub hash_on: bool,
    /// Statistics of the persistent hash file: this version keeps none; says so and exits 0.
    #[arg(short = 't', action = ArgAction::SetTrue)]
    pub hash_file_stats: bool,
    /// Transposition table size in MiB (default 64; the original's "2^SIZE entries" meant
    /// nothing there).
    #[arg(short = 'T', value_name = "MIB")]
    pub hash_size: Option<usize>,
    /// Rehash length 1..=7 (accepted; this table always probes a 4-entry bucket).
    #[arg(short = 'r', value_name = "LENGTH", value_parser = clap::value_parser!(u32).range(1..=7))]
    pub rehash: Option<u32>,

    /// File that `get` and `xget` read (no prompt for the name).
    #[arg(short = 'l', value_name = "PATHNAME")]
    pub load_file: Option<PathBuf>,
    /// Language of messages (only English exists).
    #[arg(short = 'L', value_name = "LANG")]
    pub language: Option<String>,
    /// File that `save` and `bsave` write (no prompt for the name).
    #[arg(short = 's', value_name = "PATHNAME")]
    pub save_file: Option<PathBuf>,
    /// Deepest ply read from a book, or stored by --make-book (default 40).
    #[arg(short = 'P', long = "max-depth", value_name = "PLYLEVELS")]
    pub book_plies: Option<u32>,
    /// Size of a compiled book in entries (kept for compatibility).
    #[arg(short = 'S', value_name = "SIZE")]
    pub book_size: Option<u32>,
    /// Evaluation window xwndw in centipawns (shown by `help`; the search sets its own
    /// windows).
    #[arg(short = 'x', value_name = "VALUE", allow_negative_numbers = true)]
    pub xwndw: Option<i32>,
    /// Print `gnushogi version V` on stderr and exit 1, as the original (--version: stdout, 0).
    #[arg(short = 'v', action = ArgAction::SetTrue)]
    pub short_version: bool,

    /// Count the leaves of the move tree to DEPTH (perft) and exit.
    #[arg(long, value_name = "DEPTH")]
    pub perft: Option<u32>,
    /// With --perft: one line per legal move.
    #[arg(long, action = ArgAction::SetTrue)]
    pub divide: bool,
    /// Search a fixed set of positions and print the node count (the bench signature).
    #[arg(long, action = ArgAction::SetTrue)]
    pub bench: bool,
    /// Depth for --bench.
    #[arg(long = "bench-depth", value_name = "DEPTH")]
    pub bench_depth: Option<u32>,
    /// Solve a mate problem (checks only) and exit: the position of --sfen, or of RECORD (a
    /// KIF with its board diagram, a BOD diagram, CSA or USI) after its last move or --ply N.
    #[arg(long, value_name = "RECORD", num_args = 0..=1)]
    pub mate: Option<Option<PathBuf>>,
    /// With --mate RECORD: the position after N plies of the record (0: its start).
    #[arg(long, value_name = "N", requires = "mate")]
    pub ply: Option<usize>,
    /// Position for --perft, --mate and the start of play (SFEN).
    #[arg(long, value_name = "SFEN")]
    pub sfen: Option<String>,
    /// Start the text, xshogi and full-screen games with this handicap (White gives it and
    /// moves first): lance, right-lance, bishop, rook, rook-lance, two-piece, …, ten-piece,
    /// the Japanese name, or even.
    #[arg(long, value_name = "NAME", value_parser = game_kind)]
    pub handicap: Option<GameKind>,
    /// How well the computer plays in the text, xshogi and full-screen modes: 0 (a beginner)
    /// to 20 (full strength, the default); doc/strength.md gives each level's Elo.
    #[arg(long, value_name = "LEVEL", value_parser = clap::value_parser!(u8).range(0..=20))]
    pub strength: Option<u8>,
    /// Time limit in seconds (for --mate; for --analyse, the time for each position).
    #[arg(long, value_name = "SECONDS")]
    pub time: Option<f64>,
    /// Analyse a game record (KIF, CSA, USI moves or a saved game): every move judged, a
    /// summary for each side, and with --out and --graph an annotated record and a graph.
    #[arg(long, value_name = "RECORD")]
    pub analyse: Option<PathBuf>,
    /// With --analyse: search each position to this depth (default 8, unless --time).
    #[arg(long, value_name = "D", requires = "analyse", conflicts_with = "time",
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// With --analyse: write the record with the analysis as comments; with --mate: the
    /// problem and its solution (KIF, KIFU, CSA or USI by the extension).
    #[arg(long, value_name = "FILE", requires = "writers")]
    pub out: Option<PathBuf>,
    /// With --analyse: draw the evaluation graph into this SVG file.
    #[arg(long, value_name = "FILE.svg", requires = "analyse")]
    pub graph: Option<PathBuf>,
    /// With --analyse: positions searched at once; with --mate: threads of the solve (default:
    /// every core there is).
    #[arg(long, value_name = "N", requires = "writers",
          value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
    /// Build an opening book from game records and exit.
    #[arg(long = "make-book", action = ArgAction::SetTrue)]
    pub make_book: bool,
    /// With --make-book: game record files or directories (USI move lists, CSA, KIF).
    #[arg(long = "from", value_name = "FILE", num_args = 1..)]
    pub records: Vec<PathBuf>,
    /// With --make-book: where to write the text book (default: standard output).
    #[arg(long = "book-out", value_name = "FILE")]
    pub book_out: Option<PathBuf>,
    /// With --make-book: keep only moves played in at least N games (default 2).
    #[arg(long = "min-count", value_name = "N")]
    pub min_count: Option<u32>,
    /// Seed for the random choices (book moves), for reproducible play.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// In the text, xshogi and full-screen modes, a game reaching this many plies is drawn.
    #[arg(long = "move-limit", value_name = "PLIES")]
    pub move_limit: Option<usize>,
    /// Speak USI from the start.
    #[arg(long, action = ArgAction::SetTrue)]
    pub usi: bool,
    /// Play on a CSA protocol server (floodgate, shogi-server, a tournament's): HOST or
    /// HOST:PORT (port 4081 by default). See doc/csa.md.
    #[arg(long, value_name = "HOST[:PORT]")]
    pub csa: Option<String>,
    /// With --csa: the login name.
    #[arg(long = "csa-id", value_name = "NAME")]
    pub csa_id: Option<String>,
    /// With --csa: the password (floodgate's is GAMENAME,TRIP, e.g. floodgate-300-10F,mytrip).
    #[arg(long = "csa-password", value_name = "PASS")]
    pub csa_password: Option<String>,
    /// With --csa: the settings kept between runs, a TOML file (server, id, password, games,
    /// margin, records, engine); the command line's options win.
    #[arg(long = "csa-config", value_name = "FILE",
          conflicts_with_all = ["perft", "bench", "mate", "make_book", "analyse", "usi", "curses", "raw",
                                "xshogi", "create_hash_file", "hash_file_stats"])]
    pub csa_config: Option<PathBuf>,
    /// With --csa: games to play, one login each (default 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub games: Option<u32>,
    /// With --csa: the directory the game records go to (default: the current one).
    #[arg(long = "csa-save", value_name = "DIR")]
    pub csa_save: Option<PathBuf>,
    /// With --csa: save each record as KIF too.
    #[arg(long = "csa-kif", action = ArgAction::SetTrue)]
    pub csa_kif: bool,
    /// With --csa: append the raw protocol lines to FILE (the password hidden).
    #[arg(long = "csa-log", value_name = "FILE")]
    pub csa_log: Option<PathBuf>,
    /// With --csa: milliseconds kept back from every move for the network (default 500).
    #[arg(long = "csa-margin", value_name = "MS")]
    pub csa_margin: Option<u64>,
    /// With --csa: show only each game's result and the score.
    #[arg(long, action = ArgAction::SetTrue)]
    pub quiet: bool,
    /// Print help and exit.
    #[arg(long, action = ArgAction::Help)]
    pub help: Option<bool>,
    /// Print the version and exit.
    #[arg(long, action = ArgAction::SetTrue)]
    pub version: bool,

    /// Time control: SECONDS (or MINUTES:SECONDS) a move, or up to 4 pairs of MOVES and
    /// MINUTES (or MINUTES:SECONDS).
    #[arg(value_name = "TIMECONTROL", allow_hyphen_values = false)]
    pub time_control: Vec<String>,
}

/// `--handicap NAME`: a handicap or `even`, or the names it takes.
fn game_kind(name: &str) -> Result<GameKind, String> {
    GameKind::from_name(name)
        .ok_or_else(|| format!("'{name}' is not a handicap; one of {}", GameKind::names()))
}

/// GNU Shogi's `+x` options become options clap understands: `+a` and `+h` turn a feature
/// on; any other `+X` is the same as `-X`, as in the original.
pub(crate) fn translate_args<I: IntoIterator<Item = OsString>>(args: I) -> Vec<OsString> {
    args.into_iter()
        .enumerate()
        .map(|(i, a)| match a.to_str() {
            Some("+a") if i > 0 => OsString::from("--ponder"),
            Some("+h") if i > 0 => OsString::from("--hash-on"),
            Some(s)
                if i > 0
                    && s.len() == 2
                    && s.starts_with('+')
                    && s.as_bytes()[1].is_ascii_alphabetic() =>
            {
                OsString::from(format!("-{}", &s[1..]))
            }
            _ => a,
        })
        .collect()
}

impl Cli {
    pub fn parse_args<I: IntoIterator<Item = OsString>>(args: I) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(translate_args(args)).map_err(without_far_suggestion)
    }
}

/// clap suggests the nearest option even when it is far (`--foo`: `--from`); only one a
/// typo or two away (`--sead`: `--seed`) is worth a tip.
fn without_far_suggestion(e: clap::Error) -> clap::Error {
    use clap::CommandFactory;
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return e;
    }
    let (Some(ContextValue::String(given)), Some(ContextValue::String(suggested))) =
        (e.get(ContextKind::InvalidArg), e.get(ContextKind::SuggestedArg))
    else {
        return e;
    };
    let (a, b) = (given.trim_start_matches('-'), suggested.trim_start_matches('-'));
    if strsim::damerau_levenshtein(a, b) <= (a.chars().count() / 4).max(1) {
        return e;
    }
    Cli::command().error(ErrorKind::UnknownArgument, format!("unexpected argument '{given}' found"))
}

/// What the program does, decided once from the command line: clap refuses two modes at once
/// (`--bench --csa HOST` is an error naming both, status 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `--version`: the version on stdout, status 0.
    Version,
    /// `-v`: the version on stderr, status 1, as the original.
    ShortVersion,
    /// `-c`, `-t`: the original's persistent hash file, which this version does not keep.
    HashFile,
    Perft(u32),
    Bench,
    Mate,
    MakeBook,
    Analyse(PathBuf),
    Csa,
    /// `-C`: the full-screen display.
    FullScreen,
    /// `--usi`: USI from the start.
    Usi,
    /// `-R`: the text mode for people.
    Text,
    /// The default (`-X`): the xshogi dialect, turning to XBoard's or USI on their greeting.
    Xshogi,
}

impl Cli {
    /// `--threads`, else every core there is (`--analyse` and `--mate` both default so).
    pub fn threads_or_cores(&self) -> usize {
        match self.threads {
            Some(n) => n as usize,
            None => crate::engine::cores(),
        }
    }

    /// The mode the options select (clap has already refused two at once).
    pub fn mode(&self) -> Mode {
        if self.version {
            Mode::Version
        } else if self.short_version {
            Mode::ShortVersion
        } else if self.create_hash_file.is_some() || self.hash_file_stats {
            Mode::HashFile
        } else if let Some(depth) = self.perft {
            Mode::Perft(depth)
        } else if self.bench {
            Mode::Bench
        } else if self.mate.is_some() {
            Mode::Mate
        } else if self.make_book {
            Mode::MakeBook
        } else if let Some(record) = &self.analyse {
            Mode::Analyse(record.clone())
        } else if self.csa.is_some() || self.csa_config.is_some() {
            Mode::Csa
        } else if self.curses {
            Mode::FullScreen
        } else if self.usi {
            Mode::Usi
        } else if self.raw {
            Mode::Text
        } else {
            Mode::Xshogi
        }
    }

    /// The settings of the interactive modes, or why an argument is refused.
    pub fn config(&self) -> anyhow::Result<Config> {
        let time_control = parse_command_line(&self.time_control).context("time control")?;
        if let Some(sfen) = &self.sfen {
            crate::notation::parse_sfen(sfen).context("--sfen")?;
        }
        if self.sfen.is_some() && self.handicap.is_some() {
            anyhow::bail!("--handicap and --sfen both give the start position: give one");
        }
        if self.kanji && !self.curses {
            anyhow::bail!("--kanji: only the full-screen display (-C) shows Japanese piece names");
        }
        if self.move_limit == Some(0) {
            anyhow::bail!("--move-limit: must be at least 1 ply");
        }
        Ok(Config {
            ponder: self.ponder && !self.no_ponder,
            start_sfen: self.sfen.clone(),
            game_kind: self.handicap,
            save_file: self.save_file.clone(),
            load_file: self.load_file.clone(),
            time_control,
            xwndw: self.xwndw,
            rehash: self.rehash,
            use_hash: !self.no_hash || self.hash_on,
            full_screen: self.curses,
            kanji: self.kanji,
            seeded: self.seed.is_some(),
            move_limit: self.move_limit,
            strength: self.strength,
        })
    }
}
