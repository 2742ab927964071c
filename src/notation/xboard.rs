//! XBoard's shogi notation: coordinates (`c3c4`, `b2h8+`, `h6h7=`, `P@e5`) and FEN with hands
//! in brackets (`…/LNSGKGSNL[-] w 0 1`, `w` = sente to move).
//!
//! XBoard names files `a`–`i` for shogi files 9–1 and ranks `1`–`9` for shogi ranks `i`–`a`.

use super::sfen::{SfenError, parse_board, parse_sfen_setup};
use super::usi::{drop_letter, parse_usi_move};
use crate::rules::{Color, Hand, IllegalMove, Move, PieceKind, Position, Setup, Square};
use nom::{
    IResult, Parser,
    branch::alt,
    character::complete::{char, one_of},
    combinator::{all_consuming, map, map_opt, opt},
};

/// What a move text says about promotion.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PromotionMark {
    /// No suffix: no promotion, unless the piece must promote.
    None,
    /// `+`
    Promote,
    /// `=`: declines promotion explicitly.
    Decline,
}

/// A move in XBoard coordinates (or USI, which is also accepted), not yet checked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct XboardMove {
    shape: Move,
    mark: PromotionMark,
}

impl XboardMove {
    /// The move, if the position accepts it. A forced promotion written without `+` is taken
    /// as the promotion, as XBoard itself does; with `=` it is refused.
    pub fn to_move(self, pos: &Position) -> Result<Move, IllegalMove> {
        match pos.check_move(self.shape) {
            Ok(()) => Ok(self.shape),
            Err(IllegalMove::MustPromote) if self.mark == PromotionMark::None => {
                let from = self.shape.from().ok_or(IllegalMove::MustPromote)?;
                let promoted = Move::normal(from, self.shape.to(), true);
                pos.check_move(promoted).map(|()| promoted)
            }
            Err(e) => Err(e),
        }
    }
}

/// XBoard's file letters, shogi file 9 (`a`) first.
const FILE_LETTERS: &str = "abcdefghi";
/// XBoard's rank digits, shogi rank 9 (`1`, sente's back rank) first.
const RANK_DIGITS: &str = "123456789";

/// The letter XBoard gives a shogi file 1..=9: `a` for 9 … `i` for 1 (`?` for anything
/// else).
pub fn file_letter(file: u8) -> char {
    nth_from_nine(FILE_LETTERS, file)
}

/// The character of shogi file or rank `n` in an XBoard list, which counts from 9.
fn nth_from_nine(chars: &str, n: u8) -> char {
    match n {
        1..=9 => char::from(chars.as_bytes()[usize::from(9 - n)]),
        _ => '?',
    }
}

fn from_nine(chars: &str, c: char) -> Option<u8> {
    chars.find(c).map(|i| 9 - i as u8)
}

/// An XBoard square: file letter `a`–`i`, rank digit `1`–`9` (`e5` is 5e).
pub fn square(i: &str) -> IResult<&str, Square> {
    map_opt((one_of(FILE_LETTERS), one_of(RANK_DIGITS)), |(f, r)| {
        Square::new(from_nine(FILE_LETTERS, f)?, from_nine(RANK_DIGITS, r)?)
    })
    .parse(i)
}

/// Parses a square in XBoard's form (`e5`), nothing around it.
pub fn parse_square(text: &str) -> Option<Square> {
    all_consuming(square).parse(text).ok().map(|(_, sq)| sq)
}

/// XBoard's name of a square: `e5` for 5e, `a9` for 9a.
pub fn format_square(sq: Square) -> String {
    [file_letter(sq.file()), nth_from_nine(RANK_DIGITS, sq.rank())].iter().collect()
}

fn drop_letter_any_case(i: &str) -> IResult<&str, PieceKind> {
    alt((drop_letter, map(one_of("plnsgbr"), |c| PieceKind::from_letter(c).expect("listed"))))
        .parse(i)
}

fn xboard_move(i: &str) -> IResult<&str, XboardMove> {
    alt((
        map((drop_letter_any_case, char('@'), square), |(k, _, to)| XboardMove {
            shape: Move::drop(k, to),
            mark: PromotionMark::None,
        }),
        map((square, square, opt(one_of("+="))), |(from, to, s)| XboardMove {
            shape: Move::normal(from, to, s == Some('+')),
            mark: match s {
                Some('+') => PromotionMark::Promote,
                Some('=') => PromotionMark::Decline,
                _ => PromotionMark::None,
            },
        }),
    ))
    .parse(i)
}

