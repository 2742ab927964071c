//! CECP input: every line becomes a typed [`Command`] (or a [`ParseError`] that says how to
//! answer it). One parser per command; after its keyword the parser `cut`s, so a known command
//! with bad arguments is reported as such rather than as an unknown command.
//!
//! Lines read in `edit` mode have their own small language, [`EditCommand`].

use crate::notation::{self, XboardMove, parse_xboard_move};
use crate::rules::{PieceKind, Square};
use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{tag, take_till, take_while1},
    character::complete::{char, digit0, digit1, i64 as int64, space0, space1, u32 as uint32},
    combinator::{cut, eof, map, map_opt, opt, peek, rest, value, verify},
    error::Error as NomError,
    sequence::{delimited, pair, preceded, terminated},
};
use std::fmt;
use std::time::Duration;

/// A time control from `level MPS BASE INC`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Moves per session; 0 means the whole game.
    pub moves: u32,
    pub base: Duration,
    pub increment: Duration,
}

/// What `exclude` and `include` name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    All,
    Move { mv: XboardMove, text: String },
}

/// One line from the GUI, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Xboard,
    Protover(u32),
    Accepted(String),
    Rejected(String),
    New,
    Variant(String),
    Quit,
    Random,
    Force,
    Go,
    PlayOther,
    /// Sente (XBoard's White) on move, the engine plays gote.
    White,
    /// Gote (XBoard's Black) on move, the engine plays sente.
    Black,
    Level(Level),
    St(Duration),
    Sd(u32),
    /// The engine's clock (sent in centiseconds; negative values are read as zero).
    Time(Duration),
    /// The opponent's clock.
    Otim(Duration),
    /// `usermove X` or a bare move; `text` is the move as written, for replies.
    UserMove {
        mv: XboardMove,
        text: String,
    },
    /// `?`: move now.
    MoveNow,
    Ping(i64),
    Draw,
    Result {
        result: String,
        comment: String,
    },
    SetBoard(String),
    Edit,
    Hint,
    Bk,
    Undo,
    Remove,
    Hard,
    Easy,
    Post,
    NoPost,
    Analyze,
    Exit,
    /// `.`: analysis status.
    Status,
    Name(String),
    Rating(String),
    Ics(String),
    Computer,
    Pause,
    Resume,
    /// Megabytes.
    Memory(usize),
    Cores(usize),
    Option {
        name: String,
        value: Option<String>,
    },
    Exclude(Selection),
    Include(Selection),
}

/// Why a line is not a command, and so how to answer it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Not a command and not a move: `Error (unknown command): LINE`.
    Unknown,
    /// A known command with arguments it cannot take.
    Usage(&'static str),
    /// `usermove` followed by something that is not a move.
    NotAMove(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Unknown => f.write_str("unknown command"),
            ParseError::Usage(u) => write!(f, "usage: {u}"),
            ParseError::NotAMove(m) => write!(f, "not a move: {m}"),
        }
    }
}

type Res<'a, T> = IResult<&'a str, T>;

/// The usage line of every command that takes arguments (used when its parser fails).
const USAGE: &[(&str, &str)] = &[
    ("protover", "protover N"),
    ("accepted", "accepted FEATURE"),
    ("rejected", "rejected FEATURE"),
    ("variant", "variant NAME"),
    ("level", "level MPS BASE[:SS] INC"),
    ("st", "st SECONDS"),
    ("sd", "sd DEPTH"),
    ("time", "time CENTISECONDS"),
    ("otim", "otim CENTISECONDS"),
    ("ping", "ping N"),
    ("result", "result 1-0|0-1|1/2-1/2|* {COMMENT}"),
    ("setboard", "setboard FEN"),
    ("name", "name OPPONENT"),
    ("rating", "rating OWN OPPONENT"),
    ("ics", "ics HOSTNAME"),
    ("memory", "memory MEGABYTES"),
    ("cores", "cores N"),
    ("option", "option NAME[=VALUE]"),
    ("exclude", "exclude MOVE|all"),
    ("include", "include MOVE|all"),
];

