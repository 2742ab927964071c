//! `notation::usi`: USI moves and squares.

use super::test_positions::position_and_move;
use gnushogi::notation::usi::*;
use gnushogi::rules::{IllegalMove, Position, Square};
use proptest::prelude::*;

#[test]
fn parses_and_prints() {
    for s in ["7g7f", "2d2c+", "P*5e", "8h2b+", "G*1i"] {
        let m = parse_usi_move(s).unwrap();
        assert_eq!(format_usi_move(m.shape()), s);
    }
    for s in ["", "7g7", "7g7f++", "K*5e", "p*5e", "7g7g", "0a1b", "7g7f ", "P*5e+"] {
        assert!(parse_usi_move(s).is_none(), "{s}");
    }
}

#[test]
fn legality_comes_from_the_position() {
    let p = Position::startpos();
    assert!(parse_usi_move("7g7f").unwrap().to_move(&p).is_ok());
    assert_eq!(parse_usi_move("7g7e").unwrap().to_move(&p), Err(IllegalMove::CannotReach));
    assert_eq!(parse_usi_move("P*5e").unwrap().to_move(&p), Err(IllegalMove::NotInHand));
}

#[test]
fn squares_and_ranks() {
    assert_eq!(parse_square("7g"), Square::new(7, 7));
    assert_eq!(Square::new(9, 1).unwrap().to_string(), "9a");
    for bad in ["", "7", "g7", "0a", "7j", "7g ", "７g"] {
        assert_eq!(parse_square(bad), None, "{bad:?}");
    }
    assert_eq!(rank_letter(1), 'a');
    assert_eq!(rank_letter(9), 'i');
    assert_eq!(rank_letter(0), '?');
    assert_eq!(parse_rank_letter('i'), Some(9));
    assert_eq!(parse_rank_letter('j'), None);
    assert_eq!(parse_file_digit('0'), None);
}

proptest! {
    #[test]
    fn moves_round_trip((pos, mv) in position_and_move()) {
        let text = format_usi_move(mv);
        prop_assert_eq!(parse_usi_move(&text).map(|m| m.to_move(&pos)), Some(Ok(mv)));
    }

    #[test]
    fn squares_round_trip(index in 0..81usize) {
        let sq = Square::from_index(index).unwrap();
        prop_assert_eq!(parse_square(&sq.to_string()), Some(sq));
        prop_assert_eq!(parse_rank_letter(rank_letter(sq.rank())), Some(sq.rank()));
    }
}
