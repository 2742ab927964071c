//! Time controls, shared by every front end, and the one conversion into search limits.
//!
//! The command line, the text modes' `level` and XBoard's `level`/`st` all give a
//! [`TimeControl`]: a fixed time per move, or up to four periods of "so many moves in so much
//! time" (the last one repeating), with an optional Fischer increment.
//! [`TimeControl::search_limits`] turns it and a [`ClockReading`] into [`SearchLimits`].
//! [`Clocks`] keeps both sides' remaining time and moves to the next control, in centiseconds
//! as GNU Shogi does (the GNU interpreter's clocks; XBoard tells its engine the time instead).

use crate::rules::Color;
use crate::search::{Clock, SearchLimits};
use nom::{
    IResult, Parser,
    character::complete::{char, digit0, digit1},
    combinator::{all_consuming, map_res, opt},
};
use std::fmt;
use std::time::Duration;

/// Most move/time pairs on the command line (as the man page says).
pub const MAX_PERIODS: usize = 4;

/// One period of a tournament control: `moves` moves in `time`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// Moves in the period; 0 means the rest of the game (XBoard's `level 0 …`).
    pub moves: u32,
    pub time: Duration,
}

/// A time control that cannot be: the words given and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    NotATime(String),
    MoreThan1000Hours(String),
    NotMoves(String),
    NotANumberOfMoves(String),
    ZeroMoves,
    TooManyMoves(u32),
    ZeroTimeAMove(Option<String>),
    NoTimeInPeriod(Option<String>),
    OddArguments(usize),
    TooManyPairs(usize),
    FischerUsage,
    FischerNoTime,
    LevelUsage,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TimeControlError::*;
        match self {
            NotATime(t) => write!(f, "'{t}' is not a time (MINUTES[:SECONDS] or :SECONDS)"),
            MoreThan1000Hours(t) => write!(f, "'{t}' is more than 1000 hours"),
            NotMoves(t) => write!(f, "'{t}' is not a number of moves (1 to 1000)"),
            NotANumberOfMoves(t) => write!(f, "'{t}' is not a number of moves"),
            ZeroMoves => f.write_str("a period of 0 moves"),
            TooManyMoves(n) => write!(f, "{n} moves: at most 1000"),
            ZeroTimeAMove(Some(t)) => write!(f, "'{t}': the time a move must not be zero"),
            ZeroTimeAMove(None) => f.write_str(
                "0 moves in no time: level 0 MINUTES[:SECONDS] is a fixed time a move, \
                 which must not be zero",
            ),
            NoTimeInPeriod(Some(t)) => write!(f, "'{t}': a period of no time"),
            NoTimeInPeriod(None) => f.write_str("a period of no time"),
            OddArguments(n) => write!(
                f,
                "{n} time-control arguments: give one (seconds a move) or pairs of MOVES \
                 MINUTES[:SECONDS]"
            ),
            TooManyPairs(n) => write!(f, "{n} time-control pairs: at most {MAX_PERIODS}"),
            FischerUsage => f.write_str("Fischer clock: level fMINUTES INCREMENT"),
            FischerNoTime => f.write_str("Fischer clock with no time at all"),
            LevelUsage => f.write_str(
                "level MOVES MINUTES[:SECONDS] [INCREMENT], or level fMINUTES INCREMENT",
            ),
        }
    }
}

impl std::error::Error for TimeControlError {}

/// What the clocks say when the computer is to think: its own time left, the opponent's, and
/// the moves to the next control (`None`: the time is for the rest of the game).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ClockReading {
    pub own: Duration,
    pub opponent: Duration,
    pub moves_to_go: Option<u32>,
    /// Added after the move (Fischer).
    pub increment: Duration,
    /// The time the move gets once `own` is spent.
    pub byoyomi: Duration,
}

/// How the computer's thinking time is set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// No clock: this long for every move (`gnushogi 30`, `level 0 0:30`).
    PerMove(Duration),
    /// Clocks: the periods in order, the last repeating; `increment` is added after each
    /// move (Fischer, `level f5 10`).
    Tournament { periods: Vec<Period>, increment: Duration },
}

impl TimeControl {
    /// The raw mode's default: 15 seconds a move, clocks off.
    pub fn raw_default() -> TimeControl {
        TimeControl::PerMove(Duration::from_secs(15))
    }

    /// The X display's default: 40 moves in 5 minutes.
    pub fn x_default() -> TimeControl {
        TimeControl::Tournament {
            periods: vec![Period { moves: 40, time: Duration::from_secs(300) }],
            increment: Duration::ZERO,
        }
    }

