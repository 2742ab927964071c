//! The text mode's line editor: on a terminal (tmux, where it is installed) the prompt edits
//! its line, recalls earlier lines (kept in a file under the user's data directory),
//! completes commands and legal moves, and Ctrl-C / Ctrl-D mean what a terminal program's
//! do; on a pipe nothing changed, byte for byte.

use crate::common::tmux::Tmux;
use crate::common::{BIN, fresh_dir, run_text};
use std::path::Path;

/// The piped sessions of `tests/data/piped/` give the output they gave before the line
/// editor, to the byte. (A message changed on purpose changes these files too: the input is
/// beside them.)
#[test]
fn piped_sessions_keep_their_bytes() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/piped");
    let dir = fresh_dir("piped");
    for (name, args) in [("text", &["--seed", "1", "-R"][..]), ("xshogi", &["--seed", "1"][..])] {
        let input = std::fs::read_to_string(data.join(format!("{name}.in"))).unwrap();
        let expected = std::fs::read(data.join(format!("{name}.out"))).unwrap();
        let (out, err, code) = run_text(args, &dir, &input);
        assert_eq!(code, Some(0), "{name}: {err}");
        assert!(out.as_bytes() == expected, "{name}:\n{out}");
    }
}

/// The program in the terminal's shell: `env` gives it `data` as its data directory (or
/// HOME, with `XDG_DATA_HOME` unset); its exit status is shown after it.
fn start(t: &Tmux, home: &Path, data: Option<&Path>) {
    start_with(t, home, data, "-R");
    t.wait("Your move is?");
}

fn start_with(t: &Tmux, home: &Path, data: Option<&Path>, mode: &str) {
    let xdg = match data {
        Some(d) => format!("XDG_DATA_HOME={}", d.display()),
        None => "-u XDG_DATA_HOME".to_string(),
    };
    let line = format!("env {xdg} HOME={} {BIN} {mode} --seed 1; echo EXIT:$?", home.display());
    t.send(&[&line, "Enter"]);
}

/// The line the cursor is on: the last line of the screen that is not empty.
fn last_line(screen: &str) -> &str {
    screen.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").trim_end()
}

/// Waits until the screen shows, after `typed` at the prompt, the board and a new prompt.
fn wait_board_after(t: &Tmux, typed: &str) -> String {
    let at = format!("Your move is? {typed}\n");
    t.wait_until(&format!("the board after {typed}"), |s| {
        s.rsplit_once(&at).is_some_and(|(_, after)| {
            after.contains(" l n s g k g s n l") && last_line(after) == "Your move is?"
        })
    })
}

/// Waits until the line of the prompt reads `line`.
fn wait_line(t: &Tmux, line: &str) -> String {
    t.wait_until(line, |s| last_line(s) == line)
}

#[test]
fn the_prompt_edits_completes_and_recalls() {
    let Some(t) = Tmux::start("gnushogi-le") else { return };
    let home = fresh_dir("line-editor");
    start(&t, &home, Some(&home.join("data")));
    // A move completed: 7g goes only to 7f.
    t.send(&["7g", "Tab"]);
    wait_line(&t, "Your move is? 7g7f");
    t.send(&["Enter"]);
    t.wait("My move is: ");
    wait_line(&t, "Your move is?");
    // The Up arrow recalls the last line, which Ctrl-C drops: a fresh prompt.
    t.send(&["Up"]);
    wait_line(&t, "Your move is? 7g7f");
    t.send(&["C-c"]);
    let s = wait_line(&t, "Your move is?");
    assert!(s.contains("Your move is? 7g7f\nYour move is?"), "{s}");
    // A command completed, then the arrows edit the line: "he" + Tab is "help".
    t.send(&["hi", "Tab"]);
    wait_line(&t, "Your move is? hint");
    t.send(&["C-u", "b", "Left", "Left", "x", "End", "d"]);
    wait_line(&t, "Your move is? xbd");
    t.send(&["Home", "Delete", "Enter"]);
    wait_board_after(&t, "bd");
    // Ctrl-R finds an earlier line.
    t.send(&["C-r", "7g"]);
    t.wait_until("the line found", |s| last_line(s).ends_with("7g7f"));
    t.send(&["C-g", "C-u"]);
    wait_line(&t, "Your move is?");
    // Ctrl-D ends the program as quit does.
    t.send(&["C-d"]);
    t.wait("EXIT:0");
    // The lines are kept in the data directory's file, one a line.
    let history = std::fs::read_to_string(home.join("data/gnushogi/history")).unwrap();
    let lines: Vec<&str> = history.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines, ["7g7f", "bd"], "{history}");
}

