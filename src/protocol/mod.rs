//! The front ends, and what they share: the session (the channel of input lines and engine
//! events, the output, the engine), the signals (`signals`) and the text modes' terminal
//! ([`terminal`]: the line editor, or plain lines).

pub mod cecp;
pub mod csa;
pub mod fullscreen;
pub mod gnu;
pub(crate) mod signals;
mod switch;
pub mod terminal;
pub mod usi;
pub mod xshogi;

pub use switch::{LoopEnd, hand_over};

pub use crate::play::{Event, spawn_reader};

use crate::engine::Engine;
use crate::play::Match;

use std::io::BufRead;
use std::sync::mpsc::Sender;

/// A running front end: its event channel, its output, and the game the engine plays (with
/// the engine). Passed from one protocol to the next when the dialect changes (xshogi →
/// CECP on `xboard`, → USI on `usi`).
pub struct Session<W: std::io::Write> {
    pub events: std::sync::mpsc::Receiver<Event>,
    /// The channel's sending side, for what joins the input lines (signals).
    pub sender: Sender<Event>,
    pub out: W,
    /// The game, its clocks and the engine's searches, which report on the channel.
    pub play: Match,
}

impl<W: std::io::Write> Session<W> {
    /// Starts reading `input` on its own thread.
    pub fn new<R: BufRead + Send + 'static>(input: R, out: W, engine: Engine) -> Session<W> {
        let session = Session::without_input(out, engine);
        spawn_reader(input, session.sender.clone());
        session
    }

    /// A session whose input comes by other ways than a reader thread (the full screen's
    /// keys, a test), sent on `sender`.
    pub fn without_input(out: W, engine: Engine) -> Session<W> {
        let (sender, events) = std::sync::mpsc::channel();
        let play = Match::new(engine, sender.clone());
        Session { events, sender, out, play }
    }

    /// Writes one line and flushes it (protocol output must never sit in a buffer).
    pub fn send(&mut self, line: &str) -> std::io::Result<()> {
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }
}
