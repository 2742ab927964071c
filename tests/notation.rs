//! Every notation: parsers and formatters, round trips over random legal positions.

mod board;
mod csa;
mod kif;
mod score;
mod sfen;
mod test_positions;
mod text;
mod usi;
mod xboard;
