//! Whole sessions of the CSA client in this process, without a socket: the client
//! (`protocol::csa`) on an in-process connection (`protocol::csa::local`), against the
//! server of `common/csa_server.rs` (it judges every move and keeps the clocks as
//! shogi-server does) through `run_on`, the series the program plays, or against a server
//! scripted line by line on [`Connection`] itself, for what a real server does once in a
//! while: a lost game, a verdict of time up, the opponent's declaration, a game rejected, the
//! connection gone at every step, a signal. Each server waits on the lines the client
//! sends (with a bound that only a failing test reaches), never on a sleep.

use crate::common::csa_server::{
    self, ENTERED, InProcess, MATED, Opponent, Played, Setup, summary,
};
use crate::common::driver::PATIENCE;
use crate::common::{SharedOut, fresh_dir};
use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::files::record::{self, Format, Record};
use gnushogi::game::{DrawReason, Outcome, WinReason};
use gnushogi::protocol::Event;
use gnushogi::protocol::csa::game::{Connection, Ended};
use gnushogi::protocol::csa::{FromClient, LocalServer, Options, Report, Score, local, run_on};
use gnushogi::rules::Color;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn engine() -> Engine {
    Engine::new(EngineOptions { hash_mib: 16, seed: Some(1), ..EngineOptions::default() })
}

/// The options of the binary's tests: `--csa-save DIR --csa-log DIR/csa.log`.
fn options(dir: &Path) -> Options {
    let mut o = Options::new("testserver", "gnushogi", "test-0-1").expect("a host");
    o.save_dir = Some(dir.to_path_buf());
    o.log = Some(dir.join("csa.log"));
    o
}

/// A series played against the in-process server: one connection a setup.
struct Series {
    status: ExitCode,
    out: String,
    /// The protocol log: the lines both ways, and every warning.
    log: String,
    played: Vec<Played>,
}

fn series(setups: Vec<Setup>, options: &Options) -> Series {
    let mut server = InProcess::new(setups);
    let out = SharedOut::default();
    let status = run_on(engine(), options, Box::new(out.clone()), || server.connect());
    let log = options.log.as_ref().and_then(|l| std::fs::read_to_string(l).ok());
    Series { status, out: out.since(0), log: log.unwrap_or_default(), played: server.join() }
}

/// One game to its end, with the checks every finished game passes.
fn one_game(setup: Setup, change: impl FnOnce(&mut Options)) -> (Played, Series, PathBuf) {
    let dir = fresh_dir("csa-session");
    let mut o = options(&dir);
    change(&mut o);
    let mut s = series(vec![setup], &o);
    assert_eq!(s.status, ExitCode::SUCCESS, "{}\n{}", s.out, s.log);
    assert_eq!(s.played.len(), 1, "{}", s.out);
    let p = s.played.remove(0);
    csa_server::clean(&p, &s.out, &dir);
    (p, s, dir)
}

fn saved(dir: &Path, game_id: &str) -> (String, Record) {
    let text = std::fs::read_to_string(dir.join(format!("{game_id}.csa"))).unwrap();
    let rec = record::csa::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    (text, rec)
}

// ----- against the server that judges -------------------------------------------------

#[test]
fn an_even_game_with_byoyomi() {
    let (p, s, _) = one_game(Setup::even(), |_| {});
    assert!(p.logout, "{:?}", p.transcript);
    // The result the server said, as the program says it.
    let how: Vec<&str> = p.result.iter().filter(|l| l.starts_with('#')).map(|l| &l[..]).collect();
    assert!(s.out.contains(&format!("({})", how.join(" "))), "{}\n{how:?}", s.out);
    assert!(s.out.contains("playing Black (sente) against server"), "{}", s.out);
    // floodgate's comment with each move: a score and the expected line.
    let commented = p.transcript.iter().any(|l| l.starts_with("< +") && l.contains(",'* "));
    assert!(commented, "{:?}", p.transcript);
    assert!(s.log.contains("> LOGIN gnushogi *****"), "{}", s.log);
}

