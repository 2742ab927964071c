//! Plumbing shared by the protocol front ends: one channel carries both input lines (read on
//! their own thread, so commands arrive while the engine thinks) and engine events.

pub mod cecp;
pub mod fullscreen;
pub mod text;
pub mod usi;
pub mod xshogi;

use crate::engine::EngineEvent;
use std::io::BufRead;
use std::sync::mpsc::Sender;
use std::thread::JoinHandle;

/// Longest input line kept; the rest of a longer line is discarded.
pub const MAX_LINE: usize = 64 * 1024;

/// What a front end's loop waits for.
#[derive(Debug)]
pub enum Event {
    /// One input line, without its end-of-line characters.
    Line(String),
    /// The input is closed (or unreadable).
    Eof,
    Engine(EngineEvent),
}

/// Reads lines on a thread of its own and sends them as events, then `Eof`. Invalid UTF-8 is
/// replaced, over-long lines are cut to [`MAX_LINE`] bytes.
pub fn spawn_reader<R: BufRead + Send + 'static>(
    mut input: R,
    tx: Sender<Event>,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match read_bounded_line(&mut input, &mut buf) {
                Ok(0) | Err(_) => {
                    let _ = tx.send(Event::Eof);
                    return;
                }
                Ok(_) => {
                    while matches!(buf.last(), Some(b'\n' | b'\r')) {
                        buf.pop();
                    }
                    let line = String::from_utf8_lossy(&buf).into_owned();
                    if tx.send(Event::Line(line)).is_err() {
                        return;
                    }
                }
            }
        }
    })
}

/// Reads up to a newline, keeping at most `MAX_LINE` bytes. Returns the bytes consumed.
fn read_bounded_line<R: BufRead>(input: &mut R, buf: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut consumed = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(consumed);
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let room = MAX_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let n = chunk.len();
        input.consume(n);
        consumed += n;
        if done {
            return Ok(consumed);
        }
    }
}

/// A running front end: its event channel, its output, and the engine. Passed from one
/// protocol to the next when the dialect changes (xshogi → CECP on `xboard`, → USI on `usi`).
pub struct Session<W: std::io::Write> {
    pub events: std::sync::mpsc::Receiver<Event>,
    /// Clone this into engine callbacks so search events join the input lines.
    pub sender: Sender<Event>,
    pub out: W,
    pub engine: crate::engine::Engine,
}

impl<W: std::io::Write> Session<W> {
    /// Starts reading `input` on its own thread.
    pub fn new<R: BufRead + Send + 'static>(
        input: R,
        out: W,
        engine: crate::engine::Engine,
    ) -> Session<W> {
        let (sender, events) = std::sync::mpsc::channel();
        spawn_reader(input, sender.clone());
        Session { events, sender, out, engine }
    }

    /// Writes one line and flushes it (protocol output must never sit in a buffer).
    pub fn send(&mut self, line: &str) -> std::io::Result<()> {
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn lines_then_eof() {
        let (tx, rx) = mpsc::channel();
        let data: &[u8] = b"xboard\r\nprotover 2\n\xff\xfebad\nlast";
        spawn_reader(data, tx).join().unwrap();
        let got: Vec<String> = rx
            .iter()
            .map(|e| match e {
                Event::Line(l) => l,
                Event::Eof => "<eof>".into(),
                Event::Engine(_) => "<engine>".into(),
            })
            .collect();
        assert_eq!(got, ["xboard", "protover 2", "\u{fffd}\u{fffd}bad", "last", "<eof>"]);
    }

    #[test]
    fn long_lines_are_cut() {
        let (tx, rx) = mpsc::channel();
        let mut data = vec![b'a'; MAX_LINE * 3];
        data.extend_from_slice(b"\nok\n");
        spawn_reader(std::io::Cursor::new(data), tx).join().unwrap();
        match rx.recv().unwrap() {
            Event::Line(l) => assert_eq!(l.len(), MAX_LINE),
            e => panic!("{e:?}"),
        }
        assert!(matches!(rx.recv().unwrap(), Event::Line(l) if l == "ok"));
    }
}
