//! The full-screen terminal mode (`-C`): the original's menu of ten time controls (and four
//! quicker ones after them) and of the kind of game (even, or one of the fifteen handicaps;
//! `--handicap` skips it), then the board with coordinates and colours (Japanese piece
//! names with `kanji` or `--kanji`), the hands, both clocks running, the moves, the
//! computer's thinking, the messages and a command line that takes everything the text mode
//! takes: the text mode's interpreter runs it, with this mode's `display::Screen` as its
//! display.
//!
//! The terminal is always given back as it was: on `quit`, at the end of input, on Ctrl-C
//! (a key in raw mode), on SIGTERM and SIGHUP, on an error and on a panic (a guard's `Drop`
//! and a panic hook). A resized window is drawn again at its new size.
//!
//! Where this differs from the original's curses display: Ctrl-C quits at once (the
//! original asked "Abort?"); levels 6 and 7 are both "all moves" (the original forgot it for
//! level 7); a time control given on the command line skips the menu; `setup` works.

pub mod app;
mod choices;
pub(crate) mod display;
pub mod grid;
mod keys;
mod menu;
pub(crate) mod screen;

use super::Session;
use super::gnu::{self, Link};
use super::signals;
use super::terminal::Input;
use crate::config::Config;
use crate::engine::Engine;
use app::App;
use crossterm::cursor::{Hide, MoveTo, Show};
use crossterm::event::{self, Event as TermEvent};
use crossterm::style::SetForegroundColor;
use crossterm::style::{Attribute, Print, ResetColor, SetAttribute, SetBackgroundColor};
use crossterm::terminal::{self, BeginSynchronizedUpdate, Clear, ClearType};
use crossterm::terminal::{DisableLineWrap, EnableLineWrap, EndSynchronizedUpdate};
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{execute, queue};
use grid::{Grid, Style};
use std::io::{self, BufWriter, IsTerminal, Stdout, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long the loop waits for a key before it looks at the engine and the clocks again.
const TICK: Duration = Duration::from_millis(50);

/// Runs the full-screen mode on the terminal; without one (input or output redirected),
/// the text mode, with a note on stderr.
pub fn run(engine: Engine, config: &Config) -> ExitCode {
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        eprintln!("gnushogi: -C needs a terminal; running the text mode (-R) instead");
        let session = Session::without_input(io::stdout(), engine);
        signals::terminate_as_event(session.sender.clone());
        return gnu::run(session, config, Input::lines(io::BufReader::new(io::stdin())));
    }
    // No line reader: the keys come from the terminal (see `read_keys`).
    let mut session = Session::without_input(io::sink(), engine);
    let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let active = Arc::new(AtomicBool::new(false));
    // SIGTERM and SIGHUP end the mode as `quit` does, so the terminal is given back.
    let terminate = Arc::new(AtomicBool::new(false));
    signals::terminate_as_flag(&terminate);
    let panics = Arc::new(Mutex::new(Vec::new()));
    let previous_hook = install_panic_hook(Arc::clone(&active), Arc::clone(&panics));
    let result = match Terminal::open(Arc::clone(&active)) {
        Ok(mut term) => {
            let (link, _) = Link::split(&mut session);
            let mut app = App::new(link, config, color);
            let r = event_loop(&mut app, &mut term, &panics, &terminate);
            drop(app);
            drop(term);
            r
        }
        Err(e) => Err(e),
    };
    restore_panic_hook(previous_hook);
    if let Ok(p) = panics.lock() {
        for msg in p.iter() {
            eprintln!("gnushogi: {msg}");
        }
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gnushogi: the terminal failed: {e}");
            ExitCode::from(1)
        }
    }
}

/// Draws, reads keys, lets the engine's events in, until the game is left.
fn event_loop(
    app: &mut App<'_>,
    term: &mut Terminal,
    panics: &Mutex<Vec<String>>,
    terminate: &AtomicBool,
) -> io::Result<()> {
    let mut panics_shown = 0;
    let keys = read_keys();
    loop {
        if app.ended().is_some() || terminate.load(Ordering::SeqCst) {
            return Ok(());
        }
        if let Ok(p) = panics.lock() {
            for msg in &p[panics_shown..] {
                app.error(&format!("Error (a thread failed): {msg}"));
            }
            panics_shown = p.len();
        }
        // The size now, not the last Resize event's: the window may be changing.
        let (w, h) = terminal::size()?;
        let grid = app.render(usize::from(w), usize::from(h), Instant::now());
        let repaint = app.take_repaint();
        term.draw(&grid, repaint)?;
        if app.take_bell() {
            term.bell()?;
        }
        let mut wait = TICK;
        loop {
            // A terminal that hung up is no terminal any more (its ioctls fail).
            let gone = !io::stdin().is_terminal();
            match keys.recv_timeout(wait) {
                Ok(TermEvent::Key(key)) if !gone => app.key(key),
                // A resize is seen by the next drawing.
                Ok(_) if !gone => {}
                Err(RecvTimeoutError::Timeout) if !gone => break,
                _ => {
                    // No more input (the terminal went away): finish as at the end of input.
                    app.input_closed();
                    while app.ended().is_none() && !terminate.load(Ordering::SeqCst) {
                        app.pump(TICK);
                    }
                    return Ok(());
                }
            }
            if app.ended().is_some() || terminate.load(Ordering::SeqCst) {
                return Ok(());
            }
            // Keys already typed are taken before drawing again.
            wait = Duration::ZERO;
        }
        app.pump(Duration::ZERO);
    }
}

