//! The game file of `save` and `get`, in the original's layout:
//!
//! ```text
//! White Human    Black computer 1 force
//!
//! TimeControl 0 Operator Time 0
//! Black Clock 0 Moves 0
//! White Clock 0 Moves 0
//!
//! a  L N S G K G - N L   0 0 0 0 0 0 1 0 0
//! …                                          (nine ranks, the board after the last move)
//!
//!    9 8 7 6 5 4 3 2 1
//!
//!    p  l  n  s  g  b  r  k
//! B  0  0  0  0  0  0  0  0
//! W  0  0  0  0  0  1  0  0
//!
//!   move   score depth   nodes   time flags                         capture
//!  P7g7f       0     0       0      0     0  0x00000000 0x00000000
//!  B8h2b+      0     0       0      0   528  0x… 0x…  B White
//! ```
//!
//! The board is the position *after* the moves; the moves (with what each captured) are
//! taken back from it to find where the game began, which may be any position (after
//! `edit`). The side to move is not written: it follows from the last move, or, with no
//! moves, it is the side marked `Human`.

use super::{FileError, MoveStats, gnu_hand_order, gnu_piece_code, hand_from_counts, parse_counts};
use crate::game::Game;
use crate::notation::board::{parse_square_text, square_text};
use crate::notation::text::{FileMove, FileMoveError, format_file_move, parse_file_move};
use crate::notation::{Annotation, usi};
use crate::rules::handicap::Handicap;
use crate::rules::{Color, Move, Piece, PieceKind, Position, Setup, Square};
use std::fmt::{self, Write as _};

/// Flag bits of the original's move records.
const FLAG_PROMOTE: u32 = 0x0010;
const FLAG_DROP: u32 = 0x0020;
const FLAG_GOOD: u32 = 0x0080;
const FLAG_CAPTURE: u32 = 0x0200;
const FLAG_BAD: u32 = 0x0800;
const FLAG_BOOK: u32 = 0x4000;

/// Line of the first board rank and of the first move (1-based).
const BOARD_LINE: usize = 7;
const HANDS_LINE: usize = 20;
const MOVES_LINE: usize = 24;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SavedMove {
    pub mv: Move,
    pub stats: MoveStats,
}

/// Everything a game file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFile {
    /// The side the computer played.
    pub computer: Color,
    pub force: bool,
    /// The original's "Game50" counter (kept, unused).
    pub game50: u32,
    /// Clocks in use (the original's TCflag).
    pub clocks_on: bool,
    pub operator_time: i64,
    /// Remaining time of Black and White in centiseconds; with no clocks (`clocks_on` off),
    /// the time each has used (the reader replays the moves' times instead).
    pub clock: [i64; 2],
    /// Moves to the next time control.
    pub moves_left: [u32; 2],
    /// Where the game began.
    pub start: Position,
    pub moves: Vec<SavedMove>,
}

