//! What the start menus offer: the levels (the original's ten, then quicker games), the kinds
//! of game, the strengths, and a level in words.

use crate::config::GameKind;
use crate::engine::clock::{Clocks, Period, TimeControl};
use crate::engine::strength::{MAX_SKILL, elo_of};
use crate::rules::handicap::Handicap;
use std::time::Duration;

/// The levels of the start menu: the original's ten, in its words, then quicker games.
pub const LEVELS: [&str; 14] = [
    " 1.   40 moves in   5 minutes",
    " 2.   40 moves in  15 minutes",
    " 3.   40 moves in  30 minutes",
    " 4.  all moves in  15 minutes",
    " 5.  all moves in  30 minutes",
    " 6.  all moves in  15 minutes, 30 seconds fischer clock",
    " 7.  all moves in  30 minutes, 30 seconds fischer clock",
    " 8.    1 move  in   1 minute",
    " 9.    1 move  in  15 minutes",
    "10.    1 move  in  30 minutes",
    // Quick games, after the original's ten so that their numbers stay.
    "11.   10 seconds a move",
    "12.   30 seconds a move",
    "13.  all moves in   5 minutes",
    "14.  all moves in   3 minutes,  2 seconds fischer clock",
];

/// What a start menu chooses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    Level,
    /// The kind of game, after the level: even, or a handicap.
    Handicap,
    /// How strong the computer plays, last: 0 to 20 (full strength).
    Strength,
}

impl Choice {
    /// The number of the first item (the levels count from 1, the even game is 0).
    pub fn first(self) -> usize {
        match self {
            Choice::Level => 1,
            Choice::Handicap | Choice::Strength => 0,
        }
    }

    /// The item highlighted when the menu opens: full strength for the strength.
    pub fn default_selected(self) -> usize {
        match self {
            Choice::Strength => usize::from(MAX_SKILL),
            Choice::Level | Choice::Handicap => 0,
        }
    }

    pub fn count(self) -> usize {
        match self {
            Choice::Level => LEVELS.len(),
            Choice::Handicap => Handicap::ALL.len() + 1,
            Choice::Strength => usize::from(MAX_SKILL) + 1,
        }
    }

    /// The items as the menu shows them.
    pub fn lines(self) -> Vec<String> {
        match self {
            Choice::Level => LEVELS.iter().map(|l| l.to_string()).collect(),
            Choice::Handicap => (0..self.count())
                .map(|i| {
                    let (name, japanese) = match menu_handicap(i) {
                        Some(GameKind::Handicap(h)) => (h.name(), h.japanese()),
                        _ => ("Even game", "平手"),
                    };
                    format!("{i:>2}.  {name:<19}{japanese}")
                })
                .collect(),
            Choice::Strength => (0..=MAX_SKILL)
                .map(|level| match elo_of(level) {
                    Some(elo) => format!("{level:>2}.  about {elo} Elo"),
                    None => format!("{level:>2}.  full strength"),
                })
                .collect(),
        }
    }

    /// The word of its prompt and refusals.
    pub fn word(self) -> &'static str {
        match self {
            Choice::Level => "level",
            Choice::Handicap => "handicap",
            Choice::Strength => "strength",
        }
    }
}

/// The handicap menu's item: 0 the even game, then the handicaps from the smallest.
pub fn menu_handicap(item: usize) -> Option<GameKind> {
    match item {
        0 => Some(GameKind::Even),
        n => Handicap::ALL.get(n - 1).map(|&h| GameKind::Handicap(h)),
    }
}

/// The start menu's level: its time control and whether the time is for the whole game.
pub fn menu_level(item: usize) -> Option<(TimeControl, bool)> {
    let minutes = |m: u64| Duration::from_secs(60 * m);
    let tournament = |moves: u32, m: u64, increment: u64| TimeControl::Tournament {
        periods: vec![Period { moves, time: minutes(m) }],
        increment: Duration::from_secs(increment),
    };
    // "All moves": a period longer than any game, so no time is ever added.
    const ALL: u32 = 1000;
    Some(match item {
        1 => (tournament(40, 5, 0), false),
        2 => (tournament(40, 15, 0), false),
        3 => (tournament(40, 30, 0), false),
        4 => (tournament(ALL, 15, 0), true),
        5 => (tournament(ALL, 30, 0), true),
        6 => (tournament(ALL, 15, 30), true),
        7 => (tournament(ALL, 30, 30), true),
        8 => (tournament(1, 1, 0), false),
        9 => (tournament(1, 15, 0), false),
        10 => (tournament(1, 30, 0), false),
        11 => (TimeControl::PerMove(Duration::from_secs(10)), false),
        12 => (TimeControl::PerMove(Duration::from_secs(30)), false),
        13 => (tournament(ALL, 5, 0), true),
        14 => (tournament(ALL, 3, 2), true),
        _ => return None,
    })
}

fn duration_text(d: Duration) -> String {
    let s = d.as_secs();
    match (s / 60, s % 60) {
        (0, s) => format!("{s} s"),
        (m, 0) => format!("{m} min"),
        (m, s) => format!("{m}:{s:02} min"),
    }
}

/// The level in words, for the title bar.
pub fn level_text(clocks: &Clocks) -> String {
    match clocks.control() {
        TimeControl::PerMove(d) => format!("{} a move", duration_text(*d)),
        TimeControl::Tournament { periods, increment } => {
            let mut t = if clocks.game_in() {
                format!("all moves in {}", duration_text(periods[0].time))
            } else {
                let parts: Vec<String> = periods
                    .iter()
                    .map(|p| {
                        let unit = if p.moves == 1 { "move" } else { "moves" };
                        format!("{} {unit} in {}", p.moves, duration_text(p.time))
                    })
                    .collect();
                parts.join(", then ")
            };
            if !increment.is_zero() {
                t.push_str(&format!(" + {} a move", duration_text(*increment)));
            }
            t
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_of_the_menu() {
        let (tc, game_in) = menu_level(6).unwrap();
        let mut clocks = Clocks::new(tc);
        clocks.set_game_in(game_in);
        assert_eq!(level_text(&clocks), "all moves in 15 min + 30 s a move");
        let clocks = Clocks::new(menu_level(8).unwrap().0);
        assert_eq!(level_text(&clocks), "1 move in 1 min");
        assert!(menu_level(0).is_none() && menu_level(15).is_none());
        assert_eq!(level_text(&Clocks::new(menu_level(11).unwrap().0)), "10 s a move");
        let (tc, game_in) = menu_level(14).unwrap();
        let mut clocks = Clocks::new(tc);
        clocks.set_game_in(game_in);
        assert_eq!(level_text(&clocks), "all moves in 3 min + 2 s a move");
    }

    #[test]
    fn kinds_of_game_of_the_menu() {
        let lines = Choice::Handicap.lines();
        assert_eq!(lines.len(), 16);
        assert_eq!(lines[0], " 0.  Even game          平手");
        assert_eq!(lines[4], " 4.  rook               飛車落ち");
        assert_eq!(lines[15], "15.  ten-piece          十枚落ち");
        assert_eq!(menu_handicap(0), Some(GameKind::Even));
        assert_eq!(menu_handicap(15), Some(GameKind::Handicap(Handicap::TenPiece)));
        assert_eq!(menu_handicap(16), None);
        assert_eq!(Choice::Level.lines()[0], LEVELS[0]);
    }
}
