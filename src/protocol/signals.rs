//! Every signal the program handles, set up here and nowhere else (signal-hook does the
//! handling, so that no signal handler is written here in `unsafe` code). Each front end asks
//! for what the signals mean to it:
//!
//! - SIGTERM and SIGHUP end a session as `quit` does, between two events, never in the
//!   middle of a line or a file: an [`Event::Terminate`] on the front end's channel
//!   ([`terminate_as_event`]), a flag the full screen's loop looks at ([`terminate_as_flag`]),
//!   or what the CSA client does between its connections ([`on_terminate`]);
//! - SIGINT: Ctrl-C while the line editor reads no line is an [`Event::Interrupt`]
//!   ([`interrupt_as_event`]); CECP ignores it ([`ignore`]); `--analyse` stops at the first
//!   and ends at the second ([`interrupt_as_flag`]);
//! - SIGXFSZ is ignored ([`ignore`]).
//!
//! A signal that cannot be caught keeps its default: it ends the program.

use crate::play::Event;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGXFSZ};
use std::ffi::c_int;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::Sender;

/// A signal that is made to do nothing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ignored {
    /// SIGINT: CECP's `feature sigint=0` (a Ctrl-C meant for XBoard must not kill its
    /// engine).
    Interrupt,
    /// SIGXFSZ: past a file-size limit (`ulimit -f`) a write then fails (EFBIG) and is
    /// reported, as on a full disk, instead of the program being killed mid-game.
    FileSize,
}

/// From now on `signal` does nothing (there is no going back to its default).
pub fn ignore(signal: Ignored) {
    let signal = match signal {
        Ignored::Interrupt => SIGINT,
        Ignored::FileSize => SIGXFSZ,
    };
    let _ = signal_hook::flag::register(signal, Arc::new(AtomicBool::new(false)));
}

/// SIGTERM and SIGHUP become [`Event::Terminate`] on `sender`, so that the front end ends
/// as on `quit` (status 0). If they cannot be caught, that is said on stderr.
pub fn terminate_as_event(sender: Sender<Event>) {
    on_terminate(move || sender.send(Event::Terminate).is_ok());
}

/// SIGTERM and SIGHUP call `action` on a thread of their own, each time, until it returns
/// `false`. If they cannot be caught, that is said on stderr.
pub fn on_terminate(action: impl FnMut() -> bool + Send + 'static) {
    if let Err(e) = relay(&[SIGTERM, SIGHUP], action) {
        eprintln!("gnushogi: cannot catch SIGTERM: {e}");
    }
}

/// SIGTERM and SIGHUP set `flag` (the full screen gives the terminal back before it ends).
/// One that cannot be caught is said on stderr.
pub fn terminate_as_flag(flag: &Arc<AtomicBool>) {
    for signal in [SIGTERM, SIGHUP] {
        if let Err(e) = signal_hook::flag::register(signal, Arc::clone(flag)) {
            eprintln!("gnushogi: cannot catch signal {signal}: {e}");
        }
    }
}

/// SIGINT becomes [`Event::Interrupt`] on `sender` (the line editor: while it reads a line,
/// Ctrl-C is a key and no signal). If it cannot be caught, Ctrl-C ends the program as by
/// default.
pub fn interrupt_as_event(sender: Sender<Event>) {
    let _ = relay(&[SIGINT], move || sender.send(Event::Interrupt).is_ok());
}

/// The first SIGINT sets `stop`; a second one, with `stop` already set, ends the program at
/// once with `status`. The error says that Ctrl-C could not be caught.
pub fn interrupt_as_flag(stop: &Arc<AtomicBool>, status: u8) -> std::io::Result<()> {
    // The check comes first, so that the first Ctrl-C only sets the flag.
    signal_hook::flag::register_conditional_shutdown(SIGINT, i32::from(status), Arc::clone(stop))?;
    signal_hook::flag::register(SIGINT, Arc::clone(stop))?;
    Ok(())
}

/// Calls `each` on a thread of its own at each of `signals`, until it returns `false`.
fn relay(
    signals: &[c_int],
    mut each: impl FnMut() -> bool + Send + 'static,
) -> std::io::Result<()> {
    let mut signals = signal_hook::iterator::Signals::new(signals)?;
    std::thread::spawn(move || {
        for _ in signals.forever() {
            if !each() {
                return;
            }
        }
    });
    Ok(())
}
