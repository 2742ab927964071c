//! Game analysis: `--analyse` on the real binary (the marks, the summary, the graph, the
//! annotated record, bad input, Ctrl-C), the text mode's `analyse`, and the library's
//! analysis stopped part-way. Every search is depth-limited on one thread: the same result
//! every run.

use crate::common::{Driver, assert_clean, fresh_dir, run};
use gnushogi::analysis::{self, AnalysisLimits, Mark, Progress};
use gnushogi::game::Game;
use gnushogi::notation::{parse_sfen, parse_usi_move};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Black throws its bishop away at move 3 (8h3c+, taken by the bishop on 2b).
const HANGING_BISHOP: &str = "startpos moves 7g7f 3c3d 8h3c+ 2b3c 2g2f 8c8d 2f2e 8d8e\n";

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("test file written");
    path.to_string_lossy().into_owned()
}

/// Tags balanced, attributes quoted: the document is XML a browser can read.
fn assert_well_formed_xml(doc: &str) {
    let mut open: Vec<String> = Vec::new();
    let mut rest = doc;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("every tag closes") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('?') || tag.starts_with('!') {
            continue;
        }
        assert_eq!(tag.matches('"').count() % 2, 0, "unbalanced quotes in <{tag}>");
        let name: String =
            tag.trim_start_matches('/').chars().take_while(|c| c.is_alphanumeric()).collect();
        if tag.starts_with('/') {
            assert_eq!(open.pop().as_deref(), Some(name.as_str()), "</{name}> closes nothing");
        } else if !tag.ends_with('/') {
            open.push(name);
        }
    }
    assert!(open.is_empty(), "left open: {open:?}");
    assert!(doc.trim_start().starts_with("<svg"), "an SVG document");
}

/// The points of the graph's score line (the one line drawn 2 pixels wide).
fn score_points(svg: &str) -> usize {
    let line = svg
        .lines()
        .find(|l| l.starts_with("<polyline") && l.contains("stroke-width=\"2\""))
        .expect("the score line");
    let points = line.split("points=\"").nth(1).and_then(|p| p.split('"').next()).unwrap();
    points.split_whitespace().count()
}

#[test]
fn a_hanging_bishop_is_a_blunder_at_move_3() {
    let dir = fresh_dir("analyse-blunder");
    let record = write(&dir, "game.usi", HANGING_BISHOP);
    let svg = dir.join("graph.svg");
    let svg_arg = svg.to_string_lossy().into_owned();
    let kif = dir.join("annotated.kif");
    let kif_arg = kif.to_string_lossy().into_owned();
    let (status, out, err) = run(
        &[
            "--analyse",
            &record,
            "--depth",
            "4",
            "--threads",
            "1",
            "--graph",
            &svg_arg,
            "--out",
            &kif_arg,
        ],
        &dir,
        b"",
    );
    assert_eq!(status.code(), Some(0), "{out:#?} {err}");
    // stderr is a pipe here: no progress bar, not a byte of it.
    assert!(err.is_empty(), "stderr: {err:?}");
    assert!(out[0].starts_with("Analysing 8 moves of "), "{out:#?}");
    let at = out.iter().position(|l| l.starts_with("   3. 8h3c+ ")).expect("move 3");
    assert!(out[at].ends_with("▲３三角成(88)  ??blunder"), "{}", out[at]);
    assert!(out[at + 1].starts_with("        best "), "the better move: {}", out[at + 1]);
    // The first blunder: what follows in a lost position is scored as the evaluation sees it.
    let first = out.iter().position(|l| l.contains("??blunder")).expect("a blunder");
    assert!(out[first].starts_with("   3. 8h3c+ "), "the first blunder: {out:#?}");
    let at = out.iter().position(|l| l.starts_with("Black (sente):")).expect("Black's summary");
    assert!(out[at].contains("4 moves") && out[at].contains(" blunder"), "{}", out[at]);
    assert!(
        out[at + 1].starts_with("  turning point: move 3 ▲３三角成(88) 8h3c+"),
        "{}",
        out[at + 1]
    );
    assert!(out.iter().any(|l| l.starts_with("White (gote): 4 moves")), "{out:#?}");
    let doc = std::fs::read_to_string(&svg).expect("the graph is written");
    assert_well_formed_xml(&doc);
    assert_eq!(score_points(&doc), 9, "the start and each of the 8 moves");
    assert!(doc.contains("#D21E1E"), "the blunder is marked in red");
    assert!(doc.contains("move (ply)") && doc.contains("chance to win"), "axes labelled");

    // The annotated record: Shift-JIS KIF, read back by the program's own reader.
    let bytes = std::fs::read(&kif).expect("the record is written");
    let text = gnushogi::files::record::sjis::decode(&bytes);
    assert!(text.contains("\n*#評価値="), "ShogiHome's score: {text}");
    assert!(text.contains("\n**解析 0 ○ 時間 "), "Kifu for Windows's analysis: {text}");
    let r = gnushogi::files::record::read(&bytes, gnushogi::files::record::Format::Kif).unwrap();
    assert_eq!(r.moves.len(), 8);
    let c = &r.moves[2].comments;
    // ShogiHome's grade for the loss the comment gives: 悪手 from 20 points, 大悪手 from 50.
    let loss: f64 = c
        .iter()
        .find_map(|l| l.split_once(", loss ")?.1.split(',').next()?.parse().ok())
        .unwrap_or_else(|| panic!("the loss: {c:#?}"));
    let grade = match loss {
        50.0.. => "【大悪手】",
        20.0.. => "【悪手】",
        _ => panic!("a hanging bishop loses only {loss} points: {c:#?}"),
    };
    assert_eq!(c[0], grade, "{c:#?}");
    assert!(c.iter().any(|l| l.starts_with("#評価値=-")), "{c:#?}");
    assert!(c.iter().any(|l| l.starts_with("#読み筋=△３三角(22)")), "{c:#?}");
    assert!(c.iter().any(|l| l.starts_with("*解析 0 ○ 時間 00:00.")), "{c:#?}");
    assert!(c.iter().any(|l| l.contains("blunder; best ")), "{c:#?}");
    assert!(r.comments.iter().any(|l| l.starts_with("#評価値=")), "the start position");
    assert!(out.iter().any(|l| l.starts_with("Annotated record written to ")), "{out:#?}");
}

