//! Fuzzing USI's loop (issue 11): sessions cut from the USI transcript tests and mutated,
//! fed event by event to the loop's own handler, so the game can be looked at after each
//! line. The other loops are fuzzed in tests/fuzz_protocols.rs, with the same kit.
//!
//! Checked: no panic; no hang (waits have deadlines, the end of input ends the loop); a line
//! answered with `info string error` leaves the position as it was; every `bestmove` is
//! legal in the position searched; only USI's lines are printed.

mod kit;
mod lines;

use super::*;
use crate::engine::{Engine, EngineOptions};
use crate::notation::to_sfen;
use kit::{
    SharedOut, check, fill_holes, literals_in_order, mutated_line, sfen_column, stream,
    string_literals,
};
use lines::usi_line_ok;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

const PATIENCE: Duration = Duration::from_secs(60);

struct Run {
    usi: Usi<SharedOut>,
    out: SharedOut,
    events: std::sync::mpsc::Receiver<Event>,
}

impl Run {
    /// One event; checks the lines printed and the legality of a `bestmove`.
    fn feed(&mut self, event: Event) -> Result<bool, TestCaseError> {
        let root = self.usi.searched().cloned();
        let mark = self.out.mark();
        let go_on = self
            .usi
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
                    let legal = crate::notation::parse_usi_move(mv)
                        .is_some_and(|m| m.to_move(root).is_ok());
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
                if self.usi.deadline().is_some_and(|d| d <= Instant::now()) {
                    let root = self.usi.searched().cloned();
                    let mark = self.out.mark();
                    self.usi.on_deadline().map_err(|e| TestCaseError::fail(e.to_string()))?;
                    self.check_output(mark, root.as_ref())?;
                }
            }
        }
        Ok(true)
    }

    fn busy(&self) -> bool {
        self.usi.busy()
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
    let (sender, events) = channel();
    let out = SharedOut::default();
    let engine =
        Engine::new(EngineOptions { hash_mib: 1, seed: Some(3), ..EngineOptions::default() });
    let usi = Usi::new(out.clone(), engine, sender);
    let mut run = Run { usi, out, events };
    for (line, wait) in lines {
        if wait && !run.settle()? {
            return Ok(());
        }
        let idle = !run.busy();
        let before = (to_sfen(run.usi.game().start()), run.usi.game().moves().to_vec());
        let mark = run.out.mark();
        if !run.feed(Event::Line(line.clone()))? {
            return Ok(());
        }
        let reply = run.out.since(mark);
        if idle && reply.lines().any(|l| l.starts_with("info string error")) {
            let after = (to_sfen(run.usi.game().start()), run.usi.game().moves().to_vec());
            prop_assert!(
                after == before,
                "{line:?} was refused ({}) but the game changed",
                reply.trim()
            );
        }
        if !run.pump(Duration::ZERO)? {
            return Ok(());
        }
    }
    // The end of input ends the loop at once, whatever runs.
    let go_on = run.feed(Event::Eof)?;
    prop_assert!(!go_on, "the loop went on after the end of input");
    run.usi.shutdown();
    Ok(())
}

#[test]
fn usi_sessions() {
    let src = include_str!("../../../tests/usi.rs");
    let sfens = sfen_column(include_str!("../../../tests/data/positions.tsv"));
    let transcript: Vec<String> = fill_holes(literals_in_order(src), src, &sfens)
        .into_iter()
        .filter(|l| {
            let first = l.split_whitespace().next().unwrap_or("");
            command::COMMANDS.contains(&first) && first != "quit"
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
