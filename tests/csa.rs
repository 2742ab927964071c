//! The CSA protocol client (`--csa`) over the real binary, against the server of
//! `common/csa_server.rs` (loopback only), which judges every move and keeps the clocks as
//! shogi-server does. Each scenario checks what a tournament operator would: every move the
//! program sent was legal, it never lost on time, the game ended as the server said, the
//! record was saved with the server's times, and the clocks the program kept are the
//! server's. Fast controls keep them short: 1 s byoyomi, a few moves (`Max_Moves`).

use crate::common::csa_server::{Opponent, Played, Server, Setup};
use crate::common::{Driver, fresh_dir};
use gnushogi::files::record;
use gnushogi::rules::Color;
use std::path::Path;
use std::time::Duration;

/// How the program ended: its status, its output, its stderr.
struct Run {
    status: Option<i32>,
    out: String,
    err: String,
}

/// Runs the program against `server` in `dir` with `extra` options, to its end.
fn play(server: &Server, dir: &Path, extra: &[&str]) -> Run {
    play_on(server.port, dir, extra)
}

/// Runs the program against whatever listens on `port` of the loopback (maybe nothing).
fn play_on(port: u16, dir: &Path, extra: &[&str]) -> Run {
    let host = format!("127.0.0.1:{port}");
    let save = dir.to_str().expect("a UTF-8 path");
    let log = dir.join("csa.log");
    let mut args = vec![
        "--csa",
        &host,
        "--csa-id",
        "gnushogi",
        "--csa-password",
        "test-0-1",
        "--csa-save",
        save,
        "-T",
        "16",
    ];
    let log = log.to_str().expect("a UTF-8 path").to_string();
    args.extend(["--csa-log", &log]);
    args.extend(extra);
    let d = Driver::spawn(&args, dir, None, true);
    let (exit, out, err) = d.wait_text();
    assert!(!err.contains("panicked"), "{err}");
    Run { status: exit.code(), out, err }
}

/// A clock as the program prints it (`M:SS` or `M:SS.mmm`), in milliseconds.
fn clock_ms(text: &str) -> u64 {
    let (m, rest) = text.split_once(':').expect("M:SS");
    let (s, ms) = rest.split_once('.').unwrap_or((rest, "0"));
    let ms: u64 = format!("{ms:0<3}")[..3].parse().unwrap();
    m.parse::<u64>().unwrap() * 60_000 + s.parse::<u64>().unwrap() * 1000 + ms
}

/// Both clocks of the program's last move line (`... Black 0:55 White 1:00 ...`).
fn last_clocks(out: &str) -> [u64; 2] {
    let line = out.lines().rev().find(|l| l.contains(" Black ") && l.contains(" White "));
    let words: Vec<&str> = line.expect("a move line").split_whitespace().collect();
    let at = |w: &str| words.iter().position(|x| *x == w).expect("a clock") + 1;
    [clock_ms(words[at("Black")]), clock_ms(words[at("White")])]
}

/// The checks every finished game passes.
fn clean(p: &Played, run: &Run, dir: &Path) {
    let transcript = p.transcript.join("\n");
    assert_eq!(run.status, Some(0), "{}\n{}\n{transcript}", run.out, run.err);
    assert_eq!(p.illegal, 0, "{transcript}");
    assert!(!p.time_up, "lost on time:\n{transcript}");
    assert!(!p.result.is_empty(), "no result:\n{transcript}");
    // The clocks the program kept are the server's.
    assert_eq!(last_clocks(&run.out), p.left_ms, "{}\n{transcript}", run.out);
    // The record holds the moves with the server's times, and the result.
    let path = dir.join(format!("{}.csa", p.game_id));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let rec = record::csa::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(rec.moves.len(), p.resumed + p.moves.len(), "{text}");
    if p.seconds {
        let kept: Vec<String> = rec.moves[p.resumed..]
            .iter()
            .map(|m| m.time.map_or("?".into(), |t| t.as_secs().to_string()))
            .collect();
        let said: Vec<&str> = p.moves.iter().map(|m| m.rsplit_once(",T").unwrap().1).collect();
        assert_eq!(kept, said, "{text}");
    }
    let draw = p.result.iter().any(|l| l == "#CENSORED" || l == "#DRAW");
    let outcome = rec.outcome.unwrap_or_else(|| panic!("no result in the record:\n{text}"));
    assert_eq!(outcome.winner().is_none(), draw, "{text}");
}

