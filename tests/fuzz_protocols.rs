//! Fuzzing the protocol loops (issue 11): CECP, USI and the text mode (raw and xshogi
//! displays) fed sessions cut from the transcript tests and mutated (lines dropped, repeated,
//! swapped, garbled, junk inserted), some lines waiting for the engine to be idle, others
//! coming while it thinks; and the CSA client against a hostile server (its lines bent,
//! dropped, junk and bytes put in, the connection closed anywhere).
//!
//! Checked on every case: no panic; no hang (each wait has a deadline, and the end of input
//! must end the loop); a refused line (an error reply) leaves the game as it was; every move
//! the engine announces is legal where it is played; CECP and USI print only lines of their
//! protocols.
//!
//! The loops run in this process and write files (`save`, `list`, …): every file command is
//! given a name in a fresh directory of the fuzzer's own (the working directory is the whole
//! process's, which other tests share, so it stays as it is).

use crate::common::SharedOut;
use crate::common::csa_hostile::{self, Act, GAME, Plan};
use crate::common::fuzz::{
    check, fill_holes, literals_in_order, mutated_line, mutation, sfen_column, stream,
    string_literals,
};
use crate::common::lines::{cecp_line_ok, cecp_refusal, usi_line_ok};
use gnushogi::config::Config;
use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::notation::{parse_sfen, parse_usi_move, parse_xboard_move, to_sfen, to_xboard_fen};
use gnushogi::protocol::Event;
use gnushogi::protocol::cecp::state::{Cecp, Flow};
use gnushogi::protocol::csa::game::{Connection, Ended};
use gnushogi::protocol::csa::{Options, Report, Score, local};
use gnushogi::protocol::gnu::display::RawDisplay;
use gnushogi::protocol::gnu::{Interp, Link, Thinking, Waiting};
use gnushogi::protocol::terminal::Input;
use gnushogi::protocol::usi::Usi;
use gnushogi::rules::Position;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

/// Middle-game positions of the test data.
const POSITIONS: &str = include_str!("data/positions.tsv");

/// Longest wait for the engine: only a hang (a failing case) waits this long.
const PATIENCE: Duration = Duration::from_secs(60);

/// The directory where the fuzzers' file commands write, one for all of them.
fn work_dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| crate::common::fresh_dir("fuzz"))
}

fn engine() -> Engine {
    Engine::new(EngineOptions { hash_mib: 1, seed: Some(7), ..EngineOptions::default() })
}

/// What must not change when a line is refused: where the game began and its moves.
fn snapshot(game: &gnushogi::game::Game) -> (String, Vec<String>) {
    (to_sfen(game.start()), game.moves().iter().map(|m| m.to_string()).collect())
}

/// A line `refused` (its reply refuses it, and the engine was idle) leaves the game as it was
/// `before` (its [`snapshot`]).
fn unchanged_if_refused(
    refused: bool,
    game: &gnushogi::game::Game,
    before: (String, Vec<String>),
    line: &str,
    reply: &str,
) -> Result<(), TestCaseError> {
    if refused {
        let reply = reply.trim();
        prop_assert_eq!(
            snapshot(game),
            before,
            "{:?} was refused ({}) but the game changed",
            line,
            reply
        );
    }
    Ok(())
}

/// A transcript's literals, the holes of its format strings filled (positions, moves).
fn transcript_literals(src: &str, fill: &[String]) -> Vec<String> {
    fill_holes(literals_in_order(src), src, fill)
}

/// The lines of a transcript that are input: a command word of the protocol first, or a
/// move; `quit` left out so that sessions run on (the edits put it back now and then).
fn inputs(literals: Vec<String>, words: &[&str]) -> Vec<String> {
    literals
        .into_iter()
        .filter(|l| {
            let first = l.split_whitespace().next().unwrap_or("");
            let command = words.contains(&first) && !matches!(first, "quit" | "exit");
            command || parse_usi_move(first).is_some() || parse_xboard_move(first).is_some()
        })
        .collect()
}

/// A front end under test (CECP's or USI's loop), the output it writes, and the events its
/// engine sends.
struct Run<F> {
    front: F,
    out: SharedOut,
    events: Receiver<Event>,
}

impl<F> Run<F> {
    /// The front end `new` makes of a writer the test reads back and a sender of events.
    fn new(new: impl FnOnce(SharedOut, Sender<Event>) -> F) -> Run<F> {
        let (sender, events) = channel();
        let out = SharedOut::default();
        Run { front: new(out.clone(), sender), out, events }
    }
}

