//! GNU Shogi's own move notation, as typed in text mode and written in `.tbk` books.
//!
//! Coordinates (`7g7f`, `2d2c+`, `P*5e`) are the same as USI. The short forms name the piece
//! and the destination (`P7f`), optionally the origin rank (`Gi5h`) or file (`G65h`), or the
//! whole origin (`P7g7f`, `P7g-7f` in books). A promoted piece may carry a `+` prefix
//! (`+B3cx3d`); drops may use `'` for `*` (`B'8b`). A trailing `?` or `!` marks a bad or good
//! move. A text matches a move only if exactly one legal move fits it.

use crate::rules::{IllegalMove, Move, PieceKind, Position, Square, attacks};
use std::fmt;

/// `?` (bad) or `!` (good) after a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Annotation {
    Good,
    Bad,
}

/// A move in GNU Shogi notation, parsed but not yet matched against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextMove {
    /// Base kind named by the piece letter, if any.
    pub piece: Option<PieceKind>,
    /// A `+` before the letter: the piece is a promoted one.
    pub promoted_piece: bool,
    pub from_file: Option<u8>,
    pub from_rank: Option<u8>,
    pub drop: bool,
    pub to: Square,
    /// A `+` after the destination.
    pub promote: bool,
    pub annotation: Option<Annotation>,
}

/// Why a text move was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextMoveError {
    /// Not the grammar of a move at all.
    Syntax,
    /// No legal move fits the text.
    NoMatch,
    /// More than one legal move fits.
    Ambiguous(usize),
    /// Exactly one move fits the text but the rules forbid it.
    Illegal(IllegalMove),
}

impl fmt::Display for TextMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextMoveError::Syntax => f.write_str("not a move"),
            TextMoveError::NoMatch => f.write_str("no legal move matches"),
            TextMoveError::Ambiguous(n) => write!(f, "{n} moves match"),
            TextMoveError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TextMoveError {}

fn file_digit(c: u8) -> Option<u8> {
    (b'1'..=b'9').contains(&c).then(|| c - b'0')
}

fn rank_letter(c: u8) -> Option<u8> {
    (b'a'..=b'i').contains(&c).then(|| c - b'a' + 1)
}

impl TextMove {
    /// Parses one move. Book separators (`x`, `-`, `,`, `;`, `=`) are ignored.
    pub fn parse(text: &str) -> Option<TextMove> {
        let mut annotation = None;
        let mut core: Vec<u8> = Vec::with_capacity(text.len());
        for (i, c) in text.bytes().enumerate() {
            match c {
                b'?' | b'!' => {
                    // The first mark decides (`?!` is bad); what follows must be marks too.
                    if !text.as_bytes()[i..].iter().all(|&b| b == b'?' || b == b'!') {
                        return None;
                    }
                    annotation = Some(if c == b'?' { Annotation::Bad } else { Annotation::Good });
                    break;
                }
                b'x' | b'-' | b',' | b';' | b'=' => {}
                _ if c.is_ascii_graphic() => core.push(c),
                _ => return None,
            }
        }
        let mut s = core.as_slice();
        let mut promoted_piece = false;
        if let [b'+', rest @ ..] = s {
            promoted_piece = true;
            s = rest;
        }
        let mut piece = None;
        if let [c, rest @ ..] = s
            && c.is_ascii_alphabetic()
        {
            let kind = PieceKind::from_letter(char::from(*c))?;
            piece = Some(kind);
            s = rest;
        }
        if promoted_piece && !piece.is_some_and(PieceKind::can_promote) {
            return None;
        }
        let mut promote = false;
        if let [rest @ .., b'+'] = s {
            promote = true;
            s = rest;
        }
        let drop = matches!(s.first(), Some(b'*' | b'\''));
        if drop {
            s = &s[1..];
            if promote || promoted_piece || !piece.is_some_and(PieceKind::is_hand_kind) {
                return None;
            }
        }
        let [origin @ .., tf, tr] = s else {
            return None;
        };
        let to = Square::new(file_digit(*tf)?, rank_letter(*tr)?)?;
        let (from_file, from_rank) = match origin {
            [] => (None, None),
            [f, r] => (Some(file_digit(*f)?), Some(rank_letter(*r)?)),
            [c] if c.is_ascii_digit() => (Some(file_digit(*c)?), None),
            [c] => (None, Some(rank_letter(*c)?)),
            _ => return None,
        };
        if drop && !origin.is_empty() {
            return None;
        }
        // Without a piece letter the whole origin must be given (`7g7f`).
        if piece.is_none() && !drop && (from_file.is_none() || from_rank.is_none()) {
            return None;
        }
        Some(TextMove {
            piece,
            promoted_piece,
            from_file,
            from_rank,
            drop,
            to,
            promote,
            annotation,
        })
    }

