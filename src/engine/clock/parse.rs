//! The text forms of a time control: the command line's positional arguments and the text
//! modes' `level` (nom parsers), and what is wrong with one that cannot be.

use super::control::{Period, TimeControl};
use nom::{
    IResult, Parser,
    character::complete::{char, digit0, digit1},
    combinator::{all_consuming, map_res, opt},
};
use std::fmt;
use std::time::Duration;

/// Most move/time pairs on the command line (as the man page says).
pub const MAX_PERIODS: usize = 4;

/// A time control that cannot be: the words given and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    NotATime(String),
    MoreThan1000Hours(String),
    NotMoves(String),
    NotANumberOfMoves(String),
    ZeroMoves,
    TooManyMoves(u32),
    ZeroTimeAMove(Option<String>),
    NoTimeInPeriod(Option<String>),
    OddArguments(usize),
    TooManyPairs(usize),
    FischerUsage,
    FischerNoTime,
    LevelUsage,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TimeControlError::*;
        match self {
            NotATime(t) => write!(f, "'{t}' is not a time (MINUTES[:SECONDS] or :SECONDS)"),
            MoreThan1000Hours(t) => write!(f, "'{t}' is more than 1000 hours"),
            NotMoves(t) => write!(f, "'{t}' is not a number of moves (1 to 1000)"),
            NotANumberOfMoves(t) => write!(f, "'{t}' is not a number of moves"),
            ZeroMoves => f.write_str("a period of 0 moves"),
            TooManyMoves(n) => write!(f, "{n} moves: at most 1000"),
            ZeroTimeAMove(Some(t)) => write!(f, "'{t}': the time a move must not be zero"),
            ZeroTimeAMove(None) => f.write_str(
                "0 moves in no time: level 0 MINUTES[:SECONDS] is a fixed time a move, \
                 which must not be zero",
            ),
            NoTimeInPeriod(Some(t)) => write!(f, "'{t}': a period of no time"),
            NoTimeInPeriod(None) => f.write_str("a period of no time"),
            OddArguments(n) => write!(
                f,
                "{n} time-control arguments: give one (seconds a move) or pairs of MOVES \
                 MINUTES[:SECONDS]"
            ),
            TooManyPairs(n) => write!(f, "{n} time-control pairs: at most {MAX_PERIODS}"),
            FischerUsage => f.write_str("Fischer clock: level fMINUTES INCREMENT"),
            FischerNoTime => f.write_str("Fischer clock with no time at all"),
            LevelUsage => f.write_str(
                "level MOVES MINUTES[:SECONDS] [INCREMENT], or level fMINUTES INCREMENT",
            ),
        }
    }
}

impl std::error::Error for TimeControlError {}

fn number(i: &str) -> IResult<&str, u64> {
    map_res(digit1, str::parse::<u64>).parse(i)
}

/// `[minutes]:seconds` or a plain number (its unit is the caller's).
fn clock_value(i: &str) -> IResult<&str, (Option<u64>, Option<u64>)> {
    let (i, first) = opt(number).parse(i)?;
    let (i, second) = opt((
        char(':'),
        map_res(digit0, |s: &str| if s.is_empty() { Ok(0) } else { s.parse::<u64>() }),
    ))
    .parse(i)?;
    Ok((i, (first, second.map(|(_, s)| s))))
}

/// Parses `MIN[:SEC]`, `:SEC` or `MIN` (when `plain_is_minutes`) / `SEC` (otherwise).
pub fn parse_time(text: &str, plain_is_minutes: bool) -> Result<Duration, TimeControlError> {
    let parsed = all_consuming(clock_value).parse(text).map(|(_, v)| v);
    let secs = match parsed {
        Ok((Some(m), Some(s))) => m.checked_mul(60).and_then(|m| m.checked_add(s)),
        Ok((None, Some(s))) => Some(s),
        Ok((Some(n), None)) if plain_is_minutes => n.checked_mul(60),
        Ok((Some(n), None)) => Some(n),
        _ => None,
    };
    match secs {
        Some(s) if s <= 1000 * 3600 => Ok(Duration::from_secs(s)),
        Some(_) => Err(TimeControlError::MoreThan1000Hours(text.into())),
        None => Err(TimeControlError::NotATime(text.into())),
    }
}

