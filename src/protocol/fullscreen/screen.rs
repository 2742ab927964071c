//! What the full-screen mode shows, drawn into a [`Grid`]: the start menu, and the game
//! screen (board, hands, clocks, moves, thinking line, messages, command line) with the
//! help and other long output over it. Pure functions of a [`Snapshot`], so tests draw
//! screens without a terminal.

use super::choices::Choice;
use super::grid::{Grid, Style, text_width};
use crate::notation::{board, kif, usi};
use crate::protocol::gnu::board::View;
use crate::protocol::gnu::display::MessageKind;
use crate::rules::{Color, Move, Piece, PieceKind, Setup, Square};
use crossterm::style::Color as Ink;

/// The smallest screen the game is drawn on (the original's 80×24).
pub const MIN_WIDTH: usize = 80;
pub const MIN_HEIGHT: usize = 24;

/// Long output shown over the board (help, tables, lists) until Esc or Enter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overlay {
    pub title: String,
    pub lines: Vec<String>,
    /// The first line shown.
    pub scroll: usize,
}

/// One side as the screen shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// "Computer" or "You".
    pub who: String,
    /// The clock as shown (`4:58`, `0:07`), or empty.
    pub clock: String,
    /// After the clock: moves to the next time control, or what the clock means.
    pub clock_note: String,
}

/// Everything the game screen shows.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub level: String,
    /// The board and hands (a position, or the board `edit` is setting up).
    pub board: Setup,
    pub last_move: Option<Move>,
    /// The moves played, in the coordinate form that is typed (`7g7f`, `P*5e`).
    pub moves: Vec<String>,
    /// The side that played the first of `moves`.
    pub first_mover: Color,
    pub view: View,
    pub kanji: bool,
    /// By colour index (Black, White).
    pub players: [Player; 2],
    /// The side whose clock runs (`None` once the game is over).
    pub to_move: Option<Color>,
    /// The search's latest line, and whether it is still thinking.
    pub thinking: Option<(String, bool)>,
    /// Messages, oldest first; the last is the status line.
    pub log: Vec<(String, MessageKind)>,
    /// The command line: its label, the text typed, the cursor (in characters).
    pub label: String,
    pub input: String,
    pub cursor: usize,
    pub overlay: Option<Overlay>,
    /// Colours may be used (`NO_COLOR` unset).
    pub color: bool,
}

const SENTE: Ink = Ink::Cyan;
const GOTE: Ink = Ink::Yellow;
const PROMOTED: Ink = Ink::Red;
const LAST_MOVE: Ink = Ink::DarkBlue;
const ERROR: Ink = Ink::Red;
const NEWS: Ink = Ink::Green;

/// Left edge of the board frame, and of the panel on the right.
const FRAME_X: usize = 3;
const PANEL_X: usize = 42;
/// Rows of the game screen at the minimum size.
const BOARD_TOP: usize = 2;
const THINK_ROW: usize = 18;

/// Drops colours (for `NO_COLOR`): the last move is then shown in reverse video.
fn tint(style: Style, color: bool) -> Style {
    if color {
        return style;
    }
    Style { fg: None, reverse: style.reverse || style.bg.is_some(), bg: None, ..style }
}

/// A start menu as shown: what it chooses, the item highlighted, what is typed, a complaint.
pub struct Menu<'a> {
    pub choice: Choice,
    pub selected: usize,
    pub typed: &'a str,
    pub note: &'a str,
}

