//! Scores and their text in every dialect.
//!
//! A [`Score`] is only numbers: centipawns from the side to move's view, or a forced mate
//! counted in plies. The search makes them, but the type lives here, below it, so that each
//! text form parses back into it:
//!
//! - USI: `cp 35`, `mate 5`, `mate -4`, then ` lowerbound` or ` upperbound` for a bound;
//! - XBoard: one number, centipawns or ±(100000 + moves to mate), and ` ?` (fail low) or
//!   ` !` (fail high) after the thinking line's moves;
//! - GNU Shogi's thinking line: `35` or `M5` (plies), with `.`, `+` or `-` after the depth;
//! - GNU Shogi's words for people: `+35`, `mate in 3`, `mated in 2`;
//! - GNU Shogi's game file: one number, centipawns or ±(10000 - plies) for a mate.

use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::tag,
    character::complete::{char, i32 as int, u32 as count},
    combinator::{all_consuming, map, map_opt, opt, value},
    sequence::preceded,
};

/// A score from the side to move's point of view. Centipawns (100 = one pawn), or a
/// forced mate counted in plies (positive: the side to move mates).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many plies; negative when the side to move is mated.
    Mate(i32),
}

impl Score {
    /// Mate distance in moves (rounded up), signed like the plies.
    pub fn mate_moves(self) -> Option<i32> {
        match self {
            Score::Mate(p) if p > 0 => Some((p + 1) / 2),
            Score::Mate(p) => Some(-((-p + 1) / 2)),
            Score::Cp(_) => None,
        }
    }

    /// The score as one number for comparing lines: centipawns, mates far beyond any of them,
    /// a sooner mate better for the side that mates.
    pub fn comparable(self) -> i64 {
        const MATE: i64 = 1_000_000;
        match self {
            Score::Cp(cp) => i64::from(cp),
            Score::Mate(p) if p > 0 => MATE - i64::from(p),
            Score::Mate(p) => -MATE - i64::from(p),
        }
    }
}

/// Whether a reported score is exact or only a bound (after an aspiration fail).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

// ---------------------------------------------------------------- USI

/// USI's score: `cp 35`, `mate -4`, then ` lowerbound` or ` upperbound` if it is a bound.
pub fn format_usi(score: Score, bound: Bound) -> String {
    let value = match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(p) => format!("mate {p}"),
    };
    let bound = match bound {
        Bound::Exact => "",
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
    };
    value + bound
}

/// USI's score, as [`format_usi`] writes it.
pub fn usi(i: &str) -> IResult<&str, (Score, Bound)> {
    let number = alt((
        map(preceded(tag("cp "), int), Score::Cp),
        map(preceded(tag("mate "), int), Score::Mate),
    ));
    let bound =
        alt((value(Bound::Lower, tag(" lowerbound")), value(Bound::Upper, tag(" upperbound"))));
    map((number, opt(bound)), |(s, b)| (s, b.unwrap_or(Bound::Exact))).parse(i)
}

/// Parses a USI score (`cp 35 lowerbound`), nothing around it.
pub fn parse_usi(text: &str) -> Option<(Score, Bound)> {
    all_consuming(usi).parse(text).ok().map(|(_, s)| s)
}

// ---------------------------------------------------------------- XBoard

/// Where XBoard's mate scores start: ±(100000 + moves to mate).
const XBOARD_MATE: i32 = 100_000;

/// XBoard's number for a score: centipawns, or ±(100000 + moves to mate).
pub fn xboard_value(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(p) if p > 0 => XBOARD_MATE + (p + 1) / 2,
        Score::Mate(p) => -(XBOARD_MATE + (-p + 1) / 2),
    }
}

/// The score an XBoard number stands for. XBoard counts moves, not plies: a mate read back is
/// the shortest that many moves make (the mating side moves last).
pub(crate) fn from_xboard_value(v: i32) -> Score {
    if v > XBOARD_MATE {
        Score::Mate((v - XBOARD_MATE).saturating_mul(2) - 1)
    } else if v <= -XBOARD_MATE {
        Score::Mate((v + XBOARD_MATE).saturating_mul(2))
    } else {
        Score::Cp(v)
    }
}

