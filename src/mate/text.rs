//! What a solve found, in words, for the front ends' `info string` lines.

use super::{MateOutcome, MateReport};
use crate::notation::kif;
use crate::rules::Position;

/// The lines that tell a mate's length, whether it was proved the shortest, the longer
/// defence the composer's line leaves aside if any, the useless interpositions it did not
/// count, and the line in KIF notation. None for other outcomes.
pub fn mate_info(pos: &Position, report: &MateReport) -> Vec<String> {
    let MateOutcome::Mate(line) = &report.outcome else {
        return Vec::new();
    };
    let length = if report.shortest {
        "the shortest"
    } else {
        // The search for a shorter mate stops at the limits or at its own budget (mod.rs).
        "the shortest found; the search for a shorter one stopped before ruling one out"
    };
    let mut out = vec![format!("mate in {} plies, {length}", line.len())];
    if let Some(d) = report.longest_defence {
        let plies = match (d.at_least, d.at_most) {
            (a, b) if a == b => format!("{a} plies"),
            (a, b) => format!("{a} to {b} plies"),
        };
        out.push(format!(
            "the defender can last {plies}, leaving the attacker pieces in hand (変長駒余り): \
             the composer's line is the longest that leaves none"
        ));
    }
    if !report.useless_interpositions.is_empty() {
        let places: Vec<String> = report
            .useless_interpositions
            .iter()
            .map(|&(ply, n)| format!("{n} at ply {ply}"))
            .collect();
        out.push(format!(
            "useless interpositions (無駄合), drops only to be taken, not counted: {}",
            places.join(", ")
        ));
    }
    out.push(kif::line_text(pos, line, None, " "));
    out
}