    /// XBoard's `level MPS BASE INC`: MPS moves in BASE (0: the whole game), INC a move.
    pub fn session(moves: u32, base: Duration, increment: Duration) -> TimeControl {
        TimeControl::Tournament { periods: vec![Period { moves, time: base }], increment }
    }

    pub fn clocks_on(&self) -> bool {
        matches!(self, TimeControl::Tournament { .. })
    }

    /// The first period (the only one of an XBoard session).
    pub fn first_period(&self) -> Option<Period> {
        match self {
            TimeControl::Tournament { periods, .. } => periods.first().copied(),
            TimeControl::PerMove(_) => None,
        }
    }

    pub fn increment(&self) -> Duration {
        match self {
            TimeControl::Tournament { increment, .. } => *increment,
            TimeControl::PerMove(_) => Duration::ZERO,
        }
    }

    /// The limits of a search for the computer's move: the one place a time control becomes
    /// search limits, for every front end. `clock` is ignored under a fixed time a move.
    pub fn search_limits(&self, clock: ClockReading, depth: Option<u32>) -> SearchLimits {
        let mut limits = SearchLimits { depth, ..SearchLimits::default() };
        match self {
            TimeControl::PerMove(d) => limits.move_time = Some(*d),
            TimeControl::Tournament { .. } => {
                limits.clock = Some(Clock {
                    remaining: clock.own,
                    increment: clock.increment,
                    moves_to_go: clock.moves_to_go,
                    byoyomi: clock.byoyomi,
                    opponent_remaining: Some(clock.opponent),
                });
            }
        }
        limits
    }
}

impl TimeControl {
    /// The control as KIF's `持ち時間：` says it
    /// ([`time_control_text`](crate::notation::kif::time_control_text)).
    pub fn kif_text(&self) -> String {
        use crate::notation::kif::time_control_text;
        match self {
            TimeControl::PerMove(d) => time_control_text(&[(1, *d)], Duration::ZERO, false),
            TimeControl::Tournament { periods, increment } => {
                let periods: Vec<(u32, Duration)> =
                    periods.iter().map(|p| (p.moves, p.time)).collect();
                // A period for the whole game (`level 0 5`, Fischer's) says no moves.
                let whole =
                    matches!(periods[..], [(moves, _)] if moves >= 1000 || !increment.is_zero());
                time_control_text(&periods, *increment, whole)
            }
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::PerMove(d) => write!(f, "{} a move", fmt_duration(*d)),
            TimeControl::Tournament { periods, increment } => {
                for (i, p) in periods.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", then ")?;
                    }
                    let unit = if p.moves == 1 { "move" } else { "moves" };
                    write!(f, "{} {unit} in {}", p.moves, fmt_duration(p.time))?;
                }
                if !increment.is_zero() {
                    write!(f, " + {} a move", fmt_duration(*increment))?;
                }
                Ok(())
            }
        }
    }
}

fn fmt_duration(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 60 { format!("{}:{:02} min", s / 60, s % 60) } else { format!("{s} s") }
}

fn number(i: &str) -> IResult<&str, u64> {
    map_res(digit1, str::parse::<u64>).parse(i)
}

/// `[minutes]:seconds` or a plain number (its unit is the caller's).
fn clock_value(i: &str) -> IResult<&str, (Option<u64>, Option<u64>)> {
    let (i, first) = opt(number).parse(i)?;
    let (i, second) = opt((
        char(':'),
        map_res(digit0, |s: &str| if s.is_empty() { Ok(0) } else { s.parse::<u64>() }),
    ))
    .parse(i)?;
    Ok((i, (first, second.map(|(_, s)| s))))
}

/// Parses `MIN[:SEC]`, `:SEC` or `MIN` (when `plain_is_minutes`) / `SEC` (otherwise).
pub fn parse_time(text: &str, plain_is_minutes: bool) -> Result<Duration, TimeControlError> {
    let parsed = all_consuming(clock_value).parse(text).map(|(_, v)| v);
    let secs = match parsed {
        Ok((Some(m), Some(s))) => m.checked_mul(60).and_then(|m| m.checked_add(s)),
        Ok((None, Some(s))) => Some(s),
        Ok((Some(n), None)) if plain_is_minutes => n.checked_mul(60),
        Ok((Some(n), None)) => Some(n),
        _ => None,
    };
    match secs {
        Some(s) if s <= 1000 * 3600 => Ok(Duration::from_secs(s)),
        Some(_) => Err(TimeControlError::MoreThan1000Hours(text.into())),
        None => Err(TimeControlError::NotATime(text.into())),
    }
}

