//! CECP output: every line the engine writes is a [`Reply`], formatted by `Display`.
//!
//! XBoard reads some words at the start of a line as claims (`White`, `Black`, `resign`,
//! `Illegal`, anything with `Draw`); only the replies below produce them, and only when meant.

use crate::game::{DrawReason, Outcome, WinReason};
use crate::notation::{SfenError, format_xboard_move, score, xboard};
use crate::rules::{Color, Move, PositionError};
use crate::search::{Bound, SearchInfo};
use std::fmt;
use std::time::Duration;

/// XBoard's name of a side: sente is "White".
pub(crate) fn xboard_color(c: Color) -> &'static str {
    match c {
        Color::Black => "White",
        Color::White => "Black",
    }
}

/// Why a position is refused, in XBoard's colour and square names.
pub fn position_error(e: &PositionError) -> String {
    match e {
        PositionError::TooManyKings(c) => format!("{} has more than one king", xboard_color(*c)),
        PositionError::DeadPiece(sq) => {
            format!("the piece on {} could never move", xboard::format_square(*sq))
        }
        PositionError::TwoPawns { color, file } => {
            let letter = xboard::file_letter(*file);
            format!("{} has two pawns on file {letter}", xboard_color(*color))
        }
        other => other.to_string(),
    }
}

/// Why a FEN or SFEN is refused, in XBoard's names.
pub(crate) fn fen_error(e: &SfenError) -> String {
    match e {
        SfenError::Syntax(s) => s.clone(),
        SfenError::Position(p) => position_error(p),
    }
}

/// One output line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `feature …` (the text after the word).
    Feature(String),
    Pong(i64),
    Move(Move),
    /// A game end by rule: `1-0 {White mates}`.
    Result(Outcome),
    /// `offer draw` (also accepts an offer).
    OfferDraw,
    /// `resign`: the engine gives the game up (by its resign value).
    Resign,
    IllegalMove {
        reason: Option<String>,
        text: String,
    },
    /// `Error (KIND): COMMAND`.
    Error {
        kind: String,
        command: String,
    },
    Hint(Move),
    Thinking(ThinkingLine),
    /// `stat01: time nodes ply mvleft mvtot`.
    Stat {
        elapsed: Duration,
        nodes: u64,
        depth: u32,
        left: usize,
        total: usize,
    },
    /// A line of the `bk` answer (printed after a tab).
    BookLine(String),
    /// The blank line that ends the `bk` answer.
    BookEnd,
    TellUserError(String),
    /// Debug text, `# …` (XBoard ignores it when debug=1).
    Debug(String),
}

/// A thinking line: `ply score time nodes pv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThinkingLine {
    pub depth: u32,
    /// XBoard convention: centipawns, mates as ±(100000 + moves).
    pub score: i32,
    pub elapsed: Duration,
    pub nodes: u64,
    pub pv: Vec<Move>,
    pub bound: Bound,
}

impl ThinkingLine {
    /// From a search report; `prefix` is put before the PV (the predicted move when pondering).
    pub fn from_info(info: &SearchInfo, prefix: Option<Move>) -> ThinkingLine {
        ThinkingLine {
            depth: info.depth,
            score: score::xboard_value(info.score),
            elapsed: info.time,
            nodes: info.nodes,
            pv: prefix.into_iter().chain(info.pv.iter().copied()).collect(),
            bound: info.bound,
        }
    }
}

fn centis(d: Duration) -> u128 {
    d.as_millis() / 10
}

impl fmt::Display for ThinkingLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {}", self.depth, self.score, centis(self.elapsed), self.nodes)?;
        for m in &self.pv {
            write!(f, " {}", format_xboard_move(*m))?;
        }
        f.write_str(score::xboard_bound_mark(self.bound))
    }
}

/// The text of a game end, in XBoard's colour names.
struct ResultText(Outcome);

impl fmt::Display for ResultText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Outcome::Win { winner, reason } => {
                let score = if winner == Color::Black { "1-0" } else { "0-1" };
                let (w, l) = (xboard_color(winner), xboard_color(!winner));
                write!(f, "{score} {{")?;
                match reason {
                    WinReason::Checkmate => write!(f, "{w} mates"),
                    WinReason::NoLegalMove => write!(f, "{l} has no legal move"),
                    WinReason::PerpetualCheck => write!(f, "Perpetual check by {l}"),
                    WinReason::Impasse => write!(f, "Impasse, {l} has fewer than 24 points"),
                    WinReason::Declaration => write!(f, "{w} declares an entering-king win"),
                    WinReason::Try => write!(f, "{w} reaches the try square"),
                    WinReason::Resignation => write!(f, "{l} resigns"),
                    WinReason::Time => write!(f, "{l} loses on time"),
                    WinReason::IllegalMove => write!(f, "Illegal move by {l}"),
                }?;
                f.write_str("}")
            }
            Outcome::Draw(reason) => f.write_str(match reason {
                DrawReason::Repetition => "1/2-1/2 {Sennichite}",
                DrawReason::Impasse => "1/2-1/2 {Impasse, both sides have 24 points or more}",
                DrawReason::MoveLimit => "1/2-1/2 {Move limit}",
                DrawReason::Agreement => "1/2-1/2 {Draw agreed}",
            }),
        }
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Feature(s) => write!(f, "feature {s}"),
            Reply::Pong(n) => write!(f, "pong {n}"),
            Reply::Move(m) => write!(f, "move {}", format_xboard_move(*m)),
            Reply::Result(o) => write!(f, "{}", ResultText(*o)),
            Reply::OfferDraw => f.write_str("offer draw"),
            Reply::Resign => f.write_str("resign"),
            Reply::IllegalMove { reason: Some(r), text } => write!(f, "Illegal move ({r}): {text}"),
            Reply::IllegalMove { reason: None, text } => write!(f, "Illegal move: {text}"),
            Reply::Error { kind, command } => write!(f, "Error ({kind}): {command}"),
            Reply::Hint(m) => write!(f, "Hint: {}", format_xboard_move(*m)),
            Reply::Thinking(t) => write!(f, "{t}"),
            Reply::Stat { elapsed, nodes, depth, left, total } => {
                write!(f, "stat01: {} {nodes} {depth} {left} {total}", centis(*elapsed))
            }
            Reply::BookLine(s) => write!(f, "\t{s}"),
            Reply::BookEnd => Ok(()),
            Reply::TellUserError(s) => write!(f, "tellusererror {s}"),
            Reply::Debug(s) => write!(f, "# {s}"),
        }
    }
}
