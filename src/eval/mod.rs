//! Static evaluation, in centipawns (100 = one pawn) from the side to move's point of view.
//!
//! The evaluation is a sum of terms whose weights live in one table ([`params`]), so that a
//! tuner can fit them to game results (see `examples/tune.rs`). Most terms are linear in
//! their weight; king danger is quadratic in a weighted count of threats. The terms:
//!
//! - material on the board, and in hand (worth more than on the board: a piece in hand can be
//!   dropped anywhere), with a bonus for holding at least one of a kind;
//! - piece placement relative to the piece's own king (defenders, castles) and to the enemy
//!   king (attackers): by file distance and rank offset, clamped to three, and again at the
//!   exact offset (a finer layer, learnt from many self-play positions);
//! - advancement by relative rank, and the king's own square;
//! - slider mobility;
//! - king danger: enemy pieces hitting the squares around the king, the pieces the enemy can
//!   drop, the king's free escape squares, and our own control around it;
//! - threats: our pieces attacked and undefended, or attacked by something cheaper;
//! - files open for a pawn drop; a bonus for the side to move.
//!
//! [`evaluate_into`] is the reference form, which the tuner traces; [`evaluate`], which the
//! search calls, computes the same sum with the weights folded into lookups (`folded.rs`).
//! A new term goes in both.

mod folded;
pub mod params;

use crate::rules::{Bitboard, Color, PieceKind, Position, Square, attacks};
pub use params::PARAMS;

/// Board value of each kind (`PieceKind::index()` order), the first entries of the table.
pub const PIECE_VALUE: [i32; 14] = {
    let mut v = [0; 14];
    let mut i = 0;
    while i < 14 {
        v[i] = PARAMS[P_PIECE + i];
        i += 1;
    }
    v
};

/// Hand value of each hand kind (pawn..gold).
pub const HAND_VALUE: [i32; 7] = {
    let mut v = [0; 7];
    let mut i = 0;
    while i < 7 {
        v[i] = PARAMS[P_HAND + i];
        i += 1;
    }
    v
};

// ---- the parameter table layout -------------------------------------------------------------

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

/// The quadratic king-danger penalty is `units² / DANGER_DIVISOR`.
pub const DANGER_DIVISOR: i32 = 16;

/// Where an evaluation's terms go: a plain sum, or a trace of coefficients for the tuner.
pub trait Accumulator {
    /// A linear term: `coefficient × PARAMS[index]`, for `color` (Black positive).
    fn linear(&mut self, color: Color, index: usize, coefficient: i32);
    /// A king-danger unit term for the king of `color`.
    fn danger(&mut self, color: Color, index: usize, coefficient: i32);
}

/// Sums the terms with a parameter table.
pub struct Sum<'a> {
    params: &'a [i32],
    linear: i32,
    danger: [i32; 2],
}

impl Accumulator for Sum<'_> {
    #[inline]
    fn linear(&mut self, color: Color, index: usize, coefficient: i32) {
        let v = self.params[index] * coefficient;
        self.linear += if color == Color::Black { v } else { -v };
    }

    #[inline]
    fn danger(&mut self, color: Color, index: usize, coefficient: i32) {
        self.danger[color.index()] += self.params[index] * coefficient;
    }
}

/// A square as `color` sees it: White's squares turned round, so that "forward" and "left"
/// mean the same for both sides.
#[inline]
const fn oriented(color: Color, sq: Square) -> Square {
    match color {
        Color::Black => sq,
        Color::White => sq.flip(),
    }
}

/// The offset of a piece on `sq` from a king on `king`, both already oriented: file offset
/// (positive: towards file 9) and rank offset (positive: the piece stands further forward).
#[inline]
const fn king_offset(king: Square, sq: Square) -> (i32, i32) {
    (sq.file() as i32 - king.file() as i32, king.rank() as i32 - sq.rank() as i32)
}