    /// The move shapes this text could mean, legal or not (pieces that reach the square).
    fn candidates(&self, pos: &Position, allow_promoted: bool) -> Vec<Move> {
        let us = pos.side_to_move();
        if self.drop {
            return self.piece.map(|k| vec![Move::drop(k, self.to)]).unwrap_or_default();
        }
        let occ = pos.occupied();
        let mut out = Vec::new();
        for from in pos.pieces_of(us) {
            let p = pos.piece_at(from).expect("occupied");
            if let Some(letter) = self.piece {
                if p.kind().unpromote() != letter {
                    continue;
                }
                let promoted = p.kind().is_promoted();
                if self.promoted_piece && !promoted {
                    continue;
                }
                if !self.promoted_piece && promoted && !allow_promoted {
                    continue;
                }
            }
            if self.from_file.is_some_and(|f| f != from.file())
                || self.from_rank.is_some_and(|r| r != from.rank())
            {
                continue;
            }
            if attacks::attacks(us, p.kind(), from, occ).contains(self.to) {
                out.push(Move::normal(from, self.to, self.promote));
            }
        }
        out
    }

    /// The one legal move this text means in `pos`.
    pub fn to_move(&self, pos: &Position) -> Result<Move, TextMoveError> {
        let mut candidates = self.candidates(pos, false);
        if candidates.is_empty() {
            // `B3d` may name a horse, as in GNU Shogi's interactive parser.
            candidates = self.candidates(pos, true);
        }
        let legal: Vec<Move> = candidates.iter().copied().filter(|&m| pos.is_legal(m)).collect();
        match legal.len() {
            1 => Ok(legal[0]),
            0 => match candidates.as_slice() {
                [only] => {
                    Err(TextMoveError::Illegal(pos.check_move(*only).expect_err("not legal")))
                }
                [] => Err(TextMoveError::NoMatch),
                many => {
                    if many.iter().all(|&m| pos.check_move(m) == Err(IllegalMove::KingInCheck)) {
                        Err(TextMoveError::Illegal(IllegalMove::KingInCheck))
                    } else {
                        Err(TextMoveError::NoMatch)
                    }
                }
            },
            n => Err(TextMoveError::Ambiguous(n)),
        }
    }
}

/// Parses and matches in one step.
pub fn parse_text_move(
    pos: &Position,
    text: &str,
) -> Result<(Move, Option<Annotation>), TextMoveError> {
    let tm = TextMove::parse(text).ok_or(TextMoveError::Syntax)?;
    tm.to_move(pos).map(|m| (m, tm.annotation))
}

/// Coordinate form, as GNU Shogi prints its own moves (`7g7f`, `2d2c+`, `P*5e`).
pub fn format_coordinate(m: Move) -> String {
    m.to_string()
}

/// Book form, as `bsave` writes it: `P7g-7f`, `B8hx2b+`, `+B3cx3d`, `B*4e`.
/// `m` must be legal in `pos`.
pub fn format_book_move(pos: &Position, m: Move) -> String {
    match (m.drop_kind(), m.from()) {
        (Some(k), _) => format!("{}*{}", k.base_letter(), m.to()),
        (None, Some(from)) => {
            let kind = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind());
            let sep = if pos.piece_at(m.to()).is_some() { 'x' } else { '-' };
            format!(
                "{}{}{from}{sep}{}{}",
                if kind.is_promoted() { "+" } else { "" },
                kind.base_letter(),
                m.to(),
                if m.is_promotion() { "+" } else { "" }
            )
        }
        (None, None) => unreachable!(),
    }
}