#[test]
fn a_missed_mate_in_one_is_named() {
    // Black has G*5b mate (the pawn on 5c guards it) and plays the king instead.
    let start = parse_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    let mut game = Game::new(start);
    for m in ["5i4h", "5a4a"] {
        let mv = parse_usi_move(m).unwrap().to_move(game.position()).unwrap();
        game.play(mv).unwrap();
    }
    let stop = AtomicBool::new(false);
    let a = analysis::analyse(&game, &AnalysisLimits::depth(3), &stop, &mut |_| {});
    assert!(!a.interrupted);
    let first = &a.moves[0];
    assert_eq!(first.missed_mate, Some(1), "{first:#?}");
    assert!(first.mark >= Some(Mark::Mistake));
    assert_eq!(first.best.best.map(|m| m.to_string()).as_deref(), Some("G*5b"));
    let lines = analysis::report::move_lines(first);
    assert!(lines[0].ends_with("missed mate in 1"), "{lines:?}");
    assert!(lines[1].contains("best G*5b +M1: G*5b"), "{lines:?}");
    assert_eq!(a.summary(gnushogi::rules::Color::Black).missed_mates, 1);
}

#[test]
fn a_mating_move_is_found_not_missed() {
    let start = parse_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    let mut game = Game::new(start);
    let mv = parse_usi_move("G*5b").unwrap().to_move(game.position()).unwrap();
    game.play(mv).unwrap();
    let stop = AtomicBool::new(false);
    let a = analysis::analyse(&game, &AnalysisLimits::depth(3), &stop, &mut |_| {});
    let m = &a.moves[0];
    assert_eq!((m.mates, m.missed_mate, m.mark), (Some(1), None, None), "{m:#?}");
    assert!(analysis::report::move_line(m).contains("mates in 1"));
}