/// The clamped bucket of an offset: file distance 0..=3 × rank offset -3..=3.
#[inline]
const fn clamped_bucket((dx, dy): (i32, i32)) -> usize {
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
const fn fine_index((dx, dy): (i32, i32)) -> usize {
    ((dy + 8) * 17 + dx + 8) as usize
}

/// The offset an index of `fine_index` stands for.
#[inline]
const fn fine_offset_of(index: usize) -> (i32, i32) {
    ((index % 17) as i32 - 8, (index / 17) as i32 - 8)
}

/// The king-relative bucket of a piece of `color` on `sq` seen from a king on `king`.
#[inline]
fn rel_bucket(color: Color, sq: Square, king: Square) -> usize {
    clamped_bucket(king_offset(oriented(color, king), oriented(color, sq)))
}

/// The exact offset of a piece of `color` on `sq` from a king on `king`, both seen from
/// `color`'s side.
#[inline]
fn fine_offset(color: Color, sq: Square, king: Square) -> usize {
    fine_index(king_offset(oriented(color, king), oriented(color, sq)))
}

/// Index of a non-king kind in the 13-kind tables.
#[inline]
const fn kind13(kind: PieceKind) -> usize {
    let i = kind.index();
    if i > PieceKind::King.index() { i - 1 } else { i }
}

#[inline]
fn is_big(kind: PieceKind) -> bool {
    matches!(kind, PieceKind::Bishop | PieceKind::Rook | PieceKind::Horse | PieceKind::Dragon)
}

/// Evaluates `pos` into `acc`, from Black's point of view (linear terms) plus per-king danger.
pub fn evaluate_into<A: Accumulator>(pos: &Position, acc: &mut A) {
    let occ = pos.occupied();
    let mut attacked = [Bitboard::EMPTY; 2];
    let mut attacked_by_small = [Bitboard::EMPTY; 2];
    let mut attacked_not_by_king = [Bitboard::EMPTY; 2];
    // Danger units from enemy attacks on each king's zone are gathered in the piece loop.
    let zones = [
        pos.king_square(Color::Black).map_or(Bitboard::EMPTY, attacks::king_attacks),
        pos.king_square(Color::White).map_or(Bitboard::EMPTY, attacks::king_attacks),
    ];

    for color in Color::ALL {
        let own_king = pos.king_square(color);
        let enemy_king = pos.king_square(!color);
        let enemy_zone = zones[(!color).index()];
        let own = pos.pieces_of(color);
        for sq in own {
            let kind = pos.piece_at(sq).expect("occupied").kind();
            let a = attacks::attacks(color, kind, sq, occ);
            attacked[color.index()] |= a;
            if kind == PieceKind::King {
                if let Some(k) = own_king {
                    let edge = (k.file().min(10 - k.file()) - 1) as usize;
                    acc.linear(
                        color,
                        P_KING_SQUARE + edge * 9 + k.relative_rank(color) as usize - 1,
                        1,
                    );
                }
                continue;
            }
            attacked_not_by_king[color.index()] |= a;
            if !is_big(kind) {
                attacked_by_small[color.index()] |= a;
            }
            let k13 = kind13(kind);
            acc.linear(color, P_PIECE + kind.index(), 1);
            acc.linear(color, P_RANK + k13 * 9 + sq.relative_rank(color) as usize - 1, 1);
            if let Some(k) = own_king {
                acc.linear(color, P_OWN_KING + k13 * REL_BUCKETS + rel_bucket(color, sq, k), 1);
                acc.linear(color, P_OWN_FINE + k13 * FINE_OFFSETS + fine_offset(color, sq, k), 1);
            }
            if let Some(k) = enemy_king {
                acc.linear(color, P_ENEMY_KING + k13 * REL_BUCKETS + rel_bucket(color, sq, k), 1);
                acc.linear(color, P_ENEMY_FINE + k13 * FINE_OFFSETS + fine_offset(color, sq, k), 1);
            }
            let mobility = match kind {
                PieceKind::Lance => Some(0),
                PieceKind::Bishop => Some(1),
                PieceKind::Rook => Some(2),
                PieceKind::Horse => Some(3),
                PieceKind::Dragon => Some(4),
                _ => None,
            };
            if let Some(m) = mobility {
                acc.linear(color, P_MOBILITY + m, (a & !own).count() as i32);
            }
            let hits = (a & enemy_zone).count() as i32;
            if hits > 0 {
                acc.danger(!color, P_DANGER_ATTACK + kind.index(), hits);
            }
        }
        let hand = pos.hand(color);
        for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
            let n = hand.count(kind) as i32;
            if n > 0 {
                acc.linear(color, P_HAND + i, n);
                acc.linear(color, P_HAND_FIRST + i, 1);
                acc.danger(!color, P_DANGER_HAND + i, 1);
            }
        }
        if hand.has(PieceKind::Pawn) {
            let open = 9 - pos.pieces(color, PieceKind::Pawn).files_occupied().count() as i32 / 9;
            acc.linear(color, P_PAWN_DROP_FILE, open);
        }
    }

    for color in Color::ALL {
        let them = !color;
        // King danger of `color`'s king: escapes and own control.
        if pos.king_square(color).is_some() {
            let zone = zones[color.index()];
            let own = pos.pieces_of(color);
            let escapes = (zone & !own & !attacked[them.index()]).count() as i32;
            if escapes < 3 {
                acc.danger(color, P_DANGER_NO_ESCAPE, 3 - escapes);
            }
            // Own control of the zone, not counting the king itself.
            let defended = (zone & attacked_not_by_king[color.index()]).count() as i32;
            acc.danger(color, P_DANGER_DEFENDED, defended);
            acc.danger(color, P_DANGER_BASE, 1);
        }
        // Threats against `color`'s pieces.
        let own = pos.pieces_of(color) & !pos.pieces_of_kind(PieceKind::King);
        let hanging = own & attacked[them.index()] & !attacked[color.index()];
        let mut big = Bitboard::EMPTY;
        for kind in [PieceKind::Bishop, PieceKind::Rook, PieceKind::Horse, PieceKind::Dragon] {
            big |= pos.pieces(color, kind);
        }
        let major_threats = (big & (hanging | attacked_by_small[them.index()])).count() as i32;
        let minor_threats = (hanging & !big).count() as i32;
        let offset = if color == pos.side_to_move() { 0 } else { 2 };
        acc.linear(color, P_THREAT + offset, minor_threats);
        acc.linear(color, P_THREAT + offset + 1, major_threats);
    }
    acc.linear(pos.side_to_move(), P_TEMPO, 1);
}

