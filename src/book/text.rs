//! GNU Shogi's `.tbk` text book: reading (a nom tokenizer, then a replay of each line of
//! play) and writing.
//!
//! The reader follows the original's: a `#` at the start of a token is a comment to the end
//! of the line and ends the current line of play; `( … )` and `[ … ]` are comments (they may
//! span lines); move numbers (`12.`, `12...`) and the result words are skipped; a move is any
//! spelling of [`TextMove`] (`7g7f`, `P7f`, `P7g-7f`, `+B3cx3d`, `P2dx2c+`, `B*4e`, `B'8b`),
//! and `?` or `!` directly after it marks it bad or good (the first mark decides: `?!` is
//! bad). An unreadable or illegal move is reported with its line, and the rest of that line
//! of play is skipped. The input is bytes, not text: nothing in it can make the reader panic.

use super::{Book, LineReplay};
use crate::notation::text::format_book_move;
use crate::notation::{Annotation, TextMove, TextMoveError};
use crate::rules::{Move, Position};
use nom::branch::alt;
use nom::bytes::complete::{tag, take_till, take_till1, take_until, take_while, take_while1};
use nom::combinator::{map, rest, value};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};
use std::fmt;

/// A problem in a text book that does not stop the reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line of the file.
    pub line: usize,
    pub kind: DiagnosticKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiagnosticKind {
    /// A move that is not a move, or not legal where it stands; the rest of its line of
    /// play was skipped. `ply` counts from 1 in that line.
    Move { text: String, ply: usize, error: TextMoveError },
    /// A `(` or `[` comment still open at the end of the file.
    UnclosedComment(char),
}

impl fmt::Display for Diagnostic {
    /// `LINE: message`, to follow a file name and a colon.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            DiagnosticKind::Move { text, ply, error } => write!(
                f,
                "{}: illegal move '{text}' at ply {ply} ({error}); rest of the line of play skipped",
                self.line
            ),
            DiagnosticKind::UnclosedComment(c) => {
                let close = if *c == '(' { ')' } else { ']' };
                write!(
                    f,
                    "{}: comment '{c}' never closed with '{close}' (file truncated?)",
                    self.line
                )
            }
        }
    }
}

/// Why a file cannot be read as a text book at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextBookError {
    /// A NUL byte: binary data, not a text book.
    Binary { line: usize },
}

impl fmt::Display for TextBookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextBookError::Binary { line } => {
                write!(f, "not a text book: binary data at line {line}")
            }
        }
    }
}

impl std::error::Error for TextBookError {}

/// A text book read into a [`Book`].
#[derive(Clone, Debug)]
pub struct TextBook {
    pub book: Book,
    /// Lines of play that had at least one move.
    pub lines: usize,
    pub diagnostics: Vec<Diagnostic>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token<'a> {
    /// `#` comment: ends the current line of play.
    Hash,
    /// A comment or a move number.
    Skip,
    /// A `(` or `[` comment that never closes (the rest of the input).
    Unclosed(u8),
    /// A move (or result word) with the marks that follow it.
    Word(&'a [u8], Option<Annotation>),
}

/// What the original skips between tokens; `!` and `/` alone are leftovers of marks.
fn is_blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' | b'!' | b'/')
}

/// What ends a move.
fn ends_word(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' | b'?' | b'!' | b'(')
}

fn hash(i: &[u8]) -> IResult<&[u8], Token<'_>> {
    value(Token::Hash, preceded(tag("#"), take_till(|c| c == b'\n'))).parse(i)
}

fn comment(i: &[u8]) -> IResult<&[u8], Token<'_>> {
    alt((
        value(Token::Skip, delimited(tag("("), take_until(")"), tag(")"))),
        value(Token::Skip, delimited(tag("["), take_until("]"), tag("]"))),
        map(preceded(tag("("), rest), |_| Token::Unclosed(b'(')),
        map(preceded(tag("["), rest), |_| Token::Unclosed(b'[')),
    ))
    .parse(i)
}

/// `12.`, `12...`, `12. ` before a move.
fn move_number(i: &[u8]) -> IResult<&[u8], Token<'_>> {
    value(
        Token::Skip,
        (
            take_while1(|c: u8| c.is_ascii_digit()),
            tag("."),
            take_while(|c| c == b'.' || matches!(c, b' ' | b'\t' | b'\r' | b'\n')),
        ),
    )
    .parse(i)
}

fn marks(i: &[u8]) -> IResult<&[u8], Option<Annotation>> {
    map(take_while(|c| matches!(c, b'?' | b'!' | b'/')), |m: &[u8]| match m.first() {
        Some(b'?') => Some(Annotation::Bad),
        Some(b'!') => Some(Annotation::Good),
        _ => None,
    })
    .parse(i)
}

fn word(i: &[u8]) -> IResult<&[u8], Token<'_>> {
    alt((
        map((take_till1(ends_word), marks), |(w, m)| Token::Word(w, m)),
        // A mark with no move before it (`P7f ?`): reported as a bad move, as the original.
        map(tag("?"), |w| Token::Word(w, None)),
    ))
    .parse(i)
}

fn token(i: &[u8]) -> IResult<&[u8], Token<'_>> {
    preceded(take_while(is_blank), alt((hash, comment, move_number, word))).parse(i)
}