// ----- CECP ----------------------------------------------------------------------------

impl Run<Cecp<SharedOut>> {
    /// Feeds one event; checks the lines it printed, and the legality of an engine move.
    fn feed(&mut self, event: Event) -> Result<Flow, TestCaseError> {
        let before = self.front.game().position().clone();
        let mark = self.out.mark();
        let flow = self.front.on_event(event);
        for line in self.out.since(mark).lines() {
            prop_assert!(cecp_line_ok(line), "not a CECP line: {line:?}");
            if let Some(text) = line.strip_prefix("move ") {
                let legal = parse_xboard_move(text).is_some_and(|m| m.to_move(&before).is_ok());
                prop_assert!(legal, "illegal engine move {text} in {}", to_sfen(&before));
            }
        }
        Ok(flow)
    }

    /// Feeds the engine events that have come.
    fn pump(&mut self) -> Result<Flow, TestCaseError> {
        while let Ok(e) = self.events.try_recv() {
            if self.feed(e)? == Flow::Quit {
                return Ok(Flow::Quit);
            }
        }
        Ok(Flow::Continue)
    }

    /// Makes the engine move now (`?`) and waits until it has. A deferred line may start
    /// another search on its move (after `undo`, say): that one is told `?` too.
    fn settle(&mut self) -> Result<Flow, TestCaseError> {
        let deadline = Instant::now() + PATIENCE;
        while self.front.thinking() {
            prop_assert!(Instant::now() < deadline, "the engine did not move after '?'");
            if self.feed(Event::Line("?".into()))? == Flow::Quit {
                return Ok(Flow::Quit);
            }
            if let Ok(e) = self.events.recv_timeout(Duration::from_millis(200))
                && (self.feed(e)? == Flow::Quit || self.pump()? == Flow::Quit)
            {
                return Ok(Flow::Quit);
            }
        }
        Ok(Flow::Continue)
    }
}

fn cecp_case(lines: Vec<(String, bool)>) -> Result<(), TestCaseError> {
    if std::env::var_os("FUZZ_TRACE").is_some() {
        eprintln!("cecp case: {:?}", lines.iter().map(|l| l.0.as_str()).collect::<Vec<_>>());
    }
    let mut run = Run::new(|out, sender| Cecp::new(out, engine(), sender));
    for (line, wait) in lines {
        if wait && run.settle()? == Flow::Quit {
            return Ok(());
        }
        let idle = !run.front.thinking();
        let before = snapshot(run.front.game());
        let mark = run.out.mark();
        if run.feed(Event::Line(line.clone()))? == Flow::Quit {
            return Ok(());
        }
        let reply = run.out.since(mark);
        let refused = idle && reply.lines().any(cecp_refusal);
        unchanged_if_refused(refused, run.front.game(), before, &line, &reply)?;
        if run.pump()? == Flow::Quit {
            return Ok(());
        }
    }
    // The end of input ends the loop once a move in progress is made.
    if run.settle()? == Flow::Quit || run.feed(Event::Eof)? == Flow::Quit {
        return Ok(());
    }
    let deadline = Instant::now() + PATIENCE;
    loop {
        match run.events.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(e) => {
                if run.feed(e)? == Flow::Quit {
                    return Ok(());
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                return Err(TestCaseError::fail("the loop did not end after the end of input"));
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(TestCaseError::fail("no Quit after the end of input"));
            }
        }
    }
}

fn cecp_streams() -> impl Strategy<Value = Vec<(String, bool)>> {
    let src = include_str!("cecp.rs");
    let fens: Vec<String> = sfen_column(POSITIONS)
        .iter()
        .filter_map(|s| parse_sfen(s).ok())
        .map(|p| to_xboard_fen(&p))
        .collect();
    let mut transcript = vec!["xboard".to_string(), "protover 2".to_string()];
    let words = gnushogi::protocol::cecp::command::COMMANDS;
    transcript.extend(inputs(transcript_literals(src, &fens), words));
    let mut seeds = string_literals(src);
    seeds.extend(fill_holes(seeds.clone(), src, &fens));
    seeds.extend(fens.iter().take(30).map(|f| format!("setboard {f}")));
    seeds.extend(
        ["sd 2", "st 1", "level 0 0:05 0", "analyze", "exit", "go", "force"].map(String::from),
    );
    stream(transcript, mutated_line(seeds))
}

