//! `cli::args`: the options as parsed, without running the program.

use gnushogi::cli::args::*;
use std::ffi::OsString;

fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
    Cli::parse_args(std::iter::once("gnushogi").chain(args.iter().copied()).map(OsString::from))
}

#[test]
fn original_options_parse() {
    let c = parse(&["-R", "-b", "x.tbk", "+a", "-T", "64", "-h", "40", "5"]).unwrap();
    assert!(c.raw && c.ponder && c.no_hash);
    assert_eq!(c.book.as_deref(), Some(std::path::Path::new("x.tbk")));
    assert_eq!(c.hash_size, Some(64));
    assert_eq!(c.time_control, ["40", "5"]);
    let c = parse(&["--perft", "3", "--sfen", "x y z 1", "--divide"]).unwrap();
    assert_eq!(c.perft, Some(3));
    assert!(c.divide);
    assert!(parse(&["-Q"]).is_err());
    assert!(parse(&["-T", "big"]).is_err());
}