#[test]
fn a_handicap_game_the_giver_moving_first_saved_in_kif_too() {
    let setup = Setup {
        position: "PI82HI22KA\n-\n".into(),
        program: Color::White,
        max_moves: 12,
        ..Setup::even()
    };
    let (p, _, dir) = one_game(setup, |o| o.formats = vec![Format::Csa, Format::Kif]);
    assert!(p.moves[0].starts_with('-'), "{:?}", p.moves);
    let (text, csa) = saved(&dir, &p.game_id);
    assert!(text.contains("PI82HI22KA\n-\n"), "{text}");
    let kif = std::fs::read(dir.join(format!("{}.kif", p.game_id))).unwrap();
    let kif = record::read(&kif, Format::Kif).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kif.start, csa.start);
    let moves = |r: &Record| r.moves.iter().map(|m| m.mv).collect::<Vec<_>>();
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
    let (p, s, _) = one_game(setup, |_| {});
    assert!(s.out.contains("resumed after 2 moves"), "{}", s.out);
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
    let (_, s, _) = one_game(setup, |_| {});
    assert!(s.out.contains("6 s + 0.5 s a move"), "{}", s.out);
}

#[test]
fn a_declaration_wins_by_the_27_point_rule() {
    let dir = fresh_dir("csa-session");
    let setup = Setup { position: ENTERED.into(), ..Setup::even() };
    let s = series(vec![setup], &options(&dir));
    let p = &s.played[0];
    assert!(p.transcript.iter().any(|l| l == "< %KACHI"), "{:?}", p.transcript);
    assert_eq!(p.result, ["%KACHI", "#JISHOGI", "#WIN"]);
    assert_eq!(s.status, ExitCode::SUCCESS);
    assert!(s.out.contains("game 1: won (#JISHOGI #WIN)"), "{}", s.out);
    let (text, rec) = saved(&dir, &p.game_id);
    assert!(text.trim_end().ends_with("%KACHI"), "{text}");
    let won = Outcome::Win { winner: Color::Black, reason: WinReason::Declaration };
    assert_eq!(rec.outcome, Some(won));
}

#[test]
fn a_slow_opponent_loses_on_time_while_the_program_ponders() {
    let setup = Setup { opponent: Opponent::Slow, byoyomi: 2, ..Setup::even() };
    let (p, s, _) = one_game(setup, |o| o.ponder = true);
    assert_eq!(p.result, ["#TIME_UP", "#WIN"]);
    assert!(s.out.contains("game 1: won (#TIME_UP #WIN)"), "{}", s.out);
    assert!(s.out.contains("score: 1 won, 0 lost, 0 drawn"), "{}", s.out);
}

/// The opponent thinks for long: the program says it is there with an empty line once a
/// second has passed since it last sent anything (so at most one a second), and the game
/// goes on to the opponent's loss on time.
#[test]
fn keep_alives_while_the_opponent_thinks() {
    let setup = Setup {
        opponent: Opponent::Slow,
        unit: Duration::from_millis(1),
        total: 2500,
        byoyomi: 0,
        ..Setup::even()
    };
    let (p, _, _) = one_game(setup, |o| o.keep_alive = Some(Duration::from_secs(1)));
    assert!((1..=3).contains(&p.keep_alives), "{:?}", p.transcript);
    assert_eq!(p.result, ["#TIME_UP", "#WIN"]);
}

#[test]
fn two_games_in_a_row_each_on_a_new_login() {
    let dir = fresh_dir("csa-session");
    let first = Setup { max_moves: 6, ..Setup::even() };
    let second = Setup { program: Color::White, max_moves: 6, seed: 11, ..Setup::even() };
    let mut o = options(&dir);
    (o.games, o.quiet) = (2, true);
    let s = series(vec![first, second], &o);
    assert_eq!(s.played.len(), 2, "{}", s.out);
    for p in &s.played {
        assert_eq!((p.illegal, p.time_up, p.logout), (0, false, true), "{:?}", p.transcript);
        assert!(p.login.as_deref() == Some("LOGIN gnushogi test-0-1"), "{:?}", p.login);
        assert!(dir.join(format!("{}.csa", p.game_id)).exists());
    }
    assert_ne!(s.played[0].game_id, s.played[1].game_id);
    assert_eq!(s.status, ExitCode::SUCCESS);
    assert!(s.out.contains("2 games played; score: 0 won, 0 lost, 2 drawn"), "{}", s.out);
    assert!(!s.out.contains(" Black 0:"), "{}", s.out);
}

