//! CSA records (the Computer Shogi Association's format). Written as V2.2: `V2.2`, the names
//! (`N+`, `N-`), `$EVENT:`, `$SITE:`, `$START_TIME:`, `$TIME_LIMIT:` (`HH:MM+SS`; a control
//! without that form is a remark), comments before the first move, the start (`PI`, `PI` with the handicap's
//! removals such as `PI82HI`, or the rows `P1`…`P9` and the hands `P+`/`P-`), the side to move
//! (`+`/`-`), then each move (`+7776FU`), its time (`T12`) and its comments (`'*text`), and
//! the ending (`%TORYO`…). Read: V2.1, V2.2 and V3.0 (`$TIME:`, times with a fraction,
//! statements joined by commas); several games separated by `/` (`parse` reads the first,
//! `parse_games` all). Plain `'` lines are remarks, not kept; `'*` lines are comments.

use super::{Headers, Record, Replay, format_date, one_line, parse_date};
use crate::files::FileError;
use crate::game::{DrawReason, Outcome, WinReason};
use crate::notation::csa::{self, Special};
use crate::rules::handicap::Handicap;
use crate::rules::{Color, Hand, Piece, PieceKind, Position, Setup, Square};
use nom::bytes::complete::take;
use nom::combinator::all_consuming;
use nom::multi::many0;
use nom::{IResult, Parser};
use std::fmt::Write as _;
use std::time::Duration;

/// Whether a statement looks like a CSA move (for telling CSA from other formats).
pub(crate) fn is_csa_move(s: &str) -> bool {
    csa::parse_csa_move(s.trim_end()).is_some()
}

/// One `xyKK` group: a square's digits (`00` for the hand) and a piece code (`AL`: all the
/// pieces left, in `P+`/`P-`).
type Group<'a> = ((u8, u8), &'a str);

/// The `xyKK` groups of a `P+`/`P-` or `PI` line.
fn groups(i: &str) -> IResult<&str, Vec<Group<'_>>> {
    all_consuming(many0((csa::digits, take(2usize)))).parse(i)
}

/// One game while it is read.
struct Reader {
    headers: Headers,
    comments: Vec<String>,
    setup: Option<Setup>,
    replay: Option<Replay>,
    /// The last time statement was for a move (not the ending).
    ended: bool,
    /// What was read past: endings this program does not know.
    warnings: Vec<FileError>,
}

impl Reader {
    fn new() -> Reader {
        Reader {
            headers: Headers::default(),
            comments: Vec::new(),
            setup: None,
            replay: None,
            ended: false,
            warnings: Vec::new(),
        }
    }

    fn setup(&mut self) -> &mut Setup {
        self.setup.get_or_insert_with(Setup::default)
    }

    /// The start is complete: the side to move is known.
    fn start(&mut self, side: Color, line: usize) -> Result<(), FileError> {
        let Some(mut setup) = self.setup.take() else {
            return Err(FileError::new(line, "no start position (PI or P1…P9) before this"));
        };
        setup.side_to_move = side;
        setup.move_number = 1;
        let pos = Position::from_setup(&setup)
            .map_err(|e| FileError::new(line, format!("the start position is not valid: {e}")))?;
        let comments = std::mem::take(&mut self.comments);
        self.replay = Some(Replay::new(pos, std::mem::take(&mut self.headers), comments));
        Ok(())
    }

