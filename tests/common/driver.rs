//! One driver for a session with the program, whatever its protocol and wherever it runs: a
//! front end on a thread of this process (its public `run` over OS pipes), or the real binary
//! as a child (over its stdin and stdout). Either way the test writes lines to the input, and
//! a thread of the driver copies the output into a buffer that the test reads as it comes:
//! by lines, or by any text (the text mode's prompts end no line). Every wait has a deadline.
//!
//! A protocol is a [`Protocol`]: its in-process entry point, its fence (a request that is
//! answered once everything sent before it is done) and the line of an engine move. Another
//! protocol (the CSA client, whose input and output are a network connection) is a variant
//! there and a constructor that hands [`Driver::over`] its two ends.

use gnushogi::config::Config;
use gnushogi::engine::Engine;
use gnushogi::protocol::terminal::Input;
use gnushogi::protocol::{Session, cecp, gnu, spawn_reader, usi, xshogi};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitCode, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Longest wait for anything: only a failing test (a hang) waits this long.
pub const PATIENCE: Duration = Duration::from_secs(120);

pub const BIN: &str = env!("CARGO_BIN_EXE_gnushogi");

/// The dialect a session speaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// XBoard/CECP v2.
    Cecp,
    Usi,
    /// GNU Shogi's text mode (`-R`).
    Gnu,
    /// GNU Shogi's X display, as xshogi drives it.
    Xshogi,
}

impl Protocol {
    /// A request answered once all lines before it are done, and its answer (`n` numbers it
    /// where the protocol can tell fences apart).
    fn fence(self, n: u64) -> (String, String) {
        match self {
            Protocol::Cecp => (format!("ping {n}"), format!("pong {n}")),
            Protocol::Usi => ("isready".into(), "readyok".into()),
            Protocol::Gnu | Protocol::Xshogi => panic!("{self:?} has no fence: wait for text"),
        }
    }

    /// The start of the line that carries the engine's move (its first word after it).
    fn move_prefix(self) -> &'static str {
        match self {
            Protocol::Cecp => "move ",
            Protocol::Usi => "bestmove ",
            Protocol::Gnu => "My move is: ",
            Protocol::Xshogi => panic!("the X display numbers its moves: wait for its text"),
        }
    }

    /// Serves `session` on this thread, reading `input`, until it ends, as the program does
    /// after reading the protocol's first words.
    fn serve<W: Write>(
        self,
        session: Session<W>,
        input: impl BufRead + Send + 'static,
        config: &Config,
    ) -> ExitCode {
        match self {
            Protocol::Gnu => gnu::run(session, config, Input::lines(input)),
            Protocol::Xshogi => xshogi::run(session, config, Input::lines(input)),
            Protocol::Cecp | Protocol::Usi => {
                spawn_reader(input, session.sender.clone());
                if self == Protocol::Cecp { cecp::run(session) } else { usi::run(session) }
            }
        }
    }
}

/// How a session ended.
#[derive(Debug)]
pub enum Exit {
    /// A front end's `run` returned this.
    Returned(ExitCode),
    /// The process ended so.
    Process(ExitStatus),
}

impl Exit {
    pub fn success(&self) -> bool {
        match self {
            Exit::Returned(code) => *code == ExitCode::SUCCESS,
            Exit::Process(status) => status.success(),
        }
    }

    /// The exit status as a number (`None` for a process ended by a signal).
    pub fn code(&self) -> Option<i32> {
        match self {
            // An `ExitCode` shows its value only by comparison.
            Exit::Returned(code) => {
                (0..=255u8).find(|&n| ExitCode::from(n) == *code).map(i32::from)
            }
            Exit::Process(status) => status.code(),
        }
    }
}

/// What runs the session.
pub enum Runner {
    Thread(JoinHandle<ExitCode>),
    Process(Child),
    /// Gone: waited for.
    Done,
}