#[test]
fn an_illegal_move_from_the_server_is_refused_and_the_game_given_up() {
    let dir = fresh_dir("csa-session");
    let setup = Setup { opponent: Opponent::Garbage, ..Setup::even() };
    let s = series(vec![setup], &options(&dir));
    let p = &s.played[0];
    assert_eq!(s.status, ExitCode::SUCCESS, "{}", s.log);
    assert_eq!(p.illegal, 0);
    assert!(s.log.contains("unreadable line from the server: 'BOGUS LINE'"), "{}", s.log);
    assert!(s.log.contains("is not legal here"), "{}", s.log);
    assert!(p.transcript.iter().any(|l| l == "< %TORYO"), "{:?}", p.transcript);
    assert_eq!(p.result, ["%TORYO", "#RESIGN", "#LOSE"]);
    assert!(s.out.contains("game 1: lost (#RESIGN #LOSE)"), "{}", s.out);
    let (_, rec) = saved(&dir, &p.game_id);
    assert!(rec.comments.iter().any(|c| c.contains("was refused")), "{:?}", rec.comments);
}

#[test]
fn the_connection_dropped_mid_game_saves_the_game_as_far_as_it_went() {
    let dir = fresh_dir("csa-session");
    let setup = Setup { drop_after: Some(5), ..Setup::even() };
    let s = series(vec![setup], &options(&dir));
    let p = &s.played[0];
    assert_eq!(s.status, ExitCode::SUCCESS, "{}", s.log);
    assert!(s.out.contains("game 1: interrupted (the server closed the connection)"), "{}", s.out);
    let (text, rec) = saved(&dir, &p.game_id);
    assert_eq!(rec.moves.len(), p.moves.len(), "{text}");
    assert!(rec.outcome.is_none() && text.contains("'*interrupted"), "{text}");
}

#[test]
fn a_refused_login_is_retried_then_given_up() {
    let dir = fresh_dir("csa-session");
    let mut o = options(&dir);
    (o.retries, o.retry_delay) = (1, Duration::ZERO);
    let refused = Setup { refuse: true, ..Setup::even() };
    let s = series(vec![refused.clone(), refused], &o);
    assert_eq!(s.played.len(), 2);
    assert!(s.played.iter().all(|p| p.game_id.is_empty()));
    assert_eq!(s.status, ExitCode::from(1));
    let giving_up = "refused the login of gnushogi; giving up after 2 attempts";
    assert!(s.log.contains(giving_up), "{}", s.log);
}

/// No server at all: each attempt fails, then the program gives up with status 1.
#[test]
fn a_connection_refused_is_retried_then_given_up() {
    let dir = fresh_dir("csa-session");
    let mut o = options(&dir);
    (o.retries, o.retry_delay) = (2, Duration::ZERO);
    let s = series(Vec::new(), &o);
    assert_eq!(s.status, ExitCode::from(1));
    let tries = s.log.lines().filter(|l| l.contains("cannot connect to testserver:4081")).count();
    assert_eq!(tries, 3, "{}", s.log);
    assert!(s.log.contains("giving up after 3 attempts"), "{}", s.log);
}

/// A game the program cannot play (not shogi) is rejected with its id, and the reason told.
#[test]
fn a_game_that_cannot_be_played_is_rejected() {
    let dir = fresh_dir("csa-session");
    let mut o = options(&dir);
    o.retries = 0;
    let s = series(vec![Setup { format: "Chess 1.0", ..Setup::even() }], &o);
    let p = &s.played[0];
    assert!(p.transcript.contains(&format!("< REJECT {}", p.game_id)), "{:?}", p.transcript);
    assert!(!p.transcript.iter().any(|l| l.starts_with("< AGREE")), "{:?}", p.transcript);
    assert!(s.log.contains("the game cannot be played: Format 'Chess 1.0'"), "{}", s.log);
    assert_eq!(s.status, ExitCode::from(1));
    assert!(!dir.join(format!("{}.csa", p.game_id)).exists());
}

// ----- against a scripted server --------------------------------------------------------

