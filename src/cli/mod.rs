//! The command line: GNU Shogi's single-letter options, its positional time controls, and
//! the long options this version adds. Parsed with clap into [`Cli`], then turned into a
//! [`Config`](crate::config::Config) that the modes use.

mod analyse;
pub mod args;
mod csa;
mod mate;
pub mod tools;

pub use args::{Cli, Mode};
pub(crate) use tools::build_engine;

/// What `-c` and `-t` print: the original's persistent hash file ("positions learnt from
/// previous games") is not part of this version.
pub(crate) const NO_HASH_FILE: &str = "gnushogi: this version keeps no hash file: its transposition \
table lives in memory only (size it with -T MIB), so there is nothing to create or count.";

/// Where the text mode's line editor keeps its history: `$XDG_DATA_HOME/gnushogi/history`,
/// else `~/.local/share/gnushogi/history` (the `dirs` crate knows each system's folder).
fn history_file() -> Option<std::path::PathBuf> {
    dirs::data_dir().map(|d| d.join("gnushogi").join("history"))
}

/// Runs the program as the command line asks; the exit status is the result.
pub fn run(cli: Cli) -> std::process::ExitCode {
    use crate::protocol::signals::{self, Ignored};
    use crate::protocol::{self, Session, terminal};
    use std::process::ExitCode;

    use std::io::Write;
    // Past a file-size limit (ulimit -f) a write then fails (EFBIG) and is reported, as on a
    // full disk; by default SIGXFSZ would kill the program mid-game.
    signals::ignore(Ignored::FileSize);
    // A reader that has gone (a broken pipe) is no error worth a panic.
    let say = |text: &str| drop(writeln!(std::io::stdout(), "{text}"));
    let mode = cli.mode();
    match &mode {
        Mode::Version => {
            say(&format!("gnushogi version {}", crate::VERSION));
            return ExitCode::SUCCESS;
        }
        Mode::ShortVersion => {
            // The original's -v: stderr and status 1; scripts written for it rely on that.
            eprintln!("gnushogi version {}", crate::VERSION);
            return ExitCode::from(1);
        }
        Mode::HashFile => {
            say(NO_HASH_FILE);
            return ExitCode::SUCCESS;
        }
        _ => {}
    }
    if let Some(lang) = &cli.language
        && !matches!(lang.to_ascii_lowercase().as_str(), "en" | "eng" | "english" | "c")
    {
        eprintln!("gnushogi: -L {lang}: only English messages exist; using English");
    }
    match &mode {
        Mode::Perft(depth) => {
            let out = &mut std::io::stdout().lock();
            return tools::perft(*depth, cli.sfen.as_deref(), cli.divide, out);
        }
        Mode::Bench => return tools::bench(cli.bench_depth, &mut std::io::stdout().lock()),
        Mode::Mate => return mate::run(&cli),
        Mode::MakeBook => return tools::make_book(&cli),
        Mode::Analyse(record) => return analyse::run(&cli, record),
        Mode::Csa => return csa::run(&cli),
        _ => {}
    }
    // Setting up can fail only on the command line's values: say which, and why.
    let (config, engine) = match cli.config().and_then(|c| Ok((c, build_engine(&cli)?))) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("gnushogi: {e:#}");
            return ExitCode::from(2);
        }
    };
    if mode == Mode::FullScreen {
        // It reads the terminal itself.
        return protocol::fullscreen::run(engine, &config);
    }
    if mode == Mode::Usi {
        // A GUI's pipes, even from a terminal: plain lines.
        let stdin = std::io::BufReader::new(std::io::stdin());
        let session = Session::new(stdin, std::io::stdout(), engine);
        signals::terminate_as_event(session.sender.clone());
        return protocol::usi::run(session);
    }
    // On a terminal the line editor reads the lines and prints the output; else plain lines.
    let (input, out) = terminal::standard(history_file());
    let session = Session::without_input(out, engine);
    signals::terminate_as_event(session.sender.clone());
    if mode == Mode::Text {
        protocol::gnu::run(session, &config, input)
    } else {
        protocol::xshogi::run(session, &config, input)
    }
}
