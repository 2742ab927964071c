//! USI move notation: `7g7f`, `2d2c+`, `P*5e`.

use crate::rules::{IllegalMove, Move, PieceKind, Position, Square};
use nom::{
    IResult, Parser,
    branch::alt,
    character::complete::{char, one_of},
    combinator::{all_consuming, map, opt},
};

/// A move written in USI notation, not yet checked against a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UsiMove(Move);

impl UsiMove {
    /// The move, if the position accepts it.
    pub fn to_move(self, pos: &Position) -> Result<Move, IllegalMove> {
        pos.check_move(self.0).map(|()| self.0)
    }

    /// The move shape, unchecked (for tables that validate it later).
    pub fn shape(self) -> Move {
        self.0
    }
}

/// A USI square: file digit then rank letter (`7g`).
pub(crate) fn usi_square(i: &str) -> IResult<&str, Square> {
    let (i, (f, r)) = (one_of("123456789"), one_of("abcdefghi")).parse(i)?;
    let sq = Square::new(f as u8 - b'0', r as u8 - b'a' + 1).expect("in range");
    Ok((i, sq))
}

/// A piece letter that can be dropped (`P L N S G B R`), upper case.
pub(crate) fn drop_letter(i: &str) -> IResult<&str, PieceKind> {
    map(one_of("PLNSGBR"), |c| PieceKind::from_letter(c).expect("listed")).parse(i)
}

fn usi_move(i: &str) -> IResult<&str, Move> {
    alt((
        map((drop_letter, char('*'), usi_square), |(k, _, to)| Move::drop(k, to)),
        map((usi_square, usi_square, opt(char('+'))), |(from, to, p)| {
            Move::normal(from, to, p.is_some())
        }),
    ))
    .parse(i)
}

/// Parses one USI move; `None` if the text is not USI move syntax.
pub fn parse_usi_move(text: &str) -> Option<UsiMove> {
    let (_, m) = all_consuming(usi_move).parse(text).ok()?;
    if m.from() == Some(m.to()) {
        return None;
    }
    Some(UsiMove(m))
}

/// USI text of a move (same as its `Display`).
pub fn format_usi_move(m: Move) -> String {
    m.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        for s in ["7g7f", "2d2c+", "P*5e", "8h2b+", "G*1i"] {
            let m = parse_usi_move(s).unwrap();
            assert_eq!(format_usi_move(m.shape()), s);
        }
        for s in ["", "7g7", "7g7f++", "K*5e", "p*5e", "7g7g", "0a1b", "7g7f ", "P*5e+"] {
            assert!(parse_usi_move(s).is_none(), "{s}");
        }
    }

    #[test]
    fn legality_comes_from_the_position() {
        let p = Position::startpos();
        assert!(parse_usi_move("7g7f").unwrap().to_move(&p).is_ok());
        assert_eq!(parse_usi_move("7g7e").unwrap().to_move(&p), Err(IllegalMove::CannotReach));
        assert_eq!(parse_usi_move("P*5e").unwrap().to_move(&p), Err(IllegalMove::NotInHand));
    }
}
