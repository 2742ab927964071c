//! The standard handicaps (komaochi): which of the giver's pieces come off the board.
//!
//! The giver is White (gote, 上手 "uwate"), who moves first; the receiver is Black (sente,
//! 下手 "shitate"). "Left" and "right" are the giver's own: White's left lance stands on 1a,
//! so the lance handicap (香落ち) removes 1a and the right-lance one (右香落ち) 9a. The
//! positions agree with the handicap tables of the KIF format (Kakinoki), the CSA format's
//! `PI` removals, ShogiHome and cshogi (whose table lacks the two seven-piece handicaps).

use super::position::{Position, Setup};
use super::types::{Color, Square};

/// A standard handicap.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Handicap {
    /// 香落ち: the left lance (1a).
    Lance,
    /// 右香落ち: the right lance (9a).
    RightLance,
    /// 角落ち: the bishop.
    Bishop,
    /// 飛車落ち: the rook.
    Rook,
    /// 飛香落ち: the rook and the left lance.
    RookLance,
    /// 二枚落ち: the rook and the bishop.
    TwoPiece,
    /// 三枚落ち: rook, bishop and the left lance.
    ThreePiece,
    /// 四枚落ち: rook, bishop and both lances.
    FourPiece,
    /// 五枚落ち: four-piece and the right knight (8a).
    FivePiece,
    /// 左五枚落ち: four-piece and the left knight (2a).
    LeftFivePiece,
    /// 六枚落ち: rook, bishop, both lances and both knights.
    SixPiece,
    /// 左七枚落ち: six-piece and the left silver (3a).
    LeftSevenPiece,
    /// 右七枚落ち: six-piece and the right silver (7a).
    RightSevenPiece,
    /// 八枚落ち: six-piece and both silvers.
    EightPiece,
    /// 十枚落ち: eight-piece and both golds: the king alone.
    TenPiece,
}

/// White's back-rank and second-rank squares a handicap may empty, as (file, rank).
const LEFT_LANCE: (u8, u8) = (1, 1);
const RIGHT_LANCE: (u8, u8) = (9, 1);
const LEFT_KNIGHT: (u8, u8) = (2, 1);
const RIGHT_KNIGHT: (u8, u8) = (8, 1);
const LEFT_SILVER: (u8, u8) = (3, 1);
const RIGHT_SILVER: (u8, u8) = (7, 1);
const LEFT_GOLD: (u8, u8) = (4, 1);
const RIGHT_GOLD: (u8, u8) = (6, 1);
const BISHOP: (u8, u8) = (2, 2);
const ROOK: (u8, u8) = (8, 2);
/// The pieces a handicap may take off, in the order CSA's `PI` lists removals
/// (`PI82HI22KA11KY…`): rook, bishop, lances, knights, silvers, golds; left before right.
const REMOVABLE: [(u8, u8); 10] = [
    ROOK,
    BISHOP,
    LEFT_LANCE,
    RIGHT_LANCE,
    LEFT_KNIGHT,
    RIGHT_KNIGHT,
    LEFT_SILVER,
    RIGHT_SILVER,
    LEFT_GOLD,
    RIGHT_GOLD,
];

impl Handicap {
    /// Every handicap, from the smallest to the largest.
    pub const ALL: [Handicap; 15] = [
        Handicap::Lance,
        Handicap::RightLance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPiece,
        Handicap::ThreePiece,
        Handicap::FourPiece,
        Handicap::FivePiece,
        Handicap::LeftFivePiece,
        Handicap::SixPiece,
        Handicap::LeftSevenPiece,
        Handicap::RightSevenPiece,
        Handicap::EightPiece,
        Handicap::TenPiece,
    ];

