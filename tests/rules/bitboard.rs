//! `rules::Bitboard`.

use gnushogi::rules::*;

#[test]
fn ranks_files_and_shifts() {
    assert_eq!(Bitboard::rank(1).count(), 9);
    assert_eq!(Bitboard::file(9).count(), 9);
    assert_eq!((Bitboard::rank(3) & Bitboard::file(5)).single(), Square::new(5, 3));
    assert_eq!(Bitboard::zone(Color::Black).count(), 27);
    assert_eq!(Bitboard::far_ranks(Color::White, 2), Bitboard::ranks(8, 9));
    let sq = Square::new(5, 5).unwrap();
    let b = Bitboard::from_square(sq);
    assert_eq!(b.north().single(), Square::new(5, 4));
    assert_eq!(b.south().single(), Square::new(5, 6));
    assert!(Bitboard::rank(1).north().is_empty());
    assert!(Bitboard::rank(9).south().is_empty());
    assert_eq!(!Bitboard::EMPTY, Bitboard::FULL);
}

#[test]
fn iteration_lists_every_square_lowest_first() {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..5_000 {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let wide = u128::from(state) << 64 | u128::from(state.rotate_left(29));
        let b = Bitboard(wide & (wide >> 5) & Bitboard::FULL.0);
        let listed: Vec<usize> = b.into_iter().map(|s| s.index()).collect();
        let expected: Vec<usize> = (0..81).filter(|&i| b.0 >> i & 1 != 0).collect();
        assert_eq!(listed, expected, "{:x}", b.0);
        assert_eq!(b.into_iter().len(), expected.len());
    }
    assert_eq!(Bitboard::FULL.into_iter().count(), 81);
    assert_eq!(Bitboard::EMPTY.into_iter().next(), None);
}

#[test]
fn files_occupied() {
    let b = Bitboard::from_square(Square::new(3, 7).unwrap())
        | Bitboard::from_square(Square::new(9, 1).unwrap());
    assert_eq!(b.files_occupied(), Bitboard::file(3) | Bitboard::file(9));
    // Every set of squares against the files taken one by one.
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for i in 0..20_000 {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let wide = u128::from(state) << 64 | u128::from(state.rotate_left(23));
        // Sparse and dense sets, and whole files.
        let bits = match i % 3 {
            0 => wide & (wide >> 7) & (wide >> 13),
            1 => wide,
            _ => wide & (wide >> 3),
        };
        let b = Bitboard(bits & Bitboard::FULL.0);
        let expected = (1..=9)
            .map(Bitboard::file)
            .filter(|&f| (b & f).is_nonempty())
            .fold(Bitboard::EMPTY, |acc, f| acc | f);
        assert_eq!(b.files_occupied(), expected, "{:x}", b.0);
    }
    assert_eq!(Bitboard::FULL.files_occupied(), Bitboard::FULL);
    assert_eq!(Bitboard::EMPTY.files_occupied(), Bitboard::EMPTY);
    assert_eq!(Bitboard::rank(9).files_occupied(), Bitboard::FULL);
}
