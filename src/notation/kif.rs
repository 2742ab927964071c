//! KIF, as Kifu for Windows and ShogiHome write it: moves (`７六歩(77)`, `同　銀(68)`,
//! `５五角打`, `２二角成(88)`, and `２三銀(34)` for a silver that does not promote), lines of moves with the side's mark (`▲７六歩(77)
//! △３四歩(33)`), squares (`７六`), pieces by name (`歩`, `成銀`) and by the one character
//! board diagrams draw (`全`), counts in hand (`十八`), and the sides' names (`先手`, `下手`).
//!
//! Read as any program writes it: `王` for `玉`, `竜` for `龍`, one-character promoted pieces
//! (`杏 圭 全`), `不成` or `生` after a piece that does not promote, ASCII digits for the
//! destination. The KIF record reader and
//! writer, the analysis's engine lines and the full-screen board all use these.

use super::usi;
use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};
use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::tag,
    character::complete::{anychar, char},
    combinator::{all_consuming, map, map_opt, opt, value},
    multi::many0,
    sequence::delimited,
};
use std::fmt;

const FILES: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const RANKS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// Each kind's one character, as board diagrams draw it, and its name in moves (where the
/// promoted lance, knight and silver take two: `成香`, not `杏`).
const PIECES: [(PieceKind, char, &str); 14] = [
    (PieceKind::Pawn, '歩', "歩"),
    (PieceKind::Lance, '香', "香"),
    (PieceKind::Knight, '桂', "桂"),
    (PieceKind::Silver, '銀', "銀"),
    (PieceKind::Gold, '金', "金"),
    (PieceKind::Bishop, '角', "角"),
    (PieceKind::Rook, '飛', "飛"),
    (PieceKind::King, '玉', "玉"),
    (PieceKind::ProPawn, 'と', "と"),
    (PieceKind::ProLance, '杏', "成香"),
    (PieceKind::ProKnight, '圭', "成桂"),
    (PieceKind::ProSilver, '全', "成銀"),
    (PieceKind::Horse, '馬', "馬"),
    (PieceKind::Dragon, '龍', "龍"),
];

/// The KIF name of a piece kind (promoted pieces as KIF moves write them: 成銀, not 全).
pub fn piece_name(kind: PieceKind) -> &'static str {
    PIECES.iter().find(|p| p.0 == kind).map_or("？", |p| p.2)
}

/// A piece kind in one character, as board diagrams draw it (`全` for a promoted silver).
pub fn piece_char(kind: PieceKind) -> char {
    PIECES.iter().find(|p| p.0 == kind).map_or('？', |p| p.1)
}

/// A piece as a board display draws it, one character: as [`piece_char`], but `王` for
/// White's king (the stronger player's, by custom) and `玉` for Black's.
pub fn board_char(piece: Piece) -> char {
    match (piece.kind(), piece.color()) {
        (PieceKind::King, Color::White) => '王',
        (kind, _) => piece_char(kind),
    }
}

/// The mark before a piece in a board diagram: `v` for White's, a space for Black's.
pub fn diagram_mark(color: Color) -> char {
    match color {
        Color::Black => ' ',
        Color::White => 'v',
    }
}

/// A board diagram's square, two characters: [`diagram_mark`] and [`piece_char`], or ` ・`
/// for an empty square.
pub fn diagram_cell(piece: Option<Piece>) -> [char; 2] {
    match piece {
        None => [' ', '・'],
        Some(p) => [diagram_mark(p.color()), piece_char(p.kind())],
    }
}

/// Why two characters are not a board diagram's square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DiagramCellError {
    NotAPiece(char),
    /// Neither White's mark nor Black's.
    BadMark(char),
}

/// A board diagram's square read back, as any program writes it: `V` also marks White's
/// pieces, `^` or a wide space Black's; `・` is empty whatever its mark.
pub fn parse_diagram_cell(mark: char, name: char) -> Result<Option<Piece>, DiagramCellError> {
    if name == '・' {
        return Ok(None);
    }
    let kind = parse_piece_char(name).ok_or(DiagramCellError::NotAPiece(name))?;
    let color = match mark {
        'v' | 'V' => Color::White,
        ' ' | '^' | '\u{3000}' => Color::Black,
        _ => return Err(DiagramCellError::BadMark(mark)),
    };
    Ok(Some(Piece::new(color, kind)))
}

/// The piece kind one character names, read as any program writes it (`王`, `竜` too).
pub fn parse_piece_char(c: char) -> Option<PieceKind> {
    let c = match c {
        '王' => '玉',
        '竜' => '龍',
        c => c,
    };
    PIECES.iter().find(|&&(_, k, _)| k == c).map(|&(kind, _, _)| kind)
}

/// A piece kind by its name (`成銀`) or its one character (`全`, `竜`), as a nom parser.
pub fn piece(i: &str) -> IResult<&str, PieceKind> {
    alt((
        value(PieceKind::ProLance, tag("成香")),
        value(PieceKind::ProKnight, tag("成桂")),
        value(PieceKind::ProSilver, tag("成銀")),
        map_opt(anychar, parse_piece_char),
    ))
    .parse(i)
}

