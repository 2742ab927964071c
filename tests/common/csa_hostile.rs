//! A hostile CSA server for the fuzz tests (`tests/fuzz_protocols.rs`), in this process. It
//! plays the protocol on what the client sends, as a real server would (the login answered,
//! a Game_Summary, `START` on `AGREE`, each move of the client echoed and answered with a
//! legal move of its own, a verdict once the plan's moves are played, the logout answered),
//! but a [`Plan`] bends each line it says: junk before it, bytes no reader expects, the line
//! dropped or garbled, a wait for the client's next line first, or the connection closed
//! there. It waits only on the client's lines: the client sends a keep-alive every few
//! milliseconds, so a wait for a line the client will not send ends after a few of those.
//!
//! [`check_log`] replays the client's own log (the lines as it took them and as it sent
//! them, in its order) and says whether every move it sent was legal in its game.

use super::Rng;
use super::csa_server::{ENTERED, MATED, Setup, summary};
use super::driver::PATIENCE;
use super::fuzz::{Mutation, apply};
use gnushogi::files::record;
use gnushogi::game::Game;
use gnushogi::notation::csa::{format_csa_move, parse_csa_move};
use gnushogi::notation::to_sfen;
use gnushogi::play::MAX_LINE;
use gnushogi::protocol::csa::message::{Message, parse_line};
use gnushogi::protocol::csa::summary::{GameSummary, SummaryReader};
use gnushogi::protocol::csa::{FromClient, LocalServer};
use gnushogi::rules::{Color, EnteringKingRule, MoveList, Position};
use std::collections::BTreeMap;
use std::time::Duration;

/// How a session goes: which game, how many moves, the server's own moves, whether the
/// client ponders, and what becomes of the lines the server says: the edits of some, and
/// the one where the connection is closed instead. The lines are numbered from 0 (the
/// answer to `LOGIN`, the Game_Summary from 1) to `START`, which is [`GAME`], the game's
/// lines after it.
#[derive(Clone, Debug)]
pub struct Plan {
    pub setup: usize,
    pub plies: usize,
    pub seed: u64,
    pub ponder: bool,
    pub edits: Vec<(usize, Act)>,
    pub close_at: Option<usize>,
}

/// The number of the line `START`.
pub const GAME: usize = 100;

/// What happens before (or instead of) a line the server says; a line with no edit is said
/// as it is.
#[derive(Clone, Debug)]
pub enum Act {
    /// A wait for the client's next line (a keep-alive, at worst) first.
    Wait,
    /// A line of junk first.
    Junk(String),
    /// A move made of these bits first: a side, two squares and a piece, most often not
    /// legal (a piece not there, a path blocked, a drop of a piece not in hand), some
    /// times legal and not the server's game.
    Stray(u64),
    /// Bytes first, as they are: maybe not UTF-8, maybe no end of line.
    Bytes(Vec<u8>),
    /// A line longer than a client keeps, plus this many bytes, first.
    Long(usize),
    /// The line is not said.
    Skip,
    /// The line's words, mutated.
    Garble(Vec<Mutation>),
}

/// The games a plan picks from: short clocks in milliseconds, so the client moves at once.
pub fn setups() -> Vec<Setup> {
    let fast =
        Setup { unit: Duration::from_millis(1), byoyomi: 40, max_moves: 256, ..Setup::even() };
    vec![
        fast.clone(),
        Setup { program: Color::White, ..fast.clone() },
        Setup { position: "PI82HI22KA\n-\n".into(), program: Color::White, ..fast.clone() },
        Setup { position: "PI\n+\n+7776FU,T5\n-3334FU,T7\n".into(), total: 400, ..fast.clone() },
        Setup { total: 300, byoyomi: 0, increment: 20, ..fast.clone() },
        Setup { position: ENTERED.into(), ..fast.clone() },
        Setup { position: MATED.into(), ..fast },
    ]
}

/// What the server saw: every line both ways (`< ` the client's), and why the session
/// failed if it did (the client silent for [`PATIENCE`] while it should send keep-alives).
#[derive(Debug, Default)]
pub struct Served {
    pub transcript: Vec<String>,
    pub received: Vec<String>,
    pub failure: Option<String>,
}

