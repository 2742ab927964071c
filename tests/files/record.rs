//! The records of other programs: one reader and one writer each.

mod csa;
mod kif;
mod sjis;
mod usi;
