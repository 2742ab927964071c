//! The Game_Summary a CSA server proposes a game with: who plays which side, the time
//! rules (both sides', or each side's in `BEGIN Time+` / `BEGIN Time-` blocks), and the
//! position, a CSA record that may hold moves already played (a resumed game). Read line by
//! line as the lines come ([`SummaryReader`]), then checked whole ([`SummaryReader::finish`]).

use super::counting::Counting;
use super::message::Millunits;
use crate::files::record::{self, Record, TimeLimit};
use crate::notation::csa;
use crate::rules::{Color, EnteringKingRule};
use nom::{
    Parser,
    character::complete::{alpha1, digit0},
    combinator::all_consuming,
};
use std::fmt;
use std::time::Duration;

/// Most lines a summary may have (a resumed game's moves included): a server that sends
/// more is not followed.
pub(crate) const MAX_SUMMARY_LINES: usize = 10_000;

/// One side's time, in the server's units.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeRules {
    pub counting: Counting,
    pub total: u64,
    pub byoyomi: u64,
    pub increment: u64,
    /// Time at the start of each move that is not counted (`Delay`).
    pub delay: u64,
}

impl TimeRules {
    pub fn total(&self) -> Duration {
        self.counting.duration(self.total)
    }

    pub fn byoyomi(&self) -> Duration {
        self.counting.duration(self.byoyomi)
    }

    pub fn increment(&self) -> Duration {
        self.counting.duration(self.increment)
    }

    pub fn delay(&self) -> Duration {
        self.counting.duration(self.delay)
    }

    /// A time the server gave (thousandths of a unit) as a duration.
    pub fn duration_of(&self, time: Millunits) -> Duration {
        let nanos = self.counting.unit.as_nanos().saturating_mul(u128::from(time)) / 1000;
        Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
    }

    /// No clock at all: nothing to lose on time.
    pub(crate) fn unlimited(&self) -> bool {
        self.total == 0 && self.byoyomi == 0 && self.increment == 0
    }
}

impl fmt::Display for TimeRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.unlimited() {
            return f.write_str("no time limit");
        }
        let mut parts = Vec::new();
        if self.total > 0 {
            parts.push(words(self.total()));
        }
        if self.byoyomi > 0 {
            parts.push(format!("{} byoyomi", words(self.byoyomi())));
        }
        if self.increment > 0 {
            parts.push(format!("{} a move", words(self.increment())));
        }
        f.write_str(&parts.join(" + "))?;
        if self.delay > 0 {
            write!(f, ", {} delay", words(self.delay()))?;
        }
        Ok(())
    }
}

/// A duration as people read it: `90 s`, `5 min`, `1.5 s`.
pub fn words(d: Duration) -> String {
    let ms = d.as_millis();
    match (ms % 1000, ms / 1000) {
        (0, s) if s >= 60 && s % 60 == 0 => format!("{} min", s / 60),
        (0, s) => format!("{s} s"),
        _ => format!("{} s", format!("{:.3}", d.as_secs_f64()).trim_end_matches('0')),
    }
}

/// A game as the server proposes it.
#[derive(Clone, Debug)]
pub struct GameSummary {
    pub game_id: String,
    pub protocol_version: Option<String>,
    /// The players' names, Black's first.
    pub names: [String; 2],
    pub your_turn: Color,
    /// Most plies before the game is a draw (`None`: no limit).
    pub max_moves: Option<u32>,
    /// The entering-king declaration the server judges `%KACHI` by.
    pub declaration: EnteringKingRule,
    /// Each side's time, Black's first.
    pub time: [TimeRules; 2],
    /// The start position and the moves already played, with their times as the record
    /// reads them (`T` figures, whole units as seconds).
    pub record: Record,
    /// The server's figures for the moves already played (thousandths of a unit).
    pub played_times: Vec<Option<Millunits>>,
}

impl GameSummary {
    pub fn name(&self, side: Color) -> &str {
        &self.names[side.index()]
    }

    /// The time rules as a record's `$TIME_LIMIT` states them: the same for both sides, with
    /// no increment or delay.
    pub fn time_limit(&self) -> Option<TimeLimit> {
        let [black, white] = &self.time;
        if black != white || black.unlimited() || black.increment > 0 || black.delay > 0 {
            return None;
        }
        TimeLimit::new(black.total(), black.byoyomi())
    }

