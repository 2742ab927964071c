//! The full-screen mode without its terminal: the start menu, the command line with its
//! editing keys and history, and the text mode's interpreter driving a [`Screen`]. Keys go
//! in, a [`Grid`] comes out, so tests play whole games without a terminal.

use super::grid::{Grid, text_width};
use super::screen::{self, LEVELS, Overlay, Player, Snapshot};
use crate::config::Config;
use crate::engine::clock::{Clocks, Period, TimeControl, centis};
use crate::protocol::LoopEnd;
use crate::protocol::gnu::board::{self, Status};
use crate::protocol::gnu::display::{BoardState, Display, MessageKind};
use crate::protocol::gnu::{Interp, Link, Thinking, Waiting};
use crate::rules::Color;
use crate::search::{Score, SearchInfo};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Messages kept for the screen.
const LOG_KEPT: usize = 200;
/// Lines kept in the history of the command line.
const HISTORY_KEPT: usize = 100;
/// Longest command line.
const MAX_INPUT: usize = 1000;
/// The title of long output, until the command that printed it names it.
const OUTPUT: &str = "Output";
/// Message lines on the smallest screen.
const LOG_ROWS: usize = 3;

/// What the interpreter tells the full-screen display; the screen draws it with the game.
#[derive(Default)]
pub struct Screen {
    log: VecDeque<(String, MessageKind)>,
    overlay: Option<Overlay>,
    /// The question the next line answers (`depth = `).
    question: String,
    /// The latest iteration of the search.
    info: Option<SearchInfo>,
    /// A bell is due (after the computer's move, with `beep` on).
    bell: bool,
    /// The whole terminal is to be drawn again (`bd`, Ctrl-L, a resize).
    repaint: bool,
    /// Lines logged since the start.
    logged: usize,
}

impl Screen {
    fn log(&mut self, text: &str, kind: MessageKind) {
        for line in text.lines() {
            self.log.push_back((line.to_string(), kind));
            self.logged += 1;
        }
        while self.log.len() > LOG_KEPT {
            self.log.pop_front();
        }
    }

    pub fn messages(&self) -> impl Iterator<Item = &str> {
        self.log.iter().map(|(t, _)| t.as_str())
    }
}

