//! USI move lists: one game a line, `[position] startpos [moves] 7g7f 3c3d ...` (or the
//! bare moves), an optional result after a tab.

use super::{GameRecord, GameResult, Records, Replay, ReplayError};
use crate::notation::parse_usi_move;
use crate::rules::Color;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{multispace0, multispace1};
use nom::combinator::opt;
use nom::sequence::preceded;
use nom::{IResult, Parser};
use std::fmt;

/// Why a game of a USI move list was left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsiMoveError {
    NotUsi(String),
    Illegal(ReplayError),
}

impl fmt::Display for UsiMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsiMoveError::NotUsi(w) => write!(f, "'{w}' is not a USI move"),
            UsiMoveError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for UsiMoveError {}

/// `[position] startpos [moves]`, then the moves.
fn usi_start(i: &str) -> IResult<&str, bool> {
    let (i, _) = opt((tag("position"), multispace1)).parse(i)?;
    let (i, start) = alt((tag("startpos"), tag("sfen"))).parse(i)?;
    let (i, _) = opt(preceded(multispace1, tag("moves"))).parse(i)?;
    let (i, _) = multispace0(i)?;
    Ok((i, start == "startpos"))
}

fn parse_result_word(w: &str) -> GameResult {
    match w.trim() {
        "1-0" => GameResult::Win(Color::Black),
        "0-1" => GameResult::Win(Color::White),
        "1/2-1/2" | "1/2" | "draw" => GameResult::Draw,
        _ => GameResult::Unknown,
    }
}

pub(super) fn parse(name: &str, data: &[u8], tick: &mut dyn FnMut(usize)) -> Records {
    let text = String::from_utf8_lossy(data);
    let mut out = Records::default();
    for (n, line) in text.lines().enumerate() {
        tick(line.len() + 1);
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{name}:{}", n + 1);
        let mut fields = line.split('\t');
        let spec = fields.next().unwrap_or("").trim();
        let result = fields.next().map_or(GameResult::Unknown, parse_result_word);
        let moves = match usi_start(spec) {
            Ok((_, false)) => {
                out.problems.push(format!("{at}: not from the standard start position"));
                continue;
            }
            Ok((rest, true)) => rest,
            // A bare list of moves.
            Err(_) => spec,
        };
        let mut replay = Replay::new();
        let played = moves.split_ascii_whitespace().try_for_each(|w| {
            let m = parse_usi_move(w).ok_or_else(|| UsiMoveError::NotUsi(w.to_string()))?;
            replay.play(m.shape()).map_err(UsiMoveError::Illegal)
        });
        match played {
            Err(e) => out.problems.push(format!("{at}: {e}; game left out")),
            Ok(()) if replay.moves.is_empty() => {}
            Ok(()) => out.games.push(GameRecord { name: at, moves: replay.moves, result }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::records::{Format, parse_records, usi_strings as usi};

    #[test]
    fn usi_lists() {
        let data = "# moves\tresult\n\
                    startpos moves 7g7f 3c3d 8h2b+\t1-0\ttoryo\n\
                    position startpos moves 2g2f\t0-1\n\
                    7g7f 8c8d\n\
                    sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i5h\t*\n\
                    startpos moves 7g7f 7g7f\t*\n";
        let r = parse_records("g.tsv", data.as_bytes(), Format::UsiList);
        assert_eq!(r.games.len(), 3);
        assert_eq!(usi(&r.games[0].moves), ["7g7f", "3c3d", "8h2b+"]);
        assert_eq!(r.games[0].result, GameResult::Win(Color::Black));
        assert_eq!(r.games[0].name, "g.tsv:2");
        assert_eq!(r.games[1].result, GameResult::Win(Color::White));
        assert_eq!(r.games[2].result, GameResult::Unknown);
        assert_eq!(r.problems.len(), 2);
        assert_eq!(r.problems[0], "g.tsv:5: not from the standard start position");
        assert!(r.problems[1].starts_with("g.tsv:6: move 2 7g7f: "), "{}", r.problems[1]);
    }
}
