//! A session driver for whole-transcript tests: the interpreter runs on its own thread with
//! a pipe-like input and a shared output; the test sends lines and waits for text.

#![allow(dead_code)]

mod output;
pub use output::SharedOut;

use gnushogi::config::Config;
use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::protocol::Session;
use std::io::{BufRead, Read};
use std::process::ExitCode;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Input that blocks like a pipe until the test sends a line; EOF when the sender is gone.
pub struct PipeIn {
    rx: Receiver<Vec<u8>>,
    buf: Vec<u8>,
    pos: usize,
}

impl Read for PipeIn {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let avail = self.fill_buf()?;
            let n = avail.len().min(out.len());
            out[..n].copy_from_slice(&avail[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for PipeIn {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.pos >= self.buf.len() {
            match self.rx.recv() {
                Ok(data) => {
                    self.buf = data;
                    self.pos = 0;
                }
                Err(_) => return Ok(&[]),
            }
        }
        Ok(&self.buf[self.pos..])
    }

    fn consume(&mut self, n: usize) {
        self.pos += n;
    }
}

/// Longest wait for expected output: only a failing test ever waits this long.
const PATIENCE: Duration = Duration::from_secs(120);

pub struct Driver {
    tx: Option<Sender<Vec<u8>>>,
    out: SharedOut,
    read: usize,
    thread: Option<JoinHandle<ExitCode>>,
}

/// Which front end to drive.
#[derive(Copy, Clone)]
pub enum Front {
    Raw,
    X,
}

impl Driver {
    pub fn start(front: Front, config: Config) -> Driver {
        let (tx, rx) = channel();
        let input = PipeIn { rx, buf: Vec::new(), pos: 0 };
        let out = SharedOut::default();
        let writer = out.clone();
        let thread = std::thread::spawn(move || {
            let engine = Engine::new(EngineOptions {
                hash_mib: 4,
                seed: Some(1),
                ..EngineOptions::default()
            });
            let session = Session::new(input, writer, engine);
            match front {
                Front::Raw => gnushogi::protocol::gnu::run(session, &config),
                Front::X => gnushogi::protocol::xshogi::run(session, &config),
            }
        });
        Driver { tx: Some(tx), out, read: 0, thread: Some(thread) }
    }

    pub fn raw() -> Driver {
        Driver::start(Front::Raw, Config { use_hash: true, seeded: true, ..Config::default() })
    }

    pub fn send(&mut self, line: &str) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(format!("{line}\n").into_bytes());
        }
    }

    fn text(&self) -> String {
        self.out.since(0)
    }

    /// Waits until the output not yet read contains `what`; returns it up to `what`'s end.
    pub fn expect(&mut self, what: &str) -> String {
        let start = Instant::now();
        loop {
            let all = self.text();
            if let Some(i) = all[self.read..].find(what) {
                let end = self.read + i + what.len();
                let got = all[self.read..end].to_string();
                self.read = end;
                return got;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited for {what:?}; output after the last match:\n{}",
                &all[self.read..]
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Waits for the first of several texts; returns which one came, and the output up to it.
    pub fn expect_any(&mut self, whats: &[&str]) -> (usize, String) {
        let start = Instant::now();
        loop {
            let all = self.text();
            let found = whats
                .iter()
                .enumerate()
                .filter_map(|(k, w)| all[self.read..].find(w).map(|i| (i + w.len(), k)))
                .min();
            if let Some((end, k)) = found {
                let got = all[self.read..self.read + end].to_string();
                self.read += end;
                return (k, got);
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited for one of {whats:?}; output after the last match:\n{}",
                &all[self.read..]
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Sends a line and returns the output up to the next prompt: for a move, or for a
    /// command once the game is over.
    pub fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.expect_any(&["\nYour move is? ", "\nYour command? "]).1
    }

    /// Closes the input; returns the rest of the output and the exit status.
    pub fn finish(mut self) -> (String, ExitCode) {
        self.tx = None;
        let code = self.thread.take().unwrap().join().unwrap();
        let all = self.text();
        (all[self.read..].to_string(), code)
    }
}

/// A fresh directory under the system temp dir.
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("gnushogi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