fn one_game(setup: Setup, extra: &[&str]) -> (Played, Run, std::path::PathBuf) {
    let dir = fresh_dir("csa");
    let server = Server::start(vec![setup]);
    let run = play(&server, &dir, extra);
    let mut played = server.join();
    assert_eq!(played.len(), 1, "{}\n{}", run.out, run.err);
    (played.remove(0), run, dir)
}

#[test]
fn an_even_game_with_byoyomi() {
    let (p, run, dir) = one_game(Setup::even(), &[]);
    clean(&p, &run, &dir);
    let transcript = p.transcript.join("\n");
    assert!(transcript.contains("< LOGIN gnushogi test-0-1"), "{transcript}");
    assert!(transcript.contains(&format!("< AGREE {}", p.game_id)), "{transcript}");
    // floodgate's comment: a score and the expected line, in CSA.
    assert!(
        p.transcript.iter().any(|l| l.starts_with("< +") && l.contains(",'* ")),
        "{transcript}"
    );
    assert!(p.logout, "{transcript}");
    assert!(run.out.contains("playing Black (sente) against server"), "{}", run.out);
    assert!(run.out.contains("1 games played; score:"), "{}", run.out);
    // The raw lines are logged, the password hidden.
    let log = std::fs::read_to_string(dir.join("csa.log")).unwrap();
    assert!(log.contains("> LOGIN gnushogi *****") && !log.contains("test-0-1 "), "{log}");
    assert!(log.contains("< START:"), "{log}");
}

#[test]
fn a_handicap_game_the_giver_moving_first() {
    let setup = Setup {
        position: "PI82HI22KA\n-\n".into(),
        program: Color::White,
        max_moves: 12,
        ..Setup::even()
    };
    let (p, run, dir) = one_game(setup, &["--csa-kif"]);
    clean(&p, &run, &dir);
    assert!(p.moves[0].starts_with('-'), "{:?}", p.moves);
    let text = std::fs::read_to_string(dir.join(format!("{}.csa", p.game_id))).unwrap();
    assert!(text.contains("PI82HI22KA\n-\n"), "{text}");
    // The KIF asked for holds the same game.
    let kif = std::fs::read(dir.join(format!("{}.kif", p.game_id))).unwrap();
    let kif = record::read(&kif, record::Format::Kif).unwrap_or_else(|e| panic!("{e}"));
    let csa = record::csa::parse(&text).unwrap();
    assert_eq!(kif.start, csa.start);
    let moves = |r: &record::Record| r.moves.iter().map(|m| m.mv).collect::<Vec<_>>();
    assert_eq!(moves(&kif), moves(&csa));
}

#[test]
fn a_resumed_game_counts_the_time_already_used() {
    let setup = Setup {
        position: "PI\n+\n+7776FU,T5\n-3334FU,T7\n".into(),
        total: 60,
        max_moves: 10,
        ..Setup::even()
    };
    let (p, run, dir) = one_game(setup, &[]);
    clean(&p, &run, &dir);
    assert!(run.out.contains("resumed after 2 moves"), "{}", run.out);
    // Black began with 55 s, White with 53 s: what the server keeps, the program shows.
    assert!(p.left_ms[1] <= 53_000, "{:?}", p.left_ms);
}

#[test]
fn a_fischer_clock_in_milliseconds() {
    let setup = Setup {
        unit: Duration::from_millis(1),
        total: 6000,
        byoyomi: 0,
        increment: 500,
        program: Color::White,
        max_moves: 12,
        ..Setup::even()
    };
    let (p, run, dir) = one_game(setup, &[]);
    clean(&p, &run, &dir);
    assert!(run.out.contains("6 s + 0.5 s a move"), "{}", run.out);
}

