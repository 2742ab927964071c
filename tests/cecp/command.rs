//! `protocol::cecp::command`: XBoard's commands parsed.

use gnushogi::protocol::cecp::command::*;
use gnushogi::rules::PieceKind;
use std::time::Duration;

fn ok(line: &str) -> Command {
    parse_command(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

#[test]
fn bare_commands() {
    assert_eq!(ok("new"), Command::New);
    assert_eq!(ok("  force  "), Command::Force);
    assert_eq!(ok("?"), Command::MoveNow);
    assert_eq!(ok("."), Command::Status);
    assert_eq!(ok("nopost"), Command::NoPost);
    assert_eq!(parse_command("new game"), Err(ParseError::Usage("no arguments")));
    assert_eq!(parse_command("newt"), Err(ParseError::Unknown));
    assert_eq!(parse_command("nps 1000"), Err(ParseError::Unknown));
}

#[test]
fn the_command_list_is_the_parser_s() {
    for w in COMMANDS {
        let known = match parse_command(w) {
            Ok(Command::UserMove { .. }) | Err(ParseError::Unknown) => false,
            Ok(_) | Err(_) => true,
        };
        assert!(known, "{w} is listed");
    }
    for w in ["isready", "usi", "bd", "sfen", "moves", "otime", "nps", "Quit", "newt"] {
        assert!(!COMMANDS.contains(&w));
        assert_eq!(parse_command(w), Err(ParseError::Unknown), "{w} is not listed");
    }
}

#[test]
fn time_controls() {
    let l = |m, b: f64, i: f64| {
        Command::Level(Level {
            moves: m,
            base: Duration::from_secs_f64(b),
            increment: Duration::from_secs_f64(i),
        })
    };
    assert_eq!(ok("level 0 0:30 1"), l(0, 30.0, 1.0));
    assert_eq!(ok("level 40 2 0"), l(40, 120.0, 0.0));
    assert_eq!(ok("level 0 0:10 0.1"), l(0, 10.0, 0.1));
    assert_eq!(ok("level 40 25+5 0"), l(40, 1500.0, 0.0));
    assert_eq!(parse_command("level 40 2"), Err(ParseError::Usage("level MPS BASE[:SS] INC")));
    assert_eq!(ok("st 3"), Command::St(Duration::from_secs(3)));
    assert_eq!(ok("st 0.5"), Command::St(Duration::from_millis(500)));
    assert_eq!(ok("sd 4"), Command::Sd(4));
    assert_eq!(ok("time 3000"), Command::Time(Duration::from_secs(30)));
    assert_eq!(ok("otim -27"), Command::Otim(Duration::ZERO));
    assert!(matches!(parse_command("time x"), Err(ParseError::Usage(_))));
}

#[test]
fn moves_and_arguments() {
    match ok("usermove b2h8+") {
        Command::UserMove { text, .. } => assert_eq!(text, "b2h8+"),
        c => panic!("{c:?}"),
    }
    assert!(matches!(ok("c3c4"), Command::UserMove { .. }));
    assert!(matches!(ok("P@e5"), Command::UserMove { .. }));
    assert!(matches!(ok("7g7f"), Command::UserMove { .. }));
    assert_eq!(parse_command("usermove zz99"), Err(ParseError::NotAMove("zz99".into())));
    assert_eq!(ok("ping 17"), Command::Ping(17));
    assert_eq!(
        ok("result 1-0 {White mates}"),
        Command::Result { result: "1-0".into(), comment: "{White mates}".into() }
    );
    assert_eq!(ok("result *"), Command::Result { result: "*".into(), comment: "".into() });
    assert!(matches!(parse_command("result 2-0"), Err(ParseError::Usage(_))));
    assert_eq!(
        ok("option Move Overhead=100"),
        Command::Option { name: "Move Overhead".into(), value: Some("100".into()) }
    );
    assert_eq!(ok("option Clear Hash"), Command::Option { name: "Clear Hash".into(), value: None });
    assert_eq!(ok("exclude all"), Command::Exclude(Selection::All));
    assert!(matches!(ok("include c3c4"), Command::Include(Selection::Move { .. })));
    assert_eq!(ok("memory 68"), Command::Memory(68));
    assert_eq!(ok("name Fairy Stockfish"), Command::Name("Fairy Stockfish".into()));
    assert_eq!(ok("variant shogi"), Command::Variant("shogi".into()));
    assert!(matches!(parse_command("setboard"), Err(ParseError::Usage(_))));
}

#[test]
fn edit_lines() {
    let sq = |s| square(s).unwrap().1;
    assert_eq!(parse_edit_line("c"), Some(EditCommand::ChangeColor));
    assert_eq!(parse_edit_line("#"), Some(EditCommand::Clear));
    assert_eq!(parse_edit_line("."), Some(EditCommand::Done));
    assert_eq!(
        parse_edit_line("Pb4"),
        Some(EditCommand::Place { kind: PieceKind::Pawn, square: sq("b4") })
    );
    assert_eq!(
        parse_edit_line("bb2+"),
        Some(EditCommand::Place { kind: PieceKind::Horse, square: sq("b2") })
    );
    assert_eq!(
        parse_edit_line("+Rb2"),
        Some(EditCommand::Place { kind: PieceKind::Dragon, square: sq("b2") })
    );
    assert_eq!(
        parse_edit_line("P@e5"),
        Some(EditCommand::Place { kind: PieceKind::Pawn, square: sq("e5") })
    );
    assert_eq!(sq("e5"), sq("5e"));
    assert_eq!(parse_edit_line("P@3"), Some(EditCommand::Hand { kind: PieceKind::Pawn, count: 3 }));
    assert_eq!(parse_edit_line("xa4"), Some(EditCommand::Empty(sq("a4"))));
    for bad in ["", "G+a4", "+Ka1", "K@1", "Pz9", "Pa4x", "hello"] {
        assert_eq!(parse_edit_line(bad), None, "{bad}");
    }
}