impl GameFile {
    /// The game record (the moves were checked when the file was read or built).
    pub fn game(&self) -> Game {
        let mut g = Game::new(self.start.clone());
        for m in &self.moves {
            if g.play(m.mv).is_err() {
                break;
            }
        }
        g
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut positions = vec![self.start.clone()];
        for m in &self.moves {
            let next = positions.last().expect("never empty").played(m.mv);
            positions.push(next);
        }
        let last = positions.last().expect("never empty");
        let mut moved = [0u32; 81];
        for (pos, m) in positions.iter().zip(&self.moves) {
            match m.mv.from() {
                None => moved[m.mv.to().index()] += 1,
                Some(from) => {
                    moved[from.index()] += 1;
                    if pos.piece_at(m.mv.to()).is_some() {
                        moved[m.mv.to().index()] += 1;
                    }
                }
            }
        }
        let (w, b) = match self.computer {
            Color::White => ("computer", "Human   "),
            Color::Black => ("Human   ", "computer"),
        };
        let mut t = String::new();
        let _ = writeln!(
            t,
            "White {w} Black {b} {} {}",
            self.game50,
            if self.force { "force" } else { "" }
        );
        t.push('\n');
        let _ = writeln!(
            t,
            "TimeControl {} Operator Time {}",
            i32::from(self.clocks_on),
            self.operator_time
        );
        let _ = writeln!(t, "Black Clock {} Moves {}", self.clock[0], self.moves_left[0]);
        let _ = writeln!(t, "White Clock {} Moves {}", self.clock[1], self.moves_left[1]);
        t.push('\n');
        for rank in 1..=9u8 {
            let _ = write!(t, "{} ", usi::rank_letter(rank));
            let mut counts = String::new();
            for file in (1..=9u8).rev() {
                let sq = Square::new(file, rank).expect("on the board");
                t.extend(square_text(last.piece_at(sq), '-', true));
                let _ = write!(counts, " {}", moved[sq.index()]);
            }
            let _ = writeln!(t, "  {counts}");
        }
        t.push('\n');
        t.push_str("   9 8 7 6 5 4 3 2 1\n\n   p  l  n  s  g  b  r  k\n");
        for color in Color::ALL {
            t.push(if color == Color::Black { 'B' } else { 'W' });
            for kind in gnu_hand_order() {
                let _ = write!(t, " {:2}", last.hand(color).count(kind));
            }
            t.push_str("  0\n");
        }
        t.push('\n');
        t.push_str("  move   score depth   nodes   time flags                         capture\n");
        for (pos, m) in positions.iter().zip(&self.moves) {
            t.push_str(&move_line(pos, m));
            t.push('\n');
        }
        t
    }

    /// Reads a game file, checking every move.
    pub fn parse(text: &str) -> Result<GameFile, FileError> {
        let lines: Vec<&str> = text.lines().collect();
        let line = |n: usize| -> Result<&str, FileError> {
            lines.get(n - 1).copied().ok_or_else(|| FileError::new(n, "the file ends too early"))
        };
        // Header.
        let header: Vec<&str> = line(1)?.split_whitespace().collect();
        let (computer, game50, force) = match header.as_slice() {
            ["White", w, "Black", b, n, rest @ ..] if rest.len() <= 1 => {
                let who = |s: &str| matches!(s, "Human" | "computer");
                if !who(w) || !who(b) {
                    return Err(FileError::new(1, "expected Human or computer after each colour"));
                }
                let game50 = n
                    .parse::<u32>()
                    .map_err(|_| FileError::new(1, format!("'{n}' is not a number")))?;
                let force = match rest {
                    [] => false,
                    ["force"] => true,
                    [x, ..] => return Err(FileError::new(1, format!("unexpected '{x}'"))),
                };
                let computer = if *w == "computer" { Color::White } else { Color::Black };
                (computer, game50, force)
            }
            _ => {
                return Err(FileError::new(
                    1,
                    "not a GNU Shogi game file (expected 'White … Black … N')",
                ));
            }
        };
        // Clocks.
        let tc: Vec<&str> = line(3)?.split_whitespace().collect();
        let (clocks_on, operator_time) = match tc.as_slice() {
            ["TimeControl", on, "Operator", "Time", op] => {
                (number::<i64>(on, 3)? != 0, number::<i64>(op, 3)?)
            }
            _ => return Err(FileError::new(3, "expected 'TimeControl N Operator Time N'")),
        };
        let mut clock = [0i64; 2];
        let mut moves_left = [0u32; 2];
        for (i, (n, name)) in [(4, "Black"), (5, "White")].into_iter().enumerate() {
            let words: Vec<&str> = line(n)?.split_whitespace().collect();
            match words.as_slice() {
                [c, "Clock", t, "Moves", m] if *c == name => {
                    clock[i] = number(t, n)?;
                    moves_left[i] = number(m, n)?;
                }
                _ => return Err(FileError::new(n, format!("expected '{name} Clock N Moves N'"))),
            }
        }
        // Board, rank a first, file 9 first.
        let mut setup = Setup::default();
        for rank in 1..=9u8 {
            let n = BOARD_LINE + usize::from(rank) - 1;
            let chars: Vec<char> = line(n)?.chars().collect();
            let letter = usi::rank_letter(rank);
            if chars.first() != Some(&letter) || chars.len() < 20 {
                return Err(FileError::new(n, format!("expected board rank {letter}")));
            }
            for (j, file) in (1..=9u8).rev().enumerate() {
                let piece = parse_square_text(chars[2 + 2 * j], chars[3 + 2 * j], '-', true)
                    .map_err(|e| FileError::new(n, format!("file {file}: {e}")))?;
                setup.set(Square::new(file, rank).expect("on the board"), piece);
            }
        }
        // Hands.
        for (i, name) in ['B', 'W'].into_iter().enumerate() {
            let n = HANDS_LINE + i;
            let l = line(n)?;
            let rest = l
                .strip_prefix(name)
                .ok_or_else(|| FileError::new(n, format!("expected the hand line '{name} …'")))?;
            let counts = parse_counts(rest).map_err(|e| FileError::new(n, e.to_string()))?;
            setup.hands[i] =
                hand_from_counts(&counts).map_err(|e| FileError::new(n, e.to_string()))?;
        }
        // Moves.
        let mut parsed = Vec::new();
        for (i, l) in lines.iter().enumerate().skip(MOVES_LINE - 1) {
            if l.trim().is_empty() {
                continue;
            }
            parsed.push((
                i + 1,
                parse_move_line(l).map_err(|e| FileError::new(i + 1, e.to_string()))?,
            ));
        }
        let final_setup = setup.clone();
        let mut start = take_back(setup, &parsed, !computer)?;
        // Without moves the side to move is guessed from the players; a handicap's board is
        // White's to move whoever plays it, since the giver opens.
        if parsed.is_empty() {
            let white = Setup { side_to_move: Color::White, ..start.clone() };
            if Position::from_setup(&white).ok().and_then(|p| Handicap::of(&p)).is_some() {
                start = white;
            }
        }
        // Play the moves forward again: each must be legal, and they must lead to the board.
        let mut pos = Position::from_setup(&start)
            .map_err(|e| FileError::new(BOARD_LINE, format!("impossible start position: {e}")))?;
        let start_pos = pos.clone();
        let mut moves = Vec::new();
        for (n, pm) in &parsed {
            pos.check_move(pm.mv)
                .map_err(|e| FileError::new(*n, format!("illegal move {}: {e}", pm.mv)))?;
            pos = pos.played(pm.mv);
            moves.push(SavedMove { mv: pm.mv, stats: pm.stats });
        }
        let end = pos.to_setup();
        if end.board != final_setup.board || end.hands != final_setup.hands {
            return Err(FileError::new(BOARD_LINE, "the moves do not lead to this board"));
        }
        Ok(GameFile {
            computer,
            force,
            game50,
            clocks_on,
            operator_time,
            clock,
            moves_left,
            start: start_pos,
            moves,
        })
    }
}

