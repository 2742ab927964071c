//! `protocol::gnu::display`: the kinds of the interpreter's messages, and the raw surface's escapes.

use gnushogi::config::Config;
use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::protocol::Session;
use gnushogi::protocol::gnu::board::Status;
use gnushogi::protocol::gnu::display::*;
use gnushogi::protocol::gnu::{Interp, Link};
use gnushogi::search::SearchInfo;

/// Keeps the messages with their kinds.
#[derive(Default)]
struct Recorder(Vec<(MessageKind, String)>);

impl Surface for Recorder {
    fn start(&mut self, _: BoardState<'_>) {}
    fn message(&mut self, kind: MessageKind, text: &str) {
        self.0.push((kind, text.to_string()));
    }
    fn text(&mut self, _: &str) {}
    fn changed(&mut self, _: BoardState<'_>) {}
    fn board(&mut self, _: BoardState<'_>) {}
    fn prompt(&mut self) {}
    fn ask(&mut self, _: &str) {}
    fn help(&mut self, _: &Status) {}
    fn thinking(&mut self, _: &SearchInfo, _: bool) {}
    fn computer_moved(&mut self, _: u32, _: MoveNumber, _: &str, _: i64) {}
    fn my_move(&mut self, _: &str, _: bool) {}
}

#[test]
fn refusals_are_errors_and_replies_are_not() {
    let engine = Engine::new(EngineOptions { hash_mib: 1, ..EngineOptions::default() });
    let mut session = Session::without_input(std::io::sink(), engine);
    let (link, _) = Link::split(&mut session);
    let mut interp = Interp::new(link, &Config::default(), Recorder::default());
    let kind_of = |interp: &mut Interp<'_, Recorder>, line: &str| {
        interp.input(line.to_string());
        interp.display_mut().0.drain(..).map(|(k, _)| k).collect::<Vec<_>>()
    };
    use MessageKind::{Error, Reply};
    assert_eq!(kind_of(&mut interp, "7g7e"), [Error]);
    assert_eq!(kind_of(&mut interp, "zz"), [Error, Error]);
    assert_eq!(kind_of(&mut interp, "depth x"), [Error]);
    assert_eq!(kind_of(&mut interp, "book"), [Reply]);
    assert_eq!(kind_of(&mut interp, "rcptr"), [Reply]);
    assert!(kind_of(&mut interp, "edit").iter().all(|&k| k == Reply));
    assert_eq!(kind_of(&mut interp, "x5e"), [Error]);
    assert_eq!(kind_of(&mut interp, "p5j"), [Error]);
    assert_eq!(kind_of(&mut interp, "."), []);
}

#[test]
fn unprintable_characters_are_escaped() {
    assert_eq!(printable("Illegal move (no match): \x1b[A"), "Illegal move (no match): \\x1b[A");
    assert_eq!(printable("a\tb\u{85}c\u{7f}"), "a\\x09b\\u{85}c\\x7f");
    assert_eq!(printable("7g7f é"), "7g7f é");
}
