//! The one channel a front end reads: input lines (read on a thread of their own, so that
//! commands arrive while the engine thinks) and the events of the engine's searches, tagged
//! with the [`SearchId`] of the search they belong to.

use crate::engine::EngineEvent;
use std::io::BufRead;
use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::thread::JoinHandle;

/// Longest input line kept; the rest of a longer line is discarded.
pub const MAX_LINE: usize = 64 * 1024;

/// What a front end's loop waits for.
#[derive(Debug)]
pub enum Event {
    /// One input line, without its end-of-line characters.
    Line(String),
    /// A line longer than [`MAX_LINE`] bytes: refused whole (cut, it could still parse, as a
    /// different command). `start` is its beginning, to show in the error; `len` its length.
    TooLong { start: String, len: usize },
    /// The input is closed (or unreadable).
    Eof,
    /// An event of the search `SearchId`: a front end takes it only from the search it is
    /// waiting for, as one it gave up may still have events in the channel.
    Engine(SearchId, EngineEvent),
    /// SIGTERM or SIGHUP: end now, as on `quit`.
    Terminate,
    /// Ctrl-C on a terminal while no line is read (the line editor's): the computer, if it
    /// is thinking, moves now.
    Interrupt,
}

/// The identity of one search. Ids are equal only when cloned from the same
/// `SearchId::tagged` (the match's, inside the crate); an event holds its id, so the id
/// cannot be reused while the event waits in the channel (no counter to share between front
/// ends).
#[derive(Clone, Debug)]
pub struct SearchId(Arc<u8>);

impl PartialEq for SearchId {
    fn eq(&self, other: &SearchId) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for SearchId {}

impl SearchId {
    /// A new search's id, and the callback for `Engine::start` that sends its events on
    /// `sender`, tagged with it.
    pub(crate) fn tagged(
        sender: &Sender<Event>,
    ) -> (SearchId, impl FnMut(EngineEvent) + Send + 'static + use<>) {
        let id = SearchId(Arc::new(0));
        let (tag, tx) = (id.clone(), sender.clone());
        (id, move |e| {
            let _ = tx.send(Event::Engine(tag.clone(), e));
        })
    }
}

/// Reads lines on a thread of its own and sends them as events, then `Eof`. Bytes that are
/// not UTF-8 are written as `\xff`; a line over [`MAX_LINE`] bytes becomes [`Event::TooLong`] (read to its end, not
/// kept).
pub fn spawn_reader<R: BufRead + Send + 'static>(
    mut input: R,
    tx: Sender<Event>,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let event = match read_bounded_line(&mut input, &mut buf) {
                Ok(None) | Err(_) => {
                    let _ = tx.send(Event::Eof);
                    return;
                }
                Ok(Some(len)) if len > MAX_LINE => {
                    let start = text_of(&buf[..TOO_LONG_SHOWN]);
                    Event::TooLong { start, len }
                }
                Ok(Some(len)) => {
                    buf.truncate(len);
                    Event::Line(text_of(&buf))
                }
            };
            if tx.send(event).is_err() {
                return;
            }
        }
    })
}

/// The text of an input line: a byte that is not UTF-8 becomes `\xff`, so that an echo of
/// the line shows the byte typed, not a replacement mark that hides it.
fn text_of(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        for b in chunk.invalid() {
            text.push_str(&format!("\\x{b:02x}"));
        }
    }
    text
}

/// How much of a line too long to keep is shown in the error.
pub const TOO_LONG_SHOWN: usize = 40;

/// Reads up to a newline, keeping at most `MAX_LINE` bytes in `buf`. Returns the length of
/// the line without its end (`\n` or `\r\n`), or `None` at the end of input.
fn read_bounded_line<R: BufRead>(
    input: &mut R,
    buf: &mut Vec<u8>,
) -> std::io::Result<Option<usize>> {
    let (mut len, mut read_any, mut last) = (0usize, false, 0u8);
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            // The last line may lack its newline.
            return Ok(read_any.then_some(len - usize::from(last == b'\r')));
        }
        read_any = true;
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], true),
            None => (available, false),
        };
        let room = MAX_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        len += chunk.len();
        if let Some(&b) = chunk.last() {
            last = b;
        }
        let n = chunk.len() + usize::from(done);
        input.consume(n);
        if done {
            return Ok(Some(len - usize::from(last == b'\r')));
        }
    }
}
