//! Static evaluation, in centipawns (100 = one pawn) from the side to move's point of view.
//!
//! Terms: material on the board and in hand (a piece in hand is worth more than the same
//! piece on the board, since it can be dropped anywhere), piece placement relative to both
//! kings (defenders near one's own king, attackers near the enemy's), king safety (enemy
//! control of the squares around the king, weighted, growing with the pieces the enemy can
//! drop), and a small bonus for the side to move.

use crate::rules::{Bitboard, Color, PieceKind, Position, Square, attacks};

/// Value of a piece on the board, indexed by `PieceKind::index()`.
pub const PIECE_VALUE: [i32; 14] = [
    100,  // pawn
    350,  // lance
    450,  // knight
    550,  // silver
    950,  // bishop
    1100, // rook
    600,  // gold
    0,    // king
    600,  // tokin
    600,  // promoted lance
    600,  // promoted knight
    600,  // promoted silver
    1150, // horse
    1400, // dragon
];

/// Value of a piece in hand, indexed by hand kind (pawn..gold).
pub const HAND_VALUE: [i32; 7] = [
    115,  // pawn
    380,  // lance
    490,  // knight
    620,  // silver
    1050, // bishop
    1250, // rook
    680,  // gold
];

/// Bonus for the side to move.
pub const TEMPO: i32 = 20;

/// Bonus for a gold-like or silver piece next to its own king (Chebyshev distance 1, 2).
const GUARD_NEAR: i32 = 40;
const GUARD_FAR: i32 = 15;
/// Bonus per piece (any but the king) within distance 2 of the enemy king, by distance.
const ATTACKER_NEAR: i32 = 30;
const ATTACKER_FAR: i32 = 12;
/// King safety: weight of each enemy attack on a square next to the king.
const ZONE_ATTACK: i32 = 12;
/// Extra danger per kind of piece the enemy holds in hand (gold/silver/rook/bishop count more).
const HAND_DANGER: [i32; 7] = [2, 4, 5, 7, 8, 10, 8];
/// Bonus per own piece (not the king) on a square next to the king.
const KING_SHELTER: i32 = 10;
/// Penalty when a king has few free escape squares, per missing square below three.
const ESCAPE_SHORTAGE: i32 = 18;
/// Advancement bonus for pawns, by relative rank (1 = far rank .. 9 = home rank).
const PAWN_ADVANCE: [i32; 10] = [0, 0, 10, 8, 6, 3, 0, 0, 0, 0];
/// A rook or dragon's mobility, per reachable square.
const ROOK_MOBILITY: i32 = 3;
const BISHOP_MOBILITY: i32 = 3;

/// Chebyshev distance between two squares.
#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let df = (i32::from(a.file()) - i32::from(b.file())).abs();
    let dr = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    df.max(dr)
}

/// Material only (board and hand), from Black's view.
pub fn material(pos: &Position) -> i32 {
    let mut score = 0;
    for kind in PieceKind::ALL {
        let v = PIECE_VALUE[kind.index()];
        score += v
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

fn side_terms(pos: &Position, us: Color) -> i32 {
    let them = !us;
    let occ = pos.occupied();
    let own_king = pos.king_square(us);
    let enemy_king = pos.king_square(them);
    let mut score = 0;

    for sq in pos.pieces_of(us) {
        let piece = pos.piece_at(sq).expect("occupied");
        let kind = piece.kind();
        if kind == PieceKind::King {
            continue;
        }
        if let Some(k) = own_king
            && (kind.moves_like_gold() || kind == PieceKind::Silver)
        {
            match distance(sq, k) {
                1 => score += GUARD_NEAR,
                2 => score += GUARD_FAR,
                _ => {}
            }
        }
        if let Some(k) = enemy_king {
            match distance(sq, k) {
                1 => score += ATTACKER_NEAR,
                2 => score += ATTACKER_FAR,
                _ => {}
            }
        }
        match kind {
            PieceKind::Pawn => score += PAWN_ADVANCE[sq.relative_rank(us) as usize],
            PieceKind::Rook | PieceKind::Dragon => {
                score += ROOK_MOBILITY * attacks::rook_attacks(sq, occ).count() as i32;
            }
            PieceKind::Bishop | PieceKind::Horse => {
                score += BISHOP_MOBILITY * attacks::bishop_attacks(sq, occ).count() as i32;
            }
            _ => {}
        }
    }

    // Safety of our king: enemy control around it, shelter, escape squares.
    if let Some(k) = own_king {
        let zone = attacks::king_attacks(k);
        let mut attack_units = 0;
        let mut attacked = Bitboard::EMPTY;
        for sq in pos.pieces_of(them) {
            let a = pos.attacks_from(sq) & zone;
            if a.is_nonempty() {
                attack_units += a.count() as i32;
                attacked |= a;
            }
        }
        let hand = pos.hand(them);
        let hand_danger: i32 = PieceKind::HAND
            .iter()
            .enumerate()
            .filter(|&(_, &kind)| hand.has(kind))
            .map(|(i, _)| HAND_DANGER[i])
            .sum();
        let danger = attack_units * ZONE_ATTACK * (10 + hand_danger) / 10;
        score -= danger + danger * danger / 400;
        let shelter = (zone & pos.pieces_of(us)).count() as i32;
        score += KING_SHELTER * shelter;
        let escapes = (zone & !pos.pieces_of(us) & !attacked).count() as i32;
        if escapes < 3 {
            score -= ESCAPE_SHORTAGE * (3 - escapes);
        }
    }
    score
}

/// The static evaluation from the side to move's view.
pub fn evaluate(pos: &Position) -> i32 {
    let white_view = material(pos) + side_terms(pos, Color::Black) - side_terms(pos, Color::White);
    let score = if pos.side_to_move() == Color::Black { white_view } else { -white_view };
    score + TEMPO
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_sfen;

    #[test]
    fn start_position_is_balanced_and_symmetric() {
        let p = Position::startpos();
        assert_eq!(material(&p), 0);
        assert_eq!(evaluate(&p), TEMPO);
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
        assert!(evaluate(&p) > 1000);
    }
}
