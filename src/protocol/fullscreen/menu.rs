//! The start menu: the levels to choose from, its keys, and a level in words.

use super::app::{App, Phase};
use super::screen::LEVELS;
use crate::engine::clock::{Clocks, Period, TimeControl};
use crate::protocol::LoopEnd;
use crossterm::event::{KeyCode, KeyEvent};
use std::time::Duration;

/// The longest entry kept at the menu's prompt.
const MAX_TYPED: usize = 8;

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
        let Phase::Menu { selected, typed, note } = &mut self.phase else {
            return;
        };
        match key.code {
            KeyCode::Up => {
                *selected = selected.checked_sub(1).unwrap_or(LEVELS.len() - 1);
                typed.clear();
            }
            KeyCode::Down => {
                *selected = (*selected + 1) % LEVELS.len();
                typed.clear();
            }
            KeyCode::Char('d' | 'D') if ctrl => self.end = Some(LoopEnd::Quit),
            KeyCode::Char('q' | 'Q') | KeyCode::Esc => self.end = Some(LoopEnd::Quit),
            // Any other character is kept too, so that Enter refuses it instead of taking the
            // highlighted level for a line the player did not mean.
            KeyCode::Char(c) if !c.is_control() && typed.chars().count() < MAX_TYPED => {
                typed.push(c);
                if let Ok(n) = typed.parse::<usize>()
                    && (1..=LEVELS.len()).contains(&n)
                {
                    *selected = n - 1;
                }
            }
            KeyCode::Backspace => {
                typed.pop();
            }
            KeyCode::Enter => {
                let item = if typed.is_empty() { Some(*selected + 1) } else { typed.parse().ok() };
                match item.and_then(menu_level) {
                    Some((control, game_in)) => {
                        self.interp.set_time_control(control, game_in);
                        self.play();
                    }
                    None => {
                        *note = format!("There is no level {typed}: choose 1 to {}.", LEVELS.len());
                        typed.clear();
                    }
                }
            }
            _ => {}
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
}
