//! The Computer Shogi Association's notation, as its records and its network protocol write
//! it: pieces as two letters (`FU`, `TO`, `RY`…), sides as `+` (sente) and `-` (gote), moves
//! as side, origin, destination and the piece *after* the move (`+7776FU`, `-3122GI`,
//! `+8822UM` for a bishop that promotes, `+0045KA` for a drop), and the special moves that
//! end a game (`%TORYO`, `%KACHI`…), and a record's time limit (`$TIME_LIMIT:00:25+30`).

use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};
use nom::{
    IResult, Parser,
    bytes::complete::take,
    character::complete::{char, digit1, one_of, satisfy},
    combinator::{all_consuming, map_opt, map_res},
};
use std::fmt;
use std::time::Duration;

/// The two-letter codes, unpromoted kinds first.
const CODES: [(&str, PieceKind); 14] = [
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

/// CSA's code of a piece kind: `FU`, `TO`, `OU`…
pub fn piece_code(kind: PieceKind) -> &'static str {
    CODES.iter().find(|&&(_, k)| k == kind).map_or("??", |(c, _)| c)
}

/// The piece kind a two-letter code names.
pub fn parse_piece_code(code: &str) -> Option<PieceKind> {
    CODES.iter().find(|(c, _)| *c == code).map(|&(_, k)| k)
}

/// A piece code, as a nom parser.
pub fn piece(i: &str) -> IResult<&str, PieceKind> {
    map_opt(take(2usize), parse_piece_code).parse(i)
}

/// `+` for Black (sente), `-` for White (gote).
pub fn side_sign(color: Color) -> char {
    match color {
        Color::Black => '+',
        Color::White => '-',
    }
}

/// The side a sign names.
pub(crate) fn parse_side_sign(c: char) -> Option<Color> {
    match c {
        '+' => Some(Color::Black),
        '-' => Some(Color::White),
        _ => None,
    }
}

/// The side a statement of its sign alone names (`+`: Black is to move).
pub(crate) fn parse_side(text: &str) -> Option<Color> {
    all_consuming(side).parse(text).ok().map(|(_, c)| c)
}

/// A side's sign, as a nom parser.
pub fn side(i: &str) -> IResult<&str, Color> {
    map_opt(one_of("+-"), parse_side_sign).parse(i)
}

/// A square or a hand as CSA writes them: file and rank digits, `00` for the hand (a drop's
/// origin). As written: `(0, 5)` is no square, which [`CsaMove::to_move`] says.
pub fn digits(i: &str) -> IResult<&str, (u8, u8)> {
    let digit = || map_opt(satisfy(|c| c.is_ascii_digit()), |c| c.to_digit(10).map(|d| d as u8));
    (digit(), digit()).parse(i)
}

/// A move as written, not yet checked against a position: `+7776FU`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CsaMove {
    /// The side the move says it is for.
    pub color: Color,
    /// File and rank digits of the origin, `(0, 0)` for a drop.
    pub from: (u8, u8),
    /// File and rank digits of the destination.
    pub to: (u8, u8),
    /// The piece after the move (a promotion names the promoted kind).
    pub kind: PieceKind,
}

/// Why a CSA move is not a move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CsaMoveError {
    /// The move is for the side not to move; this side is to move.
    OutOfTurn(Color),
    /// A square's digits name no square.
    NoSuchSquare,
    /// The piece on the origin cannot be the piece the move names, promoted or not.
    WrongPiece { at: Square, kind: PieceKind },
}

impl fmt::Display for CsaMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CsaMoveError::OutOfTurn(side) => write!(f, "out of turn: {} is to move", side.name()),
            CsaMoveError::NoSuchSquare => f.write_str("no such square"),
            CsaMoveError::WrongPiece { at, kind } => {
                write!(f, "the piece on {at} is not a {}", kind.name())
            }
        }
    }
}

impl std::error::Error for CsaMoveError {}

