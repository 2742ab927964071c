//! KIF records (Kakinoki's format, written by Kifu for Windows, ShogiHome, KifuBrowser,
//! 81Dojo and most shogi programs).
//!
//! Written: the header fields (`開始日時：`, `棋戦：`, `場所：`, `持ち時間：`, `手合割：`, the
//! players as `先手：`/`後手：`, or `下手：`/`上手：` in a handicap game), a board diagram
//! (BOD) when the start is neither the standard position nor a standard handicap, comments
//! before the first move, then a line a move (`   1 ７六歩(77)   ( 0:01/00:00:01)`) with its
//! comments (`*text`) after it, the ending as a move line (`投了`…) and the summary
//! (`まで64手で先手の勝ち`). The text is UTF-8; a `.kif` file is that text in Shift-JIS.
//!
//! Read: the same, from any of those programs; `王` for `玉`, `竜` for `龍`, one-character
//! promoted pieces (`杏 圭 全`), `生` for `不成`, ASCII digits, times with or without hours.
//! Variations (from the first `変化：` line on) are skipped: the record is the main line.
//! Header fields other than the ones above (`終了日時：`, `戦型：`…) are not kept.

use super::{Headers, Record, Replay, format_date, one_line, parse_date};
use crate::files::FileError;
use crate::game::{DrawReason, Outcome, WinReason};
use crate::notation;
use crate::notation::kif::{
    DiagramCellError, KifMove, count_kanji, diagram_cell, kif_move, parse_count_kanji,
    parse_diagram_cell, parse_piece_char, piece_char, rank_char, side_name,
};
use crate::rules::handicap::Handicap;
use crate::rules::{Color, Hand, MAX_IN_SET, Piece, PieceKind, Position, Setup, Square};
use nom::branch::alt;
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::{map, map_opt, opt};
use nom::multi::separated_list1;
use nom::{IResult, Parser};
use std::fmt::Write as _;
use std::time::Duration;

// ---------------------------------------------------------------- reading

/// The special move words that end a game, as Kifu for Windows, ShogiHome, ShogiGUI and
/// Kifu for JS write them. Any other word in a move's place ends the game too, with no
/// outcome and a warning: GUIs read a record up to the move before such a word.
const ENDINGS: [&str; 18] = [
    "投了",
    "詰み",
    "詰",
    "千日手",
    "持将棋",
    "中断",
    "封じ手",
    "切れ負け",
    "時間切れ",
    "反則勝ち",
    "反則負け",
    "入玉勝ち",
    "宣言勝ち",
    "勝ち宣言",
    "トライ",
    "不詰",
    "不戦勝",
    "不戦敗",
];

/// The thinking time of a move line, `( 0:01/00:00:01)`: the first part, minutes and
/// seconds or hours, minutes and seconds.
fn time(i: &str) -> IResult<&str, Duration> {
    let number = || map_opt(digit1, |d: &str| d.parse::<u64>().ok().filter(|&n| n < 1 << 32));
    let (i, _) = (char('('), space0).parse(i)?;
    let (i, parts) = separated_list1(char(':'), number()).parse(i)?;
    let secs = match parts.as_slice() {
        [m, s] => m * 60 + s,
        [h, m, s] => h * 3600 + m * 60 + s,
        _ => return Err(nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Count))),
    };
    Ok((i, Duration::from_secs(secs)))
}