    fn statement(&mut self, s: &str, line: usize) -> Result<(), FileError> {
        let bad = |why: &str| FileError::new(line, format!("'{s}': {why}"));
        if self.ended && !s.starts_with('\'') && !s.starts_with('T') {
            return Err(bad("nothing may follow the ending but its time"));
        }
        match s.as_bytes().first() {
            None => {}
            Some(b'\'') => {
                if let Some(c) = s.strip_prefix("'*") {
                    match &mut self.replay {
                        Some(r) => r.comment(c.to_string()),
                        None => self.comments.push(c.to_string()),
                    }
                }
            }
            Some(b'V') => {}
            Some(b'N') => self.name(s).ok_or_else(|| bad("a name is N+ or N-"))?,
            Some(b'$') => self.info(s),
            Some(b'P') if self.replay.is_some() => return Err(bad("the position after a move")),
            Some(b'P') => self.position(s).map_err(|why| bad(&why))?,
            Some(b'+' | b'-') if s.len() == 1 => {
                if self.replay.is_some() {
                    return Err(bad("a second side to move"));
                }
                let side = csa::parse_side(s).ok_or_else(|| bad("a side is + or -"))?;
                self.start(side, line)?;
            }
            Some(b'+' | b'-') => self.csa_move(s, line)?,
            Some(b'T') => self.time(s).ok_or_else(|| bad("a time is T and seconds"))?,
            Some(b'%') => self.end(s, line).ok_or_else(|| bad("an ending before the start"))?,
            _ => return Err(bad("not a CSA statement")),
        }
        Ok(())
    }

    fn name(&mut self, s: &str) -> Option<()> {
        let value = one_line(s.get(2..)?.trim());
        let value = (!value.is_empty()).then_some(value);
        let headers = match &mut self.replay {
            Some(r) => &mut r.record.headers,
            None => &mut self.headers,
        };
        match s.as_bytes().get(1)? {
            b'+' => headers.black = value,
            b'-' => headers.white = value,
            _ => return None,
        }
        Some(())
    }

    fn info(&mut self, s: &str) {
        let Some((key, value)) = s[1..].split_once(':') else { return };
        let value = value.trim();
        let headers = match &mut self.replay {
            Some(r) => &mut r.record.headers,
            None => &mut self.headers,
        };
        let text = (!value.is_empty()).then(|| value.to_string());
        match key {
            "EVENT" => headers.event = text,
            "SITE" => headers.site = text,
            "START_TIME" => headers.date = parse_date(value),
            "TIME_LIMIT" | "TIME" => {
                headers.time_limit = csa::parse_time_limit(value);
                headers.time_control = text;
            }
            _ => {}
        }
    }

    fn position(&mut self, s: &str) -> Result<(), String> {
        let rest = &s[1..];
        if let Some(removed) = rest.strip_prefix('I') {
            let mut setup = Position::startpos().to_setup();
            let (_, groups) = groups(removed).map_err(|_| "removals are xyKK groups")?;
            for ((f, r), k) in groups {
                let sq = Square::new(f, r).ok_or("no such square")?;
                let kind = csa::parse_piece_code(k).ok_or("unknown piece")?;
                if setup.piece_at(sq).map(Piece::kind) != Some(kind) {
                    return Err(format!("no {} on {sq} to remove", kind.name()));
                }
                setup.set(sq, None);
            }
            self.setup = Some(setup);
        } else if let Some(color) = rest.chars().next().and_then(csa::parse_side_sign) {
            let (_, groups) = groups(&rest[1..]).map_err(|_| "pieces are xyKK groups")?;
            for ((f, r), k) in groups {
                self.place(color, f, r, k)?;
            }
        } else {
            let rank = rest
                .chars()
                .next()
                .and_then(|c| c.to_digit(10))
                .filter(|r| (1..=9).contains(r))
                .ok_or("not a CSA position line")? as u8;
            // Trailing blanks of the last cell may have been cut.
            let mut cells: Vec<char> = rest[1..].chars().collect();
            if cells.len() > 27 {
                return Err("a row is nine cells of three characters".into());
            }
            cells.resize(27, ' ');
            let setup = self.setup();
            for file_index in 0..9 {
                let cell: String = cells[3 * file_index..3 * file_index + 3].iter().collect();
                let sq = Square::new(9 - file_index as u8, rank).expect("on the board");
                let piece = match cell.as_str() {
                    " * " => None,
                    _ => {
                        let Some(color) = cell.chars().next().and_then(csa::parse_side_sign) else {
                            return Err(format!("'{}': not a piece", cell.trim_end()));
                        };
                        let kind =
                            cell.get(1..).and_then(csa::parse_piece_code).ok_or("unknown piece")?;
                        Some(Piece::new(color, kind))
                    }
                };
                setup.set(sq, piece);
            }
        }
        Ok(())
    }

