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
//! A drop next to the king is useless when an attacker's piece takes it with mate, whatever
//! else the defender could play: it only delays the mate by two plies and hands the attacker
//! a piece to spare (shtsume's rule for the square next to the king, `invalid_drops`).
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

/// Removes from `replies` (the legal moves of `pos`, defender in check) the drops that either
/// rule makes useless: what the answer's line and its last position are judged by.
pub fn remove_all(pos: &Position, replies: &mut MoveList) {
    remove(pos, replies);
    remove_taken_with_mate(pos, replies);
}

/// Removes from `replies` (the defences of `pos`) the drops next to the king that an
/// attacker's piece takes with mate. The composer's line and the answer's last position apply
/// this rule, the search does not: found there, it makes many first proofs far slower.
pub fn remove_taken_with_mate(pos: &Position, replies: &mut MoveList) {
    let def = pos.side_to_move();
    let (Some(checker), Some(king)) = (pos.checkers().single(), pos.king_square(def)) else {
        return;
    };
    let next = between(king, checker) & king_attacks(king);
    if !next.is_empty() {
        replies.retain(|m| !(m.is_drop() && next.contains(m.to()) && taken_mating(pos, m)));
    }
}

/// True if the piece that `drop` interposes next to the king can be taken with mate.
fn taken_mating(pos: &Position, drop: Move) -> bool {
    let dropped = pos.played(drop);
    let s = drop.to();
    dropped.attackers_by(dropped.side_to_move(), s, dropped.occupied()).into_iter().any(|from| {
        [false, true].into_iter().any(|promote| {
            let take = Move::normal(from, s, promote);
            dropped.is_legal(take) && mated(&dropped.played(take))
        })
    })
}

/// True if the side to move has no legal move.
fn mated(pos: &Position) -> bool {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.is_empty()
}

/// True if the side to move has no legal move but drops.
fn only_drops(pos: &Position) -> bool {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().all(|m| m.is_drop())
}
