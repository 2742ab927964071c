//! `--csa`: the command line and the configuration file become the CSA client's options and
//! its engine; then the client plays.

use super::args::Cli;
use super::tools::build_engine;
use crate::files::record::Format;
use crate::protocol::csa::{self, ConfigFile, Options};
use anyhow::{Context, bail};
use std::process::ExitCode;
use std::time::Duration;

/// Plays the games `--csa` asks for.
pub fn run(cli: &Cli) -> ExitCode {
    let (options, engine) = match setup(cli) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("gnushogi: {e:#}");
            return ExitCode::from(2);
        }
    };
    csa::run(engine, &options, Box::new(std::io::stdout()))
}

/// The options: the file's, then the command line's over them.
fn setup(cli: &Cli) -> anyhow::Result<(Options, crate::engine::Engine)> {
    let file = match &cli.csa_config {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("--csa-config {}", path.display()))?;
            ConfigFile::parse(&text).with_context(|| format!("--csa-config {}", path.display()))?
        }
        None => ConfigFile::default(),
    };
    let Some(host) = cli.csa.as_ref().or(file.server.host.as_ref()) else {
        bail!("--csa HOST[:PORT] (or host in the configuration file) says which server");
    };
    let mut options = Options::new(host, "", "").context("--csa")?;
    let port_given = options.port;
    file.apply(&mut options).context("--csa-config")?;
    // A port in HOST:PORT wins over the file's `port`.
    if crate::protocol::csa::split_host(host).is_ok_and(|(_, p)| p.is_some()) {
        options.port = port_given;
    }
    if let Some(id) = &cli.csa_id {
        options.id = id.clone();
    }
    if let Some(p) = &cli.csa_password {
        options.password = p.clone();
    }
    if options.id.is_empty() || options.id.contains(char::is_whitespace) {
        bail!("--csa-id NAME: a login name without blanks is needed");
    }
    if options.password.is_empty() || options.password.contains(char::is_whitespace) {
        bail!(
            "--csa-password PASS: a password without blanks is needed (floodgate's is GAMENAME,TRIP)"
        );
    }
    if let Some(n) = cli.games {
        options.games = n;
    }
    if let Some(dir) = &cli.csa_save {
        options.save_dir = Some(dir.clone());
    }
    if cli.csa_kif && !options.formats.contains(&Format::Kif) {
        options.formats.push(Format::Kif);
    }
    if let Some(log) = &cli.csa_log {
        options.log = Some(log.clone());
    }
    if let Some(ms) = cli.csa_margin {
        options.margin = Duration::from_millis(ms);
    }
    if cli.ponder && !cli.no_ponder {
        options.ponder = true;
    }
    options.quiet |= cli.quiet;
    let mut engine = build_engine(cli)?;
    let e = &file.engine;
    if let (Some(mib), None) = (e.hash, cli.hash_size) {
        engine.set_hash_mib(mib);
    }
    if let Some(n) = e.threads {
        engine.set_threads(n);
    }
    if let Some(v) = e.resign_value {
        engine.set_resign_value(v);
    }
    if let Some(on) = e.book {
        engine.set_use_book(on);
    }
    // Last, once every other option is known good: the records' folder, made if missing.
    if let Some(dir) = &options.save_dir {
        if !dir.exists() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("--csa-save {}: cannot make the folder", dir.display()))?;
            eprintln!("gnushogi: --csa-save: made the folder {}", dir.display());
        } else if !dir.is_dir() {
            bail!("--csa-save {}: exists and is not a folder", dir.display());
        }
    }
    Ok((options, engine))
}
