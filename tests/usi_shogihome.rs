//! A USI session as ShogiHome plays one, against the real binary: the command sequence its
//! engine driver (`src/background/usi/engine.ts`) sends for a game with ponder and early ponder
//! (a bare `go ponder`, the clocks coming with `ponderhit`), a ponder miss, research mode with
//! MultiPV (`go infinite`, `stop`, the next position) and a mate search (`go mate`). Every
//! reply is checked: its form, the legality of every move, and that nothing is refused.

use crate::common::{Driver, Protocol};
use gnushogi::notation::parse_usi_move;
use gnushogi::rules::{Move, MoveList, Position};

/// Black mates in 5 (rook and two golds against a cornered king).
const MATE_IN_5: &str = "8k/9/9/9/9/9/9/9/K8 b R2G 1";

/// Checks a line as ShogiHome reads it (`onReceive`): a form it knows, and no error.
fn check_reply(line: &str) {
    let word = line.split(' ').next().unwrap_or("");
    assert!(
        matches!(word, "id" | "option" | "usiok" | "readyok" | "bestmove" | "checkmate" | "info"),
        "a reply ShogiHome does not know: {line}"
    );
    assert!(!line.starts_with("info string error"), "refused: {line}");
    if word == "option" {
        // ShogiHome splits on spaces: `option name <name> type <type> …`.
        let args: Vec<&str> = line.split(' ').collect();
        assert!(args.len() >= 5 && args[1] == "name" && args[3] == "type", "{line}");
    }
}

fn play(pos: &Position, text: &str) -> (Position, Move) {
    let m = parse_usi_move(text)
        .unwrap_or_else(|| panic!("not a move: {text}"))
        .to_move(pos)
        .unwrap_or_else(|e| panic!("illegal {text}: {e}"));
    (pos.played(m), m)
}

/// Waits for the `bestmove` of a search of `pos`, checking every line before it; returns the
/// move and the ponder move, both checked legal.
fn bestmove(u: &mut Driver, pos: &Position) -> (String, Option<String>) {
    let (before, line) = u.until("bestmove", |l| l.starts_with("bestmove "));
    for l in &before {
        check_reply(l);
        if let Some(pv) = l.split(" pv ").nth(1) {
            let mut p = pos.clone();
            for m in pv.split(' ') {
                p = play(&p, m).0;
            }
        }
    }
    let words: Vec<&str> = line.split(' ').collect();
    let (after, _) = play(pos, words[1]);
    let ponder = (words.len() == 4 && words[2] == "ponder").then(|| words[3].to_string());
    if let Some(p) = &ponder {
        play(&after, p);
    }
    (words[1].to_string(), ponder)
}

fn position_line(moves: &[String]) -> String {
    // ShogiHome sends the start as an SFEN (`record.usi`), then the moves.
    let start = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    if moves.is_empty() {
        format!("position {start}")
    } else {
        format!("position {start} moves {}", moves.join(" "))
    }
}

fn position_of(moves: &[String]) -> Position {
    moves.iter().fold(Position::startpos(), |p, m| play(&p, m).0)
}

