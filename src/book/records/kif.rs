//! KIF files (`   1 ７六歩(77)`): the main line of one game from the standard start
//! position; variations are skipped.

use super::{GameRecord, GameResult, Records, Replay, ReplayError};
use crate::rules::{Color, Move, PieceKind, Position, Square};
use std::fmt;

/// Why a KIF move could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KifMoveError {
    NotKif(String),
    /// `同` (the square of the move before) as the first move.
    SameWithoutMove(String),
    NoPiece {
        text: String,
        kind: PieceKind,
        from: Square,
    },
    Illegal(ReplayError),
}

impl fmt::Display for KifMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KifMoveError::NotKif(t) => write!(f, "'{t}' is not a KIF move"),
            KifMoveError::SameWithoutMove(t) => write!(f, "'{t}': 同 with no move before"),
            KifMoveError::NoPiece { text, kind, from } => {
                write!(f, "'{text}': no {} on {from}", kind.name())
            }
            KifMoveError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for KifMoveError {}

fn kif_kind(c: char) -> Option<PieceKind> {
    Some(match c {
        '歩' => PieceKind::Pawn,
        '香' => PieceKind::Lance,
        '桂' => PieceKind::Knight,
        '銀' => PieceKind::Silver,
        '金' => PieceKind::Gold,
        '角' => PieceKind::Bishop,
        '飛' => PieceKind::Rook,
        '玉' | '王' => PieceKind::King,
        'と' => PieceKind::ProPawn,
        '杏' => PieceKind::ProLance,
        '圭' => PieceKind::ProKnight,
        '全' => PieceKind::ProSilver,
        '馬' => PieceKind::Horse,
        '龍' | '竜' => PieceKind::Dragon,
        _ => return None,
    })
}

fn kif_digit(c: char) -> Option<u8> {
    let n = match c {
        '1'..='9' => c as u32 - '0' as u32,
        '１'..='９' => c as u32 - '１' as u32 + 1,
        _ => "一二三四五六七八九".chars().position(|k| k == c)? as u32 + 1,
    };
    Some(n as u8)
}

/// A KIF move text: `７六歩(77)`, `同　銀(79)`, `８八角成(22)`, `５五角打`, `２二銀不成(31)`.
fn kif_move(text: &str, pos: &Position, last_to: Option<Square>) -> Result<Move, KifMoveError> {
    let bad = || KifMoveError::NotKif(text.to_string());
    let mut chars = text.chars().peekable();
    let to = if chars.peek() == Some(&'同') {
        chars.next();
        while chars.peek() == Some(&'\u{3000}') {
            chars.next();
        }
        last_to.ok_or_else(|| KifMoveError::SameWithoutMove(text.to_string()))?
    } else {
        let file = chars.next().and_then(kif_digit).ok_or_else(bad)?;
        let rank = chars.next().and_then(kif_digit).ok_or_else(bad)?;
        Square::new(file, rank).ok_or_else(bad)?
    };
    let kind = match chars.next().ok_or_else(bad)? {
        '成' => match chars.next().and_then(kif_kind) {
            Some(k) => k.promote().ok_or_else(bad)?,
            None => return Err(bad()),
        },
        c => kif_kind(c).ok_or_else(bad)?,
    };
    let rest: String = chars.collect();
    let (promote, drop, origin) = if let Some(r) = rest.strip_prefix("不成") {
        (false, false, r)
    } else if let Some(r) = rest.strip_prefix('生') {
        (false, false, r)
    } else if let Some(r) = rest.strip_prefix('成') {
        (true, false, r)
    } else if let Some(r) = rest.strip_prefix('打') {
        (false, true, r)
    } else {
        (false, false, rest.as_str())
    };
    let m = if drop {
        Move::drop(kind, to)
    } else {
        let o =
            origin.trim().strip_prefix('(').and_then(|o| o.strip_suffix(')')).ok_or_else(bad)?;
        let o: Vec<u8> = o.bytes().collect();
        let from = match o.as_slice() {
            [f, r] if f.is_ascii_digit() && r.is_ascii_digit() => {
                Square::new(f - b'0', r - b'0').ok_or_else(bad)?
            }
            _ => return Err(bad()),
        };
        let on = pos.piece_at(from).map(|p| p.kind());
        if on != Some(kind) {
            return Err(KifMoveError::NoPiece { text: text.to_string(), kind, from });
        }
        Move::normal(from, to, promote)
    };
    Ok(m)
}

