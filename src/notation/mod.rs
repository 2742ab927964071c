//! Text forms of positions and moves, each a nom parser plus a formatter that round-trip.
//!
//! Parsing a move gives a *shape*; it becomes a [`Move`](crate::rules::Move) only through a
//! position (`to_move(&Position)`), which says why when it refuses.

pub mod kif;
pub mod sfen;
pub mod text;
pub mod usi;
pub mod xboard;

pub use sfen::{SfenError, parse_sfen, to_sfen};
pub use text::{Annotation, TextMove, TextMoveError, parse_text_move};
pub use usi::{UsiMove, parse_usi_move};
pub use xboard::{
    XboardMove, format_xboard_move, parse_xboard_fen, parse_xboard_move, to_xboard_fen,
};
