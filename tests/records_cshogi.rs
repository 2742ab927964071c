//! Our KIF and CSA records as another program reads them: cshogi (a Python shogi library)
//! parses the files our writers make of the 538 public games and of random games (from the
//! standard start and the handicaps), and must find the same start and the same moves. Its
//! handicap table must agree with ours. Skipped, saying why, when `python3` or cshogi is
//! missing, and under CI a failure (`common::require`). All files go to one Python run.

use crate::common::tools::python_cannot_import;
use crate::common::{Rng, fresh_dir, require};
use gnushogi::files::record::{self, Format, Headers, Record, RecordMove, usi};
use gnushogi::notation::to_sfen;
use gnushogi::rules::handicap::Handicap;
use gnushogi::rules::{MoveList, Position};
use std::fmt::Write as _;
use std::process::Command;

const GAMES: &str = include_str!("data/records/games.tsv");

/// For each file named on stdin: its name, the start SFEN and the moves in USI, as cshogi
/// reads them; then the handicap table.
const SCRIPT: &str = r#"
import sys, cshogi, cshogi.KIF, cshogi.CSA
for name in sys.stdin.read().split():
    try:
        if name.endswith('.csa'):
            p = cshogi.CSA.Parser.parse_file(name)[0]
        else:
            p = cshogi.KIF.Parser.parse_file(name)
        moves = ' '.join(cshogi.move_to_usi(m) for m in p.moves)
        print('\t'.join([name, p.sfen, moves]), flush=True)
    except Exception as e:
        print('\t'.join([name, 'error', repr(e).replace('\t', ' ').replace('\n', ' ')]), flush=True)
for k, v in cshogi.KIF.Parser.HANDYCAP_SFENS.items():
    print('\t'.join(['handicap', k, v or '']))
"#;

/// Random games from the standard start and the handicaps cshogi knows (it lacks the two
/// seven-piece ones).
fn random_games(n: usize) -> Vec<Record> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut next = move || rng.next();
    let starts: Vec<Position> = std::iter::once(Position::startpos())
        .chain(
            Handicap::ALL
                .into_iter()
                .filter(|h| !matches!(h, Handicap::LeftSevenPiece | Handicap::RightSevenPiece))
                .map(Handicap::position),
        )
        .collect();
    (0..n)
        .map(|i| {
            let start = starts[i % starts.len()].clone();
            let mut pos = start.clone();
            let mut moves = Vec::new();
            for _ in 0..next() % 150 {
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                let m = list.get((next() % list.len() as u64) as usize).unwrap();
                moves.push(RecordMove::new(m));
                pos.play_unchecked(m);
            }
            Record { start, headers: Headers::default(), comments: vec![], moves, outcome: None }
        })
        .collect()
}

#[test]
fn cshogi_reads_our_records_move_for_move() {
    if !require("cshogi", python_cannot_import("cshogi", "pip install cshogi==1.1.0")) {
        return;
    }
    let t0 = std::time::Instant::now();
    let dir = fresh_dir("cshogi");
    let public: Vec<Record> = GAMES
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| usi::parse_line(l.split('\t').next().unwrap()).unwrap())
        .collect();
    assert_eq!(public.len(), 538);
    let random = random_games(300);
    // name → (record, whether the KIF has a declined promotion)
    let mut expected = Vec::new();
    let mut names = String::new();
    for (set, games) in [("public", &public), ("random", &random)] {
        for (i, r) in games.iter().enumerate() {
            for format in [Format::Kif, Format::Csa] {
                let path = dir.join(format!("{set}-{i}.{}", format.extension()));
                let bytes = record::write(r, format);
                let declined =
                    format == Format::Kif && record::sjis::decode(&bytes).contains("不成");
                std::fs::write(&path, &bytes).unwrap();
                let _ = writeln!(names, "{}", path.display());
                expected.push((path.display().to_string(), set, format, r, declined));
                if declined {
                    // The same without the word cshogi lacks: it must then agree.
                    let path = dir.join(format!("{set}-{i}-without-funari.kif"));
                    let text = record::sjis::decode(&bytes).replace("不成", "");
                    std::fs::write(&path, record::sjis::encode(&text)).unwrap();
                    let _ = writeln!(names, "{}", path.display());
                    expected.push((path.display().to_string(), "without 不成", format, r, false));
                }
            }
        }
    }
    // cshogi crashes on some KIF files (a segmentation fault): such a file is marked and
    // the run goes on with the files after it.
    let names: Vec<&str> = names.lines().collect();
    let mut read = std::collections::HashMap::new();
    let mut handicaps = std::collections::HashMap::new();
    let mut from = 0;
    let mut runs = 0;
    while from < names.len() {
        runs += 1;
        let mut child = Command::new("python3")
            .args(["-c", SCRIPT])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(names[from..].join("\n").as_bytes()).unwrap();
        }
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        for line in text.lines() {
            let f: Vec<&str> = line.splitn(3, '\t').collect();
            if f[0] == "handicap" {
                handicaps.insert(f[1].to_string(), f[2].to_string());
            } else {
                read.insert(f[0].to_string(), (f[1].to_string(), f[2].to_string()));
                from += 1;
            }
        }
        if !out.status.success() {
            read.insert(names[from].to_string(), ("crashed".into(), String::new()));
            from += 1;
        }
    }
    let mut agree = std::collections::BTreeMap::<(&str, &str), (usize, usize)>::new();
    let mut unread_declined = 0;
    for (name, set, format, r, declined) in &expected {
        let (sfen, moves) = &read[name];
        let ours: Vec<String> = r.moves.iter().map(|m| m.mv.to_string()).collect();
        let same = *sfen == to_sfen(&r.start) && *moves == ours.join(" ");
        let kind = if *format == Format::Kif { "KIF" } else { "CSA" };
        let e = agree.entry((set, kind)).or_default();
        e.1 += 1;
        if same {
            e.0 += 1;
        } else if *declined {
            // cshogi's KIF move pattern has no 不成 (a declined promotion, which KIF writes
            // and Kifu for Windows, ShogiHome and Kifu for JS read): it stops short there.
            unread_declined += 1;
        } else {
            panic!(
                "{name}: cshogi read {sfen} {moves}, we wrote {} {}",
                to_sfen(&r.start),
                ours.join(" ")
            );
        }
    }
    for ((set, kind), (same, all)) in &agree {
        println!("{kind} {set}: cshogi agrees move for move on {same} of {all}");
    }
    println!("{unread_declined} KIF records with 不成 that cshogi cannot read ({} runs)", runs);
    // The handicap SFENs cshogi knows are ours.
    let mut compared = 0;
    for h in Handicap::ALL {
        if let Some(sfen) = handicaps.get(h.japanese()) {
            assert_eq!(*sfen, to_sfen(&h.position()), "{h}");
            compared += 1;
        }
    }
    assert_eq!(compared, 13, "{handicaps:?}");
    assert_eq!(agree[&("public", "CSA")].0, 538);
    let _ = std::fs::remove_dir_all(&dir);
    println!("{:.1} s", t0.elapsed().as_secs_f64());
}
