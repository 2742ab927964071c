//! `notation::score`: a score in every dialect, and back.

use gnushogi::notation::score::*;
use proptest::prelude::*;

#[test]
fn mate_scores_convert() {
    assert_eq!(Score::Mate(1).mate_moves(), Some(1));
    assert_eq!(Score::Mate(3).mate_moves(), Some(2));
    assert_eq!(Score::Mate(-2).mate_moves(), Some(-1));
    assert_eq!(xboard_value(Score::Mate(5)), 100_003);
    assert_eq!(xboard_value(Score::Mate(-4)), -100_002);
    assert_eq!(xboard_value(Score::Cp(-35)), -35);
    assert_eq!(format_usi(Score::Cp(12), Bound::Exact), "cp 12");
}

#[test]
fn every_dialect_writes_its_own_form() {
    assert_eq!(format_usi(Score::Mate(-4), Bound::Lower), "mate -4 lowerbound");
    assert_eq!(format_usi(Score::Cp(-31), Bound::Upper), "cp -31 upperbound");
    assert_eq!(format_xboard(Score::Mate(3)), "100002");
    assert_eq!(format_gnu(Score::Mate(5)), "M5");
    assert_eq!(format_gnu(Score::Cp(-7)), "-7");
    assert_eq!(format_words(Score::Cp(35)), "+35");
    assert_eq!(format_words(Score::Cp(0)), "+0");
    assert_eq!(format_words(Score::Mate(5)), "mate in 3");
    assert_eq!(format_words(Score::Mate(-4)), "mated in 2");
    assert_eq!(format_words(Score::Mate(0)), "mated in 0");
    assert_eq!(gnu_file_value(Score::Mate(3)), 9_997);
    assert_eq!(gnu_file_value(Score::Mate(-2)), -9_998);
    assert_eq!(gnu_file_value(Score::Cp(-35)), -35);
    assert_eq!(xboard_bound_mark(Bound::Upper), " ?");
    assert_eq!(gnu_bound_mark(Bound::Lower), '+');
}

#[test]
fn malformed_scores_are_refused() {
    for bad in ["", "cp", "cp x", "mate", "cp 1 lower", " cp 1", "cp 1 ", "cp 99999999999"] {
        assert_eq!(parse_usi(bad), None, "{bad:?}");
    }
    for bad in ["", "M", "m5", "5M", "+M5"] {
        assert_eq!(parse_gnu(bad), None, "{bad:?}");
    }
    for bad in ["", "35", "mate in 0", "mate in -1", "mated in", "+ 3", "mate in 9999999999"] {
        assert_eq!(parse_words(bad), None, "{bad:?}");
    }
    assert_eq!(parse_xboard("1e5"), None);
    assert_eq!(parse_gnu_bound_mark('?'), None);
}

/// Scores as a search reports them: centipawns well inside every form's range, mates
/// given by the side that moves last (odd plies to mate, even to be mated).
fn scores() -> impl Strategy<Value = Score> {
    prop_oneof![
        (-99_999..=99_999i32).prop_map(Score::Cp),
        (0..200i32).prop_map(|m| Score::Mate(2 * m + 1)),
        (0..200i32).prop_map(|m| Score::Mate(-2 * m)),
    ]
}

fn bounds() -> impl Strategy<Value = Bound> {
    prop_oneof![Just(Bound::Exact), Just(Bound::Lower), Just(Bound::Upper)]
}

proptest! {
    #[test]
    fn every_form_round_trips(score in scores(), bound in bounds()) {
        let usi = format_usi(score, bound);
        prop_assert_eq!(parse_usi(&usi), Some((score, bound)), "{}", usi);
        let xboard = format_xboard(score);
        prop_assert_eq!(parse_xboard(&xboard), Some(score), "{}", xboard);
        let gnu = format_gnu(score);
        prop_assert_eq!(parse_gnu(&gnu), Some(score), "{}", gnu);
        let words = format_words(score);
        prop_assert_eq!(parse_words(&words), Some(score), "{}", words);
        prop_assert_eq!(parse_gnu_bound_mark(gnu_bound_mark(bound)), Some(bound));
    }

    /// Any plies at all survive the forms that keep plies.
    #[test]
    fn plies_survive_usi_and_gnu(p in any::<i32>(), bound in bounds()) {
        let score = Score::Mate(p);
        prop_assert_eq!(parse_usi(&format_usi(score, bound)), Some((score, bound)));
        prop_assert_eq!(parse_gnu(&format_gnu(score)), Some(score));
    }

    /// Text that parses is written back the same way (the forms are canonical).
    #[test]
    fn parsed_text_is_written_back(text in "(cp|mate) -?[1-9][0-9]{0,4}( lowerbound| upperbound)?") {
        let (score, bound) = parse_usi(&text).expect("the pattern is a score");
        prop_assert_eq!(format_usi(score, bound), text);
    }
}
