//! The USI options: what `usi` declares, and `setoption` values turned into typed settings.

use crate::engine::resign::{MIN_VALUE, NEVER};
use crate::engine::strength::{MAX_ELO, MAX_SKILL, MIN_ELO};
use crate::engine::{EngineOptions, MAX_HASH_MIB, MAX_THREADS};
use crate::eval::nnue::Network;
use crate::game::GameRules;
use crate::play::Policy;
use crate::rules::EnteringKingRule;
use crate::search::{MAX_MULTIPV, Tunable};
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Longest move overhead accepted (the engine caps it at 5 s too).
const MAX_MOVE_OVERHEAD_MS: i64 = 5000;
const MAX_CONTEMPT: i64 = 1000;

/// One `setoption`, checked and typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// `USI_Hash` (MiB).
    Hash(usize),
    /// `USI_Ponder`: the GUI will send `go ponder`; nothing to change on our side.
    Ponder(bool),
    Threads(usize),
    OwnBook(bool),
    /// `BookFile`: a GNU Shogi text book (.tbk); `None` goes back to the built-in book.
    BookFile(Option<PathBuf>),
    /// `EvalFile`: a learned network correcting the evaluation (`examples/nnue_train.rs`'s
    /// file); `None` goes back to the built-in one.
    EvalFile(Option<PathBuf>),
    /// `UseNNUE`: search with the network (`EvalFile`'s or the built-in one); off, the linear
    /// table alone.
    UseNnue(bool),
    /// How many best lines to search and report (`info multipv k`).
    MultiPv(usize),
    /// Centipawns.
    Contempt(i32),
    MoveOverhead(Duration),
    /// Answer `bestmove resign` once the search proves a mate against us.
    ResignOnMate(bool),
    /// Resign when the game is lost by this many centipawns (99999: never).
    ResignValue(u32),
    /// Answer `bestmove win` when a declaration wins under the entering-king rule.
    DeclareWin(bool),
    /// YaneuraOu's `EnteringKingRule`.
    EnteringKing(EnteringKingRule),
    /// `SkillLevel`: 0 (weakest) to 20 (full strength).
    SkillLevel(u8),
    /// `USI_LimitStrength`: play at `USI_Elo` instead of the skill level.
    LimitStrength(bool),
    /// `USI_Elo`.
    Elo(u32),
    /// One of the search's margins and reductions: options `usi` does not list, for tuning
    /// tools (`usi_tunables` lists them).
    Search(Tunable, i32),
}

/// Front-end settings that are not the engine's.
#[derive(Clone, Debug)]
pub struct Settings {
    pub ponder: bool,
    pub resign_on_mate: bool,
    pub declare_win: bool,
    pub book_file: Option<PathBuf>,
    /// `EvalFile`'s path and network (kept while `UseNNUE` is off); `None`: the built-in one.
    pub eval_file: Option<(PathBuf, Arc<Network>)>,
    pub use_nnue: bool,
}

impl Settings {
    /// The network the search should use as `EvalFile` and `UseNNUE` say.
    pub fn network(&self) -> Option<Arc<Network>> {
        self.use_nnue
            .then(|| self.eval_file.as_ref().map_or_else(Network::built_in, |(_, n)| Arc::clone(n)))
    }
}

impl Settings {
    /// The match's policy under these options (`DeclareWin`, `ResignOnMate`).
    pub fn policy(&self) -> Policy {
        Policy::usi(self.declare_win, self.resign_on_mate)
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ponder: false,
            resign_on_mate: true,
            declare_win: true,
            book_file: None,
            eval_file: None,
            use_nnue: true,
        }
    }
}

#[derive(Copy, Clone)]
enum Kind {
    Spin {
        min: i64,
        max: i64,
    },
    Check,
    Filename,
    /// One of YaneuraOu's entering-king rule names.
    EnteringKingRule,
}

/// The options in the order `usi` lists them.
const OPTIONS: &[(&str, Kind)] = &[
    ("USI_Hash", Kind::Spin { min: 1, max: MAX_HASH_MIB as i64 }),
    ("USI_Ponder", Kind::Check),
    ("Threads", Kind::Spin { min: 1, max: MAX_THREADS as i64 }),
    ("OwnBook", Kind::Check),
    ("BookFile", Kind::Filename),
    ("EvalFile", Kind::Filename),
    ("UseNNUE", Kind::Check),
    ("MultiPV", Kind::Spin { min: 1, max: MAX_MULTIPV as i64 }),
    ("Contempt", Kind::Spin { min: -MAX_CONTEMPT, max: MAX_CONTEMPT }),
    ("MoveOverhead", Kind::Spin { min: 0, max: MAX_MOVE_OVERHEAD_MS }),
    ("ResignOnMate", Kind::Check),
    ("ResignValue", Kind::Spin { min: MIN_VALUE as i64, max: NEVER as i64 }),
    ("DeclareWin", Kind::Check),
    ("EnteringKingRule", Kind::EnteringKingRule),
    ("SkillLevel", Kind::Spin { min: 0, max: MAX_SKILL as i64 }),
    ("USI_LimitStrength", Kind::Check),
    ("USI_Elo", Kind::Spin { min: MIN_ELO as i64, max: MAX_ELO as i64 }),
];

