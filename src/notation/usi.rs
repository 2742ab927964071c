//! USI move notation: `7g7f`, `2d2c+`, `P*5e`; and its squares (`7g`: the file's digit, the
//! rank's letter), which GNU Shogi's own notation and files share.

use crate::rules::{IllegalMove, Move, PieceKind, Position, Square};
use nom::{
    IResult, Parser,
    branch::alt,
    character::complete::{char, one_of},
    combinator::{all_consuming, map, map_opt, opt},
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

/// The rank letters, rank 1 (`a`, gote's back rank) first.
const RANK_LETTERS: &str = "abcdefghi";
/// The file digits, file 1 first.
const FILE_DIGITS: &str = "123456789";

/// The letter of a rank 1..=9: `a` to `i` (`?` for anything else).
pub fn rank_letter(rank: u8) -> char {
    Square::new(1, rank).map_or('?', Square::rank_char)
}

/// The rank a letter `a`–`i` names.
pub fn parse_rank_letter(c: char) -> Option<u8> {
    RANK_LETTERS.find(c).map(|i| i as u8 + 1)
}

/// The file a digit `1`–`9` names.
pub fn parse_file_digit(c: char) -> Option<u8> {
    FILE_DIGITS.find(c).map(|i| i as u8 + 1)
}

/// A USI square: file digit then rank letter (`7g`).
pub fn square(i: &str) -> IResult<&str, Square> {
    map_opt((one_of(FILE_DIGITS), one_of(RANK_LETTERS)), |(f, r)| {
        Square::new(parse_file_digit(f)?, parse_rank_letter(r)?)
    })
    .parse(i)
}

/// Parses a square in USI form (`7g`), nothing around it.
pub fn parse_square(text: &str) -> Option<Square> {
    all_consuming(square).parse(text).ok().map(|(_, sq)| sq)
}

/// A piece letter that can be dropped (`P L N S G B R`), upper case.
pub(crate) fn drop_letter(i: &str) -> IResult<&str, PieceKind> {
    map(one_of("PLNSGBR"), |c| PieceKind::from_letter(c).expect("listed")).parse(i)
}

fn usi_move(i: &str) -> IResult<&str, Move> {
    alt((
        map((drop_letter, char('*'), square), |(k, _, to)| Move::drop(k, to)),
        map((square, square, opt(char('+'))), |(from, to, p)| Move::normal(from, to, p.is_some())),
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
