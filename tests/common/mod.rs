//! What the tests share: one session driver for every protocol, in-process or over the real
//! binary ([`driver`]); the fuzzing kit ([`fuzz`]); a terminal for the full-screen tests
//! ([`tmux`]); the rule for tests that need an outside program ([`tools`]); one random
//! number generator ([`Rng`]); fresh directories; the trainer's rounding of a network's
//! weights ([`quantize`]).

pub mod csa_hostile;
pub mod csa_server;
pub mod driver;
pub mod fuzz;
// Which lines each protocol may print, and the writer the replies are read back from: std
// only, so the cargo-fuzz targets in fuzz/ include it too.
pub mod lines;
// The trainer's rounding of float weights to the engine's network, and back: the engine
// leaves it to the trainer (examples/nnue_train.rs).
#[path = "../../examples/common/quantize.rs"]
pub mod quantize;
pub mod tmux;
pub mod tools;

pub use driver::{BIN, Driver, Protocol, assert_clean, run, run_text};
pub use lines::SharedOut;
pub use tools::require;

use gnushogi::config::Config;
use gnushogi::engine::{Engine, EngineOptions};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh directory of its own under the system's temporary one: all tests run in one
/// process, in parallel, so the process id alone does not tell two apart.
pub fn fresh_dir(name: &str) -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("gnushogi-{name}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// An in-process session of the text mode (`-R`) with its hash table on and a fixed seed.
pub fn text_mode() -> Driver {
    Driver::in_process(
        Protocol::Gnu,
        small_engine(),
        Config { use_hash: true, seeded: true, ..Config::default() },
    )
}

/// The engine of in-process sessions of the text mode and the X display: a small table and a
/// fixed seed.
pub fn small_engine() -> Engine {
    Engine::new(EngineOptions { hash_mib: 4, seed: Some(1), ..EngineOptions::default() })
}

/// A small fast generator (xorshift64*) for tests that draw at random from a fixed seed: the
/// same draws on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}