#[test]
fn a_game_research_and_a_mate_search_as_shogihome_sends_them() {
    let mut u = Driver::start(&["--usi"]).speaking(Protocol::Usi);
    u.send("usi");
    // The block printed on start answers the `usi`: each line as ShogiHome parses it.
    let block = u.up_to(|l| l == "usiok");
    block.iter().for_each(|l| check_reply(l));
    let names: Vec<&str> = block
        .iter()
        .filter_map(|l| l.strip_prefix("option name "))
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    for name in ["USI_Hash", "USI_Ponder", "MultiPV", "MoveOverhead", "SkillLevel"] {
        assert!(names.contains(&name), "{name}: {names:?}");
    }
    // After usiok: the options of the engine settings, each as `setoption name N value V`.
    for line in [
        "setoption name USI_Hash value 16",
        "setoption name USI_Ponder value true",
        "setoption name Threads value 1",
        "setoption name MultiPV value 1",
        "setoption name EnteringKingRule value CSARule27H",
        "setoption name USI_OwnBook value false",
        "setoption name MoveOverhead value 50",
    ] {
        u.send(line);
    }
    u.send("isready");
    let (before, _) = u.until("readyok", |l| l == "readyok");
    assert_eq!(before, Vec::<String>::new(), "the options are taken silently");

    // A game: usinewgame, then position and go with the clocks, byoyomi 1 s.
    u.send("usinewgame");
    let mut moves: Vec<String> = Vec::new();
    u.send(&position_line(&moves));
    u.send("go btime 60000 wtime 60000 byoyomi 1000");
    let (mv, ponder) = bestmove(&mut u, &position_of(&moves));
    moves.push(mv);
    // Early ponder: `go ponder` without clocks on the predicted reply; the opponent plays it,
    // and `ponderhit` brings the clocks. The bestmove must come: before issue 36 it never did.
    let mut hits = 0;
    let mut predicted = ponder;
    for round in 0..4 {
        let Some(p) = predicted.take() else { break };
        moves.push(p.clone());
        u.send(&position_line(&moves));
        u.send("go ponder");
        u.up_to(|l| l.starts_with("info depth 2 "));
        if round == 2 {
            // A miss: the opponent played something else. ShogiHome stops, throws the answer
            // away and sends the real position.
            u.send("stop");
            bestmove(&mut u, &position_of(&moves));
            moves.pop();
            let pos = position_of(&moves);
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            let other = list.iter().map(|m| m.to_string()).find(|m| *m != p);
            moves.push(other.expect("another move"));
            u.send(&position_line(&moves));
            u.send("go btime 50000 wtime 50000 byoyomi 1000");
        } else {
            u.send("ponderhit btime 55000 wtime 52000 byoyomi 1000");
            hits += 1;
        }
        let (mv, ponder) = bestmove(&mut u, &position_of(&moves));
        moves.push(mv);
        predicted = ponder;
    }
    assert!(hits >= 1, "no ponderhit was played: {moves:?}");
    u.send("gameover lose");
    u.send("isready");
    u.expect_line("readyok");

    // Research: MultiPV 3, `go infinite` on one position, `stop`, the next position.
    u.send("setoption name MultiPV value 3");
    u.send("isready");
    u.expect_line("readyok");
    u.send("usinewgame");
    for k in 0..3 {
        let shown = &moves[..k];
        u.send(&position_line(shown));
        u.send("go infinite");
        let lines = u.up_to(|l| l.starts_with("info depth 3 ") && l.contains(" multipv 3 "));
        for l in &lines {
            check_reply(l);
        }
        for n in 1..=3 {
            let tag = format!(" multipv {n} ");
            assert!(lines.iter().any(|l| l.contains(&tag)), "no line {n}: {lines:?}");
        }
        u.send("stop");
        bestmove(&mut u, &position_of(shown));
    }

    // A mate search, as ShogiHome's mate search dialog sends it.
    u.send("setoption name MultiPV value 1");
    u.send(&format!("position sfen {MATE_IN_5}"));
    u.send("go mate infinite");
    let (before, line) = u.until("checkmate", |l| l.starts_with("checkmate "));
    before.iter().for_each(|l| check_reply(l));
    let mate: Vec<&str> = line.split(' ').skip(1).collect();
    assert_eq!(mate.len(), 5, "{line}");
    let start = gnushogi::notation::parse_sfen(MATE_IN_5).unwrap();
    let end = mate.iter().fold(start, |p, m| play(&p, m).0);
    assert!(end.count_legal_moves() == 0 && end.in_check(), "{line}");
    u.send("quit");
    let (status, rest, _) = u.finish();
    assert!(status.success(), "{status:?}");
    rest.iter().for_each(|l| check_reply(l));
}