/// Every command word [`parse_command`] knows (any other line is a move or unknown).
/// `doc/cecp.md` documents each; tests/docs.rs checks it, and that the list is complete.
#[rustfmt::skip]
pub const COMMANDS: &[&str] = &[
    "xboard", "protover", "accepted", "rejected", "new", "variant", "quit", "random", "force",
    "go", "playother", "white", "black", "level", "st", "sd", "time", "otim", "usermove", "?",
    "ping", "draw", "result", "setboard", "edit", "hint", "bk", "undo", "remove", "hard", "easy",
    "post", "nopost", "analyze", "exit", ".", "name", "rating", "ics", "computer", "pause",
    "resume", "memory", "cores", "option", "exclude", "include",
];

/// Parses one input line (outside `edit` mode).
pub fn parse_command(line: &str) -> Result<Command, ParseError> {
    let line = line.trim();
    match command(line) {
        Ok((_, c)) => Ok(c),
        Err(nom::Err::Failure(_)) => {
            let word = line.split_ascii_whitespace().next().unwrap_or("");
            if word == "usermove" {
                return Err(ParseError::NotAMove(line["usermove".len()..].trim().to_string()));
            }
            let usage = USAGE.iter().find(|(w, _)| *w == word).map_or("no arguments", |(_, u)| *u);
            Err(ParseError::Usage(usage))
        }
        Err(_) => match parse_xboard_move(line) {
            Some(mv) => Ok(Command::UserMove { mv, text: line.to_string() }),
            None => Err(ParseError::Unknown),
        },
    }
}

fn command(i: &str) -> Res<'_, Command> {
    alt((
        alt((
            bare("xboard", Command::Xboard),
            bare("new", Command::New),
            bare("quit", Command::Quit),
            bare("random", Command::Random),
            bare("force", Command::Force),
            bare("go", Command::Go),
            bare("playother", Command::PlayOther),
            bare("white", Command::White),
            bare("black", Command::Black),
            bare("?", Command::MoveNow),
            bare("draw", Command::Draw),
            bare("edit", Command::Edit),
            bare("hint", Command::Hint),
            bare("bk", Command::Bk),
            bare("undo", Command::Undo),
            bare("remove", Command::Remove),
            bare("hard", Command::Hard),
            bare("easy", Command::Easy),
            bare("post", Command::Post),
            bare("nopost", Command::NoPost),
            bare("analyze", Command::Analyze),
        )),
        alt((
            bare("exit", Command::Exit),
            bare(".", Command::Status),
            bare("computer", Command::Computer),
            bare("pause", Command::Pause),
            bare("resume", Command::Resume),
            protover,
            accepted,
            rejected,
            variant,
            level,
            st,
            sd,
            time,
            otim,
            usermove,
            ping,
            result,
            setboard,
            name,
            rating,
        )),
        alt((ics, memory, cores, option, exclude, include)),
    ))
    .parse(i)
}

/// A command word: the word, then a blank or the end of the line.
fn kw<'a>(word: &'static str) -> impl Parser<&'a str, Output = (), Error = NomError<&'a str>> {
    value((), terminated(tag(word), peek(alt((space1, eof)))))
}

/// A command without arguments.
fn bare<'a>(
    word: &'static str,
    cmd: Command,
) -> impl Parser<&'a str, Output = Command, Error = NomError<&'a str>> {
    preceded(kw(word), cut(value(cmd, (space0, eof))))
}

/// The rest of the line after a blank, trimmed and not empty.
fn text_arg(i: &str) -> Res<'_, String> {
    map(preceded(space1, verify(rest, |s: &str| !s.trim().is_empty())), |s: &str| {
        s.trim().to_string()
    })
    .parse(i)
}

/// One word after a blank, then the end of the line.
fn word_arg(i: &str) -> Res<'_, String> {
    map(
        terminated(preceded(space1, take_while1(|c: char| !c.is_whitespace())), (space0, eof)),
        str::to_string,
    )
    .parse(i)
}

/// A non-negative decimal number such as `3`, `0.5` or `2.`.
fn decimal(i: &str) -> Res<'_, f64> {
    // Built from the parts: nom 8.0's `recognize` cut `0.1` short here.
    map_opt((digit1, opt(preceded(char('.'), digit0))), |(int, frac): (&str, Option<&str>)| {
        format!("{int}.{}", frac.unwrap_or("0")).parse::<f64>().ok()
    })
    .parse(i)
}

