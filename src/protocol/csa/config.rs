//! What the CSA client does ([`Options`]: the command line's, the defaults) and its
//! configuration file (`--csa-config FILE`): what a user keeps between runs,
//! in TOML, in the sections and with the meanings of ShogiHome's `usi-csa-bridge` settings
//! (`server`, the blank-line ping, the repeat count, the comments, the record files), read
//! with serde. Every key is optional; the command line's options win over the file's.

use crate::files::record::Format;
use serde::Deserialize;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// The CSA server port.
pub(crate) const DEFAULT_PORT: u16 = 4081;
/// Kept back from every move's time for the network (see `doc/csa.md`).
pub(crate) const DEFAULT_MARGIN: Duration = Duration::from_millis(500);
/// The least pause between keep-alives the protocol allows.
pub const MIN_KEEP_ALIVE: Duration = Duration::from_secs(30);

/// What the client does, from the command line and the configuration file.
#[derive(Clone, Debug)]
pub struct Options {
    pub host: String,
    pub port: u16,
    pub id: String,
    /// The password as the server takes it: floodgate's is `GAMENAME,TRIP`.
    pub password: String,
    /// Games to play, one connection each.
    pub games: u32,
    /// Where each game's record goes (`None`: not saved).
    pub save_dir: Option<PathBuf>,
    /// The formats the records are saved in.
    pub formats: Vec<Format>,
    /// The raw protocol lines go here.
    pub log: Option<PathBuf>,
    /// Only each game's result and the final score on the terminal.
    pub quiet: bool,
    /// Kept back from every move's time for the network.
    pub margin: Duration,
    /// An empty line after this long without sending anything (`None`: never).
    pub keep_alive: Option<Duration>,
    /// Think on the opponent's time.
    pub ponder: bool,
    /// Send floodgate's comment (score and expected line) with each move.
    pub comments: bool,
    /// Connection attempts after a failure before giving up.
    pub retries: u32,
    /// The pause after the first failure; it doubles with each one after.
    pub retry_delay: Duration,
}

impl Options {
    /// The options for `host` (`HOST` or `HOST:PORT`), `id` and `password`, the rest as
    /// the documentation gives.
    pub fn new(host: &str, id: &str, password: &str) -> Result<Options, ConfigError> {
        let (host, port) = split_host(host)?;
        Ok(Options {
            host,
            port: port.unwrap_or(DEFAULT_PORT),
            id: id.to_string(),
            password: password.to_string(),
            games: 1,
            save_dir: Some(PathBuf::from(".")),
            formats: vec![Format::Csa],
            log: None,
            quiet: false,
            margin: DEFAULT_MARGIN,
            keep_alive: Some(Duration::from_secs(60)),
            ponder: false,
            comments: true,
            retries: 5,
            retry_delay: Duration::from_secs(5),
        })
    }
}

/// `HOST`, `HOST:PORT` or `[IPV6]:PORT`.
pub fn split_host(text: &str) -> Result<(String, Option<u16>), ConfigError> {
    let bad = || ConfigError(format!("'{text}' is not HOST or HOST:PORT"));
    if let Some(rest) = text.strip_prefix('[') {
        let (host, after) = rest.split_once(']').ok_or_else(bad)?;
        let port = match after.strip_prefix(':') {
            Some(p) => Some(p.parse().map_err(|_| bad())?),
            None if after.is_empty() => None,
            None => return Err(bad()),
        };
        return Ok((host.to_string(), port));
    }
    match text.rsplit_once(':') {
        Some((host, port)) if !host.contains(':') => {
            let port = port.parse::<u16>().ok().filter(|&p| p > 0).ok_or_else(bad)?;
            if host.is_empty() {
                return Err(bad());
            }
            Ok((host.to_string(), Some(port)))
        }
        _ if text.is_empty() => Err(bad()),
        _ => Ok((text.to_string(), None)),
    }
}

/// A setting that cannot be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

