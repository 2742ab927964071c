//! The CSA protocol client (the Computer Shogi Association's server protocol 1.2.1, as
//! shogi-server and floodgate speak it): the program logs in to a server, plays the games it
//! is given, and saves their records. See `doc/csa.md`.
//!
//! [`run`] plays a series: for each game a new connection ([`game::Connection`]: `LOGIN`,
//! the Game_Summary, `AGREE`, the game, `LOGOUT`), as floodgate wants, with a bounded retry
//! and a growing pause when the server cannot be reached or refuses the login. The
//! connection is a [`Transport`] (`transport.rs`): TCP, or in-process ([`run_on`], for the
//! tests, which script the server on what the client sends). [`Report`]
//! (`report.rs`) is what a person (or a script, with `--quiet`) reads, and the log of the raw
//! lines; [`Options`] (`config.rs`) what the client does; [`counting`] how the server counts
//! a move's time, and the search limits that keep inside it.

pub mod config;
pub mod counting;
pub mod game;
pub mod message;
pub mod report;
pub mod summary;
mod transport;

pub use config::{ConfigError, ConfigFile, Options, split_host};
pub use report::{Report, Score};
pub use transport::{FromClient, Local, LocalServer, Tcp, Transport, local};

use crate::engine::Engine;
use crate::play::Event;
use std::io::Write;
use std::net::{TcpStream, ToSocketAddrs};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a connection attempt may take.
const CONNECT_WAIT: Duration = Duration::from_secs(10);

/// Where SIGTERM and SIGHUP go: the connection's channel while there is one, and a flag
/// for the pauses between connections.
#[derive(Clone, Default)]
struct Relay {
    current: Arc<Mutex<Option<Sender<Event>>>>,
    stopped: Arc<AtomicBool>,
}

impl Relay {
    fn start() -> Relay {
        let relay = Relay::default();
        let r = relay.clone();
        super::signals::on_terminate(move || {
            r.stopped.store(true, Ordering::SeqCst);
            if let Ok(current) = r.current.lock()
                && let Some(tx) = current.as_ref()
            {
                let _ = tx.send(Event::Terminate);
            }
            true
        });
        relay
    }

    fn set(&self, sender: Option<Sender<Event>>) {
        if let Ok(mut current) = self.current.lock() {
            *current = sender;
        }
    }

    fn stopped(&self) -> bool {
        self.stopped.load(Ordering::SeqCst)
    }

    /// Waits `d`, or less if a signal comes.
    fn pause(&self, d: Duration) {
        let until = Instant::now() + d;
        while !self.stopped() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(50).min(until - Instant::now()));
        }
    }
}

fn connect(options: &Options) -> std::io::Result<TcpStream> {
    let addrs = (options.host.as_str(), options.port).to_socket_addrs()?;
    let mut last = std::io::Error::new(std::io::ErrorKind::NotFound, "no address");
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, CONNECT_WAIT) {
            Ok(s) => return Ok(s),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// Plays the series of games the options ask for; the exit status is 0 when they were
/// played (whatever their results), 1 when the server could not be reached or refused the
/// login once the retries were spent. SIGTERM and SIGHUP end it.
pub fn run(engine: Engine, options: &Options, out: Box<dyn Write>) -> ExitCode {
    let relay = Relay::start();
    series(engine, options, out, &relay, || connect(options).and_then(Tcp::new))
}

/// [`run`] over the connections `connect` makes (one a game, as [`run`]'s), with no signal
/// handled: a series played in this process (see [`local`]).
pub fn run_on<T: Transport>(
    engine: Engine,
    options: &Options,
    out: Box<dyn Write>,
    connect: impl FnMut() -> std::io::Result<T>,
) -> ExitCode {
    series(engine, options, out, &Relay::default(), connect)
}

fn series<T: Transport>(
    mut engine: Engine,
    options: &Options,
    out: Box<dyn Write>,
    relay: &Relay,
    mut connect: impl FnMut() -> std::io::Result<T>,
) -> ExitCode {
    let mut report = match Report::new(out, options) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("gnushogi: --csa-log: {e}");
            return ExitCode::from(2);
        }
    };
    let mut failures = 0;
    let server = format!("{}:{}", options.host, options.port);
    while report.played < options.games && !relay.stopped() {
        let why = match connect() {
            Err(e) => format!("cannot connect to {server}: {e}"),
            Ok(transport) => {
                report.detail(&format!("connected to {server}"));
                let set = |s: Option<Sender<Event>>| relay.set(s);
                let mut conn =
                    match game::Connection::new(transport, engine, options, &mut report, &set) {
                        Ok(c) => c,
                        Err(e) => {
                            eprintln!("gnushogi: {server}: {e}");
                            return ExitCode::from(1);
                        }
                    };
                let ended = conn.run();
                engine = conn.into_engine();
                relay.set(None);
                match ended {
                    game::Ended::Played(_) => {
                        failures = 0;
                        continue;
                    }
                    game::Ended::Stopped => break,
                    game::Ended::Refused => format!("{server} refused the login of {}", options.id),
                    game::Ended::NoGame(why) => why,
                }
            }
        };
        failures += 1;
        if failures > options.retries {
            report.warn(&format!("{why}; giving up after {failures} attempts"));
            return ExitCode::from(1);
        }
        let pause = options
            .retry_delay
            .saturating_mul(1 << (failures - 1).min(10))
            .min(Duration::from_secs(600));
        report.warn(&format!("{why}; trying again in {}", summary::words(pause)));
        relay.pause(pause);
    }
    if report.played > 0 {
        let line = format!("{} games played; {}", report.played, report.score_line());
        report.say(&line);
    }
    ExitCode::SUCCESS
}