    /// A piece of `P+`/`P-`: on a square, or in hand (`00`), or all those left (`00AL`).
    fn place(&mut self, color: Color, f: u8, r: u8, k: &str) -> Result<(), String> {
        let setup = self.setup();
        if (f, r, k) == (0, 0, "AL") {
            for kind in PieceKind::HAND {
                let total = crate::rules::MAX_IN_SET[kind.index()];
                let on_board =
                    setup.board.iter().flatten().filter(|p| p.kind().unpromote() == kind);
                let used = on_board.count() as u32
                    + setup.hands[0].count(kind)
                    + setup.hands[1].count(kind);
                for _ in used..total {
                    setup.hands[color.index()].add(kind);
                }
            }
            return Ok(());
        }
        let kind = csa::parse_piece_code(k).ok_or("unknown piece")?;
        if (f, r) == (0, 0) {
            if !kind.is_hand_kind() {
                return Err(format!("no {} in hand", kind.name()));
            }
            let hand = &mut setup.hands[color.index()];
            *hand = hand.with_count(kind, hand.count(kind) + 1).ok_or("too many in hand")?;
        } else {
            let sq = Square::new(f, r).ok_or("no such square")?;
            setup.set(sq, Some(Piece::new(color, kind)));
        }
        Ok(())
    }

    fn csa_move(&mut self, s: &str, line: usize) -> Result<(), FileError> {
        if self.replay.is_none() {
            // No side-to-move line: the first move says it.
            let side = s.chars().next().and_then(csa::parse_side_sign).unwrap_or(Color::White);
            self.start(side, line)?;
        }
        let replay = self.replay.as_mut().expect("started");
        let bad = |why: String| FileError::new(line, format!("'{s}': {why}"));
        let m = csa::parse_csa_move(s)
            .ok_or_else(|| bad("not a CSA move".into()))?
            .to_move(&replay.pos)
            .map_err(|e| bad(e.to_string()))?;
        replay.play(m, s, line)
    }

    fn time(&mut self, s: &str) -> Option<()> {
        let secs: f64 = s[1..].trim().parse().ok().filter(|t: &f64| t.is_finite() && *t >= 0.0)?;
        if self.ended {
            return Some(());
        }
        let secs = secs.min(1e9);
        let m = self.replay.as_mut()?.record.moves.last_mut()?;
        m.time = Some(Duration::from_millis((secs * 1000.0).round() as u64));
        Some(())
    }

    /// An ending; one this program does not know ends the game with no outcome, as GUIs
    /// read it, and a warning.
    fn end(&mut self, s: &str, line: usize) -> Option<()> {
        let replay = self.replay.as_mut()?;
        let to_move = replay.pos.side_to_move();
        let Some(special) = csa::parse_special(s) else {
            self.warnings.push(FileError::new(
                line,
                format!("'{s}' is no ending this program knows: the game is read up to the move before it"),
            ));
            self.ended = true;
            return Some(());
        };
        replay.record.outcome = outcome(special, to_move);
        self.ended = true;
        Some(())
    }

    fn finish(mut self, line: usize) -> Result<(Record, Vec<FileError>), FileError> {
        if self.replay.is_none() {
            if self.setup.is_none() {
                return Err(FileError::new(line, "no start position (PI or P1…P9)"));
            }
            self.start(Color::Black, line)?;
        }
        Ok((self.replay.expect("started").record, self.warnings))
    }
}

/// Reads one game (the first, when `/` lines separate several).
pub fn parse(text: &str) -> Result<Record, FileError> {
    parse_with_warnings(text).map(|(record, _)| record)
}

/// Reads one game, and says what it read past: an ending it does not know (the game ends
/// at the move before it, with no outcome).
pub fn parse_with_warnings(text: &str) -> Result<(Record, Vec<FileError>), FileError> {
    let end = split_games(text).next().map_or(text, |(_, g)| g);
    parse_game(end, 1)
}

/// Every game of a file, each with the line it starts on.
pub fn parse_games(text: &str) -> Vec<(usize, Result<Record, FileError>)> {
    split_games(text).map(|(first, g)| (first, parse_game(g, first).map(|(r, _)| r))).collect()
}