fn parse_moves(text: &str) -> Result<u32, TimeControlError> {
    match text.parse::<u32>() {
        Ok(0) => Err(TimeControlError::ZeroMoves),
        Ok(n) if n <= 1000 => Ok(n),
        _ => Err(TimeControlError::NotMoves(text.into())),
    }
}

/// The positional time-control arguments of the command line, as the man page documents:
/// one argument is the time a move in `[minutes:]seconds`; otherwise pairs of MOVES and
/// `MINUTES[:SECONDS]`, at most four, the last repeating.
pub fn parse_command_line(args: &[String]) -> Result<Option<TimeControl>, TimeControlError> {
    match args {
        [] => Ok(None),
        [one] => {
            let t = parse_time(one, false)?;
            if t.is_zero() {
                return Err(TimeControlError::ZeroTimeAMove(Some(one.clone())));
            }
            Ok(Some(TimeControl::PerMove(t)))
        }
        _ if args.len() % 2 == 1 => Err(TimeControlError::OddArguments(args.len())),
        _ if args.len() > 2 * MAX_PERIODS => Err(TimeControlError::TooManyPairs(args.len() / 2)),
        _ => {
            let mut periods = Vec::new();
            for pair in args.chunks(2) {
                let moves = parse_moves(&pair[0])?;
                let time = parse_time(&pair[1], true)?;
                if time.is_zero() {
                    let words = format!("{} {}", pair[0], pair[1]);
                    return Err(TimeControlError::NoTimeInPeriod(Some(words)));
                }
                periods.push(Period { moves, time });
            }
            Ok(Some(TimeControl::Tournament { periods, increment: Duration::ZERO }))
        }
    }
}

/// The `level` command: `M T[:S]` (M = 0: `T[:S]` a move, clocks off), `fMIN INC` (Fischer:
/// MIN minutes plus INC seconds a move, 50 moves assumed), and `M T[:S] INC`.
pub fn parse_level(text: &str) -> Result<TimeControl, TimeControlError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if let Some(first) = words.first()
        && let Some(min) = first.strip_prefix('f')
    {
        let (min, inc) = match (min, words.get(1..)) {
            ("", Some([m, i])) => (*m, *i),
            ("", Some([m])) => (*m, "0"),
            (m, Some([i])) => (m, *i),
            (m, Some([])) => (m, "0"),
            _ => return Err(TimeControlError::FischerUsage),
        };
        let base = parse_time(min, true)?;
        let increment = parse_time(inc, false)?;
        if base.is_zero() && increment.is_zero() {
            return Err(TimeControlError::FischerNoTime);
        }
        return Ok(TimeControl::Tournament {
            periods: vec![Period { moves: 50, time: base }],
            increment,
        });
    }
    let (moves, time, inc) = match words.as_slice() {
        [m, t] => (*m, *t, None),
        [m, t, i] => (*m, *t, Some(*i)),
        _ => return Err(TimeControlError::LevelUsage),
    };
    let moves: u32 =
        moves.parse().map_err(|_| TimeControlError::NotANumberOfMoves(moves.into()))?;
    let time = parse_time(time, true)?;
    let increment = match inc {
        Some(i) => parse_time(i, false)?,
        None => Duration::ZERO,
    };
    if moves == 0 {
        if time.is_zero() {
            return Err(TimeControlError::ZeroTimeAMove(None));
        }
        return Ok(TimeControl::PerMove(time));
    }
    if moves > 1000 {
        return Err(TimeControlError::TooManyMoves(moves));
    }
    if time.is_zero() && increment.is_zero() {
        return Err(TimeControlError::NoTimeInPeriod(None));
    }
    Ok(TimeControl::Tournament { periods: vec![Period { moves, time }], increment })
}
