//! A CSA server for the tests, on the loopback only, that speaks the protocol as shogi-server
//! does (its lines are shogi-server's: `LOGIN:name OK`, the Game_Summary of game.rb,
//! `START:id`, the move echoed with its time `+7776FU,T3`, the result lines of
//! game_result.rb), judges every move with the crate's rules and keeps both clocks as
//! shogi-server's ChessClock does: a move's time is cut to whole units, and a side whose
//! time runs out loses (`#TIME_UP`). Its own side plays legal moves drawn from a fixed seed
//! at once, or never moves (a slow opponent), and the connection may be dropped after some
//! moves.
//!
//! The same server runs over the loopback ([`Server`], for the real binary) or inside this
//! process ([`InProcess`], each connection a [`local`] pair of channels): it waits on what
//! the client sends, never on a sleep. Every wait is bounded ([`PATIENCE`]); a connection
//! that never comes ends the server with what it has.

use super::Rng;
use super::driver::PATIENCE;
use gnushogi::files::record;
use gnushogi::game::{DrawReason, Game, GameRules, Outcome, WinReason};
use gnushogi::notation::csa::{format_csa_move, parse_csa_move};
use gnushogi::protocol::csa::{FromClient, LocalServer, local};
use gnushogi::rules::{Color, EnteringKingRule, MoveList};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Black's king has entered with ten pieces and 28 points: the program declares at once.
pub const ENTERED: &str = "P1+HI+HI+KA+KA * +KI+KI+KI+KI\nP2 *  *  *  * +OU *  *  *  * \n\
    P3+GI+GI *  *  *  *  *  *  * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \n\
    P6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \n\
    P9 *  *  *  * -OU *  *  *  * \nP+00FU00FU\nP-00AL\n+\n";

/// Black to move is mated: a White gold on 5h, held by a pawn, against the king on 5i.
pub const MATED: &str = "P1 *  *  *  * -OU *  *  *  * \nP2 *  *  *  *  *  *  *  *  * \n\
    P3 *  *  *  *  *  *  *  *  * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \n\
    P6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  * -FU *  *  *  * \nP8 *  *  *  * -KI *  *  *  * \n\
    P9 *  *  *  * +OU *  *  *  * \n+\n";

/// How the server's own side plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// A legal move drawn at random, after thinking this long.
    Quick(Duration),
    /// Never moves: it loses on time.
    Slow,
    /// Sends a line no one can read, then a move that is not legal.
    Garbage,
}

/// One connection's game, as the server proposes it.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The Position block: `PI`, a handicap's `PI82HI…`, or the rows, then the side to move
    /// and any moves already played (`+7776FU,T5`).
    pub position: String,
    /// The side the program plays.
    pub program: Color,
    /// `Time_Unit`, and the times in it: total, byoyomi, increment.
    pub unit: Duration,
    pub total: u64,
    pub byoyomi: u64,
    pub increment: u64,
    pub max_moves: u32,
    pub opponent: Opponent,
    /// The connection is closed once the game has this many moves.
    pub drop_after: Option<usize>,
    /// The login is refused (`LOGIN:incorrect`).
    pub refuse: bool,
    /// The summary's `Format` (shogi-server's is `Shogi 1.0`).
    pub format: &'static str,
    pub seed: u64,
}

impl Setup {
    /// An even game from the start, the program Black, 1 s byoyomi, 16 moves at most.
    pub fn even() -> Setup {
        Setup {
            position: "PI\n+\n".into(),
            program: Color::Black,
            unit: Duration::from_secs(1),
            total: 0,
            byoyomi: 1,
            increment: 0,
            max_moves: 16,
            opponent: Opponent::Quick(Duration::from_millis(20)),
            drop_after: None,
            refuse: false,
            format: "Shogi 1.0",
            seed: 7,
        }
    }
}