/// The games of a file between `/` lines, each with the line it starts on.
pub(crate) fn split_games(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = text;
    let mut line = 1;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let first = line;
        let mut at = 0;
        for l in rest.split_inclusive('\n') {
            at += l.len();
            line += 1;
            if l.trim() == "/" {
                let game = &rest[..at - l.len()];
                rest = &rest[at..];
                return Some((first, game));
            }
        }
        let game = rest;
        rest = "";
        Some((first, game))
    })
}

/// One game whose first line is line `first` of the file.
fn parse_game(text: &str, first: usize) -> Result<(Record, Vec<FileError>), FileError> {
    let mut reader = Reader::new();
    let mut last = first;
    for (i, line) in text.lines().enumerate() {
        let n = first + i;
        last = n;
        let line = line.trim_end_matches('\r');
        if line.starts_with('\'') {
            // A comment is kept as written, trailing blanks too.
            reader.statement(line, n)?;
            continue;
        }
        let line = line.trim_end_matches([' ', '\t']);
        // Commas join statements on move lines (`+7776FU,T12`); names, information and
        // comments may hold commas of their own.
        if line.starts_with(['+', '-', '%', 'T']) {
            for s in line.split(',') {
                reader.statement(s.trim(), n)?;
            }
        } else if line.starts_with('P') {
            reader.statement(line, n)?;
        } else {
            reader.statement(line.trim_start(), n)?;
        }
    }
    reader.finish(last)
}

/// The record as CSA V2.2.
pub fn write(record: &Record) -> String {
    let mut t = String::from("V2.2\n");
    let h = &record.headers;
    for (prefix, value) in [("N+", &h.black), ("N-", &h.white)] {
        if let Some(v) = value {
            let _ = writeln!(t, "{prefix}{}", one_line(v));
        }
    }
    for (key, value) in [("EVENT", &h.event), ("SITE", &h.site)] {
        if let Some(v) = value {
            let _ = writeln!(t, "${key}:{}", one_line(v));
        }
    }
    if let Some(d) = &h.date {
        let _ = writeln!(t, "$START_TIME:{}", format_date(d));
    }
    // `$TIME_LIMIT` has one form (`HH:MM+SS`); a control it cannot state is a remark.
    match (&h.time_limit, &h.time_control) {
        (Some(limit), _) => {
            let _ = writeln!(t, "$TIME_LIMIT:{}", csa::format_time_limit(limit));
        }
        (None, Some(words)) => {
            let _ = writeln!(t, "' Time control: {}", one_line(words));
        }
        (None, None) => {}
    }
    write_start(&mut t, &record.start);
    for c in &record.comments {
        let _ = writeln!(t, "'*{}", one_line(c));
    }
    let mut pos = record.start.clone();
    for m in &record.moves {
        let _ = writeln!(t, "{}", csa::format_csa_move(&pos, m.mv));
        if let Some(d) = m.time {
            let _ = writeln!(t, "T{}", d.as_secs());
        }
        for c in &m.comments {
            let _ = writeln!(t, "'*{}", one_line(c));
        }
        pos.play_unchecked(m.mv);
    }
    if let Some(o) = record.outcome {
        let _ = writeln!(t, "{}", ending(o, pos.side_to_move()));
    }
    t
}

/// The outcome an ending says, `to_move` being the side to move when it comes: `%TORYO`,
/// `%TSUMI`, `%TIME_UP` and `%ILLEGAL_MOVE` are its loss, `%KACHI` its win.
fn outcome(special: Special, to_move: Color) -> Option<Outcome> {
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    match special {
        Special::Resign => win(!to_move, WinReason::Resignation),
        Special::Mated => win(!to_move, WinReason::Checkmate),
        Special::TimeUp => win(!to_move, WinReason::Time),
        Special::IllegalMove => win(!to_move, WinReason::IllegalMove),
        Special::IllegalAction(offender) => win(!offender, WinReason::IllegalMove),
        Special::Declare => win(to_move, WinReason::Declaration),
        Special::Repetition => Some(Outcome::Draw(DrawReason::Repetition)),
        Special::Impasse => Some(Outcome::Draw(DrawReason::Impasse)),
        Special::MaxMoves => Some(Outcome::Draw(DrawReason::MoveLimit)),
        Special::Draw => Some(Outcome::Draw(DrawReason::Agreement)),
        Special::Interrupted | Special::TakeBack | Special::NoMate | Special::Error => None,
    }
}

