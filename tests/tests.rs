//! The integration tests, one binary (as ripgrep's): each module was a test binary of its
//! own, linked on its own. They now run as threads of one process, so none may change what
//! the process shares (the working directory, the environment, signal handlers that matter)
//! or use a fixed path another test could use; `common` gives each its own directory.
//!
//! `cargo test --release --test tests MODULE::` runs one module (`cecp::`, `package::`, …).

/// The shared kit: the session driver, fuzzing, tmux, outside programs, the CSA servers.
mod common;

/// `--analyse` and the text mode's `analyse`, end to end.
mod analyse;
/// The analysis' losses and marks, on made-up searches.
mod analysis;
/// Opening books: read, made from games, compiled, played from.
mod book;
/// XBoard (CECP) transcripts, in-process and over the binary.
mod cecp;
/// The binary's command line: options, modes, errors, exit statuses.
mod cli;
/// Time controls and both clocks (`engine::clock`).
mod clock;
/// The CSA client over the binary and TCP (the end-to-end check).
mod csa;
/// How a CSA server counts a move's time (`protocol::csa::counting`).
mod csa_counting;
/// Whole CSA sessions in-process, against a judging or scripted server.
mod csa_session;
/// The documentation against the program: commands, options, man page, examples, links.
mod docs;
/// Long games and many games.
mod endurance;
/// The engine facade.
mod engine;
/// The evaluation on real positions.
mod eval;
/// The binary under faults: input cut, signals, broken pipes, unwritable files.
mod faults;
/// GNU Shogi's files and other programs' records, read and written.
mod files;
/// The full-screen mode: screens, games through its keys, tmux.
mod fullscreen;
/// Property tests of every input parser.
mod fuzz_parsers;
/// Property tests of every protocol loop, the CSA client against a hostile server.
mod fuzz_protocols;
/// A game record and the end of a game.
mod game;
/// Handicap games in every front end.
mod handicap;
/// The architecture: layers, no circles, no test kit in the library, no file above 800 lines.
mod layers;
/// Hostile input to the binary in each protocol.
mod limits;
/// The text mode's line editor on a terminal (tmux).
mod line_editor;
/// The mate solver against the tsume sets.
mod mate;
/// The learned evaluation: features, file, output layers, accumulators.
mod nnue;
/// Every notation: parsers, formatters, round trips.
mod notation;
/// The Debian package (cargo-deb, dpkg-deb).
mod package;
/// Perft against independent counts.
mod perft;
/// The play controller (`Match`).
mod play;
/// Game records: round trips, real games, hostile input.
mod records;
/// Our records as cshogi reads them.
mod records_cshogi;
/// Our records as the players' programs read them (npm and Python readers).
mod records_readers;
/// `save` and `get` of records in the text mode, over the binary.
mod records_text;
/// The rules: random playouts and each special rule.
mod rules;
/// The search's parts.
mod search;
/// The levels below full strength.
mod strength;
/// Whole text-mode sessions, in-process.
mod text;
/// The text mode's flow over the binary: game ends, numbers, `switch`, clocks.
mod text_flow;
/// The text modes' messages: settings, files, questions, echoes.
mod text_messages;
/// Typed moves refused, each with its reason.
mod text_moves;
/// A whole game by a player making every mistake.
mod text_newcomer;
/// The trainer's helpers (`examples/common/`) and the self-play generator.
mod trainer;
/// USI transcripts, in-process and over the binary (options in `usi/options.rs`).
mod usi;
/// A USI session as ShogiHome plays one.
mod usi_shogihome;
/// The xshogi dialect, in-process and over the binary.
mod xshogi;
