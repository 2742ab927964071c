//! `rules::EnteringKingRule`: entering-king declarations.

use gnushogi::rules::*;

#[test]
fn names_both_ways() {
    for r in EnteringKingRule::ALL {
        assert_eq!(EnteringKingRule::from_name(r.name()), Some(r));
        assert_eq!(EnteringKingRule::from_name(&r.usi_name().to_lowercase()), Some(r));
    }
    assert_eq!(EnteringKingRule::from_name("25"), None);
    assert_eq!(EnteringKingRule::default(), EnteringKingRule::Points27);
    assert_eq!(EnteringKingRule::from_name("csarule27h"), Some(EnteringKingRule::Points27Handicap));
    assert_eq!(EnteringKingRule::from_name("24H"), Some(EnteringKingRule::Points24Handicap));
}

#[test]
fn the_handicap_giver_needs_fewer_points() {
    use EnteringKingRule::*;
    let full = EnteringKingRule::FULL_MATERIAL;
    // YaneuraOu's own checks: even, two-piece (10 points given), four-piece (12).
    for (material, h27, h24) in [(full, 27, 31), (full - 10, 17, 21), (full - 12, 15, 19)] {
        assert_eq!(Points27Handicap.points_to_win(Color::White, material), Some(h27));
        assert_eq!(Points24Handicap.points_to_win(Color::White, material), Some(h24));
        assert_eq!(Points27Handicap.points_to_win(Color::Black, material), Some(28));
        assert_eq!(Points24Handicap.points_to_win(Color::Black, material), Some(31));
        // The plain rules know no handicap.
        assert_eq!(Points27.points_to_win(Color::White, material), Some(27));
        assert_eq!(Points24.points_to_win(Color::White, material), Some(31));
    }
    assert_eq!(Try.points_to_win(Color::White, full), Option::None);
    assert_eq!(None.points_to_win(Color::Black, full), Option::None);
}
