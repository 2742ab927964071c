//! Useless interpositions (無駄合): the tsume convention that a piece dropped between a
//! distant checker and the king, only to be taken at once with nothing changed, is no defence.
//!
//! A drop onto a square of the checking line is useless when all of these hold:
//! * the defender has no reply but drops (no king move, no capture of the checker, no piece
//!   moved onto the line): otherwise the drops are kept, as the solvers of record keep them;
//! * the square is not next to the king (the king could take the checker there);
//! * no defender's piece but the king guards the square (it could take back);
//! * once the checker has taken on the square (promoting or not), the defender still has no
//!   reply but drops: the capture opened no escape (it can, where the checker's move uncovers
//!   a square or blocks another attacker's line).
//!
//! Under the convention such drops are not generated: a defender left with only those is mated.

use crate::rules::attacks::{between, king_attacks};
use crate::rules::{Bitboard, Move, MoveList, Position};

/// Removes the useless interpositions from `replies`, the legal moves of `pos` (defender to
/// move, in check).
pub fn remove(pos: &Position, replies: &mut MoveList) {
    if replies.is_empty() || replies.iter().any(|m| !m.is_drop()) {
        return;
    }
    let def = pos.side_to_move();
    let (Some(checker), Some(king)) = (pos.checkers().single(), pos.king_square(def)) else {
        return;
    };
    let line = between(king, checker);
    let near = king_attacks(king);
    let mut useless = Bitboard::EMPTY;
    for s in line & !near {
        let guarded = !(pos.attackers_by(def, s, pos.occupied()).without(king)).is_empty();
        if guarded {
            continue;
        }
        // Any dropped piece will do: the board after the capture is the same.
        let Some(drop) = replies.iter().find(|m| m.to() == s) else {
            continue;
        };
        let dropped = pos.played(drop);
        let boxed = [false, true].into_iter().any(|promote| {
            let take = Move::normal(checker, s, promote);
            dropped.is_legal(take) && only_drops(&dropped.played(take))
        });
        if boxed {
            useless = useless.with(s);
        }
    }
    if !useless.is_empty() {
        replies.retain(|m| !useless.contains(m.to()));
    }
}

/// True if the side to move has no legal move but drops.
fn only_drops(pos: &Position) -> bool {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().all(|m| m.is_drop())
}
