//! Our records as the programs players use read them: the record libraries of ShogiHome
//! (`tsshogi`), Kifu for JS (`json-kifu-format`) and lishogi (`shogiops`), driven by
//! `tests/readers/read.mjs`, and cshogi and python-shogi, driven by `tests/readers/read.py`.
//! Each reads every file our writers make (KIF in Shift-JIS and in UTF-8, CSA) of the 538
//! public games, of random legal games (declined promotions, drops, every ending), of games
//! from every handicap and from set-up positions, and of records `--analyse` wrote; each must
//! find our start and our moves, and ShogiHome's must find the score and the line of every
//! analysed move in its comments. A reader that is not installed is skipped, or under CI a
//! failure (`common::require`; `.ci/run` installs them all: `npm ci` in `tests/readers`, pip
//! for the Python ones).

use crate::common::tools::{cannot_run, python_cannot_import};
use crate::common::{BIN, Rng, fresh_dir, require, run};
use gnushogi::files::record::{self, Format, Headers, Record, RecordMove, usi};
use gnushogi::game::{DrawReason, Outcome, WinReason};
use gnushogi::notation::kif::parse_kif_move;
use gnushogi::notation::parse_sfen;
use gnushogi::rules::handicap::Handicap;
use gnushogi::rules::{Color, Move, MoveList, Position};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const GAMES: &str = include_str!("data/records/games.tsv");
const POSITIONS: &str = include_str!("data/positions.tsv");

const NODE_READERS: [&str; 3] = ["tsshogi", "json-kifu-format", "shogiops"];
const PYTHON_READERS: [&str; 2] = ["python-shogi", "cshogi"];

fn readers_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/readers")
}

/// Whether the node readers can run (see [`require`]).
fn node_readers() -> bool {
    let missing = if readers_dir().join("node_modules/tsshogi").exists() {
        cannot_run(Command::new("node").arg("--version"), "apt-get install nodejs")
    } else {
        Some("tests/readers/node_modules is not installed (npm ci there)".into())
    };
    require("the npm record readers (tsshogi, json-kifu-format, shogiops)", missing)
}

/// The Python readers that can run (see [`require`]).
fn python_readers() -> Vec<&'static str> {
    [
        ("python-shogi", "shogi.KIF", "python-shogi==1.1.1"),
        ("cshogi", "cshogi.KIF", "cshogi==1.1.0"),
    ]
    .into_iter()
    .filter(|(reader, module, pin)| {
        require(reader, python_cannot_import(module, &format!("pip install {pin}")))
    })
    .map(|(reader, ..)| reader)
    .collect()
}

/// What a reader understood of one file.
#[derive(Clone, Debug, Default)]
struct Answer {
    error: Option<String>,
    sfen: String,
    moves: Vec<String>,
    /// ShogiHome's reading of the analysis comments, move by move: the score (a number or
    /// `mate±N`) and the line in USI.
    analysis: Vec<(Option<String>, Option<Vec<String>>)>,
}

