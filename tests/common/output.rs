//! A writer for a front end under test whose bytes the test reads back as it goes (shared by
//! the session driver, the CECP tests and both protocol fuzzers).

use std::io::Write;
use std::sync::{Arc, Mutex};

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
