//! Resigning a lost game: the engine gives up once its searches have scored the game lost by
//! at least the resign value several moves running. Off by default everywhere (the value is
//! [`NEVER`]): GUIs and servers adjudicate, and the original never resigned.

use crate::rules::Color;
use crate::search::Score;

/// The resign value that means "never resign": no score reaches it (mates are counted as
/// exactly this far below zero, so a proved mate does not resign either).
pub const NEVER: u32 = 99_999;
/// The smallest resign value accepted: a pawn and a bit; lower would give up even positions.
pub const MIN_VALUE: u32 = 100;
/// Searches in a row that must see the game lost before the engine resigns: one bad score
/// can be a horizon effect the next move's search corrects.
pub(crate) const SEARCHES_IN_A_ROW: u32 = 2;

/// Counts, for each side the engine plays, its searches in a row that saw the game lost.
#[derive(Clone, Debug, Default)]
pub struct ResignWatch {
    streak: [u32; 2],
}

impl ResignWatch {
    /// A new game: nothing seen yet.
    pub fn clear(&mut self) {
        self.streak = [0; 2];
    }

    /// Takes the score of `side`'s search (from its own view); true when it should resign
    /// instead of playing the move. `book` moves are not lost games.
    pub fn should_resign(&mut self, value: u32, side: Color, score: Score, book: bool) -> bool {
        let streak = &mut self.streak[side.index()];
        if value >= NEVER || book || !is_lost_by(score, value) {
            *streak = 0;
            return false;
        }
        *streak += 1;
        *streak >= SEARCHES_IN_A_ROW
    }
}

/// The score is at least `value` centipawns below even (a mate against counts as lost).
fn is_lost_by(score: Score, value: u32) -> bool {
    match score {
        Score::Cp(cp) => i64::from(cp) <= -i64::from(value),
        Score::Mate(plies) => plies <= 0,
    }
}