/// A start menu, as the original lays out its levels, with the item chosen so far.
pub fn render_menu(width: usize, height: usize, m: &Menu<'_>, color: bool) -> Grid {
    let mut g = Grid::new(width, height);
    let title = format!("GNU Shogi {}", crate::VERSION);
    g.put(31, 1, &title, Style::PLAIN.bold());
    let items = m.choice.lines();
    match m.choice {
        Choice::Level => {}
        Choice::Handicap => {
            let what = "The kind of game (White, the computer, gives the handicap):";
            g.put(19, 2, what, Style::PLAIN);
        }
        Choice::Strength => {
            let what = "How well the computer plays (Elo: this program's own scale):";
            g.put(19, 2, what, Style::PLAIN);
        }
    }
    // A list too long for one column (the strengths) takes two.
    let rows = if items.len() > 16 { items.len().div_ceil(2) } else { items.len() };
    for (i, item) in items.iter().enumerate() {
        let style = if i == m.selected { Style::PLAIN.reverse() } else { Style::PLAIN };
        g.put(19 + 24 * (i / rows), 3 + i % rows, item, style);
    }
    // Below the items, whatever their number; closer when a long list would not fit.
    let gap = if 3 + rows + 6 <= MIN_HEIGHT { 2 } else { 1 };
    let row = 3 + rows + gap;
    let prompt = match m.choice {
        Choice::Level => "Enter Level: ",
        Choice::Handicap => "Enter Handicap: ",
        Choice::Strength => "Enter Strength: ",
    };
    let end = g.put(19, row, prompt, Style::PLAIN);
    let end = g.put(end, row, m.typed, Style::PLAIN.bold());
    g.cursor = Some((end, row));
    g.put(19, row + gap, m.note, tint(Style::fg(ERROR).bold(), color));
    g.put(
        19,
        row + 2 * gap,
        "Up/Down or a number, then Enter. q or Ctrl-C quits.",
        Style::PLAIN.dim(),
    );
    g
}

/// The game screen.
pub fn render(s: &Snapshot, width: usize, height: usize) -> Grid {
    let mut g = Grid::new(width, height);
    if width < MIN_WIDTH || height < MIN_HEIGHT {
        let msg = format!(
            "GNU Shogi needs at least {MIN_WIDTH}x{MIN_HEIGHT}; this terminal is {width}x{height}."
        );
        g.put(0, 0, &msg, Style::PLAIN.bold());
        g.put(0, 1, "Make it larger, or type quit.", Style::PLAIN);
        command_line(&mut g, s, height.saturating_sub(1));
        return g;
    }
    title_bar(&mut g, s);
    board(&mut g, s);
    moves_panel(&mut g, s);
    thinking_row(&mut g, s);
    let log_rows = height - 2 - (THINK_ROW + 1);
    log(&mut g, s, THINK_ROW + 1, log_rows);
    if let Some(o) = &s.overlay {
        // Over the board and the log: all the rows down to the command line.
        overlay(&mut g, o, height - 2);
    }
    command_line(&mut g, s, height - 2);
    let keys = " help: commands  kanji: piece names  Up/Down: earlier lines  Ctrl-C: quit";
    g.put(0, height - 1, keys, Style::PLAIN.dim());
    // The bottom-right cell stays empty: writing it makes some terminals scroll.
    g.fill(width - 1, height - 1, 1, Style::PLAIN);
    g
}

fn title_bar(g: &mut Grid, s: &Snapshot) {
    let bar = Style::PLAIN.reverse();
    g.fill(0, 0, g.width(), bar);
    g.put(1, 0, &format!("GNU Shogi {}", crate::VERSION), bar.bold());
    let level = format!("Level: {} ", s.level);
    let x = g.width().saturating_sub(text_width(&level) + 1);
    g.put(x.max(20), 0, &level, bar);
}

/// The squares' text: 3 cells each, a mark and the piece.
fn square_text(s: &Snapshot, sq: Square) -> (String, Style) {
    let Some(p) = s.board.piece_at(sq) else {
        return (" . ".to_string(), Style::PLAIN.dim());
    };
    let side = if p.color() == Color::Black { SENTE } else { GOTE };
    let ink = if p.kind().is_promoted() { PROMOTED } else { side };
    let style = Style::fg(ink).bold();
    if s.kanji {
        (format!("{}{}", kif::diagram_mark(p.color()), kif::board_char(p)), style)
    } else {
        let [mark, letter] = board::square_text(Some(p), '.', true);
        (format!("{mark}{letter} "), style)
    }
}

