//! USI transcripts: the loop runs in-process on a thread, fed line by line through a pipe,
//! and its output is read back as it comes. One test runs the real binary over pipes.
//!
//! Waiting for a reply has a generous limit (the driver's patience) so that a hang fails the
//! test instead of blocking it; no test depends on how fast the engine is.

mod command;
mod info;
mod options;

use crate::common::{Driver, Protocol};
use gnushogi::config::Config;
use gnushogi::engine::Engine;
use gnushogi::game::Game;
use gnushogi::notation::{parse_sfen, parse_usi_move};
use gnushogi::rules::{Move, MoveList, Position};
use std::time::{Duration, Instant};

/// Mate in 1 for Black: G*5b.
const MATE_IN_1: &str = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
/// Black mates in 5 (rook and two golds against a cornered king).
const MATE_IN_5: &str = "8k/9/9/9/9/9/9/9/K8 b R2G 1";
/// A king in the open against a rook, silvers, knights and pawns in hand: the solver works
/// on it for minutes (three golds, once used here, it answers at once).
const LONG_SOLVE: &str = "9/9/9/9/4k4/9/9/9/K8 b R2S2N4P 1";
/// A pawn against a lone king: no mate, quickly shown.
const NO_MATE: &str = "4k4/9/9/9/9/9/9/9/4K4 b P 1";
/// Black's king has entered with ten pieces and 28 points: the CSA declaration holds.
const DECLARATION: &str = "RRBB1GGGG/SS2K4/9/9/9/9/9/9/4k4 b 2P 1";
/// Gote to move; its only move 9a8a is answered by G*8b mate.
const MATED_IN_2: &str = "k8/9/PG7/9/9/9/9/9/8K w G 1";
/// Gote to move is already mated.
const MATED_NOW: &str = "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1";

/// A USI session running in-process, past the `id` block it prints on entry (`run` is
/// entered after `usi` was read).
fn usi() -> Driver {
    let mut engine = Engine::default();
    engine.set_seed(1);
    engine.set_hash_mib(8);
    let mut u = Driver::in_process(Protocol::Usi, engine, Config::default());
    let block = u.up_to(|l| l == "usiok");
    assert!(block[0].starts_with("id name GNU Shogi "), "{block:?}");
    u
}

/// Sends `quit` (or not), closes the input and waits for the loop to return; returns the
/// lines not yet read.
fn finish(mut u: Driver, quit: bool) -> Vec<String> {
    if quit {
        u.send("quit");
    }
    u.finish().1
}

fn has(lines: &[String], prefix: &str) -> bool {
    lines.iter().any(|l| l.starts_with(prefix))
}

/// The block a `usi` gets, up to `usiok` (the session's first `usi` is answered by the block
/// printed on entry, and gets nothing new).
fn usi_block(u: &mut Driver) -> Vec<String> {
    u.send("usi");
    u.up_to(|l| l == "usiok")
}

/// Sends `line` and checks that the one reply is USI's error line, which it returns.
fn refused(u: &mut Driver, line: &str) -> String {
    u.send(line);
    let mut reply = u.sync();
    assert_eq!(reply.len(), 1, "{line}: {reply:?}");
    assert!(reply[0].starts_with("info string error "), "{line}: {reply:?}");
    reply.remove(0)
}

/// The move of a `bestmove` line, checked legal in `pos`.
fn legal_bestmove(line: &str, pos: &Position) -> Move {
    let mut words = line.split_whitespace();
    assert_eq!(words.next(), Some("bestmove"), "{line}");
    let text = words.next().expect("a move");
    let m = parse_usi_move(text)
        .unwrap_or_else(|| panic!("not a move: {line}"))
        .to_move(pos)
        .unwrap_or_else(|e| panic!("illegal {line}: {e}"));
    if let Some(p) = words.nth(1) {
        let after = pos.played(m);
        assert!(parse_usi_move(p).unwrap().to_move(&after).is_ok(), "bad ponder in {line}");
    }
    m
}

fn pos_after(moves: &str) -> Position {
    let mut pos = Position::startpos();
    for m in moves.split_whitespace() {
        let mv = parse_usi_move(m).unwrap().to_move(&pos).unwrap();
        pos = pos.played(mv);
    }
    pos
}