fn parse_moves(text: &str) -> Result<u32, TimeControlError> {
    match text.parse::<u32>() {
        Ok(0) => Err(TimeControlError::ZeroMoves),
        Ok(n) if n <= 1000 => Ok(n),
        _ => Err(TimeControlError::NotMoves(text.into())),
    }
}

/// The positional time-control arguments of the command line, as the man page documents:
/// one argument is the time a move in `[minutes:]seconds`; otherwise pairs of MOVES and
/// `MINUTES[:SECONDS]`, at most four, the last repeating.
pub fn parse_command_line(args: &[String]) -> Result<Option<TimeControl>, TimeControlError> {
    match args {
        [] => Ok(None),
        [one] => {
            let t = parse_time(one, false)?;
            if t.is_zero() {
                return Err(TimeControlError::ZeroTimeAMove(Some(one.clone())));
            }
            Ok(Some(TimeControl::PerMove(t)))
        }
        _ if args.len() % 2 == 1 => Err(TimeControlError::OddArguments(args.len())),
        _ if args.len() > 2 * MAX_PERIODS => Err(TimeControlError::TooManyPairs(args.len() / 2)),
        _ => {
            let mut periods = Vec::new();
            for pair in args.chunks(2) {
                let moves = parse_moves(&pair[0])?;
                let time = parse_time(&pair[1], true)?;
                if time.is_zero() {
                    let words = format!("{} {}", pair[0], pair[1]);
                    return Err(TimeControlError::NoTimeInPeriod(Some(words)));
                }
                periods.push(Period { moves, time });
            }
            Ok(Some(TimeControl::Tournament { periods, increment: Duration::ZERO }))
        }
    }
}

/// The `level` command: `M T[:S]` (M = 0: `T[:S]` a move, clocks off), `fMIN INC` (Fischer:
/// MIN minutes plus INC seconds a move, 50 moves assumed), and `M T[:S] INC`.
pub fn parse_level(text: &str) -> Result<TimeControl, TimeControlError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if let Some(first) = words.first()
        && let Some(min) = first.strip_prefix('f')
    {
        let (min, inc) = match (min, words.get(1..)) {
            ("", Some([m, i])) => (*m, *i),
            ("", Some([m])) => (*m, "0"),
            (m, Some([i])) => (m, *i),
            (m, Some([])) => (m, "0"),
            _ => return Err(TimeControlError::FischerUsage),
        };
        let base = parse_time(min, true)?;
        let increment = parse_time(inc, false)?;
        if base.is_zero() && increment.is_zero() {
            return Err(TimeControlError::FischerNoTime);
        }
        return Ok(TimeControl::Tournament {
            periods: vec![Period { moves: 50, time: base }],
            increment,
        });
    }
    let (moves, time, inc) = match words.as_slice() {
        [m, t] => (*m, *t, None),
        [m, t, i] => (*m, *t, Some(*i)),
        _ => return Err(TimeControlError::LevelUsage),
    };
    let moves: u32 =
        moves.parse().map_err(|_| TimeControlError::NotANumberOfMoves(moves.into()))?;
    let time = parse_time(time, true)?;
    let increment = match inc {
        Some(i) => parse_time(i, false)?,
        None => Duration::ZERO,
    };
    if moves == 0 {
        if time.is_zero() {
            return Err(TimeControlError::ZeroTimeAMove(None));
        }
        return Ok(TimeControl::PerMove(time));
    }
    if moves > 1000 {
        return Err(TimeControlError::TooManyMoves(moves));
    }
    if time.is_zero() && increment.is_zero() {
        return Err(TimeControlError::NoTimeInPeriod(None));
    }
    Ok(TimeControl::Tournament { periods: vec![Period { moves, time }], increment })
}

/// Both sides' clocks under a time control, in centiseconds.
#[derive(Clone, Debug)]
pub struct Clocks {
    pub control: TimeControl,
    /// Remaining time of each side, centiseconds (may go below zero when a side overstepped).
    pub remaining: [i64; 2],
    /// Moves each side still has to make in its current period.
    pub moves_left: [u32; 2],
    /// Time each side has spent on its moves since the start, centiseconds: what the clock
    /// line shows when there are no clocks (a fixed time a move).
    pub used: [i64; 2],
    /// Index of each side's current period.
    period: [usize; 2],
    /// `gamein`: the time is for the whole game, whatever the period says.
    pub game_in: bool,
    /// Each side's increment, added after each of its moves: the control's, unless a server
    /// gives the sides different ones.
    pub increments: [Duration; 2],
    /// Each side's byoyomi: the time every move gets once its clock is spent (a server's
    /// rule; none by default). A side with byoyomi never goes below zero.
    pub byoyomi: [Duration; 2],
    /// The microseconds of each side's time below the centiseconds of `remaining` (0 to
    /// 9999): a server counting in milliseconds is followed exactly, move after move.
    residue: [i64; 2],
}