/// Words that end a game record and are not moves; stray dots (`Resigns(2).`) too.
fn is_result_word(w: &[u8]) -> bool {
    w.iter().all(|&c| c == b'.')
        || matches!(
            w,
            b"draw"
                | b"1-0"
                | b"0-1"
                | b"1/2-1/2"
                | b"*"
                | b"Resigns"
                | b"Resigns."
                | b"Sennichite"
                | b"Sennichite."
                | b"Jishogi"
                | b"Jishogi."
        )
}

fn show(w: &[u8]) -> String {
    const MAX: usize = 40;
    let s = String::from_utf8_lossy(&w[..w.len().min(MAX)]).into_owned();
    if w.len() > MAX { format!("{s}...") } else { s }
}

/// Reads a `.tbk` book. Moves deeper than `max_ply` in a line are checked but not stored.
pub fn parse_tbk(input: &[u8], max_ply: usize) -> Result<TextBook, TextBookError> {
    if let Some(at) = input.iter().position(|&c| c == 0) {
        let line = 1 + input[..at].iter().filter(|&&c| c == b'\n').count();
        return Err(TextBookError::Binary { line });
    }
    let mut book = Book::empty();
    let mut replay = LineReplay::new(max_ply);
    let mut diagnostics = Vec::new();
    let mut skipping = false;
    let mut line = 1;
    let mut rest = input;
    let mut ply = 0;
    loop {
        let blank = rest.iter().take_while(|&&c| is_blank(c)).count();
        line += rest[..blank].iter().filter(|&&c| c == b'\n').count();
        rest = &rest[blank..];
        let token_line = line;
        let Ok((next, tok)) = token(rest) else {
            // Only blanks (or nothing) remain.
            break;
        };
        line += rest[..rest.len() - next.len()].iter().filter(|&&c| c == b'\n').count();
        rest = next;
        match tok {
            Token::Hash => {
                replay.new_line();
                skipping = false;
                ply = 0;
            }
            Token::Skip => {}
            Token::Unclosed(c) => {
                diagnostics.push(Diagnostic {
                    line: token_line,
                    kind: DiagnosticKind::UnclosedComment(char::from(c)),
                });
            }
            Token::Word(w, mark) => {
                if skipping || is_result_word(w) {
                    continue;
                }
                ply += 1;
                let parsed = std::str::from_utf8(w)
                    .ok()
                    .and_then(TextMove::parse)
                    .ok_or(TextMoveError::Syntax)
                    .and_then(|t| t.to_move(replay.position()));
                match parsed {
                    Ok(mv) => replay.play(&mut book, mv, mark),
                    Err(error) => {
                        diagnostics.push(Diagnostic {
                            line: token_line,
                            kind: DiagnosticKind::Move { text: show(w), ply, error },
                        });
                        skipping = true;
                    }
                }
            }
        }
    }
    book.sort();
    Ok(TextBook { book, lines: replay.lines, diagnostics })
}

/// One line of play to write: a name (its `#` line) and the moves from the start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookLine {
    pub name: String,
    pub moves: Vec<(Move, Option<Annotation>)>,
}

/// Moves per text line, as in GNU Shogi's own book.
const MOVES_PER_ROW: usize = 12;

/// Writes lines of play as a `.tbk` text that GNU Shogi reads too: `header` as `#` lines,
/// then each line of play after a `#` line with its name, in book form (`P7g-7f`,
/// `B8hx2b+`, `+B3cx3d`, `P*5e`) with `?`/`!` marks. Every move must be legal in turn.
pub fn write_tbk(header: &[String], lines: &[BookLine]) -> String {
    let mut out = String::new();
    for h in header {
        out.push_str(&comment_line(h));
    }
    let start = Position::startpos();
    for l in lines {
        out.push_str("#\n");
        out.push_str(&comment_line(&l.name));
        let mut pos = start.clone();
        for (i, &(mv, mark)) in l.moves.iter().enumerate() {
            if i > 0 {
                out.push(if i % MOVES_PER_ROW == 0 { '\n' } else { ' ' });
            }
            out.push_str(&format_book_move(&pos, mv));
            match mark {
                Some(Annotation::Bad) => out.push('?'),
                Some(Annotation::Good) => out.push('!'),
                None => {}
            }
            pos.play_unchecked(mv);
        }
        if !l.moves.is_empty() {
            out.push('\n');
        }
    }
    out
}

fn comment_line(text: &str) -> String {
    let clean: String =
        text.chars().map(|c| if c == '\n' || c == '\r' { ' ' } else { c }).collect();
    if clean.is_empty() { "#\n".into() } else { format!("# {clean}\n") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        let t = |s: &'static str| token(s.as_bytes()).map(|(r, t)| (r.len(), t));
        assert_eq!(t("# a\nP7f"), Ok((4, Token::Hash)));
        assert_eq!(t("  (1:23) x"), Ok((2, Token::Skip)));
        assert_eq!(t("[a\nb] x"), Ok((2, Token::Skip)));
        assert_eq!(t("[open"), Ok((0, Token::Unclosed(b'['))));
        assert_eq!(t("12...P-7f"), Ok((4, Token::Skip)));
        assert_eq!(t("P-7f?! x"), Ok((2, Token::Word(b"P-7f", Some(Annotation::Bad)))));
        assert_eq!(t("!P7f!?"), Ok((0, Token::Word(b"P7f", Some(Annotation::Good)))));
        assert_eq!(t("P7f(3)"), Ok((3, Token::Word(b"P7f", None))));
        assert_eq!(t("? P7f"), Ok((4, Token::Word(b"?", None))));
        assert!(t("  \n ").is_err());
    }
}
