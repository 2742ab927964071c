//! Our compiled book: a portable byte form of a [`Book`] (the original's `.bbk` depends on
//! the machine's endianness and struct padding, and on its hash codes; this does not).
//!
//! The book is stored as the tree of its moves from the start position, depth first, each
//! position once, so reading it replays the moves (every one checked legal) and needs no
//! hash codes: a change of [`Position::key`] cannot make a compiled book wrong.
//!
//! ```text
//! file    = magic "\x89GSB\r\n\x1a\n", version u8 (1), positions varint, moves varint,
//!           node (the start position), checksum u64 LE (FNV-1a of everything before it)
//! node    = count varint (1..=600), entry * count
//! entry   = move u16 LE, weight varint, flags u8, [hint u16 LE], [node]
//! flags   = 1: marked `?`, 2: marked `!`, 4: a hint follows, 8: the node of the position
//!           after the move follows (a position already stored, or without book moves, has none)
//! move    = to | from << 7 | promotion << 14, squares numbered 9 * (file - 1) + (rank - 1);
//!           a drop has from = 81 + piece, pieces numbered P L N S G B R from 0
//! varint  = LEB128: 7 bits per byte, low bits first, high bit set on all but the last byte
//! ```
//!
//! Positions the start position cannot reach through book moves are not stored.

use super::{Book, BookEntry};
use crate::notation::Annotation;
use crate::rules::{Move, PieceKind, Position, Square};
use std::collections::HashSet;
use std::fmt;

const MAGIC: &[u8; 8] = b"\x89GSB\r\n\x1a\n";
const VERSION: u8 = 1;
/// More moves than any position has (593 is the most known).
const MAX_ENTRIES: u64 = 600;
/// Deeper than any opening book; bounds the memory a damaged file can ask for.
const MAX_DEPTH: usize = 1024;

const BAD: u8 = 1;
const GOOD: u8 = 2;
const HINT: u8 = 4;
const CHILD: u8 = 8;

/// The kinds a drop's code numbers (P L N S G B R: the written hand order backwards).
fn drop_kinds() -> impl Iterator<Item = PieceKind> {
    PieceKind::HAND_WRITING_ORDER.into_iter().rev()
}

/// Why a compiled book was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompiledBookError {
    /// The file does not start with the signature of a compiled book.
    NotCompiled,
    /// Made by a newer version of the format.
    Version(u8),
    /// The file ends too early.
    Truncated,
    /// The checksum does not match: the file was damaged.
    Checksum,
    /// Entry `n` (counting from 1) holds a move that is not legal in its position.
    IllegalMove(usize),
    /// Well-formed bytes that describe no sensible book.
    Damaged(&'static str),
}

impl fmt::Display for CompiledBookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompiledBookError::NotCompiled => f.write_str("not a compiled book (no signature)"),
            CompiledBookError::Version(v) => {
                write!(f, "compiled book format {v} is newer than this program's ({VERSION})")
            }
            CompiledBookError::Truncated => f.write_str("compiled book is truncated"),
            CompiledBookError::Checksum => f.write_str("compiled book is damaged (bad checksum)"),
            CompiledBookError::IllegalMove(n) => {
                write!(f, "compiled book is damaged: entry {n} is not a legal move")
            }
            CompiledBookError::Damaged(why) => write!(f, "compiled book is damaged: {why}"),
        }
    }
}

impl std::error::Error for CompiledBookError {}

/// True if `data` starts like a compiled book.
pub(crate) fn is_compiled(data: &[u8]) -> bool {
    data.starts_with(MAGIC)
}

