//! KIF move text, as Kifu for Windows writes it: `７六歩(77)`, `同　銀(68)`, `５五角打`,
//! `２二角成(88)`, `２三銀不成(34)`; and lines of moves with the side's mark,
//! `▲７六歩(77) △３四歩(33)`. Formatting only: the KIF readers parse these forms themselves.
//!
//! The KIF record writer and the analysis's engine lines both write moves with it.

use crate::rules::{Color, Move, PieceKind, Position, Square};

const FILES: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const RANKS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The KIF name of a piece kind (promoted pieces as KIF writes them: 成銀, not 全).
pub fn piece_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "歩",
        PieceKind::Lance => "香",
        PieceKind::Knight => "桂",
        PieceKind::Silver => "銀",
        PieceKind::Gold => "金",
        PieceKind::Bishop => "角",
        PieceKind::Rook => "飛",
        PieceKind::King => "玉",
        PieceKind::ProPawn => "と",
        PieceKind::ProLance => "成香",
        PieceKind::ProKnight => "成桂",
        PieceKind::ProSilver => "成銀",
        PieceKind::Horse => "馬",
        PieceKind::Dragon => "龍",
    }
}

/// `▲` for Black (sente), `△` for White.
pub fn side_mark(color: Color) -> char {
    match color {
        Color::Black => '▲',
        Color::White => '△',
    }
}

/// The destination in KIF's form: `７六`.
pub fn square_text(sq: Square) -> String {
    let f = usize::from(sq.file().clamp(1, 9)) - 1;
    let r = usize::from(sq.rank().clamp(1, 9)) - 1;
    [FILES[f], RANKS[r]].iter().collect()
}

/// One move in KIF's form, without the side's mark. `last_to` is where the move before it
/// went: a move there is written `同　`. `pos` is the position before the move; a move it
/// does not know (no piece on the origin) is still written, with `?` for the piece.
pub fn move_text(pos: &Position, mv: Move, last_to: Option<Square>) -> String {
    let to = mv.to();
    let mut s = if last_to == Some(to) { "同　".to_string() } else { square_text(to) };
    match (mv.drop_kind(), mv.from()) {
        (Some(kind), _) => {
            s.push_str(piece_name(kind));
            s.push('打');
        }
        (None, Some(from)) => {
            let piece = pos.piece_at(from);
            s.push_str(piece.map_or("?", |p| piece_name(p.kind())));
            if mv.is_promotion() {
                s.push('成');
            } else if let Some(p) = piece
                && p.kind().can_promote()
                && (from.in_zone(p.color()) || to.in_zone(p.color()))
            {
                s.push_str("不成");
            }
            s.push_str(&format!("({}{})", from.file(), from.rank()));
        }
        (None, None) => s.push('?'),
    }
    s
}

/// A line of moves from `pos`, each with its side's mark, joined by `sep`: `▲７六歩(77)
/// △３四歩(33)`. `last_to` is where the move before the line went. The line stops at the
/// first move that is not legal where it stands (a line must never make the writer panic).
pub fn line_text(pos: &Position, line: &[Move], last_to: Option<Square>, sep: &str) -> String {
    let mut pos = pos.clone();
    let mut last = last_to;
    let mut parts = Vec::with_capacity(line.len());
    for &mv in line {
        if !pos.is_legal(mv) {
            break;
        }
        parts.push(format!("{}{}", side_mark(pos.side_to_move()), move_text(&pos, mv, last)));
        last = Some(mv.to());
        pos = pos.played(mv);
    }
    parts.join(sep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_usi_move;

    fn usi(pos: &Position, s: &str) -> Move {
        parse_usi_move(s).unwrap().to_move(pos).unwrap()
    }

    #[test]
    fn kif_moves() {
        let pos = Position::startpos();
        let m = usi(&pos, "7g7f");
        assert_eq!(move_text(&pos, m, None), "７六歩(77)");
        let line = ["7g7f", "3c3d", "8h2b+", "3a2b"];
        let mut p = pos.clone();
        let mut moves = Vec::new();
        for s in line {
            let m = usi(&p, s);
            moves.push(m);
            p = p.played(m);
        }
        assert_eq!(
            line_text(&pos, &moves, None, " "),
            "▲７六歩(77) △３四歩(33) ▲２二角成(88) △同　銀(31)"
        );
        // The bishop in hand, dropped.
        let drop = usi(&p, "B*4e");
        assert_eq!(move_text(&p, drop, Some(Square::new(2, 2).unwrap())), "４五角打");
    }

    #[test]
    fn not_promoting_is_said() {
        let pos = crate::notation::parse_sfen("4k4/9/4S4/9/9/9/9/9/4K4 b - 1").unwrap();
        let m = usi(&pos, "5c5b");
        assert_eq!(move_text(&pos, m, None), "５二銀不成(53)");
        let m = usi(&pos, "5c5b+");
        assert_eq!(move_text(&pos, m, None), "５二銀成(53)");
    }
}