#[test]
fn handshake_options_and_isready() {
    let mut u = usi();
    // The id block came on entry; a `usi` now is answered by it (with `--usi` the GUI's own
    // `usi` comes after it), a second one by a new block.
    u.send("usi");
    assert_eq!(u.sync(), Vec::<String>::new());
    let block = usi_block(&mut u);
    assert_eq!(block[0], format!("id name GNU Shogi {}", gnushogi::VERSION));
    assert!(block[1].starts_with("id author "));
    for name in [
        "USI_Hash",
        "USI_Ponder",
        "Threads",
        "OwnBook",
        "BookFile",
        "MultiPV",
        "Contempt",
        "MoveOverhead",
        "SkillLevel",
    ] {
        assert!(has(&block, &format!("option name {name} type ")), "{name}: {block:?}");
    }
    for line in [
        "setoption name USI_Hash value 16",
        "setoption name USI_Ponder value true",
        "setoption name Threads value 2",
        "setoption name OwnBook value false",
        "setoption name BookFile value <empty>",
        "setoption name MultiPV value 1",
        "setoption name Contempt value 10",
        "setoption name MoveOverhead value 100",
        // The old name with a space, and ShogiGUI's name for the book, still work.
        "setoption name Move Overhead value 100",
        "setoption name USI_OwnBook value true",
        "setoption name ResignOnMate value false",
        "setoption name DeclareWin value true",
    ] {
        u.send(line);
    }
    assert_eq!(u.sync(), Vec::<String>::new(), "good options are taken silently");
    u.send("usinewgame");
    u.send("position startpos moves 7g7f");
    u.send("go depth 2");
    legal_bestmove(&u.expect_line("bestmove"), &pos_after("7g7f"));
    u.send("gameover draw");
    assert_eq!(u.sync(), Vec::<String>::new());
    assert_eq!(finish(u, true), Vec::<String>::new());
}

#[test]
fn bad_input_is_reported_and_changes_nothing() {
    let mut u = usi();
    u.send(&format!("position sfen {DECLARATION}"));
    for bad in [
        "hello",
        "go depth",
        "go wtime soon",
        "position startpos moves 7g7f 7g7f",
        "position startpos moves 7g7f 3c3d 8h2b+ P*2c",
        "position sfen 9/9/9 b - 1",
        "position startpos moves 7g7x",
        "setoption name DeclareWin value perhaps",
        "setoption name USI_Hash value -1",
        "setoption name Threads value 0",
        "setoption name MultiPV value 0",
        "setoption name MultiPV value 101",
        "setoption name ResignValue value 99",
        "setoption name ResignValue value 100000",
        "setoption name NoSuchThing value 1",
        "setoption name BookFile value /nonexistent/book.tbk",
        "gameover maybe",
        "ponderhit",
    ] {
        refused(&mut u, bad);
    }
    // The declaration position and DeclareWin survived all of that.
    u.send("go btime 0 wtime 0 byoyomi 1000");
    assert_eq!(u.expect_line("bestmove"), "bestmove win");
    finish(u, true);
}

#[test]
fn an_illegal_move_refuses_the_whole_position() {
    let mut u = usi();
    u.send(&format!("position sfen {MATE_IN_1}"));
    u.send("position startpos moves 7g7f 3c3d 2g2f 4a3b 9g9f 3b3c 7f7e 3c3b 7e7d 7c7d 8h7g+");
    let reply = u.sync();
    assert!(reply[0].contains("move 11 (8h7g+) is illegal"), "{reply:?}");
    // The previous position is still the one searched.
    u.send("go mate 10000");
    assert_eq!(u.expect_line("checkmate"), "checkmate G*5b");
    // A legal position with moves is taken.
    u.send("position startpos moves 7g7f 3c3d");
    u.send("go depth 3");
    legal_bestmove(&u.expect_line("bestmove"), &pos_after("7g7f 3c3d"));
    finish(u, true);
}

