//! Engine options offered to XBoard as `feature option="…"` and set with `option NAME=VALUE`.

use crate::engine::Engine;
use crate::rules::EnteringKingRule;
use std::time::Duration;

/// The `feature option` strings, with the engine's current values.
pub fn features(engine: &Engine) -> Vec<String> {
    let o = engine.options();
    vec![
        format!("option=\"Contempt -spin {} -1000 1000\"", o.contempt),
        format!("option=\"Move Overhead -spin {} 0 5000\"", o.move_overhead.as_millis()),
        format!("option=\"Book -check {}\"", u8::from(o.use_book)),
        "option=\"Clear Hash -button\"".to_string(),
        format!("option=\"MultiPV -spin {} 1 {}\"", o.multipv, crate::search::MAX_MULTIPV),
        format!("option=\"Entering King Rule -combo {}\"", rule_choices(o.entering_king)),
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
    BadValue(&'static str),
}

/// Sets an option by name (case-insensitive).
pub fn apply(engine: &mut Engine, name: &str, value: Option<&str>) -> Result<(), OptionError> {
    let int = |range: std::ops::RangeInclusive<i64>, what| {
        value
            .and_then(|v| v.parse::<i64>().ok())
            .filter(|v| range.contains(v))
            .ok_or(OptionError::BadValue(what))
    };
    match name.to_ascii_lowercase().as_str() {
        "contempt" => engine.set_contempt(int(-1000..=1000, "a number from -1000 to 1000")? as i32),
        "move overhead" => {
            let ms = int(0..=5000, "milliseconds from 0 to 5000")?;
            engine.set_move_overhead(Duration::from_millis(ms.unsigned_abs()));
        }
        "book" => engine.set_use_book(int(0..=1, "0 or 1")? == 1),
        "clear hash" => engine.new_game(),
        "entering king rule" => engine.set_entering_king(
            value
                .and_then(EnteringKingRule::from_name)
                .ok_or(OptionError::BadValue("none, 24, 27 or try"))?,
        ),
        "multipv" => engine.set_multipv(int(1..=100, "a number of lines from 1 to 100")? as usize),
        _ => return Err(OptionError::Unknown),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_apply_and_report() {
        let mut e = Engine::default();
        apply(&mut e, "Contempt", Some("25")).unwrap();
        apply(&mut e, "move overhead", Some("100")).unwrap();
        apply(&mut e, "Book", Some("0")).unwrap();
        apply(&mut e, "Clear Hash", None).unwrap();
        assert_eq!(e.options().contempt, 25);
        assert_eq!(e.options().move_overhead, Duration::from_millis(100));
        assert!(!e.options().use_book);
        assert!(features(&e).contains(&"option=\"Contempt -spin 25 -1000 1000\"".to_string()));
        assert_eq!(apply(&mut e, "Book", Some("2")), Err(OptionError::BadValue("0 or 1")));
        assert_eq!(
            apply(&mut e, "Contempt", None),
            Err(OptionError::BadValue("a number from -1000 to 1000"))
        );
        assert_eq!(apply(&mut e, "Nonsense", Some("1")), Err(OptionError::Unknown));
        assert_eq!(e.options().contempt, 25);
    }
}
