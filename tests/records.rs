//! Game records (`files::record`): every format writes and reads back the same record, for
//! random legal games from the standard start, the handicaps and other positions, and for
//! the 538 public games of `data/records/games.tsv`; hostile input gets an error with its
//! line, never a panic.

use crate::common::Rng;
use crate::common::fuzz::{check, mutated_bytes};
use chrono::NaiveDate;
use gnushogi::files::record::{
    self, Format, Headers, Record, RecordMove, TimeLimit, csa, kif, sjis, usi,
};
use gnushogi::game::{DrawReason, Outcome, WinReason};
use gnushogi::notation::{parse_sfen, to_sfen};
use gnushogi::rules::handicap::Handicap;
use gnushogi::rules::{Color, MoveList, Position};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::time::Duration;

const GAMES: &str = include_str!("data/records/games.tsv");
const POSITIONS: &str = include_str!("data/positions.tsv");

/// A small deterministic generator, seeded by proptest.
/// Characters of names and comments: ASCII, kana, kanji, full-width forms, all of which
/// Shift-JIS can write.
const CHARS: &[&str] = &[
    "a", "Z", "7", " ", ":", ",", "*", "'", "%", "+", "-", "/", "(", ")", "羽", "生", "善", "治",
    "藤", "井", "聡", "太", "の", "勝", "ち", "同", "　", "歩", "龍", "▲", "△", "手", "：", "ア",
    "ー", "１", "九", "成", "打", "投", "了", "ま", "で", "変", "化", "#", "&", "|", "v", "・",
];

fn text(rng: &mut Rng, max: usize) -> String {
    (0..rng.below(max) + 1).map(|_| CHARS[rng.below(CHARS.len())]).collect()
}

/// A header value: trimmed and not empty, as readers give them back.
fn value(rng: &mut Rng) -> Option<String> {
    rng.chance(70).then(|| {
        let t = text(rng, 12).trim_matches([' ', '\u{3000}']).to_string();
        if t.is_empty() { "x".into() } else { t }
    })
}

/// The start of a random game: the standard one, a handicap, a middle game of the test
/// data, or a position some random moves into a game (with pieces in hand).
fn random_start(rng: &mut Rng, positions: &[Position]) -> Position {
    let mut pos = match rng.below(4) {
        0 => Position::startpos(),
        1 => Handicap::ALL[rng.below(15)].position(),
        2 => positions[rng.below(positions.len())].clone(),
        _ => {
            let mut pos = Position::startpos();
            for _ in 0..rng.below(60) {
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                let m = list.get(rng.below(list.len())).unwrap();
                pos.play_unchecked(m);
            }
            pos
        }
    };
    // KIF and CSA have no move number: a record starts at 1.
    pos.set_move_number(1);
    pos
}

fn random_record(seed: u64, positions: &[Position]) -> Record {
    let mut rng = Rng(seed | 1);
    let start = random_start(&mut rng, positions);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let length = rng.below(160);
    let mut mated = false;
    for _ in 0..length {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            mated = true;
            break;
        }
        // Promotions and drops more often than their share, so every form is written.
        let all: Vec<_> = list.iter().collect();
        let special: Vec<_> =
            all.iter().copied().filter(|m| m.is_promotion() || m.is_drop()).collect();
        let m = if !special.is_empty() && rng.chance(30) {
            special[rng.below(special.len())]
        } else {
            all[rng.below(all.len())]
        };
        let mut rm = RecordMove::new(m);
        if rng.chance(70) {
            rm.time =
                Some(Duration::from_secs(rng.next() % if rng.chance(5) { 40_000 } else { 300 }));
        }
        for _ in 0..rng.below(3).saturating_sub(1) {
            rm.comments.push(text(&mut rng, 20));
        }
        moves.push(rm);
        pos.play_unchecked(m);
    }
    let to_move = pos.side_to_move();
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    let any_side = if rng.chance(50) { Color::Black } else { Color::White };
    let outcome = if mated {
        win(!to_move, WinReason::Checkmate)
    } else {
        match rng.below(14) {
            0 => win(!to_move, WinReason::Resignation),
            1 => win(!to_move, WinReason::Checkmate),
            2 => win(!to_move, WinReason::NoLegalMove),
            3 => win(!to_move, WinReason::Time),
            4 => win(to_move, WinReason::Declaration),
            5 => win(any_side, WinReason::IllegalMove),
            6 => win(any_side, WinReason::PerpetualCheck),
            7 => win(any_side, WinReason::Impasse),
            8 => Some(Outcome::Draw(DrawReason::Repetition)),
            9 => Some(Outcome::Draw(DrawReason::Impasse)),
            10 => Some(Outcome::Draw(DrawReason::MoveLimit)),
            11 => Some(Outcome::Draw(DrawReason::Agreement)),
            _ => None,
        }
    };
    let date = rng.chance(70).then(|| {
        NaiveDate::from_ymd_opt(
            1990 + rng.below(60) as i32,
            1 + rng.below(12) as u32,
            1 + rng.below(28) as u32,
        )
        .unwrap()
        .and_hms_opt(rng.below(24) as u32, rng.below(60) as u32, rng.below(60) as u32)
        .unwrap()
    });
    let headers = Headers {
        date,
        black: value(&mut rng),
        white: value(&mut rng),
        event: value(&mut rng),
        site: value(&mut rng),
        time_control: value(&mut rng),
        time_limit: rng.chance(50).then(|| {
            let main = Duration::from_secs(60 * rng.below(600) as u64);
            TimeLimit::new(main, Duration::from_secs(rng.below(120) as u64)).unwrap()
        }),
    };
    let comments = (0..rng.below(3)).map(|_| text(&mut rng, 30)).collect();
    Record { start, headers, comments, moves, outcome }
}

