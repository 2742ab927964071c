//! The full-screen mode without its terminal: the start menu (`menu.rs`), the command
//! line (`keys.rs`), and the GNU interpreter driving a `Screen`. Keys go in, a
//! [`Grid`] comes out, so tests play whole games without a terminal.

use super::choices::{Choice, level_text};
use super::display::Screen;
use super::grid::Grid;
use super::screen::{self, Player, Snapshot};
use crate::config::{Config, GameKind};
use crate::engine::clock::centis;
use crate::notation::{score, usi};
use crate::protocol::LoopEnd;
use crate::protocol::gnu::display::MessageKind;
use crate::protocol::gnu::{Interp, Link, Thinking, Waiting};
use crate::rules::Color;
use crate::search::SearchInfo;
use std::time::{Duration, Instant};

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
pub(crate) fn info_text(info: &SearchInfo) -> String {
    let score = score::format_words(info.score);
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "depth {}  score {score}  {:.1} s  {} nodes  {}",
        info.depth,
        info.time.as_secs_f64(),
        info.nodes,
        pv.join(" ")
    )
}

pub(super) enum Phase {
    /// A start menu: what it chooses, the item highlighted, the digits typed, a complaint.
    Menu {
        choice: Choice,
        selected: usize,
        typed: String,
        note: String,
    },
    Play,
}

impl Phase {
    pub(super) fn menu(choice: Choice) -> Phase {
        let selected = choice.default_selected();
        Phase::Menu { choice, selected, typed: String::new(), note: String::new() }
    }
}

/// The full-screen mode: the interpreter, the menu and the command line.
pub struct App<'a> {
    pub(super) interp: Interp<'a, Screen>,
    pub(super) phase: Phase,
    pub(super) input: Vec<char>,
    pub(super) cursor: usize,
    pub(super) history: Vec<String>,
    /// The history line shown while browsing it with Up/Down.
    pub(super) browsing: Option<usize>,
    pub(super) kanji: bool,
    color: bool,
    pub(super) end: Option<LoopEnd>,
    /// The kind of game is asked after the level (the command line gave no start).
    pub(super) ask_handicap: bool,
    /// The strength is asked last (the command line gave none).
    pub(super) ask_strength: bool,
    /// The kind of game chosen at the menu, started once the strength is chosen too.
    pub(super) kind: Option<GameKind>,
    /// The search being shown, to clear its line when a new one starts.
    shown_search: Option<Thinking>,
}

impl<'a> App<'a> {
    /// Opens with the start menu, or straight at the board when the command line gave a
    /// time control. After the menu's level, the kind of game (even or a handicap) is asked,
    /// unless the command line gave it (`--handicap`, `--sfen`). `color`: colours may be
    /// used (`NO_COLOR` unset).
    pub fn new(link: Link<'a>, config: &Config, color: bool) -> App<'a> {
        let menu = config.time_control.is_none();
        let mut app = App {
            interp: Interp::new(link, config, Screen::default()),
            phase: Phase::menu(Choice::Level),
            input: Vec::new(),
            cursor: 0,
            history: Vec::new(),
            browsing: None,
            kanji: config.kanji,
            color,
            end: None,
            ask_handicap: config.game_kind.is_none() && config.start_sfen.is_none(),
            ask_strength: config.strength.is_none(),
            kind: None,
            shown_search: None,
        };
        app.interp.display().size.set((80, 24));
        if !menu {
            app.play();
        }
        app
    }

    pub(super) fn play(&mut self) {
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
    pub(crate) fn take_bell(&mut self) -> bool {
        std::mem::take(&mut self.interp.display_mut().bell)
    }

    /// The whole terminal is to be drawn again; asking clears it.
    pub(crate) fn take_repaint(&mut self) -> bool {
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
    pub(super) fn follow_search(&mut self) {
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
                let left = clocks.remaining(side) - spent;
                let moves = clocks.moves_left(side);
                let note = if clocks.game_in() || moves > 999 {
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
            // After the end no move is taken: only commands (`new`, `undo`, …).
            Waiting::Command if over => "Your command? ".to_string(),
            Waiting::Command => "Your move is? ".to_string(),
            Waiting::Answer => screen.question.clone(),
            Waiting::EditPiece => {
                let side = interp.editing().map_or("", |(_, c)| c.name());
                format!("Edit {side} (p3b, p3b+, p*, -3b; # clears, c sides, . done): ")
            }
            Waiting::SetupRow(n) => {
                let rank = usi::rank_letter(u8::try_from(n.min(8)).unwrap_or(8) + 1);
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
            log: screen.log.iter().cloned().collect(),
            label,
            input: self.input(),
            cursor: self.cursor,
            overlay: screen.overlay.clone(),
            color: self.color,
        }
    }

    /// The screen as it is now.
    pub fn render(&self, width: usize, height: usize, now: Instant) -> Grid {
        self.interp.display().size.set((width, height));
        match &self.phase {
            Phase::Menu { choice, selected, typed, note } => {
                let menu = screen::Menu { choice: *choice, selected: *selected, typed, note };
                screen::render_menu(width, height, &menu, self.color)
            }
            Phase::Play => screen::render(&self.snapshot(now), width, height),
        }
    }
}
