//! Handicap games in every front end, over the real binary: the text mode's `handicap`
//! command and `--handicap` (the computer, the giver, opens at once; `new` repeats the kind;
//! the xshogi dialect stays quiet), the full screen's menu of handicaps, CECP's `setboard`
//! and USI's `position sfen` for all fifteen, the book kept out, the legal moves checked
//! against cshogi, and one whole game of each kind played to its end in the text mode.

use crate::common::driver::PATIENCE;
use crate::common::tmux::Tmux;
use crate::common::tools::python_cannot_import;
use crate::common::{BIN, Driver, assert_clean, fresh_dir, require};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use gnushogi::config::{Config, GameKind};
use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::notation::{parse_usi_move, parse_xboard_move, to_sfen, to_xboard_fen};
use gnushogi::protocol::Session;
use gnushogi::protocol::fullscreen::app::App;
use gnushogi::protocol::gnu::Link;
use gnushogi::rules::Color;
use gnushogi::rules::handicap::Handicap;
use std::process::Command;
use std::time::{Duration, Instant};

/// The text mode: a small table, reproducible, a shallow search.
fn text_mode(extra: &[&str]) -> Driver {
    let mut args = vec!["-R", "-T", "4", "--seed", "1"];
    args.extend_from_slice(extra);
    let mut p = Driver::spawn(&args, &fresh_dir("handicap"), None, true);
    p.send("sd 2");
    p.until("depth 2", |l| l.ends_with("depth: 2"));
    p
}

/// The move the computer announced (`My move is: 3c3d`), as a legal move of `pos`.
fn computer_move(p: &mut Driver, pos: &gnushogi::rules::Position) -> gnushogi::rules::Move {
    let (_, line) = p.until("the computer's move", |l| l.contains("My move is:"));
    let word = line.rsplit(' ').next().unwrap().trim_end_matches('\u{7}');
    let mv = parse_usi_move(word).and_then(|m| m.to_move(pos).ok());
    mv.unwrap_or_else(|| panic!("{word} is not a legal move of {}", to_sfen(pos)))
}