/// Runs a reader program over `files`; a crash (cshogi has segfaulted on odd KIF files)
/// marks the readers that had not answered for the file, and the run goes on after it.
fn run_readers(
    program: &str,
    script: &Path,
    readers: &[&str],
    files: &[String],
) -> HashMap<(String, String), Answer> {
    let mut answers = HashMap::new();
    let mut from = 0;
    while from < files.len() {
        let mut child = Command::new(program)
            .arg(script)
            .current_dir(readers_dir())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("reader starts");
        {
            use std::io::Write;
            let list = files[from..].join("\n") + "\n";
            child.stdin.take().unwrap().write_all(list.as_bytes()).unwrap();
        }
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let mut last_file = None;
        for line in text.lines() {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            let file = v["file"].as_str().unwrap().to_string();
            let reader = v["reader"].as_str().unwrap().to_string();
            let strings = |v: &Value| -> Vec<String> {
                v.as_array()
                    .into_iter()
                    .flatten()
                    .map(|m| m.as_str().unwrap_or("?").to_string())
                    .collect()
            };
            let a = Answer {
                error: v
                    .get("error")
                    .map(|e| e.to_string())
                    .or(v.get("missing").map(|_| "missing".into())),
                sfen: v["sfen"].as_str().unwrap_or_default().to_string(),
                moves: strings(&v["moves"]),
                analysis: v["analysis"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|m| {
                        let score = match &m["score"] {
                            Value::Null => None,
                            Value::String(s) => Some(s.clone()),
                            n => Some(n.to_string()),
                        };
                        (score, m["pv"].is_array().then(|| strings(&m["pv"])))
                    })
                    .collect(),
            };
            answers.insert((file.clone(), reader), a);
            last_file = Some(file);
        }
        // Files wholly answered are done; the one the crash cut short is marked.
        let done = match &last_file {
            Some(f) => files.iter().position(|x| x == f).unwrap() + 1,
            None => from,
        };
        if out.status.success() {
            assert_eq!(
                done,
                files.len(),
                "{program} stopped early: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            break;
        }
        let crashed = if done > from
            && readers
                .iter()
                .all(|r| answers.contains_key(&(files[done - 1].clone(), r.to_string())))
        {
            done
        } else {
            done.max(from + 1) - 1
        };
        let crashed = crashed.min(files.len() - 1);
        for r in readers {
            answers
                .entry((files[crashed].clone(), r.to_string()))
                .or_insert_with(|| Answer { error: Some("crashed".into()), ..Answer::default() });
        }
        from = crashed + 1;
    }
    answers
}

// ---------------------------------------------------------------- the corpora

/// Whether `m` leaves a piece unpromoted where it could promote.
fn declines(pos: &Position, m: Move) -> bool {
    match m.from().and_then(|f| pos.piece_at(f)) {
        Some(p) => {
            !m.is_promotion()
                && p.kind().can_promote()
                && (m.from().unwrap().in_zone(p.color()) || m.to().in_zone(p.color()))
        }
        None => false,
    }
}

/// Every outcome a record can say, in turn.
fn outcome(i: usize, to_move: Color, mated: bool) -> Option<Outcome> {
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    if mated {
        return win(!to_move, WinReason::Checkmate);
    }
    match i % 15 {
        0 => win(!to_move, WinReason::Resignation),
        1 => win(!to_move, WinReason::Checkmate),
        2 => win(!to_move, WinReason::NoLegalMove),
        3 => win(!to_move, WinReason::Time),
        4 => win(to_move, WinReason::Declaration),
        5 => win(to_move, WinReason::IllegalMove),
        6 => win(!to_move, WinReason::IllegalMove),
        7 => win(!to_move, WinReason::PerpetualCheck),
        8 => win(to_move, WinReason::Impasse),
        9 => Some(Outcome::Draw(DrawReason::Repetition)),
        10 => Some(Outcome::Draw(DrawReason::Impasse)),
        11 => Some(Outcome::Draw(DrawReason::MoveLimit)),
        12 => Some(Outcome::Draw(DrawReason::Agreement)),
        13 => win(!to_move, WinReason::Try),
        _ => None,
    }
}

/// A random legal game from `start`: declined promotions and drops more often than their
/// share, times, comments, and the `i`th ending.
fn random_game(rng: &mut Rng, start: Position, i: usize) -> Record {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut mated = false;
    for _ in 0..20 + rng.below(140) {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            mated = true;
            break;
        }
        let all: Vec<Move> = list.iter().collect();
        let declined: Vec<Move> = all.iter().copied().filter(|&m| declines(&pos, m)).collect();
        let drops: Vec<Move> = all.iter().copied().filter(|m| m.is_drop()).collect();
        let m = if !declined.is_empty() && rng.chance(60) {
            declined[rng.below(declined.len())]
        } else if !drops.is_empty() && rng.chance(30) {
            drops[rng.below(drops.len())]
        } else {
            all[rng.below(all.len())]
        };
        let mut rm = RecordMove::new(m);
        if rng.chance(50) {
            rm.time = Some(Duration::from_secs(rng.below(200) as u64));
        }
        if rng.chance(10) {
            rm.comments.push(format!("コメント {}", rng.below(100)));
        }
        moves.push(rm);
        pos.play_unchecked(m);
    }
    let headers = Headers {
        black: Some("先手の人".into()),
        white: Some("GNU Shogi".into()),
        event: rng.chance(50).then(|| "練習対局".into()),
        ..Headers::default()
    };
    Record {
        start,
        headers,
        comments: vec![],
        moves,
        outcome: outcome(i, pos.side_to_move(), mated),
    }
}

