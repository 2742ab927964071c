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
pub fn parse_records_with_progress(
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

#[cfg(test)]
mod tests {
    use super::*;

    fn usi(moves: &[Move]) -> Vec<String> {
        moves.iter().map(Move::to_string).collect()
    }

    #[test]
    fn usi_lists() {
        let data = "# moves\tresult\n\
                    startpos moves 7g7f 3c3d 8h2b+\t1-0\ttoryo\n\
                    position startpos moves 2g2f\t0-1\n\
                    7g7f 8c8d\n\
                    sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i5h\t*\n\
                    startpos moves 7g7f 7g7f\t*\n";
        let r = parse_records("g.tsv", data.as_bytes(), Format::UsiList);
        assert_eq!(r.games.len(), 3);
        assert_eq!(usi(&r.games[0].moves), ["7g7f", "3c3d", "8h2b+"]);
        assert_eq!(r.games[0].result, GameResult::Win(Color::Black));
        assert_eq!(r.games[0].name, "g.tsv:2");
        assert_eq!(r.games[1].result, GameResult::Win(Color::White));
        assert_eq!(r.games[2].result, GameResult::Unknown);
        assert_eq!(r.problems.len(), 2);
        assert_eq!(
            r.problems[0],
            "g.tsv:5: not from the standard start position: another start position"
        );
        assert!(r.problems[1].starts_with("g.tsv:6: move 2 '7g7f': "), "{}", r.problems[1]);
    }

    #[test]
    fn csa_games() {
        let mut data = String::from("V2.2\nN+a\nN-b\nPI\n+\n+7776FU,T1\n-3334FU\n+8822UM\n");
        data.push_str("-3122GI\n+0045KA\n%TORYO\n/\nPI\n+\n+2726FU\n-8384FU\n%SENNICHITE\n");
        data.push_str("/\nPI82HI\n-\n-5142OU\n/\nPI\n+\n+2725FU\n");
        let r = parse_records("g.csa", data.as_bytes(), Format::Csa);
        assert_eq!(r.games.len(), 2, "{:?}", r.problems);
        assert_eq!(usi(&r.games[0].moves), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
        assert_eq!(r.games[0].result, GameResult::Win(Color::Black));
        assert_eq!(r.games[1].result, GameResult::Draw);
        assert_eq!(r.problems.len(), 2);
        assert!(r.problems[0].contains("a handicap game (rook)"), "{}", r.problems[0]);
        assert!(r.problems[1].starts_with("g.csa#4 (line 23): line 25: move 1 '+2725FU'"));
        assert_eq!(Format::detect(Path::new("x"), data.as_bytes()), Format::Csa);
    }

    #[test]
    fn kif_games_in_both_encodings() {
        let kif = "手合割：平手\n手数----指手---------消費時間--\n\
                   \u{20}  1 ７六歩(77)   ( 0:00/00:00:00)\n*comment\n\
                   \u{20}  2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n\
                   \u{20}  5 ４五角打\n   6 投了\nまで5手で先手の勝ち\n\n変化：3手\n   3 ２六歩(27)\n";
        let r = parse_records("g.kif", kif.as_bytes(), Format::Kif);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!(usi(&r.games[0].moves), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
        assert_eq!(r.games[0].result, GameResult::Win(Color::Black));
        let r2 = parse_records("g.kif", &sjis::encode(kif), Format::Kif);
        assert_eq!(r2.games, r.games);
        let handicap =
            parse_records("h.kif", "手合割：香落ち\n   1 ３四歩(33)\n".as_bytes(), Format::Kif);
        assert!(handicap.games.is_empty());
        assert!(handicap.problems[0].contains("a handicap game (lance)"));
        let wrong = parse_records("w.kif", "   1 ７六銀(77)\n".as_bytes(), Format::Kif);
        assert_eq!(wrong.problems, ["w.kif: line 1: '７六銀(77)': no silver on 7g; game left out"]);
    }
}