fn seconds(i: &str) -> Res<'_, Duration> {
    map_opt(decimal, |s| Duration::try_from_secs_f64(s).ok()).parse(i)
}

fn centiseconds(i: &str) -> Res<'_, Duration> {
    map(int64, |cs| Duration::from_millis(cs.max(0).unsigned_abs().saturating_mul(10))).parse(i)
}

/// One number argument, then the end of the line.
fn number_arg<'a, O, P>(p: P) -> impl Parser<&'a str, Output = O, Error = NomError<&'a str>>
where
    P: Parser<&'a str, Output = O, Error = NomError<&'a str>>,
{
    terminated(preceded(space1, p), (space0, eof))
}

fn protover(i: &str) -> Res<'_, Command> {
    preceded(kw("protover"), cut(map(number_arg(uint32), Command::Protover))).parse(i)
}

fn accepted(i: &str) -> Res<'_, Command> {
    preceded(kw("accepted"), cut(map(text_arg, Command::Accepted))).parse(i)
}

fn rejected(i: &str) -> Res<'_, Command> {
    preceded(kw("rejected"), cut(map(text_arg, Command::Rejected))).parse(i)
}

fn variant(i: &str) -> Res<'_, Command> {
    preceded(kw("variant"), cut(map(word_arg, Command::Variant))).parse(i)
}

/// `BASE` of `level`: minutes, or minutes:seconds; anything glued after it is ignored, as the
/// protocol asks.
fn base_time(i: &str) -> Res<'_, Duration> {
    map_opt(
        terminated(
            pair(decimal, opt(preceded(char(':'), decimal))),
            take_till(|c: char| c.is_whitespace()),
        ),
        |(minutes, secs)| Duration::try_from_secs_f64(minutes * 60.0 + secs.unwrap_or(0.0)).ok(),
    )
    .parse(i)
}

fn level(i: &str) -> Res<'_, Command> {
    preceded(
        kw("level"),
        cut(map(
            (space1, uint32, space1, base_time, space1, seconds, space0, eof),
            |(_, moves, _, base, _, increment, _, _)| {
                Command::Level(Level { moves, base, increment })
            },
        )),
    )
    .parse(i)
}

fn st(i: &str) -> Res<'_, Command> {
    preceded(kw("st"), cut(map(number_arg(seconds), Command::St))).parse(i)
}

fn sd(i: &str) -> Res<'_, Command> {
    preceded(kw("sd"), cut(map(number_arg(uint32), Command::Sd))).parse(i)
}

fn time(i: &str) -> Res<'_, Command> {
    preceded(kw("time"), cut(map(number_arg(centiseconds), Command::Time))).parse(i)
}

fn otim(i: &str) -> Res<'_, Command> {
    preceded(kw("otim"), cut(map(number_arg(centiseconds), Command::Otim))).parse(i)
}

fn a_move(i: &str) -> Res<'_, (XboardMove, String)> {
    map_opt(word_arg, |w| parse_xboard_move(&w).map(|m| (m, w))).parse(i)
}

fn usermove(i: &str) -> Res<'_, Command> {
    preceded(kw("usermove"), cut(map(a_move, |(mv, text)| Command::UserMove { mv, text }))).parse(i)
}

fn ping(i: &str) -> Res<'_, Command> {
    preceded(kw("ping"), cut(map(number_arg(int64), Command::Ping))).parse(i)
}

fn result(i: &str) -> Res<'_, Command> {
    preceded(
        kw("result"),
        cut(map(
            (
                space1,
                alt((tag("1-0"), tag("0-1"), tag("1/2-1/2"), tag("*"))),
                peek(alt((space1, eof))),
                rest,
            ),
            |(_, r, _, comment): (&str, &str, &str, &str)| Command::Result {
                result: r.to_string(),
                comment: comment.trim().to_string(),
            },
        )),
    )
    .parse(i)
}

fn setboard(i: &str) -> Res<'_, Command> {
    preceded(kw("setboard"), cut(map(text_arg, Command::SetBoard))).parse(i)
}

