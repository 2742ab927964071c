//! GNU Shogi, rewritten in Rust.
//!
//! The crate is layered; each room (a top-level module) uses only those of the layers below
//! it (`doc/architecture.md` has the table, which `tests/layers.rs` reads and enforces):
//!
//! ```text
//! cli → protocol → config, analysis, play → engine → search, book → eval, files, mate → game → notation → rules
//! ```
//!
//! ```
//! use gnushogi::rules::{MoveList, Position};
//! use gnushogi::notation::parse_usi_move;
//!
//! let pos = Position::startpos();
//! let mut moves = MoveList::new();
//! pos.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 30);
//! let m = parse_usi_move("7g7f").unwrap().to_move(&pos).unwrap();
//! let next = pos.played(m);
//! assert_eq!(gnushogi::notation::to_sfen(&next),
//!     "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
//! ```

pub mod analysis;
pub mod book;
pub mod cli;
pub mod config;
pub mod engine;
pub mod eval;
pub mod files;
pub mod game;
pub mod mate;
pub mod notation;
pub mod play;
pub mod protocol;
pub mod rules;
pub mod search;

/// The version printed in banners: `GNU Shogi <VERSION>`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
