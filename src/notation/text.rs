//! GNU Shogi's own move notation, as typed in text mode and written in `.tbk` books.
//!
//! Coordinates (`7g7f`, `2d2c+`, `P*5e`) are the same as USI. The short forms name the piece
//! and the destination (`P7f`), optionally the origin rank (`Gi5h`) or file (`G65h`), or the
//! whole origin (`P7g7f`, `P7g-7f` in books). A promoted piece may carry a `+` prefix
//! (`+B3cx3d`); drops may use `'` for `*` (`B'8b`). A trailing `?` or `!` marks a bad or good
//! move. A text matches a move only if exactly one legal move fits it.

use super::usi::{self, parse_file_digit, parse_rank_letter};
use crate::rules::{Bitboard, IllegalMove, Move, Piece, PieceKind, Position, Square, attacks};
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
    /// No move of the side to move fits the text; why, as far as the position tells.
    NoMatch(Mismatch),
    /// More than one legal move fits: these.
    Ambiguous(Vec<Move>),
    /// The moves that fit the text break this rule.
    Illegal(IllegalMove),
}

/// Why a text names no move of the side to move, told with its squares and pieces so that a
/// player sees what to change.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// Pieces fit, each refused for a different reason.
    Unknown,
    /// The origin square is empty.
    Empty(Square),
    /// The piece on the origin belongs to the side not to move.
    NotYours { at: Square, piece: Piece },
    /// The origin holds another kind than the letter names.
    WrongPiece { at: Square, kind: PieceKind, named: PieceKind },
    /// The destination holds one of the mover's pieces.
    OwnPiece { at: Square, kind: PieceKind },
    /// The piece moves that way, but another piece stands in its path.
    Blocked { kind: PieceKind, from: Square, at: Square },
    /// The piece never moves that way.
    CannotMoveSo { kind: PieceKind, from: Square, to: Square },
    /// The mover has no piece of that kind where the text says (file, rank).
    NoSuchPiece { kind: PieceKind, file: Option<u8>, rank: Option<u8> },
    /// None of the mover's pieces of that kind reaches the square.
    NoneReaches { kind: PieceKind, to: Square },
    /// `+` on a kind that never promotes.
    CannotPromote(PieceKind),
    /// `+` on a move that neither starts nor ends in the promotion zone.
    OutsideZone { from: Square, to: Square },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Mismatch::Unknown => f.write_str("no legal move matches"),
            Mismatch::Empty(at) => write!(f, "there is no piece on {at}"),
            Mismatch::NotYours { at, piece } => write!(
                f,
                "the {} on {at} is {}'s, and it is {}'s turn",
                piece.kind().name(),
                piece.color().name(),
                (!piece.color()).name()
            ),
            Mismatch::WrongPiece { at, kind, named } => {
                write!(f, "the piece on {at} is a {}, not a {}", kind.name(), named.name())
            }
            Mismatch::OwnPiece { at, kind } => write!(f, "your own {} is on {at}", kind.name()),
            Mismatch::Blocked { kind, from, at } => {
                write!(f, "the path of the {} on {from} is blocked at {at}", kind.name())
            }
            Mismatch::CannotMoveSo { kind, from, to } => {
                write!(f, "a {} cannot move from {from} to {to}", kind.name())
            }
            Mismatch::NoSuchPiece { kind, file, rank } => {
                write!(f, "you have no {}", kind.name())?;
                match (file, rank) {
                    (Some(x), Some(r)) => write!(f, " on {x}{}", usi::rank_letter(r)),
                    (Some(x), None) => write!(f, " on file {x}"),
                    (None, Some(r)) => write!(f, " on rank {}", usi::rank_letter(r)),
                    (None, None) => f.write_str(" on the board"),
                }
            }
            Mismatch::NoneReaches { kind, to } => {
                write!(f, "no {} of yours can move to {to}", kind.name())
            }
            Mismatch::CannotPromote(kind) => write!(f, "a {} cannot promote", kind.name()),
            Mismatch::OutsideZone { from, to } => {
                write!(f, "no promotion: neither {from} nor {to} is in the promotion zone")
            }
        }
    }
}

impl fmt::Display for TextMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextMoveError::Syntax => f.write_str("not a move"),
            TextMoveError::NoMatch(why) => write!(f, "{why}"),
            TextMoveError::Ambiguous(moves) => write!(f, "{} moves match", moves.len()),
            TextMoveError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TextMoveError {}

fn file_digit(c: u8) -> Option<u8> {
    parse_file_digit(char::from(c))
}