    /// The time rules in words: one line for both sides, or each side's.
    pub fn time_words(&self) -> String {
        let [black, white] = &self.time;
        if black == white { black.to_string() } else { format!("Black {black}, White {white}") }
    }
}

/// Why a summary cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SummaryError(pub String);

impl fmt::Display for SummaryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SummaryError {}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Block {
    Summary,
    /// `BEGIN Time` (both sides, `None`), `BEGIN Time+` or `BEGIN Time-`.
    Time(Option<Color>),
    Position,
}

/// Reads a Game_Summary's lines, from the one after `BEGIN Game_Summary`.
#[derive(Debug)]
pub struct SummaryReader {
    block: Block,
    lines: usize,
    game_id: Option<String>,
    protocol_version: Option<String>,
    format: Option<String>,
    names: [String; 2],
    your_turn: Option<Color>,
    max_moves: Option<u32>,
    declaration: Option<String>,
    time: [TimeRules; 2],
    position: String,
    seen_position: bool,
    /// The first line refused, kept for `finish`.
    error: Option<SummaryError>,
}

impl Default for SummaryReader {
    fn default() -> SummaryReader {
        SummaryReader::new()
    }
}

impl SummaryReader {
    pub fn new() -> SummaryReader {
        SummaryReader {
            block: Block::Summary,
            lines: 0,
            game_id: None,
            protocol_version: None,
            format: None,
            names: [String::new(), String::new()],
            your_turn: None,
            max_moves: None,
            declaration: None,
            time: [TimeRules::default(); 2],
            position: String::new(),
            seen_position: false,
            error: None,
        }
    }

    /// The game id, once read (to reject the game by).
    pub fn game_id(&self) -> Option<&str> {
        self.game_id.as_deref()
    }

    /// Takes the next line; true once `END Game_Summary` has come. A line that cannot be
    /// read is kept as the error [`SummaryReader::finish`] gives, and reading goes on to
    /// the end of the summary.
    pub fn line(&mut self, line: &str) -> bool {
        self.lines += 1;
        if self.lines > MAX_SUMMARY_LINES {
            self.fail(format!("a Game_Summary of more than {MAX_SUMMARY_LINES} lines"));
            return true;
        }
        if let Err(why) = self.take(line) {
            self.fail(why);
        }
        line == "END Game_Summary"
    }

    fn fail(&mut self, why: String) {
        if self.error.is_none() {
            self.error = Some(SummaryError(why));
        }
    }

    fn take(&mut self, line: &str) -> Result<(), String> {
        match (self.block, line) {
            (Block::Position, "END Position") => {
                self.block = Block::Summary;
                return Ok(());
            }
            (Block::Position, _) => {
                self.position.push_str(line);
                self.position.push('\n');
                return Ok(());
            }
            (Block::Summary, "BEGIN Position") => {
                self.block = Block::Position;
                self.seen_position = true;
                return Ok(());
            }
            (Block::Summary, "BEGIN Time") => self.block = Block::Time(None),
            (Block::Summary, "BEGIN Time+") => self.block = Block::Time(Some(Color::Black)),
            (Block::Summary, "BEGIN Time-") => self.block = Block::Time(Some(Color::White)),
            (Block::Time(None), "END Time")
            | (Block::Time(Some(Color::Black)), "END Time+")
            | (Block::Time(Some(Color::White)), "END Time-") => self.block = Block::Summary,
            (Block::Summary, "END Game_Summary") => {}
            (Block::Time(side), _) => return self.time_line(side, line),
            (Block::Summary, _) => return self.summary_line(line),
        }
        Ok(())
    }

    fn summary_line(&mut self, line: &str) -> Result<(), String> {
        let Some((key, value)) = line.split_once(':') else {
            return Err(format!("'{line}' is not KEY:VALUE"));
        };
        let text = || value.to_string();
        match key {
            "Protocol_Version" => self.protocol_version = Some(text()),
            "Format" => self.format = Some(text()),
            "Game_ID" => self.game_id = Some(text()),
            "Name+" => self.names[0] = text(),
            "Name-" => self.names[1] = text(),
            "Your_Turn" => {
                self.your_turn = Some(csa::parse_side(value).ok_or("Your_Turn is + or -")?);
            }
            "To_Move" => {
                csa::parse_side(value).ok_or("To_Move is + or -")?;
            }
            "Max_Moves" => {
                let n: u32 = value.parse().map_err(|_| format!("Max_Moves '{value}'"))?;
                self.max_moves = (n > 0).then_some(n);
            }
            "Declaration" => self.declaration = Some(text()),
            // Protocol_Mode, Rematch_On_Draw and anything newer: nothing to act on.
            _ => {}
        }
        Ok(())
    }

