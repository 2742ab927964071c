//! `protocol::usi::options`: the USI options.

use gnushogi::engine::EngineOptions;
use gnushogi::engine::strength::MAX_ELO;
use gnushogi::game::GameRules;
use gnushogi::protocol::usi::options::*;
use gnushogi::search::Tunable;
use std::time::Duration;

#[test]
fn every_declared_option_accepts_its_default() {
    for line in option_lines(&EngineOptions::default(), &GameRules::default(), &Settings::default())
    {
        let rest = line.strip_prefix("option name ").unwrap();
        let (name, rest) = rest.split_once(" type ").unwrap();
        let default = rest.split(" default ").nth(1).unwrap();
        let default = default.split(' ').next().unwrap();
        assert!(Setting::parse(name, Some(default)).is_ok(), "{line}");
    }
}

#[test]
fn announced_names_have_no_spaces() {
    for line in option_lines(&EngineOptions::default(), &GameRules::default(), &Settings::default())
    {
        let fields: Vec<&str> = line.split(' ').collect();
        // `option name <one word> type …`, as GUIs that split on spaces read it.
        assert_eq!((fields[0], fields[1], fields[3]), ("option", "name", "type"), "{line}");
    }
}

#[test]
fn names_are_forgiving_values_are_not() {
    assert_eq!(Setting::parse("hash", Some("16")), Ok(Setting::Hash(16)));
    assert_eq!(
        Setting::parse("MoveOverhead", Some("0")),
        Ok(Setting::MoveOverhead(Duration::ZERO))
    );
    assert_eq!(Setting::parse("usi_ponder", Some("TRUE")), Ok(Setting::Ponder(true)));
    assert_eq!(Setting::parse("Contempt", Some("-50")), Ok(Setting::Contempt(-50)));
    assert!(Setting::parse("Contempt", Some("5000")).is_err());
    assert!(Setting::parse("Threads", Some("1.5")).is_err());
    assert!(Setting::parse("OwnBook", None).is_err());
    assert!(Setting::parse("Clear Hash", None).is_err());
    assert_eq!(Setting::parse("skill level", Some("3")), Ok(Setting::SkillLevel(3)));
    // The old names with spaces, and ShogiGUI's name for the book.
    assert_eq!(Setting::parse("Skill Level", Some("3")), Ok(Setting::SkillLevel(3)));
    assert_eq!(
        Setting::parse("Move Overhead", Some("100")),
        Ok(Setting::MoveOverhead(Duration::from_millis(100)))
    );
    assert_eq!(Setting::parse("USI_OwnBook", Some("false")), Ok(Setting::OwnBook(false)));
    assert!(Setting::parse("SkillLevel", Some("21")).is_err());
    assert_eq!(Setting::parse("UCI_LimitStrength", Some("true")), Err(OptionError::NoSuchOption));
    assert!(Setting::parse("USI_Elo", Some(&(MAX_ELO + 1).to_string())).is_err());
}

#[test]
fn the_search_tunables_are_taken_in_their_ranges_but_not_listed() {
    assert_eq!(
        Setting::parse("RfpMargin", Some("150")),
        Ok(Setting::Search(Tunable::RfpMargin, 150))
    );
    assert_eq!(Setting::parse("lmr_base", Some("0")), Ok(Setting::Search(Tunable::LmrBase, 0)));
    assert_eq!(
        Setting::parse("LmrBase", Some("201")),
        Err(OptionError::OutOfRange { min: 0, max: 200, value: 201 })
    );
    assert_eq!(Setting::parse("LmrBase", None), Err(OptionError::NumberNeeded));
    let listed =
        option_lines(&EngineOptions::default(), &GameRules::default(), &Settings::default());
    let tunables = tunable_lines(&EngineOptions::default());
    for &t in Tunable::ALL {
        assert!(!listed.iter().any(|l| l.contains(t.name())), "{t:?}");
        assert!(tunables.iter().any(|l| l.starts_with(&format!("option name {} ", t.name()))));
        // Each accepts the default it is announced with.
        assert_eq!(
            Setting::parse(t.name(), Some(&t.default_value().to_string())),
            Ok(Setting::Search(t, t.default_value()))
        );
    }
    let manifest =
        tunables[Tunable::ALL.len()].strip_prefix("info string shogiarena_tunables_json ").unwrap();
    let manifest: serde_json::Value = serde_json::from_str(manifest).unwrap();
    assert_eq!(manifest["tunables"].as_array().unwrap().len(), Tunable::ALL.len());
    assert_eq!(tunables.last().unwrap(), "usi_tunablesok");
}