fn number<T: std::str::FromStr>(s: &str, line: usize) -> Result<T, FileError> {
    s.parse::<T>().map_err(|_| FileError::new(line, format!("'{s}' is not a number")))
}

/// One move line: piece, move, statistics, flags, keys, and what it captured.
fn move_line(pos: &Position, m: &SavedMove) -> String {
    let mv = m.mv;
    let mut flags = 0;
    if let Some(k) = mv.drop_kind() {
        flags |= FLAG_DROP | gnu_piece_code(k);
    }
    if mv.is_promotion() {
        flags |= FLAG_PROMOTE;
    }
    let captured = if mv.is_drop() { None } else { pos.piece_at(mv.to()) };
    if captured.is_some() {
        flags |= FLAG_CAPTURE;
    }
    if m.stats.book {
        flags |= FLAG_BOOK;
    }
    match m.stats.annotation {
        Some(Annotation::Good) => flags |= FLAG_GOOD,
        Some(Annotation::Bad) => flags |= FLAG_BAD,
        None => {}
    }
    let s = &m.stats;
    let mut line = format!(
        "{:<7} {:6} {:5} {:7} {:6} {flags:5}  0x{:08x} 0x{:08x}",
        format_file_move(pos, mv),
        s.score,
        s.depth,
        s.nodes,
        s.time,
        pos.key(),
        pos.board_key()
    );
    if let Some(c) = captured {
        let _ = write!(
            line,
            "  {} {} {}",
            c.kind().base_letter(),
            c.color().name(),
            if c.kind().is_promoted() { '+' } else { ' ' }
        );
    }
    line
}

