//! `protocol::fullscreen::grid`: the layout's grid of cells.

use gnushogi::protocol::fullscreen::grid::*;

#[test]
fn wide_characters_take_two_cells_and_are_cut_cleanly() {
    let mut g = Grid::new(6, 2);
    assert_eq!(g.put(0, 0, "v歩と", Style::PLAIN), 5);
    assert_eq!(g.row_text(0), "v歩と");
    assert!(g.cell(2, 0).unwrap().tail);
    // Only half of a wide character fits at the edge: a space instead.
    g.put(4, 1, "a歩", Style::PLAIN);
    assert_eq!(g.row_text(1), "    a");
    // Writing over the right half of a wide character blanks the left half.
    g.put(2, 0, "x", Style::PLAIN);
    assert_eq!(g.row_text(0), "v xと");
    assert_eq!(g.find("と"), Some((3, 0)));
    g.put(0, 1, "\x1b[2J", Style::PLAIN);
    assert_eq!(g.row_text(1), "?[2Ja");
}
