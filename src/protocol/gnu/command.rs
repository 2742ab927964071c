//! The commands of the text and xshogi modes, parsed from one input line.
//!
//! The first word names the command (exactly, case-sensitive, as in the original); the rest
//! of the line is its argument, parsed here into values. A missing argument is `None` where
//! the interpreter then asks for it (`depth` alone asks `depth = `); a bad one is a
//! [`CommandError`], whose text is the interpreter's reply. A word that names no command is a
//! move.

use crate::config::GameKind;
use crate::engine::clock::{TimeControl, TimeControlError, parse_level};
use crate::notation::{Annotation, SfenError, parse_sfen};
use crate::rules::{Color, EnteringKingRule, Piece, PieceKind, Position};
use nom::{
    IResult, Parser,
    bytes::complete::take_till1,
    character::complete::{anychar, multispace0, multispace1, one_of},
    combinator::{all_consuming, opt, rest},
    sequence::preceded,
};
use std::fmt;
use std::path::PathBuf;

/// Deepest search the `depth` command accepts (plies).
pub const MAX_DEPTH: u32 = 64;

/// The files a command reads or writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FileCmd {
    Save,
    Get,
    XSave,
    XGet,
    BSave,
}

impl FileCmd {
    pub fn name(self) -> &'static str {
        match self {
            FileCmd::Save => "save",
            FileCmd::Get => "get",
            FileCmd::XSave => "xsave",
            FileCmd::XGet => "xget",
            FileCmd::BSave => "bsave",
        }
    }
}

/// Toggles and simple switches.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Toggle {
    Post,
    NoPost,
    Easy,
    Hard,
    Book,
    Hash,
    Tsume,
    Rcptr,
    GameIn,
    Material,
    Coords,
    Reverse,
    Beep,
    Stars,
    Force,
    /// `showboard`: the board after each move, its destination marked.
    ShowBoard,
}

/// Settings of one number (besides `depth`, which has limits of its own).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    Contempt,
    Xwndw,
    /// `resignvalue`: the computer resigns a game lost by this many centipawns.
    ResignValue,
}

impl Setting {
    pub fn limit(self) -> Limit {
        match self {
            Setting::Contempt => Limit::new("contempt", -1000, 1000),
            Setting::Xwndw => Limit::new("xwndw", 0, 1000),
            Setting::ResignValue => Limit {
                name: "resignvalue",
                lo: crate::engine::resign::MIN_VALUE as i32,
                hi: crate::engine::resign::NEVER as i32,
                note: " (99999: never)",
            },
        }
    }
}

/// Settings of two numbers, each asked for when missing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pair {
    Awindow,
    Bwindow,
    HashDepth,
}

impl Pair {
    /// The limits of the first number and of the second.
    pub fn limits(self) -> [Limit; 2] {
        match self {
            Pair::Awindow => [Limit::new("Awindow", 0, 1000); 2],
            Pair::Bwindow => [Limit::new("Bwindow", 0, 1000); 2],
            Pair::HashDepth => {
                [Limit::new("hashdepth", 0, MAX_DEPTH as i32), Limit::new("hashdepth", 0, 1000)]
            }
        }
    }
}

/// The numbers a setting takes, named as its command, so that every refusal says the same.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limit {
    pub name: &'static str,
    pub lo: i32,
    pub hi: i32,
    /// Said after the range: what a special value means.
    pub note: &'static str,
}

/// `strength`'s numbers.
pub(crate) const STRENGTH: Limit = Limit {
    name: "strength",
    lo: 0,
    hi: crate::engine::strength::MAX_SKILL as i32,
    note: " (20: full strength)",
};

impl Limit {
    const fn new(name: &'static str, lo: i32, hi: i32) -> Limit {
        Limit { name, lo, hi, note: "" }
    }
}

/// `depth`/`sd`: 0 is the deepest.
pub const DEPTH: Limit =
    Limit { name: "depth", lo: 0, hi: MAX_DEPTH as i32, note: " (0: the deepest)" };