#[test]
fn cecp_sessions() {
    check("cecp-sessions", 400, cecp_streams(), cecp_case);
}

// ----- the text mode -------------------------------------------------------------------

/// A reply that refuses the line (the full-screen display shows these as errors).
fn text_refusal(line: &str) -> bool {
    const STARTS: [&str; 11] = [
        "Illegal",
        "Ambiguous",
        "Error",
        "Could not",
        "It is ",
        "The game is over",
        "Setup failed",
        "This position cannot",
        "Not understood",
        "Invalid piece",
        "Out-of-board",
    ];
    let line =
        line.trim_start_matches("Your move is? ").trim_start_matches("Your command? ").trim();
    let first = line.split_whitespace().next().unwrap_or("");
    let complaint = first.len() > 1
        && first.ends_with(':')
        && first[..first.len() - 1].chars().all(|c| c.is_ascii_lowercase());
    complaint || STARTS.iter().any(|s| line.starts_with(s)) || line.contains("is not a")
}

/// Keeps a file name inside one directory: no separators, no leading dot.
fn blunt(line: &str) -> String {
    line.replace(['/', '\\'], "_").trim_start_matches('.').to_string()
}

const FILE_WORDS: [&str; 6] = ["save", "xsave", "bsave", "list", "get", "xget"];

/// A file command with its file in [`work_dir`]: the name blunted, or the command word for
/// none (without one the loop would use a default name in the working directory, or ask).
fn in_work_dir(line: &str) -> String {
    let line = line.trim_start();
    let (word, name) = line.split_at(line.find(char::is_whitespace).unwrap_or(line.len()));
    let name = blunt(name.trim());
    let name = if name.is_empty() { word } else { &name };
    format!("{word} {}", work_dir().join(name).display())
}

fn is_file_command(line: &str) -> bool {
    FILE_WORDS.contains(&line.split_whitespace().next().unwrap_or(""))
}

fn text_case(lines: Vec<(String, bool)>) -> Result<(), TestCaseError> {
    if std::env::var_os("FUZZ_TRACE").is_some() {
        eprintln!("text case: {:?}", lines.iter().map(|l| l.0.as_str()).collect::<Vec<_>>());
    }
    let (tx, rx) = channel();
    let mut play = gnushogi::play::Match::new(engine(), tx);
    let out = SharedOut::default();
    let mut writer = out.clone();
    let config = Config { use_hash: true, seeded: true, ..Config::default() };
    let link = Link { play: &mut play, events: &rx };
    let mut interp = Interp::new(link, &config, RawDisplay::new(&mut writer));
    interp.begin();
    let moves_ok = |interp: &Interp<'_, RawDisplay<'_, SharedOut>>,
                    before: &Position,
                    text: &str|
     -> Result<(), TestCaseError> {
        for line in text.lines() {
            if let Some(mv) = line.trim().strip_prefix("My move is:") {
                let mv = mv.trim().trim_end_matches('\u{7}');
                let legal = parse_usi_move(mv).is_some_and(|m| m.to_move(before).is_ok());
                prop_assert!(legal, "illegal computer move {mv} in {}", to_sfen(before));
            }
        }
        let _ = interp;
        Ok(())
    };
    // Lets the engine's events in: returns when none is waiting (or the loop ended).
    let pump = |interp: &mut Interp<'_, RawDisplay<'_, SharedOut>>,
                wait: Duration|
     -> Result<bool, TestCaseError> {
        let before = interp.game().position().clone();
        let mark = out.mark();
        let end = interp.step(Some(wait));
        moves_ok(interp, &before, &out.since(mark))?;
        Ok(end.is_some())
    };
    for (line, wait) in lines {
        let line = if interp.waiting() == Waiting::Answer {
            blunt(&line)
        } else if is_file_command(&line) {
            in_work_dir(&line)
        } else {
            line
        };
        if wait {
            // Any input makes the computer move at once (a queued line may start another
            // search on its move: it is hurried too).
            let deadline = Instant::now() + PATIENCE;
            while interp.thinking() == Some(Thinking::Move) {
                prop_assert!(Instant::now() < deadline, "the computer did not move on input");
                interp.input(String::new());
                if pump(&mut interp, Duration::from_millis(200))? {
                    return Ok(());
                }
            }
        }
        let idle = interp.thinking() != Some(Thinking::Move);
        // The board editor takes each word of a line as a command of its own (as the
        // original, and as documented): fed one by one, each refused word must leave the
        // game as it was. Words after the one that ends editing are dropped, as there.
        let editing = idle && interp.waiting() == Waiting::EditPiece;
        let units: Vec<String> = if editing {
            line.split_whitespace().map(str::to_string).collect()
        } else {
            vec![line]
        };
        for unit in units {
            if editing && interp.waiting() != Waiting::EditPiece {
                break;
            }
            let before = snapshot(interp.game());
            let mark = out.mark();
            interp.input(unit.clone());
            let reply = out.since(mark);
            let refused = idle && reply.lines().any(text_refusal);
            unchanged_if_refused(refused, interp.game(), before, &unit, &reply)?;
            if pump(&mut interp, Duration::ZERO)? {
                return Ok(());
            }
        }
    }
    interp.input_closed();
    let deadline = Instant::now() + PATIENCE;
    loop {
        prop_assert!(Instant::now() < deadline, "the loop did not end after the end of input");
        if pump(&mut interp, Duration::from_millis(50))? {
            return Ok(());
        }
    }
}