fn fnv1a(data: &[u8]) -> u64 {
    data.iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

fn square_code(sq: Square) -> u16 {
    u16::from(sq.file() - 1) * 9 + u16::from(sq.rank() - 1)
}

fn code_square(code: u16) -> Option<Square> {
    if code >= 81 {
        return None;
    }
    Square::new((code / 9) as u8 + 1, (code % 9) as u8 + 1)
}

fn encode_move(m: Move) -> u16 {
    let to = square_code(m.to());
    match (m.drop_kind(), m.from()) {
        (Some(k), _) => {
            let piece = drop_kinds().position(|d| d == k).unwrap_or(0) as u16;
            to | (81 + piece) << 7
        }
        (None, Some(from)) => to | square_code(from) << 7 | u16::from(m.is_promotion()) << 14,
        (None, None) => to,
    }
}

fn decode_move(code: u16) -> Option<Move> {
    if code >> 15 != 0 {
        return None;
    }
    let to = code_square(code & 0x7f)?;
    let from = (code >> 7) & 0x7f;
    let promote = code & (1 << 14) != 0;
    if from >= 81 {
        let kind = drop_kinds().nth(usize::from(from - 81))?;
        return (!promote).then(|| Move::drop(kind, to));
    }
    let from = code_square(from)?;
    (from != to).then(|| Move::normal(from, to, promote))
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// A compiled book and what it holds.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub bytes: Vec<u8>,
    pub positions: usize,
    pub moves: usize,
    /// Book positions left out because no book line reaches them.
    pub unreachable: usize,
}

/// One position being written or read: its moves, and how far through them we are.
struct Frame {
    pos: Position,
    entries: Vec<BookEntry>,
    next: usize,
}

/// Compiles a book.
pub fn write_compiled(book: &Book) -> Compiled {
    let mut body = Vec::new();
    let start = Position::startpos();
    let mut visited: HashSet<u64> = HashSet::new();
    let (mut positions, mut moves) = (0, 0);
    let mut stack: Vec<Frame> = Vec::new();
    let root = book.entries_by_key(start.key()).to_vec();
    visited.insert(start.key());
    put_varint(&mut body, root.len() as u64);
    if !root.is_empty() {
        positions += 1;
        stack.push(Frame { pos: start, entries: root, next: 0 });
    }
    while let Some(top) = stack.last_mut() {
        let Some(e) = top.entries.get(top.next).cloned() else {
            stack.pop();
            continue;
        };
        top.next += 1;
        let after = top.pos.played(e.mv);
        let hint = e.hint.filter(|&h| after.is_legal(h));
        let child = book.entries_by_key(after.key());
        let descend = !child.is_empty() && visited.insert(after.key());
        let flags = match e.mark {
            Some(Annotation::Bad) => BAD,
            Some(Annotation::Good) => GOOD,
            None => 0,
        } | if hint.is_some() { HINT } else { 0 }
            | if descend { CHILD } else { 0 };
        body.extend_from_slice(&encode_move(e.mv).to_le_bytes());
        put_varint(&mut body, u64::from(e.weight));
        body.push(flags);
        if let Some(h) = hint {
            body.extend_from_slice(&encode_move(h).to_le_bytes());
        }
        moves += 1;
        if descend {
            let entries = child.to_vec();
            put_varint(&mut body, entries.len() as u64);
            positions += 1;
            stack.push(Frame { pos: after, entries, next: 0 });
        }
    }
    let mut bytes = MAGIC.to_vec();
    bytes.push(VERSION);
    put_varint(&mut bytes, positions as u64);
    put_varint(&mut bytes, moves as u64);
    bytes.extend_from_slice(&body);
    let sum = fnv1a(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    Compiled { bytes, positions, moves, unreachable: book.positions() - positions }
}

struct Reader<'a> {
    data: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, CompiledBookError> {
        let b = *self.data.get(self.at).ok_or(CompiledBookError::Truncated)?;
        self.at += 1;
        Ok(b)
    }

    fn u16(&mut self) -> Result<u16, CompiledBookError> {
        Ok(u16::from_le_bytes([self.byte()?, self.byte()?]))
    }

    fn varint(&mut self) -> Result<u64, CompiledBookError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(CompiledBookError::Damaged("number too long"))
    }
}

