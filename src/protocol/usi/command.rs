//! USI input: one line becomes a typed [`Command`] (nom), or a [`CommandError`] that says what
//! was wrong. Nothing here touches the engine or the game.

use super::options::Setting;
use crate::notation::{UsiMove, parse_sfen, parse_usi_move};
use crate::rules::Position;
use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{tag, take_till1},
    character::complete::{char, digit1, space1},
    combinator::{eof, map, map_res, opt, peek, recognize, rest, value, verify},
    multi::{many0, many1, separated_list1},
    sequence::{preceded, terminated},
};
use std::fmt;
use std::time::Duration;

/// One USI command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Usi,
    IsReady,
    SetOption(Setting),
    UsiNewGame,
    /// `position startpos|sfen ... [moves ...]`: the moves are USI syntax, not yet checked
    /// against the position.
    Position {
        start: Box<Position>,
        moves: Vec<UsiMove>,
    },
    Go(Go),
    Stop,
    /// `ponderhit`, with the clocks from now on when the GUI gives them (ShogiHome's early
    /// ponder sends `go ponder` bare and the clocks here): only the clock fields are set.
    PonderHit(Option<Go>),
    GameOver(GameResult),
    Quit,
    /// `usi_tunables`: ShogiArena's request for the options an SPSA run may tune (the
    /// search's margins and reductions, which `usi` does not list).
    Tunables,
}

/// The parameters of `go`. Times are already `Duration`s; negative times count as zero.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub btime: Option<Duration>,
    pub wtime: Option<Duration>,
    pub binc: Option<Duration>,
    pub winc: Option<Duration>,
    pub byoyomi: Option<Duration>,
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub infinite: bool,
    pub ponder: bool,
    /// `go mate [ms|infinite]`: solve a mate problem instead of searching.
    pub mate: Option<MateTime>,
    /// `searchmoves m1 m2 …`: only these root moves (USI syntax, not yet checked).
    pub searchmoves: Vec<UsiMove>,
}

/// How long `go mate` may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MateTime {
    Infinite,
    Limit(Duration),
}

/// `gameover win|lose|draw`, from the engine's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win,
    Lose,
    Draw,
}

/// Why a line is not a command; printed as `info string error <message>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError(pub String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn error<T>(msg: impl Into<String>) -> Result<T, CommandError> {
    Err(CommandError(msg.into()))
}

/// A keyword that stands as a whole word.
fn kw<'a>(
    word: &'static str,
) -> impl Parser<&'a str, Output = &'a str, Error = nom::error::Error<&'a str>> {
    terminated(tag(word), peek(alt((space1, eof))))
}

/// One whitespace-separated word.
fn word(i: &str) -> IResult<&str, &str> {
    take_till1(|c: char| c.is_ascii_whitespace()).parse(i)
}

/// Milliseconds; a negative count (a GUI whose clock ran over) is zero.
fn millis(i: &str) -> IResult<&str, Duration> {
    map_res(recognize((opt(char('-')), digit1)), |s: &str| {
        s.parse::<i64>().map(|ms| Duration::from_millis(ms.max(0) as u64))
    })
    .parse(i)
}

fn number<T: std::str::FromStr>(i: &str) -> IResult<&str, T> {
    map_res(digit1, str::parse::<T>).parse(i)
}

#[derive(Clone, Debug)]
enum GoItem {
    BTime(Duration),
    WTime(Duration),
    BInc(Duration),
    WInc(Duration),
    Byoyomi(Duration),
    MoveTime(Duration),
    Depth(u32),
    Nodes(u64),
    Infinite,
    Ponder,
    Mate(MateTime),
    SearchMoves(Vec<UsiMove>),
}

impl GoItem {
    fn keyword(&self) -> &'static str {
        match self {
            GoItem::BTime(_) => "btime",
            GoItem::WTime(_) => "wtime",
            GoItem::BInc(_) => "binc",
            GoItem::WInc(_) => "winc",
            GoItem::Byoyomi(_) => "byoyomi",
            GoItem::MoveTime(_) => "movetime",
            GoItem::Depth(_) => "depth",
            GoItem::Nodes(_) => "nodes",
            GoItem::Infinite => "infinite",
            GoItem::Ponder => "ponder",
            GoItem::Mate(_) => "mate",
            GoItem::SearchMoves(_) => "searchmoves",
        }
    }
}

