//! The search's margins and reductions as numbers a tuner can set: [`Tuning`] holds them,
//! [`Tunable`] names each with its range and its SPSA step. The defaults are the search's
//! own numbers (`--bench` is the same with them); USI sets the others through options that
//! `usi` does not list (`usi_tunables` lists them for tuning tools, doc/usi.md).
//!
//! A search reads its engine's [`Tuning`] through its context: nothing here is global.

/// Defines [`Tunable`] and [`Tuning`] from one list: each number's variant, field, USI
/// option name, default, range and SPSA step (the perturbation at the end of a run).
macro_rules! tunables {
    ($(
        $(#[doc = $doc:literal])+
        $variant:ident $field:ident $name:literal = $default:literal in $min:literal ..= $max:literal
            step $step:literal;
    )+) => {
        /// One of the search's tunable numbers.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Tunable {
            $( $(#[doc = $doc])+ $variant, )+
        }

        /// The search's margins and reductions (centipawns, plies, or as each says). The
        /// default is the search as it was tuned by hand.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Tuning {
            $( $(#[doc = $doc])+ pub $field: i32, )+
        }

        impl Default for Tuning {
            fn default() -> Self {
                Tuning { $( $field: $default, )+ }
            }
        }

        impl Tunable {
            /// Every tunable, in the order tools list them.
            pub const ALL: &'static [Tunable] = &[ $( Tunable::$variant, )+ ];

            /// The USI option's name.
            pub const fn name(self) -> &'static str {
                match self { $( Tunable::$variant => $name, )+ }
            }

            /// The search's own value.
            pub const fn default_value(self) -> i32 {
                match self { $( Tunable::$variant => $default, )+ }
            }

            /// The smallest value taken.
            pub const fn min(self) -> i32 {
                match self { $( Tunable::$variant => $min, )+ }
            }

            /// The largest value taken.
            pub const fn max(self) -> i32 {
                match self { $( Tunable::$variant => $max, )+ }
            }

            /// How far SPSA moves it either side at the end of a run (its `c_end`).
            pub const fn step(self) -> i32 {
                match self { $( Tunable::$variant => $step, )+ }
            }
        }

        impl Tuning {
            /// The value of `t`.
            pub fn get(&self, t: Tunable) -> i32 {
                match t { $( Tunable::$variant => self.$field, )+ }
            }

            /// Sets `t` to `value`, brought into its range.
            pub fn set(&mut self, t: Tunable, value: i32) {
                let slot = match t { $( Tunable::$variant => &mut self.$field, )+ };
                *slot = value.clamp(t.min(), t.max());
            }
        }
    };
}

tunables! {
    /// Razoring: at the last ply, a node this far below alpha only tries captures.
    RazorMargin razor_margin "RazorMargin" = 550 in 100..=1500 step 40;
    /// Reverse futility pruning: the deepest depth it applies at.
    RfpDepth rfp_depth "RfpDepth" = 7 in 1..=15 step 1;
    /// Reverse futility pruning: the margin above beta a ply (less a ply when improving).
    RfpMargin rfp_margin "RfpMargin" = 110 in 30..=300 step 10;
    /// Null move: the shallowest depth it is tried at.
    NullMoveMinDepth null_move_min_depth "NullMoveMinDepth" = 3 in 1..=8 step 1;
    /// Null move: the reduction's constant part (plies).
    NullMoveBase null_move_base "NullMoveBase" = 3 in 1..=6 step 1;
    /// Null move: the reduction grows by a ply for every so many plies of depth.
    NullMoveDepthDivisor null_move_depth_divisor "NullMoveDepthDivisor" = 4 in 2..=10 step 1;
    /// Null move: the reduction grows by a ply for every so many centipawns above beta…
    NullMoveEvalDivisor null_move_eval_divisor "NullMoveEvalDivisor" = 200 in 50..=800 step 20;
    /// …by at most so many plies.
    NullMoveEvalMax null_move_eval_max "NullMoveEvalMax" = 3 in 0..=6 step 1;
    /// Internal iterative reduction: the shallowest depth a node without a hash move is
    /// searched a ply shallower at.
    IirDepth iir_depth "IirDepth" = 4 in 2..=12 step 1;
    /// Move-count pruning: the deepest depth it applies at.
    LmpDepth lmp_depth "LmpDepth" = 6 in 1..=15 step 1;
    /// Move-count pruning: quiet moves tried are `LmpBase + depth²` (halved when not
    /// improving).
    LmpBase lmp_base "LmpBase" = 3 in 0..=10 step 1;
    /// Futility and SEE pruning of moves: the deepest depth they apply at.
    FutilityDepth futility_depth "FutilityDepth" = 6 in 1..=15 step 1;
    /// Futility pruning: the margin's constant part.
    FutilityBase futility_base "FutilityBase" = 120 in 0..=400 step 10;
    /// Futility pruning: the margin a ply (of a quiet move's reduced depth).
    FutilityPerDepth futility_per_depth "FutilityPerDepth" = 110 in 30..=300 step 10;
    /// SEE pruning of quiet moves: the loss allowed, times the reduced depth².
    SeeQuietMargin see_quiet_margin "SeeQuietMargin" = 25 in 0..=100 step 3;
    /// SEE pruning of captures: the loss allowed, times depth.
    SeeCaptureMargin see_capture_margin "SeeCaptureMargin" = 100 in 0..=300 step 10;
    /// Quiescence delta pruning: a capture that cannot bring the score within this of alpha
    /// is skipped.
    QsDeltaMargin qs_delta_margin "QsDeltaMargin" = 250 in 0..=1000 step 20;
    /// Singular extension: the shallowest depth it is tried at.
    SingularMinDepth singular_min_depth "SingularMinDepth" = 8 in 4..=16 step 1;
    /// Singular extension: how far below the hash score (centipawns a ply) the other moves
    /// must fall.
    SingularMargin singular_margin "SingularMargin" = 2 in 0..=10 step 1;
    /// Singular extension: how many plies shallower than the node the hash entry may be.
    SingularTtDepth singular_tt_depth "SingularTtDepth" = 3 in 1..=6 step 1;
    /// Late-move reductions: the shallowest depth a late move is reduced at.
    LmrMinDepth lmr_min_depth "LmrMinDepth" = 3 in 2..=6 step 1;
    /// Late-move reductions: the table's constant part, in hundredths of a ply.
    LmrBase lmr_base "LmrBase" = 60 in 0..=200 step 10;
    /// Late-move reductions: the table is `ln depth · ln moves` divided by this, in
    /// hundredths.
    LmrDivisor lmr_divisor "LmrDivisor" = 210 in 100..=400 step 10;
    /// Late-move reductions: a ply less (or more) for every so much quiet history.
    LmrHistoryDivisor lmr_history_divisor "LmrHistoryDivisor" = 8000 in 2000..=32000 step 500;
    /// History: a cutting quiet move's bonus is this times depth²…
    HistoryBonusPerDepth history_bonus_per_depth "HistoryBonusPerDepth" = 16 in 4..=64 step 2;
    /// …at most this.
    HistoryBonusMax history_bonus_max "HistoryBonusMax" = 1600 in 400..=4000 step 100;
    /// Capture history: a capture's order score moves by its entry divided by this (the
    /// victim's value counts eight times its centipawns).
    CaptureHistoryDivisor capture_history_divisor "CaptureHistoryDivisor" = 4 in 1..=16 step 1;
    /// Aspiration: half the first window's width around the last score (centipawns).
    AspirationDelta aspiration_delta "AspirationDelta" = 25 in 5..=100 step 3;
}

impl Tuning {
    /// The late-move reduction table, by depth and move number (both up to 63), as
    /// `LmrBase` and `LmrDivisor` make it.
    pub(super) fn lmr_table(&self) -> Vec<[i32; 64]> {
        let base = f64::from(self.lmr_base) / 100.0;
        let divisor = f64::from(self.lmr_divisor) / 100.0;
        let mut lmr = vec![[0i32; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (d as f64).ln() * (m as f64).ln() / divisor) as i32;
            }
        }
        lmr
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_table_is_the_searchs_own() {
        // 0.6 + ln d · ln m / 2.1, as the search had it before the numbers were options.
        let table = Tuning::default().lmr_table();
        for (d, row) in table.iter().enumerate().skip(1) {
            for (m, &r) in row.iter().enumerate().skip(1) {
                assert_eq!(r, (0.6 + (d as f64).ln() * (m as f64).ln() / 2.1) as i32);
            }
        }
    }
}