/// What a format keeps of a record: the record as it reads back.
fn kept(r: &Record, format: Format) -> Record {
    let mut r = r.clone();
    if format == Format::Usi {
        r.headers = Headers::default();
        r.comments.clear();
        r.outcome = None;
        for m in &mut r.moves {
            m.time = None;
            m.comments.clear();
        }
        return r;
    }
    // Only CSA states a time limit; its words are then the limit as the file has it, and
    // words without a limit are a remark that is not read back.
    if format == Format::Csa {
        r.headers.time_control =
            r.headers.time_limit.as_ref().map(gnushogi::notation::csa::format_time_limit);
    } else {
        r.headers.time_limit = None;
    }
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    r.outcome = match (r.outcome, format) {
        (Some(Outcome::Win { winner, reason: WinReason::NoLegalMove }), _) => {
            win(winner, WinReason::Checkmate)
        }
        (
            Some(Outcome::Draw(DrawReason::MoveLimit | DrawReason::Agreement)),
            Format::Kif | Format::Kifu,
        ) => None,
        (Some(Outcome::Win { reason: WinReason::Impasse, .. }), Format::Csa) => {
            Some(Outcome::Draw(DrawReason::Impasse))
        }
        (Some(Outcome::Win { winner, reason: WinReason::PerpetualCheck }), Format::Csa) => {
            win(winner, WinReason::IllegalMove)
        }
        (o, _) => o,
    };
    r
}

fn positions() -> Vec<Position> {
    POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| parse_sfen(l.split('\t').next()?).ok())
        .collect()
}

/// The games of the data file, as records of their moves and result.
fn data_games() -> Vec<Record> {
    GAMES
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| usi::parse_line(l.split('\t').next().unwrap()).unwrap())
        .collect()
}

#[test]
fn random_games_read_back_the_same_in_every_format() {
    let positions = positions();
    let counts = std::cell::Cell::new(0usize);
    check("records round trip", 1000, any::<u64>(), |seed| {
        let r = random_record(seed, &positions);
        for format in Format::ALL {
            let bytes = record::write(&r, format);
            let back = record::read(&bytes, format).map_err(|e| {
                TestCaseError::fail(format!("{format:?}: {e}\n{}", sjis::decode(&bytes)))
            })?;
            prop_assert_eq!(&back, &kept(&r, format), "{:?}\n{}", format, sjis::decode(&bytes));
        }
        // The Shift-JIS file is not UTF-8 (it has kanji), and holds the same text.
        let kif = record::write(&r, Format::Kif);
        prop_assert!(std::str::from_utf8(&kif).is_err());
        prop_assert_eq!(sjis::decode(&kif), kif::write(&r));
        counts.set(counts.get() + 1);
        Ok(())
    });
    println!("{} random games, each in KIF (Shift-JIS), KIF (UTF-8), CSA and USI", counts.get());
    assert!(counts.get() >= 1000);
}

#[test]
fn the_public_games_read_back_the_same_in_every_format() {
    let games = data_games();
    assert_eq!(games.len(), 538);
    for (i, g) in games.iter().enumerate() {
        for format in Format::ALL {
            let back = record::read(&record::write(g, format), format).unwrap();
            assert_eq!(&back, g, "game {} in {format:?}", i + 1);
        }
    }
}