/// The king-danger penalty for a unit count.
#[inline]
pub fn danger_penalty(units: i32) -> i32 {
    let u = units.max(0);
    u * u / DANGER_DIVISOR
}

/// Evaluates with a given parameter table, from the side to move's view.
pub fn evaluate_with(pos: &Position, params: &[i32]) -> i32 {
    let mut sum = Sum { params, linear: 0, danger: [0, 0] };
    evaluate_into(pos, &mut sum);
    let black = sum.linear - danger_penalty(sum.danger[0]) + danger_penalty(sum.danger[1]);
    if pos.side_to_move() == Color::Black { black } else { -black }
}

/// The static evaluation from the side to move's view, with the shipped table (the same
/// number as `evaluate_with(pos, &PARAMS)`, computed faster).
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    folded::evaluate(pos)
}

/// Material only (board and hand), from Black's view.
pub fn material(pos: &Position) -> i32 {
    let mut score = 0;
    for kind in PieceKind::ALL {
        score += PIECE_VALUE[kind.index()]
            * (pos.pieces(Color::Black, kind).count() as i32
                - pos.pieces(Color::White, kind).count() as i32);
    }
    for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
        score += HAND_VALUE[i]
            * (pos.hand(Color::Black).count(kind) as i32
                - pos.hand(Color::White).count(kind) as i32);
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_sfen;

    #[test]
    fn start_position_is_balanced_and_symmetric() {
        let p = Position::startpos();
        assert_eq!(material(&p), 0);
        assert_eq!(evaluate(&p), PARAMS[P_TEMPO]);
        let after = parse_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
            .unwrap();
        let mirror =
            parse_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2")
                .unwrap();
        assert_eq!(evaluate(&after), evaluate(&mirror));
    }

    #[test]
    fn material_counts_hands() {
        let p = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b R 1").unwrap();
        assert_eq!(material(&p), HAND_VALUE[5]);
        assert!(evaluate(&p) > 800);
    }

    #[test]
    fn table_layout_is_complete() {
        assert_eq!(PARAMS.len(), NUM_PARAMS);
        let mut next = 0;
        for (_, start, len, _) in LAYOUT {
            assert_eq!(start, next);
            next += len;
        }
        assert_eq!(next, NUM_PARAMS);
    }

    #[test]
    fn params_source_round_trips_the_table() {
        let header = "The evaluation weights.";
        let src = params_source(&PARAMS, header);
        let numbers: Vec<i32> = src
            .lines()
            .filter(|l| !l.trim_start().starts_with("//") && !l.contains('['))
            .flat_map(|l| l.split(',').filter_map(|x| x.trim().parse().ok()).collect::<Vec<i32>>())
            .collect();
        assert_eq!(numbers, PARAMS.to_vec());
    }
}