/// Names are matched without regard to case, spaces or underscores, so the names with
/// spaces of earlier versions (`Move Overhead`, `Skill Level`) that old GUI settings hold
/// still work; `Hash` and `Ponder` are accepted for the `USI_` ones, and `USI_OwnBook`
/// (ShogiGUI's and ShogiDroid's name) for `OwnBook`. Only the names without spaces are
/// announced: GUIs that split `option` lines on spaces (ShogiHome) read no others.
fn normalize(name: &str) -> String {
    name.chars().filter(|c| !matches!(c, ' ' | '_')).flat_map(char::to_lowercase).collect()
}

fn lookup(name: &str) -> Option<(&'static str, Kind)> {
    let n = normalize(name);
    let n = match n.as_str() {
        "hash" => "usihash".to_string(),
        "ponder" => "usiponder".to_string(),
        "usiownbook" => "ownbook".to_string(),
        _ => n,
    };
    OPTIONS.iter().copied().find(|(known, _)| normalize(known) == n)
}

/// Why a `setoption` is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    NoSuchOption,
    NumberNeeded,
    NotANumber(String),
    OutOfRange {
        min: i64,
        max: i64,
        value: i64,
    },
    NotABoolean(String),
    BooleanNeeded,
    /// Not an entering-king rule name (the valid ones are listed).
    NotARule(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::NoSuchOption => f.write_str("no such option"),
            OptionError::NumberNeeded => f.write_str("a number is needed"),
            OptionError::NotANumber(t) => write!(f, "'{t}' is not a number"),
            OptionError::OutOfRange { min, max, value } => {
                write!(f, "must be {min} to {max}, not {value}")
            }
            OptionError::NotABoolean(v) => write!(f, "must be true or false, not '{v}'"),
            OptionError::BooleanNeeded => f.write_str("true or false is needed"),
            OptionError::NotARule(v) => {
                let names: Vec<&str> = EnteringKingRule::ALL.iter().map(|r| r.usi_name()).collect();
                write!(f, "must be one of {}, not '{v}'", names.join(", "))
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// The number of a spin option, checked against its range.
fn spin(value: Option<&str>, min: i64, max: i64) -> Result<i64, OptionError> {
    let text = value.filter(|v| !v.is_empty()).ok_or(OptionError::NumberNeeded)?;
    let n: i64 = text.parse().map_err(|_| OptionError::NotANumber(text.into()))?;
    if !(min..=max).contains(&n) {
        return Err(OptionError::OutOfRange { min, max, value: n });
    }
    Ok(n)
}

/// The search's tunable of that name, matched as [`normalize`] matches the listed options.
fn tunable(name: &str) -> Option<Tunable> {
    let n = normalize(name);
    Tunable::ALL.iter().copied().find(|t| normalize(t.name()) == n)
}

impl Setting {
    /// Checks a `setoption` against the option's type and range.
    pub fn parse(name: &str, value: Option<&str>) -> Result<Setting, OptionError> {
        let Some((canonical, kind)) = lookup(name) else {
            let t = tunable(name).ok_or(OptionError::NoSuchOption)?;
            let n = spin(value, t.min().into(), t.max().into())?;
            return Ok(Setting::Search(t, n as i32));
        };
        match kind {
            Kind::Spin { min, max } => {
                let n = spin(value, min, max)?;
                Ok(match canonical {
                    "USI_Hash" => Setting::Hash(n as usize),
                    "Threads" => Setting::Threads(n as usize),
                    "MultiPV" => Setting::MultiPv(n as usize),
                    "Contempt" => Setting::Contempt(n as i32),
                    "SkillLevel" => Setting::SkillLevel(n as u8),
                    "USI_Elo" => Setting::Elo(n as u32),
                    "ResignValue" => Setting::ResignValue(n as u32),
                    _ => Setting::MoveOverhead(Duration::from_millis(n as u64)),
                })
            }
            Kind::Check => {
                let on = match value.map(str::to_ascii_lowercase).as_deref() {
                    Some("true") => true,
                    Some("false") => false,
                    Some(v) => return Err(OptionError::NotABoolean(v.into())),
                    None => return Err(OptionError::BooleanNeeded),
                };
                Ok(match canonical {
                    "USI_Ponder" => Setting::Ponder(on),
                    "OwnBook" => Setting::OwnBook(on),
                    "ResignOnMate" => Setting::ResignOnMate(on),
                    "USI_LimitStrength" => Setting::LimitStrength(on),
                    "UseNNUE" => Setting::UseNnue(on),
                    _ => Setting::DeclareWin(on),
                })
            }
            Kind::EnteringKingRule => {
                let v = value.unwrap_or("");
                EnteringKingRule::from_name(v)
                    .map(Setting::EnteringKing)
                    .ok_or_else(|| OptionError::NotARule(v.into()))
            }
            Kind::Filename => {
                let path = value.filter(|v| !v.is_empty() && *v != "<empty>").map(PathBuf::from);
                Ok(match canonical {
                    "EvalFile" => Setting::EvalFile(path),
                    _ => Setting::BookFile(path),
                })
            }
        }
    }
}

/// The `option` lines of the `usi` reply, with the current values as defaults.
pub fn option_lines(engine: &EngineOptions, rules: &GameRules, settings: &Settings) -> Vec<String> {
    OPTIONS
        .iter()
        .map(|&(name, kind)| {
            let default = match name {
                "USI_Hash" => engine.hash_mib.to_string(),
                "USI_Ponder" => settings.ponder.to_string(),
                "Threads" => engine.threads.to_string(),
                "OwnBook" => engine.use_book.to_string(),
                "BookFile" => settings
                    .book_file
                    .as_ref()
                    .map_or("<empty>".into(), |p| p.display().to_string()),
                "EvalFile" => settings
                    .eval_file
                    .as_ref()
                    .map_or("<empty>".into(), |(p, _)| p.display().to_string()),
                "MultiPV" => engine.multipv.to_string(),
                "Contempt" => engine.contempt.to_string(),
                "MoveOverhead" => engine.move_overhead.as_millis().to_string(),
                "ResignOnMate" => settings.resign_on_mate.to_string(),
                "ResignValue" => engine.resign_value.to_string(),
                "EnteringKingRule" => rules.entering_king.usi_name().to_string(),
                "SkillLevel" => engine.skill.to_string(),
                "USI_LimitStrength" => engine.limit_strength.to_string(),
                "USI_Elo" => engine.elo.to_string(),
                "UseNNUE" => settings.use_nnue.to_string(),
                _ => settings.declare_win.to_string(),
            };
            match kind {
                Kind::Spin { min, max } => {
                    format!("option name {name} type spin default {default} min {min} max {max}")
                }
                Kind::Check => format!("option name {name} type check default {default}"),
                Kind::Filename => format!("option name {name} type filename default {default}"),
                Kind::EnteringKingRule => {
                    let mut line = format!("option name {name} type combo default {default}");
                    for r in EnteringKingRule::ALL {
                        line.push_str(" var ");
                        line.push_str(r.usi_name());
                    }
                    line
                }
            }
        })
        .collect()
}

/// The reply to `usi_tunables`, ShogiArena's request for the options an SPSA run may tune:
/// an `option` line for each of the search's margins and reductions (`usi` does not list
/// them), the same as a JSON manifest in one `info string shogiarena_tunables_json` line
/// (each one's range and SPSA step; the current values as defaults), then `usi_tunablesok`.
pub fn tunable_lines(engine: &EngineOptions) -> Vec<String> {
    let mut lines: Vec<String> = Tunable::ALL
        .iter()
        .map(|&t| {
            format!(
                "option name {} type spin default {} min {} max {}",
                t.name(),
                engine.tuning.get(t),
                t.min(),
                t.max()
            )
        })
        .collect();
    let entries: Vec<String> = Tunable::ALL
        .iter()
        .map(|&t| {
            format!(
                "{{\"id\":\"{name}\",\"option\":\"{name}\",\"value_type\":\"int\",\
                 \"default\":{},\"min\":{},\"max\":{},\
                 \"schedule\":{{\"c_end\":{},\"r_end\":{SPSA_R_END}}}}}",
                engine.tuning.get(t),
                t.min(),
                t.max(),
                t.step(),
                name = t.name(),
            )
        })
        .collect();
    lines.push(format!(
        "info string shogiarena_tunables_json \
         {{\"schema_version\":\"shogiarena.usi_tunables.v1\",\"tunables\":[{}]}}",
        entries.join(",")
    ));
    lines.push("usi_tunablesok".into());
    lines
}

/// SPSA's learning rate at the end of a run (`r_end`), the same for every tunable: the
/// figure fishtest and YaneuraOu's tuning use.
const SPSA_R_END: f64 = 0.002;
