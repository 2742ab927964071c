//! Random legal positions and moves for the property tests of every notation: random walks
//! from the standard start and each handicap, long enough to bring captures, drops,
//! promotions and promoted pieces.

use gnushogi::rules::handicap::Handicap;
use gnushogi::rules::{Move, MoveList, Position, Square};
use proptest::prelude::*;

fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.to_vec()
}

/// A legal position and the last move played to reach it (none at the start).
pub fn walks() -> impl Strategy<Value = (Position, Option<Move>)> {
    let starts: Vec<Position> = std::iter::once(Position::startpos())
        .chain(Handicap::ALL.into_iter().map(Handicap::position))
        .collect();
    (proptest::sample::select(starts), proptest::collection::vec(any::<u16>(), 0..160)).prop_map(
        |(mut pos, choices)| {
            let mut last = None;
            for c in choices {
                let moves = legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                let m = moves[usize::from(c) % moves.len()];
                pos = pos.played(m);
                last = Some(m);
            }
            (pos, last)
        },
    )
}

/// A legal position.
pub fn positions() -> impl Strategy<Value = Position> {
    walks().prop_map(|(pos, _)| pos)
}

/// A legal position and one of its legal moves.
pub fn position_and_move() -> impl Strategy<Value = (Position, Move)> {
    last_and_move().prop_map(|(pos, mv, _)| (pos, mv))
}

/// A legal position, one of its legal moves, and where the move before went.
pub fn last_and_move() -> impl Strategy<Value = (Position, Move, Option<Square>)> {
    (walks(), any::<u16>()).prop_filter_map("the side to move has a move", |((pos, last), c)| {
        let moves = legal_moves(&pos);
        let mv = *moves.get(usize::from(c) % moves.len().max(1))?;
        Some((pos, mv, last.map(Move::to)))
    })
}