#[test]
fn multipv_gives_distinct_legal_lines_with_scores() {
    let mut u = usi();
    u.send("setoption name MultiPV value 5");
    u.send("position startpos moves 7g7f 3c3d");
    u.send("go depth 6");
    let lines = u.up_to(|l| l.starts_with("bestmove"));
    let pos = pos_after("7g7f 3c3d");
    let last: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth 6 ")).collect();
    assert_eq!(last.len(), 5, "{lines:?}");
    let mut firsts = Vec::new();
    let mut scores = Vec::new();
    for (k, info) in last.iter().enumerate() {
        let w: Vec<&str> = info.split_whitespace().collect();
        let at = |key: &str| w.iter().position(|&x| x == key).unwrap_or_else(|| panic!("{info}"));
        assert_eq!(w[at("multipv") + 1], (k + 1).to_string(), "{info}");
        assert_eq!(w[at("score") + 1], "cp", "{info}");
        scores.push(w[at("score") + 2].parse::<i32>().unwrap());
        // The whole line is legal, move after move.
        let mut p = pos.clone();
        for text in &w[at("pv") + 1..] {
            let m =
                parse_usi_move(text).unwrap().to_move(&p).unwrap_or_else(|e| panic!("{info}: {e}"));
            p = p.played(m);
        }
        firsts.push(w[at("pv") + 1].to_string());
    }
    let mut distinct = firsts.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 5, "{firsts:?}");
    assert!(scores.windows(2).all(|s| s[0] >= s[1]), "best first: {scores:?}");
    // The move played is the first line's.
    let best = legal_bestmove(lines.last().unwrap(), &pos);
    assert_eq!(best.to_string(), firsts[0]);
    // Back to one line: the short form without a line number.
    u.send("setoption name MultiPV value 1");
    u.send("go depth 3");
    let lines = u.up_to(|l| l.starts_with("bestmove"));
    assert!(lines.iter().all(|l| !l.contains(" multipv ")), "{lines:?}");
    finish(u, true);
}

#[test]
fn info_lines_then_bestmove() {
    let mut u = usi();
    // The built-in book knows the start position; this test wants a search.
    u.send("setoption name OwnBook value false");
    u.send("position startpos");
    u.send("go depth 4");
    let lines = u.up_to(|l| l.starts_with("bestmove"));
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(!infos.is_empty(), "{lines:?}");
    for info in &infos {
        let w: Vec<&str> = info.split_whitespace().collect();
        for key in ["seldepth", "score", "nodes", "nps", "time", "hashfull", "pv"] {
            assert!(w.contains(&key), "{info}");
        }
        let score = w.iter().position(|&k| k == "score").unwrap();
        assert!(matches!(w[score + 1], "cp" | "mate"), "{info}");
        assert!(w[score + 2].parse::<i32>().is_ok(), "{info}");
    }
    assert!(infos.last().unwrap().starts_with("info depth 4 "), "{infos:?}");
    legal_bestmove(lines.last().unwrap(), &Position::startpos());
    finish(u, true);
}

#[test]
fn byoyomi_is_answered_in_time() {
    let mut u = usi();
    u.send("setoption name OwnBook value false");
    u.send("position startpos moves 2g2f 8c8d");
    let t = Instant::now();
    u.send("go btime 0 wtime 0 byoyomi 1000");
    let best = u.expect_line("bestmove");
    let took = t.elapsed();
    legal_bestmove(&best, &pos_after("2g2f 8c8d"));
    // Byoyomi is 1 s; the engine keeps a margin. The bound is loose on purpose.
    assert!(took < Duration::from_secs(4), "{took:?}");
    // Main time plus byoyomi, and Fischer increments, from gote's side.
    u.send("position startpos moves 2g2f");
    u.send("go btime 500 wtime 2000 byoyomi 300");
    legal_bestmove(&u.expect_line("bestmove"), &pos_after("2g2f"));
    u.send("go btime 60000 wtime 1000 binc 100 winc 100");
    legal_bestmove(&u.expect_line("bestmove"), &pos_after("2g2f"));
    u.send("go movetime 200");
    legal_bestmove(&u.expect_line("bestmove"), &pos_after("2g2f"));
    u.send("go nodes 5000");
    legal_bestmove(&u.expect_line("bestmove"), &pos_after("2g2f"));
    finish(u, true);
}

#[test]
fn ponder_waits_for_ponderhit() {
    let mut u = usi();
    u.send("setoption name USI_Ponder value true");
    u.send("position startpos moves 7g7f 3c3d");
    u.send("go ponder btime 0 wtime 0 byoyomi 500");
    u.up_to(|l| l.starts_with("info depth 3 "));
    // However long it ponders, no bestmove before ponderhit.
    let said = u.sync();
    assert!(!has(&said, "bestmove"), "{said:?}");
    u.send("go depth 1");
    // The ponder search may print info lines at any time: look for the error among them.
    let said = u.sync();
    assert!(said.iter().any(|l| l.starts_with("info string error go:")), "{said:?}");
    u.send("ponderhit");
    legal_bestmove(&u.expect_line("bestmove"), &pos_after("7g7f 3c3d"));
    // Nothing is held any more.
    u.send("ponderhit");
    assert!(u.sync()[0].starts_with("info string error ponderhit"));
    finish(u, true);
}

