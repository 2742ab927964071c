//! The rules of shogi: pure, no I/O, no clock.
//!
//! [`Position`] is a valid position (board, hands, side to move); [`Setup`] is its
//! unvalidated form. A [`Move`] is only a move *shape* until [`Position::check_move`]
//! accepts it; [`Position::legal_moves`] generates exactly the legal moves.

pub mod attacks;
mod bitboard;
mod entering;
mod hand;
pub mod handicap;
mod movegen;
mod moves;
pub mod perft;
mod position;
mod types;
mod zobrist;

pub use bitboard::{Bitboard, BitboardIter};
pub use entering::EnteringKingRule;
pub use hand::{Hand, MAX_IN_SET};
pub use movegen::{CheckInfo, IllegalMove};
pub use moves::{Move, MoveCounter, MoveList, MoveSink};
pub use perft::{divide, perft};
pub use position::{Position, PositionError, START_SFEN, Setup};
pub use types::{Color, Piece, PieceKind, Square};
