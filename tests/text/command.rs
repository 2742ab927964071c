//! `protocol::gnu::command`: the text mode's commands parsed.

use gnushogi::protocol::gnu::command::*;
use gnushogi::rules::{Color, Piece, PieceKind};
use std::path::PathBuf;

#[test]
fn words_and_arguments() {
    assert_eq!(parse("  level 40 5 "), Ok(Command::Level(Some(level("40 5").unwrap()))));
    assert_eq!(parse("level"), Ok(Command::Level(None)));
    assert_eq!(parse("sd 3"), Ok(Command::Depth(Some(3))));
    assert_eq!(parse("analyse"), Ok(Command::Analyse(ANALYSE_DEFAULT)));
    assert_eq!(parse("analyse 4"), Ok(Command::Analyse(AnalyseLimit::Depth(4))));
    assert_eq!(
        parse("analyse 0.5s"),
        Ok(Command::Analyse(AnalyseLimit::Time(std::time::Duration::from_millis(500))))
    );
    for bad in ["analyse 0", "analyse 65", "analyse x", "analyse -1s", "analyse 0s", "analyse 2m"] {
        assert!(matches!(parse(bad), Err(CommandError::Analyse(_))), "{bad}");
    }
    assert_eq!(parse("depth 0 x"), Ok(Command::Depth(Some(MAX_DEPTH))));
    assert_eq!(parse("Awindow 5"), Ok(Command::SetPair(Pair::Awindow, Some((5, None)))));
    assert_eq!(
        parse("hashdepth 4 40 9"),
        Ok(Command::SetPair(Pair::HashDepth, Some((4, Some(40)))))
    );
    assert_eq!(parse("7g7f  extra words"), Ok(Command::Move("7g7f".into())));
    assert_eq!(parse(""), Ok(Command::Empty));
    assert_eq!(parse("   "), Ok(Command::Empty));
    assert_eq!(parse("Help"), Ok(Command::Move("Help".into())));
    assert_eq!(
        parse("save /tmp/x y"),
        Ok(Command::File(FileCmd::Save, Some(PathBuf::from("/tmp/x y"))))
    );
    assert_eq!(parse("get"), Ok(Command::File(FileCmd::Get, None)));
    assert_eq!(parse("rv"), Ok(Command::Toggle(Toggle::Reverse)));
    assert_eq!(
        parse("otim 12:30 5"),
        Ok(Command::OTime(ClockTime { centis: 12, extra: 3000, moves: 5 }))
    );
    assert_eq!(
        parse("debug wR"),
        Ok(Command::Debug(Some(Piece::new(Color::White, PieceKind::Rook))))
    );
}

#[test]
fn bad_arguments_say_why_as_the_interpreter_replies() {
    let said = |line: &str| parse(line).unwrap_err().to_string();
    assert_eq!(
        said("depth x"),
        "depth: 'x' is not a number from 0 to 64 (0: the deepest); nothing changed"
    );
    assert_eq!(
        said("sd 65"),
        "depth: '65' is not a number from 0 to 64 (0: the deepest); nothing changed"
    );
    assert_eq!(said("Bwindow 5 y"), "Bwindow: 'y' is not a number from 0 to 1000; nothing changed");
    assert_eq!(
        said("contempt 2000"),
        "contempt: '2000' is not a number from -1000 to 1000; nothing changed"
    );
    assert!(said("sd -1").starts_with("depth: '-1' is not a number from 0 to 64"));
    assert_eq!(said("time"), "time: give a time in centiseconds, e.g. time 6000");
    assert_eq!(said("otime x:1"), "otime: 'x:1' is not a time in centiseconds");
    assert_eq!(said("debug P"), "debug: give a colour and a piece letter, e.g. bP or wR");
    assert_eq!(said("debug bX"), "debug: 'X' is not a piece letter");
    assert!(said("level x").starts_with("level: "));
    assert!(said("setsfen x").starts_with("setsfen: "));
    assert!(
        said("handicap xyz")
            .starts_with("handicap: 'xyz' is not a handicap; one of lance, right-lance, bishop,")
    );
    assert!(said("handicap xyz").ends_with("ten-piece, or even; nothing changed"));
    assert_eq!(second(Pair::HashDepth, " 7 "), Ok(7));
    assert_eq!(
        second(Pair::HashDepth, "7 8"),
        Err(CommandError::OutOfRange { limit: Pair::HashDepth.limits()[1], value: "7 8".into() })
    );
}

#[test]
fn the_command_list_is_the_parser_s() {
    for w in COMMANDS {
        assert!(!matches!(parse(w), Ok(Command::Move(_) | Command::Empty)), "{w} is listed");
    }
    // Other protocols' words and near misses are moves here.
    for w in ["isready", "protover", "ping", "Quit", "helps", "st", "usermove", "7g7f"] {
        assert!(!COMMANDS.contains(&w));
        assert_eq!(parse(w), Ok(Command::Move(w.to_string())), "{w} is not listed");
    }
}
