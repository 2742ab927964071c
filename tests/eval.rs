//! The evaluation on real positions (the bench's; a unit test in `eval` could not reach
//! them without importing the engine above it).

use gnushogi::engine::bench::positions;
use gnushogi::eval::evaluate;
use gnushogi::notation::parse_sfen;
use gnushogi::rules::{Piece, Position, Square};

#[test]
fn colour_symmetry_on_real_positions() {
    // Rotating the board and swapping colours must give the same score.
    for sfen in positions() {
        let p = parse_sfen(sfen).unwrap();
        let mut setup = p.to_setup();
        let mut rotated = setup.clone();
        for sq in Square::all() {
            rotated.board[sq.flip().index()] =
                setup.board[sq.index()].map(|pc| Piece::new(!pc.color(), pc.kind()));
        }
        rotated.hands = [setup.hands[1], setup.hands[0]];
        rotated.side_to_move = !setup.side_to_move;
        setup.move_number = 1;
        rotated.move_number = 1;
        let q = Position::from_setup(&rotated).unwrap();
        assert_eq!(evaluate(&p), evaluate(&q), "{sfen}");
    }
}