fn board(g: &mut Grid, s: &Snapshot) {
    let files: Vec<u8> = if s.view.reverse { (1..=9).collect() } else { (1..=9).rev().collect() };
    let ranks: Vec<u8> = if s.view.reverse { (1..=9).rev().collect() } else { (1..=9).collect() };
    // The side drawn at the top: White, or Black when the board is turned.
    let top = if s.view.reverse { Color::Black } else { Color::White };
    player_line(g, s, top, BOARD_TOP);
    hand_line(g, s, top, BOARD_TOP + 1);
    let label_row = BOARD_TOP + 2;
    for (i, f) in files.iter().enumerate() {
        g.put(FRAME_X + 2 + 3 * i, label_row, &f.to_string(), Style::PLAIN.dim());
    }
    let rule = format!("+{}+", "-".repeat(27));
    g.put(FRAME_X, label_row + 1, &rule, Style::PLAIN);
    let from = s.last_move.and_then(|m| m.from());
    let to = s.last_move.map(|m| m.to());
    for (r, &rank) in ranks.iter().enumerate() {
        let y = label_row + 2 + r;
        g.put(FRAME_X, y, "|", Style::PLAIN);
        for (i, &file) in files.iter().enumerate() {
            let sq = Square::new(file, rank).expect("on the board");
            let (text, mut style) = square_text(s, sq);
            if Some(sq) == to || Some(sq) == from {
                style = style.on(LAST_MOVE);
                if Some(sq) == to {
                    style.underline = true;
                }
            }
            g.put(FRAME_X + 1 + 3 * i, y, &text, tint(style, s.color));
        }
        g.put(FRAME_X + 28, y, "|", Style::PLAIN);
        g.put(FRAME_X + 30, y, &usi::rank_letter(rank).to_string(), Style::PLAIN.dim());
    }
    g.put(FRAME_X, label_row + 11, &rule, Style::PLAIN);
    hand_line(g, s, !top, label_row + 12);
    player_line(g, s, !top, label_row + 13);
}

fn player_line(g: &mut Grid, s: &Snapshot, side: Color, y: usize) {
    let p = &s.players[side.index()];
    let moving = s.to_move == Some(side);
    let ink = tint(Style::fg(if side == Color::Black { SENTE } else { GOTE }).bold(), s.color);
    let name = if s.kanji {
        format!("{} {}", side.name(), kif::side_name(side, false))
    } else {
        side.name().to_string()
    };
    // Fixed columns, all left of the moves panel.
    g.put(1, y, if moving { ">" } else { " " }, Style::PLAIN.bold());
    g.put(3, y, &name, ink);
    g.put(15, y, &p.who, Style::PLAIN);
    let clock_style = if moving { Style::PLAIN.bold() } else { Style::PLAIN };
    g.put(25, y, &p.clock, clock_style);
    let note: String = p.clock_note.chars().take(PANEL_X - 33).collect();
    g.put(32, y, &note, Style::PLAIN.dim());
}

fn hand_line(g: &mut Grid, s: &Snapshot, side: Color, y: usize) {
    let hand = s.board.hands[side.index()];
    let label = if s.kanji { "持駒:" } else { "hand:" };
    let mut x = g.put(3, y, label, Style::PLAIN.dim());
    if hand.is_empty() {
        g.put(x + 1, y, if s.kanji { "なし" } else { "-" }, Style::PLAIN.dim());
        return;
    }
    let ink = tint(Style::fg(if side == Color::Black { SENTE } else { GOTE }), s.color);
    for kind in PieceKind::HAND_WRITING_ORDER {
        let n = hand.count(kind);
        if n == 0 {
            continue;
        }
        let piece = Piece::new(side, kind);
        let name = if s.kanji { kif::board_char(piece) } else { board::piece_letter(piece, true) };
        x = g.put(x + 1, y, &name.to_string(), ink.bold());
        if n > 1 {
            x = g.put(x, y, &n.to_string(), ink);
        }
    }
}