/// The output so far, and whether it has ended; a condition variable wakes the waiters.
#[derive(Default)]
struct Output {
    text: Mutex<(Vec<u8>, bool)>,
    grown: Condvar,
}

pub struct Driver {
    protocol: Protocol,
    input: Option<Box<dyn Write + Send>>,
    output: Arc<Output>,
    /// Cleared to stop reading the output: the reader then drops it at its next read.
    reading: Arc<AtomicBool>,
    /// How much of the output the test has taken, in bytes.
    read: usize,
    runner: Runner,
    stderr: Option<JoinHandle<String>>,
    fences: u64,
    /// Lines already taken by [`Driver::until`].
    pub seen: Vec<String>,
}

/// Reads a pipe to its end, lossily.
fn read_all(mut r: impl Read + Send + 'static) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = r.read_to_end(&mut v);
        String::from_utf8_lossy(&v).into_owned()
    })
}

impl Driver {
    /// A session over any pair of ends: `input` the program reads, `output` it writes (none:
    /// nobody reads what it writes, and its writes fail).
    pub fn over(
        protocol: Protocol,
        input: Box<dyn Write + Send>,
        output: Option<Box<dyn Read + Send>>,
        runner: Runner,
    ) -> Driver {
        let out = Arc::new(Output::default());
        let reading = Arc::new(AtomicBool::new(true));
        match output {
            Some(mut from) => {
                let (to, go_on) = (Arc::clone(&out), Arc::clone(&reading));
                std::thread::spawn(move || {
                    let mut chunk = [0u8; 4096];
                    while go_on.load(Ordering::Relaxed) {
                        match from.read(&mut chunk) {
                            Ok(0) | Err(_) => break,
                            Ok(n) => {
                                to.text.lock().unwrap().0.extend_from_slice(&chunk[..n]);
                                to.grown.notify_all();
                            }
                        }
                    }
                    to.text.lock().unwrap().1 = true;
                    to.grown.notify_all();
                });
            }
            None => out.text.lock().unwrap().1 = true,
        }
        Driver {
            protocol,
            input: Some(input),
            output: out,
            reading,
            read: 0,
            runner,
            stderr: None,
            fences: 0,
            seen: Vec::new(),
        }
    }

    /// The front end of `protocol` on a thread of this process, with `engine`; `config` is
    /// the command line's (the text mode and the X display read it).
    pub fn in_process(protocol: Protocol, engine: Engine, config: Config) -> Driver {
        Driver::in_process_after(protocol, engine, config, |_| {})
    }

    /// As [`Driver::in_process`], the session first left as `before` leaves it (what a front
    /// end before this one did to it).
    pub fn in_process_after(
        protocol: Protocol,
        engine: Engine,
        config: Config,
        before: impl FnOnce(&mut Session<std::io::PipeWriter>),
    ) -> Driver {
        let (in_r, in_w) = std::io::pipe().expect("a pipe");
        let (out_r, out_w) = std::io::pipe().expect("a pipe");
        let mut session = Session::without_input(out_w, engine);
        before(&mut session);
        let input = BufReader::new(in_r);
        let thread = std::thread::spawn(move || protocol.serve(session, input, &config));
        Driver::over(protocol, Box::new(in_w), Some(Box::new(out_r)), Runner::Thread(thread))
    }

    /// The real program with `args` in `dir`; `shell_prefix` (e.g. `ulimit -f 0`) runs
    /// before it in sh, which then execs it. `read_output` false closes its stdout at once.
    /// It speaks the text mode until told otherwise ([`Driver::speaking`]).
    pub fn spawn(
        args: &[&str],
        dir: &Path,
        shell_prefix: Option<&str>,
        read_output: bool,
    ) -> Driver {
        let mut cmd = match shell_prefix {
            Some(prefix) => {
                let mut c = Command::new("sh");
                c.arg("-c").arg(format!("{prefix}; exec \"$0\" \"$@\"")).arg(BIN).args(args);
                c
            }
            None => {
                let mut c = Command::new(BIN);
                c.args(args);
                c
            }
        };
        let mut child = cmd
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the program starts");
        let stdout = child.stdout.take().expect("piped");
        let stdin = child.stdin.take().expect("piped");
        let stderr = read_all(child.stderr.take().expect("piped"));
        // Nobody reads a stdout not kept: the program's writes fail with a broken pipe.
        let output: Option<Box<dyn Read + Send>> =
            if read_output { Some(Box::new(stdout)) } else { None };
        let mut d = Driver::over(Protocol::Gnu, Box::new(stdin), output, Runner::Process(child));
        d.stderr = Some(stderr);
        d
    }

