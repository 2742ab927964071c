//! `rules::handicap`: the standard handicaps.

use gnushogi::rules::handicap::*;
use gnushogi::rules::{Position, perft};

#[test]
fn names_round_trip() {
    for h in Handicap::ALL {
        assert_eq!(Handicap::from_name(h.name()), Some(h));
        assert_eq!(Handicap::from_name(h.japanese()), Some(h));
        assert_eq!(Handicap::from_name(h.japanese().trim_end_matches("落ち")), Some(h));
        assert_eq!(Handicap::of(&h.position()), Some(h));
    }
    assert_eq!(Handicap::from_name("飛落ち"), Some(Handicap::Rook));
    assert_eq!(Handicap::from_name("Two-Piece"), Some(Handicap::TwoPiece));
    assert_eq!(Handicap::from_name("平手"), None);
    assert_eq!(Handicap::of(&Position::startpos()), None);
}

/// Legal moves and perft 2 of each handicap start, as cshogi 1.1.0 counts them (the
/// SFENs are checked in `tests/records.rs`).
#[test]
fn move_counts_agree_with_cshogi() {
    let counts = [
        (30, 900),
        (29, 870),
        (33, 990),
        (25, 750),
        (25, 750),
        (26, 780),
        (25, 750),
        (24, 720),
        (24, 720),
        (24, 720),
        (24, 720),
        (22, 660),
        (22, 660),
        (20, 600),
        (14, 420),
    ];
    for (h, (one, two)) in Handicap::ALL.into_iter().zip(counts) {
        let pos = h.position();
        assert_eq!(perft(&pos, 1), one, "{h}");
        assert_eq!(perft(&pos, 2), two, "{h}");
    }
}
