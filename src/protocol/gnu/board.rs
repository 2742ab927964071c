//! What the text mode draws: the board with clocks and hands, thinking lines, and help.

use crate::engine::clock::{Clocks, TimeControl};
use crate::notation::board::square_text;
use crate::notation::{score, usi};
use crate::rules::{Color, Move, PieceKind, Position, Square};
use crate::search::SearchInfo;
use std::fmt::Write as _;

/// How the board is drawn.
#[derive(Copy, Clone, Debug, Default)]
pub struct View {
    /// Rotated 180 degrees (Black at the top).
    pub reverse: bool,
    /// File numbers above and rank letters beside the board.
    pub coords: bool,
    /// The four star points, which also mark the promotion zones.
    pub stars: bool,
    /// Running clocks labelled as time left, for people (the xshogi dialect's line is bare).
    pub time_left_label: bool,
}

/// A full redraw, as the original prints it: an empty line, the clocks (the time each side
/// has used when there are none), an empty line, nine ranks (rank a at the top, file 9 on
/// the left), an empty line and the two hands.
pub fn draw(pos: &Position, clocks: &Clocks, view: View) -> String {
    draw_marked(pos, clocks, view, None)
}

/// The board with one square marked (`showboard`: the last move's destination): a `v` above
/// its file and a `<` after its rank, so that the squares keep their places.
pub fn draw_marked(pos: &Position, clocks: &Clocks, view: View, mark: Option<Square>) -> String {
    let mut t = String::from("\n");
    let _ = write!(t, "Black {}  White {}", clocks.mmss(Color::Black), clocks.mmss(Color::White));
    if !clocks.on() {
        // No clocks run: the figures are the time used, which must not pass for time left.
        let _ = write!(t, "  (time used; {})", clocks.control());
    } else if view.time_left_label {
        // A clock that only grows (unused time carried to the next move) reads as time used.
        t.push_str("  (time left)");
    }
    t.push_str("\n\n");
    let files: Vec<u8> = if view.reverse { (1..=9).collect() } else { (1..=9).rev().collect() };
    let ranks: Vec<u8> = if view.reverse { (1..=9).rev().collect() } else { (1..=9).collect() };
    if let Some(column) = mark.and_then(|m| files.iter().position(|&f| f == m.file())) {
        let _ = writeln!(t, "{}v", " ".repeat(2 * column + 1));
    }
    if view.coords {
        for f in &files {
            let _ = write!(t, " {f}");
        }
        t.push('\n');
    }
    for (i, &rank) in ranks.iter().enumerate() {
        for &file in &files {
            let sq = Square::new(file, rank).expect("on the board");
            t.extend(square_text(pos.piece_at(sq), '-', true));
        }
        if view.coords {
            let _ = write!(t, "  {}", usi::rank_letter(rank));
        }
        if mark.is_some_and(|m| m.rank() == rank) {
            t.push_str(" <");
        }
        t.push('\n');
        if view.stars && (i == 2 || i == 5) {
            t.push_str("      *     *\n");
        }
    }
    t.push('\n');
    for color in Color::ALL {
        t.push_str(if color == Color::Black { "black" } else { "white" });
        // The original writes hands the other way round from SFEN: P L N S G B R.
        for kind in PieceKind::HAND_WRITING_ORDER.into_iter().rev() {
            let n = pos.hand(color).count(kind);
            if n > 0 {
                let _ = write!(t, " {n}{}", kind.base_letter());
            }
        }
        t.push('\n');
    }
    t
}

/// A thinking line: depth and bound mark, score, seconds, nodes, then the moves, 8 a line.
pub fn thinking_line(info: &SearchInfo) -> String {
    let mark = score::gnu_bound_mark(info.bound);
    let score = score::format_gnu(info.score);
    let mut t =
        format!("{:2}{mark} {score:>6} {:4} {:8}  ", info.depth, info.time.as_secs(), info.nodes);
    t.push_str(&pv_text(&info.pv));
    t
}

/// Moves right-aligned in 5 columns, a line break and 26 spaces after every 8.
pub(crate) fn pv_text(pv: &[Move]) -> String {
    let mut t = String::new();
    for (i, m) in pv.iter().enumerate() {
        if i > 0 && i % 8 == 0 {
            t.push_str("\n                          ");
        }
        let _ = write!(t, "{:>5} ", m.to_string());
    }
    t
}

/// The state shown under the command summary of `help`.
pub struct Status {
    pub computer: Color,
    pub depth: u32,
    pub control: TimeControl,
    pub random: bool,
    pub easy: bool,
    pub beep: bool,
    pub hash: bool,
    pub tsume: bool,
    pub force: bool,
    pub book: bool,
    pub post: bool,
    pub contempt: i32,
    pub xwndw: i32,
    /// The playing level, 0 to 20 (full strength).
    pub strength: u8,
    /// The kind of game: `even`, a handicap's name, or a position set up.
    pub game: String,
}

fn on(b: bool) -> &'static str {
    if b { "ON" } else { "OFF" }
}

/// The command summary and the status: every line says what the command really does.
pub fn help(s: &Status) -> String {
    help_in(s, true)
}

