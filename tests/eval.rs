//! The evaluation on real positions (the bench's; a unit test in `eval` could not reach
//! them without importing the engine above it).

mod table;

use crate::common::Rng;
use gnushogi::engine::bench::positions;
use gnushogi::eval::{PARAMS, Placement, PlacementStep, evaluate, evaluate_placed, evaluate_with};
use gnushogi::notation::parse_sfen;
use gnushogi::rules::{MoveList, Piece, Position, Square};

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

/// The search's evaluation folds the table into lookups; it must give the generic sum's
/// number exactly. Walks of random legal moves from the data positions (middle games,
/// perft positions, tsume problems with one king) reach promoted pieces, full hands and
/// checks. The placement the search keeps move by move must stay the one counted afresh.
#[test]
fn folded_evaluation_equals_the_generic_sum() {
    let data = [
        include_str!("data/positions.tsv"),
        include_str!("data/perft.tsv"),
        include_str!("data/tsume.tsv"),
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut list = MoveList::new();
    let mut checked = 0;
    let (mut stepped, mut recounted) = (0, 0);
    let starts = data
        .iter()
        .flat_map(|d| d.lines())
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| parse_sfen(l.split('\t').next().unwrap()).unwrap());
    for start in starts {
        let mut p: Position = start;
        let mut placement = Placement::of(&p);
        for _ in 0..40 {
            assert_eq!(evaluate(&p), evaluate_with(&p, &PARAMS), "{p:?}");
            assert_eq!(placement, Placement::of(&p), "{p:?}");
            assert_eq!(evaluate_placed(&p, placement), evaluate(&p), "{p:?}");
            checked += 1;
            list.clear();
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let pick = list.get(rng.below(list.len())).unwrap();
            let next = p.played(pick);
            placement = match PlacementStep::of(&p, pick) {
                Some(step) => {
                    stepped += 1;
                    placement.after(step, &next)
                }
                None => {
                    recounted += 1;
                    Placement::of(&next)
                }
            };
            p = next;
        }
    }
    assert!(checked > 5000, "{checked} positions");
    assert!(stepped > 4000 && recounted > 100, "{stepped} steps, {recounted} king moves");
}