enum Body<'a> {
    Move(KifMove),
    End(&'static str),
    /// A word in a move's place that is neither a move nor an ending we know.
    Unknown(&'a str),
}

/// A move line: its number, the move or the ending, and the time if given.
fn move_line<'a>(i: &'a str) -> IResult<&'a str, (Body<'a>, Option<Duration>)> {
    let (i, _) = (space0, digit1, space1).parse(i)?;
    let end_word = |i: &'a str| -> IResult<&'a str, &'static str> {
        for w in ENDINGS {
            if let Some(rest) = i.strip_prefix(w)
                && !rest.starts_with(|c: char| !c.is_whitespace() && c != '(')
            {
                return Ok((rest, w));
            }
        }
        Err(nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Tag)))
    };
    // A word that cannot start a move (a square or `同`): an ending of another program.
    let unknown = |i: &'a str| -> IResult<&'a str, &'a str> {
        let looks_like_a_move =
            i.starts_with(|c: char| c == '同' || c.is_ascii_digit() || ('１'..='９').contains(&c));
        let len = i.find(char::is_whitespace).unwrap_or(i.len());
        if looks_like_a_move || len == 0 {
            return Err(nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Tag)));
        }
        Ok((&i[len..], &i[..len]))
    };
    let (i, body) =
        alt((map(end_word, Body::End), map(kif_move, Body::Move), map(unknown, Body::Unknown)))
            .parse(i)?;
    let (i, _) = space0(i)?;
    let (i, t) = opt(time).parse(i)?;
    Ok((i, (body, t)))
}

/// What the summary line says.
#[derive(Copy, Clone, Debug)]
enum Said {
    /// `まで64手で先手の勝ち`: the winner, and the reason the words give if any.
    Winner(Color, WinReason),
    /// `まで100手で千日手`, `まで200手で持将棋`.
    Draw(DrawReason),
    /// `まで64手で中断`, or words not understood.
    Nothing,
}

fn summary(line: &str) -> Option<Said> {
    let tail = line.trim_start_matches([' ', '\u{3000}']).strip_prefix("まで")?;
    let side = if tail.contains("先手の") || tail.contains("下手の") {
        Color::Black
    } else if tail.contains("後手の") || tail.contains("上手の") {
        Color::White
    } else if tail.contains("千日手") {
        return Some(Said::Draw(DrawReason::Repetition));
    } else if tail.contains("持将棋") {
        return Some(Said::Draw(DrawReason::Impasse));
    } else {
        return Some(Said::Nothing);
    };
    Some(if tail.contains("反則負け") {
        Said::Winner(!side, WinReason::IllegalMove)
    } else if tail.contains("反則勝ち") {
        Said::Winner(side, WinReason::IllegalMove)
    } else if tail.contains("入玉勝ち") {
        Said::Winner(side, WinReason::Declaration)
    } else if tail.contains("勝ち") {
        Said::Winner(side, WinReason::Resignation)
    } else {
        Said::Nothing
    })
}

/// The outcome of an ending word, `to_move` being the side to move when it was written.
fn ending_outcome(word: &str, to_move: Color) -> Option<Outcome> {
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    match word {
        "投了" => win(!to_move, WinReason::Resignation),
        "詰み" => win(!to_move, WinReason::Checkmate),
        "切れ負け" => win(!to_move, WinReason::Time),
        "反則負け" => win(!to_move, WinReason::IllegalMove),
        "反則勝ち" => win(to_move, WinReason::IllegalMove),
        "入玉勝ち" | "宣言勝ち" | "勝ち宣言" => win(to_move, WinReason::Declaration),
        "詰" => win(!to_move, WinReason::Checkmate),
        "時間切れ" => win(!to_move, WinReason::Time),
        // ShogiHome writes the try after the king's move onto the square: its mover won.
        "トライ" => win(!to_move, WinReason::Try),
        "千日手" => Some(Outcome::Draw(DrawReason::Repetition)),
        "持将棋" => Some(Outcome::Draw(DrawReason::Impasse)),
        _ => None,
    }
}

/// What the header of a record says about the start.
#[derive(Default)]
struct Start {
    handicap: Option<(usize, String)>,
    rows: Vec<[Option<Piece>; 9]>,
    hands: [Hand; 2],
    /// `残り全部`: the side holds every piece neither on the board nor in the other hand
    /// (tsume diagrams give the defender's hand so).
    rest: [bool; 2],
    side: Option<Color>,
    /// The line of the diagram's last row, for its errors.
    board_line: usize,
}

impl Start {
    /// A side's hand as the diagram gives it: pieces, or `None` for all the rest.
    fn set_hand(&mut self, side: Color, hand: Option<Hand>) {
        match hand {
            Some(hand) => self.hands[side.index()] = hand,
            None => self.rest[side.index()] = true,
        }
    }