/// `hint N`: how many best moves to show.
pub(crate) const HINT_LINES: Limit = Limit {
    name: "hint",
    lo: 1,
    hi: crate::search::MAX_MULTIPV as i32,
    note: " (the best moves to show)",
};

/// `time`/`otime`: a clock in centiseconds, and the moves it is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ClockTime {
    /// The number as typed.
    pub centis: i64,
    /// `N:SS`, written by some clients: the seconds, in centiseconds, add to N.
    pub extra: i64,
    /// Moves to the next time control (0: not given).
    pub moves: u32,
}

impl ClockTime {
    /// The clock's time in centiseconds.
    pub fn total(&self) -> i64 {
        self.centis.saturating_add(self.extra)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    New,
    Quit,
    Board,
    Undo,
    Remove,
    Go,
    Switch,
    /// `black`: the computer plays White.
    Black,
    /// `white`: the computer plays Black.
    White,
    Both,
    /// `enteringking RULE`; without one, the rule in force and the choices.
    EnteringKing(Option<EnteringKingRule>),
    /// `handicap NAME`: a new game of that kind; without one, the kinds and the one in force.
    Handicap(Option<GameKind>),
    /// `hint`: a move; `hint N`: the best N moves with their scores.
    Hint(Option<u32>),
    Level(Option<TimeControl>),
    /// The depth in plies (`depth 0` is the deepest, [`MAX_DEPTH`]).
    Depth(Option<u32>),
    /// `strength N`: the playing level; without one, the level in force and the range.
    Strength(Option<u8>),
    Set(Setting, Option<i32>),
    /// The first value, and the second when the line gives it too.
    SetPair(Pair, Option<(i32, Option<i32>)>),
    Time(ClockTime),
    OTime(ClockTime),
    Toggle(Toggle),
    Random,
    P,
    Test,
    Debug(Option<Piece>),
    /// `None`: the command line's file, or ask.
    File(FileCmd, Option<PathBuf>),
    /// `list [FILE]`: the listing to FILE, or to the original's `CL.*` name.
    List(Option<PathBuf>),
    Edit,
    Setup,
    Annotate(Annotation),
    Sfen,
    SetSfen(Box<Position>),
    Moves,
    /// `analyse [DEPTH | SECONDSs]`: the game so far, every move judged.
    Analyse(AnalyseLimit),
    Xboard,
    Usi,
    /// Accepted and ignored (`alg`, `accepted`, `rejected`, `variant`, `computer`, `name`).
    Ignored,
    /// Nothing on the line.
    Empty,
    /// Anything else: a move (only the first word counts).
    Move(String),
}

/// A command's argument that cannot be; the text is the interpreter's reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// `level`: not a time control.
    Level(TimeControlError),
    /// A setting's value (the word as typed) is not a number within its limits.
    OutOfRange { limit: Limit, value: String },
    /// `time`, `otime` (the command): the word is not centiseconds.
    NotATime { command: &'static str, word: String },
    /// `debug`: not a colour and a letter.
    DebugUsage,
    /// `debug`: the letter names no piece.
    NotAPieceLetter(char),
    /// `setsfen`: not a position.
    Sfen(SfenError),
    /// `analyse`: the word is neither a depth nor seconds.
    Analyse(String),
    /// `enteringking`: not a rule (the word as typed).
    NotARule(String),
    /// `handicap`: not a handicap's name (the words as typed).
    NotAHandicap(String),
}

/// How long `analyse` searches each position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AnalyseLimit {
    Depth(u32),
    Time(std::time::Duration),
}