/// A file as KIF writes it: `１` to `９`.
pub(crate) fn file_char(file: u8) -> char {
    FILES.get(usize::from(file.wrapping_sub(1))).copied().unwrap_or('？')
}

/// A rank as KIF writes it: `一` to `九`.
pub(crate) fn rank_char(rank: u8) -> char {
    RANKS.get(usize::from(rank.wrapping_sub(1))).copied().unwrap_or('？')
}

/// The side's name: `先手`/`後手`, or in a handicap game `下手`/`上手`.
pub fn side_name(color: Color, handicap: bool) -> &'static str {
    match (color, handicap) {
        (Color::Black, false) => "先手",
        (Color::White, false) => "後手",
        (Color::Black, true) => "下手",
        (Color::White, true) => "上手",
    }
}

/// A count of pieces in hand in kanji (`十八`); nothing for one.
pub fn count_kanji(n: u32) -> String {
    match n {
        0 | 1 => String::new(),
        2..=9 => RANKS[n as usize - 1].to_string(),
        10 => "十".into(),
        _ => format!("十{}", RANKS[(n as usize - 11).min(8)]),
    }
}

/// A count of pieces in hand, as [`count_kanji`] writes it (nothing is one).
pub fn parse_count_kanji(s: &str) -> Option<u32> {
    let digit = |c: char| RANKS.iter().position(|&k| k == c).map(|i| i as u32 + 1);
    let chars: Vec<char> = s.chars().collect();
    match chars.as_slice() {
        [] => Some(1),
        ['十'] => Some(10),
        ['十', d] => Some(10 + digit(*d)?),
        [d] => digit(*d),
        _ => None,
    }
}

/// A time as KIF headers say it (`持ち時間：5分`, `1時間30分`, `10秒`): hours, minutes and
/// seconds, each left out when zero.
pub fn duration_text(d: std::time::Duration) -> String {
    let s = d.as_secs();
    let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60);
    let mut t = String::new();
    if h > 0 {
        t.push_str(&format!("{h}時間"));
    }
    if m > 0 {
        t.push_str(&format!("{m}分"));
    }
    if sec > 0 || t.is_empty() {
        t.push_str(&format!("{sec}秒"));
    }
    t
}

/// A time control as KIF's `持ち時間：` says it, in the forms GUIs write: `5分` (the whole
/// game), `5分+10秒` (Fischer), `40手5分` and `、以後30手10分` for periods, `1手30秒`.
/// `periods` are (moves, time); `whole_game` leaves the moves out of a single period.
pub fn time_control_text(
    periods: &[(u32, std::time::Duration)],
    increment: std::time::Duration,
    whole_game: bool,
) -> String {
    let mut t = String::new();
    for (i, &(moves, time)) in periods.iter().enumerate() {
        if i > 0 {
            t.push_str("、以後");
        }
        if !whole_game {
            t.push_str(&format!("{moves}手"));
        }
        t.push_str(&duration_text(time));
    }
    if !increment.is_zero() {
        t.push_str(&format!("+{}", duration_text(increment)));
    }
    t
}

/// `▲` for Black (sente), `△` for White.
pub(crate) fn side_mark(color: Color) -> char {
    match color {
        Color::Black => '▲',
        Color::White => '△',
    }
}

/// A square in KIF's form: `７六`.
pub fn format_square(sq: Square) -> String {
    [file_char(sq.file()), rank_char(sq.rank())].iter().collect()
}

/// A file in KIF's form, or in ASCII (`7`), as a nom parser.
fn file(i: &str) -> IResult<&str, u8> {
    map_opt(anychar, |c| {
        let kif = FILES.iter().position(|&d| d == c).map(|p| p as u8 + 1);
        kif.or_else(|| usi::parse_file_digit(c))
    })
    .parse(i)
}

/// A rank in KIF's form, or as a file digit (`６`, `6`), as a nom parser.
fn rank(i: &str) -> IResult<&str, u8> {
    alt((map_opt(anychar, |c| RANKS.iter().position(|&r| r == c).map(|p| p as u8 + 1)), file))
        .parse(i)
}

/// A square in KIF's form (`７六`, also `76`), as a nom parser.
pub fn square(i: &str) -> IResult<&str, Square> {
    map_opt((file, rank), |(f, r)| Square::new(f, r)).parse(i)
}

/// One move in KIF's form, without the side's mark. `last_to` is where the move before it
/// went: a move there is written `同　`. `pos` is the position before the move; a move it
/// does not know (no piece on the origin) is still written, with `?` for the piece.
pub fn move_text(pos: &Position, mv: Move, last_to: Option<Square>) -> String {
    let to = mv.to();
    let mut s = if last_to == Some(to) { "同　".to_string() } else { format_square(to) };
    match (mv.drop_kind(), mv.from()) {
        (Some(kind), _) => {
            s.push_str(piece_name(kind));
            s.push('打');
        }
        (None, Some(from)) => {
            let piece = pos.piece_at(from);
            s.push_str(piece.map_or("?", |p| piece_name(p.kind())));
            // A declined promotion is the plain move: the origin square already says which
            // piece moved, and ShogiHome's and Kifu for JS's readers refuse `不成` here
            // (it belongs to KI2, which has no origin).
            if mv.is_promotion() {
                s.push('成');
            }
            s.push_str(&format!("({}{})", from.file(), from.rank()));
        }
        (None, None) => s.push('?'),
    }
    s
}