/// The shortest piece form that names the move uniquely: `P7f`, then `Gi5h`, then `G65h`,
/// then `G6i5h`.
pub fn format_short_move(pos: &Position, m: Move) -> String {
    let Some(from) = m.from() else {
        return format_coordinate(m);
    };
    let Some(piece) = pos.piece_at(from) else {
        return format_coordinate(m);
    };
    let letter = piece.kind().base_letter();
    let plus = if m.is_promotion() { "+" } else { "" };
    let forms = [
        format!("{letter}{}{plus}", m.to()),
        format!("{letter}{}{}{plus}", from.rank_char(), m.to()),
        format!("{letter}{}{}{plus}", from.file_char(), m.to()),
    ];
    for f in forms {
        if TextMove::parse(&f).and_then(|t| t.to_move(pos).ok()) == Some(m) {
            return f;
        }
    }
    format!("{letter}{from}{}{plus}", m.to())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;

    fn mv(pos: &Position, text: &str) -> Result<String, TextMoveError> {
        parse_text_move(pos, text).map(|(m, _)| m.to_string())
    }

    #[test]
    fn short_forms_from_the_start() {
        let p = Position::startpos();
        assert_eq!(mv(&p, "7g7f").unwrap(), "7g7f");
        assert_eq!(mv(&p, "P7f").unwrap(), "7g7f");
        assert_eq!(mv(&p, "P7g-7f").unwrap(), "7g7f");
        assert_eq!(mv(&p, "P7f?").unwrap(), "7g7f");
        assert_eq!(parse_text_move(&p, "P7f!").unwrap().1, Some(Annotation::Good));
        assert_eq!(mv(&p, "S6h").unwrap(), "7i6h");
        assert_eq!(mv(&p, "G5h"), Err(TextMoveError::Ambiguous(2)));
        assert_eq!(mv(&p, "Gi5h"), Err(TextMoveError::Ambiguous(2)));
        assert_eq!(mv(&p, "G65h").unwrap(), "6i5h");
        assert_eq!(mv(&p, "G4i5h").unwrap(), "4i5h");
        assert_eq!(mv(&p, "P7e"), Err(TextMoveError::NoMatch));
        assert_eq!(mv(&p, "P*5e"), Err(TextMoveError::Illegal(IllegalMove::NotInHand)));
        assert_eq!(mv(&p, "xyz"), Err(TextMoveError::Syntax));
        assert_eq!(mv(&p, "7f"), Err(TextMoveError::Syntax));
    }

    #[test]
    fn promotions_drops_and_promoted_pieces() {
        // After 7g7f 3c3d the bishop can take on 2b, promoting or not.
        let p = parse_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
            .unwrap();
        assert_eq!(mv(&p, "B2b+").unwrap(), "8h2b+");
        assert_eq!(mv(&p, "B2b").unwrap(), "8h2b");
        assert_eq!(mv(&p, "B8hx2b+").unwrap(), "8h2b+");
        let q = p.played(parse_text_move(&p, "B2b+").unwrap().0);
        assert_eq!(format_book_move(&p, parse_text_move(&p, "B2b+").unwrap().0), "B8hx2b+");
        // Gote recaptures with the silver; then a horse in hand-less form.
        let r = q.played(parse_text_move(&q, "S3ax2b").unwrap().0);
        assert_eq!(mv(&r, "B*4e").unwrap(), "B*4e");
        assert_eq!(mv(&r, "B'4e").unwrap(), "B*4e");
        let h = parse_sfen("4k4/9/9/9/9/9/6+B2/9/4K4 b - 1").unwrap();
        assert_eq!(mv(&h, "+B3g-5e").unwrap(), "3g5e");
        assert_eq!(mv(&h, "+B5e").unwrap(), "3g5e");
        assert_eq!(mv(&h, "+B3cx5e"), Err(TextMoveError::NoMatch));
        assert_eq!(mv(&h, "B5e").unwrap(), "3g5e");
        assert_eq!(format_book_move(&h, parse_text_move(&h, "B5e").unwrap().0), "+B3g-5e");
    }

    #[test]
    fn reasons_for_refusal() {
        let nifu = parse_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1").unwrap();
        assert_eq!(mv(&nifu, "P*5e"), Err(TextMoveError::Illegal(IllegalMove::TwoPawns)));
        let pinned = parse_sfen("4k4/4r4/9/9/9/9/9/4G4/4K4 b - 1").unwrap();
        assert_eq!(mv(&pinned, "G4h"), Err(TextMoveError::Illegal(IllegalMove::KingInCheck)));
        let forced = parse_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1").unwrap();
        assert_eq!(mv(&forced, "P9a"), Err(TextMoveError::Illegal(IllegalMove::MustPromote)));
        assert_eq!(mv(&forced, "P9a+").unwrap(), "9b9a+");
    }

    #[test]
    fn short_form_output() {
        let p = Position::startpos();
        let m = |s: &str| parse_text_move(&p, s).unwrap().0;
        assert_eq!(format_short_move(&p, m("7g7f")), "P7f");
        assert_eq!(format_short_move(&p, m("6i5h")), "G65h");
        assert_eq!(format_short_move(&p, m("7i6h")), "S6h");
    }
}
