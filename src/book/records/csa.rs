//! CSA files: the standard start position (`PI`, or the nine rows `P1`..`P9`), then moves
//! (`+7776FU`) and the end (`%TORYO`); several games are separated by `/`.

use super::{GameRecord, GameResult, Records, Replay, ReplayError};
use crate::rules::{Color, Move, PieceKind, Position, Square};
use std::fmt;

/// Why a CSA move could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CsaMoveError {
    NotCsa(String),
    OutOfTurn(String),
    UnknownPiece(String),
    BadSquare(String),
    /// The piece named is neither the one on the square nor its promotion.
    WrongPiece {
        text: String,
        from: Square,
        kind: PieceKind,
    },
    Illegal {
        text: String,
        error: ReplayError,
    },
}

impl fmt::Display for CsaMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CsaMoveError::NotCsa(s) => write!(f, "'{s}' is not a CSA move"),
            CsaMoveError::OutOfTurn(s) => write!(f, "'{s}' is out of turn"),
            CsaMoveError::UnknownPiece(s) => write!(f, "'{s}': unknown piece"),
            CsaMoveError::BadSquare(s) => write!(f, "'{s}': bad square"),
            CsaMoveError::WrongPiece { text, from, kind } => {
                write!(f, "'{text}': the piece on {from} is not a {}", kind.name())
            }
            CsaMoveError::Illegal { text, error } => write!(f, "'{text}': {error}"),
        }
    }
}

impl std::error::Error for CsaMoveError {}

const CSA_KINDS: [(&str, PieceKind); 14] = [
    ("FU", PieceKind::Pawn),
    ("KY", PieceKind::Lance),
    ("KE", PieceKind::Knight),
    ("GI", PieceKind::Silver),
    ("KI", PieceKind::Gold),
    ("KA", PieceKind::Bishop),
    ("HI", PieceKind::Rook),
    ("OU", PieceKind::King),
    ("TO", PieceKind::ProPawn),
    ("NY", PieceKind::ProLance),
    ("NK", PieceKind::ProKnight),
    ("NG", PieceKind::ProSilver),
    ("UM", PieceKind::Horse),
    ("RY", PieceKind::Dragon),
];

fn csa_kind(code: &str) -> Option<PieceKind> {
    CSA_KINDS.iter().find(|(c, _)| *c == code).map(|&(_, k)| k)
}

fn csa_code(kind: PieceKind) -> &'static str {
    CSA_KINDS.iter().find(|&&(_, k)| k == kind).map_or("??", |(c, _)| c)
}

pub(super) fn is_csa_move(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 7
        && matches!(b[0], b'+' | b'-')
        && b[1..5].iter().all(u8::is_ascii_digit)
        && b[5..7].iter().all(u8::is_ascii_uppercase)
}

/// A CSA board row of the standard start position (`P1-KY-KE-...`).
fn start_row(rank: u8) -> String {
    let pos = Position::startpos();
    let mut row = format!("P{rank}");
    for file in (1..=9).rev() {
        match Square::new(file, rank).and_then(|sq| pos.piece_at(sq)) {
            Some(p) => {
                row.push(if p.color() == Color::Black { '+' } else { '-' });
                row.push_str(csa_code(p.kind()));
            }
            None => row.push_str(" * "),
        }
    }
    row
}

/// One game of a CSA file while it is being read.
struct CsaGame {
    start: usize,
    rows_ok: u16,
    hirate: bool,
    nonstandard: Option<String>,
    replay: Replay,
    result: GameResult,
    /// The line of the first move that could not be played, and why.
    error: Option<(usize, CsaMoveError)>,
    seen_move: bool,
}

impl CsaGame {
    fn new(start: usize) -> CsaGame {
        CsaGame {
            start,
            rows_ok: 0,
            hirate: false,
            nonstandard: None,
            replay: Replay::new(),
            result: GameResult::Unknown,
            error: None,
            seen_move: false,
        }
    }

    fn statement(&mut self, s: &str, line: usize) {
        if self.error.is_some() || self.nonstandard.is_some() {
            return;
        }
        let b = s.as_bytes();
        match b.first() {
            None | Some(b'\'' | b'V' | b'N' | b'$' | b'T') => {}
            Some(b'P') => self.setup(s),
            Some(b'-') if s.len() == 1 => self.nonstandard = Some("gote moves first".into()),
            Some(b'+') if s.len() == 1 => {}
            Some(b'+' | b'-') => {
                if let Err(e) = self.csa_move(s) {
                    self.error = Some((line, e));
                }
            }
            Some(b'%') => self.end(s),
            _ => {}
        }
    }

    fn setup(&mut self, s: &str) {
        if s == "PI" {
            self.hirate = true;
        } else if s.starts_with("PI") {
            self.nonstandard = Some(format!("handicap ({s})"));
        } else if s == "P+" || s == "P-" {
        } else if let Some(rank) = s[1..].chars().next().and_then(|c| c.to_digit(10)) {
            if (1..=9).contains(&rank) && s.trim_end() == start_row(rank as u8).trim_end() {
                self.rows_ok |= 1 << rank;
            } else {
                self.nonstandard = Some(format!("start position row {s}"));
            }
        } else {
            self.nonstandard = Some(format!("pieces placed ({s})"));
        }
    }