/// A line of moves from `pos`, each with its side's mark, joined by `sep`: `▲７六歩(77)
/// △３四歩(33)`. `last_to` is where the move before the line went. The line stops at the
/// first move that is not legal where it stands (a line must never make the writer panic).
pub fn line_text(pos: &Position, line: &[Move], last_to: Option<Square>, sep: &str) -> String {
    let mut pos = pos.clone();
    let mut last = last_to;
    let mut parts = Vec::with_capacity(line.len());
    for &mv in line {
        if !pos.is_legal(mv) {
            break;
        }
        parts.push(format!("{}{}", side_mark(pos.side_to_move()), move_text(&pos, mv, last)));
        last = Some(mv.to());
        pos = pos.played(mv);
    }
    parts.join(sep)
}

/// Where a move goes: a square, or `同` (the square of the move before).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dest {
    Square(Square),
    Same,
}

/// What follows the piece: `成`, `不成` (or `生`), `打`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Modifier {
    Promote,
    NoPromote,
    Drop,
}

/// A move as written, not yet checked against a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KifMove {
    pub dest: Dest,
    pub kind: PieceKind,
    pub modifier: Option<Modifier>,
    /// The origin's digits as written (`(77)`); `(00)` is a drop in some programs.
    pub from: Option<(u8, u8)>,
}

/// Why a KIF move is not a move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KifMoveError {
    /// `同` on the first move.
    NothingBefore,
    /// A drop with an origin square.
    DropWithOrigin,
    /// A board move without its origin.
    NoOrigin,
    /// The origin's digits name no square.
    NoSuchSquare,
    /// The origin does not hold the piece named.
    NotThere { kind: PieceKind, at: Square },
}

impl fmt::Display for KifMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KifMoveError::NothingBefore => f.write_str("同 with no move before"),
            KifMoveError::DropWithOrigin => f.write_str("a drop comes from no square"),
            KifMoveError::NoOrigin => f.write_str("no square the piece comes from"),
            KifMoveError::NoSuchSquare => f.write_str("no such square"),
            KifMoveError::NotThere { kind, at } => write!(f, "no {} on {at}", kind.name()),
        }
    }
}

impl std::error::Error for KifMoveError {}

impl KifMove {
    /// The move shape in `pos` (its legality is the position's to judge). `last_to` is where
    /// the move before went, for `同`.
    pub fn to_move(&self, pos: &Position, last_to: Option<Square>) -> Result<Move, KifMoveError> {
        let to = match self.dest {
            Dest::Square(sq) => sq,
            Dest::Same => last_to.ok_or(KifMoveError::NothingBefore)?,
        };
        let drop = self.modifier == Some(Modifier::Drop) || self.from == Some((0, 0));
        if drop {
            if self.from.is_some_and(|f| f != (0, 0)) {
                return Err(KifMoveError::DropWithOrigin);
            }
            return Ok(Move::drop(self.kind, to));
        }
        let (f, r) = self.from.ok_or(KifMoveError::NoOrigin)?;
        let from = Square::new(f, r).ok_or(KifMoveError::NoSuchSquare)?;
        if pos.piece_at(from).map(Piece::kind) != Some(self.kind) {
            return Err(KifMoveError::NotThere { kind: self.kind, at: from });
        }
        Ok(Move::normal(from, to, self.modifier == Some(Modifier::Promote)))
    }
}

/// A KIF move (`７六歩(77)`, `同　銀(31)`, `４五角打`), as a nom parser; what follows it (the
/// time of a record's move line) is left.
pub(crate) fn kif_move(i: &str) -> IResult<&str, KifMove> {
    let same = value(Dest::Same, (char('同'), many0(alt((char('\u{3000}'), char(' '))))));
    let modifier = alt((
        value(Modifier::NoPromote, alt((tag("不成"), tag("生")))),
        value(Modifier::Promote, tag("成")),
        value(Modifier::Drop, tag("打")),
    ));
    let ascii_digit = || map_opt(anychar, |c| c.to_digit(10).map(|d| d as u8));
    let origin = delimited(char('('), (ascii_digit(), ascii_digit()), char(')'));
    map(
        (alt((same, map(square, Dest::Square))), piece, opt(modifier), opt(origin)),
        |(dest, kind, modifier, from)| KifMove { dest, kind, modifier, from },
    )
    .parse(i)
}

/// Parses a KIF move, nothing around it.
pub fn parse_kif_move(text: &str) -> Option<KifMove> {
    all_consuming(kif_move).parse(text).ok().map(|(_, m)| m)
}
