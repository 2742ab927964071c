//! The entering-king (nyūgyoku) rules a game may be played under, as YaneuraOu and the
//! CSA server offer them. Under the point rules the side to move may declare a win when its
//! king has entered; under the try rule a king that reaches the enemy king's start square wins.

use super::types::{Color, Square};

/// How a game with an entered king may end.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum EnteringKingRule {
    /// No declaration and no try: entered kings play on (the impasse count still applies).
    None,
    /// The 24-point rule: a declaration with 31 points or more wins.
    Points24,
    /// The 24-point rule for handicap games: the giver (White) needs 31 less the points of
    /// the pieces it gave (YaneuraOu's `CSARule24H`; 21 in a two-piece game).
    Points24Handicap,
    /// The CSA 27-point rule: 28 points for Black, 27 for White.
    #[default]
    Points27,
    /// The 27-point rule for handicap games: the giver (White) needs 27 less the points of
    /// the pieces it gave (YaneuraOu's `CSARule27H`; 17 in a two-piece game).
    Points27Handicap,
    /// The try rule: the king that reaches the square the enemy king started on wins.
    Try,
}

impl EnteringKingRule {
    /// In YaneuraOu's order.
    pub const ALL: [EnteringKingRule; 6] = [
        EnteringKingRule::None,
        EnteringKingRule::Points24,
        EnteringKingRule::Points24Handicap,
        EnteringKingRule::Points27,
        EnteringKingRule::Points27Handicap,
        EnteringKingRule::Try,
    ];

    /// The points of every piece of a game with all forty: big pieces 5, the others
    /// (kings too) 1. A handicap game has fewer by the points of the pieces given.
    pub const FULL_MATERIAL: u32 = 56;

    /// The name the text mode and XBoard use.
    pub const fn name(self) -> &'static str {
        match self {
            EnteringKingRule::None => "none",
            EnteringKingRule::Points24 => "24",
            EnteringKingRule::Points24Handicap => "24h",
            EnteringKingRule::Points27 => "27",
            EnteringKingRule::Points27Handicap => "27h",
            EnteringKingRule::Try => "try",
        }
    }

    /// The name of YaneuraOu's `EnteringKingRule` option, which USI GUIs know.
    pub const fn usi_name(self) -> &'static str {
        match self {
            EnteringKingRule::None => "NoEnteringKing",
            EnteringKingRule::Points24 => "CSARule24",
            EnteringKingRule::Points24Handicap => "CSARule24H",
            EnteringKingRule::Points27 => "CSARule27",
            EnteringKingRule::Points27Handicap => "CSARule27H",
            EnteringKingRule::Try => "TryRule",
        }
    }

    /// Either name, in any case.
    pub fn from_name(name: &str) -> Option<EnteringKingRule> {
        let name = name.trim();
        EnteringKingRule::ALL.into_iter().find(|r| {
            r.name().eq_ignore_ascii_case(name) || r.usi_name().eq_ignore_ascii_case(name)
        })
    }

    /// The points a declaration of `side` needs to win, under a point rule. `material` is
    /// the points of every piece in the game, on the board and in hand
    /// ([`EnteringKingRule::FULL_MATERIAL`] with all forty): under the handicap rules the
    /// points missing from it come off White's need, White being the handicap giver
    /// (YaneuraOu's definition of `CSARule24H` and `CSARule27H`).
    pub const fn points_to_win(self, side: Color, material: u32) -> Option<u32> {
        let given = Self::FULL_MATERIAL.saturating_sub(material);
        match (self, side) {
            (EnteringKingRule::Points24, _)
            | (EnteringKingRule::Points24Handicap, Color::Black) => Some(31),
            (EnteringKingRule::Points24Handicap, Color::White) => Some(31u32.saturating_sub(given)),
            (EnteringKingRule::Points27 | EnteringKingRule::Points27Handicap, Color::Black) => {
                Some(28)
            }
            (EnteringKingRule::Points27, Color::White) => Some(27),
            (EnteringKingRule::Points27Handicap, Color::White) => Some(27u32.saturating_sub(given)),
            (EnteringKingRule::None | EnteringKingRule::Try, _) => None,
        }
    }

    /// The try square of `side`: where the enemy king starts (5a for Black, 5i for White).
    pub const fn try_square(side: Color) -> Square {
        let rank = match side {
            Color::Black => 1,
            Color::White => 9,
        };
        match Square::new(5, rank) {
            Some(sq) => sq,
            None => panic!("5a and 5i are squares"),
        }
    }
}