/// XBoard's score in a thinking line: the number of [`xboard_value`].
pub fn format_xboard(score: Score) -> String {
    xboard_value(score).to_string()
}

/// XBoard's score, as [`format_xboard`] writes it.
pub fn xboard(i: &str) -> IResult<&str, Score> {
    map(int, from_xboard_value).parse(i)
}

/// Parses an XBoard score, nothing around it.
pub fn parse_xboard(text: &str) -> Option<Score> {
    all_consuming(xboard).parse(text).ok().map(|(_, s)| s)
}

/// What ends an XBoard thinking line for a bound (protocol 4.8): ` ?` for a fail low, ` !`
/// for a fail high, nothing for an exact score.
pub fn xboard_bound_mark(bound: Bound) -> &'static str {
    match bound {
        Bound::Exact => "",
        Bound::Upper => " ?",
        Bound::Lower => " !",
    }
}

// ---------------------------------------------------------------- GNU Shogi

/// GNU Shogi's thinking line: the score as `35`, or `M5` for a mate in plies.
pub fn format_gnu(score: Score) -> String {
    match score {
        Score::Cp(cp) => cp.to_string(),
        Score::Mate(p) => format!("M{p}"),
    }
}

/// GNU Shogi's thinking-line score, as [`format_gnu`] writes it.
pub fn gnu(i: &str) -> IResult<&str, Score> {
    alt((map(preceded(char('M'), int), Score::Mate), map(int, Score::Cp))).parse(i)
}

/// Parses a GNU Shogi thinking-line score, nothing around it.
pub fn parse_gnu(text: &str) -> Option<Score> {
    all_consuming(gnu).parse(text).ok().map(|(_, s)| s)
}

/// The mark after the depth in GNU Shogi's thinking line: `.` exact, `+` fail high, `-` fail
/// low.
pub fn gnu_bound_mark(bound: Bound) -> char {
    match bound {
        Bound::Exact => '.',
        Bound::Lower => '+',
        Bound::Upper => '-',
    }
}

/// The bound a GNU Shogi thinking-line mark stands for.
pub fn parse_gnu_bound_mark(c: char) -> Option<Bound> {
    [Bound::Exact, Bound::Lower, Bound::Upper].into_iter().find(|&b| gnu_bound_mark(b) == c)
}

/// A score as a person reads it: `+35`, `mate in 3`, `mated in 2` (moves, not plies).
pub fn format_words(score: Score) -> String {
    match (score, score.mate_moves().unwrap_or(0)) {
        (Score::Cp(cp), _) => format!("{cp:+}"),
        (Score::Mate(_), m) if m > 0 => format!("mate in {m}"),
        (Score::Mate(_), m) => format!("mated in {}", -m),
    }
}

/// A score in words, as [`format_words`] writes it. As with XBoard, a mate read back is the
/// shortest that many moves make.
pub fn words(i: &str) -> IResult<&str, Score> {
    let moves = || map_opt(count, |m| i32::try_from(m).ok()?.checked_mul(2));
    alt((
        map_opt(preceded(tag("mate in "), moves()), |plies| {
            (plies > 0).then(|| Score::Mate(plies - 1))
        }),
        map(preceded(tag("mated in "), moves()), |plies| Score::Mate(-plies)),
        map_opt((alt((char('+'), char('-'))), count), |(sign, v)| {
            let v = i32::try_from(v).ok()?;
            Some(Score::Cp(if sign == '-' { -v } else { v }))
        }),
    ))
    .parse(i)
}

/// Parses a score in words, nothing around it.
pub fn parse_words(text: &str) -> Option<Score> {
    all_consuming(words).parse(text).ok().map(|(_, s)| s)
}

/// The number GNU Shogi's game file keeps for a score: centipawns, or ±(10000 - plies) for a
/// mate. The file is read back as numbers only (its reader never needs the score itself).
pub fn gnu_file_value(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(p) if p > 0 => 10_000 - p,
        Score::Mate(p) => -10_000 - p,
    }
}
