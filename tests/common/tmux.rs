//! A terminal for the full-screen tests: a tmux server of its own, where tmux is installed
//! (see [`require`]: under CI it must be).

use super::tools::{cannot_run, require};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Longest wait for the screen: only a failing test waits this long.
const PATIENCE: Duration = Duration::from_secs(120);

/// A tmux server of its own (its socket in the temporary directory) running a shell in a
/// terminal of 80x24; stopped and removed when dropped.
pub struct Tmux {
    pub name: String,
    socket: std::path::PathBuf,
}

impl Tmux {
    /// The terminal, or `None` where tmux is missing (the test is skipped).
    pub fn start(name: &str) -> Option<Tmux> {
        let missing = cannot_run(Command::new("tmux").arg("-V"), "apt-get install tmux");
        if !require("tmux", missing) {
            return None;
        }
        // Unique in this process too: every test runs in it.
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let name = format!("{name}-{}-{n}", std::process::id());
        let socket = std::env::temp_dir().join(format!("{name}.tmux"));
        let t = Tmux { name, socket };
        t.tmux(&["new-session", "-d", "-s", &t.name, "-x", "80", "-y", "24", "sh"]);
        t.send(&["PS1='PROMPT$ '", "Enter"]);
        t.wait("PROMPT$");
        Some(t)
    }

    pub fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn send(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", &self.name];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    pub fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", &self.name])
    }

    pub fn wait(&self, what: &str) -> String {
        self.wait_until(what, |s| s.contains(what))
    }

    /// Polls the screen until `ready` holds (`what` names it in the failure message).
    pub fn wait_until(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if ready(&s) {
                return s;
            }
            assert!(start.elapsed() < PATIENCE, "waited for {what:?}; the screen:\n{s}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// From the level menu to the board: `level`, then the items highlighted first, the even
    /// game and full strength.
    pub fn even_game_at_full_strength(&self, level: &str) {
        self.send(&[level, "Enter"]);
        self.wait("Enter Handicap:");
        self.send(&["Enter"]);
        self.wait("Enter Strength:");
        self.send(&["Enter"]);
        self.wait("Your move is?");
    }

    pub fn alternate_screen(&self) -> bool {
        self.tmux(&["display-message", "-p", "-t", &self.name, "#{alternate_on}"]).trim() == "1"
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
        let _ = std::fs::remove_file(&self.socket);
    }
}