/// The file as written.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    #[serde(default)]
    pub server: ServerSection,
    #[serde(default)]
    pub game: GameSection,
    #[serde(default)]
    pub record: RecordSection,
    #[serde(default)]
    pub engine: EngineSection,
}

/// `[server]`: where and who.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ServerSection {
    /// `HOST` or `HOST:PORT`.
    pub host: Option<String>,
    pub port: Option<u16>,
    pub id: Option<String>,
    /// floodgate's is `GAMENAME,TRIP`.
    pub password: Option<String>,
    /// Seconds without sending anything before an empty line is sent (0: never; at least
    /// 30 otherwise, as the protocol asks).
    pub keep_alive: Option<u64>,
}

/// `[game]`: how the series is played.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GameSection {
    /// Games to play (ShogiHome's `repeat`).
    pub games: Option<u32>,
    /// Milliseconds kept back from every move for the network.
    pub margin: Option<u64>,
    pub ponder: Option<bool>,
    /// Send the score and the expected line with each move (floodgate's extension;
    /// ShogiHome's `enableComment`).
    pub comments: Option<bool>,
    /// Attempts after a failed connection or login before giving up.
    pub retries: Option<u32>,
    /// Seconds of the pause after the first failure (it doubles after each one).
    pub retry_delay: Option<u64>,
}

/// `[record]`: the files.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RecordSection {
    /// Where the records go (the current directory by default).
    pub save_dir: Option<PathBuf>,
    /// Save no record at all.
    pub no_save: Option<bool>,
    /// Record formats by their extension: `csa`, `kif`, `kifu`, `usi`.
    pub formats: Option<Vec<String>>,
    /// The raw protocol lines.
    pub log: Option<PathBuf>,
}

/// `[engine]`: the engine's settings for these games.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EngineSection {
    /// Transposition table, MiB.
    pub hash: Option<usize>,
    pub threads: Option<usize>,
    /// Resign once two searches in a row see the game lost by this many centipawns.
    pub resign_value: Option<u32>,
    /// Play from the opening book.
    pub book: Option<bool>,
}

impl ConfigFile {
    /// Reads the TOML text of a configuration file.
    pub fn parse(text: &str) -> Result<ConfigFile, ConfigError> {
        toml::from_str(text).map_err(|e| ConfigError(e.to_string().trim_end().to_string()))
    }

    /// Applies the file's settings to `options` (those the command line set are not
    /// passed in: it applies them after).
    pub fn apply(&self, options: &mut Options) -> Result<(), ConfigError> {
        let s = &self.server;
        if let Some(port) = s.port {
            options.port = port;
        }
        if let Some(id) = &s.id {
            options.id = id.clone();
        }
        if let Some(p) = &s.password {
            options.password = p.clone();
        }
        if let Some(secs) = s.keep_alive {
            options.keep_alive = keep_alive(secs)?;
        }
        let g = &self.game;
        if let Some(n) = g.games {
            options.games = n;
        }
        if let Some(ms) = g.margin {
            options.margin = Duration::from_millis(ms);
        }
        if let Some(p) = g.ponder {
            options.ponder = p;
        }
        if let Some(c) = g.comments {
            options.comments = c;
        }
        if let Some(r) = g.retries {
            options.retries = r;
        }
        if let Some(secs) = g.retry_delay {
            options.retry_delay = Duration::from_secs(secs);
        }
        let r = &self.record;
        if let Some(dir) = &r.save_dir {
            options.save_dir = Some(dir.clone());
        }
        if r.no_save == Some(true) {
            options.save_dir = None;
        }
        if let Some(names) = &r.formats {
            options.formats = formats(names)?;
        }
        if let Some(log) = &r.log {
            options.log = Some(log.clone());
        }
        Ok(())
    }
}

