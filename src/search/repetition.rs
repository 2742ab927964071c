//! Repetitions in the tree: the positions from the game's start along the current path,
//! and the score of a cycle among them.

use super::DECISIVE;
use crate::game::Game;
use crate::rules::Position;

/// How far back (plies) the tree looks for a repeated position.
const REPETITION_WINDOW: usize = 32;

/// The keys and check flags of every position from the game's start along the current path.
pub(super) struct Repetitions {
    keys: Vec<u64>,
    checks: Vec<bool>,
    /// Index in `keys` below which a repetition is not looked for: the position after the
    /// last null move on the path (a pass makes earlier positions unreachable).
    floor: usize,
}

impl Repetitions {
    pub(super) fn new(game: &Game) -> Repetitions {
        Repetitions {
            keys: game.positions().iter().map(Position::key).collect(),
            checks: game.positions().iter().map(Position::in_check).collect(),
            floor: 0,
        }
    }

    /// The path goes on to `child`.
    #[inline]
    pub(super) fn push(&mut self, child: &Position) {
        self.keys.push(child.key());
        self.checks.push(child.in_check());
    }

    /// The path steps back from its last position.
    #[inline]
    pub(super) fn pop(&mut self) {
        self.keys.pop();
        self.checks.pop();
    }

    /// The last position was reached by a null move: no repetition reaches back past it
    /// until [`Repetitions::restore_floor`] is given the value returned.
    #[inline]
    pub(super) fn after_null_move(&mut self) -> usize {
        std::mem::replace(&mut self.floor, self.keys.len() - 1)
    }

    #[inline]
    pub(super) fn restore_floor(&mut self, floor: usize) {
        self.floor = floor;
    }

    /// The score at `ply` of the last position if it repeats one on the path or in the game:
    /// a draw (`contempt` against the root side), or a decisive result when one side checked
    /// on every move of the cycle.
    pub(super) fn score(&self, ply: usize, contempt: i32) -> Option<i32> {
        let n = self.keys.len();
        if n < 5 {
            return None;
        }
        let cur = self.keys[n - 1];
        let oldest = n.saturating_sub(REPETITION_WINDOW + 1).max(self.floor);
        let mut i = n - 1;
        while i >= oldest + 4 {
            i -= 2;
            if self.keys[i] == cur {
                // Positions i+1..n-1; the side that just moved made the moves into n-1, n-3, ...
                let mut opponent_checks = true;
                let mut own_checks = true;
                for j in i + 1..n {
                    if (n - 1 - j).is_multiple_of(2) {
                        opponent_checks &= self.checks[j];
                    } else {
                        own_checks &= self.checks[j];
                    }
                }
                return Some(match (opponent_checks, own_checks) {
                    (true, false) => DECISIVE - ply as i32,
                    (false, true) => -(DECISIVE - ply as i32),
                    // The side to move at `ply` is the root side on even plies.
                    _ if ply.is_multiple_of(2) => -contempt,
                    _ => contempt,
                });
            }
        }
        None
    }
}