/// Reads a compiled book, keeping moves up to `max_ply` deep.
pub fn read_compiled(data: &[u8], max_ply: usize) -> Result<Book, CompiledBookError> {
    if !is_compiled(data) {
        return Err(if MAGIC.starts_with(data) {
            CompiledBookError::Truncated
        } else {
            CompiledBookError::NotCompiled
        });
    }
    if data.len() < MAGIC.len() + 1 + 8 {
        return Err(CompiledBookError::Truncated);
    }
    let version = data[MAGIC.len()];
    if version != VERSION {
        return Err(CompiledBookError::Version(version));
    }
    let (content, sum) = data.split_at(data.len() - 8);
    let sum = u64::from_le_bytes(sum.try_into().map_err(|_| CompiledBookError::Truncated)?);
    if fnv1a(content) != sum {
        return Err(CompiledBookError::Checksum);
    }
    let mut r = Reader { data: content, at: MAGIC.len() + 1 };
    let want_positions = r.varint()?;
    let want_moves = r.varint()?;
    let mut book = Book::empty();
    let (mut positions, mut moves) = (0u64, 0u64);
    // Each frame: position, entries still to read, its depth (plies from the start).
    let mut stack: Vec<(Position, u64, usize)> = Vec::new();
    let root = r.varint()?;
    if root > MAX_ENTRIES {
        return Err(CompiledBookError::Damaged("too many moves in a position"));
    }
    if root > 0 {
        positions += 1;
        stack.push((Position::startpos(), root, 0));
    }
    while let Some(top) = stack.last_mut() {
        if top.1 == 0 {
            stack.pop();
            continue;
        }
        top.1 -= 1;
        let depth = top.2;
        moves += 1;
        let illegal = CompiledBookError::IllegalMove(moves as usize);
        let mv = decode_move(r.u16()?).filter(|&m| top.0.is_legal(m)).ok_or(illegal.clone())?;
        let weight = u32::try_from(r.varint()?)
            .map_err(|_| CompiledBookError::Damaged("weight out of range"))?;
        let flags = r.byte()?;
        if flags & !(BAD | GOOD | HINT | CHILD) != 0 || flags & (BAD | GOOD) == BAD | GOOD {
            return Err(CompiledBookError::Damaged("unknown flags"));
        }
        let after = top.0.played(mv);
        let hint = if flags & HINT != 0 {
            Some(decode_move(r.u16()?).filter(|&h| after.is_legal(h)).ok_or(illegal)?)
        } else {
            None
        };
        let mark = match flags & (BAD | GOOD) {
            BAD => Some(Annotation::Bad),
            GOOD => Some(Annotation::Good),
            _ => None,
        };
        if depth < max_ply {
            let key = top.0.key();
            book.add_key(key, BookEntry { mv, weight, mark, hint });
        }
        if flags & CHILD != 0 {
            let n = r.varint()?;
            if n == 0 || n > MAX_ENTRIES {
                return Err(CompiledBookError::Damaged("bad number of moves in a position"));
            }
            if stack.len() >= MAX_DEPTH {
                return Err(CompiledBookError::Damaged("too deep"));
            }
            positions += 1;
            stack.push((after, n, depth + 1));
        }
    }
    if r.at != content.len() {
        return Err(CompiledBookError::Damaged("data after the last position"));
    }
    if positions != want_positions || moves != want_moves {
        return Err(CompiledBookError::Damaged("counts do not match the header"));
    }
    book.sort();
    Ok(book)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::MoveList;

    #[test]
    fn every_move_shape_round_trips() {
        // A position from the perft data with drops and promotions for the side to move.
        let pos = crate::notation::parse_sfen(
            "3g4b/4gr2l/l1s3n2/1PPp1sksp/2pP1Pn1P/4p2p1/1+p1+p1+p2L/3G4K/2S1+p2NB w rgnl4p 130",
        )
        .unwrap();
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        assert_eq!(list.len(), 270);
        assert!(list.iter().any(Move::is_drop) && list.iter().any(Move::is_promotion));
        for m in list.iter() {
            assert_eq!(decode_move(encode_move(m)), Some(m));
        }
        assert_eq!(decode_move(0), None); // 1a to 1a
        assert_eq!(decode_move(88 << 7), None); // an eighth drop kind
        assert_eq!(decode_move(1 << 15), None);
    }
}
