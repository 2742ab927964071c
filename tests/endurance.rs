//! Long games and many games, small enough for every run (the long runs of issue 11 were
//! measured by hand: see the notes). A legal game of 1,000 plies without repetition or end
//! (the original overran its buffers after 340) goes through CECP's force mode, the text mode
//! (and its save/get/list files) and USI's `position ... moves`; then the engine moves in
//! it. And CECP plays a few hundred `new`/`go` games in one session.
//!
//! `GNUSHOGI_LONG_PLIES=N` and `GNUSHOGI_NEW_GO=N` make them longer by hand;
//! `GNUSHOGI_LONG_GAME_OUT=FILE` writes the long game's moves (one USI move a line).

use crate::common::Rng;
use crate::common::{Driver, assert_clean, fresh_dir};
use gnushogi::game::Game;
use gnushogi::notation::{
    format_xboard_move, parse_sfen, parse_text_move, parse_usi_move, parse_xboard_move, to_sfen,
};
use gnushogi::rules::{Move, MoveList, Position};

fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A legal game of `plies` plies from the start, chosen at random (fixed seed) among the
/// moves after which the game goes on and no position has been seen three times.
fn long_game(plies: usize) -> Game {
    let mut game = Game::default();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    while game.ply() < plies {
        let mut list = MoveList::new();
        game.position().legal_moves(&mut list);
        let mut moves: Vec<Move> = list.iter().collect();
        // Fisher-Yates.
        for i in (1..moves.len()).rev() {
            moves.swap(i, rng.below(i + 1));
        }
        let next = moves.into_iter().find(|&m| {
            game.play_unchecked(m);
            let fine = game.outcome().is_none() && game.repetitions() < 2;
            game.undo();
            fine
        });
        match next {
            Some(m) => game.play_unchecked(m),
            // A dead end (rare): step back and choose again.
            None => {
                game.undo();
            }
        }
    }
    game
}

/// The game's moves as each front end reads them, checked to read back as the same moves.
fn texts(game: &Game) -> (Vec<String>, Vec<String>) {
    let mut xboard = Vec::new();
    let mut usi = Vec::new();
    for (pos, &m) in game.positions().iter().zip(game.moves()) {
        let x = format_xboard_move(m);
        assert_eq!(parse_xboard_move(&x).map(|s| s.to_move(pos)), Some(Ok(m)), "{x}");
        let u = m.to_string();
        assert_eq!(parse_usi_move(&u).map(|s| s.to_move(pos)), Some(Ok(m)), "{u}");
        assert_eq!(parse_text_move(pos, &u).map(|(t, _)| t), Ok(m), "text {u}");
        xboard.push(x);
        usi.push(u);
    }
    (xboard, usi)
}

fn legal_in(pos: &Position, usi: &str) -> bool {
    parse_usi_move(usi).is_some_and(|m| m.to_move(pos).is_ok())
}

#[test]
fn a_game_of_a_thousand_plies_in_every_front_end() {
    let plies = env_count("GNUSHOGI_LONG_PLIES", 1000);
    let game = long_game(plies);
    let last = game.position().clone();
    let sfen = to_sfen(&last);
    assert!(sfen.ends_with(&format!(" {}", plies + 1)), "{sfen}");
    let (xboard, usi) = texts(&game);
    if let Some(path) = std::env::var_os("GNUSHOGI_LONG_GAME_OUT") {
        // For runs by hand with other builds: the game, one USI move a line.
        std::fs::write(path, usi.join("\n") + "\n").unwrap();
    }
    let dir = fresh_dir("endurance");

    // CECP, force mode: every move taken, then the engine moves in the last position.
    let mut p = Driver::spawn(&["-T", "4"], &dir, None, true);
    p.send("xboard\nprotover 2\nnew\nforce\noption Book=0");
    for m in &xboard {
        p.send(&format!("usermove {m}"));
    }
    p.send("ping 1");
    let (before, _) = p.until("pong", |l| l == "pong 1");
    let other = before.iter().find(|l| !l.starts_with("feature") && !l.starts_with("GNU Shogi"));
    assert!(other.is_none(), "{other:?}");
    p.send("sd 1\ngo");
    let (_, line) = p.until("move", |l| l.starts_with("move "));
    let m = parse_xboard_move(&line[5..]).map(|s| s.to_move(&last));
    assert!(matches!(m, Some(Ok(_))), "{line} in {sfen}");
    p.send("quit");
    let (status, _, err) = p.wait();
    assert_clean(status, &err, "cecp");

    // The text mode: the moves, the position, and the files of a long game.
    let mut p = Driver::spawn(&["-R", "-T", "4"], &dir, None, true);
    p.send("force");
    for m in &usi {
        p.send(m);
    }
    p.send("sfen\nsave long.sav\nlist long.lst\nnew\nget long.sav\nsfen");
    p.until("the last position", |l| l.contains(&sfen));
    p.until("the game read back", |l| l.contains(&sfen));
    p.send("quit");
    let mut out = std::mem::take(&mut p.seen);
    let (status, rest, err) = p.wait();
    assert_clean(status, &err, "text");
    out.extend(rest);
    let refused: Vec<&String> = out.iter().filter(|l| l.contains("Illegal")).collect();
    assert!(refused.is_empty(), "{refused:#?}");
    let listing = std::fs::read_to_string(dir.join("long.lst")).unwrap();
    assert!(listing.contains(&usi[plies - 1]), "the listing lacks the last move");

    // USI: the whole game on one `position` line, then a search in it.
    let mut p = Driver::spawn(&["--usi", "-T", "4"], &dir, None, true);
    p.send(&format!("position startpos moves {}", usi.join(" ")));
    p.send("isready");
    let (before, _) = p.until("readyok", |l| l == "readyok");
    assert!(!before.iter().any(|l| l.contains("error")), "{before:#?}");
    p.send("go depth 1");
    let (_, line) = p.until("bestmove", |l| l.starts_with("bestmove "));
    let best = line.split(' ').nth(1).unwrap_or("");
    assert!(legal_in(&last, best), "{line} in {sfen}");
    p.send("quit");
    let (status, _, err) = p.wait();
    assert_clean(status, &err, "usi");
    assert_eq!(parse_sfen(&sfen).map(|p| p.key()), Ok(last.key()));
}

#[test]
fn many_new_and_go_in_one_cecp_session() {
    let games = env_count("GNUSHOGI_NEW_GO", 300);
    let mut p = Driver::spawn(&["-T", "4"], &fresh_dir("endurance"), None, true);
    p.send("xboard\nprotover 2\noption Book=0");
    let start = Position::startpos();
    for i in 0..games {
        // The engine plays sente's first move; the ping waits for it (a `new` sent at once
        // would stop the search: it acts even while the engine thinks).
        p.send(&format!("new\nsd 2\ngo\nping {i}"));
        let pong = format!("pong {i}");
        let (before, _) = p.until("pong", |l| l == pong);
        let moves: Vec<&String> = before.iter().filter(|l| l.starts_with("move ")).collect();
        assert_eq!(moves.len(), 1, "game {i}: {before:?}");
        let m = parse_xboard_move(&moves[0][5..]).map(|s| s.to_move(&start));
        assert!(matches!(m, Some(Ok(_))), "game {i}: {}", moves[0]);
    }
    p.send("quit");
    let (status, _, err) = p.wait();
    assert_clean(status, &err, "new/go");
}
