//! The parameter table's layout: where each term's weights start, how many there are, and
//! how a piece's square and its king's become an index into them.

use crate::rules::{Color, PieceKind, Square};

/// Board value by kind (14).
pub const P_PIECE: usize = 0;
/// Value of each piece in hand by hand kind (7).
pub const P_HAND: usize = P_PIECE + 14;
/// Bonus for holding at least one of a hand kind (7).
pub const P_HAND_FIRST: usize = P_HAND + 7;
/// Number of king-relative buckets: file distance 0..=3 × rank offset -3..=3.
pub const REL_BUCKETS: usize = 4 * 7;
/// Placement relative to the piece's own king, by kind (13, king excluded) × bucket.
pub const P_OWN_KING: usize = P_HAND_FIRST + 7;
/// Placement relative to the enemy king, by kind × bucket.
pub const P_ENEMY_KING: usize = P_OWN_KING + 13 * REL_BUCKETS;
/// Advancement: kind (13) × relative rank (9).
pub const P_RANK: usize = P_ENEMY_KING + 13 * REL_BUCKETS;
/// The king's square: distance from the nearer edge file (0..=4) × relative rank (9).
pub const P_KING_SQUARE: usize = P_RANK + 13 * 9;
/// Mobility per reachable square: lance, bishop, rook, horse, dragon.
pub const P_MOBILITY: usize = P_KING_SQUARE + 5 * 9;
/// Threats against the side to move: minor piece hanging, major piece hanging or hit by a
/// cheaper piece; the same two against the side not to move.
pub const P_THREAT: usize = P_MOBILITY + 5;
/// Per file where a pawn may be dropped, when a pawn is in hand.
pub const P_PAWN_DROP_FILE: usize = P_THREAT + 4;
pub const P_TEMPO: usize = P_PAWN_DROP_FILE + 1;
/// King danger units: per zone square hit, by attacker kind (14).
pub const P_DANGER_ATTACK: usize = P_TEMPO + 1;
/// King danger units: per hand kind the enemy holds (7).
pub const P_DANGER_HAND: usize = P_DANGER_ATTACK + 14;
/// King danger units: per missing escape square below three.
pub const P_DANGER_NO_ESCAPE: usize = P_DANGER_HAND + 7;
/// King danger units: per zone square our own pieces control (usually negative).
pub const P_DANGER_DEFENDED: usize = P_DANGER_NO_ESCAPE + 1;
/// King danger units: a constant offset.
pub const P_DANGER_BASE: usize = P_DANGER_DEFENDED + 1;
/// Exact king-relative offsets: file offset -8..=8 × rank offset -8..=8.
pub const FINE_OFFSETS: usize = 17 * 17;
/// Placement at an exact offset from the piece's own king, by kind × offset (a finer layer
/// over `OWN_KING`'s clamped buckets, learnt from many positions).
pub const P_OWN_FINE: usize = P_DANGER_BASE + 1;
/// Placement at an exact offset from the enemy king, by kind × offset.
pub const P_ENEMY_FINE: usize = P_OWN_FINE + 13 * FINE_OFFSETS;
pub const NUM_PARAMS: usize = P_ENEMY_FINE + 13 * FINE_OFFSETS;

/// The sections of the table: name, first index, length, meaning (for the tuner's output).
pub const LAYOUT: [(&str, usize, usize, &str); 18] = [
    ("PIECE", P_PIECE, 14, "Board value by kind"),
    ("HAND", P_HAND, 7, "Value of each piece in hand"),
    ("HAND_FIRST", P_HAND_FIRST, 7, "Bonus for holding at least one"),
    (
        "OWN_KING",
        P_OWN_KING,
        13 * REL_BUCKETS,
        "Placement relative to the own king: kind x (file distance 0..=3 x rank offset -3..=3)",
    ),
    (
        "ENEMY_KING",
        P_ENEMY_KING,
        13 * REL_BUCKETS,
        "Placement relative to the enemy king: kind x (file distance x rank offset)",
    ),
    ("RANK", P_RANK, 13 * 9, "Advancement: kind x relative rank 1..=9"),
    (
        "KING_SQUARE",
        P_KING_SQUARE,
        5 * 9,
        "King square: distance from the nearer edge file 0..=4 x relative rank 1..=9",
    ),
    ("MOBILITY", P_MOBILITY, 5, "Per reachable square: lance, bishop, rook, horse, dragon"),
    ("THREAT", P_THREAT, 4, "Threats: side to move minor/major, side not to move minor/major"),
    ("PAWN_DROP_FILE", P_PAWN_DROP_FILE, 1, "Per file open to a pawn drop, pawn in hand"),
    ("TEMPO", P_TEMPO, 1, "Side to move"),
    (
        "DANGER_ATTACK",
        P_DANGER_ATTACK,
        14,
        "King danger units per zone square hit, by attacker kind",
    ),
    ("DANGER_HAND", P_DANGER_HAND, 7, "King danger units per enemy hand kind held"),
    (
        "DANGER_NO_ESCAPE",
        P_DANGER_NO_ESCAPE,
        1,
        "King danger units per missing escape square below three",
    ),
    (
        "DANGER_DEFENDED",
        P_DANGER_DEFENDED,
        1,
        "King danger units per zone square controlled by own pieces",
    ),
    ("DANGER_BASE", P_DANGER_BASE, 1, "King danger units, constant"),
    (
        "OWN_FINE",
        P_OWN_FINE,
        13 * FINE_OFFSETS,
        "Placement at an exact offset from the own king: kind x (rank offset -8..=8 x file offset -8..=8)",
    ),
    (
        "ENEMY_FINE",
        P_ENEMY_FINE,
        13 * FINE_OFFSETS,
        "Placement at an exact offset from the enemy king: kind x (rank offset x file offset)",
    ),
];