struct Corpus {
    name: &'static str,
    records: Vec<Record>,
    /// Files `--analyse` wrote, by format, each with the record it annotates.
    files: Vec<(PathBuf, Format, Record)>,
}

fn public_games() -> Vec<Record> {
    GAMES
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| usi::parse_line(l.split('\t').next().unwrap()).unwrap())
        .collect()
}

fn corpora(dir: &Path) -> Vec<Corpus> {
    let public = public_games();
    assert_eq!(public.len(), 538);
    let mut rng = Rng(0x0005_eed0_f1e7);
    let random: Vec<Record> =
        (0..300).map(|i| random_game(&mut rng, Position::startpos(), i)).collect();
    let handicaps: Vec<Record> = (0..150)
        .map(|i| random_game(&mut rng, Handicap::ALL[i % Handicap::ALL.len()].position(), i))
        .collect();
    let positions: Vec<Record> = POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| parse_sfen(l.split('\t').next()?).ok())
        .take(60)
        .enumerate()
        .map(|(i, mut start)| {
            start.set_move_number(1);
            random_game(&mut rng, start, i)
        })
        .collect();
    // Analysed: public games with a declined promotion, and the four-move one of issue 36.
    let mut to_analyse: Vec<Record> = public
        .iter()
        .filter(|r| {
            let mut pos = r.start.clone();
            r.moves.iter().any(|m| {
                let d = declines(&pos, m.mv);
                pos.play_unchecked(m.mv);
                d
            })
        })
        .take(3)
        .cloned()
        .collect();
    to_analyse.push(usi::parse_line("startpos moves 7g7f 3c3d 8h2b 3a2b").unwrap());
    let mut analysed = Vec::new();
    for (i, r) in to_analyse.iter().enumerate() {
        let input = dir.join(format!("to-analyse-{i}.usi"));
        std::fs::write(&input, usi::write(r)).unwrap();
        for format in [Format::Kif, Format::Kifu, Format::Csa] {
            let out = dir.join(format!("analysed-{i}.{}", format.extension()));
            let (status, _, err) = run(
                &[
                    "--analyse",
                    input.to_str().unwrap(),
                    "--depth",
                    "3",
                    "--threads",
                    "1",
                    "--out",
                    out.to_str().unwrap(),
                ],
                dir,
                b"",
            );
            assert!(status.success(), "{BIN} --analyse: {err}");
            analysed.push((out, format, r.clone()));
        }
    }
    vec![
        Corpus { name: "public", records: public, files: vec![] },
        Corpus { name: "random", records: random, files: vec![] },
        Corpus { name: "handicap", records: handicaps, files: vec![] },
        Corpus { name: "position", records: positions, files: vec![] },
        Corpus { name: "analysed", records: vec![], files: analysed },
    ]
}

fn format_name(f: Format) -> &'static str {
    match f {
        Format::Kif => "KIF (.kif)",
        Format::Kifu => "KIF (.kifu)",
        Format::Csa => "CSA",
        Format::Usi => "USI",
    }
}

