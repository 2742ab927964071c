//! The start menus' keys: the level, then the kind of game (even or a handicap), then the
//! computer's strength. What they offer is in [`super::choices`].

use super::app::{App, Phase};
use super::choices::{Choice, menu_handicap, menu_level};
use crate::config::GameKind;
use crate::engine::strength::MAX_SKILL;
use crate::protocol::LoopEnd;
use crossterm::event::{KeyCode, KeyEvent};

/// The longest entry kept at the menu's prompt.
const MAX_TYPED: usize = 8;

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
                        let last = first + len - 1;
                        let word = choice.word();
                        // "There is no strength help" would read as a missing help page.
                        *note = if typed.chars().all(|c| c.is_ascii_digit()) {
                            format!("There is no {word} {typed}: choose {first} to {last}.")
                        } else {
                            format!("'{typed}' is not a {word}: choose {first} to {last}.")
                        };
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