/// `analyse` alone: a depth that takes a second or two for a whole game.
pub const ANALYSE_DEFAULT: AnalyseLimit = AnalyseLimit::Depth(6);
/// Longest time a position `analyse` accepts (seconds).
pub(crate) const ANALYSE_MAX_SECONDS: f64 = 600.0;

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Level(e) => write!(f, "level: {e}; nothing changed"),
            CommandError::OutOfRange { limit: l, value } => write!(
                f,
                "{}: '{value}' is not a number from {} to {}{}; nothing changed",
                l.name, l.lo, l.hi, l.note
            ),
            CommandError::NotATime { command, word } if word.is_empty() => {
                write!(f, "{command}: give a time in centiseconds, e.g. {command} 6000")
            }
            CommandError::NotATime { command, word } => {
                write!(f, "{command}: '{word}' is not a time in centiseconds")
            }
            CommandError::DebugUsage => {
                f.write_str("debug: give a colour and a piece letter, e.g. bP or wR")
            }
            CommandError::NotAPieceLetter(l) => write!(f, "debug: '{l}' is not a piece letter"),
            CommandError::Sfen(e) => write!(f, "setsfen: {e}"),
            CommandError::Analyse(w) => write!(
                f,
                "analyse: '{w}' is neither a depth (1 to {MAX_DEPTH}) nor a time a position \
                 (e.g. 2s, at most {ANALYSE_MAX_SECONDS}s)"
            ),
            CommandError::NotARule(w) => {
                let names: Vec<&str> = EnteringKingRule::ALL.iter().map(|r| r.name()).collect();
                write!(
                    f,
                    "enteringking: '{w}' is not a rule; one of {}; nothing changed",
                    names.join(", ")
                )
            }
            CommandError::NotAHandicap(w) => write!(
                f,
                "handicap: '{w}' is not a handicap; one of {}; nothing changed",
                GameKind::names()
            ),
        }
    }
}

impl std::error::Error for CommandError {}

/// Every first word [`parse`] reads as a command (any other word is a move), in the order
/// of `help`. `doc/commands.md` documents each; tests/docs.rs checks both, both ways.
#[rustfmt::skip]
pub const COMMANDS: &[&str] = &[
    "help", "new", "quit", "exit", "bd", "showboard", "undo", "remove", "go", "first", "switch", "black",
    "white", "both", "hint", "level", "clock", "depth", "sd", "strength", "contempt", "resignvalue", "xwndw", "Awindow",
    "Bwindow", "hashdepth", "time", "otime", "otim", "post", "nopost", "easy", "hard", "book",
    "hash", "tsume", "rcptr", "gamein", "material", "coords", "reverse", "rv", "beep", "stars",
    "force", "random", "p", "test", "debug", "save", "get", "xsave", "xget", "bsave", "list",
    "edit", "set", "setup", "enteringking", "handicap", "?", "!", "sfen", "setsfen", "moves", "analyse", "xboard",
    "usi", "alg",
    "accepted", "rejected", "variant", "computer", "name",
];

fn word_and_rest(i: &str) -> IResult<&str, (&str, Option<&str>)> {
    let (i, _) = multispace0(i)?;
    let (i, word) = take_till1(char::is_whitespace)(i)?;
    let (i, arg) = opt(preceded(multispace1, rest)).parse(i)?;
    Ok((i, (word, arg)))
}

