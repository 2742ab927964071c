//! USI records: one line, as a USI engine is told a game: `position startpos moves 7g7f …`
//! or `position sfen <SFEN> moves …`. `position`, `moves` and the start may be left out
//! (`startpos moves 7g7f`, `sfen … moves …`, or the moves alone from the standard start).
//! The line keeps the start and the moves, nothing else. Blank lines and `#` lines before
//! it are skipped; what follows it is not read.

use super::{Headers, Record, Replay};
use crate::files::FileError;
use crate::notation::{parse_sfen, parse_usi_move, to_sfen};
use crate::rules::{Position, START_SFEN};
use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1};
use nom::character::complete::{multispace0, multispace1};
use nom::combinator::{map, opt, value};
use nom::multi::count;
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};

/// The start of the line: `None` for `startpos` (or nothing), else the SFEN's four fields.
fn start(i: &str) -> IResult<&str, Option<String>> {
    let (i, _) = opt(terminated(tag("position"), multispace1)).parse(i)?;
    let field = preceded(multispace1, take_till1(char::is_whitespace));
    let sfen = map((tag("sfen"), count(field, 4)), |(_, f): (_, Vec<&str>)| Some(f.join(" ")));
    let (i, start) = opt(alt((value(None, tag("startpos")), sfen))).parse(i)?;
    let (i, _) = opt(preceded(multispace1, tag("moves"))).parse(i)?;
    let (i, _) = multispace0(i)?;
    Ok((i, start.flatten()))
}

/// Reads the first line that is neither blank nor a `#` comment.
pub fn parse(text: &str) -> Result<Record, FileError> {
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        return parse_line(line).map_err(|e| FileError::new(n + 1, e.reason));
    }
    Err(FileError::new(0, "no game in the file"))
}

/// Reads one line (its errors say line 1).
pub fn parse_line(line: &str) -> Result<Record, FileError> {
    let (moves, sfen) =
        start(line.trim()).map_err(|_| FileError::new(1, "not a USI position line"))?;
    let pos = match sfen {
        None => Position::startpos(),
        Some(sfen) => parse_sfen(&sfen).map_err(|e| FileError::new(1, format!("sfen: {e}")))?,
    };
    let mut replay = Replay::new(pos, Headers::default(), Vec::new());
    for word in moves.split_ascii_whitespace() {
        let m = parse_usi_move(word)
            .ok_or_else(|| FileError::new(1, format!("'{word}' is not a USI move")))?;
        replay.play(m.shape(), word, 1)?;
    }
    Ok(replay.record)
}

/// The line, with a line break: `position startpos moves …` from the standard start (the
/// move number 1), else `position sfen … moves …`.
pub fn write(record: &Record) -> String {
    let sfen = to_sfen(&record.start);
    let mut line = if sfen == START_SFEN {
        "position startpos".to_string()
    } else {
        format!("position sfen {sfen}")
    };
    if !record.moves.is_empty() {
        line.push_str(" moves");
        for m in &record.moves {
            line.push(' ');
            line.push_str(&m.mv.to_string());
        }
    }
    line.push('\n');
    line
}
