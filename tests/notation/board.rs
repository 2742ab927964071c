//! `notation::board`: GNU Shogi's board text.

use super::test_positions::positions;
use gnushogi::notation::board::*;
use gnushogi::rules::{Color, Piece, PieceKind, Square};
use proptest::prelude::*;

#[test]
fn square_texts_round_trip() {
    let horse = Piece::new(Color::White, PieceKind::Horse);
    assert_eq!(square_text(Some(horse), '-', true), ['+', 'B']);
    assert_eq!(parse_square_text('+', 'B', '-', true), Ok(Some(horse)));
    assert_eq!(parse_square_text('+', 'b', '.', false), Ok(Some(horse)));
    assert!(parse_square_text('+', 'G', '-', true).is_err());
    assert!(parse_square_text(' ', 'x', '-', true).is_err());
    assert_eq!(parse_square_text(' ', '-', '-', true), Ok(None));
}

proptest! {
    /// The board cells of the text mode (`-`, upper case White) and of the xshogi file (`.`,
    /// upper case Black) read back as the pieces they show.
    #[test]
    fn cells_round_trip(pos in positions()) {
        for sq in Square::all() {
            let piece = pos.piece_at(sq);
            for (empty, white_upper) in [('-', true), ('.', false)] {
                let [marker, letter] = square_text(piece, empty, white_upper);
                prop_assert_eq!(parse_square_text(marker, letter, empty, white_upper), Ok(piece));
            }
        }
    }
}
