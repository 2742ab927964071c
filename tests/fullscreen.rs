//! The full-screen mode (`-C`): screens drawn without a terminal and compared with the
//! expected text, whole games played through its keys, and the real program under a
//! pseudo-terminal (tmux), where tmux is installed.

mod app;
mod grid;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use crossterm::style::Color as Ink;
use gnushogi::config::{Config, GameKind};
use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::protocol::LoopEnd;
use gnushogi::protocol::Session;
use gnushogi::protocol::fullscreen::app::App;
use gnushogi::protocol::fullscreen::grid::Grid;
use gnushogi::protocol::gnu::Link;
use std::time::{Duration, Instant};

/// Longest wait for the computer: only a failing test waits this long.
const PATIENCE: Duration = Duration::from_secs(120);

fn session() -> Session<std::io::Sink> {
    let engine =
        Engine::new(EngineOptions { hash_mib: 4, seed: Some(1), ..EngineOptions::default() });
    Session::without_input(std::io::sink(), engine)
}

/// An even game given, as `--handicap even` would: straight from the level to the board
/// (tests/handicap.rs goes through the menu of handicaps).
fn config() -> Config {
    // The kind of game and the strength given: the level is the only menu.
    Config {
        use_hash: true,
        seeded: true,
        game_kind: Some(GameKind::Even),
        strength: Some(20),
        ..Config::default()
    }
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn ctrl(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

/// The screen with the clocks as they were when the turn began (no time has run).
fn screen(app: &App<'_>) -> Grid {
    app.render(80, 24, app.interp().turn_started())
}

/// Lets the engine's events in until the screen shows `what`.
fn wait_for(app: &mut App<'_>, what: &str) -> Grid {
    let start = Instant::now();
    loop {
        app.pump(Duration::from_millis(20));
        let g = screen(app);
        if g.text().contains(what) {
            return g;
        }
        assert!(start.elapsed() < PATIENCE, "waited for {what:?}; the screen:\n{}", g.text());
    }
}

fn rows(g: &Grid) -> Vec<String> {
    (0..g.height()).map(|y| g.row_text(y)).collect()
}

const MENU: &str = "
                               GNU Shogi 1.5.0

                    1.   40 moves in   5 minutes
                    2.   40 moves in  15 minutes
                    3.   40 moves in  30 minutes
                    4.  all moves in  15 minutes
                    5.  all moves in  30 minutes
                    6.  all moves in  15 minutes, 30 seconds fischer clock
                    7.  all moves in  30 minutes, 30 seconds fischer clock
                    8.    1 move  in   1 minute
                    9.    1 move  in  15 minutes
                   10.    1 move  in  30 minutes
                   11.   10 seconds a move
                   12.   30 seconds a move
                   13.  all moves in   5 minutes
                   14.  all moves in   3 minutes,  2 seconds fischer clock


                   Enter Level:

";

const START: &str = " GNU Shogi 1.5.0                                      Level: 40 moves in 5 min

   White       Computer  5:00   40 left   Moves
   hand: -
     9  8  7  6  5  4  3  2  1
   +---------------------------+
   | L  N  S  G  K  G  S  N  L | a
   | .  R  .  .  .  .  .  B  . | b
   | P  P  P  P  P  P  P  P  P | c
   | .  .  .  .  .  .  .  .  . | d
   | .  .  .  .  .  .  .  .  . | e
   | .  .  .  .  .  .  .  .  . | f
   | p  p  p  p  p  p  p  p  p | g
   | .  b  .  .  .  .  .  r  . | h
   | l  n  s  g  k  g  s  n  l | i
   +---------------------------+
   hand: -
 > Black       You       5:00   40 left




Your move is?
 help: commands  kanji: piece names  Up/Down: earlier lines  Ctrl-C: quit
";

#[test]
fn the_menu_then_the_board_drawn_without_a_terminal() {
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let mut app = App::new(link, &config(), true);
    let menu = app.render(80, 24, Instant::now());
    assert!(menu.text().starts_with(MENU), "{}", menu.text());
    // The first level is highlighted until another is chosen.
    let (x, y) = menu.find("40 moves in   5").unwrap();
    assert!(menu.cell(x, y).unwrap().style.reverse);
    app.key(key(KeyCode::Down));
    app.key(key(KeyCode::Down));
    let menu = app.render(80, 24, Instant::now());
    let (x, y) = menu.find("40 moves in  30").unwrap();
    assert!(menu.cell(x, y).unwrap().style.reverse);
    // A level that is not there is refused; the menu stays.
    app.type_line("15");
    assert!(app.in_menu());
    assert!(app.render(80, 24, Instant::now()).text().contains("There is no level 15"));
    app.type_line("1");
    assert!(!app.in_menu());
    assert_eq!(screen(&app).text(), START);
    // The command line shows what is typed, with the cursor after it.
    for c in "7g7".chars() {
        app.key(key(KeyCode::Char(c)));
    }
    let g = screen(&app);
    assert_eq!(g.row_text(22), "Your move is? 7g7");
    assert_eq!(g.cursor, Some((17, 22)));
}

#[test]
fn each_level_of_the_menu_sets_its_clock() {
    let cases = [
        ("1", "Level: 40 moves in 5 min", "5:00   40 left"),
        ("4", "Level: all moves in 15 min", "15:00"),
        ("7", "Level: all moves in 30 min + 30 s a move", "30:00"),
        ("8", "Level: 1 move in 1 min", "1:00   1 left"),
        ("10", "Level: 1 move in 30 min", "30:00  1 left"),
        ("11", "Level: 10 s a move", "0:00   to move"),
        ("13", "Level: all moves in 5 min", "5:00"),
        ("14", "Level: all moves in 3 min + 2 s a move", "3:00"),
    ];
    for (item, level, clock) in cases {
        let mut s = session();
        let (link, _) = Link::split(&mut s);
        let mut app = App::new(link, &config(), true);
        app.type_line(item);
        let g = screen(&app);
        assert!(g.row_text(0).ends_with(level), "{item}: {}", g.row_text(0));
        assert!(g.row_text(17).ends_with(&format!("You       {clock}")), "{}", g.row_text(17));
    }
    // A time control on the command line: no menu.
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let tc = gnushogi::engine::clock::parse_command_line(&["60".into(), "10".into()]);
    let app = App::new(link, &Config { time_control: tc.unwrap(), ..config() }, true);
    assert!(!app.in_menu());
    assert!(screen(&app).row_text(0).ends_with("Level: 60 moves in 10 min"));
}

#[test]
fn a_game_through_the_command_line() {
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let mut app = App::new(link, &config(), true);
    app.type_line("1");
    app.type_line("book");
    app.type_line("sd 2");
    app.type_line("7g7f");
    let g = wait_for(&mut app, "My move is: ");
    let r = rows(&g);
    assert_eq!(r[11], "   | .  .  p  .  .  .  .  .  . | f", "{}", g.text());
    assert_eq!(r[12], "   | p  p  .  p  p  p  p  p  p | g");
    // The moves: the user's and the computer's, the last one marked.
    let reply = r[21].trim().strip_prefix("My move is: ").unwrap().to_string();
    assert!(r[3].ends_with(&format!("1. 7g7f   {reply}")), "{}", r[3]);
    let (x, y) = g.find(&format!("7f   {reply}")).unwrap();
    assert!(g.cell(x + 5, y).unwrap().style.reverse);
    assert!(!g.cell(x, y).unwrap().style.reverse);
    // The computer's reply is on the board, its squares marked.
    let to = &reply[2..4];
    let file = usize::from(to.as_bytes()[0] - b'0');
    let rank = usize::from(to.as_bytes()[1] - b'a');
    let cell = g.cell(3 + 1 + 3 * (9 - file), 6 + rank).unwrap();
    assert_eq!(cell.style.bg, Some(Ink::DarkBlue), "{reply}");
    assert!(cell.style.underline);
    // The last search's line stays, dimmed.
    assert!(r[18].starts_with(" Last search: depth "), "{}", r[18]);
    assert!(g.cell(1, 18).unwrap().style.dim);
    // Errors in red on the status line, with the original's words.
    app.type_line("7g7e");
    let g = screen(&app);
    assert_eq!(g.row_text(21), " Illegal move (there is no piece on 7g): 7g7e");
    assert_eq!(g.cell(1, 21).unwrap().style.fg, Some(Ink::Red));
    // A command that asks for its value: the question becomes the label.
    app.type_line("depth");
    assert_eq!(screen(&app).row_text(22), "depth =");
    app.type_line("3");
    assert_eq!(screen(&app).row_text(22), "Your move is?");
    // Up brings back earlier lines.
    app.key(key(KeyCode::Up));
    app.key(key(KeyCode::Up));
    assert_eq!(app.input(), "depth");
    app.key(key(KeyCode::Esc));
    assert_eq!(app.input(), "");
    // undo takes back the computer's move; the record shrinks.
    app.type_line("undo");
    assert!(rows(&screen(&app))[3].ends_with("1. 7g7f"));
    // Long replies are shown over the board; Esc returns.
    app.type_line("moves");
    let g = screen(&app);
    assert_eq!(g.row_text(1), " moves");
    assert!(g.text().contains("legal moves for White"), "{}", g.text());
    assert!(!g.text().contains("| a"));
    app.key(key(KeyCode::Esc));
    assert!(screen(&app).text().contains("| a"));
    // quit ends the mode.
    app.type_line("quit");
    assert_eq!(app.ended(), Some(LoopEnd::Quit));
}

#[test]
fn help_kanji_edit_and_reverse() {
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let mut app = App::new(link, &config(), true);
    app.type_line("1");
    app.type_line("help");
    let g = screen(&app);
    assert_eq!(g.row_text(1), " Help");
    assert!(g.text().contains("command summary"));
    assert!(g.text().contains("PgUp/PgDn scroll"), "{}", g.text());
    // A taller terminal shows more of it: every row down to the command line.
    let tall = app.render(80, 40, app.interp().turn_started());
    let (_, footer) = tall.find("PgUp/PgDn scroll").expect("the footer");
    assert_eq!(footer, 40 - 3, "{}", tall.text());
    for _ in 0..3 {
        app.key(key(KeyCode::PageDown));
    }
    assert!(screen(&app).text().contains("Time Control ON 40 moves 300 sec"));
    app.key(key(KeyCode::Enter));
    assert!(!screen(&app).text().contains("command summary"));

    app.type_line("kanji");
    let g = screen(&app);
    assert_eq!(g.row_text(6), "   |v香v桂v銀v金v王v金v銀v桂v香| a");
    assert_eq!(g.row_text(13), "   | .  角 .  .  .  .  .  飛 . | h");
    assert_eq!(g.row_text(17), " > Black 先手  You       5:00   40 left");
    assert_eq!(g.row_text(21), " kanji: on (Japanese piece names)");
    app.type_line("kanji");

    // The board being edited is shown as it is set up.
    app.type_line("edit");
    let g = screen(&app);
    assert!(g.row_text(22).starts_with("Edit Black (p3b"), "{}", g.row_text(22));
    app.type_line("-5i -8h -2h c +r5e b*");
    let g = screen(&app);
    assert_eq!(g.row_text(10), "   | .  .  .  . +R  .  .  .  . | e");
    assert_eq!(g.row_text(14), "   | l  n  s  g  .  g  s  n  l | i");
    assert_eq!(g.row_text(3), "   hand: B");
    let (x, y) = g.find("+R").unwrap();
    assert_eq!(g.cell(x, y).unwrap().style.fg, Some(Ink::Red));
    app.type_line("c k5h .");
    let g = screen(&app);
    assert_eq!(g.row_text(22), "Your move is?");
    assert_eq!(g.row_text(13), "   | .  .  .  .  k  .  .  .  . | h");

    // reverse turns the board: Black at the top.
    app.type_line("reverse");
    let g = screen(&app);
    assert_eq!(g.row_text(4), "     1  2  3  4  5  6  7  8  9");
    assert!(g.row_text(2).starts_with(" > Black"), "{}", g.row_text(2));
    // Gote's pieces in yellow, sente's in cyan.
    let (x, y) = g.find("K").unwrap();
    assert_eq!(g.cell(x, y).unwrap().style.fg, Some(Ink::Yellow));
    let (x, y) = g.find(" k ").unwrap();
    assert_eq!(g.cell(x + 1, y).unwrap().style.fg, Some(Ink::Cyan));
}

#[test]
fn keys_that_end_the_game_screen() {
    // Ctrl-C while the computer thinks: at once.
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let mut app = App::new(link, &config(), true);
    app.type_line("3");
    app.type_line("book");
    app.type_line("go");
    wait_for(&mut app, "Black thinks");
    app.key(ctrl('c'));
    assert_eq!(app.ended(), Some(LoopEnd::Quit));

    // Ctrl-D on an empty line is the end of input; on a line it deletes.
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let mut app = App::new(link, &config(), true);
    app.type_line("1");
    for c in "ab".chars() {
        app.key(key(KeyCode::Char(c)));
    }
    app.key(key(KeyCode::Left));
    app.key(ctrl('d'));
    assert_eq!(app.input(), "a");
    app.key(key(KeyCode::Backspace));
    app.key(ctrl('d'));
    app.pump(Duration::ZERO);
    assert_eq!(app.ended(), Some(LoopEnd::Quit));

    // In the menu: q.
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let mut app = App::new(link, &config(), true);
    app.key(key(KeyCode::Char('q')));
    assert_eq!(app.ended(), Some(LoopEnd::Quit));
}

#[test]
fn small_and_large_terminals() {
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let mut app = App::new(link, &config(), false);
    // The level menu at 60x20: every level shown whole, the prompt and the keys below.
    let t = app.interp().turn_started();
    let menu = rows(&app.render(60, 20, t));
    let levels =
        MENU.lines().map(str::trim).filter(|l| l.starts_with(|c: char| c.is_ascii_digit()));
    assert_eq!(levels.clone().count(), 14);
    for level in levels {
        assert!(menu.iter().any(|l| l.contains(level)), "{level:?} cut: {menu:#?}");
    }
    assert!(menu.iter().any(|l| l.contains("Enter Level:")), "{menu:#?}");
    assert!(menu[19].contains("q or Ctrl-C quits."), "{menu:#?}");
    // Narrower than a level: the line ends in '…', not cut silently.
    let menu = rows(&app.render(40, 20, t));
    let six = menu.iter().find(|l| l.contains(" 6.  all moves in")).expect("level 6");
    assert!(six.ends_with('…') && six.chars().count() <= 40, "{six:?}");
    app.type_line("1");
    let t = app.interp().turn_started();
    // 60x20: the compact layout, the whole board, the moves beside it, the command line last.
    let g = app.render(60, 20, t);
    let text = rows(&g);
    assert!(text[0].contains("Level: 40 moves in 5 min"), "{text:#?}");
    assert_eq!(text[5], "   | L  N  S  G  K  G  S  N  L | a", "{text:#?}");
    assert_eq!(text[13], "   | l  n  s  g  k  g  s  n  l | i", "{text:#?}");
    assert!(text[1].contains("Moves") && text[16].contains("Black"), "{text:#?}");
    assert_eq!(text[19], "Your move is?");
    // A command is answered where it can be seen, a long reply wrapped, not cut.
    app.type_line("7g7x");
    let text = rows(&app.render(60, 20, t));
    assert!(text[18].contains("Illegal move") || text[17].contains("Illegal move"), "{text:#?}");
    assert!(text.iter().all(|l| l.chars().count() <= 60));
    // Too small for the board: the replies and the command line still.
    let text = rows(&app.render(30, 12, t));
    assert!(text[0].starts_with("The board needs 36x20"), "{text:#?}");
    assert!(text.iter().any(|l| l.contains("Illegal move")), "{text:#?}");
    assert_eq!(text[11], "Your move is?", "{text:#?}");
    let g = app.render(120, 40, t);
    assert_eq!(g.row_text(38), "Your move is?");
    assert!(g.row_text(0).ends_with("Level: 40 moves in 5 min"));
    assert_eq!(g.row_text(6), "   | L  N  S  G  K  G  S  N  L | a");
    // NO_COLOR: no colours at all.
    for y in 0..g.height() {
        for x in 0..g.width() {
            let c = g.cell(x, y).unwrap();
            assert!(c.style.fg.is_none() && c.style.bg.is_none());
        }
    }
}

/// Tsume mode in the full screen: the mate the solver finds is shown in USI and in Japanese
/// notation among the messages.
#[test]
fn tsume_shows_the_mate_in_japanese_notation() {
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let mut app = App::new(link, &config(), false);
    app.type_line("1");
    app.type_line("tsume");
    app.type_line("setsfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    app.type_line("go");
    let start = Instant::now();
    while !app.interp().display().messages().any(|m| m.contains("▲５二金打")) {
        app.pump(Duration::from_millis(20));
        assert!(start.elapsed() < PATIENCE, "no mate shown");
    }
    let log: Vec<&str> = app.interp().display().messages().collect();
    assert!(log.contains(&"Mate in 1 (1 ply): G*5b"), "{log:#?}");
}

/// At 60x20 (the whole-game trial of issue 38): the help in one column, no entry broken over
/// two rows; a reply longer than the message rows (`undo`'s two notes) shown whole over the
/// board, not cut to its end; the analysis's lines keep their indent.
#[test]
fn at_60x20_help_undo_and_analyse_read_whole() {
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let mut app = App::new(link, &config(), false);
    app.type_line("1");
    let t = app.interp().turn_started();
    app.render(60, 20, t);
    app.type_line("help");
    let text = rows(&app.render(60, 20, t));
    assert!(text.iter().any(|l| l == " kanji         Japanese piece names on/off"), "{text:#?}");
    assert!(text.iter().any(|l| l == " bd or Ctrl-L  draw the screen again"), "{text:#?}");
    assert!(text.iter().any(|l| l == " 7g7f         move from 7g to 7f"), "{text:#?}");
    // No row is the tail of an entry wrapped from the row above.
    assert!(
        !text
            .iter()
            .any(|l| l.trim() == "Shogi"
                || l.contains("draw the screen again") && l.contains("kanji")),
        "{text:#?}"
    );
    app.key(key(KeyCode::Esc));
    // The same help at 80 columns keeps its two columns.
    app.type_line("help");
    let wide = rows(&screen(&app));
    assert!(wide.iter().any(|l| l.contains("kanji") && l.contains("bd or Ctrl-L")), "{wide:#?}");
    app.key(key(KeyCode::Esc));
    app.render(60, 20, t);
    app.type_line("7g7f");
    let start = Instant::now();
    while !app.interp().display().messages().any(|m| m.contains("My move is")) {
        app.pump(Duration::from_millis(20));
        assert!(start.elapsed() < PATIENCE, "no reply");
    }
    app.render(60, 20, t);
    app.type_line("undo");
    let text = rows(&app.render(60, 20, t)).join("\n");
    assert!(text.contains("The computer now plays Black: undo swaps the sides."), "{text}");
    assert!(text.contains("keeps the sides)"), "{text}");
    app.key(key(KeyCode::Esc));
    app.type_line("analyse");
    let start = Instant::now();
    while !app.render(60, 20, t).text().contains("loss") {
        app.pump(Duration::from_millis(20));
        assert!(start.elapsed() < PATIENCE, "no analysis");
    }
    let text = rows(&app.render(60, 20, t));
    assert!(text.iter().any(|l| l.starts_with("    1. 7g7f")), "{text:#?}");
}

#[test]
fn a_menu_longer_than_the_screen_scrolls() {
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let config = Config { game_kind: None, ..config() };
    let mut app = App::new(link, &config, false);
    app.type_line("1");
    let t = app.interp().turn_started();
    let menu = rows(&app.render(60, 18, t));
    assert!(menu.iter().any(|l| l.contains("Enter Handicap:")), "{menu:#?}");
    assert!(menu.iter().any(|l| l.contains(" 0.  Even game")), "{menu:#?}");
    let below = menu.iter().find(|l| l.contains("more below)")).expect("the rest is named");
    assert!(!menu.iter().any(|l| l.contains("more above")), "{menu:#?}");
    // The last item highlighted: the list scrolls to it, and says what is above.
    for _ in 0..15 {
        app.key(key(KeyCode::Down));
    }
    let menu = rows(&app.render(60, 18, t));
    assert!(menu.iter().any(|l| l.contains("15.")), "{below} {menu:#?}");
    assert!(menu.iter().any(|l| l.contains("more above)")), "{menu:#?}");
    assert!(!menu.iter().any(|l| l.contains("more below")), "{menu:#?}");
}

// ----- under a real terminal ----------------------------------------------------------

use crate::common::tmux::Tmux;

fn program() -> String {
    format!("{} -C -T 4 --seed 1; echo EXIT:$?", env!("CARGO_BIN_EXE_gnushogi"))
}

#[test]
fn under_a_real_terminal_a_move_then_quit() {
    let Some(t) = Tmux::start("gnushogi-fs") else { return };
    t.send(&[&program(), "Enter"]);
    t.wait("Enter Level:");
    assert!(t.alternate_screen());
    t.even_game_at_full_strength("1");
    t.send(&["7g7f", "Enter"]);
    let s = t.wait("My move is: ");
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines[11], "   | .  .  p  .  .  .  .  .  . | f", "{s}");
    assert!(lines[3].contains("1. 7g7f"), "{s}");
    assert!(lines[0].contains("Level: 40 moves in 5 min"));
    // A bigger window: drawn again at its size.
    t.tmux(&["resize-window", "-t", &t.name, "-x", "100", "-y", "30"]);
    // The old screen also shows the prompt: wait for the whole redraw at the new width, its
    // first line and its prompt's (a capture in the middle of the redraw has one only).
    let s = t.wait_until("the redraw at 100x30", |s| {
        let lines: Vec<&str> = s.lines().collect();
        lines.len() == 30
            && lines[0].trim_end().len() > 90
            && lines[28].starts_with("Your move is?")
    });
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines.len(), 30, "{s}");
    assert!(lines[0].trim_end().ends_with("Level: 40 moves in 5 min") && lines[0].len() > 90);
    assert!(lines[28].starts_with("Your move is?"), "{s}");
    t.tmux(&["resize-window", "-t", &t.name, "-x", "80", "-y", "24"]);
    t.send(&["quit", "Enter"]);
    let s = t.wait("EXIT:0");
    // The terminal is back: the main screen, the shell's prompt, line editing on.
    assert!(!t.alternate_screen());
    assert!(!s.contains("| a"), "{s}");
    t.send(&["stty -a | tr ' ' '\\n' | grep -x -e -icanon -e icanon -e -echo -e echo", "Enter"]);
    let s = t.wait("\necho\n");
    assert!(s.contains("\nicanon\n"), "{s}");
}

#[test]
fn under_a_small_terminal_the_game_goes_on() {
    let Some(t) = Tmux::start("gnushogi-fs-small") else { return };
    t.tmux(&["resize-window", "-t", &t.name, "-x", "60", "-y", "20"]);
    t.send(&[&program(), "Enter"]);
    let s = t.wait("Enter Level:");
    assert!(s.contains(" 6.  all moves in  15 minutes, 30 seconds fischer clock"), "{s}");
    assert!(s.contains("q or Ctrl-C quits."), "{s}");
    t.even_game_at_full_strength("1");
    t.send(&["7g7f", "Enter"]);
    let s = t.wait("My move is: ");
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines[10], "   | .  .  p  .  .  .  .  .  . | f", "{s}");
    assert!(lines[2].contains("1. 7g7f"), "{s}");
    // A reply is seen, and so is long output, wrapped to the width.
    t.send(&["7x7x", "Enter"]);
    t.wait("Illegal move");
    t.send(&["help", "Enter"]);
    let s = t.wait("Esc: back");
    assert!(s.lines().all(|l| l.chars().count() <= 60), "{s}");
    t.send(&["Escape"]);
    t.send(&["quit", "Enter"]);
    t.wait("EXIT:0");
}