    fn time_line(&mut self, side: Option<Color>, line: &str) -> Result<(), String> {
        let Some((key, value)) = line.split_once(':') else {
            return Err(format!("'{line}' in the Time block is not KEY:VALUE"));
        };
        let number =
            || value.parse::<u64>().map_err(|_| format!("{key} '{value}' is not a number"));
        let sides: &mut [TimeRules] = match side {
            None => &mut self.time,
            Some(c) => std::slice::from_mut(&mut self.time[c.index()]),
        };
        match key {
            "Time_Unit" => {
                let unit = parse_time_unit(value).ok_or(format!("Time_Unit '{value}'"))?;
                sides.iter_mut().for_each(|t| t.counting.unit = unit);
            }
            "Time_Roundup" => {
                let up = match value {
                    "YES" => true,
                    "NO" => false,
                    _ => return Err(format!("Time_Roundup '{value}' (YES or NO)")),
                };
                sides.iter_mut().for_each(|t| t.counting.round_up = up);
            }
            "Least_Time_Per_Move" => {
                let n = number()?;
                sides.iter_mut().for_each(|t| t.counting.least = n);
            }
            "Total_Time" => {
                let n = number()?;
                sides.iter_mut().for_each(|t| t.total = n);
            }
            "Byoyomi" => {
                let n = number()?;
                sides.iter_mut().for_each(|t| t.byoyomi = n);
            }
            "Increment" => {
                let n = number()?;
                sides.iter_mut().for_each(|t| t.increment = n);
            }
            "Delay" => {
                let n = number()?;
                sides.iter_mut().for_each(|t| t.delay = n);
            }
            // Remaining_Time±, Last_Move, Current_Turn (shogi-server's %%SHOW) and newer.
            _ => {}
        }
        Ok(())
    }

    /// The summary, or why it cannot be played.
    pub fn finish(self) -> Result<GameSummary, SummaryError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let fail = |why: &str| Err(SummaryError(why.to_string()));
        let Some(game_id) = self.game_id.filter(|id| !id.is_empty()) else {
            return fail("no Game_ID");
        };
        let Some(your_turn) = self.your_turn else { return fail("no Your_Turn") };
        if let Some(format) = &self.format
            && format != "Shogi 1.0"
        {
            return Err(SummaryError(format!("Format '{format}': only Shogi 1.0 is played")));
        }
        if let Some(v) = &self.protocol_version
            && !v.starts_with('1')
        {
            return Err(SummaryError(format!("Protocol_Version '{v}': 1.x is spoken")));
        }
        if !self.seen_position {
            return fail("no Position");
        }
        let record = record::csa::parse(&self.position)
            .map_err(|e| SummaryError(format!("the position cannot be set up: {e}")))?;
        let played_times = record
            .moves
            .iter()
            .map(|m| m.time.map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)))
            .collect();
        let declaration = match &self.declaration {
            Some(d) if d.starts_with("Jishogi") => EnteringKingRule::Points27,
            _ => EnteringKingRule::None,
        };
        Ok(GameSummary {
            game_id,
            protocol_version: self.protocol_version,
            names: self.names,
            your_turn,
            max_moves: self.max_moves,
            declaration,
            time: self.time,
            record,
            played_times,
        })
    }
}