/// The moves, in pairs (Black's then White's), column after column, the latest last.
fn moves_panel(g: &mut Grid, s: &Snapshot) {
    let y0 = BOARD_TOP;
    g.put(PANEL_X, y0, "Moves", Style::PLAIN.bold().dim());
    let rows = THINK_ROW - y0 - 1;
    const COLUMN: usize = 19;
    let columns = ((g.width() - PANEL_X) / COLUMN).max(1);
    // Pair k holds plies 2k and 2k+1, counted from a Black move.
    let offset = usize::from(s.first_mover == Color::White);
    let plies = s.moves.len() + offset;
    let pairs = plies.div_ceil(2);
    let first = pairs.saturating_sub(rows * columns);
    let last = s.moves.len().checked_sub(1);
    for k in first..pairs {
        let slot = k - first;
        let (col, row) = (slot / rows, slot % rows);
        let x = PANEL_X + col * COLUMN;
        let y = y0 + 1 + row;
        g.put(x, y, &format!("{:>3}.", k + 1), Style::PLAIN.dim());
        for half in 0..2 {
            let ply = 2 * k + half;
            let Some(i) = ply.checked_sub(offset) else {
                g.put(x + 5, y, "...", Style::PLAIN.dim());
                continue;
            };
            let Some(text) = s.moves.get(i) else { continue };
            let style = if Some(i) == last { Style::PLAIN.reverse() } else { Style::PLAIN };
            g.put(x + 5 + 7 * half, y, text, style);
        }
    }
}

fn thinking_row(g: &mut Grid, s: &Snapshot) {
    if let Some((line, live)) = &s.thinking {
        let style = if *live { Style::PLAIN } else { Style::PLAIN.dim() };
        g.put(1, THINK_ROW, line, style);
    }
}

fn log(g: &mut Grid, s: &Snapshot, y0: usize, rows: usize) {
    let shown = &s.log[s.log.len().saturating_sub(rows)..];
    let start = y0 + rows - shown.len();
    for (i, (text, kind)) in shown.iter().enumerate() {
        let latest = i + 1 == shown.len();
        let mut style = match kind {
            MessageKind::Reply => Style::PLAIN,
            MessageKind::Error => Style::fg(ERROR),
            MessageKind::News => Style::fg(NEWS),
        };
        if latest {
            style = style.bold();
        } else if *kind == MessageKind::Reply {
            style = style.dim();
        }
        g.put(1, start + i, text, tint(style, s.color));
    }
}

fn overlay(g: &mut Grid, o: &Overlay, bottom: usize) {
    let (x0, y0) = (0, 1);
    let width = g.width();
    for y in y0..bottom {
        g.fill(x0, y, width, Style::PLAIN);
    }
    let rows = bottom.saturating_sub(y0 + 2);
    let scroll = o.scroll.min(o.lines.len().saturating_sub(rows));
    g.put(1, y0, &o.title, Style::PLAIN.bold());
    for (i, line) in o.lines.iter().skip(scroll).take(rows).enumerate() {
        g.put(1, y0 + 1 + i, line, Style::PLAIN);
    }
    let end = (scroll + rows).min(o.lines.len());
    let footer = if o.lines.len() > rows {
        format!(
            "lines {}-{end} of {}; PgUp/PgDn scroll; Esc or Enter returns to the board",
            scroll + 1,
            o.lines.len()
        )
    } else {
        "Esc or Enter returns to the board".to_string()
    };
    g.put(1, bottom - 1, &footer, Style::PLAIN.dim());
}

fn command_line(g: &mut Grid, s: &Snapshot, y: usize) {
    let x = g.put(0, y, &s.label, Style::PLAIN.bold());
    // Show the end of a long line, with the cursor in view.
    let room = g.width().saturating_sub(x + 1);
    let chars: Vec<char> = s.input.chars().collect();
    let cursor = s.cursor.min(chars.len());
    let skip = cursor.saturating_sub(room);
    let shown: String = chars[skip..].iter().collect();
    g.put(x, y, &shown, Style::PLAIN);
    let before: String = chars[skip..cursor].iter().collect();
    g.cursor = Some(((x + text_width(&before)).min(g.width() - 1), y));
}
