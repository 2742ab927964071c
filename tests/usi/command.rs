//! `protocol::usi::command`: USI commands parsed.

use gnushogi::notation::to_sfen;
use gnushogi::protocol::usi::command::*;
use gnushogi::protocol::usi::options::Setting;
use gnushogi::rules::Position;
use std::time::Duration;

fn ms(n: u64) -> Option<Duration> {
    Some(Duration::from_millis(n))
}

fn go(line: &str) -> Go {
    match parse_command(line) {
        Ok(Some(Command::Go(g))) => g,
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn the_command_list_is_the_parser_s() {
    let unknown = |w: &str| matches!(parse_command(w), Err(CommandError(m)) if m.starts_with("unknown command"));
    for w in COMMANDS {
        assert!(!unknown(w), "{w} is listed");
    }
    for w in ["xboard", "new", "protover", "ping", "Go", "register", "debug", "stopp"] {
        assert!(!COMMANDS.contains(&w));
        assert!(unknown(w), "{w} is not listed");
    }
}

#[test]
fn simple_commands() {
    assert_eq!(parse_command("usi"), Ok(Some(Command::Usi)));
    assert_eq!(parse_command("  isready \r"), Ok(Some(Command::IsReady)));
    assert_eq!(parse_command("usinewgame"), Ok(Some(Command::UsiNewGame)));
    assert_eq!(parse_command("stop"), Ok(Some(Command::Stop)));
    assert_eq!(parse_command("ponderhit"), Ok(Some(Command::PonderHit(None))));
    assert_eq!(parse_command("quit"), Ok(Some(Command::Quit)));
    assert_eq!(parse_command("   "), Ok(None));
    assert_eq!(parse_command("gameover\tlose"), Ok(Some(Command::GameOver(GameResult::Lose))));
    for bad in ["isready now", "gameover", "gameover won", "gameover win x", "usix", "Go"] {
        assert!(parse_command(bad).is_err(), "{bad}");
    }
}

#[test]
fn go_parameters() {
    let g = go("go btime 1000 wtime 2000 byoyomi 500");
    assert_eq!((g.btime, g.wtime, g.byoyomi), (ms(1000), ms(2000), ms(500)));
    assert!(!g.ponder && !g.infinite && g.mate.is_none());
    let g = go("go ponder btime 10 wtime 20 binc 3 winc 4");
    assert!(g.ponder);
    assert_eq!((g.binc, g.winc), (ms(3), ms(4)));
    assert_eq!(go("go btime -5 wtime 0").btime, ms(0));
    assert_eq!(go("go depth 7 nodes 1000").depth, Some(7));
    assert_eq!(go("go movetime 250").movetime, ms(250));
    assert!(go("go infinite").infinite);
    assert_eq!(go("go").mate, None);
    assert_eq!(go("go mate").mate, Some(MateTime::Infinite));
    assert_eq!(go("go mate infinite").mate, Some(MateTime::Infinite));
    assert_eq!(go("go mate 3000").mate, Some(MateTime::Limit(Duration::from_millis(3000))));
    for bad in [
        "go btime",
        "go btime x",
        "go depth -1",
        "go depth 0",
        "go ponderx",
        "go nodes 99999999999999999999999",
        "go searchmoves",
        "go searchmoves 7g7x",
        "go mate soon",
    ] {
        assert!(parse_command(bad).is_err(), "{bad}");
    }
    // Every parameter, in any order, as GUIs send them.
    let g = go("go searchmoves 7g7f 2g2f byoyomi 1000 depth 9 wtime 5 ponder btime 7 nodes 50");
    let texts: Vec<String> = g.searchmoves.iter().map(|m| m.shape().to_string()).collect();
    assert_eq!(texts, ["7g7f", "2g2f"]);
    assert_eq!((g.byoyomi, g.btime, g.wtime), (ms(1000), ms(7), ms(5)));
    assert_eq!((g.depth, g.nodes, g.ponder), (Some(9), Some(50), true));
    let g = go("go infinite searchmoves P*5e");
    assert!(g.infinite && g.searchmoves.len() == 1);
    assert_eq!(go("go binc 10 winc 20 btime 1 wtime 2").winc, ms(20));
    // An unknown word is named, with what is valid.
    let Err(CommandError(e)) = parse_command("go btime 10 wibble 3") else { panic!() };
    assert!(e.contains("'wibble'") && e.contains("searchmoves"), "{e}");
}

#[test]
fn ponderhit_with_or_without_clocks() {
    assert_eq!(parse_command("ponderhit"), Ok(Some(Command::PonderHit(None))));
    // ShogiHome's early ponder: the clocks come with the hit.
    let Ok(Some(Command::PonderHit(Some(g)))) =
        parse_command("ponderhit btime 37082 wtime 23103 byoyomi 10000")
    else {
        panic!()
    };
    assert_eq!((g.btime, g.wtime, g.byoyomi), (ms(37082), ms(23103), ms(10000)));
    assert!(!g.ponder && g.depth.is_none());
    let Ok(Some(Command::PonderHit(Some(g)))) =
        parse_command("ponderhit btime 1000 wtime 2000 binc 10 winc 20")
    else {
        panic!()
    };
    assert_eq!((g.binc, g.winc), (ms(10), ms(20)));
    for (bad, says) in [
        ("ponderhit btime", "'btime'"),
        ("ponderhit btime x", "'btime'"),
        ("ponderhit depth 3", "'depth' is no clock"),
        ("ponderhit ponder", "'ponder' is no clock"),
        ("ponderhit now", "'now'"),
    ] {
        let Err(CommandError(e)) = parse_command(bad) else { panic!("{bad}") };
        assert!(e.starts_with("ponderhit: ") && e.contains(says), "{bad}: {e}");
    }
}

#[test]
fn positions() {
    let Ok(Some(Command::Position { start, moves })) =
        parse_command("position startpos moves 7g7f 3c3d P*5e 2b8h+")
    else {
        panic!()
    };
    assert_eq!(*start, Position::startpos());
    let texts: Vec<String> = moves.iter().map(|m| m.shape().to_string()).collect();
    assert_eq!(texts, ["7g7f", "3c3d", "P*5e", "2b8h+"]);
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    let Ok(Some(Command::Position { start, moves })) =
        parse_command(&format!("position sfen {sfen}"))
    else {
        panic!()
    };
    assert_eq!(to_sfen(&start), sfen);
    assert!(moves.is_empty());
    // The move number may be left out.
    let Ok(Some(Command::Position { moves, .. })) =
        parse_command("position sfen 4k4/9/9/9/9/9/9/9/4K4 b G moves G*5b")
    else {
        panic!()
    };
    assert_eq!(moves.len(), 1);
    assert!(parse_command("position startpos moves").is_ok());
    for bad in [
        "position",
        "position start",
        "position startpos 7g7f",
        "position startpos moves 7g7f 7g7x",
        "position sfen",
        "position sfen 9/9 b - 1",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
    ] {
        assert!(parse_command(bad).is_err(), "{bad}");
    }
}

#[test]
fn setoptions() {
    assert_eq!(
        parse_command("setoption name USI_Hash value 128"),
        Ok(Some(Command::SetOption(Setting::Hash(128))))
    );
    assert_eq!(
        parse_command("setoption name Move Overhead value 100"),
        Ok(Some(Command::SetOption(Setting::MoveOverhead(Duration::from_millis(100)))))
    );
    assert_eq!(
        parse_command("setoption name BookFile value /tmp/my book.tbk"),
        Ok(Some(Command::SetOption(Setting::BookFile(Some("/tmp/my book.tbk".into())))))
    );
    assert_eq!(
        parse_command("setoption name BookFile value"),
        Ok(Some(Command::SetOption(Setting::BookFile(None))))
    );
    for bad in [
        "setoption",
        "setoption USI_Hash value 1",
        "setoption name USI_Hash value big",
        "setoption name USI_Hash value 0",
        "setoption name USI_Hash",
        "setoption name Threads value 100000",
        "setoption name OwnBook value yes",
        "setoption name MultiPV value 0",
        "setoption name EnteringKingRule value Sometimes",
        "setoption name NoSuchOption value 1",
    ] {
        assert!(parse_command(bad).is_err(), "{bad}");
    }
}
