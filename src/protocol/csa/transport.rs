//! How a connection reaches its server: a TCP stream for real play ([`Tcp`]), or a pair of
//! channels inside this process ([`local`]), so that whole sessions run without a socket
//! (the tests: a server scripted on what the client sends).
//!
//! Either way the server's bytes are read by [`spawn_reader`] on a thread of its own and
//! come on the match's channel as [`Event`]s, cut into lines the same way (`\r\n`, lines too
//! long, bytes that are not UTF-8), then [`Event::Eof`] once the server closes.

use crate::play::{Event, spawn_reader};
use std::io::{self, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::Duration;

/// Longest a write to a server may block: a server that stops reading must not hold the
/// program for ever.
const WRITE_WAIT: Duration = Duration::from_secs(20);

/// Where a connection's lines go and come from.
pub trait Transport {
    /// Starts reading the server's lines on a thread of their own, each sent on `events`
    /// (see the module's documentation). Called once, before anything is sent.
    fn spawn_reader(&mut self, events: Sender<Event>) -> io::Result<()>;
    /// Sends one line (its newline added) at once.
    fn send_line(&mut self, line: &str) -> io::Result<()>;
    /// Closes the connection both ways: the server sees its end, and so does the reader.
    fn close(&mut self);
}

/// A TCP connection to a server.
pub struct Tcp(TcpStream);

impl Tcp {
    /// Takes over a connected stream: each line goes out at once (no Nagle delay), and a
    /// write blocks at most 20 s (a server that reads nothing is gone).
    pub fn new(stream: TcpStream) -> io::Result<Tcp> {
        stream.set_nodelay(true)?;
        stream.set_write_timeout(Some(WRITE_WAIT))?;
        Ok(Tcp(stream))
    }
}

impl Transport for Tcp {
    fn spawn_reader(&mut self, events: Sender<Event>) -> io::Result<()> {
        spawn_reader(BufReader::new(self.0.try_clone()?), events);
        Ok(())
    }

    fn send_line(&mut self, line: &str) -> io::Result<()> {
        // One write, so that the line leaves in one segment.
        self.0.write_all(format!("{line}\n").as_bytes())?;
        self.0.flush()
    }

    fn close(&mut self) {
        let _ = self.0.shutdown(std::net::Shutdown::Both);
    }
}

/// A connection inside this process: the client's end ([`Local`]) and the server's
/// ([`LocalServer`]).
pub fn local() -> (Local, LocalServer) {
    let (to_client, from_server) = channel();
    let (to_server, from_client) = channel();
    let client = Local {
        to_server: Some(to_server),
        from_server: Some(Bytes { rx: from_server, chunk: Vec::new(), at: 0, ended: false }),
        wake: to_client.clone(),
    };
    (client, LocalServer { to_client, from_client: Some(from_client) })
}

/// What goes from the server to the client: bytes, or the end.
enum Chunk {
    Bytes(Vec<u8>),
    End,
}

/// The client's end of an in-process connection.
pub struct Local {
    to_server: Option<Sender<String>>,
    /// The server's bytes, until the reader takes them.
    from_server: Option<Bytes>,
    /// The way to the reader, to end it when the client closes.
    wake: Sender<Chunk>,
}

impl Transport for Local {
    fn spawn_reader(&mut self, events: Sender<Event>) -> io::Result<()> {
        let bytes = self.from_server.take().ok_or_else(|| {
            io::Error::new(io::ErrorKind::AlreadyExists, "the connection is read already")
        })?;
        spawn_reader(BufReader::new(bytes), events);
        Ok(())
    }

    fn send_line(&mut self, line: &str) -> io::Result<()> {
        let gone = || io::Error::new(io::ErrorKind::BrokenPipe, "the server has gone");
        let to_server = self.to_server.as_ref().ok_or_else(gone)?;
        to_server.send(line.to_string()).map_err(|_| gone())
    }

    fn close(&mut self) {
        self.to_server = None;
        let _ = self.wake.send(Chunk::End);
    }
}

/// The server's bytes as a reader: a chunk at a time, empty (the end) once the server
/// closes.
struct Bytes {
    rx: Receiver<Chunk>,
    chunk: Vec<u8>,
    at: usize,
    ended: bool,
}

impl Read for Bytes {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at >= self.chunk.len() && !self.ended {
            match self.rx.recv() {
                Ok(Chunk::Bytes(b)) => (self.chunk, self.at) = (b, 0),
                Ok(Chunk::End) | Err(_) => self.ended = true,
            }
        }
        let rest = &self.chunk[self.at.min(self.chunk.len())..];
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        Ok(n)
    }
}