/// What happened on one connection.
#[derive(Clone, Debug, Default)]
pub struct Played {
    pub login: Option<String>,
    pub game_id: String,
    /// Every line both ways: `> ` what the server sent, `< ` what it received.
    pub transcript: Vec<String>,
    /// The moves as echoed, with their time figure.
    pub moves: Vec<String>,
    /// The program's moves the rules refused.
    pub illegal: usize,
    /// The program lost on time.
    pub time_up: bool,
    /// The result lines sent to the program (`#RESIGN #WIN`: its result).
    pub result: Vec<String>,
    /// Each side's time left at the end, by the server's clock, in milliseconds.
    pub left_ms: [u64; 2],
    /// Keep-alive lines received.
    pub keep_alives: usize,
    /// `LOGOUT` came.
    pub logout: bool,
    /// Moves played before the game (a resumed game's).
    pub resumed: usize,
    /// The time unit was the second.
    pub seconds: bool,
}

/// The server inside this process: each connection the client makes ([`InProcess::connect`],
/// the `connect` of `protocol::csa::run_on`) is served on a thread of its own by the next
/// setup; once they are all used, a connection is refused.
pub struct InProcess {
    setups: std::collections::VecDeque<Setup>,
    served: Vec<JoinHandle<Played>>,
}

impl InProcess {
    pub fn new(setups: Vec<Setup>) -> InProcess {
        InProcess { setups: setups.into(), served: Vec::new() }
    }

    pub fn connect(&mut self) -> std::io::Result<gnushogi::protocol::csa::Local> {
        let refused = std::io::ErrorKind::ConnectionRefused;
        let setup = self.setups.pop_front().ok_or(refused)?;
        let (client, server) = local();
        let n = self.served.len() + 1;
        self.served.push(std::thread::spawn(move || serve(Box::new(server), &setup, n)));
        Ok(client)
    }

    /// What each connection came to.
    pub fn join(self) -> Vec<Played> {
        self.served.into_iter().map(|t| t.join().expect("the server did not panic")).collect()
    }
}

/// A server on a port of the loopback that serves one connection for each setup, in order.
pub struct Server {
    pub port: u16,
    thread: JoinHandle<Vec<Played>>,
}

impl Server {
    pub fn start(setups: Vec<Setup>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port on the loopback");
        let port = listener.local_addr().expect("bound").port();
        listener.set_nonblocking(true).expect("non-blocking accept");
        let thread = std::thread::spawn(move || {
            let mut played = Vec::new();
            for (n, setup) in setups.into_iter().enumerate() {
                let Some(stream) = accept(&listener) else { break };
                played.push(serve(Box::new(Tcp::new(stream)), &setup, n + 1));
            }
            played
        });
        Server { port, thread }
    }

    /// What each connection came to, once all were served (or none came in time).
    pub fn join(self) -> Vec<Played> {
        self.thread.join().expect("the server did not panic")
    }
}

fn accept(listener: &TcpListener) -> Option<TcpStream> {
    let deadline = Instant::now() + PATIENCE;
    while Instant::now() < deadline {
        match listener.accept() {
            Ok((s, _)) => {
                s.set_nonblocking(false).ok()?;
                return Some(s);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(_) => return None,
        }
    }
    None
}

/// One connection as the server sees it: the client's lines, and the way back.
trait Wire: Send {
    fn get(&mut self, wait: Duration) -> Got;
    fn put(&mut self, text: &str);
    fn close(&mut self);
}

enum Got {
    Line(String),
    Timeout,
    Closed,
}

/// A TCP connection, its lines read on a thread of their own.
struct Tcp {
    rx: Receiver<String>,
    out: TcpStream,
}

impl Tcp {
    fn new(stream: TcpStream) -> Tcp {
        let (tx, rx) = channel();
        let out = stream.try_clone().expect("a second handle");
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines() {
                let Ok(line) = line else { return };
                if tx.send(line.trim_end_matches('\r').to_string()).is_err() {
                    return;
                }
            }
        });
        Tcp { rx, out }
    }
}

