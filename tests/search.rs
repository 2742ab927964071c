//! The search's parts, through the crate's public API.

mod see;
mod time;
mod tt;
mod tuning;