#[test]
fn a_ponder_miss_is_stopped_and_answered() {
    let mut u = usi();
    u.send("position startpos moves 7g7f 3c3d");
    u.send("go ponder btime 10000 wtime 10000 binc 1000 winc 1000");
    u.expect_line("info depth 2 ");
    u.send("stop");
    legal_bestmove(&u.expect_line("bestmove"), &pos_after("7g7f 3c3d"));
    // The GUI then sends the real position.
    u.send("position startpos moves 7g7f 8c8d");
    u.send("go btime 10000 wtime 10000 binc 1000 winc 1000");
    legal_bestmove(&u.expect_line("bestmove"), &pos_after("7g7f 8c8d"));
    finish(u, true);
}

#[test]
fn infinite_waits_for_stop() {
    let mut u = usi();
    u.send("position startpos");
    u.send("go infinite");
    u.expect_line("info depth 3 ");
    let said = u.sync();
    assert!(!has(&said, "bestmove"), "{said:?}");
    u.send("stop");
    legal_bestmove(&u.expect_line("bestmove"), &Position::startpos());
    // A stop with nothing running says nothing.
    u.send("stop");
    assert_eq!(u.sync(), Vec::<String>::new());
    finish(u, true);
}

#[test]
fn stop_during_a_timed_search() {
    let mut u = usi();
    u.send("setoption name OwnBook value false");
    u.send("position startpos");
    u.send("go btime 600000 wtime 600000 byoyomi 60000");
    u.expect_line("info depth 2 ");
    u.send("stop");
    legal_bestmove(&u.expect_line("bestmove"), &Position::startpos());
    finish(u, true);
}

#[test]
fn gameover_ends_pondering_silently() {
    let mut u = usi();
    u.send("position startpos moves 7g7f 3c3d");
    u.send("go ponder btime 1000 wtime 1000 byoyomi 1000");
    u.expect_line("info depth 2 ");
    u.send("gameover lose");
    let said = u.sync();
    assert!(!has(&said, "bestmove"), "{said:?}");
    // The next game goes on normally, with no stale output from the old search.
    u.send("usinewgame");
    u.send("position startpos");
    u.send("go depth 2");
    let lines = u.up_to(|l| l.starts_with("bestmove"));
    assert!(lines.iter().all(|l| !l.starts_with("info depth") || l.contains(" pv ")));
    legal_bestmove(lines.last().unwrap(), &Position::startpos());
    assert_eq!(u.sync(), Vec::<String>::new());
    finish(u, true);
}

#[test]
fn go_mate_answers_checkmate() {
    let mut u = usi();
    u.send(&format!("position sfen {MATE_IN_1}"));
    u.send("go mate 10000");
    assert_eq!(u.expect_line("checkmate"), "checkmate G*5b");

    // A longer mate: the line is checked by playing it out.
    u.send(&format!("position sfen {MATE_IN_5}"));
    u.send("go mate infinite");
    let line = u.expect_line("checkmate");
    let moves: Vec<&str> = line.split_whitespace().skip(1).collect();
    assert!(moves.len() >= 3 && moves.len() % 2 == 1, "{line}");
    let mut pos = parse_sfen(MATE_IN_5).unwrap();
    for (i, m) in moves.iter().enumerate() {
        let mv = parse_usi_move(m).unwrap().to_move(&pos).unwrap();
        pos = pos.played(mv);
        if i % 2 == 0 {
            assert!(pos.in_check(), "{line}: {m} is not a check");
        }
    }
    let mut replies = MoveList::new();
    pos.legal_moves(&mut replies);
    assert!(pos.in_check() && replies.is_empty(), "{line} does not end in mate");

    u.send(&format!("position sfen {NO_MATE}"));
    u.send("go mate 10000");
    assert_eq!(u.expect_line("checkmate"), "checkmate nomate");
    finish(u, true);
}

#[test]
fn go_mate_can_be_stopped_or_time_out() {
    let mut u = usi();
    u.send(&format!("position sfen {LONG_SOLVE}"));
    u.send("go mate infinite");
    // Commands are still read while it solves (a solve that could end before `isready` is
    // read would make this a race).
    let said = u.sync();
    assert!(!has(&said, "checkmate"), "{said:?}");
    u.send("stop");
    let answer = u.expect_line("checkmate");
    assert!(answer == "checkmate timeout" || answer == "checkmate nomate", "{answer}");
    u.send("go mate 200");
    let answer = u.expect_line("checkmate");
    assert!(answer == "checkmate timeout" || answer == "checkmate nomate", "{answer}");
    // quit while a solve runs returns at once.
    u.send("go mate infinite");
    finish(u, true);
}