impl Wire for Tcp {
    fn get(&mut self, wait: Duration) -> Got {
        match self.rx.recv_timeout(wait) {
            Ok(l) => Got::Line(l),
            Err(RecvTimeoutError::Timeout) => Got::Timeout,
            Err(RecvTimeoutError::Disconnected) => Got::Closed,
        }
    }

    fn put(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes()).and_then(|()| self.out.flush());
    }

    fn close(&mut self) {
        let _ = self.out.shutdown(std::net::Shutdown::Both);
    }
}

impl Wire for LocalServer {
    fn get(&mut self, wait: Duration) -> Got {
        match self.recv(wait) {
            FromClient::Line(l) => Got::Line(l),
            FromClient::Timeout => Got::Timeout,
            FromClient::Closed => Got::Closed,
        }
    }

    fn put(&mut self, text: &str) {
        self.send(text);
    }

    fn close(&mut self) {
        LocalServer::close(self);
    }
}

/// The connection's lines both ways, into the transcript.
struct Lines {
    wire: Box<dyn Wire>,
}

impl Lines {
    fn get(&mut self, wait: Duration, p: &mut Played) -> Got {
        let got = self.wire.get(wait);
        if let Got::Line(l) = &got {
            p.transcript.push(format!("< {l}"));
        }
        got
    }

    fn send(&mut self, text: &str, p: &mut Played) {
        for l in text.lines() {
            p.transcript.push(format!("> {l}"));
        }
        self.wire.put(text);
    }
}

/// The Game_Summary shogi-server sends for `s`, the game `id` proposed to `name`.
pub fn summary(s: &Setup, id: &str, name: &str) -> String {
    let turn = if s.program == Color::Black { "+" } else { "-" };
    let names = if s.program == Color::Black { (name, "server") } else { ("server", name) };
    let unit = if s.unit == Duration::from_millis(1) { "1msec" } else { "1sec" };
    let side_to_move = if s.position.lines().any(|l| l == "-") { "-" } else { "+" };
    format!(
        "BEGIN Game_Summary\nProtocol_Version:1.2\nProtocol_Mode:Server\nFormat:{}\n\
         Declaration:Jishogi 1.1\nGame_ID:{id}\nName+:{}\nName-:{}\nYour_Turn:{turn}\n\
         Rematch_On_Draw:NO\nTo_Move:{side_to_move}\nMax_Moves:{}\nBEGIN Time\nTime_Unit:{unit}\n\
         Total_Time:{}\nByoyomi:{}\nIncrement:{}\nLeast_Time_Per_Move:0\nEND Time\n\
         BEGIN Position\n{}END Position\nEND Game_Summary\n",
        s.format, names.0, names.1, s.max_moves, s.total, s.byoyomi, s.increment, s.position
    )
}

/// shogi-server's clock: whole units, cut; a side loses once its time less the move's plus
/// byoyomi and increment is not above zero.
struct Clock {
    unit: Duration,
    left: [u64; 2],
    byoyomi: u64,
    increment: u64,
}

impl Clock {
    fn units(&self, elapsed: Duration) -> u64 {
        (elapsed.as_nanos() / self.unit.as_nanos()) as u64
    }

    /// Charges `side` for a move that took `elapsed`: its time figure, or `None` when its
    /// time ran out.
    fn charge(&mut self, side: Color, elapsed: Duration) -> Option<u64> {
        let t = self.units(elapsed);
        let left = &mut self.left[side.index()];
        if (*left + self.byoyomi + self.increment) <= t {
            return None;
        }
        *left = (*left + self.increment).saturating_sub(t);
        Some(t)
    }

    /// How long `side` may take before it loses.
    fn allowed(&self, side: Color) -> Duration {
        self.unit * (self.left[side.index()] + self.byoyomi + self.increment) as u32
    }
}