fn name(i: &str) -> Res<'_, Command> {
    preceded(kw("name"), cut(map(text_arg, Command::Name))).parse(i)
}

fn rating(i: &str) -> Res<'_, Command> {
    preceded(kw("rating"), cut(map(text_arg, Command::Rating))).parse(i)
}

fn ics(i: &str) -> Res<'_, Command> {
    preceded(kw("ics"), cut(map(word_arg, Command::Ics))).parse(i)
}

fn memory(i: &str) -> Res<'_, Command> {
    preceded(kw("memory"), cut(map(number_arg(uint32), |m| Command::Memory(m as usize)))).parse(i)
}

fn cores(i: &str) -> Res<'_, Command> {
    preceded(kw("cores"), cut(map(number_arg(uint32), |n| Command::Cores(n as usize)))).parse(i)
}

/// `option NAME=VALUE`, or `option NAME` for buttons. Names may hold blanks.
fn option(i: &str) -> Res<'_, Command> {
    preceded(
        kw("option"),
        cut(map_opt(text_arg, |t| {
            let (name, value) = match t.split_once('=') {
                Some((n, v)) => (n.trim(), Some(v.trim().to_string())),
                None => (t.as_str(), None),
            };
            (!name.is_empty()).then(|| Command::Option { name: name.to_string(), value })
        })),
    )
    .parse(i)
}

fn selection(i: &str) -> Res<'_, Selection> {
    alt((
        value(Selection::All, (space1, tag("all"), space0, eof)),
        map(a_move, |(mv, text)| Selection::Move { mv, text }),
    ))
    .parse(i)
}

fn exclude(i: &str) -> Res<'_, Command> {
    preceded(kw("exclude"), cut(map(selection, Command::Exclude))).parse(i)
}

fn include(i: &str) -> Res<'_, Command> {
    preceded(kw("include"), cut(map(selection, Command::Include))).parse(i)
}

// ---- edit mode -------------------------------------------------------------------------

/// A line of `edit` mode.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditCommand {
    /// `c`: the other colour places the next pieces (sente first).
    ChangeColor,
    /// `#`: empty board and hands.
    Clear,
    /// `.`: leave edit mode.
    Done,
    /// `Pb4`, `+Bb2`, `Bb2+`, `P@e5`, or with a USI square `P7f`: a piece of the current colour.
    Place { kind: PieceKind, square: Square },
    /// `xb4`: empty a square.
    Empty(Square),
    /// `P@3`: the current colour holds this many of a kind (XBoard's extended edit form).
    Hand { kind: PieceKind, count: u32 },
}

/// Parses one `edit` mode line.
pub fn parse_edit_line(line: &str) -> Option<EditCommand> {
    let line = line.trim();
    edit_line(line).ok().map(|(_, c)| c)
}

fn edit_line(i: &str) -> Res<'_, EditCommand> {
    alt((
        value(EditCommand::ChangeColor, (alt((tag("c"), tag("C"))), eof)),
        value(EditCommand::Clear, (tag("#"), eof)),
        value(EditCommand::Done, (tag("."), eof)),
        map(delimited(char('x'), square, eof), EditCommand::Empty),
        map_opt((piece_letter, char('@'), digit1, eof), |(k, _, n, _)| {
            let count = n.parse().ok()?;
            k.is_hand_kind().then_some(EditCommand::Hand { kind: k, count })
        }),
        map_opt(
            (opt(char('+')), piece_letter, opt(char('@')), square, opt(char('+')), eof),
            |(pre, k, _, square, post, _)| {
                let kind = if pre.is_some() || post.is_some() { k.promote()? } else { k };
                Some(EditCommand::Place { kind, square })
            },
        ),
    ))
    .parse(i)
}

fn piece_letter(i: &str) -> Res<'_, PieceKind> {
    map_opt(nom::character::complete::anychar, PieceKind::from_letter).parse(i)
}

/// A square in XBoard form (`e5`: file letter, rank digit) or USI form (`5e`).
pub fn square(i: &str) -> Res<'_, Square> {
    alt((notation::xboard::square, notation::usi::square)).parse(i)
}
