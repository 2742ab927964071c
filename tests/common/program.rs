//! The real binary as a child process, for the tests of limits and faults: input written on
//! a thread of its own (so a large input cannot block against unread output), output read
//! line by line, every wait with a deadline, and signals sent with kill(1) (no `unsafe`).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Longest wait for anything: only a failing test (a hang) waits this long.
pub const PATIENCE: Duration = Duration::from_secs(90);

pub const BIN: &str = env!("CARGO_BIN_EXE_gnushogi");

pub struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Option<Receiver<String>>,
    stderr: Option<JoinHandle<String>>,
    /// Cleared to stop reading the output: the pipe then closes at the next line.
    reading: Arc<AtomicBool>,
    /// Lines already taken from `lines` by [`Program::until`] and not returned.
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

impl Program {
    /// Starts the program in `dir` with `args`; `shell_prefix` (e.g. `ulimit -f 0`) runs
    /// before it in sh, which then execs it. `read_output` false closes stdout at once.
    pub fn spawn(
        args: &[&str],
        dir: &Path,
        shell_prefix: Option<&str>,
        read_output: bool,
    ) -> Program {
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
        let reading = Arc::new(AtomicBool::new(true));
        let lines = if read_output {
            let (tx, rx) = channel();
            let go_on = Arc::clone(&reading);
            std::thread::spawn(move || {
                let mut r = BufReader::new(stdout);
                let mut buf = Vec::new();
                while go_on.load(Ordering::Relaxed) {
                    buf.clear();
                    match r.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => return,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf);
                            let line = line.trim_end_matches(['\n', '\r']).to_string();
                            if tx.send(line).is_err() {
                                return;
                            }
                        }
                    }
                }
            });
            Some(rx)
        } else {
            // Nobody reads: the program's writes fail with a broken pipe.
            drop(stdout);
            None
        };
        let stderr = Some(read_all(child.stderr.take().expect("piped")));
        let stdin = child.stdin.take();
        Program { child, stdin, lines, stderr, reading, seen: Vec::new() }
    }

    pub fn start(args: &[&str]) -> Program {
        Program::spawn(args, &std::env::temp_dir(), None, true)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends bytes as they are (a write error means the program has stopped reading). The
    /// output is read on threads of its own, so a large input cannot block for ever.
    pub fn send_bytes(&mut self, data: &[u8]) {
        if let Some(w) = self.stdin.as_mut() {
            let _ = w.write_all(data).and_then(|()| w.flush());
        }
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Sends a large input from a thread, then closes the input.
    pub fn send_all_and_close(&mut self, data: Vec<u8>) {
        if let Some(mut w) = self.stdin.take() {
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
        if let Some(mut w) = self.stdin.take() {
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

    /// Stops reading the output: the pipe closes after the next line, and the program's
    /// writes then fail (a GUI that went away).
    pub fn stop_reading(&mut self) {
        self.reading.store(false, Ordering::Relaxed);
        self.lines = None;
    }

    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// Waits for a line that satisfies `pred`; returns the lines before it, and it.
    pub fn until(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> (Vec<String>, String) {
        let deadline = Instant::now() + PATIENCE;
        let mut before = Vec::new();
        let rx = self.lines.as_ref().expect("output is read");
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(l) if pred(&l) => {
                    self.seen.extend(before.iter().cloned());
                    self.seen.push(l.clone());
                    return (before, l);
                }
                Ok(l) => before.push(l),
                Err(_) => {
                    let _ = self.child.kill();
                    panic!("no {what} within {PATIENCE:?}; got {before:#?}");
                }
            }
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
                let _ = self.child.kill();
                panic!("no {what} within {PATIENCE:?}");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits for the end (without closing the input); returns the status, the rest of the
    /// output and stderr. A program still running after PATIENCE is killed: a failure.
    pub fn wait(mut self) -> (ExitStatus, Vec<String>, String) {
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(s)) => break s,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                _ => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    panic!("the program did not end within {PATIENCE:?}");
                }
            }
        };
        let rest = self.lines.take().map_or_else(Vec::new, |rx| rx.iter().collect());
        let err = self.stderr.take().map_or_else(String::new, |h| h.join().unwrap_or_default());
        (status, rest, err)
    }

    /// Closes the input and waits for the end.
    pub fn finish(mut self) -> (ExitStatus, Vec<String>, String) {
        self.close();
        self.wait()
    }
}

/// Runs the program on `input` to its end: status, output lines and stderr.
pub fn run(args: &[&str], dir: &Path, input: &[u8]) -> (ExitStatus, Vec<String>, String) {
    let mut p = Program::spawn(args, dir, None, true);
    p.send_all_and_close(input.to_vec());
    p.wait()
}

/// A fresh directory of its own (tests run in parallel).
pub fn fresh_dir(name: &str) -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("gnushogi-{name}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// The end was clean: status 0 and no panic.
pub fn assert_clean(status: ExitStatus, stderr: &str, what: &str) {
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
    assert_eq!(status.code(), Some(0), "{what}: {status:?}, stderr: {stderr}");
}