/// The terminal's events, read on a thread of their own. crossterm's reader never returns
/// once the terminal has hung up (it reads end-of-file forever), so the loop must not wait
/// inside it: it waits on this channel, which lets it see SIGHUP and a dead terminal, and
/// leave. The reader, if stuck, ends with the process.
fn read_keys() -> Receiver<TermEvent> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        while let Ok(e) = event::read() {
            if tx.send(e).is_err() {
                break;
            }
        }
    });
    rx
}

/// The terminal in raw mode on the alternate screen, until dropped.
struct Terminal {
    out: BufWriter<Stdout>,
    /// What the terminal shows, to write only the rows that change.
    shown: Option<Grid>,
    /// Shared with the panic hook: the terminal still needs restoring.
    active: Arc<AtomicBool>,
}

impl Terminal {
    fn open(active: Arc<AtomicBool>) -> io::Result<Terminal> {
        terminal::enable_raw_mode()?;
        active.store(true, Ordering::SeqCst);
        // From here on, dropping the terminal restores it.
        let mut t = Terminal { out: BufWriter::new(io::stdout()), shown: None, active };
        // No wrapping at the right edge: a line drawn for a wider screen (the window shrank
        // since) must not scroll the screen.
        execute!(t.out, EnterAlternateScreen, DisableLineWrap, Hide)?;
        Ok(t)
    }

    fn bell(&mut self) -> io::Result<()> {
        self.out.write_all(b"\x07")?;
        self.out.flush()
    }

    /// Shows `grid`: the rows that changed, or all of them after a resize or with `all`.
    fn draw(&mut self, grid: &Grid, all: bool) -> io::Result<()> {
        let all = all
            || self
                .shown
                .as_ref()
                .is_none_or(|s| s.width() != grid.width() || s.height() != grid.height());
        // Every cell of a row is written, so nothing is cleared first: a clear of the whole
        // screen would push it into the scrollback of some terminals (tmux).
        queue!(self.out, BeginSynchronizedUpdate, Hide)?;
        for y in 0..grid.height() {
            if !all && self.shown.as_ref().is_some_and(|s| s.row(y) == grid.row(y)) {
                continue;
            }
            queue!(self.out, MoveTo(0, y as u16))?;
            let row = grid.row(y);
            // Never the bottom-right cell: writing it scrolls some terminals.
            let n = if y + 1 == grid.height() { row.len().saturating_sub(1) } else { row.len() };
            let mut current: Option<Style> = None;
            for cell in &row[..n] {
                if cell.tail {
                    continue;
                }
                if current != Some(cell.style) {
                    apply_style(&mut self.out, cell.style)?;
                    current = Some(cell.style);
                }
                queue!(self.out, Print(cell.ch))?;
            }
            queue!(self.out, SetAttribute(Attribute::Reset))?;
            if n < row.len() {
                queue!(self.out, Clear(ClearType::UntilNewLine))?;
            }
        }
        if let Some((x, y)) = grid.cursor {
            queue!(self.out, MoveTo(x as u16, y as u16), Show)?;
        }
        queue!(self.out, EndSynchronizedUpdate)?;
        self.out.flush()?;
        self.shown = Some(grid.clone());
        Ok(())
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.out.flush();
        restore(&self.active);
    }
}

fn apply_style<W: Write>(out: &mut W, s: Style) -> io::Result<()> {
    queue!(out, SetAttribute(Attribute::Reset))?;
    if let Some(fg) = s.fg {
        queue!(out, SetForegroundColor(fg))?;
    }
    if let Some(bg) = s.bg {
        queue!(out, SetBackgroundColor(bg))?;
    }
    for (on, attr) in [
        (s.bold, Attribute::Bold),
        (s.dim, Attribute::Dim),
        (s.underline, Attribute::Underlined),
        (s.reverse, Attribute::Reverse),
    ] {
        if on {
            queue!(out, SetAttribute(attr))?;
        }
    }
    Ok(())
}

/// Gives the terminal back as it was (once, however often it is called).
fn restore(active: &AtomicBool) {
    if active.swap(false, Ordering::SeqCst) {
        let mut out = io::stdout();
        let _ = execute!(
            out,
            SetAttribute(Attribute::Reset),
            ResetColor,
            Show,
            EnableLineWrap,
            LeaveAlternateScreen
        );
        let _ = terminal::disable_raw_mode();
    }
}

type PanicHook = Arc<dyn Fn(&std::panic::PanicHookInfo<'_>) + Send + Sync + 'static>;

/// A panic on this thread restores the terminal before its message is printed; a panic
/// on another thread (a search) is kept, shown on the screen and printed at the end.
fn install_panic_hook(active: Arc<AtomicBool>, panics: Arc<Mutex<Vec<String>>>) -> PanicHook {
    let previous: PanicHook = Arc::from(std::panic::take_hook());
    let chained = Arc::clone(&previous);
    let ui = std::thread::current().id();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() == ui {
            restore(&active);
            chained(info);
        } else if let Ok(mut p) = panics.lock() {
            p.push(info.to_string().replace('\n', " "));
        }
    }));
    previous
}

fn restore_panic_hook(previous: PanicHook) {
    let _ = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| previous(info)));
}
