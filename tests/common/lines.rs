//! What every fuzzer of a front end shares that needs nothing but std: the writer the
//! replies are read back from, and the lines each protocol may print. The tests and the
//! cargo-fuzz targets in `fuzz/` (by path) include it, so one list says what a GUI may be
//! sent.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A writer for a front end under test whose bytes the test reads back as it goes.
#[derive(Clone, Default)]
pub struct SharedOut(pub Arc<Mutex<Vec<u8>>>);

impl Write for SharedOut {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl SharedOut {
    /// Where the output ends now: [`SharedOut::since`] it, the replies that come after.
    pub fn mark(&self) -> usize {
        self.0.lock().unwrap().len()
    }

    /// The output from byte `mark` on, lossily.
    pub fn since(&self, mark: usize) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()[mark..]).into_owned()
    }
}

/// A line USI may print.
pub fn usi_line_ok(line: &str) -> bool {
    ["id ", "option ", "usiok", "readyok", "info ", "bestmove ", "checkmate ", "usi_tunablesok"]
        .iter()
        .any(|s| line.starts_with(s))
}

/// A line CECP may print.
pub fn cecp_line_ok(line: &str) -> bool {
    const STARTS: [&str; 14] = [
        "feature ",
        "pong ",
        "move ",
        "1-0 {",
        "0-1 {",
        "1/2-1/2 {",
        "offer draw",
        "Illegal move",
        "Error (",
        "Hint: ",
        "stat01: ",
        "\t",
        "tellusererror ",
        "# ",
    ];
    // Thinking lines: ply score time nodes pv.
    let thinking = line.split(' ').take(4).all(|w| w.parse::<i64>().is_ok());
    line.is_empty() || thinking || STARTS.iter().any(|s| line.starts_with(s))
}

/// A CECP line that refuses what it was sent: the game must be as it was.
pub fn cecp_refusal(line: &str) -> bool {
    line.starts_with("Error (")
        || line.starts_with("Illegal move")
        || line.starts_with("tellusererror Illegal position")
}