/// The ending statement of an outcome, `to_move` being the side to move after the last move.
/// CSA cannot say every outcome: perpetual check becomes an illegal action by the side that
/// gave it, an impasse won on points `%JISHOGI`, no legal move `%TSUMI`, a try `%TORYO`.
/// `%TORYO`, `%TSUMI` and `%TIME_UP` are the side to move's loss, `%KACHI` its win: a record
/// that says otherwise (a KIF summary may name either side) is written `%CHUDAN`, no
/// outcome, rather than the other side's win.
fn ending(o: Outcome, to_move: Color) -> String {
    let special = match o {
        // CSA has no try rule: the side to move after the winning king move gives up.
        Outcome::Win { reason: WinReason::Resignation | WinReason::Try, .. } => Special::Resign,
        Outcome::Win { reason: WinReason::Checkmate | WinReason::NoLegalMove, .. } => {
            Special::Mated
        }
        Outcome::Win { reason: WinReason::Time, .. } => Special::TimeUp,
        Outcome::Win { reason: WinReason::Declaration, .. } => Special::Declare,
        Outcome::Win { reason: WinReason::Impasse, .. } => Special::Impasse,
        Outcome::Win { winner, reason: WinReason::IllegalMove | WinReason::PerpetualCheck } => {
            if winner != to_move {
                Special::IllegalMove
            } else {
                Special::IllegalAction(!winner)
            }
        }
        Outcome::Draw(DrawReason::Repetition) => Special::Repetition,
        Outcome::Draw(DrawReason::Impasse) => Special::Impasse,
        Outcome::Draw(DrawReason::MoveLimit) => Special::MaxMoves,
        Outcome::Draw(DrawReason::Agreement) => Special::Draw,
    };
    if let (Outcome::Win { winner, .. }, Some(Outcome::Win { winner: named, .. })) =
        (o, outcome(special, to_move))
        && named != winner
    {
        return csa::format_special(Special::Interrupted);
    }
    csa::format_special(special)
}

/// `PI` for the standard start, `PI` and the removals for a handicap, else the nine rows
/// and the hands; then the side to move.
fn write_start(t: &mut String, start: &Position) {
    let standard = Position::startpos();
    let side = start.side_to_move();
    if start.to_setup().board == standard.to_setup().board
        && start.hand(Color::Black).is_empty()
        && start.hand(Color::White).is_empty()
    {
        t.push_str("PI\n");
    } else if let Some(h) = Handicap::of(start) {
        t.push_str("PI");
        for sq in h.removed() {
            let kind = standard.piece_at(sq).map_or(PieceKind::Pawn, Piece::kind);
            let _ = write!(t, "{}{}", csa::format_square(sq), csa::piece_code(kind));
        }
        t.push('\n');
    } else {
        for rank in 1..=9 {
            let _ = write!(t, "P{rank}");
            for file in (1..=9).rev() {
                match Square::new(file, rank).and_then(|sq| start.piece_at(sq)) {
                    Some(p) => {
                        let _ =
                            write!(t, "{}{}", csa::side_sign(p.color()), csa::piece_code(p.kind()));
                    }
                    None => t.push_str(" * "),
                }
            }
            t.push('\n');
        }
        for color in Color::ALL {
            let hand: Hand = start.hand(color);
            if hand.is_empty() {
                continue;
            }
            t.push('P');
            t.push(csa::side_sign(color));
            for kind in PieceKind::HAND_WRITING_ORDER {
                for _ in 0..hand.count(kind) {
                    let _ = write!(t, "00{}", csa::piece_code(kind));
                }
            }
            t.push('\n');
        }
    }
    t.push(csa::side_sign(side));
    t.push('\n');
}
