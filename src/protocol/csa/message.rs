//! The lines a CSA server sends, as typed messages (parse, then act), and the lines the
//! client sends. The forms are those of the CSA server protocol 1.2.1 as shogi-server writes
//! them: `LOGIN:name OK`, `BEGIN Game_Summary`, `START:id`, `REJECT:id by name`, moves with
//! their time (`+7776FU,T3`), the special moves (`%TORYO`), and the result lines (`#RESIGN`
//! then `#WIN`). The Game_Summary's own lines are read by [`super::summary`].

use crate::notation::csa::{self, CsaMove, Special};
use nom::{
    IResult, Parser,
    bytes::complete::tag,
    character::complete::{char, digit0, digit1},
    combinator::{all_consuming, opt, recognize, rest},
    sequence::preceded,
};
use std::fmt;

/// A time the server gives, in thousandths of its time unit (`T3` is 3000; CSA V3 allows a
/// fraction, `T3.25`).
pub type Millunits = u64;

/// Why a game ended, as the server's first result line says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// `#RESIGN`: a side resigned (`%TORYO`), or left.
    Resign,
    /// `#TIME_UP`: the side to move ran out of time.
    TimeUp,
    /// `#ILLEGAL_MOVE`: a side moved illegally (or declared wrongly).
    IllegalMove,
    /// `#SENNICHITE`: fourfold repetition, a draw.
    Repetition,
    /// `#OUTE_SENNICHITE`: fourfold repetition by perpetual check, a loss for the checker.
    PerpetualCheck,
    /// `#JISHOGI`: an entering-king declaration (`%KACHI`) won.
    Declaration,
    /// `#MAX_MOVES`: the move limit, a draw.
    MaxMoves,
    /// `#CHUDAN`: the game was interrupted.
    Interrupted,
}

/// What the game came to for the client, as the server's last result line says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Win,
    Lose,
    Draw,
    /// `#CENSORED`: no result (shogi-server's word after `#MAX_MOVES`): a draw.
    Censored,
}

const REASONS: [(&str, Reason); 8] = [
    ("RESIGN", Reason::Resign),
    ("TIME_UP", Reason::TimeUp),
    ("ILLEGAL_MOVE", Reason::IllegalMove),
    ("SENNICHITE", Reason::Repetition),
    ("OUTE_SENNICHITE", Reason::PerpetualCheck),
    ("JISHOGI", Reason::Declaration),
    ("MAX_MOVES", Reason::MaxMoves),
    ("CHUDAN", Reason::Interrupted),
];

const VERDICTS: [(&str, Verdict); 4] = [
    ("WIN", Verdict::Win),
    ("LOSE", Verdict::Lose),
    ("DRAW", Verdict::Draw),
    ("CENSORED", Verdict::Censored),
];

impl Reason {
    pub fn word(self) -> &'static str {
        REASONS.iter().find(|&&(_, r)| r == self).map_or("?", |(w, _)| w)
    }
}

impl Verdict {
    pub fn word(self) -> &'static str {
        VERDICTS.iter().find(|&&(_, v)| v == self).map_or("?", |(w, _)| w)
    }
}

/// One line from the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `LOGIN:<name> OK`.
    LoginOk(String),
    /// `LOGIN:incorrect`: the login was refused.
    LoginIncorrect,
    /// `LOGOUT:completed`.
    LogoutCompleted,
    /// `BEGIN Game_Summary`: the summary's lines follow, to `END Game_Summary`.
    BeginSummary,
    /// `START:<game id>`: both sides agreed; the game begins.
    Start(String),
    /// `REJECT:<game id> by <name>`: the game will not be played.
    Reject { game_id: String, by: String },
    /// A move and the time it took (`+7776FU,T3`), with anything after that.
    Move { mv: CsaMove, time: Option<Millunits>, comment: Option<String> },
    /// A special move (`%TORYO`, `%KACHI`), with its time if given.
    Special { special: Special, time: Option<Millunits> },
    /// `#RESIGN`, `#TIME_UP`…: why the game ended.
    Reason(Reason),
    /// `#WIN`, `#LOSE`, `#DRAW`, `#CENSORED`: the game is over.
    Verdict(Verdict),
    /// An empty line (the server's answer to a keep-alive).
    Empty,
    /// `##[...] ...`: shogi-server's extended mode and its replies, which this client does
    /// not use.
    Extended(String),
}