    /// The real program with `args`, in the temporary directory.
    pub fn start(args: &[&str]) -> Driver {
        Driver::spawn(args, &std::env::temp_dir(), None, true)
    }

    /// From now on the session speaks `protocol` (the program turned to it).
    pub fn speaking(mut self, protocol: Protocol) -> Driver {
        self.protocol = protocol;
        self
    }

    pub fn pid(&self) -> u32 {
        match &self.runner {
            Runner::Process(child) => child.id(),
            _ => panic!("not a process"),
        }
    }

    /// Sends bytes as they are (a write error means the program has stopped reading: the
    /// tests of that look at how it ended).
    pub fn send_bytes(&mut self, data: &[u8]) {
        if let Some(w) = self.input.as_mut() {
            let _ = w.write_all(data).and_then(|()| w.flush());
        }
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    pub fn send_all(&mut self, lines: &[&str]) {
        for l in lines {
            self.send(l);
        }
    }

    /// Sends a large input from a thread, then closes the input (the output is read on a
    /// thread of its own, so neither can block the other).
    pub fn send_all_and_close(&mut self, data: Vec<u8>) {
        if let Some(mut w) = self.input.take() {
            std::thread::spawn(move || {
                let _ = w.write_all(&data);
            });
        }
    }

    /// Sends `data` again and again from a thread until a write fails (the program has
    /// ended). Each round makes the program write, so it meets a closed output at some
    /// write, whatever fitted in the pipe before the reader went (or while a child forked by
    /// another test still held a copy of the read end).
    pub fn keep_sending(&mut self, data: &[u8]) {
        if let Some(mut w) = self.input.take() {
            let data = data.to_vec();
            std::thread::spawn(move || {
                loop {
                    if w.write_all(&data).and_then(|()| w.flush()).is_err() {
                        return;
                    }
                }
            });
        }
    }

    /// Stops reading the output: the pipe closes after the next read, and the program's
    /// writes then fail (a GUI that went away).
    pub fn stop_reading(&mut self) {
        self.reading.store(false, Ordering::Relaxed);
    }

    pub fn close(&mut self) {
        self.input = None;
    }

    /// Waits until `found` finds what it looks for in the output not yet taken (and whether
    /// the output has ended); takes the output up to the end it returns. `what` names it in
    /// the failure, which shows the output after the last match.
    fn take(&mut self, what: &str, found: impl Fn(&str, bool) -> Option<usize>) -> String {
        let deadline = Instant::now() + PATIENCE;
        let mut guard = self.output.text.lock().unwrap();
        loop {
            let (bytes, ended) = &*guard;
            let rest = String::from_utf8_lossy(&bytes[self.read..]).into_owned();
            if let Some(end) = found(&rest, *ended) {
                // `end` counts in the lossy text: measure it back in bytes.
                let taken = rest[..end].to_string();
                let raw = lossy_prefix_len(&bytes[self.read..], &taken);
                self.read += raw;
                return taken;
            }
            if *ended {
                drop(guard);
                panic!("the output ended before {what}; after the last match:\n{rest}");
            }
            let now = Instant::now();
            if now >= deadline {
                drop(guard);
                self.kill();
                panic!("no {what} within {PATIENCE:?}; the output after the last match:\n{rest}");
            }
            guard = self.output.grown.wait_timeout(guard, deadline - now).unwrap().0;
        }
    }

    /// Waits for a line that satisfies `pred`; returns the lines before it, and it. A last
    /// line without its end counts once the output has ended.
    pub fn until(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> (Vec<String>, String) {
        let text = self.take(what, |rest, ended| {
            let mut start = 0;
            loop {
                let (line, next) = match rest[start..].find('\n') {
                    Some(i) => (&rest[start..start + i], start + i + 1),
                    None if ended && start < rest.len() => (&rest[start..], rest.len()),
                    None => return None,
                };
                if pred(line.trim_end_matches('\r')) {
                    return Some(next);
                }
                start = next;
            }
        });
        let mut lines: Vec<String> =
            text.lines().map(|l| l.trim_end_matches('\r').to_string()).collect();
        self.seen.extend(lines.iter().cloned());
        let line = lines.pop().expect("the line found");
        (lines, line)
    }

    /// Every new line up to and with the first that satisfies `pred`.
    pub fn up_to(&mut self, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let (mut lines, line) = self.until("the expected line", pred);
        lines.push(line);
        lines
    }

    /// The next new line that starts with `prefix`.
    pub fn expect_line(&mut self, prefix: &str) -> String {
        self.until(prefix, |l| l.starts_with(prefix)).1
    }

    /// The next line, whatever it is.
    pub fn next_line(&mut self) -> String {
        self.until("a line", |_| true).1
    }

    /// Waits until the output not yet taken contains `what`; returns it up to `what`'s end.
    pub fn expect(&mut self, what: &str) -> String {
        self.expect_any(&[what]).1
    }

    /// Waits for the first of several texts; returns which one came, and the output up to it.
    pub fn expect_any(&mut self, whats: &[&str]) -> (usize, String) {
        let found = |rest: &str| {
            whats
                .iter()
                .enumerate()
                .filter_map(|(k, w)| rest.find(w).map(|i| (i + w.len(), k)))
                .min()
        };
        let text = self.take(&format!("one of {whats:?}"), |rest, _| found(rest).map(|f| f.0));
        let (_, k) = found(&text).expect("found");
        (k, text)
    }

    /// Sends a line and returns the output up to the next prompt of the text mode: for a
    /// move, or for a command once the game is over.
    pub fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.expect_any(&["\nYour move is? ", "\nYour command? "]).1
    }

    /// Sends the protocol's fence and returns every line printed before its answer.
    pub fn sync(&mut self) -> Vec<String> {
        self.fences += 1;
        let (ask, answer) = self.protocol.fence(self.fences);
        self.send(&ask);
        self.until(&answer, |l| l == answer).0
    }

    /// Waits for the engine's move; returns the move and the lines before it.
    pub fn engine_move(&mut self) -> (String, Vec<String>) {
        let prefix = self.protocol.move_prefix();
        let (before, line) = self.until("move", |l| l.starts_with(prefix));
        let word = line[prefix.len()..].split_whitespace().next().unwrap_or("");
        // The text mode rings the bell after it.
        (word.trim_end_matches('\u{7}').to_string(), before)
    }

    /// The CPU time the program has used, in clock ticks (utime + stime of /proc/PID/stat).
    pub fn cpu_ticks(&self) -> u64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.pid()))
            .expect("the program runs");
        // The fields after the command name: state is the 3rd field, utime the 14th.
        let fields: Vec<&str> = stat[stat.rfind(')').expect("stat") + 2..].split(' ').collect();
        fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
    }

    /// Waits until the program has used `ticks` clock ticks of CPU in all: it is computing
    /// (the sign of a search that prints nothing, as an idle program uses none).
    pub fn until_cpu(&mut self, what: &str, ticks: u64) {
        let deadline = Instant::now() + PATIENCE;
        while self.cpu_ticks() < ticks {
            if Instant::now() > deadline {
                self.kill();
                panic!("no {what} within {PATIENCE:?}");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Sends a signal by name (TERM, INT, HUP) with kill(1).
    pub fn signal(&self, name: &str) {
        let ok = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.pid().to_string())
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "kill -{name} failed");
    }

    fn kill(&mut self) {
        if let Runner::Process(child) = &mut self.runner {
            let _ = child.kill();
        }
    }

    /// Waits for the end (without closing the input); returns how it ended, the rest of the
    /// output (in lines; a last one without its end too) and stderr (a process's). A program
    /// still running after [`PATIENCE`] is killed: a failure.
    pub fn wait(self) -> (Exit, Vec<String>, String) {
        let (exit, rest, err) = self.wait_text();
        (exit, rest.lines().map(|l| l.trim_end_matches('\r').to_string()).collect(), err)
    }

    /// [`Driver::wait`], with the rest of the output as it came.
    pub fn wait_text(mut self) -> (Exit, String, String) {
        let deadline = Instant::now() + PATIENCE;
        let exit = match std::mem::replace(&mut self.runner, Runner::Done) {
            Runner::Thread(thread) => {
                while !thread.is_finished() {
                    assert!(Instant::now() < deadline, "the loop did not end within {PATIENCE:?}");
                    std::thread::sleep(Duration::from_millis(10));
                }
                Exit::Returned(thread.join().expect("the loop did not panic"))
            }
            Runner::Process(mut child) => loop {
                match child.try_wait() {
                    Ok(Some(s)) => break Exit::Process(s),
                    Ok(None) if Instant::now() < deadline => {
                        std::thread::sleep(Duration::from_millis(10));
                    }
                    _ => {
                        let _ = child.kill();
                        let _ = child.wait();
                        panic!("the program did not end within {PATIENCE:?}");
                    }
                }
            },
            Runner::Done => unreachable!("waited for once"),
        };
        // The output ends when the last writer has gone (a pipe a child holds may outlive
        // it). Once the test stopped reading, the rest is not kept.
        let rest = if self.reading.load(Ordering::Relaxed) {
            self.take("the end of the output", |rest, ended| ended.then_some(rest.len()))
        } else {
            String::new()
        };
        let err = self.stderr.take().map_or_else(String::new, |h| h.join().unwrap_or_default());
        (exit, rest, err)
    }

    /// Closes the input and waits for the end.
    pub fn finish(mut self) -> (Exit, Vec<String>, String) {
        self.close();
        self.wait()
    }
}