/// What our `#評価値=`/`#詰み=` and `#読み筋=` comments say of a move: the score and the
/// line, read with our own KIF move reader from the position after the move.
fn our_analysis(
    after: &Position,
    last_to: Option<gnushogi::rules::Square>,
    comments: &[String],
) -> (Option<String>, Option<Vec<String>>) {
    let mut score = None;
    let mut pv = None;
    for c in comments {
        if let Some(n) = c.strip_prefix("#評価値=") {
            score = Some(n.to_string());
        }
        if let Some(m) = c.strip_prefix("#詰み=") {
            let (side, plies) = m.split_once(':').unwrap_or((m, ""));
            let sign = if side.starts_with("先手") { "+" } else { "-" };
            score = Some(format!("mate{sign}{}", plies.trim_end_matches('手')));
        }
        if let Some(line) = c.strip_prefix("#読み筋=") {
            let mut pos = after.clone();
            let mut last = last_to;
            let mut moves = Vec::new();
            for text in line.split(['▲', '△']).filter(|t| !t.is_empty()) {
                let m = parse_kif_move(text).and_then(|k| k.to_move(&pos, last).ok()).expect(text);
                moves.push(m.to_string());
                last = Some(m.to());
                pos.play_unchecked(m);
            }
            pv = Some(moves);
        }
    }
    (score, pv)
}