/// Issue 38: at 60 columns the analysis's lines were about 67 wide with the KIF name, and a
/// blunder's mark was wrapped onto a row of its own. Below 80 columns they are compact: each
/// move's line, mark and all, on one row.
#[test]
fn under_a_60_column_terminal_the_analysis_marks_stay_on_their_moves() {
    let Some(t) = Tmux::start("gnushogi-fs-analyse") else { return };
    t.tmux(&["resize-window", "-t", &t.name, "-x", "60", "-y", "20"]);
    t.send(&[&program(), "Enter"]);
    t.wait("Enter Level:");
    t.even_game_at_full_strength("1");
    // The bishop promotes where White's bishop takes it: a blunder.
    for line in ["force", "7g7f", "3c3d", "8h3c+", "analyse 4"] {
        t.send(&[line, "Enter"]);
    }
    let s = t.wait("White (gote):");
    let rows: Vec<&str> = s.lines().collect();
    assert!(rows.iter().all(|l| l.chars().count() <= 60), "{s}");
    let starts_a_move =
        |l: &&str| l.trim_start().split('.').next().is_some_and(|n| n.parse::<u32>().is_ok());
    let moves: Vec<&str> = rows.iter().copied().filter(starts_a_move).collect();
    assert_eq!(moves.len(), 3, "{s}");
    assert!(moves[2].contains("3. 8h3c+") && moves[2].ends_with("??blunder"), "{s}");
    // No mark on a row of its own, no move's line wrapped.
    assert!(!rows.iter().any(|l| l.trim().starts_with('?')), "{s}");
    assert!(rows.iter().any(|l| l.trim() == "ply move  before     after  loss"), "{s}");
    t.send(&["Escape"]);
    t.send(&["quit", "Enter"]);
    t.wait("EXIT:0");
}

