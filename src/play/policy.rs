//! How the match plays for each dialect: one value a dialect, set whole.

/// How the match plays for the dialect that drives it. One value a dialect, set whole with
/// [`Match::set_policy`](super::Match::set_policy) where a front end starts (or takes the
/// match over: the xshogi dialect turns to CECP on `xboard` and to USI on `usi`), so that
/// nothing of the front end before stays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    /// Declare an entering-king win instead of moving when the rules allow it.
    pub declare: bool,
    /// Resign as soon as a search proves a mate against the engine.
    pub resign_on_mate: bool,
    /// The engine's moves go on the game (and off its clock). Off where the opponent keeps
    /// the game and says each position (USI's GUI): the game stays as it was told.
    pub records_own_moves: bool,
    /// The engine's own moves are timed here, their time taken off its clock. Off where a
    /// server times them and says how long each took (the CSA protocol): the front end takes
    /// the server's figure off with [`Match::own_move_timed`](super::Match::own_move_timed),
    /// never the match's guess.
    pub times_own_moves: bool,
}

impl Policy {
    /// GNU Shogi's own, in every mode of its interpreter (the text mode, the xshogi dialect,
    /// the full screen): the engine declares, plays on to the end, and keeps and times its
    /// own moves.
    pub const GNU: Policy = Policy {
        declare: true,
        resign_on_mate: false,
        records_own_moves: true,
        times_own_moves: true,
    };

    /// CECP (XBoard): as GNU Shogi's own (XBoard sets the clocks before each move too).
    pub const CECP: Policy = Policy::GNU;

    /// USI: the GUI keeps the game and says each position, so the engine's moves are not
    /// played here; declaring and resigning on a mate are the GUI's options (`DeclareWin`,
    /// `ResignOnMate`).
    pub const fn usi(declare: bool, resign_on_mate: bool) -> Policy {
        Policy { declare, resign_on_mate, records_own_moves: false, times_own_moves: true }
    }

    /// A CSA server's game: the server times every move, the engine's too; a mate proved
    /// against the engine is resigned at once; `declare` when the game's rules allow a
    /// declaration.
    pub const fn csa(declare: bool) -> Policy {
        Policy { declare, resign_on_mate: true, records_own_moves: true, times_own_moves: false }
    }
}