/// How a wait for the client's next line ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromClient {
    Line(String),
    /// Nothing came in the time given.
    Timeout,
    /// The client closed the connection (or the server did).
    Closed,
}

/// The server's end of an in-process connection. Dropping it closes the connection.
pub struct LocalServer {
    to_client: Sender<Chunk>,
    from_client: Option<Receiver<String>>,
}

impl LocalServer {
    /// Sends text as it is: one line or several, each with its newline, or part of a line.
    pub fn send(&self, text: &str) {
        self.send_bytes(text.as_bytes());
    }

    /// Sends bytes as they are (the client reads them as from a socket).
    pub fn send_bytes(&self, bytes: &[u8]) {
        if self.from_client.is_some() {
            let _ = self.to_client.send(Chunk::Bytes(bytes.to_vec()));
        }
    }

    /// The client's next line, waiting at most `wait`.
    pub fn recv(&self, wait: Duration) -> FromClient {
        let Some(rx) = &self.from_client else { return FromClient::Closed };
        match rx.recv_timeout(wait) {
            Ok(line) => FromClient::Line(line),
            Err(RecvTimeoutError::Timeout) => FromClient::Timeout,
            Err(RecvTimeoutError::Disconnected) => FromClient::Closed,
        }
    }

    /// Closes the connection: the client reads its end, and what it sends from now on
    /// fails.
    pub fn close(&mut self) {
        if self.from_client.take().is_some() {
            let _ = self.to_client.send(Chunk::End);
        }
    }
}

impl Drop for LocalServer {
    fn drop(&mut self) {
        self.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn next_line(rx: &Receiver<Event>) -> String {
        match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(Event::Line(l)) => l,
            Ok(Event::Eof) => "<eof>".into(),
            Ok(other) => format!("{other:?}"),
            Err(e) => format!("<{e}>"),
        }
    }

    /// Lines both ways, cut as a socket's are; either side's close is seen by the other.
    #[test]
    fn lines_both_ways_then_the_end() {
        let (mut client, mut server) = local();
        let (tx, rx) = channel();
        client.spawn_reader(tx.clone()).unwrap();
        assert!(client.spawn_reader(tx).is_err());
        client.send_line("LOGIN a b").unwrap();
        assert_eq!(server.recv(Duration::from_secs(60)), FromClient::Line("LOGIN a b".into()));
        server.send("LOGIN:a OK\r\nSTA");
        server.send_bytes(b"RT:x\n\xff\n");
        assert_eq!(next_line(&rx), "LOGIN:a OK");
        assert_eq!(next_line(&rx), "START:x");
        assert_eq!(next_line(&rx), "\\xff");
        server.close();
        assert_eq!(next_line(&rx), "<eof>");
        assert!(client.send_line("LOGOUT").is_err());
        assert_eq!(server.recv(Duration::ZERO), FromClient::Closed);
    }

    #[test]
    fn the_clients_close_ends_its_reader() {
        let (mut client, server) = local();
        let (tx, rx) = channel();
        client.spawn_reader(tx).unwrap();
        client.close();
        assert_eq!(next_line(&rx), "<eof>");
        assert_eq!(server.recv(Duration::from_secs(60)), FromClient::Closed);
        assert!(client.send_line("x").is_err());
    }
}