    fn csa_move(&mut self, s: &str) -> Result<(), CsaMoveError> {
        if !self.seen_move {
            self.seen_move = true;
            if !self.hirate && self.rows_ok != 0b11_1111_1110 {
                self.nonstandard = Some("no standard start position (PI or P1..P9)".into());
                return Ok(());
            }
        }
        if !is_csa_move(s) {
            return Err(CsaMoveError::NotCsa(s.to_string()));
        }
        let b = s.as_bytes();
        let side = if b[0] == b'+' { Color::Black } else { Color::White };
        if side != self.replay.side() {
            return Err(CsaMoveError::OutOfTurn(s.to_string()));
        }
        let digit = |i: usize| b[i] - b'0';
        let kind = csa_kind(&s[5..7]).ok_or_else(|| CsaMoveError::UnknownPiece(s.to_string()))?;
        let bad_square = || CsaMoveError::BadSquare(s.to_string());
        let to = Square::new(digit(3), digit(4)).ok_or_else(bad_square)?;
        let m = if digit(1) == 0 && digit(2) == 0 {
            Move::drop(kind, to)
        } else {
            let from = Square::new(digit(1), digit(2)).ok_or_else(bad_square)?;
            let on = self.replay.pos.piece_at(from).map(|p| p.kind());
            let promote = on.is_some_and(|k| k != kind && k.promote() == Some(kind));
            if on.is_some_and(|k| k != kind && !promote) {
                return Err(CsaMoveError::WrongPiece { text: s.to_string(), from, kind });
            }
            Move::normal(from, to, promote)
        };
        self.replay.play(m).map_err(|error| CsaMoveError::Illegal { text: s.to_string(), error })
    }

    fn end(&mut self, s: &str) {
        let to_move = self.replay.side();
        self.result = match s {
            "%TORYO" | "%TSUMI" | "%TIME_UP" => GameResult::Win(!to_move),
            "%KACHI" => GameResult::Win(to_move),
            "%SENNICHITE" | "%JISHOGI" | "%HIKIWAKE" | "%MAX_MOVES" => GameResult::Draw,
            "%+ILLEGAL_ACTION" => GameResult::Win(Color::White),
            "%-ILLEGAL_ACTION" => GameResult::Win(Color::Black),
            _ => self.result,
        };
    }

    fn finish(self, name: &str, n: usize, out: &mut Records) {
        let at = format!("{name}#{n} (line {})", self.start);
        if let Some(why) = self.nonstandard {
            out.problems.push(format!("{at}: not from the standard start position: {why}"));
        } else if let Some((line, e)) = self.error {
            out.problems.push(format!("{at}: line {line}: {e}; game left out"));
        } else if !self.replay.moves.is_empty() {
            out.games.push(GameRecord { name: at, moves: self.replay.moves, result: self.result });
        }
    }
}

pub(super) fn parse(name: &str, data: &[u8], tick: &mut dyn FnMut(usize)) -> Records {
    let text = String::from_utf8_lossy(data);
    let mut out = Records::default();
    let mut game = CsaGame::new(1);
    let mut n = 1;
    for (i, line) in text.lines().enumerate() {
        tick(line.len() + 1);
        let line = line.trim_end_matches('\r');
        if line.trim() == "/" {
            std::mem::replace(&mut game, CsaGame::new(i + 2)).finish(name, n, &mut out);
            n += 1;
            continue;
        }
        if line.starts_with('\'') {
            continue;
        }
        // Commas separate statements on move lines (`+7776FU,T12`); names and other
        // information may hold commas of their own.
        if line.starts_with(['+', '-', '%', 'T']) {
            for s in line.split(',') {
                game.statement(s.trim(), i + 1);
            }
        } else {
            game.statement(line, i + 1);
        }
    }
    game.finish(name, n, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::records::{Format, parse_records, usi_strings as usi};
    use std::path::Path;

    #[test]
    fn csa_games() {
        let mut data = String::from("V2.2\nN+a\nN-b\n");
        for rank in 1..=9 {
            data.push_str(&start_row(rank));
            data.push('\n');
        }
        data.push_str(
            "P+\nP-\n+\n+7776FU,T1\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n%TORYO\n/\nPI\n+\n",
        );
        data.push_str("+2726FU\n-8384FU\n%SENNICHITE\n/\nPI82HI\n+\n+2726FU\n/\nPI\n+\n+2725FU\n");
        let r = parse_records("g.csa", data.as_bytes(), Format::Csa);
        assert_eq!(r.games.len(), 2, "{:?}", r.problems);
        assert_eq!(usi(&r.games[0].moves), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
        assert_eq!(r.games[0].result, GameResult::Win(Color::Black));
        assert_eq!(r.games[1].result, GameResult::Draw);
        assert_eq!(r.problems.len(), 2);
        assert!(r.problems[0].contains("handicap (PI82HI)"), "{}", r.problems[0]);
        assert!(r.problems[1].contains("'+2725FU'"), "{}", r.problems[1]);
        assert_eq!(Format::detect(Path::new("x"), data.as_bytes()), Format::Csa);
    }
}