#[test]
fn the_readers_players_use_read_our_records_move_for_move() {
    let node = node_readers();
    let python = python_readers();
    if !node && python.is_empty() {
        return;
    }
    let t0 = std::time::Instant::now();
    let dir = fresh_dir("readers");
    let corpora = corpora(&dir);
    // (file, corpus, format, record)
    let mut files: Vec<(String, &str, Format, Record)> = Vec::new();
    for c in &corpora {
        for (i, r) in c.records.iter().enumerate() {
            for format in [Format::Kif, Format::Kifu, Format::Csa] {
                let path = dir.join(format!("{}-{i}.{}", c.name, format.extension()));
                std::fs::write(&path, record::write(r, format)).unwrap();
                files.push((path.display().to_string(), c.name, format, r.clone()));
            }
        }
        for (path, format, r) in &c.files {
            files.push((path.display().to_string(), c.name, *format, r.clone()));
        }
    }
    let names: Vec<String> = files.iter().map(|f| f.0.clone()).collect();
    let mut answers = HashMap::new();
    let mut readers: Vec<&str> = Vec::new();
    if node {
        answers.extend(run_readers("node", &readers_dir().join("read.mjs"), &NODE_READERS, &names));
        readers.extend(NODE_READERS);
    }
    if !python.is_empty() {
        answers.extend(run_readers(
            "python3",
            &readers_dir().join("read.py"),
            &PYTHON_READERS,
            &names,
        ));
        readers.extend(python.iter().copied());
    }
    // (corpus, format, reader) → (read identically, files)
    let mut table = BTreeMap::<(&str, &str, &str), (usize, usize)>::new();
    let mut failures: BTreeMap<(&str, &str, &str), Vec<String>> = BTreeMap::new();
    let (mut analysed_moves, mut analysis_seen) = (0, 0);
    let mut excused = BTreeMap::<(&str, &str), usize>::new();
    for (name, corpus, format, r) in &files {
        // The analysed files are read back by our reader for the comments they hold.
        let ours = if *corpus == "analysed" {
            record::read(&std::fs::read(name).unwrap(), *format).unwrap()
        } else {
            r.clone()
        };
        assert_eq!(
            ours.moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
            r.moves.iter().map(|m| m.mv).collect::<Vec<_>>()
        );
        let our_moves: Vec<String> = ours.moves.iter().map(|m| m.mv.to_string()).collect();
        for reader in &readers {
            let a = &answers[&(name.clone(), reader.to_string())];
            let start_same = parse_sfen(&a.sfen).is_ok_and(|p| {
                let mut p = p;
                p.set_move_number(1);
                let mut s = ours.start.clone();
                s.set_move_number(1);
                p == s
            });
            let mut same = a.error.is_none() && start_same && a.moves == our_moves;
            // ShogiHome's reader must also see the analysis of every move, in KIF.
            if same && *corpus == "analysed" && *reader == "tsshogi" && *format != Format::Csa {
                let mut pos = ours.start.clone();
                for (k, m) in ours.moves.iter().enumerate() {
                    pos.play_unchecked(m.mv);
                    let expected = our_analysis(&pos, Some(m.mv.to()), &m.comments);
                    if expected.0.is_none() {
                        continue;
                    }
                    analysed_moves += 1;
                    if a.analysis.get(k) == Some(&expected) {
                        analysis_seen += 1;
                    } else {
                        same = false;
                        failures.entry((corpus, format_name(*format), reader)).or_default().push(
                            format!(
                                "{name}: move {}: ShogiHome reads {:?}, we wrote {expected:?}",
                                k + 1,
                                a.analysis.get(k)
                            ),
                        );
                    }
                }
            }
            let e = table.entry((corpus, format_name(*format), reader)).or_default();
            e.1 += 1;
            if same {
                e.0 += 1;
            } else if let Some(why) = excuse(reader, *format, r) {
                *excused.entry((reader, why)).or_default() += 1;
            } else {
                failures.entry((corpus, format_name(*format), reader)).or_default().push(format!(
                    "{name}: {} {:?} {:?}, we wrote {:?}",
                    reader,
                    a.error,
                    (&a.sfen, a.moves.len()),
                    our_moves.len()
                ));
            }
        }
    }
    println!("| corpus | format | reader | read identically |");
    println!("|---|---|---|---|");
    for ((corpus, format, reader), (same, all)) in &table {
        println!("| {corpus} | {format} | {reader} | {same} / {all} |");
    }
    println!(
        "ShogiHome's reader sees the score and the line of {analysis_seen} of {analysed_moves} analysed moves"
    );
    for ((reader, why), n) in &excused {
        println!("{n} files not read as written, a fault of {reader}'s reader: {why}");
    }
    for (key, f) in &failures {
        println!("{key:?}: {} files differ, first: {}", f.len(), f[0]);
    }
    println!("{:.1} s", t0.elapsed().as_secs_f64());
    assert!(failures.is_empty(), "{failures:#?}");
    if readers.contains(&"tsshogi") {
        assert!(analysed_moves > 100 && analysis_seen == analysed_moves);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Why a reader cannot read a file of ours as written, when the fault is the reader's (each
/// seen in its source): the only differences the test lets pass.
fn excuse(reader: &str, format: Format, r: &Record) -> Option<&'static str> {
    let kif = matches!(format, Format::Kif | Format::Kifu);
    // The start as a board diagram: any but the standard one and the handicaps named alone.
    let diagram = r.start != Position::startpos()
        && !matches!(
            Handicap::of(&r.start),
            Some(h) if !matches!(h, Handicap::LeftSevenPiece | Handicap::RightSevenPiece)
        );
    let named = r.start == Position::startpos()
        || Handicap::of(&r.start)
            .is_some_and(|h| !matches!(h, Handicap::LeftSevenPiece | Handicap::RightSevenPiece));
    match reader {
        "cshogi" if kif && !named => {
            Some("its KIF reader reads no board diagram (it starts from the standard position)")
        }
        "python-shogi" if kif && diagram && r.moves.len() % 2 == 1 => {
            Some("its KIF reader takes a board diagram's side to move from the end of the game")
        }
        "python-shogi"
            if format == Format::Csa
                && Color::ALL.into_iter().any(|c| {
                    gnushogi::rules::PieceKind::HAND
                        .into_iter()
                        .any(|k| r.start.hand(c).count(k) > 1)
                }) =>
        {
            Some("its CSA reader drops the piece of a count of two or more in hand (P+00FU00FU)")
        }
        _ => None,
    }
}