    fn position(&self) -> Result<Position, FileError> {
        if !self.rows.is_empty() {
            if self.rows.len() != 9 {
                return Err(FileError::new(self.board_line, "the board diagram is not 9 rows"));
            }
            let mut setup = Setup { hands: self.hands, ..Setup::default() };
            for (r, row) in self.rows.iter().enumerate() {
                for (f, &p) in row.iter().enumerate() {
                    setup.set(Square::new(9 - f as u8, r as u8 + 1).expect("on board"), p);
                }
            }
            for c in Color::ALL {
                if self.rest[c.index()] {
                    setup.hands[c.index()] = rest_of_set(&setup, !c)
                        .ok_or_else(|| FileError::new(self.board_line, "more pieces than a set"))?;
                }
            }
            setup.side_to_move = self.side.unwrap_or(Color::Black);
            return Position::from_setup(&setup).map_err(|e| {
                FileError::new(self.board_line, format!("the board diagram is not valid: {e}"))
            });
        }
        match &self.handicap {
            None => Ok(Position::startpos()),
            Some((_, name)) if name == "平手" => Ok(Position::startpos()),
            Some((line, name)) => Handicap::from_name(name)
                .map(Handicap::position)
                .ok_or_else(|| FileError::new(*line, format!("unknown handicap '{name}'"))),
        }
    }
}

fn bod_row(line: &str, n: usize) -> Result<[Option<Piece>; 9], FileError> {
    let bad = || FileError::new(n, "a board row is | and nine squares");
    let mut chars = line.strip_prefix('|').ok_or_else(bad)?.chars();
    let mut row = [None; 9];
    for cell in &mut row {
        let (mark, name) = (chars.next().ok_or_else(bad)?, chars.next().ok_or_else(bad)?);
        *cell = parse_diagram_cell(mark, name).map_err(|e| match e {
            DiagramCellError::NotAPiece(name) => {
                FileError::new(n, format!("'{name}' is not a piece"))
            }
            DiagramCellError::BadMark(_) => bad(),
        })?;
    }
    Ok(row)
}

/// The pieces of a set that are neither on the board nor in `other`'s hand.
fn rest_of_set(setup: &Setup, other: Color) -> Option<Hand> {
    let mut hand = Hand::EMPTY;
    for kind in PieceKind::ALL.into_iter().filter(|k| k.is_hand_kind()) {
        let on_board = setup.board.iter().flatten().filter(|p| p.kind().unpromote() == kind);
        let used = on_board.count() as u32 + setup.hands[other.index()].count(kind);
        hand = hand.with_count(kind, MAX_IN_SET[kind as usize].checked_sub(used)?)?;
    }
    Some(hand)
}

/// A side's pieces in hand, `None` for `残り全部` (all the rest).
fn bod_hand(text: &str, n: usize) -> Result<Option<Hand>, FileError> {
    let mut hand = Hand::EMPTY;
    let text = text.trim_matches([' ', '\u{3000}']);
    if text == "残り全部" || text == "残り" {
        return Ok(None);
    }
    if text == "なし" || text.is_empty() {
        return Ok(Some(hand));
    }
    for item in text.split([' ', '\u{3000}']).filter(|s| !s.is_empty()) {
        let mut chars = item.chars();
        let name = chars.next().unwrap_or('？');
        let kind = parse_piece_char(name)
            .filter(|k| k.is_hand_kind())
            .ok_or_else(|| FileError::new(n, format!("'{item}' is not a piece in hand")))?;
        let count = parse_count_kanji(chars.as_str())
            .ok_or_else(|| FileError::new(n, format!("'{item}': not a count")))?;
        hand = hand
            .with_count(kind, hand.count(kind) + count)
            .ok_or_else(|| FileError::new(n, format!("'{item}': too many in hand")))?;
    }
    Ok(Some(hand))
}

/// Reads a KIF record (the text already decoded).
pub fn parse(text: &str) -> Result<Record, FileError> {
    parse_with_warnings(text).map(|(record, _)| record)
}