/// How many bytes of `raw` make `text`, a prefix of its lossy reading.
fn lossy_prefix_len(raw: &[u8], text: &str) -> usize {
    let mut used = 0;
    let mut chars = 0;
    let want = text.chars().count();
    for chunk in raw.utf8_chunks() {
        for c in chunk.valid().chars() {
            if chars == want {
                return used;
            }
            used += c.len_utf8();
            chars += 1;
        }
        if !chunk.invalid().is_empty() {
            if chars == want {
                return used;
            }
            used += chunk.invalid().len();
            chars += 1;
        }
    }
    used
}

/// Runs the program on `input` to its end: how it ended, its output lines and stderr.
pub fn run(args: &[&str], dir: &Path, input: &[u8]) -> (Exit, Vec<String>, String) {
    let mut p = Driver::spawn(args, dir, None, true);
    p.send_all_and_close(input.to_vec());
    p.wait()
}

/// Runs the program in `dir` on `input` to its end: its output and stderr as they came, and
/// its exit status.
pub fn run_text(args: &[&str], dir: &Path, input: &str) -> (String, String, Option<i32>) {
    let mut p = Driver::spawn(args, dir, None, true);
    p.send_all_and_close(input.as_bytes().to_vec());
    let (exit, out, err) = p.wait_text();
    (out, err, exit.code())
}

/// The end was clean: status 0 and no panic.
pub fn assert_clean(status: Exit, stderr: &str, what: &str) {
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
    assert_eq!(status.code(), Some(0), "{what}: {status:?}, stderr: {stderr}");
}