fn serve(wire: Box<dyn Wire>, s: &Setup, n: usize) -> Played {
    let mut p = Played::default();
    let mut io = Lines { wire };
    let Got::Line(login) = io.get(PATIENCE, &mut p) else { return p };
    p.login = Some(login.clone());
    let name = login.split_whitespace().nth(1).unwrap_or("").to_string();
    if s.refuse || !login.starts_with("LOGIN ") {
        io.send("LOGIN:incorrect\n", &mut p);
        return p;
    }
    io.send(&format!("LOGIN:{name} OK\n"), &mut p);
    let id = format!("testserver+test-{}-{}+{n}", s.total, s.byoyomi);
    p.game_id = id.clone();
    io.send(&summary(s, &id, &name), &mut p);
    match io.get(PATIENCE, &mut p) {
        Got::Line(l) if l == format!("AGREE {id}") => {}
        _ => {
            io.send(&format!("REJECT:{id} by {name}\n"), &mut p);
            return p;
        }
    }
    io.send(&format!("START:{id}\n"), &mut p);
    let rec = record::csa::parse(&s.position).expect("the setup's position");
    let rules = GameRules {
        move_limit: None,
        impasse_from_ply: usize::MAX,
        entering_king: EnteringKingRule::Points27,
    };
    let mut game = Game::with_rules(rec.start.clone(), rules);
    let mut clock =
        Clock { unit: s.unit, left: [s.total; 2], byoyomi: s.byoyomi, increment: s.increment };
    p.resumed = rec.moves.len();
    p.seconds = s.unit == Duration::from_secs(1);
    for m in &rec.moves {
        let side = game.position().side_to_move();
        let t = m.time.map_or(0, |d| d.as_millis() as u64 / 1000);
        clock.left[side.index()] = clock.left[side.index()].saturating_sub(t);
        game.play_unchecked(m.mv);
    }
    let mut rng = Rng(s.seed);
    let mut started = Instant::now();
    let result: &str = loop {
        if s.drop_after.is_some_and(|d| game.ply() >= d) {
            break "";
        }
        let side = game.position().side_to_move();
        if side != s.program {
            match s.opponent {
                Opponent::Slow => {
                    // Keep-alives are answered while the clock runs out.
                    let until = started + clock.allowed(side);
                    loop {
                        let wait = until.saturating_duration_since(Instant::now());
                        match io.get(wait, &mut p) {
                            Got::Line(l) if l.is_empty() => {
                                p.keep_alives += 1;
                                io.send("\n", &mut p);
                            }
                            Got::Line(_) => {}
                            Got::Timeout | Got::Closed => break,
                        }
                    }
                    break "#TIME_UP\n#WIN\n";
                }
                Opponent::Garbage => {
                    io.send("BOGUS LINE\n", &mut p);
                    let sign = if side == Color::Black { '+' } else { '-' };
                    io.send(&format!("{sign}5554FU,T0\n"), &mut p);
                    // The program gives the game up.
                    match io.get(PATIENCE, &mut p) {
                        Got::Line(l) if l.starts_with("%TORYO") => break "%TORYO\n#RESIGN\n#LOSE\n",
                        _ => break "",
                    }
                }
                Opponent::Quick(think) => {
                    std::thread::sleep(think);
                    let mut list = MoveList::new();
                    game.position().legal_moves(&mut list);
                    let moves = list.to_vec();
                    if moves.is_empty() {
                        break "%TORYO\n#RESIGN\n#WIN\n";
                    }
                    let m = moves[rng.below(moves.len())];
                    let text = format_csa_move(game.position(), m);
                    let t =
                        clock.charge(side, started.elapsed()).expect("the server's side in time");
                    game.play_unchecked(m);
                    p.moves.push(format!("{text},T{t}"));
                    io.send(&format!("{text},T{t}\n"), &mut p);
                    started = Instant::now();
                }
            }
        } else {
            let wait = clock.allowed(side).saturating_sub(started.elapsed());
            let line = match io.get(wait + Duration::from_millis(50), &mut p) {
                Got::Line(l) => l,
                Got::Timeout => {
                    p.time_up = true;
                    break "#TIME_UP\n#LOSE\n";
                }
                Got::Closed => break "",
            };
            let elapsed = started.elapsed();
            if line.is_empty() {
                p.keep_alives += 1;
                io.send("\n", &mut p);
                continue;
            }
            if line.starts_with("%TORYO") {
                break "%TORYO\n#RESIGN\n#LOSE\n";
            }
            if line.starts_with("%KACHI") {
                if game.position().can_declare_win_by(EnteringKingRule::Points27) {
                    break "%KACHI\n#JISHOGI\n#WIN\n";
                }
                p.illegal += 1;
                break "%KACHI\n#ILLEGAL_MOVE\n#LOSE\n";
            }
            let text = line.split(',').next().unwrap_or("");
            let legal = parse_csa_move(text)
                .and_then(|c| c.to_move(game.position()).ok())
                .filter(|&m| game.position().is_legal(m));
            let Some(m) = legal else {
                p.illegal += 1;
                break "#ILLEGAL_MOVE\n#LOSE\n";
            };
            let Some(t) = clock.charge(side, elapsed) else {
                p.time_up = true;
                break "#TIME_UP\n#LOSE\n";
            };
            game.play_unchecked(m);
            p.moves.push(format!("{text},T{t}"));
            io.send(&format!("{text},T{t}\n"), &mut p);
            started = Instant::now();
        }
        match game.outcome() {
            Some(Outcome::Draw(DrawReason::Repetition)) => break "#SENNICHITE\n#DRAW\n",
            Some(Outcome::Win { winner, reason: WinReason::PerpetualCheck }) => {
                break if winner == s.program {
                    "#OUTE_SENNICHITE\n#WIN\n"
                } else {
                    "#OUTE_SENNICHITE\n#LOSE\n"
                };
            }
            _ => {}
        }
        if game.ply() >= s.max_moves as usize {
            break "#MAX_MOVES\n#CENSORED\n";
        }
    };
    p.left_ms = clock.left.map(|l| (clock.unit * l as u32).as_millis() as u64);
    if result.is_empty() {
        // Dropped: the server goes away mid-game.
        io.wire.close();
        return p;
    }
    p.result = result.lines().map(String::from).collect();
    io.send(result, &mut p);
    // shogi-server closes a CSA-mode connection after the game; a LOGOUT may come first.
    // A move the program sent as the result crossed it may still arrive before it; the
    // program logs out after every verdict, so the wait ends on its LOGOUT or its close.
    let until = Instant::now() + PATIENCE;
    while let Some(wait) = until.checked_duration_since(Instant::now()) {
        match io.get(wait, &mut p) {
            Got::Line(l) if l == "LOGOUT" => {
                p.logout = true;
                io.send("LOGOUT:completed\n", &mut p);
                break;
            }
            Got::Line(l) if l.starts_with(['+', '-']) || l.is_empty() => continue,
            _ => break,
        }
    }
    io.wire.close();
    p
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

/// The checks every finished game passes, from what the server saw, what the program
/// printed (`out`) and the record it saved in `dir`: every move legal, none lost on time, a
/// result, the clocks the program kept the server's, and the record the game with the
/// server's times and its result.
pub fn clean(p: &Played, out: &str, dir: &std::path::Path) {
    let transcript = p.transcript.join("\n");
    assert_eq!(p.illegal, 0, "{transcript}");
    assert!(!p.time_up, "lost on time:\n{transcript}");
    assert!(!p.result.is_empty(), "no result:\n{transcript}");
    assert_eq!(last_clocks(out), p.left_ms, "{out}\n{transcript}");
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
