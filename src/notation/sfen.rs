//! SFEN positions (`lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`) and the
//! board part shared with XBoard's shogi FEN.

use crate::rules::{Color, Hand, Piece, PieceKind, Position, PositionError, Setup, Square};
use nom::{
    IResult, Parser,
    branch::alt,
    character::complete::{char, one_of, satisfy},
    combinator::{map, opt},
    multi::many1,
};
use std::fmt;

/// Why a position text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SfenError {
    /// The text does not follow the grammar; says where and what was expected.
    Syntax(String),
    /// It parses, but is not a legal shogi position.
    Position(PositionError),
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SfenError::Syntax(s) => f.write_str(s),
            SfenError::Position(e) => write!(f, "impossible position: {e}"),
        }
    }
}

impl std::error::Error for SfenError {}

impl From<PositionError> for SfenError {
    fn from(e: PositionError) -> Self {
        SfenError::Position(e)
    }
}

fn syntax(msg: impl Into<String>) -> SfenError {
    SfenError::Syntax(msg.into())
}

/// One board cell token: a run of empty squares or a piece.
enum Cell {
    Empty(u8),
    Piece(Piece),
}

fn piece_letter(i: &str) -> IResult<&str, Piece> {
    let (i, promoted) = opt(char('+')).parse(i)?;
    let (i, c) = satisfy(|c| PieceKind::from_letter(c).is_some()).parse(i)?;
    let base = PieceKind::from_letter(c).expect("checked");
    let color = if c.is_ascii_uppercase() { Color::Black } else { Color::White };
    let kind = if promoted.is_some() {
        match base.promote() {
            Some(k) => k,
            None => {
                return Err(nom::Err::Error(nom::error::Error::new(
                    i,
                    nom::error::ErrorKind::Verify,
                )));
            }
        }
    } else {
        base
    };
    Ok((i, Piece::new(color, kind)))
}

fn cell(i: &str) -> IResult<&str, Cell> {
    alt((map(one_of("123456789"), |d| Cell::Empty(d as u8 - b'0')), map(piece_letter, Cell::Piece)))
        .parse(i)
}

/// Parses the board field (ranks `a` to `i`, files 9 to 1) into `setup`.
/// Returns the unparsed rest of the text.
pub(crate) fn parse_board<'a>(text: &'a str, setup: &mut Setup) -> Result<&'a str, SfenError> {
    let mut rest = text;
    for rank in 1..=9u8 {
        if rank > 1 {
            match rest.strip_prefix('/') {
                Some(r) => rest = r,
                None => return Err(syntax(format!("board: expected '/' before rank {rank}"))),
            }
        }
        let (r, cells) = many1(cell)
            .parse(rest)
            .map_err(|_| syntax(format!("board: rank {rank} has no valid squares")))?;
        rest = r;
        if let Some(c) = rest.chars().next()
            && c != '/'
            && c != '['
            && !c.is_whitespace()
        {
            return Err(syntax(format!("board: unexpected '{c}' in rank {rank}")));
        }
        let mut file = 9i32;
        for c in cells {
            match c {
                Cell::Empty(n) => file -= i32::from(n),
                Cell::Piece(p) => {
                    if file < 1 {
                        return Err(syntax(format!("board: rank {rank} is longer than 9 squares")));
                    }
                    let sq = Square::new(file as u8, rank).expect("in range");
                    setup.set(sq, Some(p));
                    file -= 1;
                }
            }
        }
        if file != 0 {
            return Err(syntax(format!("board: rank {rank} has {} squares, not 9", 9 - file)));
        }
    }
    Ok(rest)
}