/// Parses a line into a command, or says what is wrong with its argument.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let Ok((_, (word, arg))) = word_and_rest(line) else {
        return Ok(Command::Empty);
    };
    let arg = arg.unwrap_or("").trim();
    // An argument that may be missing (the interpreter then asks or uses a default).
    fn given<T>(
        arg: &str,
        parse: impl FnOnce(&str) -> Result<T, CommandError>,
    ) -> Result<Option<T>, CommandError> {
        if arg.is_empty() { Ok(None) } else { parse(arg).map(Some) }
    }
    use Command as C;
    Ok(match word {
        "help" => C::Help,
        "new" => C::New,
        "quit" | "exit" => C::Quit,
        "bd" => C::Board,
        "showboard" => C::Toggle(Toggle::ShowBoard),
        "undo" => C::Undo,
        "remove" => C::Remove,
        "go" | "first" => C::Go,
        "switch" => C::Switch,
        "black" => C::Black,
        "white" => C::White,
        "both" => C::Both,
        "enteringking" => C::EnteringKing(given(arg, entering_king_rule)?),
        "handicap" => C::Handicap(given(arg, |t| {
            GameKind::from_name(t).ok_or_else(|| CommandError::NotAHandicap(t.to_string()))
        })?),
        "hint" => {
            C::Hint(given(arg, |t| Ok(number_word(HINT_LINES, first_word(t))?.unsigned_abs()))?)
        }
        "level" | "clock" => C::Level(given(arg, level)?),
        "depth" | "sd" => C::Depth(given(arg, depth)?),
        "strength" => C::Strength(given(arg, |t| {
            let level = number_word(STRENGTH, first_word(t))?;
            Ok(u8::try_from(level).unwrap_or(0))
        })?),
        "contempt" => C::Set(Setting::Contempt, given(arg, |t| number(Setting::Contempt, t))?),
        "xwndw" => C::Set(Setting::Xwndw, given(arg, |t| number(Setting::Xwndw, t))?),
        "resignvalue" => {
            C::Set(Setting::ResignValue, given(arg, |t| number(Setting::ResignValue, t))?)
        }
        "Awindow" => C::SetPair(Pair::Awindow, given(arg, |t| pair(Pair::Awindow, t))?),
        "Bwindow" => C::SetPair(Pair::Bwindow, given(arg, |t| pair(Pair::Bwindow, t))?),
        "hashdepth" => C::SetPair(Pair::HashDepth, given(arg, |t| pair(Pair::HashDepth, t))?),
        "time" => C::Time(clock_time(arg, "time")?),
        "otime" | "otim" => C::OTime(clock_time(arg, "otime")?),
        "post" => C::Toggle(Toggle::Post),
        "nopost" => C::Toggle(Toggle::NoPost),
        "easy" => C::Toggle(Toggle::Easy),
        "hard" => C::Toggle(Toggle::Hard),
        "book" => C::Toggle(Toggle::Book),
        "hash" => C::Toggle(Toggle::Hash),
        "tsume" => C::Toggle(Toggle::Tsume),
        "rcptr" => C::Toggle(Toggle::Rcptr),
        "gamein" => C::Toggle(Toggle::GameIn),
        "material" => C::Toggle(Toggle::Material),
        "coords" => C::Toggle(Toggle::Coords),
        "reverse" | "rv" => C::Toggle(Toggle::Reverse),
        "beep" => C::Toggle(Toggle::Beep),
        "stars" => C::Toggle(Toggle::Stars),
        "force" => C::Toggle(Toggle::Force),
        "random" => C::Random,
        "p" => C::P,
        "test" => C::Test,
        "debug" => C::Debug(given(arg, debug_piece)?),
        "save" => C::File(FileCmd::Save, file_name(arg)),
        "get" => C::File(FileCmd::Get, file_name(arg)),
        "xsave" => C::File(FileCmd::XSave, file_name(arg)),
        "xget" => C::File(FileCmd::XGet, file_name(arg)),
        "bsave" => C::File(FileCmd::BSave, file_name(arg)),
        "list" => C::List(file_name(arg)),
        "edit" | "set" => C::Edit,
        "setup" => C::Setup,
        "?" => C::Annotate(Annotation::Bad),
        "!" => C::Annotate(Annotation::Good),
        "sfen" => C::Sfen,
        "setsfen" => C::SetSfen(Box::new(parse_sfen(arg).map_err(CommandError::Sfen)?)),
        "moves" => C::Moves,
        "analyse" => C::Analyse(given(arg, analyse_limit)?.unwrap_or(ANALYSE_DEFAULT)),
        "xboard" => C::Xboard,
        "usi" => C::Usi,
        "alg" | "accepted" | "rejected" | "variant" | "computer" | "name" => C::Ignored,
        w => C::Move(w.to_string()),
    })
}

// ----- arguments: the command line's and the answers to the interpreter's questions -----

/// The first word of a text ("" when there is none), as the original read numbers.
fn first_word(text: &str) -> &str {
    text.split_whitespace().next().unwrap_or("")
}

/// One number within its limits, the whole word.
fn number_word(limit: Limit, word: &str) -> Result<i32, CommandError> {
    match word.parse::<i32>() {
        Ok(v) if (limit.lo..=limit.hi).contains(&v) => Ok(v),
        _ => Err(CommandError::OutOfRange { limit, value: word.to_string() }),
    }
}

/// A time control (`level`).
pub fn level(text: &str) -> Result<TimeControl, CommandError> {
    parse_level(text).map_err(CommandError::Level)
}