/// The `go` parameters, as the error for an unknown one lists them.
const GO_PARAMETERS: &str = "btime, wtime, binc, winc, byoyomi, movetime, depth, nodes, infinite, ponder, mate, searchmoves";

fn go_item(i: &str) -> IResult<&str, GoItem> {
    let timed = |name: &'static str, f: fn(Duration) -> GoItem| {
        map(preceded((kw(name), space1), millis), f)
    };
    let mate_time = alt((value(MateTime::Infinite, kw("infinite")), map(millis, MateTime::Limit)));
    alt((
        timed("btime", GoItem::BTime),
        timed("wtime", GoItem::WTime),
        timed("binc", GoItem::BInc),
        timed("winc", GoItem::WInc),
        timed("byoyomi", GoItem::Byoyomi),
        timed("movetime", GoItem::MoveTime),
        map(preceded((kw("depth"), space1), number), GoItem::Depth),
        map(preceded((kw("nodes"), space1), number), GoItem::Nodes),
        value(GoItem::Infinite, kw("infinite")),
        value(GoItem::Ponder, kw("ponder")),
        map(preceded(kw("mate"), opt(preceded(space1, mate_time))), |t| {
            GoItem::Mate(t.unwrap_or(MateTime::Infinite))
        }),
        map(preceded(kw("searchmoves"), many1(preceded(space1, usi_move))), GoItem::SearchMoves),
    ))
    .parse(i)
}

impl Go {
    fn set(&mut self, item: GoItem) {
        match item {
            GoItem::BTime(t) => self.btime = Some(t),
            GoItem::WTime(t) => self.wtime = Some(t),
            GoItem::BInc(t) => self.binc = Some(t),
            GoItem::WInc(t) => self.winc = Some(t),
            GoItem::Byoyomi(t) => self.byoyomi = Some(t),
            GoItem::MoveTime(t) => self.movetime = Some(t),
            GoItem::Depth(d) => self.depth = Some(d),
            GoItem::Nodes(n) => self.nodes = Some(n),
            GoItem::Infinite => self.infinite = true,
            GoItem::Ponder => self.ponder = true,
            GoItem::Mate(t) => self.mate = Some(t),
            GoItem::SearchMoves(moves) => self.searchmoves = moves,
        }
    }
}

/// One move of `searchmoves`.
fn usi_move(i: &str) -> IResult<&str, UsiMove> {
    map_res(word, |w| parse_usi_move(w).ok_or(())).parse(i)
}

/// The parameters of `go` (or the clocks of `ponderhit`), in any order.
fn go_items(command: &str, valid: &str, args: &str) -> Result<Vec<GoItem>, CommandError> {
    let (rest, items) = many0(preceded(opt(space1), go_item))
        .parse(args)
        .map_err(|_| CommandError(format!("{command}: unreadable parameters")))?;
    let rest = rest.trim();
    if !rest.is_empty() {
        let what = rest.split_ascii_whitespace().next().unwrap_or(rest);
        return error(format!(
            "{command}: unexpected '{what}' (an unknown parameter, or one without its value; \
             valid: {valid})"
        ));
    }
    Ok(items)
}

fn parse_go(args: &str) -> Result<Go, CommandError> {
    let mut go = Go::default();
    for item in go_items("go", GO_PARAMETERS, args)? {
        go.set(item);
    }
    if go.depth == Some(0) {
        return error("go: depth must be at least 1");
    }
    Ok(go)
}

/// Words up to (not including) the word `stop`, as one slice of the input.
fn words_until<'a>(
    stop: &'static str,
) -> impl Parser<&'a str, Output = &'a str, Error = nom::error::Error<&'a str>> {
    recognize(separated_list1(space1, verify(word, move |w: &str| w != stop)))
}