/// The result a special KIF move (in place of a move) gives; `None` if `w` is not one.
fn kif_end(w: &str, to_move: Color) -> Option<GameResult> {
    Some(match w {
        "投了" | "詰み" | "切れ負け" | "反則負け" => GameResult::Win(!to_move),
        "反則勝ち" | "入玉勝ち" | "宣言勝ち" => GameResult::Win(to_move),
        "千日手" | "持将棋" => GameResult::Draw,
        "中断" | "封じ手" | "不戦勝" | "不戦敗" => GameResult::Unknown,
        _ => return None,
    })
}

/// `まで64手で後手の勝ち`, `まで100手で千日手`.
fn kif_summary(line: &str) -> Option<GameResult> {
    let tail = line.strip_prefix("まで")?;
    let black_wins = ["先手の勝ち", "先手の反則勝ち", "後手の反則負け"];
    let white_wins = ["後手の勝ち", "後手の反則勝ち", "先手の反則負け"];
    Some(if black_wins.iter().any(|w| tail.contains(w)) {
        GameResult::Win(Color::Black)
    } else if white_wins.iter().any(|w| tail.contains(w)) {
        GameResult::Win(Color::White)
    } else if tail.contains("千日手") || tail.contains("持将棋") {
        GameResult::Draw
    } else {
        GameResult::Unknown
    })
}

pub(super) fn parse(name: &str, text: &str) -> Records {
    let mut out = Records::default();
    let mut replay = Replay::new();
    let mut result = GameResult::Unknown;
    let mut summary = None;
    let mut last_to = None;
    let mut ended = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        let at = format!("{name}:{}", i + 1);
        if line.starts_with(['#', '*', '&']) {
            continue;
        }
        if line.starts_with("変化") {
            break; // variations follow the main line
        }
        if let Some(value) = line.strip_prefix("手合割：") {
            let value = value.trim_matches([' ', '\u{3000}', '\t']);
            if value != "平手" {
                out.problems.push(format!("{at}: handicap game ({value}); left out"));
                return out;
            }
            continue;
        }
        if line.starts_with('|') || line.contains("の持駒") && !line.contains("なし") {
            out.problems.push(format!("{at}: start position given as a diagram; left out"));
            return out;
        }
        if let Some(r) = kif_summary(line) {
            summary = Some(r);
            continue;
        }
        let trimmed = line.trim_start_matches([' ', '\t']);
        let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || ended {
            continue;
        }
        let Some(text) =
            trimmed[digits..].trim_start_matches([' ', '\t']).split([' ', '\t']).next()
        else {
            continue;
        };
        if let Some(r) = kif_end(text, replay.side()) {
            result = r;
            ended = true;
            continue;
        }
        let played = kif_move(text, &replay.pos, last_to).and_then(|m| {
            replay.play(m).map_err(KifMoveError::Illegal)?;
            Ok(m)
        });
        match played {
            Ok(m) => last_to = Some(m.to()),
            Err(e) => {
                out.problems.push(format!("{at}: {e}; game left out"));
                return out;
            }
        }
    }
    if !replay.moves.is_empty() {
        let result = summary.filter(|&r| r != GameResult::Unknown).unwrap_or(result);
        out.games.push(GameRecord { name: name.to_string(), moves: replay.moves, result });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::sjis::SJIS;
    use super::*;
    use crate::book::records::{Format, parse_records, usi_strings as usi};

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
        // The same in Shift-JIS.
        let sjis: Vec<u8> = kif
            .chars()
            .flat_map(|c| {
                if c.is_ascii() {
                    vec![c as u8]
                } else {
                    let code = SJIS.iter().find(|&&(_, ch)| ch == c).map_or(0x8148, |&(k, _)| k);
                    code.to_be_bytes().to_vec()
                }
            })
            .collect();
        let r2 = parse_records("g.kif", &sjis, Format::Kif);
        assert_eq!(r2.games, r.games);
        let handicap =
            parse_records("h.kif", "手合割：香落ち\n   1 ３四歩(33)\n".as_bytes(), Format::Kif);
        assert!(handicap.games.is_empty());
        assert!(handicap.problems[0].contains("handicap"));
        let wrong = parse_records("w.kif", "   1 ７六銀(77)\n".as_bytes(), Format::Kif);
        assert_eq!(wrong.problems, ["w.kif:1: '７六銀(77)': no silver on 7g; game left out"]);
    }
}
