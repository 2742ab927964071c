//! The left-right mirror of a position: files 1 ↔ 9, the same side to move and hands.
//! Shogi's rules are symmetric under it, so a labelled position's mirror is another sample
//! with the same target (`nnue_train --mirror`).

use gnushogi::rules::{Position, Setup, Square};

/// `square` reflected across the middle file (file 5 stays put).
pub fn mirror_square(square: Square) -> Square {
    Square::new(10 - square.file(), square.rank()).expect("files 1..=9 reflect onto 1..=9")
}

/// `pos` with its files reflected.
pub fn mirror(pos: &Position) -> Position {
    let setup = pos.to_setup();
    let mut mirrored = Setup { board: [None; 81], ..setup };
    for square in Square::all() {
        mirrored.board[mirror_square(square).index()] = setup.board[square.index()];
    }
    // Every rule (dead pieces, two pawns on a file, check) is the same on the mirrored board.
    Position::from_setup(&mirrored).expect("the mirror of a valid position is valid")
}
