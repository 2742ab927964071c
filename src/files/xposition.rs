//! The xshogi position file of `xsave` and `xget`:
//!
//! ```text
//! # xshogi position file --
//!
//!
//!  l n s g k g . n l        rank a first; here lower case is White (gote), upper case Black
//!  …
//! 0 0 0 0 0 0 0 0           Black's hand: p l n s g b r k
//! 0 0 0 0 0 1 0 0           White's hand
//! white to play
//! ```
//!
//! The original wrote "white to play" when the computer played Black, whoever was to move;
//! this version writes the side to move, and reads either.

use super::{FileError, gnu_hand_order, hand_from_counts, parse_counts};
use crate::notation::board::{parse_square_text, square_text};
use crate::rules::{Color, Position, Setup, Square};
use std::fmt::Write as _;

/// The file's text for a position.
pub fn to_text(pos: &Position) -> String {
    let mut t = String::from("# xshogi position file -- \n\n\n");
    for rank in 1..=9u8 {
        for file in (1..=9u8).rev() {
            let sq = Square::new(file, rank).expect("on the board");
            t.extend(square_text(pos.piece_at(sq), '.', false));
        }
        t.push('\n');
    }
    for color in Color::ALL {
        let counts: Vec<String> =
            gnu_hand_order().map(|k| pos.hand(color).count(k).to_string()).collect();
        let _ = writeln!(t, "{} 0", counts.join(" "));
    }
    let side = if pos.side_to_move() == Color::White { "white" } else { "black" };
    let _ = writeln!(t, "{side} to play");
    t
}

/// Reads a position file.
pub fn parse(text: &str) -> Result<Position, FileError> {
    let lines: Vec<&str> = text.lines().collect();
    // Comment and empty lines come first.
    let first = lines
        .iter()
        .position(|l| !(l.trim().is_empty() || l.starts_with('#')))
        .ok_or_else(|| FileError::new(lines.len().max(1), "no board in the file"))?;
    let get = |i: usize| -> Result<&str, FileError> {
        lines.get(i).copied().ok_or_else(|| FileError::new(i + 1, "the file ends too early"))
    };
    let mut setup = Setup::default();
    for rank in 1..=9u8 {
        let i = first + usize::from(rank) - 1;
        let chars: Vec<char> = get(i)?.chars().collect();
        if chars.len() < 18 {
            return Err(FileError::new(i + 1, "a board rank has 9 squares of 2 characters"));
        }
        for (j, file) in (1..=9u8).rev().enumerate() {
            let piece = parse_square_text(chars[2 * j], chars[2 * j + 1], '.', false)
                .map_err(|e| FileError::new(i + 1, format!("file {file}: {e}")))?;
            setup.set(Square::new(file, rank).expect("on the board"), piece);
        }
    }
    for side in 0..2 {
        let i = first + 9 + side;
        let counts = parse_counts(get(i)?).map_err(|e| FileError::new(i + 1, e.to_string()))?;
        setup.hands[side] =
            hand_from_counts(&counts).map_err(|e| FileError::new(i + 1, e.to_string()))?;
    }
    let i = first + 11;
    setup.side_to_move = match lines.get(i).map(|l| l.trim()) {
        None | Some("") | Some("black to play") => Color::Black,
        Some("white to play") => Color::White,
        Some(other) => {
            return Err(FileError::new(
                i + 1,
                format!("'{other}': expected 'black to play' or 'white to play'"),
            ));
        }
    };
    Position::from_setup(&setup)
        .map_err(|e| FileError::new(first + 1, format!("impossible position: {e}")))
}