/// Reads a KIF record, and says what it read past: an ending word it does not know (the
/// record ends at the move before it, with no outcome, as GUIs read it).
pub fn parse_with_warnings(text: &str) -> Result<(Record, Vec<FileError>), FileError> {
    let mut warnings = Vec::new();
    let mut headers = Headers::default();
    let mut comments = Vec::new();
    let mut start = Start::default();
    let mut replay: Option<Replay> = None;
    let mut ending: Option<&str> = None;
    let mut said = Said::Nothing;
    let mut ended_to_move = Color::Black;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        // A comment is kept as written, trailing blanks too.
        if let Some(c) = line.trim_end_matches('\r').strip_prefix('*') {
            if ending.is_none() {
                match &mut replay {
                    Some(r) => r.comment(c.to_string()),
                    None => comments.push(c.to_string()),
                }
            }
            continue;
        }
        let line = line.trim_end_matches(['\r', ' ', '\t']);
        let trimmed = line.trim_start_matches([' ', '\t']);
        if line.is_empty() || line.starts_with(['#', '&']) {
            continue;
        }
        if line.starts_with("変化") {
            break;
        }
        if let Some(s) = summary(line) {
            said = s;
            continue;
        }
        if trimmed.starts_with(|c: char| c.is_ascii_digit()) {
            if ending.is_some() {
                continue; // after the end: nothing of the main line
            }
            let r = match &mut replay {
                Some(r) => r,
                None => {
                    let pos = start.position()?;
                    let h = std::mem::take(&mut headers);
                    replay.insert(Replay::new(pos, h, std::mem::take(&mut comments)))
                }
            };
            let (_, (body, time)) = move_line(line)
                .map_err(|_| FileError::new(n, format!("'{trimmed}' is not a KIF move")))?;
            match body {
                Body::End(word) => {
                    ending = Some(word);
                    ended_to_move = r.pos.side_to_move();
                }
                Body::Unknown(word) => {
                    warnings.push(FileError::new(
                        n,
                        format!("'{word}' is no move and no ending this program knows: the game is read up to the move before it"),
                    ));
                    ending = Some("中断");
                    ended_to_move = r.pos.side_to_move();
                }
                Body::Move(w) => {
                    let text = trimmed.split([' ', '\t']).nth(1).unwrap_or(trimmed);
                    let m = w
                        .to_move(&r.pos, r.record.moves.last().map(|m| m.mv.to()))
                        .map_err(|why| FileError::new(n, format!("'{text}': {why}")))?;
                    r.play(m, text, n)?;
                    if let Some(last) = r.record.moves.last_mut() {
                        last.time = time;
                    }
                }
            }
            continue;
        }
        if replay.is_some() {
            continue; // a header line among the moves: not for us
        }
        if line.starts_with('|') {
            start.rows.push(bod_row(line, n)?);
            start.board_line = n;
            continue;
        }
        match trimmed {
            "後手番" | "上手番" => start.side = Some(Color::White),
            "先手番" | "下手番" => start.side = Some(Color::Black),
            _ => {}
        }
        let Some((key, value)) = line.split_once('：') else { continue };
        let value = value.trim_matches([' ', '\u{3000}', '\t']);
        let text = (!value.is_empty()).then(|| value.to_string());
        match key.trim() {
            "開始日時" => headers.date = parse_date(value),
            "先手" | "下手" => headers.black = text,
            "後手" | "上手" => headers.white = text,
            "棋戦" => headers.event = text,
            "場所" => headers.site = text,
            "持ち時間" => headers.time_control = text,
            "手合割" => start.handicap = Some((n, value.to_string())),
            "先手の持駒" | "下手の持駒" => {
                start.set_hand(Color::Black, bod_hand(value, n)?)
            }
            "後手の持駒" | "上手の持駒" => {
                start.set_hand(Color::White, bod_hand(value, n)?)
            }
            _ => {}
        }
    }
    let mut record = match replay {
        Some(r) => r.record,
        None => {
            let pos = start.position()?;
            ended_to_move = pos.side_to_move();
            Record { start: pos, headers, comments, moves: Vec::new(), outcome: None }
        }
    };
    record.outcome = outcome(ending, said, ended_to_move);
    Ok((record, warnings))
}