/// Parses a move in XBoard coordinates, or in USI notation (`7g7f`, `P*5e`, `2d2c+`).
pub fn parse_xboard_move(text: &str) -> Option<XboardMove> {
    if let Ok((_, m)) = all_consuming(xboard_move).parse(text) {
        if m.shape.from() == Some(m.shape.to()) {
            return None;
        }
        return Some(m);
    }
    let usi = parse_usi_move(text)?.shape();
    let mark = if usi.is_promotion() { PromotionMark::Promote } else { PromotionMark::None };
    Some(XboardMove { shape: usi, mark })
}

/// XBoard text of a move: `c3c4`, `b2h8+`, `P@e5`.
pub fn format_xboard_move(m: Move) -> String {
    match (m.drop_kind(), m.from()) {
        (Some(k), _) => format!("{}@{}", k.base_letter(), format_square(m.to())),
        (None, Some(from)) => {
            format!(
                "{}{}{}",
                format_square(from),
                format_square(m.to()),
                if m.is_promotion() { "+" } else { "" }
            )
        }
        (None, None) => unreachable!("a board move has an origin"),
    }
}

/// XBoard's hand list: sente's pieces (upper case) then gote's, each repeated; `-` if none.
fn hands_text(hands: &[Hand; 2]) -> String {
    const ORDER: [PieceKind; 7] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Lance,
        PieceKind::Silver,
        PieceKind::Gold,
    ];
    let mut s = String::new();
    for color in Color::ALL {
        for kind in ORDER {
            for _ in 0..hands[color.index()].count(kind) {
                let c = kind.base_letter();
                s.push(if color == Color::Black { c } else { c.to_ascii_lowercase() });
            }
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// XBoard FEN of a position: `board[hands] w|b 0 N` (`w` = sente to move).
pub fn to_xboard_fen(pos: &Position) -> String {
    let setup = pos.to_setup();
    format!(
        "{}[{}] {} 0 {}",
        super::sfen::board_to_string(&setup),
        hands_text(&setup.hands),
        if setup.side_to_move == Color::Black { 'w' } else { 'b' },
        setup.move_number.div_ceil(2).max(1)
    )
}

/// Parses XBoard's shogi FEN (hands in brackets, `w` = sente). Text without brackets is read
/// as SFEN, so `setboard` takes both.
pub(crate) fn parse_xboard_fen_setup(text: &str) -> Result<Setup, SfenError> {
    let text = text.trim();
    let board_field = text.split_ascii_whitespace().next().unwrap_or("");
    if !board_field.contains('[') {
        return parse_sfen_setup(text);
    }
    let mut setup = Setup::default();
    let rest = parse_board(text, &mut setup)?;
    let rest = rest
        .strip_prefix('[')
        .ok_or_else(|| SfenError::Syntax("expected '[' after the board".into()))?;
    let close = rest.find(']').ok_or_else(|| SfenError::Syntax("hands: missing ']'".into()))?;
    let hand_text = &rest[..close];
    for c in hand_text.chars() {
        if c == '-' {
            continue;
        }
        let kind = PieceKind::from_letter(c)
            .filter(|k| k.is_hand_kind())
            .ok_or_else(|| SfenError::Syntax(format!("hands: '{c}' cannot be in hand")))?;
        let color = if c.is_ascii_uppercase() { Color::Black } else { Color::White };
        let hand = &mut setup.hands[color.index()];
        *hand = hand
            .with_count(kind, hand.count(kind) + 1)
            .ok_or_else(|| SfenError::Syntax(format!("hands: too many '{c}'")))?;
    }
    let mut fields = rest[close + 1..].split_ascii_whitespace();
    setup.side_to_move = match fields.next() {
        Some("w") => Color::Black,
        Some("b") => Color::White,
        Some(s) => {
            return Err(SfenError::Syntax(format!("side to move must be 'w' or 'b', not '{s}'")));
        }
        None => return Err(SfenError::Syntax("missing side to move".into())),
    };
    // The rest is optional: [castling '-'] [e.p. '-'] halfmove-clock move-number.
    let numbers: Vec<&str> = fields.filter(|f| *f != "-").collect();
    if let Some(last) = numbers.last() {
        let full: u32 = last.parse().map_err(|_| {
            SfenError::Syntax(format!("move number must be a number, not '{last}'"))
        })?;
        let most = super::sfen::MAX_MOVE_NUMBER / 2;
        if full > most {
            return Err(SfenError::Syntax(format!("move number must be at most {most}")));
        }
        setup.move_number = 2 * full.max(1) - u32::from(setup.side_to_move == Color::Black);
    }
    Ok(setup)
}

/// Parses and validates an XBoard FEN (or SFEN).
pub fn parse_xboard_fen(text: &str) -> Result<Position, SfenError> {
    Ok(Position::from_setup(&parse_xboard_fen_setup(text)?)?)
}
