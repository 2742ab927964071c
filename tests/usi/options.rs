//! `protocol::usi::options`: the USI options, as parsed and listed, then as set in a session.

use super::{DECLARATION, finish, has, legal_bestmove, refused, usi, usi_block};
use crate::common::{Driver, fresh_dir};
use gnushogi::engine::EngineOptions;
use gnushogi::engine::strength::MAX_ELO;
use gnushogi::game::GameRules;
use gnushogi::notation::parse_sfen;
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

// ----- the options set in a session ------------------------------------------------------
// `setoption` on a running USI session (the driver and helpers of `tests/usi.rs`): what each
// option changes in the replies and the search.

#[test]
fn book_file_replaces_the_built_in_book() {
    let mut u = usi();
    // GNU Shogi's own book reads without complaint.
    let gnu = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gnushogi.tbk");
    u.send(&format!("setoption name BookFile value {gnu}"));
    assert!(u.sync().is_empty());
    // A book of one odd line: its move must be played, so it is the book in use.
    let dir = fresh_dir("usi-book");
    let path = dir.join("one.tbk");
    std::fs::write(&path, "# one line\nP9g-9f P1c-1d\n").unwrap();
    u.send(&format!("setoption name BookFile value {}", path.display()));
    assert!(u.sync().is_empty());
    u.send("position startpos");
    u.send("go btime 10000 wtime 10000");
    assert!(u.expect_line("bestmove").starts_with("bestmove 9g9f"));
    // An unreadable file is refused and the book stays.
    u.send("setoption name BookFile value /nonexistent/x.tbk");
    assert!(u.sync()[0].starts_with("info string error setoption BookFile"));
    u.send("position startpos");
    u.send("go btime 10000 wtime 10000");
    assert!(u.expect_line("bestmove").starts_with("bestmove 9g9f"));
    finish(u, true);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The score of a one-ply search after 7g7f, as `info ... score cp N` gives it.
fn score_after_7g7f(u: &mut Driver) -> String {
    u.send("position startpos moves 7g7f");
    u.send("go depth 1");
    info_field(&u.up_to(|l| l.starts_with("bestmove")), "score", 2)
}

/// The `n` words after `key` in the last `info` line that has it, of a search's `lines`.
fn info_field(lines: &[String], key: &str, n: usize) -> String {
    let has_key = |l: &&String| l.starts_with("info ") && l.contains(&format!(" {key} "));
    let info = lines.iter().rev().find(has_key).expect("an info line");
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|w| *w == key).unwrap();
    words[at + 1..at + 1 + n].join(" ")
}

/// The block of a second `usi` in a new session (the first is answered by the block printed
/// on entry).
fn second_usi_block(u: &mut Driver) -> Vec<String> {
    u.send("usi");
    u.sync();
    usi_block(u)
}