/// The outcome from the ending word and the summary; the summary's winner counts (the
/// ending word gives the reason).
fn outcome(ending: Option<&str>, said: Said, to_move: Color) -> Option<Outcome> {
    let base = ending.and_then(|w| ending_outcome(w, to_move));
    match (base, said) {
        (base, Said::Nothing) => base,
        (None, Said::Draw(r)) if ending.is_none() => Some(Outcome::Draw(r)),
        (base, Said::Draw(_)) => base,
        (Some(Outcome::Win { reason, .. }), Said::Winner(winner, _)) => {
            Some(Outcome::Win { winner, reason })
        }
        (Some(Outcome::Draw(DrawReason::Repetition)), Said::Winner(winner, _)) => {
            Some(Outcome::Win { winner, reason: WinReason::PerpetualCheck })
        }
        (Some(Outcome::Draw(DrawReason::Impasse)), Said::Winner(winner, _)) => {
            Some(Outcome::Win { winner, reason: WinReason::Impasse })
        }
        (_, Said::Winner(winner, reason)) => Some(Outcome::Win { winner, reason }),
    }
}

// ---------------------------------------------------------------- writing

/// Display width: two columns for a full-width character.
fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// The ending line's word and the summary's words, for an outcome; `to_move` is the side to
/// move after the last move. KIF has no word for a draw by the move limit or by agreement:
/// those are written as `中断` (interrupted) and read back as no outcome; no legal move is
/// written `詰み`, a win by the try rule `投了`.
fn ending_words(o: Outcome, to_move: Color, handicap: bool) -> (&'static str, String) {
    let name = |c| side_name(c, handicap);
    match o {
        Outcome::Win { winner, reason } => {
            let won = format!("{}の勝ち", name(winner));
            match reason {
                // KIF has no word for the try rule's win: the loser, to move, gives up.
                WinReason::Resignation | WinReason::Try => ("投了", won),
                WinReason::Checkmate | WinReason::NoLegalMove => ("詰み", won),
                WinReason::Time => ("切れ負け", won),
                WinReason::PerpetualCheck => ("千日手", won),
                WinReason::Impasse => ("持将棋", won),
                // The ending word says how; Kifu for JS's reader refuses `…の入玉勝ち`.
                WinReason::Declaration => ("入玉勝ち", won),
                WinReason::IllegalMove if winner != to_move => {
                    ("反則負け", format!("{}の反則負け", name(!winner)))
                }
                WinReason::IllegalMove => ("反則勝ち", format!("{}の反則勝ち", name(winner))),
            }
        }
        Outcome::Draw(DrawReason::Repetition) => ("千日手", "千日手".into()),
        Outcome::Draw(DrawReason::Impasse) => ("持将棋", "持将棋".into()),
        Outcome::Draw(DrawReason::MoveLimit | DrawReason::Agreement) => ("中断", "中断".into()),
    }
}

fn hand_text(hand: Hand) -> String {
    let items: Vec<String> = PieceKind::HAND_WRITING_ORDER
        .into_iter()
        .filter(|&k| hand.count(k) > 0)
        .map(|k| format!("{}{}", piece_char(k), count_kanji(hand.count(k))))
        .collect();
    if items.is_empty() { "なし".into() } else { items.join("\u{3000}") }
}

fn write_diagram(t: &mut String, pos: &Position) {
    let _ = writeln!(t, "後手の持駒：{}", hand_text(pos.hand(Color::White)));
    t.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in 1..=9u8 {
        t.push('|');
        for file in (1..=9).rev() {
            t.extend(diagram_cell(Square::new(file, rank).and_then(|sq| pos.piece_at(sq))));
        }
        let _ = writeln!(t, "|{}", rank_char(rank));
    }
    t.push_str("+---------------------------+\n");
    let _ = writeln!(t, "先手の持駒：{}", hand_text(pos.hand(Color::Black)));
    if pos.side_to_move() == Color::White {
        t.push_str("後手番\n");
    }
}