#[test]
fn the_history_is_read_at_the_next_start() {
    let Some(t) = Tmux::start("gnushogi-le-history") else { return };
    let home = fresh_dir("line-editor-history");
    // No XDG_DATA_HOME: ~/.local/share/gnushogi/history.
    start(&t, &home, None);
    t.send(&["bd", "Enter"]);
    wait_board_after(&t, "bd");
    t.send(&["sfen", "Enter"]);
    t.wait("LNSGKGSNL b - 1");
    t.send(&["quit", "Enter"]);
    t.wait("EXIT:0");
    assert!(home.join(".local/share/gnushogi/history").is_file());
    t.send(&["clear", "Enter"]);
    t.wait_until("a clear screen", |s| !s.contains("EXIT:0"));
    start(&t, &home, None);
    t.send(&["Up"]);
    wait_line(&t, "Your move is? quit");
    t.send(&["Up"]);
    wait_line(&t, "Your move is? sfen");
    t.send(&["Enter"]);
    t.wait("LNSGKGSNL b - 1");
    t.send(&["quit", "Enter"]);
    t.wait("EXIT:0");
}

#[test]
fn a_data_directory_that_cannot_be_written_loses_only_the_history() {
    let Some(t) = Tmux::start("gnushogi-le-nodir") else { return };
    let home = fresh_dir("line-editor-nodir");
    // A file where the folder should be: no folder can be made under it, even by root.
    let data = home.join("not-a-folder");
    std::fs::write(&data, "").unwrap();
    start(&t, &home, Some(&data));
    t.send(&["7g7f", "Enter"]);
    t.wait("My move is: ");
    wait_line(&t, "Your move is?");
    t.send(&["Up"]);
    wait_line(&t, "Your move is? 7g7f");
    t.send(&["C-u", "quit", "Enter"]);
    t.wait("EXIT:0");
    assert_eq!(std::fs::read_to_string(&data).unwrap(), "");
}

#[test]
fn ctrl_c_while_the_computer_thinks_makes_it_move() {
    let Some(t) = Tmux::start("gnushogi-le-think") else { return };
    let home = fresh_dir("line-editor-think");
    start(&t, &home, Some(&home.join("data")));
    // Out of the book, ten minutes for its move: it would think for minutes.
    for line in ["book", "level 1 10", "post"] {
        t.send(&[line, "Enter"]);
        let word = line.split(' ').next().unwrap();
        t.wait(&format!("\n{word}: "));
    }
    t.send(&["7g7f", "Enter"]);
    // Its thinking lines (the depth first): it is searching.
    let thinking = |l: &str| l.get(..2).is_some_and(|d| d.trim().parse::<u32>().is_ok());
    t.wait_until("a thinking line", |s| s.lines().any(thinking));
    // Keys typed before the prompt are not echoed into the computer's output (where they
    // would garble it): the prompt shows them.
    t.send(&["C-c", "sfen"]);
    t.wait("My move is: ");
    let s = wait_line(&t, "Your move is? sfen");
    assert_eq!(s.matches("sfen").count(), 1, "{s}");
    t.send(&["C-u"]);
    wait_line(&t, "Your move is?");
    t.send(&["quit", "Enter"]);
    t.wait("EXIT:0");
    // The terminal is back as it was: echo and line editing on.
    t.send(&["stty -a | tr ' ' '\\n' | grep -x -e -icanon -e icanon -e -echo -e echo", "Enter"]);
    let s = t.wait("\necho\n");
    assert!(s.contains("\nicanon\n"), "{s}");
}

#[test]
fn the_xshogi_dialect_typed_at_a_terminal_edits_too() {
    let Some(t) = Tmux::start("gnushogi-le-xshogi") else { return };
    let home = fresh_dir("line-editor-xshogi");
    start_with(&t, &home, Some(&home.join("data")), "-X");
    t.wait("GNU Shogi ");
    t.send(&["7g", "Tab"]);
    wait_line(&t, "7g7f");
    t.send(&["Enter"]);
    t.wait("1. ... ");
    // A question of the dialect is the editor's prompt.
    t.send(&["depth", "Enter"]);
    wait_line(&t, "depth =");
    t.send(&["3", "Enter"]);
    wait_line(&t, "depth = 3");
    t.send(&["Up"]);
    wait_line(&t, "3");
    t.send(&["Up"]);
    wait_line(&t, "depth");
    t.send(&["C-u", "C-d"]);
    t.wait("EXIT:0");
}
