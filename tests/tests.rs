//! The integration tests, one binary (as ripgrep's): each module was a test binary of its
//! own, linked on its own. They now run as threads of one process, so none may change what
//! the process shares (the working directory, the environment, signal handlers that matter)
//! or use a fixed path another test could use; `common` gives each its own directory.
//!
//! `cargo test --release --test tests MODULE::` runs one module (`cecp::`, `package::`, …).

mod common;

mod analyse;
mod analysis;
mod book;
mod cecp;
mod cli;
mod clock;
mod csa;
mod csa_counting;
mod csa_session;
mod docs;
mod endurance;
mod engine;
mod eval;
mod faults;
mod files;
mod fullscreen;
mod fuzz_parsers;
mod fuzz_protocols;
mod game;
mod handicap;
mod layers;
mod limits;
mod line_editor;
mod mate;
mod nnue;
mod notation;
mod package;
mod perft;
mod play;
mod records;
mod records_cshogi;
mod records_readers;
mod records_text;
mod rules;
mod search;
mod strength;
mod text;
mod text_flow;
mod text_messages;
mod text_moves;
mod text_newcomer;
mod trainer;
mod usi;
mod usi_shogihome;
mod xshogi;