impl Clocks {
    pub fn new(control: TimeControl) -> Clocks {
        let mut c = Clocks {
            control: TimeControl::raw_default(),
            remaining: [0, 0],
            moves_left: [0, 0],
            used: [0, 0],
            period: [0, 0],
            game_in: false,
            increments: [Duration::ZERO; 2],
            byoyomi: [Duration::ZERO; 2],
            residue: [0; 2],
        };
        c.set_control(control);
        c
    }

    /// Back to the start of the control for both sides.
    pub fn reset(&mut self) {
        self.period = [0, 0];
        self.used = [0, 0];
        self.residue = [0, 0];
        match &self.control {
            TimeControl::PerMove(_) => {
                self.remaining = [0, 0];
                self.moves_left = [0, 0];
            }
            TimeControl::Tournament { periods, .. } => {
                let p = periods[0];
                let cs = centis(p.time);
                self.remaining = [cs, cs];
                self.moves_left = [p.moves, p.moves];
            }
        }
    }

    /// A new control for both sides: its increment, no byoyomi, the clocks reset.
    pub fn set_control(&mut self, control: TimeControl) {
        self.increments = [control.increment(); 2];
        self.byoyomi = [Duration::ZERO; 2];
        self.control = control;
        self.reset();
    }

    pub fn on(&self) -> bool {
        self.control.clocks_on()
    }

    /// `side` spent `used` on a move: takes it off its clock, adds the increment, and moves
    /// to the next period when this one is done. Returns the time left (centiseconds) before
    /// the next period's time is added, as the move announcements show it.
    pub fn spend(&mut self, side: Color, used: Duration) -> i64 {
        let i = side.index();
        self.used[i] = self.used[i].saturating_add(centis(used)).min(MAX_CENTIS);
        let TimeControl::Tournament { periods, .. } = &self.control else {
            return self.remaining[i];
        };
        let mut left = self
            .micros(i)
            .saturating_sub(micros(used))
            .saturating_add(micros(self.increments[i]))
            .min(MAX_CENTIS * 10_000);
        if !self.byoyomi[i].is_zero() {
            // What went past the clock came out of the byoyomi.
            left = left.max(0);
        }
        let (remaining, residue) = (left.div_euclid(10_000), left.rem_euclid(10_000));
        (self.remaining[i], self.residue[i]) = (remaining, residue);
        let shown = self.remaining[i];
        if self.game_in || periods[self.period[i]].moves == 0 {
            // The rest of the game: no next period.
            return shown;
        }
        self.moves_left[i] = self.moves_left[i].saturating_sub(1);
        if self.moves_left[i] == 0 {
            let next = (self.period[i] + 1).min(periods.len() - 1);
            self.period[i] = next;
            let p = periods[next];
            self.remaining[i] = self.remaining[i].saturating_add(centis(p.time)).min(MAX_CENTIS);
            self.moves_left[i] = p.moves;
        }
        shown
    }

    /// Sets a side's time left as someone else keeps it (XBoard's `time` and `otim`, a
    /// server's clock).
    pub fn set_left(&mut self, side: Color, left: Duration) {
        self.set_micros(side.index(), micros(left).min(MAX_CENTIS * 10_000));
    }

    /// Takes `used` off a side's clock without counting a move (a pause in the middle of
    /// one).
    pub fn take(&mut self, side: Color, used: Duration) {
        let i = side.index();
        self.set_micros(i, self.micros(i).saturating_sub(micros(used)).max(0));
    }

    /// A side's time in microseconds.
    fn micros(&self, i: usize) -> i64 {
        self.remaining[i].saturating_mul(10_000).saturating_add(self.residue[i])
    }

    fn set_micros(&mut self, i: usize, us: i64) {
        self.remaining[i] = us.div_euclid(10_000);
        self.residue[i] = us.rem_euclid(10_000);
    }

    /// Sets a side's period and moves left from the moves it has made since the start, for
    /// front ends whose game record can change under the clocks (`undo`, `setboard`).
    pub fn sync_moves(&mut self, side: Color, made: usize) {
        let TimeControl::Tournament { periods, .. } = &self.control else { return };
        let i = side.index();
        let mut made = made;
        let mut period = 0;
        loop {
            let moves = periods[period].moves as usize;
            if moves == 0 {
                self.moves_left[i] = 0;
                break;
            }
            if made < moves {
                self.moves_left[i] = u32::try_from(moves - made).unwrap_or(u32::MAX);
                break;
            }
            made -= moves;
            period = (period + 1).min(periods.len() - 1);
        }
        self.period[i] = period;
    }