/// Writes a parameter table as the source of `src/eval/params.rs`.
pub fn params_source(values: &[i32], header: &str) -> String {
    let mut s = String::new();
    for line in header.lines() {
        s.push_str("//! ");
        s.push_str(line);
        s.push('\n');
    }
    s.push_str("\n#[rustfmt::skip]\npub static PARAMS: [i32; crate::eval::NUM_PARAMS] = [\n");
    for (name, start, len, what) in LAYOUT {
        s.push_str(&format!("    // {name} (P_{name}): {what}\n"));
        let row = [17, 14, 9, 7].into_iter().find(|r| len % r == 0).unwrap_or(len);
        for chunk in values[start..start + len].chunks(row) {
            let cells: Vec<String> = chunk.iter().map(|v| format!("{v},")).collect();
            s.push_str("    ");
            s.push_str(&cells.join(" "));
            s.push('\n');
        }
    }
    s.push_str("];\n");
    s
}

/// A square as `color` sees it: White's squares turned round, so that "forward" and "left"
/// mean the same for both sides.
#[inline]
pub(super) const fn oriented(color: Color, sq: Square) -> Square {
    match color {
        Color::Black => sq,
        Color::White => sq.flip(),
    }
}

/// The offset of a piece on `sq` from a king on `king`, both already oriented: file offset
/// (positive: towards file 9) and rank offset (positive: the piece stands further forward).
#[inline]
pub(super) const fn king_offset(king: Square, sq: Square) -> (i32, i32) {
    (sq.file() as i32 - king.file() as i32, king.rank() as i32 - sq.rank() as i32)
}

/// The clamped bucket of an offset: file distance 0..=3 × rank offset -3..=3.
#[inline]
pub(super) const fn clamped_bucket((dx, dy): (i32, i32)) -> usize {
    let dx = if dx.abs() > 3 { 3 } else { dx.abs() };
    let dy = if dy < -3 {
        -3
    } else if dy > 3 {
        3
    } else {
        dy
    };
    (dx * 7 + dy + 3) as usize
}

/// The index of an exact offset: (rank offset + 8) × 17 + file offset + 8.
#[inline]
pub(super) const fn fine_index((dx, dy): (i32, i32)) -> usize {
    ((dy + 8) * 17 + dx + 8) as usize
}

/// The offset an index of `fine_index` stands for.
#[inline]
pub(super) const fn fine_offset_of(index: usize) -> (i32, i32) {
    ((index % 17) as i32 - 8, (index / 17) as i32 - 8)
}

/// The king-relative bucket of a piece of `color` on `sq` seen from a king on `king`.
#[inline]
pub(super) fn rel_bucket(color: Color, sq: Square, king: Square) -> usize {
    clamped_bucket(king_offset(oriented(color, king), oriented(color, sq)))
}

/// The exact offset of a piece of `color` on `sq` from a king on `king`, both seen from
/// `color`'s side.
#[inline]
pub(super) fn fine_offset(color: Color, sq: Square, king: Square) -> usize {
    fine_index(king_offset(oriented(color, king), oriented(color, sq)))
}

/// Index of a non-king kind in the 13-kind tables.
#[inline]
pub(super) const fn kind13(kind: PieceKind) -> usize {
    let i = kind.index();
    if i > PieceKind::King.index() { i - 1 } else { i }
}