/// A move line as read, before it is checked against a position.
#[derive(Clone, Debug)]
struct ParsedMove {
    mv: Move,
    /// The moving piece's base kind and whether it was promoted before the move.
    kind: PieceKind,
    promoted_before: bool,
    /// What was captured: base kind, owner, promoted.
    captured: Option<(PieceKind, Color, bool)>,
    stats: MoveStats,
}

/// Why a move line of a game file is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
enum MoveLineError {
    /// How many fields the line has, where at least 8 belong.
    Fields(usize),
    NoPieceLetter(String),
    NotAMove(String),
    CannotDrop(String),
    NotANumber(String),
    NotAKey(String),
    NotCapturable(String),
    NotAColour(String),
    Unexpected(String),
    CaptureField,
    /// The capture flag and the capture field disagree.
    CaptureFlag,
}

impl fmt::Display for MoveLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveLineError::Fields(n) => {
                write!(f, "a move line has at least 8 fields, this one {n}")
            }
            MoveLineError::NoPieceLetter(t) => {
                write!(f, "'{t}' does not start with a piece letter")
            }
            MoveLineError::NotAMove(t) => write!(f, "'{t}' is not a move"),
            MoveLineError::CannotDrop(t) => write!(f, "'{t}': that piece cannot be dropped"),
            MoveLineError::NotANumber(w) => write!(f, "'{w}' is not a number"),
            MoveLineError::NotAKey(w) => write!(f, "'{w}' is not a hexadecimal key"),
            MoveLineError::NotCapturable(l) => {
                write!(f, "'{l}' is not a piece that can be captured")
            }
            MoveLineError::NotAColour(o) => write!(f, "'{o}' is not Black or White"),
            MoveLineError::Unexpected(x) => write!(f, "unexpected '{x}'"),
            MoveLineError::CaptureField => f.write_str("the capture field is 'PIECE COLOUR [+]'"),
            MoveLineError::CaptureFlag => {
                f.write_str("the capture flag and the capture field disagree")
            }
        }
    }
}

impl std::error::Error for MoveLineError {}

fn parse_move_line(l: &str) -> Result<ParsedMove, MoveLineError> {
    let words: Vec<&str> = l.split_whitespace().collect();
    if words.len() < 8 {
        return Err(MoveLineError::Fields(words.len()));
    }
    let text = words[0];
    let FileMove { kind, promoted_before, mv } = parse_file_move(text).map_err(|e| match e {
        FileMoveError::NoPieceLetter => MoveLineError::NoPieceLetter(text.to_string()),
        FileMoveError::NotAMove => MoveLineError::NotAMove(text.to_string()),
        FileMoveError::CannotDrop => MoveLineError::CannotDrop(text.to_string()),
    })?;
    let num = |i: usize| -> Result<i64, MoveLineError> {
        words[i].parse::<i64>().map_err(|_| MoveLineError::NotANumber(words[i].to_string()))
    };
    let score = num(1)?;
    let depth = num(2)?;
    let nodes = num(3)?;
    let time = num(4)?;
    let flags = num(5)?;
    for w in &words[6..8] {
        let hex = w.strip_prefix("0x").unwrap_or(w);
        u64::from_str_radix(hex, 16).map_err(|_| MoveLineError::NotAKey(w.to_string()))?;
    }
    let captured = match &words[8..] {
        [] => None,
        [letter, owner, promoted @ ..] if promoted.len() <= 1 => {
            let k = letter
                .chars()
                .next()
                .filter(|_| letter.len() == 1)
                .and_then(PieceKind::from_letter)
                .filter(|k| *k != PieceKind::King)
                .ok_or_else(|| MoveLineError::NotCapturable(letter.to_string()))?;
            let owner = match *owner {
                "Black" => Color::Black,
                "White" => Color::White,
                o => return Err(MoveLineError::NotAColour(o.to_string())),
            };
            let promoted = match promoted {
                [] => false,
                ["+"] => true,
                [x, ..] => return Err(MoveLineError::Unexpected(x.to_string())),
            };
            Some((k, owner, promoted))
        }
        _ => return Err(MoveLineError::CaptureField),
    };
    if (flags & i64::from(FLAG_CAPTURE) != 0) != captured.is_some() {
        return Err(MoveLineError::CaptureFlag);
    }
    let annotation = if flags & i64::from(FLAG_BAD) != 0 {
        Some(Annotation::Bad)
    } else if flags & i64::from(FLAG_GOOD) != 0 {
        Some(Annotation::Good)
    } else {
        None
    };
    let to_u = |v: i64| u64::try_from(v).unwrap_or(0);
    Ok(ParsedMove {
        mv,
        kind,
        promoted_before,
        captured,
        stats: MoveStats {
            score: i32::try_from(score).unwrap_or(0),
            depth: u32::try_from(depth).unwrap_or(0),
            nodes: to_u(nodes),
            time: to_u(time),
            book: flags & i64::from(FLAG_BOOK) != 0,
            annotation,
        },
    })
}