#[test]
fn under_a_real_terminal_ctrl_c_restores_it() {
    let Some(t) = Tmux::start("gnushogi-fs-c") else { return };
    t.send(&[&program(), "Enter"]);
    t.wait("Enter Level:");
    t.send(&["3", "Enter"]);
    t.wait("Enter Handicap:");
    t.send(&["0", "Enter"]);
    t.wait("Enter Strength:");
    t.send(&["20", "Enter"]);
    t.wait("Your move is?");
    // The computer thinks for Black; Ctrl-C quits at once all the same.
    t.send(&["book", "Enter", "go", "Enter"]);
    t.wait("Black thinks");
    t.send(&["C-c"]);
    t.wait("EXIT:0");
    assert!(!t.alternate_screen());
    t.send(&["stty -a | tr ' ' '\\n' | grep -x -e -icanon -e icanon", "Enter"]);
    t.wait("\nicanon\n");
}

#[test]
fn the_menu_asks_the_strength_last() {
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let mut app = App::new(link, &Config { strength: None, ..config() }, true);
    app.type_line("1");
    assert!(app.in_menu());
    let menu = app.render(80, 24, Instant::now());
    let text = menu.text();
    assert!(text.contains("Enter Strength:"), "{text}");
    assert!(text.contains(" 0.  about 500 Elo"), "{text}");
    // Full strength is highlighted: Enter alone keeps the computer as strong as it is.
    let (x, y) = menu.find("20.  full strength").unwrap();
    assert!(menu.cell(x, y).unwrap().style.reverse);
    // Every level fits the smallest screen, in two columns.
    assert!(text.lines().count() <= 24);
    app.type_line("21");
    assert!(app.in_menu());
    let text = app.render(80, 24, Instant::now()).text();
    assert!(text.contains("There is no strength 21: choose 0 to 20."), "{text}");
    app.type_line("5");
    assert!(!app.in_menu());
    app.type_line("strength");
    let text = screen(&app).text();
    assert!(text.contains("strength: 5 (about 965 Elo)"), "{text}");
}