#[test]
fn handicap_positions_are_the_standard_ones() {
    // As the KIF handicap tables give them (ShogiHome, cshogi; the two seven-piece
    // handicaps, which cshogi lacks, from ShogiHome's and json-kifu-format's tables).
    let expected = [
        ("lance", "香落ち", "lnsgkgsn1/1r5b1"),
        ("right-lance", "右香落ち", "1nsgkgsnl/1r5b1"),
        ("bishop", "角落ち", "lnsgkgsnl/1r7"),
        ("rook", "飛車落ち", "lnsgkgsnl/7b1"),
        ("rook-lance", "飛香落ち", "lnsgkgsn1/7b1"),
        ("two-piece", "二枚落ち", "lnsgkgsnl/9"),
        ("three-piece", "三枚落ち", "lnsgkgsn1/9"),
        ("four-piece", "四枚落ち", "1nsgkgsn1/9"),
        ("five-piece", "五枚落ち", "2sgkgsn1/9"),
        ("left-five-piece", "左五枚落ち", "1nsgkgs2/9"),
        ("six-piece", "六枚落ち", "2sgkgs2/9"),
        ("left-seven-piece", "左七枚落ち", "2sgkg3/9"),
        ("right-seven-piece", "右七枚落ち", "3gkgs2/9"),
        ("eight-piece", "八枚落ち", "3gkg3/9"),
        ("ten-piece", "十枚落ち", "4k4/9"),
    ];
    assert_eq!(Handicap::ALL.len(), expected.len());
    for (h, (name, japanese, top)) in Handicap::ALL.into_iter().zip(expected) {
        assert_eq!(h.name(), name);
        assert_eq!(h.japanese(), japanese);
        let sfen = format!("{top}/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        assert_eq!(to_sfen(&h.position()), sfen, "{name}");
        // Each format names it.
        let r = Record {
            start: h.position(),
            headers: Headers::default(),
            comments: vec![],
            moves: vec![],
            outcome: None,
        };
        // KIF names it, except the two seven-piece handicaps, which some readers do not
        // know by name: those are a board diagram alone. Either way it reads back.
        let named = kif::write(&r).contains(&format!("手合割：{japanese}"));
        assert_eq!(named, !name.ends_with("seven-piece"), "{name}");
        assert_eq!(
            record::read(&record::write(&r, Format::Kif), Format::Kif).unwrap().handicap(),
            Some(h),
            "{name}"
        );
        assert!(csa::write(&r).contains("\nPI") && csa::write(&r).contains("\n-\n"));
        assert_eq!(
            record::read(&record::write(&r, Format::Csa), Format::Csa).unwrap().handicap(),
            Some(h)
        );
    }
}

/// The line of `text` (1-based) that starts with `prefix`.
fn line_of(text: &str, pred: impl FnMut(&str) -> bool) -> usize {
    text.lines().position(pred).unwrap() + 1
}

#[test]
fn a_bad_move_is_refused_on_its_line() {
    let positions = positions();
    let mut tested = 0;
    for seed in 1..300u64 {
        let r = random_record(seed * 7919, &positions);
        if r.moves.is_empty() {
            continue;
        }
        let i = (seed as usize) % r.moves.len();
        // KIF: a drop from a square.
        let text = kif::write(&r);
        let prefix = format!("{:>4} ", i + 1);
        let n = line_of(&text, |l| l.starts_with(&prefix));
        let bad: Vec<String> = text
            .lines()
            .enumerate()
            .map(|(k, l)| if k + 1 == n { format!("{prefix}５五歩打(55)") } else { l.to_string() })
            .collect();
        let e = kif::parse(&bad.join("\n")).unwrap_err();
        assert_eq!(e.line, n, "{e}");
        // CSA: the move of the wrong side.
        let text = csa::write(&r);
        let mut k = 0;
        let n = line_of(&text, |l| {
            let is_move = l.len() == 7 && l.starts_with(['+', '-']);
            k += usize::from(is_move);
            is_move && k == i + 1
        });
        let bad: Vec<String> = text
            .lines()
            .enumerate()
            .map(|(k, l)| {
                if k + 1 == n {
                    let flipped = if l.starts_with('+') { '-' } else { '+' };
                    format!("{flipped}{}", &l[1..])
                } else {
                    l.to_string()
                }
            })
            .collect();
        let e = csa::parse(&bad.join("\n")).unwrap_err();
        assert_eq!(e.line, n, "{e}");
        assert!(e.reason.contains("out of turn"), "{e}");
        // USI: the move is the only line, and its number is in the reason.
        let mut words: Vec<String> = usi::write(&r).split(' ').map(str::to_string).collect();
        let at = words.len() - r.moves.len() + i;
        words[at] = "5e5e".into();
        let e = usi::parse(&words.join(" ")).unwrap_err();
        assert_eq!(e.line, 1);
        tested += 1;
    }
    assert!(tested > 200);
}

#[test]
fn bad_headers_are_refused_on_their_line() {
    let cases: [(Format, &str, usize); 8] = [
        (Format::Kifu, "先手：a\n手合割：その他\n   1 ７六歩(77)\n", 2),
        (Format::Kifu, "後手の持駒：なし\n|v香v桂\n", 2),
        (Format::Kifu, "先手の持駒：玉\n", 1),
        (Format::Kifu, "手合割：平手\n\n   1 ７六歩\n", 3),
        (Format::Csa, "V2.2\nPI99ZZ\n+\n", 2),
        (Format::Csa, "V2.2\nPI\n+\n+7776FU\nT-3\n", 5),
        (Format::Csa, "V2.2\nP1-KY\n+\n", 2),
        (Format::Usi, "# x\nposition sfen 9/9 b - 1\n", 2),
    ];
    for (format, text, line) in cases {
        let e = record::read(text.as_bytes(), format).unwrap_err();
        assert_eq!(e.line, line, "{text}: {e}");
    }
}

#[test]
fn hostile_bytes_never_panic() {
    let positions = positions();
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    for seed in 1..20u64 {
        let r = random_record(seed * 104_729, &positions);
        for format in Format::ALL {
            seeds.push(record::write(&r, format));
        }
    }
    for f in ["shogidb2.kifu", "habu-fujii-2006.kif", "kifu32335.csa"] {
        seeds
            .push(std::fs::read(format!("{}/tests/data/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap());
    }
    check("records hostile", 3000, (mutated_bytes(seeds), 0usize..4), |(data, f)| {
        let format = Format::ALL[f];
        let lines = sjis::decode(&data).lines().count();
        match record::read(&data, format) {
            // Whatever is read plays legally and writes back the same.
            Ok(r) => {
                let mut pos = r.start.clone();
                for m in &r.moves {
                    prop_assert!(pos.is_legal(m.mv));
                    pos.play_unchecked(m.mv);
                }
                let again = record::read(&record::write(&r, format), format);
                prop_assert!(again.is_ok(), "{:?}", again);
            }
            Err(e) => prop_assert!(e.line <= lines + 1, "{e} of {lines} lines"),
        }
        Ok(())
    });
    check(
        "records junk",
        2000,
        (proptest::collection::vec(any::<u8>(), 0..400), 0usize..4),
        |(data, f)| {
            let _ = record::read(&data, Format::ALL[f]);
            Ok(())
        },
    );
}

#[test]
fn formats_by_extension() {
    use std::path::Path;
    assert_eq!(Format::from_path(Path::new("a/game.KIF")), Some(Format::Kif));
    assert_eq!(Format::from_path(Path::new("game.kifu")), Some(Format::Kifu));
    assert_eq!(Format::from_path(Path::new("game.csa")), Some(Format::Csa));
    assert_eq!(Format::from_path(Path::new("game.usi")), Some(Format::Usi));
    assert_eq!(Format::from_path(Path::new("shogi.000")), None);
    assert_eq!(Format::from_path(Path::new("kif")), None);
}

#[test]
fn real_files_of_other_programs() {
    let dir = format!("{}/tests/data", env!("CARGO_MANIFEST_DIR"));
    let read = |f: &str, format| {
        record::read(&std::fs::read(format!("{dir}/{f}")).unwrap(), format).unwrap()
    };
    let habu = read("habu-fujii-2006.kif", Format::Kif);
    assert_eq!(habu.headers.black.as_deref(), Some("羽生善治"));
    assert_eq!(habu.headers.white.as_deref(), Some("藤井猛"));
    assert_eq!(habu.headers.event.as_deref(), Some("順位戦"));
    assert_eq!(habu.headers.date.unwrap().to_string(), "2006-12-15 21:03:00");
    assert_eq!(habu.comments[0], "棋戦詳細：第65期順位戦A級06回戦");
    assert_eq!(habu.outcome.and_then(Outcome::winner), Some(Color::Black));
    let csa = read("kifu32335.csa", Format::Csa);
    assert_eq!(csa.headers.black.as_deref(), Some("山口英夫"));
    assert_eq!(csa.headers.event.as_deref(), Some("名将戦"));
    assert_eq!(csa.start, Position::startpos());
    let db = read("shogidb2.kifu", Format::Kifu);
    assert_eq!(db.headers.white.as_deref(), Some("藤井聡太"));
    assert_eq!(db.moves[0].time, Some(Duration::ZERO));
    // Each reads back the same from every format that keeps what it holds.
    for r in [habu, csa, db] {
        for format in [Format::Kif, Format::Kifu, Format::Csa] {
            let back = record::read(&record::write(&r, format), format).unwrap();
            assert_eq!(back.moves, r.moves);
            let mut headers = r.headers.clone();
            if format == Format::Csa && headers.time_limit.is_none() {
                // "6時間" has no `$TIME_LIMIT` form: CSA keeps it as a remark only.
                headers.time_control = None;
            }
            assert_eq!(back.headers, headers);
        }
    }
}
