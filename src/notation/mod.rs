//! Text forms of positions, squares, pieces, moves and scores in every dialect (USI, XBoard,
//! GNU Shogi's own, KIF, CSA), each a nom parser plus a formatter that round-trip. No other
//! room writes or reads these by hand.
//!
//! Parsing a move gives a *shape*; it becomes a [`Move`](crate::rules::Move) only through a
//! position (`to_move(&Position)`), which says why when it refuses.

pub mod board;
pub mod csa;
pub mod kif;
pub mod score;
pub mod sfen;
pub mod text;
pub mod usi;
pub mod xboard;

pub use score::{Bound, Score};
pub use sfen::{SfenError, parse_sfen, to_sfen};
pub use text::{Annotation, TextMove, TextMoveError, parse_text_move};
pub use usi::{UsiMove, parse_usi_move};
pub use xboard::{
    XboardMove, format_xboard_move, parse_xboard_fen, parse_xboard_move, to_xboard_fen,
};
