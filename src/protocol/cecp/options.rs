//! Engine options offered to XBoard as `feature option="…"` and set with `option NAME=VALUE`.

use crate::engine::Engine;
use crate::engine::resign::{self, NEVER};
use crate::engine::strength::{MAX_ELO, MAX_SKILL, MIN_ELO};
use crate::game::GameRules;
use crate::rules::EnteringKingRule;
use std::time::Duration;

/// The `feature option` strings, with the engine's current values.
pub fn features(engine: &Engine, rules: &GameRules) -> Vec<String> {
    let o = engine.options();
    vec![
        format!("option=\"Contempt -spin {} -1000 1000\"", o.contempt),
        format!("option=\"Move Overhead -spin {} 0 5000\"", o.move_overhead.as_millis()),
        format!("option=\"Book -check {}\"", u8::from(o.use_book)),
        "option=\"Clear Hash -button\"".to_string(),
        format!("option=\"MultiPV -spin {} 1 {}\"", o.multipv, crate::search::MAX_MULTIPV),
        format!("option=\"Entering King Rule -combo {}\"", rule_choices(rules.entering_king)),
        format!("option=\"Skill Level -spin {} 0 {MAX_SKILL}\"", o.skill),
        format!("option=\"Limit Strength -check {}\"", u8::from(o.limit_strength)),
        format!("option=\"Elo -spin {} {MIN_ELO} {MAX_ELO}\"", o.elo),
        format!("option=\"Resign Value -spin {} {} {NEVER}\"", o.resign_value, resign::MIN_VALUE),
    ]
}

/// XBoard's combo choices, the current one marked with `*`: `none /// 24 /// *27 /// try`.
fn rule_choices(current: EnteringKingRule) -> String {
    let names: Vec<String> = EnteringKingRule::ALL
        .iter()
        .map(|&r| if r == current { format!("*{}", r.name()) } else { r.name().to_string() })
        .collect();
    names.join(" /// ")
}

/// Why an `option` command was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    Unknown,
    /// What is valid.
    BadValue(String),
}

/// Sets an option by name (case-insensitive): most belong to the engine, the entering-king
/// rule to the game's rules.
pub fn apply(
    engine: &mut Engine,
    rules: &mut GameRules,
    name: &str,
    value: Option<&str>,
) -> Result<(), OptionError> {
    let int = |range: std::ops::RangeInclusive<i64>, what: &str| {
        value
            .and_then(|v| v.parse::<i64>().ok())
            .filter(|v| range.contains(v))
            .ok_or_else(|| OptionError::BadValue(what.to_string()))
    };
    match name.to_ascii_lowercase().as_str() {
        "contempt" => engine.set_contempt(int(-1000..=1000, "a number from -1000 to 1000")? as i32),
        "move overhead" => {
            let ms = int(0..=5000, "milliseconds from 0 to 5000")?;
            engine.set_move_overhead(Duration::from_millis(ms.unsigned_abs()));
        }
        "book" => engine.set_use_book(int(0..=1, "0 or 1")? == 1),
        "clear hash" => engine.new_game(),
        "entering king rule" => {
            rules.entering_king = value
                .and_then(EnteringKingRule::from_name)
                .ok_or_else(|| OptionError::BadValue("none, 24, 27 or try".into()))?;
        }
        "multipv" => engine.set_multipv(int(1..=100, "a number of lines from 1 to 100")? as usize),
        "skill level" => engine.set_skill_level(int(0..=20, "a level from 0 to 20")? as u8),
        "limit strength" => engine.set_limit_strength(int(0..=1, "0 or 1")? == 1),
        "elo" => {
            let want = format!("an Elo from {MIN_ELO} to {MAX_ELO}");
            engine.set_elo(int(i64::from(MIN_ELO)..=i64::from(MAX_ELO), &want)? as u32);
        }
        "resign value" => {
            let want = format!("centipawns from {} to {NEVER} (never)", resign::MIN_VALUE);
            engine.set_resign_value(
                int(i64::from(resign::MIN_VALUE)..=i64::from(NEVER), &want)? as u32
            );
        }
        _ => return Err(OptionError::Unknown),
    }
    Ok(())
}