impl CsaMove {
    /// The move shape in `pos` (its legality is the position's to judge): a promotion when
    /// the piece on the origin becomes the kind named.
    pub fn to_move(&self, pos: &Position) -> Result<Move, CsaMoveError> {
        if self.color != pos.side_to_move() {
            return Err(CsaMoveError::OutOfTurn(pos.side_to_move()));
        }
        let square = |(f, r): (u8, u8)| Square::new(f, r).ok_or(CsaMoveError::NoSuchSquare);
        let to = square(self.to)?;
        if self.from == (0, 0) {
            return Ok(Move::drop(self.kind, to));
        }
        let from = square(self.from)?;
        let on = pos.piece_at(from).map(Piece::kind);
        let promote = on.is_some_and(|k| k != self.kind && k.promote() == Some(self.kind));
        if on.is_some_and(|k| k != self.kind && !promote) {
            return Err(CsaMoveError::WrongPiece { at: from, kind: self.kind });
        }
        Ok(Move::normal(from, to, promote))
    }
}

/// A time limit as CSA records state it (`$TIME_LIMIT:HH:MM+SS`): the same main time for
/// each side, then a byoyomi for every move. Other controls (an increment, periods of so
/// many moves) have no such form.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeLimit {
    pub main: Duration,
    pub byoyomi: Duration,
}

impl TimeLimit {
    /// The limit if `main` is whole minutes and `byoyomi` whole seconds (`None` otherwise).
    pub fn new(main: Duration, byoyomi: Duration) -> Option<TimeLimit> {
        let whole =
            |d: Duration, unit: u64| d.subsec_nanos() == 0 && d.as_secs().is_multiple_of(unit);
        (whole(main, 60) && whole(byoyomi, 1)).then_some(TimeLimit { main, byoyomi })
    }
}

/// `HH:MM+SS`: hours and minutes of main time, seconds of byoyomi.
pub fn format_time_limit(limit: &TimeLimit) -> String {
    let minutes = limit.main.as_secs() / 60;
    format!("{:02}:{:02}+{:02}", minutes / 60, minutes % 60, limit.byoyomi.as_secs())
}

/// Parses `HH:MM+SS` (each part one or more digits; minutes below 60).
pub fn parse_time_limit(text: &str) -> Option<TimeLimit> {
    let (_, (hours, _, minutes, _, seconds)) =
        all_consuming((number, char(':'), number, char('+'), number)).parse(text.trim()).ok()?;
    if minutes >= 60 || hours > 1000 || seconds > 86_400 {
        return None;
    }
    Some(TimeLimit {
        main: Duration::from_secs((hours * 60 + minutes) * 60),
        byoyomi: Duration::from_secs(seconds),
    })
}

fn number(i: &str) -> IResult<&str, u64> {
    map_res(digit1, str::parse::<u64>).parse(i)
}

/// A CSA move, as a nom parser.
pub(crate) fn csa_move(i: &str) -> IResult<&str, CsaMove> {
    let (i, (color, from, to, kind)) = (side, digits, digits, piece).parse(i)?;
    Ok((i, CsaMove { color, from, to, kind }))
}

/// Parses a CSA move (`+7776FU`), nothing around it.
pub fn parse_csa_move(text: &str) -> Option<CsaMove> {
    all_consuming(csa_move).parse(text).ok().map(|(_, m)| m)
}

/// The CSA text of a move of `pos`: `+7776FU`, `+8822UM`, `+0045KA`.
pub fn format_csa_move(pos: &Position, mv: Move) -> String {
    let (from, kind) = match mv.from() {
        None => ((0, 0), mv.drop_kind().unwrap_or(PieceKind::Pawn)),
        Some(f) => {
            let on = pos.piece_at(f).map_or(PieceKind::Pawn, Piece::kind);
            ((f.file(), f.rank()), on.promoted_if(mv.is_promotion()))
        }
    };
    let to = mv.to();
    format!(
        "{}{}{}{}{}{}",
        side_sign(pos.side_to_move()),
        from.0,
        from.1,
        to.file(),
        to.rank(),
        piece_code(kind)
    )
}

/// A square's digits, as `PI` removals and `P+` placements write them: `82` for 8b.
pub fn format_square(sq: Square) -> String {
    format!("{}{}", sq.file(), sq.rank())
}

