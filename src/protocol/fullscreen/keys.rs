//! The keys of the game screen: the command line with its editing keys and history, the
//! long output's scrolling, and Enter, which hands the line to the interpreter.

use super::app::App;
use super::display::OUTPUT;
use super::screen::{self, Overlay};
use crate::protocol::LoopEnd;
use crate::protocol::gnu::Waiting;
use crate::protocol::gnu::display::{MessageKind, Surface};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::time::Duration;

/// Lines kept in the history of the command line.
const HISTORY_KEPT: usize = 100;
/// Longest command line.
const MAX_INPUT: usize = 1000;

impl App<'_> {
    /// A key pressed.
    pub fn key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release || self.end.is_some() {
            return;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(key.code, KeyCode::Char('c' | 'C')) {
            self.interp.quit_now();
            self.end = Some(LoopEnd::Quit);
            return;
        }
        if ctrl && matches!(key.code, KeyCode::Char('l' | 'L')) {
            self.interp.display_mut().repaint = true;
            return;
        }
        // Esc and a key at once reach the program as Alt and the key: both are meant.
        if key.modifiers.contains(KeyModifiers::ALT)
            && let KeyCode::Char(c) = key.code
        {
            self.key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
            self.key(KeyEvent::new(KeyCode::Char(c), key.modifiers - KeyModifiers::ALT));
            return;
        }
        if self.in_menu() {
            self.menu_key(key, ctrl);
        } else {
            self.play_key(key, ctrl);
        }
    }

    /// Types a whole line and Enter (tests, pasted text).
    pub fn type_line(&mut self, line: &str) {
        for c in line.chars() {
            self.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        }
        self.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    }

    pub(super) fn play_key(&mut self, key: KeyEvent, ctrl: bool) {
        let overlay = self.interp.display().overlay.is_some();
        let page = 10;
        match key.code {
            KeyCode::Enter => self.submit(),
            KeyCode::Esc if overlay => self.interp.display_mut().overlay = None,
            KeyCode::Esc => self.set_input(""),
            KeyCode::PageUp | KeyCode::Up if overlay => {
                let step = if key.code == KeyCode::Up { 1 } else { page };
                if let Some(o) = &mut self.interp.display_mut().overlay {
                    o.scroll = o.scroll.saturating_sub(step);
                }
            }
            KeyCode::PageDown | KeyCode::Down if overlay => {
                let step = if key.code == KeyCode::Down { 1 } else { page };
                if let Some(o) = &mut self.interp.display_mut().overlay {
                    o.scroll = (o.scroll + step).min(o.lines.len().saturating_sub(1));
                }
            }
            KeyCode::Up => self.browse(true),
            KeyCode::Down => self.browse(false),
            KeyCode::Left => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Right => self.cursor = (self.cursor + 1).min(self.input.len()),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = self.input.len(),
            KeyCode::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                self.input.remove(self.cursor);
            }
            KeyCode::Delete if self.cursor < self.input.len() => {
                self.input.remove(self.cursor);
            }
            KeyCode::Char(c) if ctrl => match c.to_ascii_lowercase() {
                'd' if self.input.is_empty() => self.interp.input_closed(),
                'd' if self.cursor < self.input.len() => {
                    self.input.remove(self.cursor);
                }
                'a' => self.cursor = 0,
                'e' => self.cursor = self.input.len(),
                'u' => {
                    self.input.drain(..self.cursor);
                    self.cursor = 0;
                }
                'k' => self.input.truncate(self.cursor),
                'w' => {
                    let mut start = self.cursor;
                    while start > 0 && self.input[start - 1] == ' ' {
                        start -= 1;
                    }
                    while start > 0 && self.input[start - 1] != ' ' {
                        start -= 1;
                    }
                    self.input.drain(start..self.cursor);
                    self.cursor = start;
                }
                _ => {}
            },
            KeyCode::Char(c) if !c.is_control() && self.input.len() < MAX_INPUT => {
                self.input.insert(self.cursor, c);
                self.cursor += 1;
            }
            _ => {}
        }
    }

    pub(super) fn set_input(&mut self, text: &str) {
        self.input = text.chars().collect();
        self.cursor = self.input.len();
    }

    pub(super) fn browse(&mut self, back: bool) {
        if self.history.is_empty() {
            return;
        }
        let next = match (self.browsing, back) {
            (None, true) => Some(self.history.len() - 1),
            (None, false) => None,
            (Some(i), true) => Some(i.saturating_sub(1)),
            (Some(i), false) if i + 1 < self.history.len() => Some(i + 1),
            (Some(_), false) => None,
        };
        self.browsing = next;
        let text = next.map_or(String::new(), |i| self.history[i].clone());
        self.set_input(&text);
    }

    /// Enter: the line goes to the interpreter, apart from what only this display knows.
    pub(super) fn submit(&mut self) {
        let line = self.input();
        self.set_input("");
        self.browsing = None;
        let had_overlay = self.interp.display_mut().overlay.take().is_some();
        if line.trim().is_empty() && had_overlay {
            return;
        }
        if !line.trim().is_empty() && self.history.last() != Some(&line) {
            self.history.push(line.clone());
            if self.history.len() > HISTORY_KEPT {
                self.history.remove(0);
            }
        }
        if self.interp.waiting() == Waiting::Command {
            match line.split_whitespace().next().unwrap_or("") {
                "kanji" => {
                    self.kanji = !self.kanji;
                    let on = if self.kanji { "on (Japanese piece names)" } else { "off" };
                    self.interp.display_mut().message(MessageKind::Reply, &format!("kanji: {on}"));
                    return;
                }
                word @ ("xboard" | "usi") => {
                    self.interp.display_mut().message(MessageKind::Error, &format!(
                        "{word}: not in the full-screen display; start gnushogi without -C for it"
                    ));
                    return;
                }
                _ => {}
            }
        }
        let before = self.interp.display().logged;
        let command = line.trim().to_string();
        self.interp.input(line);
        self.follow_search();
        if let Some(o) = &mut self.interp.display_mut().overlay
            && o.title == OUTPUT
        {
            o.title = command.clone();
        }
        // A reply longer than the message lines (`moves`, `test`; at 60 columns `undo`'s two
        // lines, whose first was cut off) is shown over the board.
        let screen = self.interp.display();
        let new = screen.logged - before;
        let lines: Vec<String> = screen
            .log
            .iter()
            .skip(screen.log.len().saturating_sub(new))
            .map(|(t, _)| t.clone())
            .collect();
        let (width, height) = screen.size.get();
        let (rows, needed) = screen::message_room(width, height, &lines);
        if needed > rows && screen.overlay.is_none() && self.interp.waiting() == Waiting::Command {
            self.interp.display_mut().overlay =
                Some(Overlay { title: command, lines, narrow: None, scroll: 0 });
        }
        if let Some(end) = self.interp.step(Some(Duration::ZERO)).or(self.end) {
            self.end = Some(end);
        }
    }
}