#[test]
fn quit_during_a_search_exits() {
    let mut u = usi();
    u.send("position startpos");
    u.send("go infinite");
    u.expect_line("info depth 2 ");
    let rest = finish(u, true);
    assert!(!has(&rest, "bestmove"), "{rest:?}");
}

#[test]
fn end_of_input_during_ponder_exits() {
    let mut u = usi();
    u.send("position startpos");
    u.send("go ponder");
    u.expect_line("info depth 2 ");
    finish(u, false);
}

#[test]
fn declaration_win_and_resignation() {
    let mut u = usi();
    u.send(&format!("position sfen {DECLARATION}"));
    u.send("go btime 1000 wtime 1000 byoyomi 1000");
    assert_eq!(u.expect_line("bestmove"), "bestmove win");
    // Pondering on a declaration position: the answer waits for ponderhit.
    u.send("go ponder btime 1000 wtime 1000 byoyomi 1000");
    let said = u.sync();
    assert!(!has(&said, "bestmove"), "{said:?}");
    u.send("ponderhit");
    assert_eq!(u.expect_line("bestmove"), "bestmove win");
    // Without the option, it plays on.
    u.send("setoption name DeclareWin value false");
    u.send("go depth 1");
    legal_bestmove(&u.expect_line("bestmove"), &parse_sfen(DECLARATION).unwrap());

    // No legal move: resign, whatever the options.
    u.send(&format!("position sfen {MATED_NOW}"));
    u.send("go depth 3");
    assert_eq!(u.expect_line("bestmove"), "bestmove resign");
    // A forced mate against us: resign by default...
    u.send(&format!("position sfen {MATED_IN_2}"));
    u.send("go depth 4");
    assert_eq!(u.expect_line("bestmove"), "bestmove resign");
    // ...or play the only move when told not to.
    u.send("setoption name ResignOnMate value false");
    u.send("go depth 4");
    assert!(u.expect_line("bestmove").starts_with("bestmove 9a8a"));
    finish(u, true);
}

/// Self-play over USI from a won position until the game ends: every bestmove must be legal
/// in the position the GUI sent, and the game must end by mate, resignation or declaration.
#[test]
fn a_game_played_to_the_end() {
    let start = "4k4/9/9/9/9/9/9/9/4K4 b R2G2S 1";
    let mut u = usi();
    u.send("usinewgame");
    let mut game = Game::new(parse_sfen(start).unwrap());
    let mut moves: Vec<String> = Vec::new();
    let ending = loop {
        assert!(moves.len() < 200, "no end after 200 plies: {moves:?}");
        if let Some(outcome) = game.outcome() {
            break outcome.to_string();
        }
        let cmd = if moves.is_empty() {
            format!("position sfen {start}")
        } else {
            format!("position sfen {start} moves {}", moves.join(" "))
        };
        u.send(&cmd);
        u.send("go depth 3");
        let best = u.expect_line("bestmove");
        if best == "bestmove resign" || best == "bestmove win" {
            break best;
        }
        let m = legal_bestmove(&best, game.position());
        game.play(m).unwrap();
        moves.push(m.to_string());
    };
    u.send("gameover win");
    assert_eq!(u.sync(), Vec::<String>::new());
    finish(u, true);
    assert!(ending == "bestmove resign" || ending.contains("mates"), "{ending} after {moves:?}");
}

/// The real binary over pipes, both ways of entering USI.
#[test]
fn the_binary_speaks_usi() {
    for (args, banner) in [(&["--usi"][..], false), (&[][..], true)] {
        let mut p = Driver::start(args).speaking(Protocol::Usi);
        if banner {
            assert_eq!(p.next_line(), format!("GNU Shogi {}", gnushogi::VERSION));
        }
        p.send("usi");
        assert_eq!(p.next_line(), format!("id name GNU Shogi {}", gnushogi::VERSION));
        while p.next_line() != "usiok" {}
        p.send_all(&["isready", "position startpos moves 7g7f", "go depth 3"]);
        let mut lines = Vec::new();
        loop {
            let l = p.next_line();
            assert!(!l.is_empty(), "output ended: {lines:?}");
            if l.starts_with("bestmove") {
                legal_bestmove(&l, &pos_after("7g7f"));
                break;
            }
            lines.push(l);
        }
        // Exactly one id block, then readyok.
        assert_eq!(lines[0], "readyok", "{lines:?}");
        p.send("go infinite");
        p.send("quit");
        let (status, _, _) = p.finish();
        assert!(status.success());
    }
}
