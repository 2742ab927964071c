//! What the CSA client shows and keeps: the progress a person follows on the terminal (only
//! the results with `--quiet`), the log of the raw protocol lines (`--csa-log`), and each
//! game's record, saved with the server's times.

use super::config::Options;
use super::summary::{self, GameSummary};
use crate::files::record::{self, Format, Record};
use crate::rules::Color;
use crate::search::{Score as Eval, SearchResult};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// One game's result for the client.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    Won,
    Lost,
    Drawn,
    /// Cut short: the connection failed or the program was stopped.
    Interrupted,
}

/// What the terminal shows, the protocol log, and the records saved.
pub struct Report {
    out: Box<dyn Write>,
    quiet: bool,
    log: Option<std::fs::File>,
    log_start: Instant,
    save_dir: Option<PathBuf>,
    formats: Vec<Format>,
    /// Games played so far, and their results.
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
    pub interrupted: u32,
    /// The engine's last search, shown with its move.
    thought: Option<String>,
    /// The engine plays this side in the game in progress.
    me: Option<Color>,
}

impl Report {
    pub fn new(out: Box<dyn Write>, options: &Options) -> std::io::Result<Report> {
        let log = match &options.log {
            Some(path) => {
                Some(std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(
                    |e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())),
                )?)
            }
            None => None,
        };
        Ok(Report {
            out,
            quiet: options.quiet,
            log,
            log_start: Instant::now(),
            save_dir: options.save_dir.clone(),
            formats: options.formats.clone(),
            played: 0,
            won: 0,
            lost: 0,
            drawn: 0,
            interrupted: 0,
            thought: None,
            me: None,
        })
    }

    /// A line people and scripts both read.
    pub fn say(&mut self, text: &str) {
        // The terminal may have gone (a closed pipe): the games go on.
        let _ = writeln!(self.out, "{text}");
        let _ = self.out.flush();
        self.log_note(text);
    }

    /// A line of progress, not shown with `--quiet`.
    pub(crate) fn detail(&mut self, text: &str) {
        if !self.quiet {
            let _ = writeln!(self.out, "{text}");
            let _ = self.out.flush();
        }
        self.log_note(text);
    }

    /// Something wrong, on stderr.
    pub(crate) fn warn(&mut self, text: &str) {
        eprintln!("gnushogi: {text}");
        self.log_note(&format!("warning: {text}"));
    }

    fn log_line(&mut self, direction: &str, text: &str) {
        if let Some(f) = &mut self.log {
            let t = self.log_start.elapsed().as_secs_f64();
            let stamp = chrono::Local::now().format("%Y-%m-%d %H:%M:%S%.3f");
            // A log that cannot be written does not stop the games.
            let _ = writeln!(f, "{stamp} {t:10.3} {direction} {text}");
        }
    }

    fn log_note(&mut self, text: &str) {
        self.log_line("#", text);
    }

    /// A line received.
    pub(crate) fn log_in(&mut self, line: &str) {
        self.log_line("<", line);
    }

    /// A line sent (its password hidden).
    pub(crate) fn log_out(&mut self, line: &str) {
        self.log_line(">", line);
    }

    pub(crate) fn game_begins(&mut self, summary: &GameSummary, me: Color) {
        self.me = Some(me);
        let n = self.played + 1;
        let opponent = summary.name(!me);
        let side = if me == Color::Black { "Black (sente)" } else { "White (gote)" };
        let limit = summary.max_moves.map_or(String::new(), |m| format!(", Max_Moves {m}"));
        let resumed = match summary.record.moves.len() {
            0 => String::new(),
            n => format!(", resumed after {n} moves"),
        };
        self.say(&format!(
            "game {n}: {} — playing {side} against {opponent}; {}{limit}{resumed}",
            summary.game_id,
            summary.time_words()
        ));
    }

    /// The engine's search for the move it sends next.
    pub(crate) fn thinking_done(&mut self, result: &SearchResult) {
        self.thought = Some(if result.book {
            "book".to_string()
        } else {
            let eval = match result.score {
                Eval::Cp(cp) => format!("{cp:+}"),
                Eval::Mate(p) => format!("mate {p:+}"),
            };
            format!("eval {eval} depth {} nodes {}", result.depth, result.nodes)
        });
    }

    /// A move the server announced, with its time and both clocks after it (Black's first).
    pub fn moved(
        &mut self,
        ply: usize,
        text: &str,
        name: &str,
        time: Option<Duration>,
        clocks: [Duration; 2],
    ) {
        let ours = self.me.is_some_and(|me| text.starts_with(crate::notation::csa::side_sign(me)));
        let thought = if ours { self.thought.take() } else { None };
        let time = time.map_or("T?".to_string(), |t| format!("T{}", seconds_text(t)));
        let mut line = format!(
            "{ply:4}. {text} {name:<12} {time:<8} Black {} White {}",
            clock_text(clocks[0]),
            clock_text(clocks[1])
        );
        if let Some(t) = thought {
            line.push_str("  ");
            line.push_str(&t);
        }
        self.detail(&line);
    }

    pub(crate) fn game_ends(&mut self, score: Score, how: &str, moves: usize, elapsed: Duration) {
        self.played += 1;
        let word = match score {
            Score::Won => {
                self.won += 1;
                "won"
            }
            Score::Lost => {
                self.lost += 1;
                "lost"
            }
            Score::Drawn => {
                self.drawn += 1;
                "drawn"
            }
            Score::Interrupted => {
                self.interrupted += 1;
                "interrupted"
            }
        };
        self.me = None;
        self.say(&format!(
            "game {}: {word} ({how}) after {moves} moves in {}; {}",
            self.played,
            summary::words(Duration::from_secs(elapsed.as_secs())),
            self.score_line()
        ));
    }

    /// `3 games: 2 won, 1 lost, 0 drawn`.
    pub(crate) fn score_line(&self) -> String {
        let mut t = format!("score: {} won, {} lost, {} drawn", self.won, self.lost, self.drawn);
        if self.interrupted > 0 {
            t.push_str(&format!(", {} interrupted", self.interrupted));
        }
        t
    }

    /// Saves the record in each format asked for, named after the game.
    pub fn save(&mut self, rec: &Record, game_id: &str) {
        let Some(dir) = self.save_dir.clone() else { return };
        let stem: String = game_id
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || "+-_.@".contains(c) { c } else { '_' })
            .collect();
        for format in self.formats.clone() {
            let path = dir.join(format!("{stem}.{}", format.extension()));
            match crate::files::write_atomic(&path, record::write(rec, format)) {
                Ok(()) => self.detail(&format!("record saved: {}", path.display())),
                Err(e) => self.warn(&format!("cannot save {}: {e}", path.display())),
            }
        }
    }
}

/// Seconds, with the fraction when there is one: `3`, `0.25`.
pub(crate) fn seconds_text(d: Duration) -> String {
    match d.subsec_millis() {
        0 => d.as_secs().to_string(),
        _ => format!("{:.3}", d.as_secs_f64()).trim_end_matches('0').to_string(),
    }
}

/// A clock as `M:SS`, with the fraction when there is one (a server counting in
/// milliseconds).
pub fn clock_text(d: Duration) -> String {
    let ms = d.as_millis();
    let (m, s, frac) = (ms / 60_000, (ms / 1000) % 60, ms % 1000);
    if frac == 0 { format!("{m}:{s:02}") } else { format!("{m}:{s:02}.{frac:03}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_as_text() {
        assert_eq!(clock_text(Duration::from_secs(299)), "4:59");
        assert_eq!(clock_text(Duration::from_millis(61_250)), "1:01.250");
        assert_eq!(seconds_text(Duration::from_millis(61_250)), "61.25");
        assert_eq!(seconds_text(Duration::from_secs(3)), "3");
    }
}
