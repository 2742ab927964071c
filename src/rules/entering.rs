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
    /// The CSA 27-point rule: 28 points for Black, 27 for White.
    #[default]
    Points27,
    /// The try rule: the king that reaches the square the enemy king started on wins.
    Try,
}

impl EnteringKingRule {
    pub const ALL: [EnteringKingRule; 4] = [
        EnteringKingRule::None,
        EnteringKingRule::Points24,
        EnteringKingRule::Points27,
        EnteringKingRule::Try,
    ];

    /// The name the text mode and XBoard use.
    pub const fn name(self) -> &'static str {
        match self {
            EnteringKingRule::None => "none",
            EnteringKingRule::Points24 => "24",
            EnteringKingRule::Points27 => "27",
            EnteringKingRule::Try => "try",
        }
    }

    /// The name of YaneuraOu's `EnteringKingRule` option, which USI GUIs know.
    pub const fn usi_name(self) -> &'static str {
        match self {
            EnteringKingRule::None => "NoEnteringKing",
            EnteringKingRule::Points24 => "CSARule24",
            EnteringKingRule::Points27 => "CSARule27",
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

    /// The points a declaration of `side` needs to win, under a point rule.
    pub const fn points_to_win(self, side: Color) -> Option<u32> {
        match (self, side) {
            (EnteringKingRule::Points24, _) => Some(31),
            (EnteringKingRule::Points27, Color::Black) => Some(28),
            (EnteringKingRule::Points27, Color::White) => Some(27),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_both_ways() {
        for r in EnteringKingRule::ALL {
            assert_eq!(EnteringKingRule::from_name(r.name()), Some(r));
            assert_eq!(EnteringKingRule::from_name(&r.usi_name().to_lowercase()), Some(r));
        }
        assert_eq!(EnteringKingRule::from_name("25"), None);
        assert_eq!(EnteringKingRule::default(), EnteringKingRule::Points27);
    }
}