/// The server's side of a scripted session, run on a thread of its own.
struct Script {
    server: LocalServer,
    /// Where the client's signals go (the relay `Connection::new` was given).
    relay: Arc<Mutex<Option<Sender<Event>>>>,
    /// What the client prints, as it prints it, and what of it was looked at.
    said: Receiver<String>,
    heard: String,
    transcript: Vec<String>,
}

/// The client's output: kept, and sent on as it is written (what a script waits on).
struct Said {
    all: SharedOut,
    tx: Sender<String>,
}

impl Write for Said {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        let _ = self.tx.send(String::from_utf8_lossy(data).into_owned());
        self.all.write(data)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

const GAME_ID: &str = "scripted-game";

impl Script {
    /// The client's next line, which must begin with `start` (keep-alives are passed over).
    fn expect(&mut self, start: &str) -> String {
        loop {
            match self.server.recv(PATIENCE) {
                FromClient::Line(l) if l.is_empty() => continue,
                FromClient::Line(l) => {
                    self.transcript.push(format!("< {l}"));
                    assert!(l.starts_with(start), "{l:?}, not {start:?}: {:?}", self.transcript);
                    return l;
                }
                other => panic!("{other:?}, not {start:?}: {:?}", self.transcript),
            }
        }
    }

    fn send(&mut self, text: &str) {
        self.transcript.extend(text.lines().map(|l| format!("> {l}")));
        self.server.send(text);
    }

    /// The client's move, echoed with its time.
    fn echo(&mut self, side: &str, time: u32) -> String {
        let line = self.expect(side);
        let text = line.split(',').next().unwrap_or_default().to_string();
        self.send(&format!("{text},T{time}\n"));
        text
    }

    /// The login and the game's summary for `setup`, to its start.
    fn start(&mut self, setup: &Setup) {
        self.expect("LOGIN gnushogi ");
        self.send("LOGIN:gnushogi OK\n");
        self.send(&summary(setup, GAME_ID, "gnushogi"));
        self.expect(&format!("AGREE {GAME_ID}"));
        self.send(&format!("START:{GAME_ID}\n"));
    }

    /// The logout answered, and the connection closed. A move that crossed the verdict is
    /// passed over.
    fn logout(&mut self) {
        while self.expect("").starts_with(['+', '-']) {}
        assert_eq!(self.transcript.last().map(String::as_str), Some("< LOGOUT"));
        self.send("LOGOUT:completed\n");
        self.server.close();
    }

    /// Waits until the client has printed `text`.
    fn wait_said(&mut self, text: &str) {
        while !self.heard.contains(text) {
            match self.said.recv_timeout(PATIENCE) {
                Ok(more) => self.heard.push_str(&more),
                Err(e) => panic!("{e} before {text:?}: {}", self.heard),
            }
        }
        let after = self.heard.find(text).unwrap_or(0) + text.len();
        self.heard.drain(..after);
    }