/// How a handicap is written so that every reader finds it.
enum HandicapLines {
    /// `手合割：` alone: every reader knows the name.
    Name,
    /// The board and the name: ShogiHome's and lishogi's readers do not know the name (they
    /// read the board), cshogi's knows it but reads no board.
    NameAndBoard,
    /// The board alone: cshogi's and python-shogi's readers refuse the whole file for a
    /// name they do not know; ShogiHome writes these handicaps so too.
    Board,
}

fn handicap_lines(h: Handicap) -> HandicapLines {
    match h {
        Handicap::ThreePiece | Handicap::FivePiece | Handicap::LeftFivePiece => {
            HandicapLines::NameAndBoard
        }
        Handicap::LeftSevenPiece | Handicap::RightSevenPiece => HandicapLines::Board,
        _ => HandicapLines::Name,
    }
}

fn clock(secs: u64) -> String {
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// The record as KIF text (UTF-8; [`super::sjis::encode`] makes a `.kif` file of it).
pub fn write(record: &Record) -> String {
    let mut t = format!("# ---- GNU Shogi {} ----\n", crate::VERSION);
    let h = &record.headers;
    if let Some(d) = &h.date {
        let _ = writeln!(t, "開始日時：{}", format_date(d));
    }
    for (key, value) in [("棋戦", &h.event), ("場所", &h.site), ("持ち時間", &h.time_control)]
    {
        if let Some(v) = value {
            let _ = writeln!(t, "{key}：{}", one_line(v));
        }
    }
    let handicap = record.handicap();
    let standard = record.start.to_setup().board == Position::startpos().to_setup().board
        && record.start.hand(Color::Black).is_empty()
        && record.start.hand(Color::White).is_empty()
        && record.start.side_to_move() == Color::Black;
    match handicap {
        _ if standard => t.push_str("手合割：平手\n"),
        Some(hc) => match handicap_lines(hc) {
            HandicapLines::Name => {
                let _ = writeln!(t, "手合割：{}", hc.japanese());
            }
            HandicapLines::NameAndBoard => {
                // The board first: python-shogi's reader takes the name over it, and the
                // name gets the side to move right where its reading of a board does not.
                write_diagram(&mut t, &record.start);
                let _ = writeln!(t, "手合割：{}", hc.japanese());
            }
            HandicapLines::Board => write_diagram(&mut t, &record.start),
        },
        None => write_diagram(&mut t, &record.start),
    }
    for (color, value) in [(Color::Black, &h.black), (Color::White, &h.white)] {
        if let Some(v) = value {
            let _ = writeln!(t, "{}：{}", side_name(color, handicap.is_some()), one_line(v));
        }
    }
    t.push_str("手数----指手---------消費時間--\n");
    for c in &record.comments {
        let _ = writeln!(t, "*{}", one_line(c));
    }
    let mut pos = record.start.clone();
    let mut last_to = None;
    let mut used = [0u64; 2];
    for (i, m) in record.moves.iter().enumerate() {
        let text = notation::kif::move_text(&pos, m.mv, last_to);
        let _ = write!(t, "{:>4} {text}", i + 1);
        if let Some(d) = m.time {
            let side = pos.side_to_move().index();
            let secs = d.as_secs();
            used[side] += secs;
            let pad = 14usize.saturating_sub(width(&text)).max(1);
            let _ =
                write!(t, "{:pad$}({:>2}:{:02}/{})", "", secs / 60, secs % 60, clock(used[side]));
        }
        t.push('\n');
        for c in &m.comments {
            let _ = writeln!(t, "*{}", one_line(c));
        }
        last_to = Some(m.mv.to());
        pos.play_unchecked(m.mv);
    }
    if let Some(o) = record.outcome {
        let (word, said) = ending_words(o, pos.side_to_move(), handicap.is_some());
        let _ = writeln!(t, "{:>4} {word}", record.moves.len() + 1);
        let _ = writeln!(t, "まで{}手で{said}", record.moves.len());
    }
    t
}