    /// The English name, as commands and files write it (`two-piece`).
    pub const fn name(self) -> &'static str {
        match self {
            Handicap::Lance => "lance",
            Handicap::RightLance => "right-lance",
            Handicap::Bishop => "bishop",
            Handicap::Rook => "rook",
            Handicap::RookLance => "rook-lance",
            Handicap::TwoPiece => "two-piece",
            Handicap::ThreePiece => "three-piece",
            Handicap::FourPiece => "four-piece",
            Handicap::FivePiece => "five-piece",
            Handicap::LeftFivePiece => "left-five-piece",
            Handicap::SixPiece => "six-piece",
            Handicap::LeftSevenPiece => "left-seven-piece",
            Handicap::RightSevenPiece => "right-seven-piece",
            Handicap::EightPiece => "eight-piece",
            Handicap::TenPiece => "ten-piece",
        }
    }

    /// The Japanese name as KIF's `手合割` writes it (`二枚落ち`).
    pub const fn japanese(self) -> &'static str {
        match self {
            Handicap::Lance => "香落ち",
            Handicap::RightLance => "右香落ち",
            Handicap::Bishop => "角落ち",
            Handicap::Rook => "飛車落ち",
            Handicap::RookLance => "飛香落ち",
            Handicap::TwoPiece => "二枚落ち",
            Handicap::ThreePiece => "三枚落ち",
            Handicap::FourPiece => "四枚落ち",
            Handicap::FivePiece => "五枚落ち",
            Handicap::LeftFivePiece => "左五枚落ち",
            Handicap::SixPiece => "六枚落ち",
            Handicap::LeftSevenPiece => "左七枚落ち",
            Handicap::RightSevenPiece => "右七枚落ち",
            Handicap::EightPiece => "八枚落ち",
            Handicap::TenPiece => "十枚落ち",
        }
    }

    /// From the English name, the Japanese one, or the Japanese without `落ち` (`二枚`);
    /// `飛落ち` is taken for `飛車落ち`. English is read in any case.
    pub fn from_name(name: &str) -> Option<Handicap> {
        let name = name.trim();
        let bare = name.strip_suffix("落ち").unwrap_or(name);
        let bare = if bare == "飛" { "飛車" } else { bare };
        Handicap::ALL.into_iter().find(|h| {
            h.name().eq_ignore_ascii_case(name)
                || h.japanese().strip_suffix("落ち").is_some_and(|j| j == bare)
        })
    }

    /// Which of [`REMOVABLE`] come off: bit `i` for `REMOVABLE[i]`.
    const fn removed_mask(self) -> u16 {
        const ROOK_BISHOP: u16 = 0b11;
        const LANCES: u16 = 0b1100;
        const KNIGHTS: u16 = 0b11_0000;
        const SILVERS: u16 = 0b1100_0000;
        const GOLDS: u16 = 0b11_0000_0000;
        match self {
            Handicap::Lance => 1 << 2,
            Handicap::RightLance => 1 << 3,
            Handicap::Bishop => 1 << 1,
            Handicap::Rook => 1,
            Handicap::RookLance => 1 | 1 << 2,
            Handicap::TwoPiece => ROOK_BISHOP,
            Handicap::ThreePiece => ROOK_BISHOP | 1 << 2,
            Handicap::FourPiece => ROOK_BISHOP | LANCES,
            Handicap::FivePiece => ROOK_BISHOP | LANCES | 1 << 5,
            Handicap::LeftFivePiece => ROOK_BISHOP | LANCES | 1 << 4,
            Handicap::SixPiece => ROOK_BISHOP | LANCES | KNIGHTS,
            Handicap::LeftSevenPiece => ROOK_BISHOP | LANCES | KNIGHTS | 1 << 6,
            Handicap::RightSevenPiece => ROOK_BISHOP | LANCES | KNIGHTS | 1 << 7,
            Handicap::EightPiece => ROOK_BISHOP | LANCES | KNIGHTS | SILVERS,
            Handicap::TenPiece => ROOK_BISHOP | LANCES | KNIGHTS | SILVERS | GOLDS,
        }
    }

    /// The squares emptied, in the order above (CSA's `PI` lists them so: `PI82HI22KA`).
    pub fn removed(self) -> Vec<Square> {
        let mask = self.removed_mask();
        REMOVABLE
            .iter()
            .enumerate()
            .filter(|&(i, _)| mask & (1 << i) != 0)
            .filter_map(|(_, &(f, r))| Square::new(f, r))
            .collect()
    }

    /// The start position: the standard one without the removed pieces, White to move,
    /// move number 1.
    pub fn position(self) -> Position {
        let mut setup = Position::startpos().to_setup();
        for sq in self.removed() {
            setup.set(sq, None);
        }
        setup.side_to_move = Color::White;
        setup.move_number = 1;
        Position::from_setup(&setup).expect("a handicap position is valid")
    }

    /// The handicap whose start `pos` is (the move number aside).
    pub fn of(pos: &Position) -> Option<Handicap> {
        let target = normalized(pos.to_setup());
        Handicap::ALL.into_iter().find(|h| normalized(h.position().to_setup()) == target)
    }
}

fn normalized(mut setup: Setup) -> Setup {
    setup.move_number = 1;
    setup
}

impl std::fmt::Display for Handicap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
