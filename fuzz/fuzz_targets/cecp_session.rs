//! A CECP (xboard) session fed the input's lines through the loop's own handler
//! (`Cecp::on_event`), kept in force mode so that the engine never searches: `go`,
//! `playother`, `analyze`, and `memory`/`cores` (which only take memory or threads) are
//! left out, and `force` follows any line that leaves force mode. Checked: no panic; only
//! CECP's lines are printed; a refused line leaves the game as it was; the end of input ends
//! the loop.
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
use gnushogi::protocol::cecp::state::{Cecp, Flow, Mode};
use libfuzzer_sys::fuzz_target;
use lines::{SharedOut as Out, cecp_line_ok, cecp_refusal};

fn left_out(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    matches!(first, "go" | "playother" | "analyze" | "memory" | "cores")
}

fn snapshot(c: &Cecp<Out>) -> (String, Vec<String>) {
    (to_sfen(c.game().start()), c.game().moves().iter().map(|m| m.to_string()).collect())
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (sender, _events) = std::sync::mpsc::channel();
    let out = Out::default();
    let engine =
        Engine::new(EngineOptions { hash_mib: 1, seed: Some(7), ..EngineOptions::default() });
    let mut cecp = Cecp::new(out.clone(), engine, sender);
    let feed = |cecp: &mut Cecp<Out>, line: &str| -> Flow {
        let before = snapshot(cecp);
        let mark = out.mark();
        let flow = cecp.on_event(Event::Line(line.to_string()));
        let reply = out.since(mark);
        for l in reply.lines() {
            assert!(cecp_line_ok(l), "not a CECP line: {l:?} (after {line:?})");
        }
        if reply.lines().any(cecp_refusal) {
            assert_eq!(
                snapshot(cecp),
                before,
                "{line:?} was refused ({}) but the game changed",
                reply.trim()
            );
        }
        flow
    };
    if feed(&mut cecp, "force") == Flow::Quit {
        return;
    }
    for line in text.lines().filter(|l| !left_out(l)) {
        if feed(&mut cecp, line) == Flow::Quit {
            cecp.shutdown();
            return;
        }
        if (cecp.mode() != Mode::Force || cecp.thinking()) && feed(&mut cecp, "force") == Flow::Quit
        {
            cecp.shutdown();
            return;
        }
        assert!(!cecp.thinking(), "a search runs in force mode after {line:?}");
    }
    let end = cecp.on_event(Event::Eof);
    assert_eq!(end, Flow::Quit, "the loop went on after the end of input");
    cecp.shutdown();
});
