//! Game records for `--make-book`: USI move lists (one game a line, as in
//! `games/games.tsv`), CSA files and KIF files. Only games from the standard start position
//! are read; every move is checked legal, and a game with an unreadable or illegal move is
//! left out with a message saying where.

use crate::notation::parse_usi_move;
use crate::rules::{Color, Move, PieceKind, Position, Square};
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{multispace0, multispace1};
use nom::combinator::opt;
use nom::sequence::preceded;
use nom::{IResult, Parser};
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
        if text.lines().any(|l| l.starts_with("PI") || l.starts_with("P1") || is_csa_move(l)) {
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
    let records = match format {
        Format::UsiList => parse_usi_list(name, data, &mut tick),
        Format::Csa => parse_csa(name, data, &mut tick),
        Format::Kif => parse_kif(name, &decode_japanese(data)),
    };
    tick(usize::MAX);
    records
}

/// Plays moves from the start, each checked; says which one fails.
struct Replay {
    pos: Position,
    moves: Vec<Move>,
}

impl Replay {
    fn new() -> Replay {
        Replay { pos: Position::startpos(), moves: Vec::new() }
    }

    fn side(&self) -> Color {
        self.pos.side_to_move()
    }

    fn play(&mut self, m: Move) -> Result<(), String> {
        self.pos.check_move(m).map_err(|e| format!("move {} {m}: {e}", self.moves.len() + 1))?;
        self.pos.play_unchecked(m);
        self.moves.push(m);
        Ok(())
    }
}

// ---- USI move lists --------------------------------------------------------------------

/// `[position] startpos [moves]`, then the moves.
fn usi_start(i: &str) -> IResult<&str, bool> {
    let (i, _) = opt((tag("position"), multispace1)).parse(i)?;
    let (i, start) = alt((tag("startpos"), tag("sfen"))).parse(i)?;
    let (i, _) = opt(preceded(multispace1, tag("moves"))).parse(i)?;
    let (i, _) = multispace0(i)?;
    Ok((i, start == "startpos"))
}

fn parse_result_word(w: &str) -> GameResult {
    match w.trim() {
        "1-0" => GameResult::Win(Color::Black),
        "0-1" => GameResult::Win(Color::White),
        "1/2-1/2" | "1/2" | "draw" => GameResult::Draw,
        _ => GameResult::Unknown,
    }
}

fn parse_usi_list(name: &str, data: &[u8], tick: &mut dyn FnMut(usize)) -> Records {
    let text = String::from_utf8_lossy(data);
    let mut out = Records::default();
    for (n, line) in text.lines().enumerate() {
        tick(line.len() + 1);
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{name}:{}", n + 1);
        let mut fields = line.split('\t');
        let spec = fields.next().unwrap_or("").trim();
        let result = fields.next().map_or(GameResult::Unknown, parse_result_word);
        let moves = match usi_start(spec) {
            Ok((_, false)) => {
                out.problems.push(format!("{at}: not from the standard start position"));
                continue;
            }
            Ok((rest, true)) => rest,
            // A bare list of moves.
            Err(_) => spec,
        };
        let mut replay = Replay::new();
        let played = moves.split_ascii_whitespace().try_for_each(|w| {
            let m = parse_usi_move(w).ok_or_else(|| format!("'{w}' is not a USI move"))?;
            replay.play(m.shape())
        });
        match played {
            Err(e) => out.problems.push(format!("{at}: {e}; game left out")),
            Ok(()) if replay.moves.is_empty() => {}
            Ok(()) => out.games.push(GameRecord { name: at, moves: replay.moves, result }),
        }
    }
    out
}

// ---- CSA ---------------------------------------------------------------------------------

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

fn is_csa_move(s: &str) -> bool {
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
    error: Option<String>,
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
                    self.error = Some(format!("line {line}: {e}"));
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

    fn csa_move(&mut self, s: &str) -> Result<(), String> {
        if !self.seen_move {
            self.seen_move = true;
            if !self.hirate && self.rows_ok != 0b11_1111_1110 {
                self.nonstandard = Some("no standard start position (PI or P1..P9)".into());
                return Ok(());
            }
        }
        if !is_csa_move(s) {
            return Err(format!("'{s}' is not a CSA move"));
        }
        let b = s.as_bytes();
        let side = if b[0] == b'+' { Color::Black } else { Color::White };
        if side != self.replay.side() {
            return Err(format!("'{s}' is out of turn"));
        }
        let digit = |i: usize| b[i] - b'0';
        let kind = csa_kind(&s[5..7]).ok_or_else(|| format!("'{s}': unknown piece"))?;
        let to = Square::new(digit(3), digit(4)).ok_or_else(|| format!("'{s}': bad square"))?;
        let m = if digit(1) == 0 && digit(2) == 0 {
            Move::drop(kind, to)
        } else {
            let from =
                Square::new(digit(1), digit(2)).ok_or_else(|| format!("'{s}': bad square"))?;
            let on = self.replay.pos.piece_at(from).map(|p| p.kind());
            let promote = on.is_some_and(|k| k != kind && k.promote() == Some(kind));
            if on.is_some_and(|k| k != kind && !promote) {
                return Err(format!("'{s}': the piece on {from} is not a {}", kind.name()));
            }
            Move::normal(from, to, promote)
        };
        self.replay.play(m).map_err(|e| format!("'{s}': {e}"))
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
        } else if let Some(e) = self.error {
            out.problems.push(format!("{at}: {e}; game left out"));
        } else if !self.replay.moves.is_empty() {
            out.games.push(GameRecord { name: at, moves: self.replay.moves, result: self.result });
        }
    }
}