/// Black's king has entered with ten pieces and 28 points: the program declares at once.
#[test]
fn a_declaration_wins_by_the_27_point_rule() {
    let board = "P1+HI+HI+KA+KA * +KI+KI+KI+KI\nP2 *  *  *  * +OU *  *  *  * \nP3+GI+GI *  *  *  *  *  *  * \n\
                 P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \n\
                 P7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  * -OU *  *  *  * \n\
                 P+00FU00FU\nP-00AL\n+\n";
    let setup = Setup { position: board.into(), ..Setup::even() };
    let (p, run, dir) = one_game(setup, &[]);
    assert!(p.transcript.iter().any(|l| l == "< %KACHI"), "{:?}", p.transcript);
    assert_eq!(p.result, ["%KACHI", "#JISHOGI", "#WIN"]);
    assert_eq!(run.status, Some(0), "{}", run.err);
    assert!(run.out.contains("game 1: won (#JISHOGI #WIN)"), "{}", run.out);
    let text = std::fs::read_to_string(dir.join(format!("{}.csa", p.game_id))).unwrap();
    assert!(text.trim_end().ends_with("%KACHI"), "{text}");
}

#[test]
fn a_slow_opponent_loses_on_time_while_the_program_ponders() {
    let setup = Setup { opponent: Opponent::Slow, byoyomi: 2, ..Setup::even() };
    let (p, run, dir) = one_game(setup, &["+a"]);
    clean(&p, &run, &dir);
    assert_eq!(p.result, ["#TIME_UP", "#WIN"]);
    assert!(run.out.contains("game 1: won (#TIME_UP #WIN)"), "{}", run.out);
    assert!(run.out.contains("score: 1 won, 0 lost, 0 drawn"), "{}", run.out);
}

/// The opponent thinks for long: the program says it is there with an empty line once 30 s
/// have passed since it last sent anything (no sooner), and the game goes on.
#[test]
fn a_keep_alive_while_the_opponent_thinks() {
    let dir = fresh_dir("csa-keep-alive");
    let config = dir.join("csa.toml");
    std::fs::write(&config, "[server]\nkeep_alive = 30\n").unwrap();
    let server = Server::start(vec![Setup {
        opponent: Opponent::Slow,
        total: 34,
        byoyomi: 0,
        ..Setup::even()
    }]);
    let run = play(&server, &dir, &["--csa-config", config.to_str().unwrap()]);
    let p = server.join().remove(0);
    clean(&p, &run, &dir);
    assert_eq!(p.keep_alives, 1, "{:?}", p.transcript);
    assert_eq!(p.result, ["#TIME_UP", "#WIN"]);
}

#[test]
fn a_dropped_connection_saves_the_game_as_far_as_it_went() {
    let setup = Setup { drop_after: Some(5), ..Setup::even() };
    let (p, run, dir) = one_game(setup, &[]);
    assert_eq!(run.status, Some(0), "{}\n{}", run.out, run.err);
    assert_eq!(p.illegal, 0);
    assert!(run.out.contains("game 1: interrupted"), "{}", run.out);
    let text = std::fs::read_to_string(dir.join(format!("{}.csa", p.game_id))).unwrap();
    let rec = record::csa::parse(&text).unwrap();
    assert_eq!(rec.moves.len(), p.moves.len(), "{text}");
    assert!(rec.outcome.is_none() && text.contains("'*interrupted"), "{text}");
}

#[test]
fn a_refused_login_is_retried_then_given_up() {
    let dir = fresh_dir("csa-refused");
    let config = dir.join("csa.toml");
    std::fs::write(&config, "[game]\nretries = 1\nretry_delay = 0\n").unwrap();
    let refused = Setup { refuse: true, ..Setup::even() };
    let server = Server::start(vec![refused.clone(), refused]);
    let run = play(&server, &dir, &["--csa-config", config.to_str().unwrap()]);
    let played = server.join();
    assert_eq!(played.len(), 2, "{}", run.err);
    assert!(played.iter().all(|p| p.game_id.is_empty()));
    assert_eq!(run.status, Some(1), "{}\n{}", run.out, run.err);
    assert!(
        run.err.contains("refused the login of gnushogi; giving up after 2 attempts"),
        "{}",
        run.err
    );
}

/// Nothing listens: the program tries again after 1 s, then 2 s (the pause doubles), then
/// gives up with status 1.
#[test]
fn a_server_that_cannot_be_reached_is_retried_with_a_growing_pause() {
    let dir = fresh_dir("csa-down");
    let config = dir.join("csa.toml");
    std::fs::write(&config, "[game]\nretries = 2\nretry_delay = 1\n").unwrap();
    // A port that was free a moment ago, and is closed now.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let run = play_on(port, &dir, &["--csa-config", config.to_str().unwrap()]);
    assert_eq!(run.status, Some(1), "{}\n{}", run.out, run.err);
    let tries: Vec<&str> = run.err.lines().filter(|l| l.contains("cannot connect")).collect();
    assert_eq!(tries.len(), 3, "{}", run.err);
    assert!(tries[0].ends_with("trying again in 1 s"), "{}", run.err);
    assert!(tries[1].ends_with("trying again in 2 s"), "{}", run.err);
    assert!(tries[2].ends_with("giving up after 3 attempts"), "{}", run.err);
}