/// A line the client cannot read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable(pub String);

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: String = self.0.chars().take(80).collect();
        let more = if self.0.chars().count() > 80 { "…" } else { "" };
        write!(f, "unreadable line from the server: '{shown}{more}'")
    }
}

impl std::error::Error for Unreadable {}

/// A time `T<units>[.<fraction>]`, in thousandths of a unit.
fn time(i: &str) -> IResult<&str, Millunits> {
    let (i, (whole, fraction)) =
        preceded(char('T'), (digit1, opt(preceded(char('.'), digit0)))).parse(i)?;
    let whole: u64 = whole.parse().unwrap_or(u64::MAX / 1000).min(u64::MAX / 1000);
    let thousandths = fraction.map_or(0, |f: &str| {
        let digits: String = f.chars().chain("000".chars()).take(3).collect();
        digits.parse::<u64>().unwrap_or(0)
    });
    // A time too long for the count is the longest there is, never a short one wrapped
    // round (nor, with overflow checks, a panic).
    Ok((i, whole.saturating_mul(1000).saturating_add(thousandths)))
}

/// `+7776FU` and what may follow it: `,T3`, `,'* 12 -3334FU`.
fn move_line(i: &str) -> IResult<&str, Message> {
    let (i, mv) = csa::csa_move(i)?;
    let (i, time) = opt(preceded(char(','), time)).parse(i)?;
    let (i, comment) = opt(preceded(char(','), recognize((char('\''), rest)))).parse(i)?;
    let comment = comment.map(str::to_string);
    Ok((i, Message::Move { mv, time, comment }))
}

/// `%TORYO`, `%KACHI`…, with an optional `,T<time>`.
fn special_line(i: &str) -> IResult<&str, Message> {
    let (word, time_part) = i.split_once(',').map_or((i, None), |(w, t)| (w, Some(t)));
    let Some(special) = csa::parse_special(word) else {
        return Err(nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Tag)));
    };
    let time = match time_part {
        None => None,
        Some(t) => Some(all_consuming(time).parse(t)?.1),
    };
    Ok(("", Message::Special { special, time }))
}

/// Parses one line from the server (its end of line already cut).
pub fn parse_line(line: &str) -> Result<Message, Unreadable> {
    let bad = || Unreadable(line.to_string());
    if line.trim().is_empty() {
        return Ok(Message::Empty);
    }
    let message = match line.as_bytes()[0] {
        b'+' | b'-' => all_consuming(move_line).parse(line).map(|(_, m)| m).ok(),
        b'%' => special_line(line).map(|(_, m)| m).ok(),
        b'#' if line.starts_with("##") => Some(Message::Extended(line.to_string())),
        b'#' => {
            let word = &line[1..];
            REASONS.iter().find(|(w, _)| *w == word).map(|&(_, r)| Message::Reason(r)).or_else(
                || VERDICTS.iter().find(|(w, _)| *w == word).map(|&(_, v)| Message::Verdict(v)),
            )
        }
        _ => keyword_line(line),
    };
    message.ok_or_else(bad)
}

fn keyword_line(line: &str) -> Option<Message> {
    if line == "LOGIN:incorrect" {
        return Some(Message::LoginIncorrect);
    }
    if line == "LOGOUT:completed" {
        return Some(Message::LogoutCompleted);
    }
    if line == "BEGIN Game_Summary" {
        return Some(Message::BeginSummary);
    }
    if let Some(name) = line.strip_prefix("LOGIN:").and_then(|r| r.strip_suffix(" OK")) {
        return Some(Message::LoginOk(name.to_string()));
    }
    if let Ok((_, id)) = all_consuming(preceded(tag("START:"), rest::<&str, ()>)).parse(line) {
        return (!id.is_empty()).then(|| Message::Start(id.to_string()));
    }
    let reject = line.strip_prefix("REJECT:")?;
    let (game_id, by) = reject.split_once(" by ")?;
    Some(Message::Reject { game_id: game_id.to_string(), by: by.to_string() })
}