/// Parses a hand list such as `2P3pRb` (or `-`) into both hands.
pub(crate) fn parse_hands(text: &str) -> Result<[Hand; 2], SfenError> {
    let mut hands = [Hand::EMPTY; 2];
    if text == "-" {
        return Ok(hands);
    }
    let mut count: Option<u32> = None;
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n > 18 {
                return Err(syntax(format!("hand: count {n} is too large")));
            }
            count = Some(n);
            continue;
        }
        let kind = PieceKind::from_letter(c)
            .filter(|k| k.is_hand_kind())
            .ok_or_else(|| syntax(format!("hand: '{c}' is not a piece that can be in hand")))?;
        let color = if c.is_ascii_uppercase() { Color::Black } else { Color::White };
        let n = count.take().unwrap_or(1);
        if n == 0 {
            return Err(syntax("hand: a count of 0"));
        }
        let hand = &mut hands[color.index()];
        let total = hand.count(kind) + n;
        *hand = hand
            .with_count(kind, total)
            .ok_or_else(|| syntax(format!("hand: too many of '{c}'")))?;
    }
    if count.is_some() {
        return Err(syntax("hand: a count without a piece"));
    }
    Ok(hands)
}

/// Largest move number read: far beyond any game, and far enough below `u32::MAX` that
/// counting the moves played from it cannot overflow.
pub(crate) const MAX_MOVE_NUMBER: u32 = 1 << 30;

/// Parses an SFEN into an unvalidated setup. The move number may be left out.
pub(crate) fn parse_sfen_setup(text: &str) -> Result<Setup, SfenError> {
    let text = text.trim();
    let text = text.strip_prefix("sfen ").map(str::trim_start).unwrap_or(text);
    let mut fields = text.split_ascii_whitespace();
    let board = fields.next().ok_or_else(|| syntax("empty position"))?;
    let mut setup = Setup::default();
    let rest = parse_board(board, &mut setup)?;
    if !rest.is_empty() {
        return Err(syntax(format!("board: unexpected '{rest}' after rank i")));
    }
    setup.side_to_move = match fields.next() {
        Some("b") => Color::Black,
        Some("w") => Color::White,
        Some(s) => return Err(syntax(format!("side to move must be 'b' or 'w', not '{s}'"))),
        None => return Err(syntax("missing side to move")),
    };
    setup.hands = parse_hands(fields.next().ok_or_else(|| syntax("missing hands ('-' if none)"))?)?;
    if let Some(n) = fields.next() {
        setup.move_number =
            n.parse::<u32>().ok().filter(|n| (1..=MAX_MOVE_NUMBER).contains(n)).ok_or_else(
                || syntax(format!("move number must be 1 to {MAX_MOVE_NUMBER}, not '{n}'")),
            )?;
    }
    if let Some(extra) = fields.next() {
        return Err(syntax(format!("unexpected '{extra}' after the move number")));
    }
    Ok(setup)
}

/// Parses and validates an SFEN.
pub fn parse_sfen(text: &str) -> Result<Position, SfenError> {
    Ok(Position::from_setup(&parse_sfen_setup(text)?)?)
}

/// The board field of a position (also XBoard's FEN board).
pub(crate) fn board_to_string(setup: &Setup) -> String {
    let mut s = String::with_capacity(90);
    for rank in 1..=9 {
        if rank > 1 {
            s.push('/');
        }
        let mut empty = 0;
        for file in (1..=9).rev() {
            match setup.piece_at(Square::new(file, rank).expect("on board")) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push_str(&p.sfen());
                }
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
    }
    s
}

/// SFEN hand field: `-`, or counts in the usual order R B G S N L P, sente first.
pub(crate) fn hands_to_string(hands: &[Hand; 2]) -> String {
    let mut s = String::new();
    for color in Color::ALL {
        for kind in PieceKind::HAND_WRITING_ORDER {
            let n = hands[color.index()].count(kind);
            if n > 1 {
                s.push_str(&n.to_string());
            }
            if n > 0 {
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

pub(crate) fn setup_to_sfen(setup: &Setup) -> String {
    format!(
        "{} {} {} {}",
        board_to_string(setup),
        if setup.side_to_move == Color::Black { 'b' } else { 'w' },
        hands_to_string(&setup.hands),
        setup.move_number
    )
}

/// The SFEN of a position.
pub fn to_sfen(pos: &Position) -> String {
    setup_to_sfen(&pos.to_setup())
}
