//! `protocol::cecp::options`: the engine options XBoard sets.

use gnushogi::engine::Engine;
use gnushogi::game::GameRules;
use gnushogi::protocol::cecp::options::*;
use gnushogi::rules::EnteringKingRule;
use std::time::Duration;

#[test]
fn options_apply_and_report() {
    let mut e = Engine::default();
    let mut r = GameRules::default();
    apply(&mut e, &mut r, "Contempt", Some("25")).unwrap();
    apply(&mut e, &mut r, "move overhead", Some("100")).unwrap();
    apply(&mut e, &mut r, "Book", Some("0")).unwrap();
    apply(&mut e, &mut r, "Clear Hash", None).unwrap();
    assert_eq!(e.options().contempt, 25);
    assert_eq!(e.options().move_overhead, Duration::from_millis(100));
    assert!(!e.options().use_book);
    assert!(features(&e, &r).contains(&"option=\"Contempt -spin 25 -1000 1000\"".to_string()));
    assert_eq!(
        apply(&mut e, &mut r, "Book", Some("2")),
        Err(OptionError::BadValue("0 or 1".into()))
    );
    assert_eq!(
        apply(&mut e, &mut r, "Contempt", None),
        Err(OptionError::BadValue("a number from -1000 to 1000".into()))
    );
    apply(&mut e, &mut r, "skill level", Some("5")).unwrap();
    assert_eq!(e.strength(), 5);
    assert_eq!(
        apply(&mut e, &mut r, "Skill Level", Some("21")),
        Err(OptionError::BadValue("a level from 0 to 20".into()))
    );
    assert!(apply(&mut e, &mut r, "Elo", Some("1")).is_err());
    assert_eq!(e.strength(), 5);
    assert_eq!(apply(&mut e, &mut r, "Nonsense", Some("1")), Err(OptionError::Unknown));
    assert_eq!(e.options().contempt, 25);
    apply(&mut e, &mut r, "Entering King Rule", Some("try")).unwrap();
    assert_eq!(r.entering_king, EnteringKingRule::Try);
    assert!(apply(&mut e, &mut r, "Entering King Rule", Some("25")).is_err());
    assert_eq!(r.entering_king, EnteringKingRule::Try);
}