impl Display for Screen {
    fn start(&mut self, _: BoardState<'_>) {}

    fn message(&mut self, kind: MessageKind, text: &str) {
        self.log(text, kind);
    }

    fn text(&mut self, text: &str) {
        let lines = text.lines().map(str::to_string).collect();
        self.overlay = Some(Overlay { title: OUTPUT.into(), lines, scroll: 0 });
    }

    fn changed(&mut self, _: BoardState<'_>) {}

    fn board(&mut self, _: BoardState<'_>) {
        self.repaint = true;
    }

    fn prompt(&mut self) {}

    fn ask(&mut self, question: &str) {
        self.question = question.to_string();
    }

    fn help(&mut self, status: &Status) {
        let mut lines: Vec<String> = [
            "Type a move (7g7f, P7f, 2d2c+, P*5e, Gi5h) or a command, then Enter.",
            "kanji     Japanese piece names on/off   bd or Ctrl-L   draw the screen again",
            "Up/Down   earlier command lines         Esc            clear the line",
            "Ctrl-C    quit at once                  Ctrl-D         end (on an empty line)",
            "",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        lines.extend(board::help(status).lines().map(str::to_string));
        self.overlay = Some(Overlay { title: "Help".into(), lines, scroll: 0 });
    }

    fn thinking(&mut self, info: &SearchInfo, _post: bool) {
        self.info = Some(info.clone());
    }

    fn computer_moved(&mut self, _n: u32, _mv: &str, _clock: i64) {}

    fn my_move(&mut self, mv: &str, beep: bool) {
        self.log(&format!("My move is: {mv}"), MessageKind::News);
        self.bell |= beep;
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

/// A clock as shown: `M:SS`, or `H:MM:SS` from an hour on.
pub fn clock_text(centis: i64) -> String {
    let s = centis.max(0) / 100;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s % 3600 / 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A search iteration in a line: depth, score, time, nodes and the expected moves.
pub fn info_text(info: &SearchInfo) -> String {
    let score = match info.score {
        Score::Cp(cp) => format!("{cp:+}"),
        Score::Mate(p) if p > 0 => format!("mate in {}", (p + 1) / 2),
        Score::Mate(p) => format!("mated in {}", (1 - p) / 2),
    };
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "depth {}  score {score}  {:.1} s  {} nodes  {}",
        info.depth,
        info.time.as_secs_f64(),
        info.nodes,
        pv.join(" ")
    )
}

enum Phase {
    /// The start menu: the level highlighted, the digits typed, a complaint.
    Menu {
        selected: usize,
        typed: String,
        note: String,
    },
    Play,
}

/// The full-screen mode: the interpreter, the menu and the command line.
pub struct App<'a> {
    interp: Interp<'a, Screen>,
    phase: Phase,
    input: Vec<char>,
    cursor: usize,
    history: Vec<String>,
    /// The history line shown while browsing it with Up/Down.
    browsing: Option<usize>,
    kanji: bool,
    color: bool,
    end: Option<LoopEnd>,
    /// The search being shown, to clear its line when a new one starts.
    shown_search: Option<Thinking>,
}

impl<'a> App<'a> {
    /// Opens with the start menu, or straight at the board when the command line gave a
    /// time control. `color`: colours may be used (`NO_COLOR` unset).
    pub fn new(link: Link<'a>, config: &Config, color: bool) -> App<'a> {
        let menu = config.time_control.is_none();
        let mut app = App {
            interp: Interp::new(link, config, Screen::default()),
            phase: Phase::Menu { selected: 0, typed: String::new(), note: String::new() },
            input: Vec::new(),
            cursor: 0,
            history: Vec::new(),
            browsing: None,
            kanji: config.kanji,
            color,
            end: None,
            shown_search: None,
        };
        if !menu {
            app.play();
        }
        app
    }

    fn play(&mut self) {
        self.phase = Phase::Play;
        self.interp.begin();
    }

    /// Why the mode ended, once it has.
    pub fn ended(&self) -> Option<LoopEnd> {
        self.end
    }

    pub fn in_menu(&self) -> bool {
        matches!(self.phase, Phase::Menu { .. })
    }

    pub fn interp(&self) -> &Interp<'a, Screen> {
        &self.interp
    }

    /// A bell is due; asking clears it.
    pub fn take_bell(&mut self) -> bool {
        std::mem::take(&mut self.interp.display_mut().bell)
    }

    /// The whole terminal is to be drawn again; asking clears it.
    pub fn take_repaint(&mut self) -> bool {
        std::mem::take(&mut self.interp.display_mut().repaint)
    }

    /// Handles the engine's events that have arrived, waiting at most `wait` for the first.
    pub fn pump(&mut self, wait: Duration) {
        if self.end.is_some() || self.in_menu() {
            return;
        }
        let mut wait = Some(wait);
        // A bounded batch: the screen is drawn between batches.
        for _ in 0..64 {
            if let Some(end) = self.interp.step(wait) {
                self.end = Some(end);
                return;
            }
            self.follow_search();
            wait = Some(Duration::ZERO);
        }
    }

    /// A new search clears the previous one's line.
    fn follow_search(&mut self) {
        let now = self.interp.thinking();
        if now.is_some() && now != self.shown_search {
            self.interp.display_mut().info = None;
        }
        if now.is_some() {
            self.shown_search = now;
        }
    }

    /// The command line's text.
    pub fn input(&self) -> String {
        self.input.iter().collect()
    }

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

    fn menu_key(&mut self, key: KeyEvent, ctrl: bool) {
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
            KeyCode::Char(c) if c.is_ascii_digit() && typed.len() < 2 => {
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

    fn play_key(&mut self, key: KeyEvent, ctrl: bool) {
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

    fn set_input(&mut self, text: &str) {
        self.input = text.chars().collect();
        self.cursor = self.input.len();
    }

    fn browse(&mut self, back: bool) {
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
    fn submit(&mut self) {
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
                    let on = if self.kanji { "ON" } else { "OFF" };
                    self.interp
                        .display_mut()
                        .message(MessageKind::Reply, &format!("Japanese piece names: {on}"));
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
        // A reply longer than the message lines (`moves`, `test`) is shown over the board.
        let screen = self.interp.display();
        let new = screen.logged - before;
        if new > LOG_ROWS && screen.overlay.is_none() && self.interp.waiting() == Waiting::Command {
            let lines: Vec<String> = screen
                .log
                .iter()
                .skip(screen.log.len().saturating_sub(new))
                .map(|(t, _)| t.clone())
                .collect();
            self.interp.display_mut().overlay = Some(Overlay { title: command, lines, scroll: 0 });
        }
        if let Some(end) = self.interp.step(Some(Duration::ZERO)).or(self.end) {
            self.end = Some(end);
        }
    }

    /// An error of the display itself, shown with the messages.
    pub fn error(&mut self, text: &str) {
        self.interp.display_mut().log(text, MessageKind::Error);
    }

    /// The input ended (the terminal closed).
    pub fn input_closed(&mut self) {
        if self.in_menu() {
            self.end = Some(LoopEnd::Quit);
        } else {
            self.interp.input_closed();
        }
    }

    /// What the game screen shows at `now`.
    pub fn snapshot(&self, now: Instant) -> Snapshot {
        let interp = &self.interp;
        let screen = interp.display();
        let game = interp.game();
        let pos = game.position();
        let clocks = interp.clocks();
        let over = interp.outcome().is_some();
        let to_move = (!over).then(|| pos.side_to_move());
        let elapsed = centis(now.saturating_duration_since(interp.turn_started()));
        let players = Color::ALL.map(|side| {
            let who = if interp.force() || side != interp.computer() { "You" } else { "Computer" };
            let running = to_move == Some(side);
            let (clock, clock_note) = if clocks.on() {
                let spent = if running { elapsed } else { 0 };
                let left = clocks.remaining[side.index()] - spent;
                let moves = clocks.moves_left[side.index()];
                let note = if clocks.game_in || moves > 999 {
                    String::new()
                } else {
                    format!("{moves} left")
                };
                (clock_text(left), note)
            } else if running {
                (clock_text(elapsed), "to move".to_string())
            } else {
                (String::new(), String::new())
            };
            Player { who: who.to_string(), clock, clock_note }
        });
        let mover = pos.side_to_move().name();
        let thinking = match (interp.thinking(), &screen.info) {
            (Some(Thinking::Move), Some(info)) => {
                Some((format!("{mover} thinks: {}", info_text(info)), true))
            }
            (Some(Thinking::Move), None) => Some((format!("{mover} thinks..."), true)),
            (Some(Thinking::Ponder(m)), Some(info)) => {
                Some((format!("Pondering on {m}: {}", info_text(info)), true))
            }
            (Some(Thinking::Ponder(m)), None) => Some((format!("Pondering on {m}..."), true)),
            (None, Some(info)) => Some((format!("Last search: {}", info_text(info)), false)),
            (None, None) => None,
        };
        let label = match interp.waiting() {
            Waiting::Command => "Your move is? ".to_string(),
            Waiting::Answer => screen.question.clone(),
            Waiting::EditPiece => {
                let side = interp.editing().map_or("", |(_, c)| c.name());
                format!("Edit {side} (p3b, p3b+, p*, -3b; # clears, c sides, . done): ")
            }
            Waiting::SetupRow(n) => {
                let rank = char::from(b'a' + (n as u8).min(8));
                format!("Setup rank {rank} (9 squares from file 9): ")
            }
        };
        Snapshot {
            level: level_text(clocks),
            last_move: game.moves().last().copied().filter(|_| interp.editing().is_none()),
            moves: game.moves().iter().map(|m| m.to_string()).collect(),
            first_mover: game.start().side_to_move(),
            board: match interp.editing() {
                Some((setup, _)) => setup.clone(),
                None => pos.to_setup(),
            },
            view: interp.view(),
            kanji: self.kanji,
            players,
            to_move,
            thinking,
            log: wrap_log(&screen.log),
            label,
            input: self.input(),
            cursor: self.cursor,
            overlay: screen.overlay.clone(),
            color: self.color,
        }
    }

    /// The screen as it is now.
    pub fn render(&self, width: usize, height: usize, now: Instant) -> Grid {
        match &self.phase {
            Phase::Menu { selected, typed, note } => {
                screen::render_menu(width, height, *selected, typed, note, self.color)
            }
            Phase::Play => screen::render(&self.snapshot(now), width, height),
        }
    }
}

/// Long messages wrapped at word boundaries to fit the narrowest screen.
fn wrap_log(log: &VecDeque<(String, MessageKind)>) -> Vec<(String, MessageKind)> {
    const WIDTH: usize = screen::MIN_WIDTH - 2;
    let mut out = Vec::new();
    for (text, kind) in log {
        let mut line = String::new();
        for word in text.split(' ') {
            if !line.is_empty() && text_width(&line) + 1 + text_width(word) > WIDTH {
                out.push((std::mem::take(&mut line), *kind));
                line.push_str("  ");
            } else if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        out.push((line, *kind));
    }
    out
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
        assert!(menu_level(0).is_none() && menu_level(11).is_none());
        assert_eq!(clock_text(30_000), "5:00");
        assert_eq!(clock_text(360_000 + 6_100), "1:01:01");
        assert_eq!(clock_text(-5), "0:00");
    }

    #[test]
    fn long_messages_wrap() {
        let log = VecDeque::from([("word ".repeat(30).trim().to_string(), MessageKind::Reply)]);
        let lines = wrap_log(&log);
        assert_eq!(lines.len(), 2);
        assert!(lines.iter().all(|(l, _)| l.len() <= 78));
        assert!(lines[1].0.starts_with("  word"));
    }
}
