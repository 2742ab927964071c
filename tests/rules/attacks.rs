//! `rules::attacks`: the attack tables.

use gnushogi::rules::attacks::*;
use gnushogi::rules::{Bitboard, Color, Square};

/// The reference the lookups are checked against: a walk from `sq` one step at a time in
/// the direction (`df` files, `dr` ranks; rank 1 is north), up to the board's edge or the
/// first occupied square, which it takes.
fn ray_attack((df, dr): (i8, i8), sq: Square, occupied: Bitboard) -> Bitboard {
    let mut ray = Bitboard::EMPTY;
    let (mut file, mut rank) = (sq.file() as i8, sq.rank() as i8);
    loop {
        (file, rank) = (file + df, rank + dr);
        let Some(to) = u8::try_from(file).ok().zip(u8::try_from(rank).ok()) else { break };
        let Some(to) = Square::new(to.0, to.1) else { break };
        ray = ray.with(to);
        if occupied.contains(to) {
            break;
        }
    }
    ray
}

const N: (i8, i8) = (0, -1);
const S: (i8, i8) = (0, 1);
const E: (i8, i8) = (-1, 0);
const W: (i8, i8) = (1, 0);
const NE: (i8, i8) = (-1, -1);
const NW: (i8, i8) = (1, -1);
const SE: (i8, i8) = (-1, 1);
const SW: (i8, i8) = (1, 1);

#[test]
fn line_lookups_match_the_rays() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..20_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let occ = Bitboard(
            (u128::from(seed) << 64 | u128::from(seed.rotate_left(29))) & Bitboard::FULL.0,
        );
        let sq = Square::from_index((seed % 81) as usize).unwrap();
        // Every other case sparse (about one square in eight), so long lines are empty too.
        let occ = if seed & 1 == 0 { occ } else { Bitboard(occ.0 & (occ.0 >> 3) & (occ.0 >> 7)) };
        let file = ray_attack(N, sq, occ) | ray_attack(S, sq, occ);
        let rank = ray_attack(E, sq, occ) | ray_attack(W, sq, occ);
        assert_eq!(rook_attacks(sq, occ), file | rank);
        assert_eq!(lance_attacks(Color::Black, sq, occ), ray_attack(N, sq, occ));
        assert_eq!(lance_attacks(Color::White, sq, occ), ray_attack(S, sq, occ));
        let rays = ray_attack(NE, sq, occ)
            | ray_attack(NW, sq, occ)
            | ray_attack(SE, sq, occ)
            | ray_attack(SW, sq, occ);
        assert_eq!(bishop_attacks(sq, occ), rays);
    }
}

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).unwrap()
}

#[test]
fn steps_point_forward() {
    assert_eq!(pawn_attacks(Color::Black, sq(7, 7)).single(), Some(sq(7, 6)));
    assert_eq!(pawn_attacks(Color::White, sq(3, 3)).single(), Some(sq(3, 4)));
    assert_eq!(knight_attacks(Color::Black, sq(2, 9)), {
        Bitboard::from_square(sq(1, 7)) | Bitboard::from_square(sq(3, 7))
    });
    assert_eq!(gold_attacks(Color::Black, sq(5, 5)).count(), 6);
    assert!(!gold_attacks(Color::Black, sq(5, 5)).contains(sq(4, 6)));
    assert!(gold_attacks(Color::White, sq(5, 5)).contains(sq(4, 6)));
    assert_eq!(silver_attacks(Color::White, sq(5, 1)).count(), 3);
    assert_eq!(king_attacks(sq(1, 1)).count(), 3);
}

#[test]
fn sliders_stop_at_blockers() {
    let occ = Bitboard::from_square(sq(5, 3)) | Bitboard::from_square(sq(2, 5));
    let r = rook_attacks(sq(5, 5), occ);
    assert!(r.contains(sq(5, 3)) && !r.contains(sq(5, 2)));
    assert!(r.contains(sq(2, 5)) && !r.contains(sq(1, 5)));
    assert!(r.contains(sq(9, 5)) && r.contains(sq(5, 9)));
    assert_eq!(r.count(), 2 + 4 + 3 + 4);
    assert_eq!(bishop_attacks(sq(5, 5), Bitboard::EMPTY).count(), 16);
    assert_eq!(lance_attacks(Color::Black, sq(1, 9), occ).count(), 8);
    assert_eq!(lance_attacks(Color::White, sq(5, 1), occ).count(), 2);
}

#[test]
fn lines_and_between() {
    assert_eq!(between(sq(5, 1), sq(5, 5)).count(), 3);
    assert_eq!(between(sq(1, 1), sq(9, 9)).count(), 7);
    assert!(between(sq(1, 1), sq(2, 3)).is_empty());
    assert!(line(sq(1, 1), sq(2, 3)).is_empty());
    assert_eq!(line(sq(5, 5), sq(5, 7)), Bitboard::file(5));
    assert_eq!(line(sq(3, 4), sq(7, 4)), Bitboard::rank(4));
    assert_eq!(line(sq(5, 1), sq(4, 2)).count(), 5);
    assert_eq!(line(sq(5, 5), sq(4, 4)).count(), 9);
}