#[test]
fn under_a_real_terminal_a_hangup_ends_the_program() {
    // The terminal closing under the program (a window closed) must end it, at a menu and
    // in a game: crossterm's reader alone would read end-of-file forever, at full speed.
    for in_game in [false, true] {
        let Some(t) = Tmux::start("gnushogi-hangup") else { return };
        // `exec`: the pane's shell becomes the program, so the pane's pid is the program's.
        let bin = env!("CARGO_BIN_EXE_gnushogi");
        t.send(&[&format!("exec {bin} -C -T 4 --seed 1"), "Enter"]);
        t.wait("Enter Level:");
        let pid = t.tmux(&["display-message", "-p", "-t", "gnushogi-hangup", "#{pane_pid}"]);
        let pid = pid.trim().to_string();
        assert!(pid.parse::<u32>().is_ok(), "{pid}");
        if in_game {
            t.even_game_at_full_strength("1");
        }
        drop(t);
        let proc_dir = std::path::PathBuf::from(format!("/proc/{pid}"));
        let start = Instant::now();
        // A zombie waiting for its parent has ended too.
        let alive = || {
            std::fs::read_to_string(proc_dir.join("stat"))
                .is_ok_and(|s| !s.rsplit(')').next().unwrap_or("").trim_start().starts_with('Z'))
        };
        while alive() {
            assert!(start.elapsed() < PATIENCE, "pid {pid} still runs after the hangup");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// At a weak level the computer may play another line than its search's best: the line shown
/// after its move is the one it played, starting with its move (issue 38, item 2).
#[test]
fn the_last_search_shows_the_line_played_at_a_weak_level() {
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let mut app = App::new(link, &Config { strength: Some(0), ..config() }, true);
    app.type_line("11");
    app.type_line("book");
    wait_for(&mut app, "book: off");
    for reply in 1..=6 {
        let pos = app.interp().game().position().clone();
        let mut legal = gnushogi::rules::MoveList::new();
        pos.legal_moves(&mut legal);
        let ours = legal.iter().next().expect("a legal move");
        app.type_line(&ours.to_string());
        let start = Instant::now();
        while app.interp().game().ply() < 2 * reply && app.interp().outcome().is_none() {
            app.pump(Duration::from_millis(20));
            assert!(start.elapsed() < PATIENCE, "no reply {reply}");
        }
        if app.interp().outcome().is_some() {
            break;
        }
        let played = app.interp().game().moves().last().expect("the reply").to_string();
        let row = rows(&screen(&app)).into_iter().find(|r| r.contains("Last search: "));
        let row = row.expect("the last search's line");
        let first = row.split(" nodes ").nth(1).and_then(|r| r.split_whitespace().next());
        assert_eq!(first, Some(played.as_str()), "{row}");
    }
}
