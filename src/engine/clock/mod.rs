//! Time controls, shared by every front end, and the one conversion into search limits.
//!
//! The command line, the text modes' `level` and XBoard's `level`/`st` all give a
//! [`TimeControl`]: a fixed time per move, or up to four periods of "so many moves in so much
//! time" (the last one repeating), with an optional Fischer increment.
//! [`TimeControl::search_limits`] turns it and a [`ClockReading`] into [`SearchLimits`].
//! [`Clocks`] keeps both sides' remaining time and moves to the next control, in centiseconds
//! as GNU Shogi does (the GNU interpreter's clocks; XBoard tells its engine the time instead).
//!
//! One job a file: the model of a time control (`control.rs`), its parsers (`parse.rs`: the
//! command line and `level`), both sides' clocks (`clocks.rs`) and the text of a control and a
//! clock (`text.rs`: in words, in KIF's and CSA's record forms). That text stays in the
//! engine rather than in `notation`, a room below it that cannot name its types: the record
//! forms themselves are `notation`'s (`kif::time_control_text`, `csa::TimeLimit`), and
//! `text.rs` only reads a control into them. How a CSA server counts time is the CSA
//! client's (`protocol::csa::counting`).
//!
//! [`SearchLimits`]: crate::search::SearchLimits

mod clocks;
mod control;
mod parse;
mod text;

pub use clocks::{Clocks, MAX_CENTIS, centis, from_centis};
pub use control::{ClockReading, Period, TimeControl};
pub use parse::{TimeControlError, parse_command_line, parse_level, parse_time};
