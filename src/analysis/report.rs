//! The analysis as lines of text for people: one line a move, and a summary for each side.
//! The command line and the text mode's `analyse` print the same lines.

use super::{Analysis, MoveAnalysis, SideSummary};
use crate::notation::kif;
use crate::rules::Color;

/// Moves of a line shown after a move: enough to see the idea.
const LINE_MOVES: usize = 6;

/// One move: `  12. ▲３三角成(88) 8h3c+   +35 ->  -820  loss 21.3 ??blunder  best 2b3c +40
/// (2b3c 8h7g …)`. The best move and its line are shown only where the move played differs.
pub fn move_line(m: &MoveAnalysis) -> String {
    let kif_move =
        format!("{}{}", kif::side_mark(m.mover), kif::move_text(&m.position, m.mv, m.last_to));
    let mut s = format!(
        "{:>4}. {} {:<6} {:>6} -> {:>6}  loss {:>4.1}",
        m.ply,
        kif_move,
        m.mv.to_string(),
        m.before.to_string(),
        m.after.to_string(),
        m.loss
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
    if !m.is_best
        && let Some(best) = m.best.best
    {
        let line: Vec<String> =
            m.best.pv.iter().take(LINE_MOVES).map(|mv| mv.to_string()).collect();
        s.push_str(&format!("  best {best} {} ({})", m.before, line.join(" ")));
    }
    s
}

/// `▲７六歩(77) 7g7f`: a move as the summary names it.
pub fn move_name(m: &MoveAnalysis) -> String {
    format!("{}{} {}", kif::side_mark(m.mover), kif::move_text(&m.position, m.mv, m.last_to), m.mv)
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// One side's summary in one line.
pub fn side_line(analysis: &Analysis, side: Color) -> String {
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
    match s.turning_point.and_then(|i| analysis.moves.get(i)) {
        Some(m) => line.push_str(&format!(
            "; turning point: move {} {} (loss {:.1}, {} -> {})",
            m.ply,
            move_name(m),
            m.loss,
            m.before,
            m.after
        )),
        None => line.push_str("; no move lost anything"),
    }
    line
}

/// The heading above the move lines.
pub const HEADING: &str = "  ply move                    before    after  loss (chance to win, points; scores from Black's side)";

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
    lines.push(side_line(analysis, Color::Black));
    lines.push(side_line(analysis, Color::White));
    lines
}