/// [`help`] with the commands in one column, for a screen too narrow for two (`-C` at 60
/// columns, where the rows of two columns wrapped in the middle of an entry).
pub(crate) fn help_one_column(s: &Status) -> String {
    help_in(s, false)
}

fn help_in(s: &Status, two_columns: bool) -> String {
    let rows: [(&str, &str, &str, &str); 29] = [
        ("7g7f", "move from 7g to 7f", "quit", "exit GNU Shogi"),
        ("S6h", "move silver to 6h", "beep", "bell after moves"),
        ("2d2c+", "move to 2c and promote", "post", "show thinking"),
        ("P*5e", "drop pawn to 5e", "easy", "no pondering"),
        ("Gi5h G65h", "from rank i / file 6", "hard", "ponder"),
        ("7g7f? !", "mark a move bad/good", "? !", "mark the last move"),
        ("bd", "redraw board", "reverse", "turn the board"),
        ("showboard", "board after each move", "strength", "level 0-20 (20: full)"),
        ("enteringking", "entering-king rule", "resignvalue", "resign when lost by"),
        ("analyse", "judge the moves played", "handicap", "handicap game (list)"),
        ("coords", "file/rank labels", "stars", "star points"),
        ("new", "start new game", "hint", "suggest a move"),
        ("undo", "take back one ply", "remove", "take back a move"),
        ("force", "you move both sides", "both", "computer plays both"),
        ("go first", "computer takes side", "switch", "sides with computer"),
        ("black", "you Black, it White", "white", "you White, it Black"),
        ("depth sd", "set search depth", "level", "set time control"),
        ("time", "computer's clock (cs)", "otime", "your clock (cs)"),
        ("book", "opening book on/off", "random", "random book choices"),
        ("hash", "hash table on/off", "contempt", "draw score"),
        ("tsume", "solve mates first", "gamein", "clock is whole game"),
        ("save", "game to file", "get", "game from file"),
        ("xsave", "pos. to xshogi file", "xget", "pos. from xshogi file"),
        ("bsave", "append game to book", "list", "game to CL.* file"),
        ("edit", "edit board", "setup", "board from 9 lines"),
        ("sfen", "show position (SFEN)", "setsfen", "position from SFEN"),
        ("moves", "list legal moves", "p", "piece values"),
        ("test", "speed test", "debug", "values of a piece"),
        ("Awindow", "Bwindow xwndw rcptr", "hashdepth", "(no effect here)"),
    ];
    let mut t = format!("GNU Shogi {} command summary\n", crate::VERSION);
    let rule = if two_columns { "-".repeat(64) } else { "-".repeat(40) };
    let _ = writeln!(t, "{rule}");
    // Each column as wide as its longest entry and a space: none runs into the next.
    let (wa, wb, wc) = rows.iter().fold((0, 0, 0), |(wa, wb, wc), (a, b, c, _)| {
        (wa.max(a.len() + 1), wb.max(b.len() + 2), wc.max(c.len() + 1))
    });
    if two_columns {
        for (a, b, c, d) in rows {
            let line = format!("{a:<wa$}{b:<wb$}{c:<wc$}{d}");
            let _ = writeln!(t, "{}", line.trim_end());
        }
    } else {
        let w = wa.max(wc);
        for (command, what) in
            rows.iter().map(|r| (r.0, r.1)).chain(rows.iter().map(|r| (r.2, r.3)))
        {
            let _ = writeln!(t, "{command:<w$}{what}");
        }
    }
    let _ = writeln!(t, "{rule}");
    let _ = writeln!(
        t,
        "Computer: {:<12} Opponent:            {}",
        s.computer.name(),
        (!s.computer).name()
    );
    let response = match &s.control {
        TimeControl::PerMove(d) => format!("{} sec", d.as_secs()),
        TimeControl::Tournament { .. } => "by the clock".to_string(),
    };
    let _ = writeln!(t, "Depth:    {:<12} Response time:       {response}", s.depth);
    let _ = writeln!(t, "Random:   {:<12} Easy mode:           {}", on(s.random), on(s.easy));
    let _ = writeln!(t, "Beep:     {:<12} Hash table:          {}", on(s.beep), on(s.hash));
    let _ = writeln!(t, "Tsume:    {:<12} Force:               {}", on(s.tsume), on(s.force));
    let _ = writeln!(t, "Book:     {:<12} Post:                {}", on(s.book), on(s.post));
    let _ = writeln!(t, "Contempt: {:<12} xwndw:               {}", s.contempt, s.xwndw);
    let strength = if s.strength >= crate::engine::strength::MAX_SKILL {
        format!("{} (full)", s.strength)
    } else {
        s.strength.to_string()
    };
    let _ = writeln!(t, "Strength: {strength:<12} Game:                {}", s.game);
    match &s.control {
        TimeControl::PerMove(_) => {
            let _ = writeln!(t, "Time Control OFF 0 moves 0 sec 0 add {} depth", s.depth);
        }
        TimeControl::Tournament { periods, increment } => {
            let p = periods[0];
            let _ = writeln!(
                t,
                "Time Control ON {} moves {} sec {} add {} depth ({})",
                p.moves,
                p.time.as_secs(),
                increment.as_secs(),
                s.depth,
                s.control
            );
        }
    }
    t
}