fn parse_position(args: &str) -> Result<Command, CommandError> {
    #[derive(Clone)]
    enum Start<'a> {
        Startpos,
        Sfen(&'a str),
    }
    let start = alt((
        value(Start::Startpos, kw("startpos")),
        map(preceded((kw("sfen"), space1), words_until("moves")), Start::Sfen),
    ));
    let moves = preceded((space1, kw("moves")), many0(preceded(space1, word)));
    let parsed: IResult<&str, _> = (start, opt(moves)).parse(args);
    let (extra, (start, moves)) = parsed.map_err(|_| {
        CommandError("position: expected 'startpos' or 'sfen <SFEN>', then 'moves ...'".into())
    })?;
    if !extra.trim().is_empty() {
        return error(format!("position: unexpected '{}'", extra.trim()));
    }
    let start = match start {
        Start::Startpos => Position::startpos(),
        Start::Sfen(text) => {
            parse_sfen(text).map_err(|e| CommandError(format!("position: bad SFEN: {e}")))?
        }
    };
    let moves = moves
        .unwrap_or_default()
        .into_iter()
        .map(|m| {
            parse_usi_move(m)
                .ok_or_else(|| CommandError(format!("position: '{m}' is not a USI move")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Command::Position { start: Box::new(start), moves })
}

fn parse_setoption(args: &str) -> Result<Command, CommandError> {
    let name = preceded((kw("name"), space1), words_until("value"));
    let val = preceded((space1, kw("value")), opt(preceded(space1, rest)));
    let (_, (name, value, extra)) = (name, opt(val), rest)
        .parse(args)
        .map_err(|_| CommandError("setoption: expected 'name <id> [value <x>]'".into()))?;
    if !extra.trim().is_empty() {
        return error(format!("setoption: unexpected '{}'", extra.trim()));
    }
    let value = value.map(|v| v.unwrap_or("").trim());
    Setting::parse(name, value)
        .map(Command::SetOption)
        .map_err(|e| CommandError(format!("setoption {name}: {e}")))
}

/// `ponderhit [btime x] [wtime y] [binc a] [winc b] [byoyomi z]`.
fn parse_ponderhit(args: &str) -> Result<Command, CommandError> {
    if args.is_empty() {
        return Ok(Command::PonderHit(None));
    }
    let mut go = Go::default();
    for item in go_items("ponderhit", "btime, wtime, binc, winc, byoyomi", args)? {
        if !matches!(
            item,
            GoItem::BTime(_)
                | GoItem::WTime(_)
                | GoItem::BInc(_)
                | GoItem::WInc(_)
                | GoItem::Byoyomi(_)
        ) {
            return error(format!(
                "ponderhit: '{}' is no clock; ponderhit takes btime, wtime, binc, winc and byoyomi",
                item.keyword()
            ));
        }
        go.set(item);
    }
    Ok(Command::PonderHit(Some(go)))
}

fn parse_gameover(args: &str) -> Result<Command, CommandError> {
    let result = alt((
        value(GameResult::Win, kw("win")),
        value(GameResult::Lose, kw("lose")),
        value(GameResult::Draw, kw("draw")),
    ));
    match (result, eof).parse(args) {
        Ok((_, (r, _))) => Ok(Command::GameOver(r)),
        Err(_) => error(format!("gameover: expected win, lose or draw, not '{args}'")),
    }
}

/// Every command [`parse_command`] knows. `doc/usi.md` documents each; tests/docs.rs checks
/// it, and that the list is complete.
#[rustfmt::skip]
pub const COMMANDS: &[&str] = &[
    "usi", "isready", "setoption", "usinewgame", "position", "go", "stop", "ponderhit",
    "gameover", "quit", "usi_tunables",
];

/// Parses one input line. `Ok(None)` for a blank line.
pub fn parse_command(line: &str) -> Result<Option<Command>, CommandError> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(None);
    }
    let (name, args) = match line.split_once(|c: char| c.is_ascii_whitespace()) {
        Some((n, a)) => (n, a.trim()),
        None => (line, ""),
    };
    let bare = |c: Command| {
        if args.is_empty() { Ok(Some(c)) } else { error(format!("{name}: unexpected '{args}'")) }
    };
    match name {
        "usi" => bare(Command::Usi),
        "isready" => bare(Command::IsReady),
        "usinewgame" => bare(Command::UsiNewGame),
        "stop" => bare(Command::Stop),
        "ponderhit" => parse_ponderhit(args).map(Some),
        "quit" => bare(Command::Quit),
        "usi_tunables" => bare(Command::Tunables),
        "setoption" => parse_setoption(args).map(Some),
        "position" => parse_position(args).map(Some),
        "go" => parse_go(args).map(|g| Some(Command::Go(g))),
        "gameover" => parse_gameover(args).map(Some),
        _ => error(format!("unknown command '{name}'")),
    }
}