struct Hostile {
    server: LocalServer,
    /// The edits of each line, by its number.
    edits: BTreeMap<usize, Vec<Act>>,
    close_at: Option<usize>,
    /// Lines said so far.
    said: usize,
    served: Served,
}

/// Serves one session as the plan says, then closes the connection.
pub fn serve(server: LocalServer, plan: &Plan) -> Served {
    let mut edits: BTreeMap<usize, Vec<Act>> = BTreeMap::new();
    for (at, act) in &plan.edits {
        edits.entry(*at).or_default().push(act.clone());
    }
    let close_at = plan.close_at;
    let mut h = Hostile { server, edits, close_at, said: 0, served: Served::default() };
    let _ = h.session(plan);
    h.server.close();
    h.served
}

/// Keep-alives waited for before the server gives up on a line from the client.
const QUICK: usize = 10;
const A_MOVE: usize = 25;

impl Hostile {
    fn put(&mut self, bytes: &[u8]) {
        self.served.transcript.push(format!("> {}", String::from_utf8_lossy(bytes).trim_end()));
        self.server.send_bytes(bytes);
    }

    /// The client's next line; `None` once it has closed (or the wait failed).
    fn next(&mut self) -> Option<String> {
        match self.server.recv(PATIENCE) {
            FromClient::Line(l) => {
                self.served.transcript.push(format!("< {l}"));
                self.served.received.push(l.clone());
                Some(l)
            }
            FromClient::Closed => None,
            FromClient::Timeout => {
                self.served.failure = Some(format!("the client was silent for {PATIENCE:?}"));
                None
            }
        }
    }

    /// The client's next line that `want` takes; `None` after `patience` keep-alives
    /// without one, or once the client has gone.
    fn expect(&mut self, want: impl Fn(&str) -> bool, patience: usize) -> Option<String> {
        let mut waited = 0;
        loop {
            let line = self.next()?;
            if want(&line) {
                return Some(line);
            }
            if line.is_empty() {
                waited += 1;
                if waited > patience {
                    return None;
                }
            }
        }
    }

    /// Says `line` as the plan bends it; `None` once the connection is closed.
    fn say(&mut self, line: &str) -> Option<()> {
        if line.starts_with("START:") {
            self.said = self.said.max(GAME);
        }
        let n = self.said;
        self.said += 1;
        if self.close_at == Some(n) {
            self.served.transcript.push("> (closed)".into());
            return None;
        }
        for act in self.edits.remove(&n).unwrap_or_default() {
            match act {
                Act::Wait => {
                    self.next()?;
                }
                Act::Junk(junk) => self.put(format!("{junk}\n").as_bytes()),
                Act::Stray(bits) => self.put(format!("{},T1\n", stray(bits)).as_bytes()),
                Act::Bytes(bytes) => self.put(&bytes),
                Act::Long(more) => {
                    let mut long = vec![b'+'; MAX_LINE + 1 + more];
                    long.push(b'\n');
                    self.served.transcript.push(format!("> ({} bytes)", long.len()));
                    self.server.send_bytes(&long);
                }
                Act::Skip => return Some(()),
                Act::Garble(mutations) => {
                    let mut words: Vec<String> = line.split(' ').map(str::to_string).collect();
                    apply(&mut words, &mutations);
                    self.put(format!("{}\n", words.join(" ")).as_bytes());
                    return Some(());
                }
            }
        }
        self.put(format!("{line}\n").as_bytes());
        Some(())
    }

    fn session(&mut self, plan: &Plan) -> Option<()> {
        let login = self.expect(|l| l.starts_with("LOGIN "), QUICK)?;
        let name = login.split(' ').nth(1).unwrap_or_default().to_string();
        self.say(&format!("LOGIN:{name} OK"))?;
        let setups = setups();
        let setup = &setups[plan.setup % setups.len()];
        let id = "fuzz+game";
        for line in summary(setup, id, &name).lines() {
            self.say(line)?;
        }
        let answer = self.expect(|l| l.starts_with("AGREE") || l.starts_with("REJECT"), QUICK)?;
        if answer.starts_with("REJECT") {
            return self.say(&format!("REJECT:{id} by {name}"));
        }
        self.say(&format!("START:{id}"))?;
        let verdict = self.game(setup, plan)?;
        for line in verdict.into_iter().filter(|l| !l.is_empty()) {
            self.say(line)?;
        }
        self.expect(|l| l == "LOGOUT", QUICK)?;
        self.say("LOGOUT:completed")
    }

