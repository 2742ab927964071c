//! The analysis as lines of text for people: one line a move, and a summary for each side.
//! The command line and the text mode's `analyse` print the same lines.

use super::{Analysis, MoveAnalysis, SideSummary};
use crate::notation::kif;
use crate::rules::Color;

/// Moves of a line shown after a move: enough to see the idea.
const LINE_MOVES: usize = 6;
/// The same in the compact layout, for its line to fit [`COMPACT_WIDTH`].
const COMPACT_LINE_MOVES: usize = 4;
/// The columns a display needs for the full lines (a move with its KIF name and mark takes up
/// to about 70); a narrower one gets the compact layout.
pub(crate) const FULL_WIDTH: usize = 78;
/// The columns every compact line fits in: a 60-column terminal less its margins.
pub const COMPACT_WIDTH: usize = 58;

/// How the lines are laid out: in full (the command line, a wide screen), or compact for a
/// narrow screen, without the KIF name, each move's line within [`COMPACT_WIDTH`] columns so
/// that its mark is never wrapped onto a row of its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    Full,
    Compact,
}

impl Layout {
    /// The layout for a display whose lines may take `columns` (`None`: no limit).
    pub fn for_columns(columns: Option<usize>) -> Layout {
        match columns {
            Some(c) if c < FULL_WIDTH => Layout::Compact,
            _ => Layout::Full,
        }
    }
}

/// One move: `   3. 8h3c+     +22 ->  -1545  loss 35.2  ▲３三角成(88)  ??blunder`: the
/// columns of fixed width first, the move in KIF's notation (of varying width) after them.
pub fn move_line(m: &MoveAnalysis) -> String {
    let mut s = format!(
        "{:>4}. {:<6} {:>6} -> {:>6}  loss {:>4.1}  {}{}",
        m.ply,
        m.mv.to_string(),
        m.before.to_string(),
        m.after.to_string(),
        m.loss,
        kif::side_mark(m.mover),
        kif::move_text(&m.position, m.mv, m.last_to)
    );
    if let Some(mark) = m.mark {
        s.push_str(&format!("  {}{}", mark.symbol(), mark.name()));
    }
    if let Some(plies) = m.mates {
        s.push_str(&format!("  mates in {plies}"));
    }
    if let Some(plies) = m.missed_mate {
        s.push_str(&format!("  missed mate in {plies}"));
    }
    s
}

/// Where the move played is not the engine's choice, the move it prefers, its score and
/// the line that follows, on a line of its own: `        best 8h2b+ +22: 8h2b+ 8b2b …`.
pub fn best_line(m: &MoveAnalysis) -> Option<String> {
    let best = m.best.best.filter(|_| m.best_is_better())?;
    let line: Vec<String> = m.best.pv.iter().take(LINE_MOVES).map(|mv| mv.to_string()).collect();
    Some(format!("        best {best} {}: {}", m.before, line.join(" ")))
}

/// A move's lines: [`move_line`], then [`best_line`] when there is one.
pub fn move_lines(m: &MoveAnalysis) -> Vec<String> {
    std::iter::once(move_line(m)).chain(best_line(m)).collect()
}

/// A move's lines in `layout`: [`move_lines`], or the compact ones, `   3. 8h3c+    +22 ->
/// -1545  35.2 ??blunder`, a mate noted on a row of its own when it does not fit, then the
/// better move with a shorter line.
pub fn move_lines_in(m: &MoveAnalysis, layout: Layout) -> Vec<String> {
    if layout == Layout::Full {
        return move_lines(m);
    }
    let mut first = format!(
        "{:>4}. {:<5} {:>6} -> {:>6} {:>5.1}",
        m.ply,
        m.mv.to_string(),
        m.before.to_string(),
        m.after.to_string(),
        m.loss
    );
    if let Some(mark) = m.mark {
        first.push_str(&format!(" {}{}", mark.symbol(), mark.name()));
    }
    let mut lines = vec![first];
    let notes = m.mates.map(|p| format!("mates in {p}")).into_iter();
    for note in notes.chain(m.missed_mate.map(|p| format!("missed mate in {p}"))) {
        let last = lines.last_mut().expect("never empty");
        if last.len() + 2 + note.len() <= COMPACT_WIDTH {
            last.push_str(&format!("  {note}"));
        } else {
            lines.push(format!("        {note}"));
        }
    }
    if let Some(best) = m.best.best.filter(|_| m.best_is_better()) {
        let line: Vec<String> =
            m.best.pv.iter().take(COMPACT_LINE_MOVES).map(|mv| mv.to_string()).collect();
        lines.push(format!("        best {best} {}: {}", m.before, line.join(" ")));
    }
    lines
}

/// `▲７六歩(77) 7g7f`: a move as the summary names it.
pub(crate) fn move_name(m: &MoveAnalysis) -> String {
    format!("{}{} {}", kif::side_mark(m.mover), kif::move_text(&m.position, m.mv, m.last_to), m.mv)
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// One side's summary: its numbers, then its turning point on a line of its own.
pub(crate) fn side_lines(analysis: &Analysis, side: Color) -> Vec<String> {
    let s: SideSummary = analysis.summary(side);
    let name = match side {
        Color::Black => "Black (sente)",
        Color::White => "White (gote)",
    };
    let mut line = format!(
        "{name}: {}, average loss {:.1}, {}, {}, {}",
        plural(s.moves, "move", "moves"),
        s.average_loss,
        plural(s.inaccuracies, "inaccuracy", "inaccuracies"),
        plural(s.mistakes, "mistake", "mistakes"),
        plural(s.blunders, "blunder", "blunders"),
    );
    if s.missed_mates > 0 {
        line.push_str(&format!(", {}", plural(s.missed_mates, "missed mate", "missed mates")));
    }
    let turn = match s.turning_point.and_then(|i| analysis.moves.get(i)) {
        Some(m) => format!(
            "  turning point: move {} {} (loss {:.1}, {} -> {})",
            m.ply,
            move_name(m),
            m.loss,
            m.before,
            m.after
        ),
        None => "  no move lost anything".to_string(),
    };
    vec![line, turn]
}

/// The heading above the move lines.
pub(crate) const HEADING: [&str; 2] = [
    "Scores are from Black's side; a loss is in points of the mover's chance to win.",
    "  ply move    before    after   loss",
];

/// The heading over the moves' lines in `layout`.
pub fn heading(layout: Layout) -> [&'static str; 2] {
    match layout {
        Layout::Full => HEADING,
        Layout::Compact => [
            "Scores from Black's side; loss in points of win chance.",
            "  ply move  before     after  loss",
        ],
    }
}

/// The summary: how much was analysed, then a line for each side.
pub fn summary_lines(analysis: &Analysis) -> Vec<String> {
    let mut lines = Vec::new();
    if analysis.interrupted {
        lines.push(format!(
            "Interrupted: {} of {} moves analysed.",
            analysis.moves.len(),
            analysis.total
        ));
    }
    lines.extend(side_lines(analysis, Color::Black));
    lines.extend(side_lines(analysis, Color::White));
    lines
}