/// `--csa-save` makes a missing folder (and its parents) and says so; a path that is there but
/// is no folder is refused before anything else, with status 2.
#[test]
fn the_records_folder_is_made_when_missing() {
    let dir = fresh_dir("csa-save");
    let config = dir.join("csa.toml");
    std::fs::write(&config, "[game]\nretries = 0\n").unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let records = dir.join("records").join("floodgate");
    let records = records.to_str().unwrap();
    let config = config.to_str().unwrap();
    let run = play_on(port, &dir, &["--csa-config", config, "--csa-save", records]);
    assert_eq!(run.status, Some(1), "{}\n{}", run.out, run.err);
    assert!(run.err.contains(&format!("made the folder {records}")), "{}", run.err);
    assert!(Path::new(records).is_dir());

    let file = dir.join("csa.toml");
    let run = play_on(port, &dir, &["--csa-config", config, "--csa-save", file.to_str().unwrap()]);
    assert_eq!(run.status, Some(2), "{}\n{}", run.out, run.err);
    assert!(run.err.contains("exists and is not a folder"), "{}", run.err);
}

/// A game the program cannot play (not shogi) is rejected with its id, and the reason told.
#[test]
fn a_game_that_cannot_be_played_is_rejected() {
    let dir = fresh_dir("csa-reject");
    let config = dir.join("csa.toml");
    std::fs::write(&config, "[game]\nretries = 0\n").unwrap();
    let server = Server::start(vec![Setup { format: "Chess 1.0", ..Setup::even() }]);
    let run = play(&server, &dir, &["--csa-config", config.to_str().unwrap()]);
    let played = server.join();
    assert_eq!(played.len(), 1, "{}", run.err);
    let p = &played[0];
    assert!(p.transcript.contains(&format!("< REJECT {}", p.game_id)), "{:?}", p.transcript);
    assert!(!p.transcript.iter().any(|l| l.starts_with("< AGREE")), "{:?}", p.transcript);
    assert!(run.err.contains("the game cannot be played: Format 'Chess 1.0'"), "{}", run.err);
    assert_eq!(run.status, Some(1), "{}\n{}", run.out, run.err);
    assert!(!dir.join(format!("{}.csa", p.game_id)).exists());
}

#[test]
fn two_games_in_a_row_each_on_a_new_login() {
    let dir = fresh_dir("csa-two");
    let first = Setup { max_moves: 6, ..Setup::even() };
    let second = Setup { program: Color::White, max_moves: 6, seed: 11, ..Setup::even() };
    let server = Server::start(vec![first, second]);
    let run = play(&server, &dir, &["--games", "2", "--quiet"]);
    let played = server.join();
    assert_eq!(played.len(), 2, "{}\n{}", run.out, run.err);
    for p in &played {
        assert_eq!(p.illegal, 0);
        assert!(!p.time_up);
        assert!(dir.join(format!("{}.csa", p.game_id)).exists());
    }
    assert_ne!(played[0].game_id, played[1].game_id);
    // Quiet: the results and the score, no moves.
    assert!(run.out.contains("2 games played; score: 0 won, 0 lost, 2 drawn"), "{}", run.out);
    assert!(!run.out.contains(" Black 0:"), "{}", run.out);
}

#[test]
fn an_illegal_move_from_the_server_is_refused_and_the_game_given_up() {
    let setup = Setup { opponent: Opponent::Garbage, ..Setup::even() };
    let (p, run, dir) = one_game(setup, &[]);
    assert_eq!(run.status, Some(0), "{}", run.err);
    assert_eq!(p.illegal, 0);
    assert!(run.err.contains("unreadable line from the server: 'BOGUS LINE'"), "{}", run.err);
    assert!(run.err.contains("is not legal here"), "{}", run.err);
    assert!(p.transcript.iter().any(|l| l == "< %TORYO"), "{:?}", p.transcript);
    assert!(dir.join(format!("{}.csa", p.game_id)).exists());
}