    /// Remaining time of a side, never below zero.
    pub fn left(&self, side: Color) -> Duration {
        let us = self.micros(side.index()).clamp(0, MAX_CENTIS * 10_000);
        Duration::from_micros(u64::try_from(us).unwrap_or(0))
    }

    pub fn increment(&self) -> Duration {
        self.control.increment()
    }

    /// The search limits for `side`'s move: its clock, the other's, the moves left in its
    /// period (none under `gamein`), its increment and byoyomi.
    pub fn search_limits(&self, side: Color, depth: Option<u32>) -> SearchLimits {
        let i = side.index();
        let reading = ClockReading {
            own: self.left(side),
            opponent: self.left(!side),
            // 0 only in a period for the rest of the game.
            moves_to_go: Some(self.moves_left[i]).filter(|&m| !self.game_in && m > 0),
            increment: self.increments[i],
            byoyomi: self.byoyomi[i],
        };
        self.control.search_limits(reading, depth)
    }

    /// The control in the form CSA records state (main time and byoyomi, the same for both
    /// sides), if it has one: a fixed time a move is byoyomi alone; one period for the whole
    /// game is main time, with the byoyomi a server gave.
    pub fn csa_limit(&self) -> Option<crate::notation::csa::TimeLimit> {
        use crate::notation::csa::TimeLimit;
        let [byoyomi, other] = self.byoyomi;
        if self.increments.iter().any(|i| !i.is_zero()) || byoyomi != other {
            return None;
        }
        match &self.control {
            TimeControl::PerMove(d) => TimeLimit::new(Duration::ZERO, *d),
            TimeControl::Tournament { periods, increment } if increment.is_zero() => {
                match periods[..] {
                    [Period { time, .. }, ..] if self.game_in => TimeLimit::new(time, byoyomi),
                    [Period { moves, time }] if moves == 0 || moves >= 1000 => {
                        TimeLimit::new(time, byoyomi)
                    }
                    _ => None,
                }
            }
            TimeControl::Tournament { .. } => None,
        }
    }

    /// The time control in words, as `level` confirms it: under `gamein` the first period's
    /// time is for the whole game, and its moves do not count.
    pub fn describe(&self) -> String {
        match &self.control {
            TimeControl::Tournament { periods, increment } if self.game_in => {
                let mut t =
                    format!("{} for the whole game (gamein)", fmt_duration(periods[0].time));
                if !increment.is_zero() {
                    t.push_str(&format!(" + {} a move", fmt_duration(*increment)));
                }
                t
            }
            control => control.to_string(),
        }
    }

    /// `M:SS` of a side's clock, as the board header shows it: the time left, or with no
    /// clocks (a fixed time a move) the time it has used.
    pub fn mmss(&self, side: Color) -> String {
        let shown = if self.on() { self.remaining } else { self.used };
        let cs = shown[side.index()].max(0);
        format!("{}:{:02}", cs / 6000, (cs % 6000) / 100)
    }
}

/// How a server counts the time of a move (the CSA protocol's `Time_Unit`,
/// `Least_Time_Per_Move` and `Time_Roundup`): in whole units, the rest cut off or rounded up,
/// and never fewer than the least.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Counting {
    pub unit: Duration,
    /// Units a move is charged at least.
    pub least: u64,
    /// A started unit counts whole (otherwise it is cut off).
    pub round_up: bool,
}

impl Default for Counting {
    /// Whole seconds, cut off, no least time: shogi-server's and floodgate's.
    fn default() -> Counting {
        Counting { unit: Duration::from_secs(1), least: 0, round_up: false }
    }
}

impl Counting {
    /// The units charged for a move that took `elapsed`.
    pub fn charged(&self, elapsed: Duration) -> u64 {
        let unit = self.unit.as_nanos().max(1);
        let (whole, part) = (elapsed.as_nanos() / unit, elapsed.as_nanos() % unit);
        let units = if self.round_up && part > 0 { whole + 1 } else { whole };
        u64::try_from(units).unwrap_or(u64::MAX).max(self.least)
    }

    /// `units` as a duration.
    pub fn duration(&self, units: u64) -> Duration {
        let nanos = self.unit.as_nanos().saturating_mul(u128::from(units));
        Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
    }