    /// The game, to its verdict.
    fn game(&mut self, setup: &Setup, plan: &Plan) -> Option<[&'static str; 3]> {
        let rec = record::csa::parse(&setup.position).expect("the setup's position");
        let mut game = Game::new(rec.start.clone());
        for m in &rec.moves {
            game.play_unchecked(m.mv);
        }
        let mut rng = Rng(plan.seed | 1);
        for _ in 0..plan.plies {
            let pos = game.position().clone();
            let time = rng.below(60);
            if pos.side_to_move() == setup.program {
                let Some(line) = self.expect(|l| l.starts_with(['+', '-', '%']), A_MOVE) else {
                    return Some(["#TIME_UP", "#LOSE", ""]);
                };
                if line.starts_with("%TORYO") {
                    return Some(["%TORYO", "#RESIGN", "#LOSE"]);
                }
                if line.starts_with("%KACHI") {
                    return Some(["%KACHI", "#JISHOGI", "#WIN"]);
                }
                let text = line.split(',').next().unwrap_or_default();
                let legal = parse_csa_move(text)
                    .and_then(|c| c.to_move(&pos).ok())
                    .filter(|&m| pos.is_legal(m));
                let Some(m) = legal else { return Some(["#ILLEGAL_MOVE", "#LOSE", ""]) };
                game.play_unchecked(m);
                self.say(&format!("{text},T{time}"))?;
            } else {
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                let moves = list.to_vec();
                if moves.is_empty() {
                    return Some(["%TORYO", "#RESIGN", "#WIN"]);
                }
                let m = moves[rng.below(moves.len())];
                self.say(&format!("{},T{time}", format_csa_move(&pos, m)))?;
                game.play_unchecked(m);
            }
        }
        Some(["#MAX_MOVES", "#CENSORED", ""])
    }
}

/// A move in CSA's form from `bits`: `+7776FU`, `-0055KA`.
fn stray(bits: u64) -> String {
    const PIECES: [&str; 14] =
        ["FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"];
    let digit = |shift: u32, n: u64| (bits >> shift) % n;
    let sign = if bits & 1 == 0 { '+' } else { '-' };
    let (from_file, from_rank) = (digit(1, 10), digit(5, 9) + 1);
    let from = if from_file == 0 { "00".to_string() } else { format!("{from_file}{from_rank}") };
    let to = format!("{}{}", digit(9, 9) + 1, digit(13, 9) + 1);
    format!("{sign}{from}{to}{}", PIECES[digit(17, 14) as usize])
}

/// A line the client may send: a keep-alive, `LOGIN`, `AGREE`, `REJECT`, `LOGOUT`, a move
/// (with floodgate's comment), `%TORYO`, `%KACHI`.
pub fn request_ok(line: &str) -> bool {
    let words = ["LOGIN ", "AGREE ", "REJECT "];
    if line.is_empty() || words.iter().any(|w| line.starts_with(w)) {
        return true;
    }
    if matches!(line, "LOGOUT" | "%TORYO" | "%KACHI") {
        return true;
    }
    let (text, comment) = line.split_once(',').unwrap_or((line, "'* "));
    parse_csa_move(text).is_some() && comment.starts_with("'* ")
}

/// A line too long to keep, as the client logs it: `START... (N bytes)`.
fn too_long(text: &str) -> bool {
    let len = text.rsplit_once("... (").and_then(|(_, rest)| rest.strip_suffix(" bytes)"));
    len.and_then(|n| n.parse::<usize>().ok()).is_some_and(|n| n > MAX_LINE)
}

