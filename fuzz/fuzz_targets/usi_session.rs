//! A USI session fed the input's lines, as a GUI would send them, to the loop's own handler
//! (`Usi::on_event`). No search: `go` is left out (and `setoption` of the hash, the threads
//! and files, which only take memory, threads or the disk). Checked: no panic; only USI's
//! lines are printed; a line answered with `info string error` leaves the game as it was;
//! the end of input ends the loop.
#![no_main]

// Which lines the protocol may print, and the writer its replies are read from: shared
// with the tests (tests/common/lines.rs), whose lists of the other protocols this target
// does not use.
#[path = "../../tests/common/lines.rs"]
#[allow(dead_code)]
mod lines;

use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::notation::to_sfen;
use gnushogi::protocol::Event;
use gnushogi::protocol::usi::Usi;
use libfuzzer_sys::fuzz_target;
use lines::{SharedOut as Out, usi_line_ok};

fn left_out(line: &str) -> bool {
    let mut words = line.split_whitespace();
    match words.next() {
        Some("go") => true,
        Some("setoption") => {
            let l = line.to_ascii_lowercase();
            ["hash", "thread", "file"].iter().any(|w| l.contains(w))
        }
        _ => false,
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (sender, _events) = std::sync::mpsc::channel();
    let out = Out::default();
    let engine =
        Engine::new(EngineOptions { hash_mib: 1, seed: Some(3), ..EngineOptions::default() });
    let mut usi = Usi::new(out.clone(), engine, sender);
    for line in text.lines().filter(|l| !left_out(l)) {
        let before = (to_sfen(usi.game().start()), usi.game().moves().to_vec());
        let mark = out.mark();
        let go_on = usi.on_event(Event::Line(line.to_string())).expect("no write error");
        let reply = out.since(mark);
        for l in reply.lines() {
            assert!(usi_line_ok(l), "not a USI line: {l:?} (after {line:?})");
        }
        if reply.lines().any(|l| l.starts_with("info string error")) {
            let after = (to_sfen(usi.game().start()), usi.game().moves().to_vec());
            assert!(
                after == before,
                "{line:?} was refused ({}) but the game changed",
                reply.trim()
            );
        }
        if !go_on {
            usi.shutdown();
            return;
        }
    }
    assert!(!usi.on_event(Event::Eof).expect("no write error"), "the loop went on after EOF");
    usi.shutdown();
});