    /// The whole units in `d` (the rest cut off).
    pub fn units(&self, d: Duration) -> u64 {
        u64::try_from(d.as_nanos() / self.unit.as_nanos().max(1)).unwrap_or(u64::MAX)
    }

    /// The longest a move may take and be charged fewer than `units`; `None` when even an
    /// instant move is charged that many.
    pub fn longest_below(&self, units: u64) -> Option<Duration> {
        if units == 0 || self.least >= units {
            return None;
        }
        if self.round_up {
            // A started unit counts: the move must end within the units before the last.
            Some(self.duration(units - 1))
        } else {
            // The last unit may be started, not finished.
            Some(self.duration(units).saturating_sub(Duration::from_nanos(1)))
        }
    }
}

/// Makes a search's time fit in `budget`, the longest the move may take: the clock's excess
/// comes off its byoyomi first, then off the time left; a fixed time a move is cut to it.
pub fn keep_within(limits: &mut SearchLimits, budget: Duration) {
    if let Some(t) = &mut limits.move_time {
        *t = (*t).min(budget);
    }
    if let Some(c) = &mut limits.clock {
        let excess = (c.remaining + c.byoyomi).saturating_sub(budget);
        let from_byoyomi = excess.min(c.byoyomi);
        c.byoyomi -= from_byoyomi;
        c.remaining = c.remaining.saturating_sub(excess - from_byoyomi);
    }
}

impl Clocks {
    /// The longest `side`'s move may take before a server that judges time as shogi-server
    /// does (see [`Clocks::server_limits`]) calls it lost on time, as the server measures it.
    pub fn server_deadline(&self, side: Color, counting: &Counting, delay: Duration) -> Duration {
        let i = side.index();
        let allowed = self.left(side) + self.increments[i] + self.byoyomi[i];
        counting.longest_below(counting.units(allowed)).map_or(Duration::ZERO, |d| d + delay)
    }

    /// The search limits for `side`'s move when a server judges its time as shogi-server
    /// does: the move loses once the time charged for it (by `counting`, after `delay`) reaches
    /// the clock plus the increment plus the byoyomi. The search keeps `margin` short of that,
    /// for the network and the server's own delays.
    pub fn server_limits(
        &self,
        side: Color,
        counting: &Counting,
        delay: Duration,
        margin: Duration,
    ) -> SearchLimits {
        let mut limits = self.search_limits(side, None);
        let deadline = self.server_deadline(side, counting, delay);
        if let Some(c) = &mut limits.clock {
            // The server counts this move's increment before it judges the time.
            c.remaining += c.increment;
            c.byoyomi += delay;
        }
        keep_within(&mut limits, deadline.saturating_sub(margin));
        limits
    }
}

/// The most a clock holds: 10000 hours, in centiseconds.
pub const MAX_CENTIS: i64 = 10_000 * 3600 * 100;

/// A duration in microseconds.
fn micros(d: Duration) -> i64 {
    i64::try_from(d.as_micros()).unwrap_or(i64::MAX / 4)
}

