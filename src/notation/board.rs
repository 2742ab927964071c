//! GNU Shogi's boards as text (the text mode's board, the game file, the xshogi position
//! file, the full screen without kanji): each square two characters, a `+` before a promoted
//! piece and its letter, whose case tells the side.

use crate::rules::{Color, Piece, PieceKind};
use std::fmt;

/// A piece's letter on GNU Shogi's boards: its base kind's letter, upper case for White
/// (gote) when `white_upper`, else for Black (sente). A promoted piece's `+` goes before it.
pub(crate) fn piece_letter(piece: Piece, white_upper: bool) -> char {
    let letter = piece.kind().base_letter();
    let upper = (piece.color() == Color::White) == white_upper;
    if upper { letter } else { letter.to_ascii_lowercase() }
}

/// The unpromoted piece a letter stands for, `white_upper` as in [`piece_letter`].
pub(crate) fn parse_piece_letter(c: char, white_upper: bool) -> Option<Piece> {
    let kind = PieceKind::from_letter(c)?;
    let color = if c.is_ascii_uppercase() == white_upper { Color::White } else { Color::Black };
    Some(Piece::new(color, kind))
}

/// Two characters of a square as GNU Shogi's boards draw it (the text mode, the game file,
/// the xshogi position file): `+` marker and letter, upper case for White (gote), lower case
/// for Black (sente), or the other way round without `white_upper`; `empty` for no piece.
pub fn square_text(piece: Option<Piece>, empty: char, white_upper: bool) -> [char; 2] {
    match piece {
        None => [' ', empty],
        Some(p) => {
            let marker = if p.kind().is_promoted() { '+' } else { ' ' };
            [marker, piece_letter(p, white_upper)]
        }
    }
}

/// Reads a square's two characters back; `None` for an empty square. `white_upper` as in
/// [`square_text`].
pub fn parse_square_text(
    marker: char,
    letter: char,
    empty: char,
    white_upper: bool,
) -> Result<Option<Piece>, SquareTextError> {
    if letter == empty {
        if marker != ' ' {
            return Err(SquareTextError::MarkedEmpty(marker));
        }
        return Ok(None);
    }
    let base =
        parse_piece_letter(letter, white_upper).ok_or(SquareTextError::NotALetter(letter))?;
    let kind = match marker {
        ' ' => base.kind(),
        '+' => base.kind().promote().ok_or(SquareTextError::CannotPromote(letter))?,
        m => return Err(SquareTextError::BadMarker(m)),
    };
    Ok(Some(Piece::new(base.color(), kind)))
}

/// Why a square's two characters are not a square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SquareTextError {
    /// A marker before an empty square.
    MarkedEmpty(char),
    NotALetter(char),
    CannotPromote(char),
    BadMarker(char),
}

impl fmt::Display for SquareTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareTextError::MarkedEmpty(m) => write!(f, "'{m}' before an empty square"),
            SquareTextError::NotALetter(l) => write!(f, "'{l}' is not a piece letter"),
            SquareTextError::CannotPromote(l) => write!(f, "'+{l}': that piece cannot promote"),
            SquareTextError::BadMarker(m) => write!(f, "'{m}' where a '+' or a space belongs"),
        }
    }
}

impl std::error::Error for SquareTextError {}
