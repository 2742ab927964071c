//! The `list` game listing (`CL.*` files) and the book lines of `bsave`.

use super::MoveStats;
use crate::game::{Game, Outcome, WinReason};
use crate::notation::Annotation;
use crate::notation::text::{format_book_move, format_file_move};
use crate::notation::to_sfen;
use crate::rules::Color;
use crate::rules::handicap::Handicap;
use std::fmt::{self, Write as _};

/// The original's listing name: `CL.<Mon><DD>-<HHMMSS><B|W>`, the letter naming the
/// computer's colour.
pub fn list_file_name<Tz: chrono::TimeZone>(now: &chrono::DateTime<Tz>, computer: Color) -> String
where
    Tz::Offset: std::fmt::Display,
{
    format!("CL.{}{}", now.format("%b%d-%H%M%S"), &computer.name()[..1])
}

/// The listing: two moves a line with score, depth (or `Book`), nodes and seconds, then how
/// the game ended. A game that did not begin at the standard start names its start (the
/// handicap, or the SFEN) under the title, since the moves mean nothing without it.
pub fn listing(game: &Game, stats: &[MoveStats], outcome: Option<Outcome>) -> String {
    let mut t = format!("gnushogi {} game\n", crate::VERSION);
    if !game.is_regular_start() {
        let start = game.start();
        let first = start.side_to_move().name();
        let _ = match Handicap::of(start) {
            Some(h) => writeln!(
                t,
                "Handicap: {} ({}); {first} gives it and moves first (the left column)",
                h.name(),
                h.japanese()
            ),
            None => writeln!(t, "Start: {} ({first} moves first, the left column)", to_sfen(start)),
        };
    }
    t.push_str("         score  depth   nodes  time                  score  depth   nodes  time\n");
    let mut pos = game.start().clone();
    for (i, &mv) in game.moves().iter().enumerate() {
        let s = stats.get(i).copied().unwrap_or_default();
        let depth = if s.book { "Book".to_string() } else { format!(" {:>2} ", s.depth) };
        let _ = write!(
            t,
            "{:<7}  {:5}    {depth}{:7} {:5}",
            format_file_move(&pos, mv),
            s.score,
            s.nodes,
            s.time
        );
        t.push_str(if i % 2 == 1 { "\n" } else { "         " });
        pos = pos.played(mv);
    }
    t.push_str("\n\n");
    match outcome {
        Some(o @ Outcome::Draw(_)) => {
            let _ = writeln!(t, "Draw: {o}");
        }
        Some(Outcome::Win { winner, reason: WinReason::Checkmate }) => {
            let _ = writeln!(t, "{} wins (checkmate)", winner.name());
        }
        Some(o @ Outcome::Win { winner, .. }) => {
            let _ = writeln!(t, "{} wins ({o})", winner.name());
        }
        None => {}
    }
    t
}

/// Why a game cannot be a book line: it did not begin at the standard start position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NotFromStart;

impl fmt::Display for NotFromStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the game did not begin at the standard start position")
    }
}

impl std::error::Error for NotFromStart {}

/// The game as a line of book text (`bsave`): `#`, then `1.P7g-7f P3c-3d 2.B8hx2b+ …`, ten
/// plies a line, with the `!`/`?` marks. Refused when the game did not begin at the
/// standard start, since a book line always does.
pub fn book_text(game: &Game, stats: &[MoveStats]) -> Result<String, NotFromStart> {
    if !game.is_regular_start() {
        return Err(NotFromStart);
    }
    let mut t = String::from("#\n");
    let mut pos = game.start().clone();
    for (i, &mv) in game.moves().iter().enumerate() {
        if i % 2 == 0 {
            let _ = write!(t, "{}.", i / 2 + 1);
        }
        t.push_str(&format_book_move(&pos, mv));
        match stats.get(i).and_then(|s| s.annotation) {
            Some(Annotation::Good) => t.push('!'),
            Some(Annotation::Bad) => t.push('?'),
            None => {}
        }
        t.push(' ');
        if (i + 1) % 10 == 0 {
            t.push('\n');
        }
        pos = pos.played(mv);
    }
    if !game.ply().is_multiple_of(10) {
        t.push('\n');
    }
    Ok(t)
}