/// `1sec`, `1min`, `1msec` (the number may be any, or left out for 1).
pub(crate) fn parse_time_unit(text: &str) -> Option<Duration> {
    let (_, (n, unit)) = all_consuming((digit0::<&str, ()>, alpha1)).parse(text).ok()?;
    let n: u64 = if n.is_empty() { 1 } else { n.parse().ok()? };
    let unit = match unit {
        "sec" | "s" => Duration::from_secs(1),
        "min" | "m" => Duration::from_secs(60),
        "msec" | "ms" => Duration::from_millis(1),
        _ => return None,
    };
    let d = unit.checked_mul(u32::try_from(n).ok()?)?;
    (!d.is_zero()).then_some(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    /// shogi-server's summary of an even game (game.rb's propose_message).
    pub const EVEN: &str = "Protocol_Version:1.2
Protocol_Mode:Server
Format:Shogi 1.0
Declaration:Jishogi 1.1
Game_ID:wdoor+floodgate-300-10F+black+white+20260101120000
Name+:black
Name-:white
Your_Turn:-
Rematch_On_Draw:NO
To_Move:+
Max_Moves:256
BEGIN Time
Time_Unit:1sec
Total_Time:300
Byoyomi:0
Increment:10
Least_Time_Per_Move:0
END Time
BEGIN Position
P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
P+
P-
+
+2726FU,T12
-3334FU,T6
END Position
END Game_Summary";

    fn read(text: &str) -> Result<GameSummary, SummaryError> {
        let mut r = SummaryReader::new();
        for line in text.lines() {
            if r.line(line) {
                break;
            }
        }
        r.finish()
    }

    #[test]
    fn a_resumed_even_game() {
        let s = read(EVEN).unwrap();
        assert_eq!(s.your_turn, Color::White);
        assert_eq!(s.name(Color::Black), "black");
        assert_eq!(s.max_moves, Some(256));
        assert_eq!(s.declaration, EnteringKingRule::Points27);
        assert_eq!(s.time[0], s.time[1]);
        assert_eq!(
            (s.time[1].total(), s.time[1].increment()),
            (Duration::from_secs(300), Duration::from_secs(10))
        );
        assert_eq!(s.record.start, Position::startpos());
        assert_eq!(s.record.moves.len(), 2);
        assert_eq!(s.played_times, [Some(12_000), Some(6_000)]);
        assert_eq!(s.time_words(), "5 min + 10 s a move");
    }

    #[test]
    fn each_side_its_time() {
        let text = EVEN.replace(
            "END Time\n",
            "END Time\nBEGIN Time+\nTotal_Time:60\nByoyomi:5\nEND Time+\nBEGIN Time-\nTime_Unit:1msec\nTotal_Time:90000\nTime_Roundup:YES\nEND Time-\n",
        );
        let s = read(&text).unwrap();
        assert_eq!(
            (s.time[0].total(), s.time[0].byoyomi()),
            (Duration::from_secs(60), Duration::from_secs(5))
        );
        assert_eq!(s.time[1].total(), Duration::from_secs(90));
        assert!(s.time[1].counting.round_up && !s.time[0].counting.round_up);
        assert_eq!(s.time[1].duration_of(1500), Duration::from_micros(1500));
        assert_eq!(
            s.time_words(),
            "Black 1 min + 5 s byoyomi + 10 s a move, White 90 s + 0.01 s a move"
        );
    }

    #[test]
    fn summaries_refused() {
        for (from, to, why) in [
            ("Your_Turn:-\n", "", "no Your_Turn"),
            ("Game_ID:wdoor+floodgate-300-10F+black+white+20260101120000\n", "", "no Game_ID"),
            ("Format:Shogi 1.0", "Format:Chess 1.0", "Format 'Chess 1.0'"),
            ("Time_Unit:1sec", "Time_Unit:1fortnight", "Time_Unit"),
            ("Total_Time:300", "Total_Time:lots", "Total_Time 'lots'"),
            ("+2726FU,T12", "+2725FU,T12", "the position cannot be set up"),
            ("P1-KY", "P1+OU", "the position cannot be set up"),
            ("Max_Moves:256", "Max_Moves:-1", "Max_Moves"),
        ] {
            let e = read(&EVEN.replacen(from, to, 1)).unwrap_err();
            assert!(e.0.contains(why), "{from:?} -> {to:?}: {e}");
        }
        let mut r = SummaryReader::new();
        for _ in 0..=MAX_SUMMARY_LINES {
            r.line("Name+:x");
        }
        assert!(r.finish().unwrap_err().0.contains("more than"));
    }

    #[test]
    fn time_units() {
        assert_eq!(parse_time_unit("1sec"), Some(Duration::from_secs(1)));
        assert_eq!(parse_time_unit("1min"), Some(Duration::from_secs(60)));
        assert_eq!(parse_time_unit("10msec"), Some(Duration::from_millis(10)));
        assert_eq!(parse_time_unit("sec"), Some(Duration::from_secs(1)));
        for bad in ["", "0sec", "1", "1 sec", "1hour", "-1sec"] {
            assert_eq!(parse_time_unit(bad), None, "{bad:?}");
        }
        assert_eq!(words(Duration::from_millis(1500)), "1.5 s");
        assert_eq!(words(Duration::from_secs(600)), "10 min");
    }
}