#[test]
fn the_handicap_command_starts_a_game_the_computer_opens() {
    let mut p = text_mode(&[]);
    // Alone: the kinds, English and Japanese, and the one in force.
    p.send("handicap");
    let (_, head) = p.until("the list", |l| l.contains("handicap: this game:"));
    assert!(head.ends_with("handicap: this game: even game (平手); the kinds (White gives the handicap and moves first):"), "{head}");
    let (_, even) = p.until("even", |l| l.contains("平手"));
    assert_eq!(even.trim(), "even              平手");
    let (_, last) = p.until("ten-piece", |l| l.contains("ten-piece"));
    assert_eq!(last.trim(), "ten-piece         十枚落ち");
    // Unknown: refused, nothing changed.
    p.send("handicap xyz");
    let (_, refusal) = p.until("the refusal", |l| l.contains("'xyz'"));
    assert!(
        refusal.ends_with(
            "handicap: 'xyz' is not a handicap; one of lance, right-lance, bishop, rook, \
             rook-lance, two-piece, three-piece, four-piece, five-piece, left-five-piece, \
             six-piece, left-seven-piece, right-seven-piece, eight-piece, ten-piece, or even; \
             nothing changed"
        ),
        "{refusal}"
    );
    // A handicap by its Japanese name: the computer gives it and moves at once.
    p.send("handicap 飛車落ち");
    let (_, news) = p.until("the new game", |l| l.contains("New game"));
    assert_eq!(
        news,
        "New game: rook handicap (飛車落ち); White (the computer) gives it and moves first"
    );
    let rook = Handicap::Rook.position();
    computer_move(&mut p, &rook);
    // `new`: the same kind again, the computer opening again.
    p.send("new");
    computer_move(&mut p, &rook);
    p.send("handicap");
    p.until("the kind in force", |l| l.contains("this game: rook handicap (飛車落ち)"));
    // In force mode the computer waits: the user moves for White.
    p.send("force");
    p.until("force on", |l| l.ends_with("force: on"));
    p.send("handicap two-piece");
    let (_, news) = p.until("the new game", |l| l.contains("New game"));
    assert_eq!(
        news,
        "New game: two-piece handicap (二枚落ち); White gives it and moves first (force mode: \
         you move for both sides)"
    );
    p.send("3c3d");
    p.send("sfen");
    p.until("White's move played", |l| {
        l.ends_with("lnsgkgsnl/9/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2")
    });
    // Back to even games: the user plays Black and moves first.
    p.send("force");
    p.send("handicap even");
    let (_, news) = p.until("the new game", |l| l.contains("New game"));
    assert_eq!(news, "New game: even game (平手); you play Black and move first");
    p.send("sfen");
    p.until("the start", |l| {
        l.contains("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
    });
    let (status, _, err) = p.finish();
    assert_clean(status, &err, "handicap command");
}

#[test]
fn the_command_line_handicap_and_its_refusals() {
    // Opens with the handicap's game: the computer gives it and thinks at once (a line
    // typed meanwhile makes it move now).
    let mut p =
        Driver::spawn(&["-R", "-T", "4", "--handicap", "Bishop"], &fresh_dir("hcli"), None, true);
    p.until("the news", |l| {
        l == "New game: bishop handicap (角落ち); White (the computer) gives it and moves first"
    });
    p.send("sd 2");
    computer_move(&mut p, &Handicap::Bishop.position());
    p.send("handicap");
    p.until("the kind", |l| l.contains("this game: bishop handicap (角落ち)"));
    let (status, _, err) = p.finish();
    assert_clean(status, &err, "--handicap");
    // An unknown name: exit status 2 and the names.
    let out = Command::new(BIN).args(["-R", "--handicap", "xyz"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("'xyz' is not a handicap; one of lance, right-lance,"), "{err}");
    assert!(err.contains("ten-piece, or even"), "{err}");
    // Two start positions: refused.
    let out = Command::new(BIN)
        .args(["-R", "--handicap", "rook", "--sfen", "4k4/9/9/9/9/9/9/9/4K4 b G 1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--handicap and --sfen"));
}

#[test]
fn the_xshogi_dialect_stays_quiet() {
    // The dialect's start, as xshogi drives it: the command changes the game and says nothing.
    let mut p = Driver::spawn(&["-T", "4", "--seed", "1"], &fresh_dir("hx"), None, true);
    p.send("handicap lance");
    p.send("sfen");
    let (before, sfen) = p.until("the position", |l| l.contains("/"));
    assert_eq!(sfen, "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    assert!(before.iter().all(|l| !l.contains("New game") && !l.contains("move is")), "{before:?}");
    // xshogi asks the computer to move: it plays the giver's first move.
    p.send("go");
    p.until("the move", |l| l.starts_with("1. ... "));
    let (status, _, err) = p.finish();
    assert_clean(status, &err, "xshogi");
}

#[test]
fn the_listing_and_the_game_file_keep_the_handicap() {
    let dir = fresh_dir("hfiles");
    let mut p = Driver::spawn(&["-R", "-T", "4", "--seed", "1"], &dir, None, true);
    p.send("sd 1");
    p.send("handicap six-piece");
    let six = Handicap::SixPiece.position();
    let first = computer_move(&mut p, &six);
    p.send("save game.txt");
    p.until("saved", |l| l.contains("game.txt"));
    p.send("list CL.test");
    p.until("listed", |l| l.contains("CL.test"));
    p.send("handicap even");
    p.send("get game.txt");
    p.until("read", |l| l.contains("game.txt"));
    p.send("handicap");
    p.until("the kind", |l| l.contains("this game: six-piece handicap (六枚落ち)"));
    p.send("sfen");
    let after = six.played(first);
    p.until("the position", |l| l.ends_with(&to_sfen(&after)));
    let (status, _, err) = p.finish();
    assert_clean(status, &err, "files");
    let listing = std::fs::read_to_string(dir.join("CL.test")).unwrap();
    assert!(
        listing.lines().nth(1).unwrap()
            == "Handicap: six-piece (六枚落ち); White gives it and moves first (the left column)",
        "{listing}"
    );
}

/// The book is for even games: no book move in any handicap position, though there is one
/// in the standard start.
#[test]
fn usi_plays_a_legal_giver_s_move_and_no_book_move_in_every_handicap() {
    let mut p = Driver::start(&["--usi", "-T", "4", "--seed", "1"]);
    p.send("usi");
    p.until("usiok", |l| l == "usiok");
    p.send("isready");
    p.until("readyok", |l| l == "readyok");
    p.send("usinewgame");
    p.send("position startpos");
    p.send("go depth 2");
    let (before, _) = p.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(before.iter().any(|l| l == "info string book move"), "the book is on: {before:?}");
    for h in Handicap::ALL {
        let pos = h.position();
        p.send("usinewgame");
        p.send(&format!("position sfen {}", to_sfen(&pos)));
        p.send("go depth 3");
        let (before, best) = p.until("bestmove", |l| l.starts_with("bestmove"));
        assert!(!before.iter().any(|l| l.contains("book")), "{h}: {before:?}");
        let word = best.split_whitespace().nth(1).unwrap();
        let mv = parse_usi_move(word).and_then(|m| m.to_move(&pos).ok());
        assert!(mv.is_some(), "{h}: {best}");
        assert_eq!(pos.piece_at(mv.unwrap().from().unwrap()).unwrap().color(), Color::White);
    }
    let (status, _, err) = p.finish();
    assert_clean(status, &err, "usi");
}

#[test]
fn cecp_plays_a_legal_giver_s_move_from_every_handicap_fen() {
    let mut p = Driver::start(&["-T", "4", "--seed", "1"]);
    p.send("xboard");
    p.send("protover 2");
    p.until("done", |l| l.contains("done=1"));
    for h in Handicap::ALL {
        let pos = h.position();
        let fen = to_xboard_fen(&pos);
        // XBoard's shogi calls sente "white": the giver, gote, is its "black" to move.
        assert!(fen.ends_with(" b 0 1"), "{fen}");
        p.send("new");
        p.send("force");
        p.send(&format!("setboard {fen}"));
        p.send("sd 3");
        p.send("go");
        let (before, line) = p.until("the move", |l| l.starts_with("move "));
        assert!(
            !before.iter().any(|l| l.contains("Error") || l.contains("Illegal")),
            "{h}: {before:?}"
        );
        let word = &line["move ".len()..];
        let mv = parse_xboard_move(word).and_then(|m| m.to_move(&pos).ok());
        assert!(mv.is_some(), "{h}: {line} from {fen}");
        assert_eq!(pos.piece_at(mv.unwrap().from().unwrap()).unwrap().color(), Color::White);
    }
    let (status, _, err) = p.finish();
    assert_clean(status, &err, "cecp");
}

/// Each handicap's legal moves, counted by cshogi (see `common::require`).
#[test]
fn legal_moves_agree_with_cshogi() {
    if !require("cshogi", python_cannot_import("cshogi", "pip install cshogi==1.1.0")) {
        return;
    }
    let sfens: Vec<String> = Handicap::ALL.iter().map(|h| to_sfen(&h.position())).collect();
    let script = "import sys, cshogi\n\
                  for s in sys.stdin.read().splitlines():\n\
                  \x20   print(len(list(cshogi.Board(s).legal_moves)))\n";
    let out = Command::new("python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(sfens.join("\n").as_bytes())?;
            c.wait_with_output()
        })
        .expect("python3 runs");
    assert!(out.status.success(), "cshogi: {}", String::from_utf8_lossy(&out.stderr));
    let counts: Vec<usize> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| l.trim().parse().unwrap()).collect();
    assert_eq!(counts.len(), 15);
    for ((h, sfen), theirs) in Handicap::ALL.iter().zip(&sfens).zip(counts) {
        let ours = h.position().count_legal_moves();
        assert_eq!(ours, theirs, "{h}: {sfen}");
    }
}

/// One whole game of each kind, the computer playing both sides at depth 2, to its end.
#[test]
fn a_whole_game_of_each_handicap_ends_with_a_result() {
    for h in Handicap::ALL {
        let mut p = Driver::spawn(
            &["-R", "-T", "4", "--seed", "1", "--move-limit", "400"],
            &fresh_dir("hgame"),
            None,
            true,
        );
        p.send("force");
        p.send("sd 2");
        p.send(&format!("handicap {}", h.name()));
        p.send("both");
        let (before, end) = p.until("the end of the game", |l| l.contains("Game over"));
        let plies = before.iter().filter(|l| l.starts_with("My move is:")).count();
        assert!(end.contains(" wins") || end.contains("drawn"), "{h}: {end}");
        assert!(plies > 0, "{h}");
        eprintln!("{h}: {plies} plies: {end}");
        let (status, _, err) = p.finish();
        assert_clean(status, &err, h.name());
    }
}

// ----- the full screen's menu ------------------------------------------------------------

fn session() -> Session<std::io::Sink> {
    let engine =
        Engine::new(EngineOptions { hash_mib: 4, seed: Some(1), ..EngineOptions::default() });
    Session::without_input(std::io::sink(), engine)
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

#[test]
fn the_full_screen_asks_the_kind_of_game_after_the_level() {
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let config = Config { use_hash: true, seeded: true, ..Config::default() };
    let mut app = App::new(link, &config, true);
    app.type_line("11");
    assert!(app.in_menu());
    let menu = app.render(80, 24, Instant::now()).text();
    assert!(menu.contains("Enter Handicap:"), "{menu}");
    assert!(menu.contains(" 0.  Even game          平手"), "{menu}");
    assert!(menu.contains("15.  ten-piece          十枚落ち"), "{menu}");
    // Not an item: refused, the menu stays.
    app.type_line("16");
    assert!(app.in_menu());
    let menu = app.render(80, 24, Instant::now()).text();
    assert!(menu.contains("There is no handicap 16: choose 0 to 15."), "{menu}");
    // The refused 16 left its 1 highlighted; Up to the even game, Down to the lance
    // handicap, then Enter: the computer gives it and thinks at once.
    app.key(key(KeyCode::Up));
    app.key(key(KeyCode::Down));
    app.key(key(KeyCode::Enter));
    // The strength last; the game begins once it is chosen.
    assert!(app.in_menu());
    assert!(app.render(80, 24, Instant::now()).text().contains("Enter Strength:"));
    assert_eq!(app.interp().game().start(), &gnushogi::rules::Position::startpos());
    app.key(key(KeyCode::Enter));
    assert!(!app.in_menu());
    assert_eq!(app.interp().game().start(), &Handicap::Lance.position());
    let start = Instant::now();
    while app.interp().game().ply() == 0 {
        app.pump(Duration::from_millis(20));
        assert!(start.elapsed() < PATIENCE, "the computer did not move");
    }
    let g = app.render(80, 24, app.interp().turn_started()).text();
    assert!(g.contains("New game: lance handicap (香落ち)"), "{g}");

    // `--handicap` skips the choice.
    let mut s = session();
    let (link, _) = Link::split(&mut s);
    let given = Config {
        game_kind: Some(GameKind::Handicap(Handicap::Rook)),
        strength: Some(20),
        ..config
    };
    let mut app = App::new(link, &given, true);
    app.type_line("1");
    assert!(!app.in_menu());
    assert_eq!(app.interp().game().start(), &Handicap::Rook.position());
}

#[test]
fn the_full_screen_menu_of_handicaps_under_a_real_terminal() {
    let Some(t) = Tmux::start("gnushogi-handicap") else { return };
    t.send(&[&format!("{BIN} -C -T 4 --seed 1; echo EXIT:$?"), "Enter"]);
    t.wait("Enter Level:");
    t.send(&["11", "Enter"]);
    let s = t.wait("Enter Handicap:");
    assert!(s.contains(" 4.  rook               飛車落ち"), "{s}");
    t.send(&["6", "Enter"]);
    let s = t.wait("Enter Strength:");
    assert!(s.contains("20.  full strength"), "{s}");
    t.send(&["Enter"]);
    // The computer gives two pieces and opens.
    let s = t.wait("My move is: ");
    assert!(s.contains("two-piece handicap"), "{s}");
    t.send(&["quit", "Enter"]);
    t.wait("EXIT:0");
}