fn parse_csa(name: &str, data: &[u8], tick: &mut dyn FnMut(usize)) -> Records {
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

// ---- KIF ---------------------------------------------------------------------------------

/// The Shift-JIS codes of the characters KIF moves, headers and results use (KIF files are
/// Shift-JIS unless they are UTF-8); others decode as U+FFFD.
const SJIS: [(u16, char); 81] = [
    (0x8140, '\u{3000}'),
    (0x8146, '：'),
    (0x824f, '０'),
    (0x8250, '１'),
    (0x8251, '２'),
    (0x8252, '３'),
    (0x8253, '４'),
    (0x8254, '５'),
    (0x8255, '６'),
    (0x8256, '７'),
    (0x8257, '８'),
    (0x8258, '９'),
    (0x82af, 'け'),
    (0x82b6, 'じ'),
    (0x82bf, 'ち'),
    (0x82c5, 'で'),
    (0x82c6, 'と'),
    (0x82c9, 'に'),
    (0x82cc, 'の'),
    (0x82dc, 'ま'),
    (0x82dd, 'み'),
    (0x82e6, 'よ'),
    (0x82e8, 'り'),
    (0x82ea, 'れ'),
    (0x88c7, '杏'),
    (0x88ea, '一'),
    (0x89a4, '王'),
    (0x89ba, '下'),
    (0x89bb, '化'),
    (0x8a70, '角'),
    (0x8a84, '割'),
    (0x8afb, '棋'),
    (0x8b6c, '詰'),
    (0x8bca, '玉'),
    (0x8be0, '金'),
    (0x8be2, '銀'),
    (0x8be3, '九'),
    (0x8c5c, '圭'),
    (0x8c6a, '桂'),
    (0x8cbe, '言'),
    (0x8cdc, '五'),
    (0x8ce3, '後'),
    (0x8d81, '香'),
    (0x8e4f, '三'),
    (0x8e6c, '四'),
    (0x8e9d, '持'),
    (0x8eb5, '七'),
    (0x8ee8, '手'),
    (0x8f9f, '勝'),
    (0x8fab, '将'),
    (0x8fe3, '上'),
    (0x90ac, '成'),
    (0x90b6, '生'),
    (0x90d8, '切'),
    (0x90e6, '先'),
    (0x90e7, '千'),
    (0x90e9, '宣'),
    (0x9153, '全'),
    (0x91a5, '則'),
    (0x91c5, '打'),
    (0x9266, '断'),
    (0x9286, '中'),
    (0x938a, '投'),
    (0x93af, '同'),
    (0x93f1, '二'),
    (0x93fa, '日'),
    (0x93fc, '入'),
    (0x946e, '馬'),
    (0x94aa, '八'),
    (0x94bd, '反'),
    (0x94f2, '飛'),
    (0x9573, '不'),
    (0x9589, '負'),
    (0x9595, '封'),
    (0x95bd, '平'),
    (0x95cf, '変'),
    (0x95e0, '歩'),
    (0x97b3, '竜'),
    (0x97b4, '龍'),
    (0x97b9, '了'),
    (0x985a, '六'),
];

fn sjis_char(code: u16) -> char {
    SJIS.binary_search_by_key(&code, |&(c, _)| c).map_or('\u{fffd}', |i| SJIS[i].1)
}

/// UTF-8 if the bytes are UTF-8, else the Shift-JIS subset above.
pub fn decode_japanese(data: &[u8]) -> String {
    let data = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data);
    if let Ok(s) = std::str::from_utf8(data) {
        return s.to_owned();
    }
    let mut out = String::with_capacity(data.len());
    let mut i = 0;
    while i < data.len() {
        let b = data[i];
        if b < 0x80 {
            out.push(char::from(b));
            i += 1;
        } else if (0x81..=0x9f).contains(&b) || (0xe0..=0xfc).contains(&b) {
            let code = u16::from(b) << 8 | u16::from(*data.get(i + 1).unwrap_or(&0));
            out.push(sjis_char(code));
            i += 2;
        } else {
            out.push('\u{fffd}');
            i += 1;
        }
    }
    out
}

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
fn kif_move(text: &str, pos: &Position, last_to: Option<Square>) -> Result<Move, String> {
    let bad = || format!("'{text}' is not a KIF move");
    let mut chars = text.chars().peekable();
    let to = if chars.peek() == Some(&'同') {
        chars.next();
        while chars.peek() == Some(&'\u{3000}') {
            chars.next();
        }
        last_to.ok_or_else(|| format!("'{text}': 同 with no move before"))?
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
            return Err(format!("'{text}': no {} on {from}", kind.name()));
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

fn parse_kif(name: &str, text: &str) -> Records {
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
            replay.play(m)?;
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
        assert_eq!(r.problems[0], "g.tsv:5: not from the standard start position");
        assert!(r.problems[1].starts_with("g.tsv:6: move 2 7g7f: "), "{}", r.problems[1]);
    }

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

    #[test]
    fn sjis_table_is_sorted() {
        assert!(SJIS.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