/// A search depth (`depth`): the first word, 1 to [`MAX_DEPTH`], or 0 for the deepest.
pub fn depth(text: &str) -> Result<u32, CommandError> {
    match number_word(DEPTH, first_word(text))? {
        0 => Ok(MAX_DEPTH),
        v => Ok(v.unsigned_abs()),
    }
}

/// `analyse`'s argument: a depth (`8`) or seconds a position (`2s`, `0.5s`), the first word.
pub fn analyse_limit(text: &str) -> Result<AnalyseLimit, CommandError> {
    use nom::character::complete::{char, u32 as number};
    use nom::number::complete::double;
    let word = first_word(text);
    let bad = || CommandError::Analyse(word.to_string());
    let seconds = all_consuming((double::<&str, ()>, char('s'))).parse(word);
    if let Ok((_, (s, _))) = seconds {
        if s > 0.0 && s <= ANALYSE_MAX_SECONDS {
            return Ok(AnalyseLimit::Time(std::time::Duration::from_secs_f64(s)));
        }
        return Err(bad());
    }
    match all_consuming(number::<&str, ()>).parse(word) {
        Ok((_, d)) if (1..=MAX_DEPTH).contains(&d) => Ok(AnalyseLimit::Depth(d)),
        _ => Err(bad()),
    }
}

/// `enteringking`: a rule by its name (`none`, `24`, `27`, `try`) or YaneuraOu's.
fn entering_king_rule(text: &str) -> Result<EnteringKingRule, CommandError> {
    let word = first_word(text);
    EnteringKingRule::from_name(word).ok_or_else(|| CommandError::NotARule(word.to_string()))
}

/// A setting's number: the first word (the rest is ignored).
pub fn number(s: Setting, text: &str) -> Result<i32, CommandError> {
    number_word(s.limit(), first_word(text))
}

/// A two-number setting: the first word, and the second when there is one.
pub fn pair(p: Pair, text: &str) -> Result<(i32, Option<i32>), CommandError> {
    let [a, b] = p.limits();
    let mut words = text.split_whitespace();
    let first = number_word(a, words.next().unwrap_or(""))?;
    let second = words.next().map(|w| number_word(b, w)).transpose()?;
    Ok((first, second))
}

/// The second number of a pair, asked for on its own: the whole answer.
pub fn second(p: Pair, text: &str) -> Result<i32, CommandError> {
    number_word(p.limits()[1], text.trim())
}

/// `time N[:SS] [MOVES]` or `otime …`: `command` names it in the error.
fn clock_time(text: &str, command: &'static str) -> Result<ClockTime, CommandError> {
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or("");
    let (centis, extra) = match first.split_once(':') {
        Some((a, b)) => (a.parse::<i64>(), b.parse::<i64>().unwrap_or(0).saturating_mul(100)),
        None => (first.parse::<i64>(), 0),
    };
    let centis = centis.map_err(|_| CommandError::NotATime { command, word: first.to_string() })?;
    // A count of moves that is not one is ignored, as the original.
    let moves = words.next().and_then(|w| w.parse::<u32>().ok()).unwrap_or(0);
    Ok(ClockTime { centis, extra, moves })
}

/// `debug`'s piece: a colour (`b` or `w`) and a piece letter, `bP`, `wR`.
pub fn debug_piece(text: &str) -> Result<Piece, CommandError> {
    let shape: IResult<&str, (char, char)> =
        all_consuming((one_of("bBwW"), anychar)).parse(text.trim());
    let Ok((_, (c, letter))) = shape else {
        return Err(CommandError::DebugUsage);
    };
    let color = if c.eq_ignore_ascii_case(&'b') { Color::Black } else { Color::White };
    let kind = PieceKind::from_letter(letter.to_ascii_uppercase())
        .ok_or(CommandError::NotAPieceLetter(letter))?;
    Ok(Piece::new(color, kind))
}

/// A file name (`save FILE`, or the answer to `Enter file name: `); `None` when empty.
pub fn file_name(text: &str) -> Option<PathBuf> {
    let name = text.trim();
    (!name.is_empty()).then(|| PathBuf::from(name))
}
