//! Game records for `--make-book`: USI move lists (one game a line, as in
//! `games/games.tsv`), CSA files (several games separated by `/`) and KIF files (UTF-8 or
//! Shift-JIS). The parsing is `files::record`'s, one reader per format; this adapter keeps
//! the games from the standard start position, and leaves out each other game with a message
//! saying where and why.

use crate::files::FileError;
use crate::files::record::{Record, csa, kif, sjis, usi};
use crate::game::Outcome;
use crate::rules::{Color, Move, Position};
use std::path::Path;

/// How a game ended, as far as the record says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win(Color),
    Draw,
    Unknown,
}

impl GameResult {
    /// The score of `side`: 1 for a win, 1/2 for a draw (in halves: 2, 1, 0); `None` if
    /// the result is unknown.
    pub fn half_points(self, side: Color) -> Option<u32> {
        match self {
            GameResult::Win(c) if c == side => Some(2),
            GameResult::Win(_) => Some(0),
            GameResult::Draw => Some(1),
            GameResult::Unknown => None,
        }
    }

    fn of(outcome: Option<Outcome>) -> GameResult {
        match outcome {
            Some(Outcome::Win { winner, .. }) => GameResult::Win(winner),
            Some(Outcome::Draw(_)) => GameResult::Draw,
            None => GameResult::Unknown,
        }
    }
}

/// One game from the standard start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Where it came from (`file:line` or `file#game`).
    pub name: String,
    pub moves: Vec<Move>,
    pub result: GameResult,
}

/// The kinds of record file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// `startpos moves 7g7f 3c3d ...`, one game a line, an optional result after a tab.
    UsiList,
    Csa,
    Kif,
}

impl Format {
    /// From the file name, else from the content.
    pub fn detect(path: &Path, data: &[u8]) -> Format {
        match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("csa") => return Format::Csa,
            Some("kif" | "kifu") => return Format::Kif,
            Some("tsv" | "usi" | "txt") => return Format::UsiList,
            _ => {}
        }
        let text = String::from_utf8_lossy(&data[..data.len().min(4096)]);
        if text.lines().any(|l| l.starts_with("PI") || l.starts_with("P1") || csa::is_csa_move(l)) {
            Format::Csa
        } else if text.lines().any(|l| l.contains("startpos") || l.starts_with("sfen ")) {
            Format::UsiList
        } else {
            Format::Kif
        }
    }
}

/// What a file gave: its games and the reasons some were left out.
#[derive(Clone, Debug, Default)]
pub struct Records {
    pub games: Vec<GameRecord>,
    pub problems: Vec<String>,
}

impl Records {
    /// Keeps a game read as `record` if it starts from the standard position and has moves.
    fn take(&mut self, at: String, read: Result<Record, FileError>, result: GameResult) {
        match read {
            Err(e) if e.line == 0 => {
                self.problems.push(format!("{at}: {}; game left out", e.reason))
            }
            Err(e) => self.problems.push(format!("{at}: {e}; game left out")),
            Ok(r) if r.start != Position::startpos() => {
                let why = match r.handicap() {
                    Some(h) => format!("a handicap game ({})", h.name()),
                    None => "another start position".to_string(),
                };
                self.problems.push(format!("{at}: not from the standard start position: {why}"));
            }
            Ok(r) if r.moves.is_empty() => {}
            Ok(r) => self.games.push(GameRecord {
                name: at,
                moves: r.moves.iter().map(|m| m.mv).collect(),
                result,
            }),
        }
    }
}

/// Reads the games of one record file.
pub fn parse_records(name: &str, data: &[u8], format: Format) -> Records {
    parse_records_with_progress(name, data, format, &mut |_| {})
}

/// [`parse_records`], telling `progress` how many more bytes were read as it goes (for a
/// progress bar); the amounts add up to `data.len()`.
pub(crate) fn parse_records_with_progress(
    name: &str,
    data: &[u8],
    format: Format,
    progress: &mut dyn FnMut(usize),
) -> Records {
    let mut done = 0;
    let mut tick = |n: usize| {
        let n = n.min(data.len() - done);
        done += n;
        progress(n);
    };
    let mut out = Records::default();
    match format {
        Format::UsiList => {
            let text = String::from_utf8_lossy(data);
            for (n, line) in text.lines().enumerate() {
                tick(line.len() + 1);
                let line = line.trim_end_matches('\r');
                if line.trim().is_empty() || line.starts_with('#') {
                    continue;
                }
                let mut fields = line.split('\t');
                let spec = fields.next().unwrap_or("");
                let result = fields.next().map_or(GameResult::Unknown, result_word);
                let read = usi::parse_line(spec).map_err(|e| FileError::new(0, e.reason));
                out.take(format!("{name}:{}", n + 1), read, result);
            }
        }
        Format::Csa => {
            let text = sjis::decode(data);
            for (i, (line, game)) in csa::split_games(&text).enumerate() {
                tick(game.len());
                let read = csa::parse_games(game).into_iter().next().map(|(_, r)| r);
                // The game's lines are counted from its own start: say the file's.
                let read = read
                    .unwrap_or_else(|| Err(FileError::new(0, "empty game")))
                    .map_err(|e| FileError::new(e.line + line - 1, e.reason));
                let result =
                    read.as_ref().map_or(GameResult::Unknown, |r| GameResult::of(r.outcome));
                out.take(format!("{name}#{} (line {line})", i + 1), read, result);
            }
        }
        Format::Kif => {
            let read = kif::parse(&sjis::decode(data));
            let result = read.as_ref().map_or(GameResult::Unknown, |r| GameResult::of(r.outcome));
            out.take(name.to_string(), read, result);
        }
    }
    tick(usize::MAX);
    out
}

fn result_word(w: &str) -> GameResult {
    match w.trim() {
        "1-0" => GameResult::Win(Color::Black),
        "0-1" => GameResult::Win(Color::White),
        "1/2-1/2" | "1/2" | "draw" => GameResult::Draw,
        _ => GameResult::Unknown,
    }
}