/// A duration in centiseconds.
pub fn centis(d: Duration) -> i64 {
    i64::try_from(d.as_millis() / 10).unwrap_or(i64::MAX / 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn controls_with_a_csa_time_limit() {
        use crate::notation::csa::format_time_limit;
        let limit = |control: TimeControl, game_in: bool| {
            let mut clocks = Clocks::new(control);
            clocks.game_in = game_in;
            clocks.csa_limit().map(|l| format_time_limit(&l))
        };
        let p = |m, s| Period { moves: m, time: Duration::from_secs(s) };
        let secs = Duration::from_secs;
        let tournament = |periods, increment| TimeControl::Tournament { periods, increment };
        assert_eq!(limit(TimeControl::PerMove(secs(30)), false).as_deref(), Some("00:00+30"));
        assert_eq!(
            limit(tournament(vec![p(0, 1500)], secs(0)), false).as_deref(),
            Some("00:25+00")
        );
        assert_eq!(limit(tournament(vec![p(40, 300)], secs(0)), true).as_deref(), Some("00:05+00"));
        // So many moves in so much time, an increment, seconds of main time: no such form.
        assert_eq!(limit(tournament(vec![p(40, 300)], secs(0)), false), None);
        assert_eq!(limit(tournament(vec![p(0, 600)], secs(10)), false), None);
        assert_eq!(limit(tournament(vec![p(0, 90)], secs(0)), false), None);
    }

    #[test]
    fn command_line_forms_of_the_man_page() {
        assert_eq!(
            parse_command_line(&args("30")).unwrap(),
            Some(TimeControl::PerMove(Duration::from_secs(30)))
        );
        assert_eq!(
            parse_command_line(&args("5:00")).unwrap(),
            Some(TimeControl::PerMove(Duration::from_secs(300)))
        );
        let p = |m, s| Period { moves: m, time: Duration::from_secs(s) };
        assert_eq!(
            parse_command_line(&args("60 5")).unwrap(),
            Some(TimeControl::Tournament { periods: vec![p(60, 300)], increment: Duration::ZERO })
        );
        assert_eq!(
            parse_command_line(&args("30 3:30")).unwrap(),
            Some(TimeControl::Tournament { periods: vec![p(30, 210)], increment: Duration::ZERO })
        );
        assert_eq!(
            parse_command_line(&args("30 5 1 :30")).unwrap(),
            Some(TimeControl::Tournament {
                periods: vec![p(30, 300), p(1, 30)],
                increment: Duration::ZERO
            })
        );
        assert!(parse_command_line(&args("40 5 10")).unwrap_err().to_string().contains("pairs"));
        assert!(
            parse_command_line(&args("1 1 1 1 1 1 1 1 1 1"))
                .unwrap_err()
                .to_string()
                .contains("at most")
        );
        assert!(parse_command_line(&args("0 5")).is_err());
        assert!(parse_command_line(&args("40 0")).is_err());
        assert!(parse_command_line(&args("x")).is_err());
        assert!(parse_command_line(&args("0")).is_err());
    }

    #[test]
    fn level_forms() {
        assert_eq!(parse_level("0 0:05").unwrap(), TimeControl::PerMove(Duration::from_secs(5)));
        assert_eq!(parse_level("40 5").unwrap(), TimeControl::x_default());
        let f = parse_level("f5 10").unwrap();
        assert_eq!(
            f,
            TimeControl::Tournament {
                periods: vec![Period { moves: 50, time: Duration::from_secs(300) }],
                increment: Duration::from_secs(10)
            }
        );
        assert!(parse_level("").is_err());
        assert!(parse_level("a b").is_err());
    }

    #[test]
    fn kif_headers_say_the_control_in_japanese() {
        let p = |m, s| Period { moves: m, time: Duration::from_secs(s) };
        let tc =
            |periods, inc| TimeControl::Tournament { periods, increment: Duration::from_secs(inc) };
        // Issue 36: `level f5 10` and the all-moves-in-5-minutes menu level.
        assert_eq!(parse_level("f5 10").unwrap().kif_text(), "5分+10秒");
        assert_eq!(tc(vec![p(1000, 300)], 0).kif_text(), "5分");
        assert_eq!(parse_level("40 5").unwrap().kif_text(), "40手5分");
        assert_eq!(tc(vec![p(30, 300), p(1, 30)], 0).kif_text(), "30手5分、以後1手30秒");
        assert_eq!(parse_level("0 0:30").unwrap().kif_text(), "1手30秒");
    }

    #[test]
    fn clocks_run_through_the_periods() {
        let tc = parse_command_line(&args("2 1 1 :30")).unwrap().unwrap();
        let mut c = Clocks::new(tc);
        assert_eq!(c.mmss(Color::Black), "1:00");
        c.spend(Color::Black, Duration::from_secs(10));
        assert_eq!((c.remaining[0], c.moves_left[0]), (5000, 1));
        c.spend(Color::Black, Duration::from_secs(10));
        assert_eq!((c.remaining[0], c.moves_left[0]), (4000 + 3000, 1));
        c.spend(Color::Black, Duration::from_secs(40));
        assert_eq!((c.remaining[0], c.moves_left[0]), (3000 + 3000, 1));
        assert_eq!(c.mmss(Color::White), "1:00");
    }

    #[test]
    fn byoyomi_and_increments_of_each_side() {
        let mut c = Clocks::new(TimeControl::session(0, Duration::from_secs(10), Duration::ZERO));
        c.byoyomi = [Duration::from_secs(5), Duration::ZERO];
        c.increments = [Duration::ZERO, Duration::from_secs(2)];
        // Past its clock, Black's time came out of the byoyomi: none is owed.
        assert_eq!(c.spend(Color::Black, Duration::from_secs(13)), 0);
        assert_eq!(c.left(Color::Black), Duration::ZERO);
        assert_eq!(c.spend(Color::White, Duration::from_secs(3)), 900);
        let limits = c.search_limits(Color::Black, None).clock.unwrap();
        assert_eq!((limits.remaining, limits.byoyomi), (Duration::ZERO, Duration::from_secs(5)));
        let limits = c.search_limits(Color::White, None).clock.unwrap();
        assert_eq!((limits.increment, limits.byoyomi), (Duration::from_secs(2), Duration::ZERO));
        // A new control forgets both.
        c.set_control(TimeControl::x_default());
        assert_eq!((c.byoyomi, c.increments), ([Duration::ZERO; 2], [Duration::ZERO; 2]));
    }

    #[test]
    fn milliseconds_are_kept() {
        let mut c = Clocks::new(TimeControl::session(0, Duration::from_secs(10), Duration::ZERO));
        for _ in 0..100 {
            c.spend(Color::Black, Duration::from_millis(7));
        }
        assert_eq!(c.left(Color::Black), Duration::from_millis(9300));
        c.set_left(Color::White, Duration::from_micros(1_234_567));
        assert_eq!((c.remaining[1], c.left(Color::White)), (123, Duration::from_micros(1_234_567)));
        c.take(Color::White, Duration::from_secs(2));
        assert_eq!(c.left(Color::White), Duration::ZERO);
    }

    #[test]
    fn a_server_counts_whole_units() {
        let ms = Duration::from_millis;
        let cut = Counting::default();
        assert_eq!((cut.charged(ms(999)), cut.charged(ms(1000)), cut.charged(ms(2500))), (0, 1, 2));
        assert_eq!(cut.longest_below(1), Some(ms(1000) - Duration::from_nanos(1)));
        assert_eq!(cut.longest_below(0), None);
        let up = Counting { unit: Duration::from_secs(1), least: 0, round_up: true };
        assert_eq!((up.charged(ms(1)), up.charged(ms(1000)), up.charged(ms(0))), (1, 1, 0));
        assert_eq!(up.longest_below(3), Some(ms(2000)));
        let least = Counting { unit: ms(1), least: 1000, round_up: false };
        assert_eq!((least.charged(ms(10)), least.charged(ms(1500))), (1000, 1500));
        assert_eq!(least.longest_below(1000), None);
        assert_eq!(least.units(Duration::from_secs(3)), 3000);
        // Every elapsed time below the limit is charged fewer units, and the next is not.
        for c in [cut, up, least] {
            for units in [1, 2, 7, 1001, 5000] {
                if let Some(d) = c.longest_below(units) {
                    assert!(c.charged(d) < units, "{c:?} {units}");
                    assert!(c.charged(d + Duration::from_nanos(1)) >= units, "{c:?} {units}");
                }
            }
        }
    }

    #[test]
    fn server_limits_keep_the_margin() {
        let s = Duration::from_secs;
        let mut c = Clocks::new(TimeControl::session(0, s(0), Duration::ZERO));
        c.byoyomi = [s(1), s(1)];
        let limits = c.server_limits(
            Color::Black,
            &Counting::default(),
            Duration::ZERO,
            Duration::from_millis(300),
        );
        let clock = limits.clock.unwrap();
        // Under 1 s (cut off) less the margin, all of it byoyomi.
        assert_eq!(clock.remaining, Duration::ZERO);
        assert!(
            clock.byoyomi < Duration::from_millis(700)
                && clock.byoyomi > Duration::from_millis(699)
        );
        // Fischer: this move's increment counts; the margin comes off the clock.
        let c = Clocks::new(TimeControl::session(0, s(60), s(10)));
        let limits = c.server_limits(Color::White, &Counting::default(), Duration::ZERO, s(1));
        let clock = limits.clock.unwrap();
        assert!(clock.remaining > s(68) && clock.remaining < s(69), "{clock:?}");
        // A clock already spent, no byoyomi nor increment: nothing to think with.
        let mut c = Clocks::new(TimeControl::session(0, s(60), Duration::ZERO));
        c.spend(Color::White, s(200));
        let limits = c.server_limits(Color::White, &Counting::default(), Duration::ZERO, s(1));
        assert_eq!(limits.clock.unwrap().remaining, Duration::ZERO);
        let mut fixed = SearchLimits::move_time(s(5));
        keep_within(&mut fixed, s(2));
        assert_eq!(fixed.move_time, Some(s(2)));
    }

    #[test]
    fn without_clocks_the_time_used_is_shown() {
        let mut c = Clocks::new(TimeControl::raw_default());
        c.spend(Color::White, Duration::from_secs(75));
        c.spend(Color::White, Duration::from_secs(3));
        assert_eq!((c.mmss(Color::Black), c.mmss(Color::White)), ("0:00".into(), "1:18".into()));
        c.reset();
        assert_eq!(c.mmss(Color::White), "0:00");
    }
}