/// What the client sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    Login {
        name: String,
        password: String,
    },
    Logout,
    Agree(String),
    Reject(String),
    /// A move, with the engine's comment (floodgate's extension) if any.
    Move {
        text: String,
        comment: Option<String>,
    },
    /// `%TORYO`.
    Resign,
    /// `%KACHI`.
    Declare,
    /// An empty line, to keep the connection alive.
    KeepAlive,
}

impl Request {
    /// The line, without its end.
    pub fn line(&self) -> String {
        match self {
            Request::Login { name, password } => format!("LOGIN {name} {password}"),
            Request::Logout => "LOGOUT".into(),
            Request::Agree(id) => format!("AGREE {id}"),
            Request::Reject(id) => format!("REJECT {id}"),
            Request::Move { text, comment: None } => text.clone(),
            Request::Move { text, comment: Some(c) } => format!("{text},{c}"),
            Request::Resign => csa::format_special(Special::Resign),
            Request::Declare => csa::format_special(Special::Declare),
            Request::KeepAlive => String::new(),
        }
    }

    /// The line as the log shows it: the password hidden.
    pub fn logged(&self) -> String {
        match self {
            Request::Login { name, .. } => format!("LOGIN {name} *****"),
            other => other.line(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    #[test]
    fn server_lines() {
        assert_eq!(parse_line("LOGIN:gnushogi OK"), Ok(Message::LoginOk("gnushogi".into())));
        assert_eq!(parse_line("LOGIN:incorrect"), Ok(Message::LoginIncorrect));
        assert_eq!(
            parse_line("START:wdoor+floodgate-300-10F+a+b+20260101"),
            Ok(Message::Start("wdoor+floodgate-300-10F+a+b+20260101".into()))
        );
        assert_eq!(
            parse_line("REJECT:g1 by someone"),
            Ok(Message::Reject { game_id: "g1".into(), by: "someone".into() })
        );
        let Ok(Message::Move { mv, time, comment }) = parse_line("+7776FU,T3") else { panic!() };
        assert_eq!((mv.color, time, comment), (Color::Black, Some(3000), None));
        let Ok(Message::Move { time, comment, .. }) = parse_line("-3334FU,T0.25,'* 12 +2726FU")
        else {
            panic!()
        };
        assert_eq!((time, comment.as_deref()), (Some(250), Some("'* 12 +2726FU")));
        let Ok(Message::Move { time: None, .. }) = parse_line("-3334FU") else { panic!() };
        assert_eq!(
            parse_line("%TORYO,T5"),
            Ok(Message::Special { special: Special::Resign, time: Some(5000) })
        );
        assert_eq!(
            parse_line("%KACHI"),
            Ok(Message::Special { special: Special::Declare, time: None })
        );
        assert_eq!(parse_line("#OUTE_SENNICHITE"), Ok(Message::Reason(Reason::PerpetualCheck)));
        assert_eq!(parse_line("#CENSORED"), Ok(Message::Verdict(Verdict::Censored)));
        assert_eq!(parse_line(""), Ok(Message::Empty));
        assert_eq!(
            parse_line("##[LOGIN] +OK x1"),
            Ok(Message::Extended("##[LOGIN] +OK x1".into()))
        );
        for bad in [
            "+7776F",
            "+7776FU,X3",
            "+7776FU,T",
            "#WINNER",
            "%NOPE",
            "START:",
            "REJECT:x",
            "LOGIN:x",
            "hello",
            "%TORYO,T",
            "+7776FU,T3x",
        ] {
            assert!(parse_line(bad).is_err(), "{bad:?}");
        }
        assert!(parse_line(&"x".repeat(500)).unwrap_err().to_string().ends_with("…'"));
    }

    #[test]
    fn client_lines() {
        let login = Request::Login { name: "me".into(), password: "floodgate-300-10F,trip".into() };
        assert_eq!(login.line(), "LOGIN me floodgate-300-10F,trip");
        assert_eq!(login.logged(), "LOGIN me *****");
        let m = Request::Move { text: "+7776FU".into(), comment: Some("'* 30 -3334FU".into()) };
        assert_eq!(m.line(), "+7776FU,'* 30 -3334FU");
        assert_eq!(Request::Resign.line(), "%TORYO");
        assert_eq!(Request::Declare.line(), "%KACHI");
        assert_eq!(Request::Agree("g".into()).line(), "AGREE g");
        assert_eq!(Request::KeepAlive.line(), "");
    }
}