fn text_streams() -> impl Strategy<Value = Vec<(String, bool)>> {
    let src = include_str!("text.rs");
    let words = gnushogi::protocol::gnu::command::COMMANDS;
    let files = ["game.sav", "pos.x", "book.tbk", "list.txt", "missing"].map(String::from);
    let mut transcript = inputs(transcript_literals(src, &files), words);
    transcript.extend(inputs(transcript_literals(include_str!("xshogi.rs"), &files), words));
    let mut seeds = string_literals(src);
    seeds.extend(sfen_column(POSITIONS).into_iter().take(30).map(|s| format!("setsfen {s}")));
    seeds.extend(
        ["depth 2", "level 0 :1", "go", "both", "force", "undo", "remove", "tsume", "hint", "save"]
            .map(String::from),
    );
    stream(transcript, mutated_line(seeds))
}

#[test]
fn text_sessions() {
    check("text-sessions", 400, text_streams(), text_case);
}

// ----- USI -----------------------------------------------------------------------------
//
// The loop's own handler fed event by event, so the game can be looked at after each line:
// a line answered with `info string error` leaves the position as it was; every `bestmove`
// is legal in the position searched; only USI's lines are printed.

impl Run<Usi<SharedOut>> {
    /// One event; checks the lines printed and the legality of a `bestmove`.
    fn feed(&mut self, event: Event) -> Result<bool, TestCaseError> {
        let root = self.front.searched().cloned();
        let mark = self.out.mark();
        let go_on = self
            .front
            .on_event(event)
            .map_err(|e| TestCaseError::fail(format!("write error: {e}")))?;
        self.check_output(mark, root.as_ref())?;
        Ok(go_on)
    }

    fn check_output(&self, mark: usize, root: Option<&Position>) -> Result<(), TestCaseError> {
        for line in self.out.since(mark).lines() {
            prop_assert!(usi_line_ok(line), "not a USI line: {line:?}");
            if let Some(rest) = line.strip_prefix("bestmove ") {
                let mv = rest.split(' ').next().unwrap_or("");
                if mv != "resign" && mv != "win" {
                    let Some(root) = root else {
                        return Err(TestCaseError::fail(format!("{line} with no search")));
                    };
                    let legal = parse_usi_move(mv).is_some_and(|m| m.to_move(root).is_ok());
                    prop_assert!(legal, "illegal {line} in {}", to_sfen(root));
                }
            }
        }
        Ok(())
    }

    /// Feeds what has come; polls a running search or solve as the loop does.
    fn pump(&mut self, wait: Duration) -> Result<bool, TestCaseError> {
        match self.events.recv_timeout(wait) {
            Ok(e) => {
                if !self.feed(e)? {
                    return Ok(false);
                }
                while let Ok(e) = self.events.try_recv() {
                    if !self.feed(e)? {
                        return Ok(false);
                    }
                }
            }
            Err(_) => {
                if self.front.deadline().is_some_and(|d| d <= Instant::now()) {
                    let root = self.front.searched().cloned();
                    let mark = self.out.mark();
                    self.front.on_deadline().map_err(|e| TestCaseError::fail(e.to_string()))?;
                    self.check_output(mark, root.as_ref())?;
                }
            }
        }
        Ok(true)
    }

    fn busy(&self) -> bool {
        self.front.busy()
    }