#[test]
fn eval_file_loads_a_network_empty_goes_back_to_the_built_in_and_use_nnue_turns_it_off() {
    let mut u = usi();
    let block = second_usi_block(&mut u);
    assert!(has(&block, "option name EvalFile type filename default <empty>"), "{block:?}");
    assert!(has(&block, "option name UseNNUE type check default true"), "{block:?}");
    u.send("setoption name OwnBook value false");
    let built_in = score_after_7g7f(&mut u);
    // Off, the linear table alone scores the position otherwise.
    u.send("setoption name UseNNUE value false");
    assert!(u.sync().is_empty());
    let table = score_after_7g7f(&mut u);
    assert_ne!(table, built_in);
    let block = usi_block(&mut u);
    assert!(has(&block, "option name UseNNUE type check default false"), "{block:?}");
    u.send("setoption name UseNNUE value true");
    assert!(u.sync().is_empty());
    assert_eq!(score_after_7g7f(&mut u), built_in);
    let dir = fresh_dir("usi-eval");
    let net = dir.join("random.nnue");
    std::fs::write(&net, gnushogi::eval::nnue::Network::random(3).to_bytes()).unwrap();
    let not_a_net = dir.join("book.nnue");
    std::fs::write(&not_a_net, "P7g-7f\n").unwrap();
    // Bad files are refused in USI's form, and the evaluation stays as it was.
    for bad in [not_a_net.display().to_string(), "/nonexistent/x.nnue".into(), "/dev/zero".into()] {
        u.send(&format!("setoption name EvalFile value {bad}"));
        let reply = u.sync();
        assert_eq!(reply.len(), 1, "{reply:?}");
        assert!(reply[0].starts_with("info string error setoption EvalFile: "), "{reply:?}");
        assert_eq!(score_after_7g7f(&mut u), built_in);
    }
    // A network moves the evaluation (a random one by some hundreds of centipawns).
    u.send(&format!("setoption name EvalFile value {}", net.display()));
    assert!(u.sync().is_empty());
    let loaded = score_after_7g7f(&mut u);
    assert_ne!(loaded, built_in);
    assert_ne!(loaded, table);
    let block = usi_block(&mut u);
    let line = format!("option name EvalFile type filename default {}", net.display());
    assert!(has(&block, &line), "{block:?}");
    // UseNNUE turns the loaded network off and on again.
    u.send("setoption name UseNNUE value false");
    assert_eq!(score_after_7g7f(&mut u), table);
    u.send("setoption name UseNNUE value true");
    assert_eq!(score_after_7g7f(&mut u), loaded);
    // And `<empty>` goes back to the built-in network.
    u.send("setoption name EvalFile value <empty>");
    assert!(u.sync().is_empty());
    assert_eq!(score_after_7g7f(&mut u), built_in);
    finish(u, true);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_entering_king_rule_decides_declarations_and_tries() {
    let mut u = usi();
    // The id block came on entry; the first `usi` is answered by it, a second by a new one.
    u.send("usi");
    u.sync();
    let block = usi_block(&mut u);
    assert!(
        block.contains(
            &"option name EnteringKingRule type combo default CSARule27 var NoEnteringKing var CSARule24 var CSARule24H var CSARule27 var CSARule27H var TryRule"
                .to_string()
        ),
        "{block:?}"
    );
    u.send("setoption name EnteringKingRule value CSARule26");
    let reply = u.sync();
    assert_eq!(
        reply,
        [
            "info string error setoption EnteringKingRule: must be one of NoEnteringKing, CSARule24, CSARule24H, CSARule27, CSARule27H, TryRule, not 'CSARule26'"
        ]
    );
    // 28 points: a win under the 27-point rule, not under the 24-point one (31 needed).
    u.send(&format!("position sfen {DECLARATION}"));
    u.send("go depth 1");
    assert_eq!(u.expect_line("bestmove"), "bestmove win");
    for rule in ["CSARule24", "NoEnteringKing"] {
        u.send(&format!("setoption name EnteringKingRule value {rule}"));
        u.send(&format!("position sfen {DECLARATION}"));
        u.send("go depth 1");
        let line = u.expect_line("bestmove");
        legal_bestmove(&line, &parse_sfen(DECLARATION).unwrap());
    }
    // A two-piece handicap game (the giver's rook and bishop are out of the game: 46 points
    // of 56): White, the giver, has entered with ten pieces and 17 points. YaneuraOu's
    // handicap rules take the 10 points given off its need: 17 under CSARule27H wins, 21
    // under CSARule24H does not, nor 27 under the plain rule.
    let giver = "K8/9/9/9/9/9/+p+p+p+p+p+p+p+p+p/4k3g/9 w RB3G4S4N4L2P7p 1";
    for (rule, wins) in [("CSARule27H", true), ("CSARule27", false), ("CSARule24H", false)] {
        u.send(&format!("setoption name EnteringKingRule value {rule}"));
        u.send(&format!("position sfen {giver}"));
        u.send("go depth 1");
        let line = u.expect_line("bestmove");
        if wins {
            assert_eq!(line, "bestmove win", "{rule}");
        } else {
            legal_bestmove(&line, &parse_sfen(giver).unwrap());
        }
    }
    // The try rule: the king steps onto 5a and wins; the search sees it as a mate.
    u.send("setoption name EnteringKingRule value TryRule");
    let near = "9/4K4/9/9/9/9/9/9/k8 b - 1";
    u.send(&format!("position sfen {near}"));
    u.send("go depth 3");
    let lines = u.up_to(|l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove 5b5a", "{lines:?}");
    assert!(lines.iter().any(|l| l.contains(" score mate 1 ")), "{lines:?}");
    finish(u, true);
}

#[test]
fn resign_value_gives_up_a_lost_game_only_when_set() {
    // Gote has its king alone against a rook, a bishop, golds and silvers in sente's hand.
    let lost = "4k4/9/9/9/9/9/9/9/4K4 w RB2G2S2P 1";
    let mut u = usi();
    // The block printed on entry answers the GUI's first `usi`; after a command, it is asked.
    u.sync();
    let block = usi_block(&mut u);
    let option = "option name ResignValue type spin default 99999 min 100 max 99999";
    assert!(block.iter().any(|l| l == option), "{block:?}");
    let play = |u: &mut Driver, moves: &mut Vec<String>| -> String {
        u.send(&format!("position sfen {lost} moves {}", moves.join(" ")));
        u.send("go depth 3");
        u.expect_line("bestmove")
    };
    let mut moves: Vec<String> = Vec::new();
    // The default never resigns: three lost searches in a row, three moves.
    for reply in ["P*5e", "P*1e", "S*9e"] {
        let best = play(&mut u, &mut moves);
        assert_ne!(best, "bestmove resign");
        moves.push(best.split_whitespace().nth(1).unwrap().to_string());
        moves.push(reply.to_string());
    }
    // Set, it resigns at the second search in a row that sees the game lost.
    u.send("setoption name ResignValue value 500");
    let best = play(&mut u, &mut moves);
    assert_ne!(best, "bestmove resign");
    moves.push(best.split_whitespace().nth(1).unwrap().to_string());
    moves.push("G*9c".to_string());
    // Analysis never resigns.
    u.send(&format!("position sfen {lost} moves {}", moves.join(" ")));
    u.send("go infinite");
    u.up_to(|l| l.starts_with("info depth 2"));
    u.send("stop");
    assert_ne!(u.expect_line("bestmove"), "bestmove resign");
    assert_eq!(play(&mut u, &mut moves), "bestmove resign");
    finish(u, true);
}

/// The nodes of a fresh depth-7 search from the position after 7g7f 3c3d (the table and the
/// ordering tables cleared by `usinewgame`, so that the count depends on the search alone).
fn fresh_nodes(u: &mut Driver) -> u64 {
    u.send("usinewgame");
    u.send("position startpos moves 7g7f 3c3d");
    u.send("go depth 7");
    info_field(&u.up_to(|l| l.starts_with("bestmove")), "nodes", 1).parse().unwrap()
}

#[test]
fn the_search_tunables_are_hidden_options_that_change_the_search() {
    let mut u = usi();
    // `usi` lists none of them: a GUI shows its players no search margins.
    let block = second_usi_block(&mut u);
    for t in Tunable::ALL {
        assert!(!block.iter().any(|l| l.contains(t.name())), "{} listed: {block:?}", t.name());
    }
    u.send("setoption name OwnBook value false");
    u.send("setoption name Threads value 1");
    let before = fresh_nodes(&mut u);
    // Taken silently, and a search that reduces late moves by two plies more looks at fewer
    // nodes; set back, the search is the one it was.
    u.send("setoption name LmrBase value 200");
    assert_eq!(u.sync(), Vec::<String>::new());
    let reduced = fresh_nodes(&mut u);
    assert!(reduced < before, "{reduced} nodes, {before} before");
    u.send("setoption name LmrBase value 60");
    assert_eq!(fresh_nodes(&mut u), before);
    // Out of its range, or not a number, is refused with USI's error, and nothing changes.
    for bad in [
        "setoption name LmrBase value 201",
        "setoption name LmrBase value -1",
        "setoption name RfpMargin value ten",
        "setoption name NullMoveDepthDivisor value 0",
        "setoption name FutilityBase",
    ] {
        assert!(refused(&mut u, bad).starts_with("info string error setoption "), "{bad}");
    }
    assert_eq!(fresh_nodes(&mut u), before);
    finish(u, true);
}

#[test]
fn usi_tunables_lists_the_hidden_options_for_shogiarena() {
    let mut u = usi();
    u.send("setoption name RfpMargin value 150");
    u.send("usi_tunables");
    let lines = u.up_to(|l| l == "usi_tunablesok");
    let all = Tunable::ALL;
    // An option line each (as `usi` would give it, with the current value as the default),
    // then the manifest ShogiArena's SPSA reads, then the end.
    assert_eq!(lines.len(), all.len() + 2, "{lines:?}");
    let value = |t: &Tunable| if t.name() == "RfpMargin" { 150 } else { t.default_value() };
    for (t, line) in all.iter().zip(&lines) {
        let want = format!(
            "option name {} type spin default {} min {} max {}",
            t.name(),
            value(t),
            t.min(),
            t.max()
        );
        assert_eq!(line, &want);
    }
    let json = lines[all.len()].strip_prefix("info string shogiarena_tunables_json ").unwrap();
    let manifest: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(manifest["schema_version"], "shogiarena.usi_tunables.v1");
    let tunables = manifest["tunables"].as_array().unwrap();
    assert_eq!(tunables.len(), all.len());
    for (t, entry) in all.iter().zip(tunables) {
        assert_eq!(entry["id"], t.name());
        assert_eq!(entry["option"], t.name());
        assert_eq!(entry["value_type"], "int");
        assert_eq!(entry["min"], t.min());
        assert_eq!(entry["max"], t.max());
        assert_eq!(entry["schedule"]["c_end"], t.step());
        assert!(entry["schedule"]["r_end"].as_f64().unwrap() > 0.0);
    }
    for (t, entry) in all.iter().zip(tunables) {
        assert_eq!(entry["default"], value(t), "{}", t.name());
    }
    // Every option it names is taken at its bounds.
    for t in all {
        for value in [t.min(), t.max()] {
            u.send(&format!("setoption name {} value {value}", t.name()));
        }
    }
    assert_eq!(u.sync(), Vec::<String>::new());
    finish(u, true);
}
