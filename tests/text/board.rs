//! `protocol::gnu::board`: the board and help screens.

use gnushogi::engine::clock::{Clocks, TimeControl};
use gnushogi::protocol::gnu::board::*;
use gnushogi::rules::{Position, Square};

#[test]
fn start_position_as_the_original_draws_it() {
    let clocks = Clocks::new(TimeControl::raw_default());
    let text = draw(&Position::startpos(), &clocks, View::default());
    let expected = "\nBlack 0:00  White 0:00  (time used; 15 s a move)\n\n L N S G K G S N L\n - R - - - - - B -\n \
        P P P P P P P P P\n - - - - - - - - -\n - - - - - - - - -\n - - - - - - - - -\n \
        p p p p p p p p p\n - b - - - - - r -\n l n s g k g s n l\n\nblack\nwhite\n";
    assert_eq!(text, expected);
    let rev = draw(&Position::startpos(), &clocks, View { reverse: true, ..View::default() });
    assert!(rev.contains("\n l n s g k g s n l\n - r - - - - - b -\n"), "{rev}");
}

#[test]
fn a_marked_square_keeps_the_board_in_place() {
    let clocks = Clocks::new(TimeControl::raw_default());
    let to = Square::new(7, 6).unwrap();
    let text = draw_marked(&Position::startpos(), &clocks, View::default(), Some(to));
    assert!(text.contains("\n\n     v\n L N S G K G S N L\n"), "{text}");
    assert!(text.contains("\n - - - - - - - - - <\n p p p"), "{text}");
    let rev = View { reverse: true, coords: true, ..View::default() };
    let text = draw_marked(&Position::startpos(), &clocks, rev, Some(to));
    assert!(text.contains("\n\n             v\n 1 2 3 4 5 6 7 8 9\n"), "{text}");
    assert!(text.contains("  f <\n"), "{text}");
}
