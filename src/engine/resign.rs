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
pub const SEARCHES_IN_A_ROW: u32 = 2;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resigns_only_after_two_lost_searches_in_a_row() {
        let mut w = ResignWatch::default();
        let lost = Score::Cp(-1500);
        assert!(!w.should_resign(1000, Color::Black, lost, false));
        // White's searches do not interrupt Black's run.
        assert!(!w.should_resign(1000, Color::White, Score::Cp(1500), false));
        assert!(w.should_resign(1000, Color::Black, lost, false));
        // A better score breaks the run.
        w.clear();
        assert!(!w.should_resign(1000, Color::Black, lost, false));
        assert!(!w.should_resign(1000, Color::Black, Score::Cp(-999), false));
        assert!(!w.should_resign(1000, Color::Black, lost, false));
        assert!(w.should_resign(1000, Color::Black, Score::Mate(-3), false));
    }

    #[test]
    fn never_resigns_at_the_default_or_from_the_book() {
        let mut w = ResignWatch::default();
        for _ in 0..5 {
            assert!(!w.should_resign(NEVER, Color::White, Score::Mate(-1), false));
            assert!(!w.should_resign(100, Color::White, Score::Cp(-5000), true));
        }
    }
}
