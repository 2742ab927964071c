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
    use crate::notation::parse_sfen;

    #[test]
    fn names_both_ways() {
        for r in EnteringKingRule::ALL {
            assert_eq!(EnteringKingRule::from_name(r.name()), Some(r));
            assert_eq!(EnteringKingRule::from_name(&r.usi_name().to_lowercase()), Some(r));
        }
        assert_eq!(EnteringKingRule::from_name("25"), None);
        assert_eq!(EnteringKingRule::default(), EnteringKingRule::Points27);
    }

    #[test]
    fn declarations_by_points() {
        // Black's king entered with ten pieces in the camp: 28 points (the 27-point rule's
        // minimum for Black), short of the 24-point rule's 31.
        let pos = parse_sfen("RRBB1GGGG/SS2K4/9/9/9/9/9/9/4k4 b 2P 1").unwrap();
        assert!(pos.can_declare_win_by(EnteringKingRule::Points27));
        assert!(!pos.can_declare_win_by(EnteringKingRule::Points24));
        assert!(!pos.can_declare_win_by(EnteringKingRule::None));
        assert!(!pos.can_declare_win_by(EnteringKingRule::Try));
        // Three more pawns in hand: 31.
        let more = parse_sfen("RRBB1GGGG/SS2K4/9/9/9/9/9/9/4k4 b 5P 1").unwrap();
        assert!(more.can_declare_win_by(EnteringKingRule::Points24));
        // One piece fewer in the camp: no declaration under any rule.
        let fewer = parse_sfen("RRBB1GGG1/SS2K4/9/9/9/9/9/9/4k4 b G5P 1").unwrap();
        assert!(!fewer.can_declare_win_by(EnteringKingRule::Points27));
    }

    #[test]
    fn try_squares() {
        assert_eq!(EnteringKingRule::try_square(Color::Black), Square::new(5, 1).unwrap());
        assert_eq!(EnteringKingRule::try_square(Color::White), Square::new(5, 9).unwrap());
        let pos = parse_sfen("4K4/9/9/9/9/9/9/9/k8 w - 1").unwrap();
        assert!(pos.king_on_try_square(Color::Black));
        assert!(!pos.king_on_try_square(Color::White));
    }
}