/// The keep-alive pause: 0 for none, else at least [`MIN_KEEP_ALIVE`].
pub fn keep_alive(secs: u64) -> Result<Option<Duration>, ConfigError> {
    match secs {
        0 => Ok(None),
        s if Duration::from_secs(s) < MIN_KEEP_ALIVE => Err(ConfigError(format!(
            "keep_alive {s}: at least {} seconds (or 0 for none)",
            MIN_KEEP_ALIVE.as_secs()
        ))),
        s => Ok(Some(Duration::from_secs(s))),
    }
}

/// Record formats by their extensions.
pub fn formats(names: &[String]) -> Result<Vec<Format>, ConfigError> {
    let mut out = Vec::new();
    for name in names {
        let f = Format::ALL
            .into_iter()
            .find(|f| f.extension().eq_ignore_ascii_case(name.trim_start_matches('.')))
            .ok_or_else(|| ConfigError(format!("record format '{name}': csa, kif, kifu or usi")))?;
        if !out.contains(&f) {
            out.push(f);
        }
    }
    if out.is_empty() {
        return Err(ConfigError("no record format".into()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_and_ports() {
        assert_eq!(split_host("localhost").unwrap(), ("localhost".into(), None));
        assert_eq!(split_host("wdoor.example:4081").unwrap(), ("wdoor.example".into(), Some(4081)));
        assert_eq!(split_host("[::1]:4000").unwrap(), ("::1".into(), Some(4000)));
        assert_eq!(split_host("::1").unwrap(), ("::1".into(), None));
        for bad in ["", "host:", "host:0", "host:x", ":4081", "[::1", "[::1]x", "host:99999"] {
            assert!(split_host(bad).is_err(), "{bad:?}");
        }
    }

    const SAMPLE: &str = r#"
[server]
host = "wdoor.example:4081"
id = "gnushogi_test"
password = "floodgate-300-10F,secret"
keep_alive = 40

[game]
games = 10
margin = 800
ponder = true

[record]
save_dir = "records"
formats = ["csa", "kif"]

[engine]
hash = 256
resign_value = 3000
"#;

    #[test]
    fn a_whole_file() {
        let c = ConfigFile::parse(SAMPLE).unwrap();
        assert_eq!(c.server.host.as_deref(), Some("wdoor.example:4081"));
        assert_eq!(c.engine.hash, Some(256));
        let mut o = Options::new("x", "y", "z").unwrap();
        c.apply(&mut o).unwrap();
        assert_eq!(
            (o.id.as_str(), o.password.as_str()),
            ("gnushogi_test", "floodgate-300-10F,secret")
        );
        assert_eq!((o.games, o.margin, o.ponder), (10, Duration::from_millis(800), true));
        assert_eq!(o.keep_alive, Some(Duration::from_secs(40)));
        assert_eq!(o.formats, [Format::Csa, Format::Kif]);
        assert_eq!(o.save_dir, Some(PathBuf::from("records")));
        assert_eq!(ConfigFile::parse("").unwrap(), ConfigFile::default());
    }

    #[test]
    fn mistakes_are_named() {
        for (text, says) in [
            ("[server]\nhots = \"x\"\n", "hots"),
            ("[game]\ngames = \"ten\"\n", "games"),
            ("[sever]\n", "sever"),
            ("[server\n", "server"),
        ] {
            let e = ConfigFile::parse(text).unwrap_err();
            assert!(e.0.contains(says), "{text:?}: {e}");
        }
        let mut o = Options::new("x", "y", "z").unwrap();
        let c = ConfigFile::parse("[server]\nkeep_alive = 10\n").unwrap();
        assert!(c.apply(&mut o).unwrap_err().0.contains("at least 30"));
        let c = ConfigFile::parse("[record]\nformats = [\"pgn\"]\n").unwrap();
        assert!(c.apply(&mut o).unwrap_err().0.contains("pgn"));
        let c = ConfigFile::parse("[server]\nkeep_alive = 0\n[record]\nno_save = true\n").unwrap();
        c.apply(&mut o).unwrap();
        assert_eq!((o.keep_alive, o.save_dir), (None, None));
    }
}
