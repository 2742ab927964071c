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

/// The smallest screen the game is drawn on as the original draws it (80×24).
pub const MIN_WIDTH: usize = 80;
pub const MIN_HEIGHT: usize = 24;
/// The smallest screen the board is drawn on at all, in the compact layout: the board, the
/// thinking line, a line of messages and the command line.
pub const COMPACT_WIDTH: usize = 36;
pub const COMPACT_HEIGHT: usize = 20;

/// Long output shown over the board (help, tables, lists) until Esc or Enter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overlay {
    pub title: String,
    pub lines: Vec<String>,
    /// The same in one column, shown where a line of `lines` is wider than the screen
    /// (a table of two columns wrapped would break its rows in the middle).
    pub narrow: Option<Vec<String>>,
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

/// Left edge of the board frame.
const FRAME_X: usize = 3;

/// Where the parts of the game screen go: the original's layout from 80×24, a compact one
/// (no blank rows, no key line, a narrower moves panel) down to [`COMPACT_WIDTH`]×
/// [`COMPACT_HEIGHT`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Layout {
    /// Left edge of the moves panel.
    panel_x: usize,
    /// The first row of the board's block (the top player's line).
    board_top: usize,
    think_row: usize,
    /// The first row of messages: under the thinking line, or (compact) on it, the thinking
    /// line then shown over them only while the computer thinks.
    log_top: usize,
    /// The row of the command line; the key line is under it, if there is room.
    command_row: usize,
    keys: bool,
}

impl Layout {
    fn new(width: usize, height: usize) -> Option<Layout> {
        if width >= MIN_WIDTH && height >= MIN_HEIGHT {
            Some(Layout {
                panel_x: 42,
                board_top: 2,
                think_row: 18,
                log_top: 19,
                command_row: height - 2,
                keys: true,
            })
        } else if width >= COMPACT_WIDTH && height >= COMPACT_HEIGHT {
            Some(Layout {
                // Room for a column of moves (19) where there is, else beside the board.
                panel_x: width.saturating_sub(20).clamp(36, 42),
                board_top: 1,
                think_row: 17,
                log_top: 17,
                command_row: height - 1,
                keys: false,
            })
        } else {
            None
        }
    }
}

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

/// A start menu, as the original lays out its levels, with the item chosen so far. On a
/// screen smaller than 80×24 the menu moves up and left; a list that still does not fit
/// scrolls with the highlighted item (saying how many items are above and below), and a line
/// too wide ends in `…`: nothing is cut without a sign.
pub fn render_menu(width: usize, height: usize, m: &Menu<'_>, color: bool) -> Grid {
    let mut g = Grid::new(width, height);
    let small = width < MIN_WIDTH || height < MIN_HEIGHT;
    let title = format!("GNU Shogi {}", crate::VERSION);
    let (title_x, title_row) =
        if small { (width.saturating_sub(text_width(&title)) / 2, 0) } else { (31, 1) };
    g.put(title_x, title_row, &title, Style::PLAIN.bold());
    let items = m.choice.lines();
    let what = match m.choice {
        Choice::Level => None,
        Choice::Handicap => Some("The kind of game (White, the computer, gives the handicap):"),
        Choice::Strength => Some("How well the computer plays (Elo: this program's own scale):"),
    };
    let item_width = items.iter().map(|i| text_width(i)).max().unwrap_or(0);
    // A list too long for one column (the strengths) takes two, where they fit.
    let column = if small { item_width + 3 } else { 24 };
    let two = items.len() > 16 && column + item_width <= width;
    let columns = if two { 2 } else { 1 };
    let rows = items.len().div_ceil(columns);
    let needed = column * (columns - 1) + item_width;
    let x0 = if 19 + needed <= width { 19 } else { width.saturating_sub(needed) / 2 };
    let mut top = title_row + 2;
    if let Some(what) = what {
        top = title_row + 1;
        for line in wrap(what, width.saturating_sub(x0.min(19))) {
            clipped(&mut g, x0.min(19), top, &line, Style::PLAIN);
            top += 1;
        }
    }
    // The prompt, the note and the keys below the items, `gap` rows apart (a blank line
    // between them when there is room for it).
    let fit = |gap: usize| height.saturating_sub(1 + top + 3 * gap);
    let gap = if rows <= fit(2) { 2 } else { 1 };
    let shown_rows = rows.min(fit(gap)).max(1);
    // The rows shown: all, or a window that keeps the highlighted item in view.
    let selected_row = m.selected % rows.max(1);
    let first = if rows <= shown_rows {
        0
    } else {
        selected_row.saturating_sub(shown_rows / 2).min(rows - shown_rows)
    };
    for (i, item) in items.iter().enumerate() {
        let (col, row) = (i / rows, i % rows);
        if row < first || row >= first + shown_rows {
            continue;
        }
        let style = if i == m.selected { Style::PLAIN.reverse() } else { Style::PLAIN };
        let y = top + row - first;
        let hidden = (row == first && first > 0, row + 1 == first + shown_rows && row + 1 < rows);
        let text = match hidden {
            (true, _) => format!("    ({} more above)", first * columns),
            (_, true) => format!("    ({} more below)", (rows - row - 1) * columns),
            _ => item.clone(),
        };
        let style = if text == *item { style } else { Style::PLAIN.dim() };
        clipped(&mut g, x0 + column * col, y, &text, style);
    }
    let row = top + shown_rows + gap;
    let prompt = match m.choice {
        Choice::Level => "Enter Level: ",
        Choice::Handicap => "Enter Handicap: ",
        Choice::Strength => "Enter Strength: ",
    };
    // Each line left of the items where it would not fit (never in the bottom-right cell).
    let x = |text: &str| x0.min(19).min(width.saturating_sub(text_width(text) + 1));
    let end = g.put(x(prompt), row, prompt, Style::PLAIN);
    let end = g.put(end, row, m.typed, Style::PLAIN.bold());
    g.cursor = Some((end.min(width.saturating_sub(1)), row));
    clipped(&mut g, x(m.note), row + gap, m.note, tint(Style::fg(ERROR).bold(), color));
    let keys = "Up/Down or a number, then Enter. q or Ctrl-C quits.";
    clipped(&mut g, x(keys), row + 2 * gap, keys, Style::PLAIN.dim());
    g
}