    /// `stop` (and `ponderhit`'s end of waiting), then waits for the search to answer.
    fn settle(&mut self) -> Result<bool, TestCaseError> {
        if !self.busy() {
            return Ok(true);
        }
        if !self.feed(Event::Line("stop".into()))? {
            return Ok(false);
        }
        let deadline = Instant::now() + PATIENCE;
        while self.busy() {
            prop_assert!(Instant::now() < deadline, "no answer after stop");
            if !self.pump(Duration::from_millis(20))? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

fn usi_case(lines: Vec<(String, bool)>) -> Result<(), TestCaseError> {
    let mut run = Run::new(|out, sender| Usi::new(out, engine(), sender));
    for (line, wait) in lines {
        if wait && !run.settle()? {
            return Ok(());
        }
        let idle = !run.busy();
        let before = snapshot(run.front.game());
        let mark = run.out.mark();
        if !run.feed(Event::Line(line.clone()))? {
            return Ok(());
        }
        let reply = run.out.since(mark);
        let refused = idle && reply.lines().any(|l| l.starts_with("info string error"));
        unchanged_if_refused(refused, run.front.game(), before, &line, &reply)?;
        if !run.pump(Duration::ZERO)? {
            return Ok(());
        }
    }
    // The end of input ends the loop at once, whatever runs.
    let go_on = run.feed(Event::Eof)?;
    prop_assert!(!go_on, "the loop went on after the end of input");
    run.front.shutdown();
    Ok(())
}

#[test]
fn usi_sessions() {
    let src = include_str!("usi.rs");
    let sfens = sfen_column(POSITIONS);
    let transcript: Vec<String> = transcript_literals(src, &sfens)
        .into_iter()
        .filter(|l| {
            let first = l.split_whitespace().next().unwrap_or("");
            gnushogi::protocol::usi::command::COMMANDS.contains(&first) && first != "quit"
        })
        .collect();
    let mut seeds = string_literals(src);
    seeds.extend(fill_holes(seeds.clone(), src, &sfens));
    seeds.extend(sfens.iter().take(30).map(|s| format!("position sfen {s} moves")));
    seeds.extend(
        [
            "go depth 2",
            "go infinite",
            "go ponder",
            "go mate 100",
            "stop",
            "ponderhit",
            "usinewgame",
        ]
        .map(String::from),
    );
    check("usi-sessions", 300, stream(transcript, mutated_line(seeds)), usi_case);
}

// ----- the X display, and the turn to CECP or USI ---------------------------------------

/// The whole program's loop from the X display: the stream as its input, all at once, then
/// the end of input. It may turn to CECP (`xboard`) or USI (`usi`) on the way; it must end,
/// with status 0.
fn xshogi_case(lines: Vec<(String, bool)>) -> Result<(), TestCaseError> {
    let mut input = String::new();
    for (l, _) in &lines {
        let l = if is_file_command(l) { in_work_dir(l) } else { l.clone() };
        input.push_str(&l);
        input.push('\n');
    }
    let (done_tx, done_rx) = channel();
    let out = SharedOut::default();
    let writer = out.clone();
    std::thread::spawn(move || {
        let session = gnushogi::protocol::Session::without_input(writer, engine());
        let config = Config { use_hash: true, seeded: true, ..Config::default() };
        let input = Input::lines(std::io::Cursor::new(input.into_bytes()));
        let code = gnushogi::protocol::xshogi::run(session, &config, input);
        let _ = done_tx.send(code);
    });
    match done_rx.recv_timeout(PATIENCE) {
        Ok(code) => {
            prop_assert_eq!(code, std::process::ExitCode::SUCCESS);
            Ok(())
        }
        Err(RecvTimeoutError::Timeout) => Err(TestCaseError::fail(format!(
            "no end after the end of input; output:\n{}",
            out.since(0)
        ))),
        Err(RecvTimeoutError::Disconnected) => Err(TestCaseError::fail("the loop panicked")),
    }
}

fn xshogi_streams() -> impl Strategy<Value = Vec<(String, bool)>> {
    let words = gnushogi::protocol::gnu::command::COMMANDS;
    let files = ["game.sav", "pos.x", "book.tbk", "list.txt", "missing"].map(String::from);
    let (x, t) = (include_str!("xshogi.rs"), include_str!("text.rs"));
    let mut transcript = inputs(transcript_literals(x, &files), words);
    transcript.extend(inputs(transcript_literals(t, &files), words));
    let mut seeds = string_literals(include_str!("xshogi.rs"));
    seeds.extend(string_literals(include_str!("cecp.rs")));
    seeds.extend(string_literals(include_str!("usi.rs")));
    seeds.extend(["xboard", "usi", "depth 1", "sd 1", "go depth 1"].map(String::from));
    stream(transcript, mutated_line(seeds))
}

#[test]
fn xshogi_sessions() {
    check("xshogi-sessions", 150, xshogi_streams(), xshogi_case);
}

// ----- the CSA client ------------------------------------------------------------------
//
// A whole session of the client (`Connection::run`, on a thread) against the hostile server
// of `common/csa_hostile.rs` on an in-process connection: the server plays the protocol on
// what the client sends, and its plan bends its lines. Checked on every case: no panic; the
// client ends once the server has closed, with its reason; it sends only the protocol's
// lines; and its log, replayed, shows every move it sent legal in its game.

/// Lines a CSA server says, in and out of place.
const CSA_SERVER_LINES: [&str; 34] = [
    "LOGIN:gnushogi OK",
    "LOGIN:incorrect",
    "LOGOUT:completed",
    "BEGIN Game_Summary",
    "END Game_Summary",
    "BEGIN Time",
    "END Time",
    "BEGIN Position",
    "END Position",
    "Your_Turn:-",
    "To_Move:-",
    "Time_Unit:1sec",
    "Total_Time:0",
    "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY",
    "START:fuzz+game",
    "REJECT:fuzz+game by server",
    "+7776FU,T1",
    "-3334FU,T1",
    "+2726FU",
    "-8384FU,T99999999999999999999",
    "+0055KA,T0",
    "%TORYO",
    "%KACHI",
    "%TORYO,T3",
    "#WIN",
    "#LOSE",
    "#DRAW",
    "#CENSORED",
    "#RESIGN",
    "#TIME_UP",
    "#ILLEGAL_MOVE",
    "#SENNICHITE",
    "#JISHOGI",
    "##[LIST] END",
];

fn csa_plans() -> impl Strategy<Value = Plan> {
    let mut seeds = string_literals(include_str!("csa_session.rs"));
    seeds.extend(string_literals(include_str!("common/csa_server.rs")));
    seeds.extend(CSA_SERVER_LINES.map(String::from));
    let act = prop_oneof![
        3 => Just(Act::Wait),
        4 => mutated_line(seeds).prop_map(Act::Junk),
        3 => any::<u64>().prop_map(Act::Stray),
        1 => proptest::collection::vec(any::<u8>(), 0..24).prop_map(Act::Bytes),
        1 => (0usize..64).prop_map(Act::Long),
        2 => Just(Act::Skip),
        2 => proptest::collection::vec(mutation(), 1..4).prop_map(Act::Garble),
    ];
    // Now and then an edit of the Game_Summary (lines 1 to about 24: most make it one the
    // client rejects), more in the game; the connection closed in one case of six before
    // the game, in one of two during it or after.
    let summary = proptest::collection::vec((1usize..24, act.clone()), 1..3);
    let summary = prop_oneof![3 => Just(Vec::new()), 1 => summary];
    let at = prop_oneof![1 => Just(0usize), 12 => GAME..GAME + 20];
    let game = proptest::collection::vec((at, act), 0..10);
    let close_at = prop_oneof![
        2 => Just(None),
        1 => (0usize..24).prop_map(Some),
        3 => (GAME..GAME + 20).prop_map(Some),
    ];
    (0usize..16, 0usize..14, any::<u64>(), any::<bool>(), summary, game, close_at).prop_map(
        |(setup, plies, seed, ponder, mut edits, game, close_at)| {
            edits.extend(game);
            Plan { setup, plies, seed, ponder, edits, close_at }
        },
    )
}

fn csa_case(plan: Plan) -> Result<(), TestCaseError> {
    static CASE: AtomicUsize = AtomicUsize::new(0);
    let log = work_dir().join(format!("csa-{}.log", CASE.fetch_add(1, Ordering::Relaxed)));
    let mut options = Options::new("fuzzserver", "gnushogi", "fuzz").expect("a host");
    options.save_dir = Some(work_dir().clone());
    options.log = Some(log.clone());
    // Keep-alives often, which the server waits on; moves at once.
    options.keep_alive = Some(Duration::from_millis(20));
    options.margin = Duration::from_millis(5);
    options.ponder = plan.ponder;
    let (client, server) = local();
    let out = SharedOut::default();
    let writer = out.clone();
    let (done_tx, done_rx) = channel();
    std::thread::spawn(move || {
        let mut report = Report::new(Box::new(writer), &options).expect("the log opens");
        let mut c = Connection::new(client, engine(), &options, &mut report, &|_| {})
            .expect("a connection in process");
        let ended = c.run();
        drop(c.into_engine());
        let _ = done_tx.send(ended);
    });
    let served = csa_hostile::serve(server, &plan);
    let transcript = served.transcript.join("\n");
    let ended = match done_rx.recv_timeout(PATIENCE) {
        Ok(ended) => ended,
        Err(RecvTimeoutError::Timeout) => {
            return Err(TestCaseError::fail(format!("no end once closed:\n{transcript}")));
        }
        Err(RecvTimeoutError::Disconnected) => {
            return Err(TestCaseError::fail(format!("the client panicked:\n{transcript}")));
        }
    };
    if let Some(failure) = served.failure {
        return Err(TestCaseError::fail(format!("{failure}:\n{transcript}")));
    }
    for line in &served.received {
        prop_assert!(csa_hostile::request_ok(line), "not a CSA line: {line:?}\n{transcript}");
    }
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    if let Err(e) = csa_hostile::check_log(&text) {
        return Err(TestCaseError::fail(format!("{e}\n{text}")));
    }
    let said = out.since(0);
    if std::env::var_os("FUZZ_TRACE").is_some() {
        let moves = served.received.iter().filter(|l| l.starts_with(['+', '-'])).count();
        eprintln!("csa case: {ended:?} after {moves} moves sent; {plan:?}");
    }
    match &ended {
        Ended::Stopped => return Err(TestCaseError::fail("stopped, with no signal")),
        Ended::NoGame(why) => prop_assert!(!why.is_empty(), "no reason given"),
        Ended::Played(Score::Interrupted) => {
            let why = said.split("interrupted (").nth(1).unwrap_or(")");
            prop_assert!(!why.starts_with(')'), "no reason given: {said}");
        }
        Ended::Played(_) | Ended::Refused => {}
    }
    Ok(())
}

#[test]
fn csa_sessions() {
    check("csa-sessions", 150, csa_plans(), csa_case);
}

/// The replay of the client's log finds what it must: a move sent that is not legal in the
/// game as the client knew it, a declaration that does not win, a move after `%TORYO`.
#[test]
fn the_csa_log_replay_finds_an_illegal_move() {
    let entry = |line: &str| {
        let (dir, text) = line.split_at(1);
        format!("2026-01-01 12:00:00.000 {:10.3} {dir} {}\n", 1.5, text.trim_start())
    };
    let summary = crate::common::csa_server::summary(
        &crate::common::csa_server::Setup::even(),
        "g",
        "gnushogi",
    );
    let mut log: String = ["> LOGIN gnushogi *****", "< LOGIN:gnushogi OK"].map(entry).concat();
    log.extend(summary.lines().map(|l| entry(&format!("<{l}"))));
    log.extend(["> AGREE g", "< START:g", "> +7776FU", "< +7776FU,T1", "< -3334FU,T1"].map(entry));
    assert_eq!(csa_hostile::check_log(&log), Ok(()));
    for (bad, why) in [
        ("> +7776FU", "illegal move"),
        ("> -8384FU", "illegal move"),
        ("> %KACHI", "does not win"),
        ("> %TORYO\n> +2726FU", "given up"),
    ] {
        let more: String = bad.lines().map(entry).collect();
        let found = csa_hostile::check_log(&(log.clone() + &more));
        assert!(found.as_ref().is_err_and(|e| e.contains(why)), "{bad}: {found:?}");
    }
    // The same lines after a verdict are not the game's.
    let over = log + &["< #DRAW", "> +7776FU"].map(entry).concat();
    assert_eq!(csa_hostile::check_log(&over), Ok(()));
}

/// Found by a long run: a line of editor words, one refused and the last ending the edit.
/// Each word is a command of its own; the refused one changed nothing.
#[test]
fn text_editor_words_found_by_fuzzing() {
    let lines = ["new", "force", "edit", "0 -1a .", "setup", "tsume", "sfen"];
    text_case(lines.iter().map(|l| (l.to_string(), false)).collect()).unwrap();
}