fn rank_letter(c: u8) -> Option<u8> {
    parse_rank_letter(char::from(c))
}

impl TextMove {
    /// Parses one move, the whole text: one book separator (`x` or `-`) may stand between the
    /// origin and the destination (`P7g-7f`, `+B3cx3d`), and the book's `=`, `,` or `;` at the
    /// end; nothing else may stand around it.
    pub fn parse(text: &str) -> Option<TextMove> {
        let bytes = text.as_bytes();
        // The tail: marks (the first decides: `?!` is bad) and the book's `=` (no promotion)
        // and `,` or `;` after a move.
        let tail = bytes.iter().rev().take_while(|b| b"?!=,;".contains(b)).count();
        let (mut s, tail) = bytes.split_at(bytes.len() - tail);
        let annotation = tail
            .iter()
            .find(|&&c| c == b'?' || c == b'!')
            .map(|&c| if c == b'?' { Annotation::Bad } else { Annotation::Good });
        if !s.iter().all(u8::is_ascii_graphic) {
            return None;
        }
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
        let mut origin = origin;
        if let [rest @ .., b'x' | b'-'] = origin
            && !drop
            && (!rest.is_empty() || piece.is_some())
        {
            origin = rest;
        }
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

    /// True if the letter (and its `+`) names a piece of this kind; `B` also names a horse.
    fn names(&self, kind: PieceKind) -> bool {
        self.piece.is_some_and(|letter| kind.unpromote() == letter)
            && (!self.promoted_piece || kind.is_promoted())
    }

    /// The kind the letter names, for messages.
    fn named_kind(&self, letter: PieceKind) -> PieceKind {
        letter.promoted_if(self.promoted_piece)
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
            0 => Err(match candidates.as_slice() {
                [] => TextMoveError::NoMatch(self.mismatch(pos)),
                [first, rest @ ..] => {
                    // One reason if every piece that fits breaks the same rule.
                    let why = refusal(pos, *first);
                    if rest.iter().all(|&m| refusal(pos, m) == why) {
                        why
                    } else {
                        TextMoveError::NoMatch(Mismatch::Unknown)
                    }
                }
            }),
            _ => Err(TextMoveError::Ambiguous(legal)),
        }
    }

    /// Why no piece of the side to move fits the text (there is no candidate at all).
    fn mismatch(&self, pos: &Position) -> Mismatch {
        let us = pos.side_to_move();
        let own_piece_on = |at: Square| {
            pos.piece_at(at)
                .filter(|p| p.color() == us)
                .map(|p| Mismatch::OwnPiece { at, kind: p.kind() })
        };
        if let (Some(file), Some(rank)) = (self.from_file, self.from_rank) {
            let Some(from) = Square::new(file, rank) else {
                return Mismatch::Unknown;
            };
            let Some(piece) = pos.piece_at(from) else {
                return Mismatch::Empty(from);
            };
            if piece.color() != us {
                return Mismatch::NotYours { at: from, piece };
            }
            if let Some(letter) = self.piece
                && !self.names(piece.kind())
            {
                return Mismatch::WrongPiece {
                    at: from,
                    kind: piece.kind(),
                    named: self.named_kind(letter),
                };
            }
            if from == self.to {
                return Mismatch::CannotMoveSo { kind: piece.kind(), from, to: self.to };
            }
            return own_piece_on(self.to)
                .or_else(|| blocked(pos, piece.kind(), from, self.to))
                .unwrap_or(Mismatch::CannotMoveSo { kind: piece.kind(), from, to: self.to });
        }
        let Some(letter) = self.piece else {
            return Mismatch::Unknown;
        };
        let kind = self.named_kind(letter);
        let mine: Vec<Square> = pos
            .pieces_of(us)
            .into_iter()
            .filter(|&sq| pos.piece_at(sq).is_some_and(|p| self.names(p.kind())))
            .filter(|sq| self.from_file.is_none_or(|f| f == sq.file()))
            .filter(|sq| self.from_rank.is_none_or(|r| r == sq.rank()))
            .collect();
        if mine.is_empty() {
            return Mismatch::NoSuchPiece { kind, file: self.from_file, rank: self.from_rank };
        }
        own_piece_on(self.to)
            .or_else(|| {
                mine.iter().find_map(|&from| {
                    let k = pos.piece_at(from).map_or(kind, |p| p.kind());
                    blocked(pos, k, from, self.to)
                })
            })
            .unwrap_or(Mismatch::NoneReaches { kind, to: self.to })
    }
}