/// `text` at (x, y), ending in `…` where the screen is too narrow for it.
fn clipped(g: &mut Grid, x: usize, y: usize, text: &str, style: Style) {
    let room = g.width().saturating_sub(x);
    if text_width(text) <= room {
        g.put(x, y, text, style);
        return;
    }
    let mut cut = String::new();
    for c in text.chars() {
        if text_width(&cut) + text_width(&c.to_string()) + 1 > room {
            break;
        }
        cut.push(c);
    }
    cut.push('…');
    g.put(x, y, &cut, style);
}

/// The game screen.
pub fn render(s: &Snapshot, width: usize, height: usize) -> Grid {
    let mut g = Grid::new(width, height);
    let Some(layout) = Layout::new(width, height) else {
        // Too small for the board: still the messages and the command line, so that every
        // command is answered where it can be seen.
        let msg = format!(
            "The board needs {COMPACT_WIDTH}x{COMPACT_HEIGHT} (this terminal is {width}x{height}); \
             commands still work."
        );
        let mut top = 0;
        for line in wrap(&msg, width) {
            g.put(0, top, &line, Style::PLAIN.bold());
            top += 1;
        }
        let bottom = height.saturating_sub(1);
        match &s.overlay {
            Some(o) if bottom > top + 2 => overlay(&mut g, o, top.saturating_sub(1), bottom),
            _ => log(&mut g, s, top, bottom.saturating_sub(top)),
        }
        command_line(&mut g, s, bottom);
        return g;
    };
    title_bar(&mut g, s);
    board(&mut g, s, layout);
    moves_panel(&mut g, s, layout);
    let log_rows = layout.command_row - layout.log_top;
    log(&mut g, s, layout.log_top, log_rows);
    thinking_row(&mut g, s, layout);
    if let Some(o) = &s.overlay {
        // Over the board and the log: all the rows down to the command line.
        overlay(&mut g, o, 1, layout.command_row);
    }
    command_line(&mut g, s, layout.command_row);
    if layout.keys {
        let keys = " help: commands  kanji: piece names  Up/Down: earlier lines  Ctrl-C: quit";
        g.put(0, height - 1, keys, Style::PLAIN.dim());
    }
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

fn board(g: &mut Grid, s: &Snapshot, layout: Layout) {
    let files: Vec<u8> = if s.view.reverse { (1..=9).collect() } else { (1..=9).rev().collect() };
    let ranks: Vec<u8> = if s.view.reverse { (1..=9).rev().collect() } else { (1..=9).collect() };
    // The side drawn at the top: White, or Black when the board is turned.
    let top = if s.view.reverse { Color::Black } else { Color::White };
    player_line(g, s, top, layout.board_top, layout);
    hand_line(g, s, top, layout.board_top + 1);
    let label_row = layout.board_top + 2;
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
    player_line(g, s, !top, label_row + 13, layout);
}

fn player_line(g: &mut Grid, s: &Snapshot, side: Color, y: usize, layout: Layout) {
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
    let note: String = p.clock_note.chars().take(layout.panel_x.saturating_sub(33)).collect();
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
fn moves_panel(g: &mut Grid, s: &Snapshot, layout: Layout) {
    let y0 = layout.board_top;
    g.put(layout.panel_x, y0, "Moves", Style::PLAIN.bold().dim());
    let rows = layout.think_row - y0 - 1;
    const COLUMN: usize = 19;
    let columns = ((g.width() - layout.panel_x) / COLUMN).max(1);
    // Pair k holds plies 2k and 2k+1, counted from a Black move.
    let offset = usize::from(s.first_mover == Color::White);
    let plies = s.moves.len() + offset;
    let pairs = plies.div_ceil(2);
    let first = pairs.saturating_sub(rows * columns);
    let last = s.moves.len().checked_sub(1);
    for k in first..pairs {
        let slot = k - first;
        let (col, row) = (slot / rows, slot % rows);
        let x = layout.panel_x + col * COLUMN;
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

fn thinking_row(g: &mut Grid, s: &Snapshot, layout: Layout) {
    if let Some((line, live)) = &s.thinking {
        let shared = layout.log_top == layout.think_row;
        if shared && !live {
            return;
        }
        if shared {
            g.fill(0, layout.think_row, g.width(), Style::PLAIN);
        }
        let style = if *live { Style::PLAIN } else { Style::PLAIN.dim() };
        g.put(1, layout.think_row, line, style);
    }
}

/// `text` in lines of at most `width` cells, broken at spaces (a word longer than a line is
/// cut into pieces); the lines after the first indented by two more than the first.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    // A line's indent is kept (the analysis's `best` lines, right-aligned numbers), up to
    // half the width; its continuation lines go two further in.
    let body = text.trim_start_matches(' ');
    let indent = " ".repeat((text.len() - body.len()).min(width / 2));
    let more = format!("{indent}  ");
    let mut out = Vec::new();
    let mut line = indent.clone();
    // Nothing but the indent on the line yet.
    let mut bare = true;
    for word in body.split(' ') {
        if !bare && text_width(&line) + 1 + text_width(word) > width {
            out.push(std::mem::replace(&mut line, more.clone()));
        } else if !bare {
            line.push(' ');
        }
        bare = false;
        for c in word.chars() {
            if text_width(&line) + text_width(&c.to_string()) > width {
                out.push(std::mem::replace(&mut line, more.clone()));
            }
            line.push(c);
        }
    }
    out.push(line);
    out
}

/// The rows the game screen gives messages at this size, and the rows `lines` take there
/// once wrapped: a reply that needs more is shown over the board, not cut to its end.
pub fn message_room(width: usize, height: usize, lines: &[String]) -> (usize, usize) {
    let rows = match Layout::new(width, height) {
        Some(layout) => layout.command_row - layout.log_top,
        None => height.saturating_sub(3),
    };
    let room = width.saturating_sub(2);
    (rows, lines.iter().map(|l| wrap(l, room).len()).sum())
}

/// The latest messages, wrapped to the screen's width, in the `rows` rows from `y0`.
fn log(g: &mut Grid, s: &Snapshot, y0: usize, rows: usize) {
    let width = g.width().saturating_sub(2);
    let wrapped: Vec<(String, MessageKind, bool)> = s
        .log
        .iter()
        .enumerate()
        .flat_map(|(i, (text, kind))| {
            let latest = i + 1 == s.log.len();
            wrap(text, width).into_iter().map(move |l| (l, *kind, latest))
        })
        .collect();
    let shown = &wrapped[wrapped.len().saturating_sub(rows)..];
    let start = y0 + rows - shown.len();
    for (i, (text, kind, latest)) in shown.iter().enumerate() {
        let latest = *latest;
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

/// Long output over the screen from row `y0` to `bottom` (not included), its lines wrapped
/// to the width (so a narrow screen cuts none), a footer saying how to scroll and leave.
fn overlay(g: &mut Grid, o: &Overlay, y0: usize, bottom: usize) {
    let width = g.width();
    for y in y0..bottom {
        g.fill(0, y, width, Style::PLAIN);
    }
    let room = width.saturating_sub(2);
    let source = match &o.narrow {
        Some(narrow) if o.lines.iter().any(|l| text_width(l) > room) => narrow,
        _ => &o.lines,
    };
    let lines: Vec<String> = source.iter().flat_map(|l| wrap(l, room)).collect();
    let rows = bottom.saturating_sub(y0 + 2);
    let scroll = o.scroll.min(lines.len().saturating_sub(rows));
    g.put(1, y0, &o.title, Style::PLAIN.bold());
    for (i, line) in lines.iter().skip(scroll).take(rows).enumerate() {
        g.put(1, y0 + 1 + i, line, Style::PLAIN);
    }
    let end = (scroll + rows).min(lines.len());
    let (first, total) = (scroll + 1, lines.len());
    let footer = match (total > rows, width >= MIN_WIDTH) {
        (true, true) => format!(
            "lines {first}-{end} of {total}; PgUp/PgDn scroll; Esc or Enter returns to the board"
        ),
        (true, false) => format!("{first}-{end} of {total}; PgUp/PgDn; Esc: back"),
        (false, true) => "Esc or Enter returns to the board".to_string(),
        (false, false) => "Esc or Enter: back".to_string(),
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
