//! The CSA protocol client (`--csa`) over the real binary and TCP, against the server of
//! `common/csa_server.rs` on the loopback, which judges every move and keeps the clocks as
//! shogi-server does: what only the binary and a socket show (the options, the exit status,
//! the connection refused, the connection dropped, the log with its password hidden). The
//! sessions themselves, every way a game goes, are played in-process, without a socket
//! (`csa_session.rs`).

use crate::common::csa_server::{self, Played, Server, Setup};
use crate::common::{Driver, fresh_dir};
use gnushogi::files::record;
use gnushogi::rules::Color;
use std::path::Path;

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

/// The checks every finished game passes, and a status of 0.
fn clean(p: &Played, run: &Run, dir: &Path) {
    assert_eq!(run.status, Some(0), "{}\n{}\n{}", run.out, run.err, p.transcript.join("\n"));
    csa_server::clean(p, &run.out, dir);
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
    let (p, run, dir) = one_game(Setup::even(), &["--csa-kif"]);
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
    // The KIF asked for holds the same game.
    let text = std::fs::read_to_string(dir.join(format!("{}.csa", p.game_id))).unwrap();
    let kif = std::fs::read(dir.join(format!("{}.kif", p.game_id))).unwrap();
    let kif = record::read(&kif, record::Format::Kif).unwrap_or_else(|e| panic!("{e}"));
    let csa = record::csa::parse(&text).unwrap();
    let moves = |r: &record::Record| r.moves.iter().map(|m| m.mv).collect::<Vec<_>>();
    assert_eq!(moves(&kif), moves(&csa));
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