    /// SIGTERM, as the program's signal handler relays it.
    fn terminate(&self) {
        let relay = self.relay.lock().unwrap();
        relay.as_ref().expect("a connection").send(Event::Terminate).unwrap();
    }
}

/// How a scripted session went.
struct Session {
    ended: Ended,
    out: String,
    log: String,
    dir: PathBuf,
    transcript: Vec<String>,
}

impl Session {
    fn record(&self) -> Record {
        saved(&self.dir, GAME_ID).1
    }
}

fn scripted(script: impl FnOnce(&mut Script) + Send + 'static) -> Session {
    let dir = fresh_dir("csa-scripted");
    let options = options(&dir);
    let (client, server) = local();
    let relay = Arc::new(Mutex::new(None));
    let shared = relay.clone();
    let (tx, said) = channel();
    let thread = std::thread::spawn(move || {
        let heard = String::new();
        let mut s = Script { server, relay: shared, said, heard, transcript: Vec::new() };
        script(&mut s);
        s.transcript
    });
    let out = SharedOut::default();
    let mut report = Report::new(Box::new(Said { all: out.clone(), tx }), &options).unwrap();
    let set = |sender: Option<Sender<Event>>| *relay.lock().unwrap() = sender;
    let mut connection = Connection::new(client, engine(), &options, &mut report, &set).unwrap();
    let ended = connection.run();
    drop(connection.into_engine());
    let transcript = thread.join().expect("the script ran to its end");
    let log = std::fs::read_to_string(dir.join("csa.log")).unwrap_or_default();
    Session { ended, out: out.since(0), log, dir, transcript }
}

#[test]
fn a_lost_game_the_program_mated_resigns() {
    let s = scripted(|s| {
        s.start(&Setup { position: MATED.into(), ..Setup::even() });
        s.expect("%TORYO");
        s.send("%TORYO\n#RESIGN\n#LOSE\n");
        s.logout();
    });
    assert!(matches!(s.ended, Ended::Played(Score::Lost)), "{:?}", s.ended);
    assert!(s.out.contains("game 1: lost (#RESIGN #LOSE) after 0 moves"), "{}", s.out);
    let lost = Outcome::Win { winner: Color::White, reason: WinReason::Resignation };
    assert_eq!(s.record().outcome, Some(lost));
}

#[test]
fn a_verdict_of_time_up_against_the_program() {
    let s = scripted(|s| {
        s.start(&Setup::even());
        s.echo("+", 1);
        s.send("-3334FU,T1\n");
        // The server says the program's time ran out before its next move.
        s.send("#TIME_UP\n#LOSE\n");
        s.logout();
    });
    assert!(matches!(s.ended, Ended::Played(Score::Lost)), "{:?}", s.ended);
    let rec = s.record();
    assert_eq!(rec.moves.len(), 2);
    assert_eq!(rec.outcome, Some(Outcome::Win { winner: Color::White, reason: WinReason::Time }));
}

#[test]
fn a_win_by_the_opponents_resignation() {
    let s = scripted(|s| {
        s.start(&Setup { program: Color::White, ..Setup::even() });
        s.send("+7776FU,T2\n");
        s.echo("-", 1);
        s.send("%TORYO,T4\n#RESIGN\n#WIN\n");
        s.logout();
    });
    assert!(matches!(s.ended, Ended::Played(Score::Won)), "{:?}", s.ended);
    assert!(s.out.contains("game 1: won (#RESIGN #WIN) after 2 moves"), "{}", s.out);
    let rec = s.record();
    let won = Outcome::Win { winner: Color::White, reason: WinReason::Resignation };
    assert_eq!(rec.outcome, Some(won));
    assert_eq!(rec.moves[0].time, Some(Duration::from_secs(2)));
}

#[test]
fn the_opponents_declaration_loses_the_game() {
    let s = scripted(|s| {
        s.start(&Setup::even());
        s.echo("+", 1);
        s.send("%KACHI\n#JISHOGI\n#LOSE\n");
        s.logout();
    });
    assert!(matches!(s.ended, Ended::Played(Score::Lost)), "{:?}", s.ended);
    let lost = Outcome::Win { winner: Color::White, reason: WinReason::Declaration };
    assert_eq!(s.record().outcome, Some(lost));
}

#[test]
fn a_draw_by_repetition() {
    let s = scripted(|s| {
        s.start(&Setup::even());
        s.echo("+", 1);
        s.send("#SENNICHITE\n#DRAW\n");
        s.logout();
    });
    assert!(matches!(s.ended, Ended::Played(Score::Drawn)), "{:?}", s.ended);
    assert_eq!(s.record().outcome, Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn a_refused_login_ends_the_connection() {
    let s = scripted(|s| {
        s.expect("LOGIN gnushogi test-0-1");
        s.send("LOGIN:incorrect\n");
    });
    assert!(matches!(s.ended, Ended::Refused), "{:?}", s.ended);
}

#[test]
fn a_game_the_opponent_rejects() {
    let s = scripted(|s| {
        s.expect("LOGIN ");
        s.send("LOGIN:gnushogi OK\n");
        s.send(&summary(&Setup::even(), GAME_ID, "gnushogi"));
        s.expect("AGREE ");
        s.send(&format!("REJECT:{GAME_ID} by server\n"));
    });
    let Ended::NoGame(why) = &s.ended else { panic!("{:?}", s.ended) };
    assert_eq!(why, &format!("game {GAME_ID} rejected by server"));
    assert!(!s.dir.join(format!("{GAME_ID}.csa")).exists());
}

/// The server goes away before a game, halfway through its summary, after `AGREE`: no game,
/// and the reason.
#[test]
fn the_server_gone_before_the_game() {
    let steps: [fn(&mut Script); 3] = [
        |s| {
            s.expect("LOGIN ");
            s.send("LOGIN:gnushogi OK\n");
        },
        |s| {
            s.expect("LOGIN ");
            s.send("LOGIN:gnushogi OK\nBEGIN Game_Summary\nProtocol_Version:1.2\n");
        },
        |s| {
            s.expect("LOGIN ");
            s.send("LOGIN:gnushogi OK\n");
            s.send(&summary(&Setup::even(), GAME_ID, "gnushogi"));
            s.expect("AGREE ");
        },
    ];
    for step in steps {
        let s = scripted(move |s| {
            step(s);
            s.server.close();
        });
        let Ended::NoGame(why) = &s.ended else { panic!("{:?}", s.ended) };
        assert_eq!(why, "the server closed the connection", "{:?}", s.transcript);
    }
}

/// The connection closes while the program's move waits for its echo: the record holds the
/// game as the server had it, and says so.
#[test]
fn the_server_gone_before_echoing_the_programs_move() {
    let s = scripted(|s| {
        s.start(&Setup::even());
        s.expect("+");
        s.server.close();
    });
    assert!(matches!(s.ended, Ended::Played(Score::Interrupted)), "{:?}", s.ended);
    assert!(s.out.contains("interrupted (the server closed the connection)"), "{}", s.out);
    let rec = s.record();
    assert!(rec.moves.is_empty() && rec.outcome.is_none());
    assert!(rec.comments.iter().any(|c| c.ends_with("was sent, and not answered")), "{rec:?}");
}

/// The server closes after its verdict without answering `LOGOUT`: the game stands.
#[test]
fn no_answer_to_the_logout() {
    let s = scripted(|s| {
        s.start(&Setup::even());
        s.echo("+", 1);
        s.send("%TORYO,T1\n#RESIGN\n#WIN\n");
        s.expect("LOGOUT");
        s.server.close();
    });
    assert!(matches!(s.ended, Ended::Played(Score::Won)), "{:?}", s.ended);
}

#[test]
fn a_signal_mid_game_saves_the_game() {
    let s = scripted(|s| {
        s.start(&Setup { program: Color::White, ..Setup::even() });
        s.send("+7776FU,T2\n");
        let echoed = s.echo("-", 1);
        // Once the client has taken the echo, SIGTERM.
        s.wait_said(&format!("2. {echoed} "));
        s.terminate();
        // The program goes without a word: the connection closes.
        assert_eq!(s.server.recv(PATIENCE), FromClient::Closed);
    });
    assert!(matches!(s.ended, Ended::Stopped), "{:?}", s.ended);
    assert!(s.out.contains("game 1: interrupted (stopped by a signal)"), "{}", s.out);
    let rec = s.record();
    assert_eq!(rec.moves.len(), 2);
    assert!(rec.comments.iter().any(|c| c.contains("interrupted: stopped by a signal")), "{rec:?}");
}

#[test]
fn a_signal_while_waiting_for_a_game_logs_out() {
    let s = scripted(|s| {
        s.expect("LOGIN ");
        s.send("LOGIN:gnushogi OK\n");
        s.wait_said("logged in as gnushogi; waiting for a game");
        s.terminate();
        s.logout();
    });
    assert!(matches!(s.ended, Ended::Stopped), "{:?}", s.ended);
}

/// A server that says something else for the program's move, or a move of the program's
/// never sent: it is told, and the game goes on as the program played it.
#[test]
fn echoes_that_do_not_match() {
    let s = scripted(|s| {
        s.start(&Setup::even());
        let sent = s.expect("+");
        let other = if sent.starts_with("+2726FU") { "+7776FU" } else { "+2726FU" };
        s.send(&format!("{other},T1\n"));
        s.send("+5958OU,T1\n");
        s.send("-3334FU,T1\n");
        s.echo("+", 1);
        s.send("#MAX_MOVES\n#CENSORED\n");
        s.logout();
    });
    assert!(matches!(s.ended, Ended::Played(Score::Drawn)), "{:?}", s.ended);
    assert!(s.log.contains("the server echoes '+"), "{}", s.log);
    assert!(s.log.contains("'+5958OU,T1', a move of ours never sent"), "{}", s.log);
    assert_eq!(s.record().moves.len(), 3);
}