enum Phase {
    Login,
    Waiting,
    Summary(SummaryReader),
    Agreeing(Option<Box<GameSummary>>),
    Starting(Box<GameSummary>),
    Playing { pos: Position, me: Color, rule: EnteringKingRule, finished: bool },
    Over,
}

/// Replays the client's log (`--csa-log`: `DATE TIME SECONDS < line` for a line taken,
/// `>` for a line sent) as the client takes the protocol, and checks every move it sent:
/// legal, its own, in the game it agreed to as the server's moves and its own made it, and
/// not after it had given the game up; a declaration only when it wins.
pub fn check_log(log: &str) -> Result<(), String> {
    let mut phase = Phase::Login;
    for entry in log.split('\n') {
        let Some(rest) = entry.get(24..) else { continue };
        let Some((_, rest)) = rest.trim_start().split_once(' ') else { continue };
        let (dir, text) = (rest.get(..1).unwrap_or(""), rest.get(2..).unwrap_or(""));
        if dir == "<" && too_long(text) {
            continue;
        }
        let message = if dir == "<" { parse_line(text).ok() } else { None };
        phase = match (phase, dir) {
            (Phase::Login, "<") => match message {
                Some(Message::LoginOk(_)) => Phase::Waiting,
                Some(Message::LoginIncorrect) => Phase::Over,
                _ => Phase::Login,
            },
            (Phase::Waiting, "<") => match message {
                Some(Message::BeginSummary) => Phase::Summary(SummaryReader::new()),
                _ => Phase::Waiting,
            },
            (Phase::Summary(mut reader), "<") => match reader.line(text) {
                true => Phase::Agreeing(reader.finish().ok().map(Box::new)),
                false => Phase::Summary(reader),
            },
            (Phase::Agreeing(summary), ">") if text.starts_with("AGREE ") => match summary {
                Some(s) => Phase::Starting(s),
                None => return Err(format!("'{text}' to a summary it could not read")),
            },
            (Phase::Agreeing(_), ">") if text.starts_with("REJECT ") => Phase::Over,
            (Phase::Starting(s), "<") => match message {
                Some(Message::Start(id)) if id == s.game_id => Phase::Playing {
                    pos: s.record.end_position(),
                    me: s.your_turn,
                    rule: s.declaration,
                    finished: false,
                },
                Some(Message::Reject { .. }) => Phase::Over,
                _ => Phase::Starting(s),
            },
            (Phase::Playing { pos, me, rule, finished }, "<") => match message {
                Some(Message::Verdict(_)) => Phase::Over,
                Some(Message::Move { mv, .. }) if mv.color != me && !finished => {
                    let legal = mv.to_move(&pos).ok().filter(|&m| pos.check_move(m).is_ok());
                    let pos = legal.map_or(pos.clone(), |m| pos.played(m));
                    Phase::Playing { pos, me, rule, finished }
                }
                _ => Phase::Playing { pos, me, rule, finished },
            },
            (Phase::Playing { pos, me, rule, finished }, ">") => {
                let declares = text == "%KACHI";
                if (declares || text.starts_with(['+', '-'])) && finished {
                    return Err(format!("'{text}' after the game was given up"));
                }
                if declares && (pos.side_to_move() != me || !pos.can_declare_win_by(rule)) {
                    return Err(format!("%KACHI in {}, which does not win", to_sfen(&pos)));
                }
                let finished = finished || declares || text == "%TORYO";
                let pos = match text.starts_with(['+', '-']) {
                    false => pos,
                    true => {
                        let shown = text.split(',').next().unwrap_or_default();
                        let mv = parse_csa_move(shown).filter(|c| c.color == me);
                        let m = mv.and_then(|c| c.to_move(&pos).ok()).filter(|&m| pos.is_legal(m));
                        let Some(m) = m else {
                            return Err(format!("illegal move '{text}' in {}", to_sfen(&pos)));
                        };
                        pos.played(m)
                    }
                };
                Phase::Playing { pos, me, rule, finished }
            }
            (Phase::Over, _) => Phase::Over,
            (_, ">") if text.starts_with(['+', '-', '%']) => {
                return Err(format!("'{text}' before the game"));
            }
            (phase, _) => phase,
        };
    }
    Ok(())
}