/// The special moves: what a side says instead of a move, or how the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Special {
    /// `%TORYO`: the side to move resigns.
    Resign,
    /// `%TSUMI`: the side to move is mated.
    Mated,
    /// `%TIME_UP`: the side to move ran out of time.
    TimeUp,
    /// `%ILLEGAL_MOVE`: the side to move lost by an illegal move.
    IllegalMove,
    /// `%+ILLEGAL_ACTION`, `%-ILLEGAL_ACTION`: that side did something illegal and lost.
    IllegalAction(Color),
    /// `%KACHI`: the side to move declares a win by entering king.
    Declare,
    /// `%SENNICHITE`: a draw by repetition.
    Repetition,
    /// `%JISHOGI`: an impasse.
    Impasse,
    /// `%MAX_MOVES`: the move limit.
    MaxMoves,
    /// `%HIKIWAKE`: a draw by agreement.
    Draw,
    /// `%CHUDAN`: interrupted.
    Interrupted,
    /// `%MATTA`: a move taken back.
    TakeBack,
    /// `%FUZUMI`: no mate (a mate problem's answer).
    NoMate,
    /// `%ERROR`: an error.
    Error,
}

/// The words of the special moves, but the illegal actions (which carry a sign).
const SPECIAL_WORDS: [(&str, Special); 12] = [
    ("TORYO", Special::Resign),
    ("TSUMI", Special::Mated),
    ("TIME_UP", Special::TimeUp),
    ("ILLEGAL_MOVE", Special::IllegalMove),
    ("KACHI", Special::Declare),
    ("SENNICHITE", Special::Repetition),
    ("JISHOGI", Special::Impasse),
    ("MAX_MOVES", Special::MaxMoves),
    ("HIKIWAKE", Special::Draw),
    ("CHUDAN", Special::Interrupted),
    ("MATTA", Special::TakeBack),
    ("FUZUMI", Special::NoMate),
];

/// The text of a special move: `%TORYO`, `%-ILLEGAL_ACTION`…
pub fn format_special(special: Special) -> String {
    match special {
        Special::IllegalAction(side) => format!("%{}ILLEGAL_ACTION", side_sign(side)),
        Special::Error => "%ERROR".into(),
        s => {
            let word = SPECIAL_WORDS.iter().find(|&&(_, w)| w == s).map_or("ERROR", |(t, _)| t);
            format!("%{word}")
        }
    }
}

/// The special move a text names (`%TORYO`), nothing around it.
pub fn parse_special(text: &str) -> Option<Special> {
    let word = text.strip_prefix('%')?;
    if word == "ERROR" {
        return Some(Special::Error);
    }
    if let Some(rest) = word.strip_suffix("ILLEGAL_ACTION")
        && let [sign] = rest.as_bytes()
    {
        return parse_side_sign(char::from(*sign)).map(Special::IllegalAction);
    }
    SPECIAL_WORDS.iter().find(|(t, _)| *t == word).map(|&(_, s)| s)
}

/// The score a mate counts as in an engine comment, less the plies to it.
pub const MATE_IN_COMMENT: i32 = 100_000;

/// An engine's comment on its move, floodgate's extension of the CSA protocol
/// (`+7776FU,'* 35 -3334FU +2726FU`): the score in centipawns from Black's side (a mate is
/// ±[`MATE_IN_COMMENT`] less its plies) and the line expected after the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineComment {
    pub score: i32,
    pub pv: Vec<CsaMove>,
}

/// The comment `'* <score> <line>` on a move: `after` is the position after it, `line` the
/// moves expected from there (cut at the first that is not legal).
pub fn format_engine_comment(after: &Position, score: i32, line: &[Move]) -> String {
    let mut text = format!("'* {score}");
    let mut pos = after.clone();
    for &m in line {
        if !pos.is_legal(m) {
            break;
        }
        text.push(' ');
        text.push_str(&format_csa_move(&pos, m));
        pos.play_unchecked(m);
    }
    text
}

/// Reads a comment `'* <score> <moves>` as [`format_engine_comment`] writes it.
pub fn parse_engine_comment(text: &str) -> Option<EngineComment> {
    let mut words = text.strip_prefix("'*")?.split_whitespace();
    let score = words.next()?.parse().ok()?;
    let pv = words.map(parse_csa_move).collect::<Option<Vec<_>>>()?;
    Some(EngineComment { score, pv })
}
