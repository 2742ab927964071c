//! The analysis as comments of a record, in the forms shogi GUIs read:
//!
//! - ShogiHome (Electron Shogi): `#評価値=-120`, `#詰み=先手勝ち:7手`, `#読み筋=…`, `#深さ=`,
//!   `#ノード数=`, `#エンジン=` (its "research" comments; scores from Black's side);
//! - Kifu for Windows, KifuBrowser, ShogiGUI: `*解析 0 ○ 時間 00:01.0 深さ 8 ノード数 1234
//!   評価値 -120 読み筋 △３四歩(33) ▲２六歩(27)` (a KIF line `**解析 0 …`);
//! - for people: ShogiHome's grade (`【悪手】`) and a line in English saying the loss, lishogi's
//!   mark and the better move.
//!
//! Each comment describes the position after its move (as both GUIs expect): the score and
//! the line from there; the better move the player missed is in the English line. A
//! [`Record`]'s comment lines are kept without their marker: the KIF writer adds the `*`.

use super::{Analysis, Eval, MoveAnalysis, PositionEval};
use crate::files::record::Record;
use crate::notation::kif;
use crate::rules::{Color, Position};
use std::time::Duration;

/// What a mate is written as where a GUI wants a number: ±(32000 - plies), the convention
/// of USI engines such as YaneuraOu.
pub(crate) const MATE_VALUE: i32 = 32_000;

/// The engine's name in `#エンジン=`.
pub(crate) fn engine_name() -> String {
    format!("GNU Shogi {}", crate::VERSION)
}

/// A score from Black's side as a number: centipawns, or ±(32000 - plies) for a mate.
pub(crate) fn gui_value(e: Eval) -> i32 {
    match e {
        Eval::Cp(cp) => cp,
        Eval::Mate { winner, plies } => {
            let v = MATE_VALUE - i32::try_from(plies).unwrap_or(MATE_VALUE).min(MATE_VALUE);
            if winner == Color::Black { v } else { -v }
        }
    }
}

/// `00:01.5`, as Kifu for Windows writes a thinking time.
fn time_text(t: Duration) -> String {
    let tenths = t.as_millis() / 100;
    format!("{:02}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
}

/// The comment lines of one position: its score and line in both GUIs' forms.
fn position_comments(pos: &Position, eval: &PositionEval) -> Vec<String> {
    let e = Eval::from_score(eval.score, pos.side_to_move());
    let mut c = Vec::new();
    match e {
        Eval::Mate { winner, plies } if plies > 0 => {
            c.push(format!("#詰み={}勝ち:{plies}手", kif::side_name(winner, false)));
        }
        Eval::Mate { .. } => {}
        Eval::Cp(cp) => c.push(format!("#評価値={cp}")),
    }
    // The line's first move names its square, never `同`: ShogiHome reads the line from the
    // position alone (it knows no move before it) and refuses a leading `同`.
    let joined = kif::line_text(pos, &eval.pv, None, "");
    if !joined.is_empty() {
        c.push(format!("#読み筋={joined}"));
    }
    c.push(format!("#深さ={}", eval.depth));
    c.push(format!("#ノード数={}", eval.nodes));
    c.push(format!("#エンジン={}", engine_name()));
    let spaced = kif::line_text(pos, &eval.pv, None, " ");
    let mut kfw = format!(
        "*解析 0 ○ 時間 {} 深さ {} ノード数 {} 評価値 {}",
        time_text(eval.time),
        eval.depth,
        eval.nodes,
        gui_value(e)
    );
    if !spaced.is_empty() {
        kfw.push_str(&format!(" 読み筋 {spaced}"));
    }
    c.push(kfw);
    c
}

/// The comment lines for one judged move.
pub fn move_comments(m: &MoveAnalysis) -> Vec<String> {
    let mut c = Vec::new();
    if let Some(grade) = m.grade {
        c.push(format!("【{}】", grade.japanese()));
    }
    let after_pos = m.position.played(m.mv);
    c.extend(position_comments(&after_pos, &m.reply));
    let mut english = format!("gnushogi: {} -> {}, loss {:.1}", m.before, m.after, m.loss);
    if let Some(mark) = m.mark {
        english.push_str(&format!(", {}", mark.name()));
    }
    if let Some(plies) = m.mates {
        english.push_str(&format!(", mates in {plies}"));
    }
    if let Some(plies) = m.missed_mate {
        english.push_str(&format!(", missed mate in {plies}"));
    }
    if m.best_is_better() && m.best.best.is_some() {
        let line = kif::line_text(&m.position, &m.best.pv, m.last_to, " ");
        english.push_str(&format!("; best {} {}", m.before, line));
    }
    c.push(english);
    c
}

/// Adds the analysis to `record`'s comments: the start position's before the first move,
/// each judged move's after it. Moves the analysis does not cover (it was interrupted) are
/// left as they were.
pub fn annotate(record: &mut Record, analysis: &Analysis) {
    if let Some(first) = analysis.moves.first().filter(|m| m.ply == 1) {
        record.comments.extend(position_comments(&first.position, &first.best));
    }
    for m in &analysis.moves {
        if let Some(rm) = record.moves.get_mut(m.ply - 1)
            && rm.mv == m.mv
        {
            rm.comments.extend(move_comments(m));
        }
    }
}