/// Takes the moves back from the final board; returns the start (with its side to move).
/// `to_move_if_none` is the side to move when there are no moves.
fn take_back(
    mut s: Setup,
    moves: &[(usize, ParsedMove)],
    to_move_if_none: Color,
) -> Result<Setup, FileError> {
    let mut next_mover: Option<Color> = None;
    for (n, pm) in moves.iter().rev() {
        let err = |r: String| FileError::new(*n, r);
        let to = pm.mv.to();
        let on_to =
            s.piece_at(to).ok_or_else(|| err(format!("no piece on {to} after {}", pm.mv)))?;
        let mover = on_to.color();
        if next_mover.is_some_and(|c| c != mover) {
            return Err(err("the moves do not alternate between the sides".into()));
        }
        match pm.mv.from() {
            None => {
                if on_to.kind() != pm.kind {
                    return Err(err(format!("the piece on {to} is not the one dropped")));
                }
                s.set(to, None);
                let hand = &mut s.hands[mover.index()];
                *hand = hand
                    .with_count(pm.kind, hand.count(pm.kind) + 1)
                    .ok_or_else(|| err("too many pieces in hand".into()))?;
            }
            Some(from) => {
                let before = if pm.promoted_before {
                    pm.kind.promote().ok_or_else(|| err("that piece cannot be promoted".into()))?
                } else {
                    pm.kind
                };
                let after = if pm.mv.is_promotion() {
                    before.promote().ok_or_else(|| err("that piece cannot promote".into()))?
                } else {
                    before
                };
                if on_to.kind() != after {
                    return Err(err(format!("the piece on {to} is not the one that moved")));
                }
                if s.piece_at(from).is_some() {
                    return Err(err(format!("{from} is not empty")));
                }
                s.set(from, Some(Piece::new(mover, before)));
                let restored = match pm.captured {
                    None => None,
                    Some((k, owner, promoted)) => {
                        if owner == mover {
                            return Err(err("a capture of one's own piece".into()));
                        }
                        let kind = if promoted {
                            k.promote()
                                .ok_or_else(|| err("that piece cannot be promoted".into()))?
                        } else {
                            k
                        };
                        let hand = &mut s.hands[mover.index()];
                        if hand.count(k) == 0 {
                            return Err(err(format!("the captured {} is not in hand", k.name())));
                        }
                        hand.remove(k);
                        Some(Piece::new(owner, kind))
                    }
                };
                s.set(to, restored);
            }
        }
        next_mover = Some(!mover);
    }
    s.side_to_move = match next_mover {
        Some(c) => !c,
        None => to_move_if_none,
    };
    s.move_number = 1;
    Ok(s)
}

/// The file for a game: the game record, with what is known about each move.
pub fn from_game(
    game: &Game,
    stats: &[MoveStats],
    computer: Color,
    force: bool,
    clocks: Option<([i64; 2], [u32; 2])>,
) -> GameFile {
    let moves = game
        .moves()
        .iter()
        .enumerate()
        .map(|(i, &mv)| SavedMove { mv, stats: stats.get(i).copied().unwrap_or_default() })
        .collect();
    let (clock, moves_left) = clocks.unwrap_or(([0, 0], [0, 0]));
    GameFile {
        computer,
        force,
        game50: 1,
        clocks_on: clocks.is_some(),
        operator_time: 0,
        clock,
        moves_left,
        start: game.start().clone(),
        moves,
    }
}