#[test]
fn stopping_keeps_the_moves_judged() {
    let mut game = Game::new(gnushogi::rules::Position::startpos());
    for m in ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e"] {
        let mv = parse_usi_move(m).unwrap().to_move(game.position()).unwrap();
        game.play(mv).unwrap();
    }
    let stop = AtomicBool::new(false);
    // The first move judged stops it: the one worker starts no position after that.
    let a = analysis::analyse(&game, &AnalysisLimits::depth(3), &stop, &mut |p| {
        if let Progress::Move(_) = p {
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert!(a.interrupted);
    assert_eq!((a.moves.len(), a.total), (1, 6));
    assert_eq!(a.moves[0].ply, 1);
    let summary = analysis::report::summary_lines(&a);
    assert_eq!(summary[0], "Interrupted: 1 of 6 moves analysed.");
    let svg = analysis::graph::svg(&a, "partial").unwrap();
    assert_well_formed_xml(&svg);
    assert_eq!(score_points(&svg), 2);
}

/// Both sides have a mate in one and let it go: the first two positions are solved at once
/// (a mate ends the search), the third is searched for as long as it is given.
const MISSED_MATES: &str = "position sfen 4k4/9/4P4/9/9/9/4p4/9/4K4 b Gg 1 moves G*1a 5a4a 5i4i\n";

#[test]
fn ctrl_c_stops_with_what_it_has() {
    let dir = fresh_dir("analyse-sigint");
    let record = write(&dir, "mates.usi", MISSED_MATES);
    let svg = dir.join("graph.svg");
    let kif = dir.join("out.kifu");
    let (svg_arg, kif_arg) =
        (svg.to_string_lossy().into_owned(), kif.to_string_lossy().into_owned());
    // A minute a position: only Ctrl-C ends this in time.
    let mut p = Driver::spawn(
        &[
            "--analyse",
            &record,
            "--time",
            "60",
            "--threads",
            "1",
            "--graph",
            &svg_arg,
            "--out",
            &kif_arg,
        ],
        &dir,
        None,
        true,
    );
    p.until("the start", |l| l.starts_with("Analysing 3 moves"));
    let (_, first) = p.until("the first move", |l| l.starts_with("   1. G*1a "));
    assert!(first.contains("??blunder") && first.ends_with("missed mate in 1"), "{first}");
    p.signal("INT");
    let (status, rest, err) = p.wait();
    assert_eq!(status.code(), Some(130), "{rest:#?} {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(rest.iter().any(|l| l.starts_with("Interrupted (Ctrl-C)")), "{rest:#?}");
    assert!(rest.iter().any(|l| l == "Interrupted: 1 of 3 moves analysed."), "{rest:#?}");
    let at = rest.iter().position(|l| l.starts_with("Black (sente): 1 move,")).expect("summary");
    assert!(rest[at].ends_with("1 blunder, 1 missed mate"), "{}", rest[at]);
    assert!(rest.iter().any(|l| l.starts_with("White (gote): 0 moves")), "{rest:#?}");
    let doc = std::fs::read_to_string(&svg).expect("the graph is written");
    assert_well_formed_xml(&doc);
    assert_eq!(score_points(&doc), 2, "the start and the one move analysed");
    let bytes = std::fs::read(&kif).expect("the record is written");
    let r = gnushogi::files::record::read(&bytes, gnushogi::files::record::Format::Kifu).unwrap();
    assert_eq!(r.moves.len(), 3, "the whole game");
    assert!(r.moves[0].comments.iter().any(|c| c.contains("missed mate in 1")), "{r:#?}");
    assert!(r.moves[1].comments.is_empty() && r.moves[2].comments.is_empty(), "{r:#?}");
}

#[test]
fn bad_input_is_refused() {
    let dir = fresh_dir("analyse-bad");
    let missing = dir.join("missing.kif").to_string_lossy().into_owned();
    let (status, _, err) = run(&["--analyse", &missing], &dir, b"");
    assert_eq!(status.code(), Some(1));
    assert!(err.contains("missing.kif") && err.contains("No such file"), "{err}");

    let illegal = write(&dir, "illegal.usi", "startpos moves 7g7f 7g7f\n");
    let (status, _, err) = run(&["--analyse", &illegal], &dir, b"");
    assert_eq!(status.code(), Some(1));
    assert!(err.contains("illegal.usi: line 1: move 2 '7g7f'"), "{err}");
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７五歩(76)\n";
    let illegal = write(&dir, "illegal.kifu", kif);
    let (status, _, err) = run(&["--analyse", &illegal], &dir, b"");
    assert_eq!(status.code(), Some(1));
    assert!(err.contains("illegal.kifu: line 4"), "{err}");

    let empty = write(&dir, "empty.usi", "startpos\n");
    let (status, _, err) = run(&["--analyse", &empty], &dir, b"");
    assert_eq!(status.code(), Some(1));
    assert!(err.contains("empty.usi"), "{err}");

    let game = write(&dir, "game.usi", HANGING_BISHOP);
    for (args, says) in [
        (&["--time", "0"][..], "--time"),
        (&["--time", "-2"], "'-2'"),
        (&["--time", "NaN"], "--time"),
        (&["--depth", "0"], "--depth"),
        (&["--depth", "deep"], "--depth"),
        (&["--threads", "0"], "--threads"),
        (&["--depth", "3", "--time", "1"], "cannot be used with"),
        (&["--out", "game.txt"], "--out"),
    ] {
        let mut all = vec!["--analyse", game.as_str()];
        all.extend_from_slice(args);
        let (status, out, err) = run(&all, &dir, b"");
        assert_eq!(status.code(), Some(2), "{args:?}: {out:#?}");
        assert!(err.starts_with("error:") && err.contains(says), "{args:?}: {err}");
    }
    // An output that cannot be written is refused before any work (issue 38, item 9).
    std::fs::create_dir(dir.join("folder.kif")).unwrap();
    for (args, says) in [
        (&["--graph", "/nonexistent/x.svg"][..], "--graph: /nonexistent/x.svg: "),
        (&["--out", "folder.kif"], "--out: folder.kif: is a directory"),
        (&["--out", "/nonexistent/a.kif", "--graph", "g.svg"], "--out: /nonexistent/a.kif: "),
    ] {
        let mut all = vec!["--analyse", game.as_str()];
        all.extend_from_slice(args);
        let (status, out, err) = run(&all, &dir, b"");
        assert_eq!(status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!out.iter().any(|l| l.starts_with("Analysing")), "{args:?}: {out:#?}");
    }
    assert!(!dir.join("g.svg").exists());
    // The analysis's options need a record to analyse.
    let (status, _, err) = run(&["--graph", "x.svg"], &dir, b"");
    assert_eq!(status.code(), Some(2));
    assert!(err.contains("--analyse"), "{err}");
}

#[test]
fn the_text_mode_analyses_the_game_so_far() {
    let dir = fresh_dir("analyse-text");
    let mut p = Driver::spawn(&["-R"], &dir, None, true);
    p.send("analyse");
    p.until("the refusal", |l| l.contains("analyse: there are no moves to analyse yet"));
    for line in ["force", "7g7f", "3c3d", "8h3c+", "2b3c", "analyse 3"] {
        p.send(line);
    }
    // Any line typed meanwhile would stop the analysis: wait for its end.
    let (lines, _) = p.until("the summary", |l| l.starts_with("White (gote): 2 moves"));
    let text = lines.join("\n");
    assert!(text.contains("Analysing 4 moves (depth 3)"), "{text}");
    let move3 = lines.iter().find(|l| l.contains("   3. 8h3c+ ")).expect("move 3");
    assert!(move3.ends_with("??blunder"), "{move3}");
    assert!(text.contains("Black (sente): 2 moves"), "{text}");
    assert!(text.contains("turning point: move 3"), "{text}");
    assert!(!text.contains("Interrupted"), "{text}");
    p.send("analyse 0s");
    p.until("the refusal", |l| l.contains("analyse: '0s' is neither a depth"));
    let (status, _, err) = p.finish();
    assert_clean(status, &err, "text mode");
}

#[test]
fn the_full_screen_shows_the_analysis_over_the_board() {
    use gnushogi::config::Config;
    use gnushogi::engine::{Engine, EngineOptions};
    use gnushogi::protocol::Session;
    use gnushogi::protocol::fullscreen::app::App;
    use gnushogi::protocol::gnu::Link;
    let engine =
        Engine::new(EngineOptions { hash_mib: 4, seed: Some(1), ..EngineOptions::default() });
    let mut s = Session::without_input(std::io::sink(), engine);
    let (link, _) = Link::split(&mut s);
    let config = Config { use_hash: true, seeded: true, ..Config::default() };
    let mut app = App::new(link, &config, true);
    // The level, the kind of game (even), the strength (full).
    app.type_line("1");
    app.type_line("0");
    app.type_line("20");
    for line in ["force", "7g7f", "3c3d", "8h3c+", "2b3c", "analyse 3"] {
        app.type_line(line);
    }
    let g = app.render(80, 24, app.interp().turn_started());
    let text = g.text();
    // Longer than the message lines: shown over the board, titled with the command.
    assert_eq!(g.row_text(1), " analyse 3", "{text}");
    assert!(text.contains("Analysing 4 moves (depth 3)"), "{text}");
    assert!(text.contains("??blunder"), "{text}");
}

#[test]
fn input_stops_the_text_modes_analysis() {
    let dir = fresh_dir("analyse-text-stop");
    let mut p = Driver::spawn(&["-R"], &dir, None, true);
    for line in ["force", "7g7f", "3c3d", "analyse 60s"] {
        p.send(line);
    }
    // A minute a position: only the next line ends this in time.
    p.until("the start", |l| l.contains("Analysing 2 moves (60 s a position)"));
    p.send("sfen");
    p.until("the stop", |l| l == "analyse: stopped by your input");
    p.until("the summary", |l| l.starts_with("Interrupted: 0 of 2 moves analysed."));
    // Then the line that stopped it is done.
    p.until("the position", |l| l.contains("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6"));
    let (status, _, err) = p.finish();
    assert_clean(status, &err, "text mode");
}

/// A game of `data/records/games.tsv` by its source's tag (`usi.ts#58`).
fn real_game(tag: &str) -> String {
    let games = include_str!("data/records/games.tsv");
    let line = games.lines().find(|l| l.contains(&format!("usi.ts#{tag}\t"))).expect("the game");
    format!("{}\n", line.split('\t').next().unwrap())
}

/// `+120` / `-M5` as (side ahead is Black, mate plies or centipawns), for comparing.
fn score_of(word: &str) -> (bool, Option<u32>, i32) {
    match word.strip_prefix("+M").or_else(|| word.strip_prefix("-M")) {
        Some(p) => (word.starts_with('+'), Some(p.parse().unwrap()), 0),
        None => (true, None, word.parse().unwrap()),
    }
}

/// Better for the mover (Black when `black`): a mate sooner for it, later against it.
fn better(a: &str, b: &str, black: bool) -> bool {
    let key = |w: &str| {
        let (plus, mate, cp) = score_of(w);
        let mine = plus == black;
        match mate {
            Some(p) if mine => (2, -i64::from(p)),
            Some(p) => (0, i64::from(p)),
            None => (1, i64::from(if black { cp } else { -cp })),
        }
    };
    key(a) > key(b)
}

#[test]
fn a_won_and_a_lost_game_read_without_contradictions() {
    // Issue 38's second trial: `best 8c8d +71` under a move that went +71 -> +23 for White
    // (the "best" no better than the move played), and `-M5 -> -M6 … mates in 7`.
    let dir = fresh_dir("analyse-real");
    for (tag, name) in [("58", "won.usi"), ("38", "lost.usi")] {
        let record = write(&dir, name, &real_game(tag));
        let args = ["--analyse", &record, "--depth", "4", "--threads", "1"];
        let (status, out, err) = run(&args, &dir, b"");
        assert_eq!(status.code(), Some(0), "{out:#?} {err}");
        let mut checked = (0, 0);
        for (i, line) in out.iter().enumerate() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() < 7 || words[3] != "->" || !words[0].ends_with('.') {
                continue;
            }
            let ply: usize = words[0].trim_end_matches('.').parse().expect("a ply");
            let black = ply % 2 == 1;
            let (before, after) = (words[2], words[4]);
            if let Some(best) = out.get(i + 1).filter(|l| l.starts_with("        best ")) {
                let score = best.split_whitespace().nth(2).unwrap().trim_end_matches(':');
                assert_eq!(score, before, "{best}");
                assert!(better(before, after, black), "a best no better: {line}\n{best}");
                checked.0 += 1;
            }
            if let Some(n) = line.split("mates in ").nth(1) {
                let n: u32 = n.split_whitespace().next().unwrap().parse().unwrap();
                assert_eq!(score_of(after).1, Some(n), "{line}");
                checked.1 += 1;
            }
        }
        assert!(checked.0 >= 5 && checked.1 >= 1, "{name}: {checked:?} {out:#?}");
    }
}