/// The path of a piece of `kind` from `from` to `to` if it moves so but something stands in
/// the way: the nearest piece on it.
fn blocked(pos: &Position, kind: PieceKind, from: Square, to: Square) -> Option<Mismatch> {
    let us = pos.side_to_move();
    if !attacks::attacks(us, kind, from, Bitboard::EMPTY).contains(to) {
        return None;
    }
    let distance =
        |sq: Square| sq.file().abs_diff(from.file()).max(sq.rank().abs_diff(from.rank()));
    let at =
        (attacks::between(from, to) & pos.occupied()).into_iter().min_by_key(|&sq| distance(sq))?;
    Some(Mismatch::Blocked { kind, from, at })
}

/// Why a move that fits the text is refused: the rule, told with its pieces where the rule's
/// own words are too vague for a board move.
fn refusal(pos: &Position, m: Move) -> TextMoveError {
    let Err(e) = pos.check_move(m) else {
        return TextMoveError::NoMatch(Mismatch::Unknown);
    };
    let kind_on = |sq: Square| pos.piece_at(sq).map(|p| p.kind());
    match (e, m.from()) {
        (IllegalMove::Occupied, Some(_)) => match kind_on(m.to()) {
            Some(kind) => TextMoveError::NoMatch(Mismatch::OwnPiece { at: m.to(), kind }),
            None => TextMoveError::Illegal(e),
        },
        (IllegalMove::CannotPromote, Some(from)) => match kind_on(from) {
            Some(kind) if !kind.can_promote() => {
                TextMoveError::NoMatch(Mismatch::CannotPromote(kind))
            }
            _ => TextMoveError::NoMatch(Mismatch::OutsideZone { from, to: m.to() }),
        },
        _ => TextMoveError::Illegal(e),
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

/// A move as GNU Shogi's game file and `list` write it: a `+` for a promoted piece (else a
/// space), the piece's letter, then the move in coordinates (`*` and the square for a drop):
/// ` P7g7f`, `+B3c5e`, ` B8h2b+`, ` P*5e`. `pos` is the position before the move.
pub fn format_file_move(pos: &Position, mv: Move) -> String {
    match (mv.drop_kind(), mv.from()) {
        (Some(k), _) => format!(" {}*{}", k.base_letter(), mv.to()),
        (None, from) => {
            let kind = from.and_then(|f| pos.piece_at(f)).map_or(PieceKind::Pawn, |p| p.kind());
            let marker = if kind.is_promoted() { '+' } else { ' ' };
            format!("{marker}{}{mv}", kind.base_letter())
        }
    }
}

/// A move of a game file, as read: the piece and the move, not yet checked against a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FileMove {
    /// The moving piece's base kind.
    pub kind: PieceKind,
    /// The piece was promoted before the move (`+`).
    pub promoted_before: bool,
    pub mv: Move,
}

/// Why a game file's move is not one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FileMoveError {
    /// It does not start with a piece letter (after a `+`).
    NoPieceLetter,
    /// What follows the letter is not a move.
    NotAMove,
    /// A drop of a piece that cannot be dropped.
    CannotDrop,
}

/// Reads a move as [`format_file_move`] writes it (without the leading space).
pub fn parse_file_move(text: &str) -> Result<FileMove, FileMoveError> {
    let (promoted_before, rest) = match text.strip_prefix('+') {
        Some(r) => (true, r),
        None => (false, text),
    };
    let mut chars = rest.chars();
    let kind = chars.next().and_then(PieceKind::from_letter).ok_or(FileMoveError::NoPieceLetter)?;
    let body = chars.as_str();
    let mv = if let Some(sq) = body.strip_prefix('*') {
        let to = usi::parse_square(sq).ok_or(FileMoveError::NotAMove)?;
        if promoted_before || !kind.is_hand_kind() {
            return Err(FileMoveError::CannotDrop);
        }
        Move::drop(kind, to)
    } else {
        let (body, promote) = match body.strip_suffix('+') {
            Some(b) => (b, true),
            None => (body, false),
        };
        let (from, to) = match (body.get(..2), body.get(2..)) {
            (Some(f), Some(t)) => (usi::parse_square(f), usi::parse_square(t)),
            _ => (None, None),
        };
        match (from, to) {
            (Some(from), Some(to)) if from != to => Move::normal(from, to, promote),
            _ => return Err(FileMoveError::NotAMove),
        }
    };
    Ok(FileMove { kind, promoted_before, mv })
}
