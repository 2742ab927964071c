//! The start menus: the levels to choose from, then the kind of game (even or a handicap),
//! then the computer's strength; their keys, and a level in words.

use super::app::{App, Phase};
use super::screen::LEVELS;
use crate::config::GameKind;
use crate::engine::clock::{Clocks, Period, TimeControl};
use crate::engine::strength::{MAX_SKILL, elo_of};
use crate::protocol::LoopEnd;
use crate::rules::handicap::Handicap;
use crossterm::event::{KeyCode, KeyEvent};
use std::time::Duration;

/// The longest entry kept at the menu's prompt.
const MAX_TYPED: usize = 8;

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
    match &clocks.control {
        TimeControl::PerMove(d) => format!("{} a move", duration_text(*d)),
        TimeControl::Tournament { periods, increment } => {
            let mut t = if clocks.game_in {
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

impl App<'_> {
    pub(super) fn menu_key(&mut self, key: KeyEvent, ctrl: bool) {
        let Phase::Menu { choice, selected, typed, note } = &mut self.phase else {
            return;
        };
        let (first, len) = (choice.first(), choice.count());
        match key.code {
            KeyCode::Up => {
                *selected = selected.checked_sub(1).unwrap_or(len - 1);
                typed.clear();
            }
            KeyCode::Down => {
                *selected = (*selected + 1) % len;
                typed.clear();
            }
            KeyCode::Char('d' | 'D') if ctrl => self.end = Some(LoopEnd::Quit),
            KeyCode::Char('q' | 'Q') | KeyCode::Esc => self.end = Some(LoopEnd::Quit),
            // Any other character is kept too, so that Enter refuses it instead of taking the
            // highlighted item for a line the player did not mean.
            KeyCode::Char(c) if !c.is_control() && typed.chars().count() < MAX_TYPED => {
                typed.push(c);
                if let Ok(n) = typed.parse::<usize>()
                    && (first..first + len).contains(&n)
                {
                    *selected = n - first;
                }
            }
            KeyCode::Backspace => {
                typed.pop();
            }
            KeyCode::Enter => {
                let item = if typed.is_empty() {
                    Some(*selected + first)
                } else {
                    typed.parse().ok().filter(|n| (first..first + len).contains(n))
                };
                let choice = *choice;
                match (choice, item) {
                    (Choice::Level, Some(n)) => {
                        if let Some((control, game_in)) = menu_level(n) {
                            self.interp.set_time_control(control, game_in);
                        }
                        self.after_level();
                    }
                    (Choice::Handicap, Some(n)) => {
                        self.kind = menu_handicap(n);
                        self.after_kind();
                    }
                    (Choice::Strength, Some(n)) => {
                        self.interp.set_strength(u8::try_from(n).unwrap_or(MAX_SKILL));
                        self.start();
                    }
                    (_, None) => {
                        *note = format!(
                            "There is no {} {typed}: choose {first} to {}.",
                            choice.word(),
                            first + len - 1
                        );
                        typed.clear();
                    }
                }
            }
            _ => {}
        }
    }

    /// The level is chosen: the kind of game next, unless the command line gave the start.
    fn after_level(&mut self) {
        if self.ask_handicap {
            self.phase = Phase::menu(Choice::Handicap);
        } else {
            self.after_kind();
        }
    }

    /// The kind of game is known: the strength next, unless the command line gave it.
    fn after_kind(&mut self) {
        if self.ask_strength {
            self.phase = Phase::menu(Choice::Strength);
        } else {
            self.start();
        }
    }

    /// Everything is chosen: the game begins (a handicap game with the computer's move).
    fn start(&mut self) {
        self.play();
        if let Some(kind @ GameKind::Handicap(_)) = self.kind.take() {
            self.interp.start_game(kind);
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
        clocks.game_in = game_in;
        assert_eq!(level_text(&clocks), "all moves in 15 min + 30 s a move");
        let clocks = Clocks::new(menu_level(8).unwrap().0);
        assert_eq!(level_text(&clocks), "1 move in 1 min");
        assert!(menu_level(0).is_none() && menu_level(15).is_none());
        assert_eq!(level_text(&Clocks::new(menu_level(11).unwrap().0)), "10 s a move");
        let (tc, game_in) = menu_level(14).unwrap();
        let mut clocks = Clocks::new(tc);
        clocks.game_in = game_in;
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
