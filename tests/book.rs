//! The opening book: GNU Shogi's own book read whole, books made from real games and read
//! back, the compiled form, the records readers on real files, damaged input, and the
//! engine playing from the book.

mod compiled;
mod make;
mod records;
mod text;

use crate::common::Rng;
use crate::common::fresh_dir;
use gnushogi::book::make::{MakeOptions, make_book};
use gnushogi::book::records::{Format, GameResult, parse_records};
use gnushogi::book::{
    Book, CompiledBookError, DEFAULT_MAX_PLY, parse_tbk, read_compiled, write_compiled,
};
use gnushogi::cli::Cli;
use gnushogi::cli::tools::{load_book, make_book as run_make_book};
use gnushogi::engine::{Engine, EngineOptions};
use gnushogi::game::Game;
use gnushogi::notation::{Annotation, parse_usi_move};
use gnushogi::rules::{Color, Move, Position};
use gnushogi::search::SearchLimits;
use std::path::{Path, PathBuf};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

fn read(name: &str) -> Vec<u8> {
    std::fs::read(data(name)).unwrap()
}

fn usi(pos: &Position, s: &str) -> Move {
    parse_usi_move(s).unwrap().to_move(pos).unwrap()
}

fn after(moves: &str) -> Position {
    let mut pos = Position::startpos();
    for m in moves.split_whitespace() {
        pos = pos.played(usi(&pos, m));
    }
    pos
}

fn weights(book: &Book, pos: &Position) -> Vec<(String, u32)> {
    book.entries(pos).iter().map(|e| (e.mv.to_string(), e.weight)).collect()
}

/// The book `-b`, `-B` and `-P` ask for, or why there is none.
fn load_from_cli(c: &Cli) -> Result<Book, String> {
    load_book(c).map(|(book, _)| book).map_err(|e| e.to_string())
}

fn cli(args: &[&str]) -> Cli {
    Cli::parse_args(std::iter::once("gnushogi").chain(args.iter().copied()).map(Into::into))
        .unwrap()
}

/// A fresh directory for files a test writes.
fn scratch(name: &str) -> PathBuf {
    fresh_dir(&format!("book-{name}"))
}

#[test]
fn gnu_shogis_own_book_reads_whole() {
    let tb = parse_tbk(&read("gnushogi.tbk"), DEFAULT_MAX_PLY).unwrap();
    assert!(tb.diagnostics.is_empty(), "{:?}", tb.diagnostics);
    assert_eq!(tb.lines, 519);
    // The original stores 5668 position:move records for 5164 positions; it leaves the
    // side to move out of its key, we do not, so one board is two positions here.
    assert_eq!(tb.book.moves(), 5668);
    assert_eq!(tb.book.positions(), 5165);
    let start = Position::startpos();
    assert_eq!(weights(&tb.book, &start), [("7g7f".into(), 390), ("2g2f".into(), 129)]);
    // Every move is legal where it stands: the compiled form replays each from the start
    // and refuses any that is not.
    let c = write_compiled(&tb.book);
    assert_eq!((c.positions, c.moves, c.unreachable), (5165, 5668, 0));
    assert_eq!(read_compiled(&c.bytes, DEFAULT_MAX_PLY).unwrap(), tb.book);
    // After 2g2f 8c8d 2f2e 8d8e the book marks 2e2d `?` (line 557: `3.P-2d? Px2d`).
    let p = after("2g2f 8c8d 2f2e 8d8e");
    let e = tb.book.entries(&p);
    let bad = e.iter().find(|e| e.mv.to_string() == "2e2d").unwrap();
    assert_eq!(bad.mark, Some(Annotation::Bad));
    assert!(tb.book.bad_moves(&p).contains(&bad.mv));
    // The hint of 7g7f is the reply of the last line through it.
    assert!(tb.book.entries(&start)[0].hint.is_some());
}

#[test]
fn gnu_shogis_marks_are_kept() {
    let tb = parse_tbk(&read("gnushogi.tbk"), DEFAULT_MAX_PLY).unwrap();
    // Walk the whole book from the start through its moves, counting marks.
    let (mut bad, mut good, mut found) = (0, 0, 0);
    let mut todo = vec![Position::startpos()];
    let mut seen = std::collections::HashSet::new();
    while let Some(pos) = todo.pop() {
        if !seen.insert(pos.key()) || tb.book.entries(&pos).is_empty() {
            continue;
        }
        found += 1;
        for e in tb.book.entries(&pos) {
            match e.mark {
                Some(Annotation::Bad) => bad += 1,
                Some(Annotation::Good) => good += 1,
                None => {}
            }
            todo.push(pos.played(e.mv));
        }
    }
    assert_eq!(found, tb.book.positions());
    // The original's counts of BAD and GOOD records.
    assert_eq!((bad, good), (77, 12));
}

#[test]
fn max_ply_limits_what_is_read() {
    let tb = parse_tbk(&read("gnushogi.tbk"), 1).unwrap();
    assert_eq!(tb.book.moves(), 2);
    let c = cli(&["-b", data("gnushogi.tbk").to_str().unwrap(), "-P", "2"]);
    let book = load_from_cli(&c).unwrap();
    let start = Position::startpos();
    assert_eq!(book.positions(), 3);
    assert_eq!(weights(&book, &start), [("7g7f".into(), 390), ("2g2f".into(), 129)]);
}

#[test]
fn a_made_book_reads_back_the_same() {
    let dir = scratch("made-book");
    let (tbk, bkb) = (dir.join("b.tbk"), dir.join("b.bkb"));
    let games = data("book-games.tsv");
    let c = cli(&[
        "--make-book",
        "--from",
        games.to_str().unwrap(),
        "--book-out",
        tbk.to_str().unwrap(),
        "-B",
        bkb.to_str().unwrap(),
    ]);
    assert_eq!(run_make_book(&c), std::process::ExitCode::SUCCESS);
    // What --make-book wrote, as text and compiled, is the book made in memory.
    let records = parse_records("g", &read("book-games.tsv"), Format::UsiList);
    assert_eq!(records.games.len(), 80);
    let made = make_book(&records.games, MakeOptions::default());
    let text = parse_tbk(&std::fs::read(&tbk).unwrap(), DEFAULT_MAX_PLY).unwrap();
    assert!(text.diagnostics.is_empty());
    assert_eq!(text.book, made.book);
    assert_eq!(text.lines, made.lines.len());
    let compiled = read_compiled(&std::fs::read(&bkb).unwrap(), DEFAULT_MAX_PLY).unwrap();
    assert_eq!(compiled, made.book);
    // The weights are game counts: the first moves of the 80 games.
    let start = Position::startpos();
    let mut firsts = std::collections::BTreeMap::new();
    for g in &records.games {
        *firsts.entry(g.moves[0].to_string()).or_insert(0u32) += 1;
    }
    for e in made.book.entries(&start) {
        assert_eq!(firsts[&e.mv.to_string()], e.weight);
    }
    assert!(made.book.entries(&start).len() >= 2);
    // -b and -B load them again.
    let c = cli(&["-b", tbk.to_str().unwrap()]);
    assert_eq!(load_from_cli(&c).unwrap(), made.book);
    let c = cli(&["-B", bkb.to_str().unwrap()]);
    assert_eq!(load_from_cli(&c).unwrap(), made.book);
    // --make-book compiles a text book too.
    let gnu = dir.join("gnu.bkb");
    let c = cli(&[
        "--make-book",
        "-b",
        data("gnushogi.tbk").to_str().unwrap(),
        "-B",
        gnu.to_str().unwrap(),
    ]);
    assert_eq!(run_make_book(&c), std::process::ExitCode::SUCCESS);
    let gnu_book = read_compiled(&std::fs::read(&gnu).unwrap(), DEFAULT_MAX_PLY).unwrap();
    assert_eq!(gnu_book.moves(), 5668);
    // Refusals: no input, both inputs, -b without -B.
    for args in [
        vec!["--make-book"],
        vec!["--make-book", "-b", "x.tbk", "--from", "y.tsv"],
        vec!["--make-book", "-b", "x.tbk"],
        vec!["--make-book", "--from", "/nonexistent/games.tsv"],
    ] {
        assert_eq!(run_make_book(&cli(&args)), std::process::ExitCode::from(2));
    }
}

#[test]
fn records_read_from_real_files() {
    let expected = String::from_utf8(read("records-usi.tsv")).unwrap();
    for line in expected.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let bytes = read(f[0]);
        let format = Format::detect(Path::new(f[0]), &bytes);
        let r = parse_records(f[0], &bytes, format);
        assert!(r.problems.is_empty(), "{}: {:?}", f[0], r.problems);
        assert_eq!(r.games.len(), 1, "{}", f[0]);
        let moves: Vec<String> = r.games[0].moves.iter().map(Move::to_string).collect();
        assert_eq!(moves.join(" "), f[2], "{}", f[0]);
        let result = match f[1] {
            "1-0" => GameResult::Win(Color::Black),
            "0-1" => GameResult::Win(Color::White),
            _ => GameResult::Unknown,
        };
        assert_eq!(r.games[0].result, result, "{}", f[0]);
    }
    // The same games, found by --make-book in a directory.
    let dir = scratch("records-dir");
    for f in ["kifu32335.csa", "habu-fujii-2006.kif", "shogidb2.kifu"] {
        std::fs::copy(data(f), dir.join(f)).unwrap();
    }
    std::fs::write(dir.join("notes.md"), "not a record").unwrap();
    let out = dir.join("out.tbk");
    let c = cli(&[
        "--make-book",
        "--from",
        dir.to_str().unwrap(),
        "--min-count",
        "1",
        "--max-depth",
        "12",
        "--book-out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run_make_book(&c), std::process::ExitCode::SUCCESS);
    let book = parse_tbk(&std::fs::read(&out).unwrap(), DEFAULT_MAX_PLY).unwrap();
    assert_eq!(book.lines, 3);
    assert_eq!(weights(&book.book, &Position::startpos()), [("7g7f".into(), 3)]);
    assert!(book.book.moves() <= 3 * 12);
}

#[test]
fn damaged_text_books_are_reported_not_fatal() {
    let gnu = read("gnushogi.tbk");
    // Cut anywhere: the reader stops cleanly, reporting a cut comment or move.
    for cut in (0..gnu.len()).step_by(997) {
        let tb = parse_tbk(&gnu[..cut], DEFAULT_MAX_PLY).unwrap();
        assert!(tb.book.moves() <= 5668);
    }
    let tb = parse_tbk(&gnu[..1000], DEFAULT_MAX_PLY).unwrap();
    assert_eq!(tb.diagnostics.len(), 1, "{:?}", tb.diagnostics);
    assert!(tb.diagnostics[0].to_string().contains("illegal move"));
    // An illegal move: its file line is given, the rest of its line of play is skipped.
    let text = b"# a\nP7f P3d\nP2f P4d\n[ comment ]\nR2h P8d\n#\nP2f\n";
    let tb = parse_tbk(text, DEFAULT_MAX_PLY).unwrap();
    assert_eq!(tb.diagnostics.len(), 1);
    assert!(tb.diagnostics[0].to_string().starts_with("5: illegal move 'R2h' at ply 5"));
    assert_eq!(tb.book.moves(), 4 + 1);
    // Binary junk: refused as a whole when it has NUL bytes, else read as bad moves.
    let mut j = Rng(0x9e37_79b9_7f4a_7c15);
    let junk: Vec<u8> = (0..20_000).map(|_| (j.next() >> 24) as u8).collect();
    assert!(
        parse_tbk(&junk, DEFAULT_MAX_PLY).unwrap_err().to_string().starts_with("not a text book")
    );
    let no_nul: Vec<u8> = junk.iter().map(|&b| b.max(1)).collect();
    let tb = parse_tbk(&no_nul, DEFAULT_MAX_PLY).unwrap();
    assert!(!tb.diagnostics.is_empty());
    // -b with such files: clear errors.
    let dir = scratch("damaged");
    let bin = dir.join("junk.tbk");
    std::fs::write(&bin, &junk).unwrap();
    let err = load_from_cli(&cli(&["-b", bin.to_str().unwrap()])).unwrap_err();
    assert!(err.ends_with("junk.tbk: not a text book: binary data at line 1"), "{err}");
    let empty = dir.join("empty.tbk");
    std::fs::write(&empty, "# nothing\n").unwrap();
    let err = load_from_cli(&cli(&["-b", empty.to_str().unwrap()])).unwrap_err();
    assert!(err.ends_with("empty.tbk: no book moves found"), "{err}");
    let err = load_from_cli(&cli(&["-b", "/nonexistent/book.tbk"])).unwrap_err();
    assert!(err.starts_with("-b /nonexistent/book.tbk: "), "{err}");
}

#[test]
fn damaged_compiled_books_are_refused() {
    let book = parse_tbk(&read("gnushogi.tbk"), DEFAULT_MAX_PLY).unwrap().book;
    let bytes = write_compiled(&book).bytes;
    for cut in (0..bytes.len()).step_by(331) {
        assert!(read_compiled(&bytes[..cut], DEFAULT_MAX_PLY).is_err());
    }
    assert_eq!(read_compiled(&read("gnushogi.tbk"), 40), Err(CompiledBookError::NotCompiled));
    let dir = scratch("damaged-compiled");
    let f = dir.join("bad.bkb");
    let mut bad = bytes.clone();
    bad[100] ^= 1;
    std::fs::write(&f, &bad).unwrap();
    let err = load_from_cli(&cli(&["-B", f.to_str().unwrap()])).unwrap_err();
    assert!(err.ends_with("compiled book is damaged (bad checksum)"), "{err}");
    let text = data("gnushogi.tbk");
    let err = load_from_cli(&cli(&["-B", text.to_str().unwrap()])).unwrap_err();
    assert!(err.ends_with("not a compiled book (a text book is read with -b)"), "{err}");
    // -b takes a compiled book too.
    let good = dir.join("good.bkb");
    std::fs::write(&good, &bytes).unwrap();
    assert_eq!(load_from_cli(&cli(&["-b", good.to_str().unwrap()])).unwrap(), book);
}

#[test]
fn the_builtin_book_is_the_text_in_book_dir() {
    let text = include_bytes!("../book/gnushogi.tbk");
    let tb = parse_tbk(text, DEFAULT_MAX_PLY).unwrap();
    assert!(tb.diagnostics.is_empty());
    let builtin = Book::builtin();
    assert_eq!(builtin, tb.book, "book/gnushogi.bkb is stale: rebuild it (book/README)");
    assert_eq!(write_compiled(&tb.book).bytes, include_bytes!("../book/gnushogi.bkb"));
    assert!(builtin.positions() > 200);
    let w = weights(&builtin, &Position::startpos());
    assert_eq!(&w[..2], [("7g7f".into(), 176), ("2g2f".into(), 170)]);
    // Without -b or -B the command line gives the built-in book.
    assert_eq!(load_from_cli(&cli(&[])).unwrap(), builtin);
}

#[test]
fn choice_is_in_proportion_to_weight_never_bad_good_first() {
    let text = b"# a\nP7f P3d P2f\n# b\nP7f P3d P2f\n# c\nP7f P3d P6f\n# d\nP7f P3d P5f?\n\
                 # e\nP7f P8d P2f\n# f\nP7f P8d P6f!\n";
    let book = parse_tbk(text, DEFAULT_MAX_PLY).unwrap().book;
    let p = after("7g7f 3c3d");
    let mut picks = std::collections::BTreeMap::new();
    for r in 0..3 {
        let (m, _) = book.choose(&p, r).unwrap();
        *picks.entry(m.to_string()).or_insert(0) += 1;
    }
    assert_eq!(picks.into_iter().collect::<Vec<_>>(), [("2g2f".into(), 2), ("6g6f".into(), 1)]);
    // Only the `!` move, whatever the random number.
    let q = after("7g7f 8c8d");
    for r in 0..10 {
        assert_eq!(book.choose(&q, r).unwrap().0.to_string(), "6g6f");
    }
    // The hint is the expected reply: 7g7f's is 8c8d (the last line through it).
    let (m, hint) = book.choose(&Position::startpos(), 0).unwrap();
    assert_eq!((m.to_string(), hint.map(|h| h.to_string())), ("7g7f".into(), Some("8c8d".into())));
    // A position whose only book move is `?` has no choice.
    let only_bad = parse_tbk(b"P7f?", DEFAULT_MAX_PLY).unwrap().book;
    assert_eq!(only_bad.choose(&Position::startpos(), 0), None);
}

#[test]
fn the_engine_answers_from_the_book_with_its_hint() {
    let options = EngineOptions { seed: Some(7), ..EngineOptions::default() };
    let mut firsts = Vec::new();
    for _ in 0..2 {
        let mut engine = Engine::new(options.clone());
        let mut game = Game::default();
        let mut played = Vec::new();
        // Both sides from the book until it runs out.
        for _ in 0..40 {
            let h = engine.start(&game, SearchLimits::depth(1), |_| {});
            let r = h.wait().unwrap();
            if !r.book {
                break;
            }
            let mv = r.best.unwrap();
            let entry = engine.book().unwrap().entries(game.position()).iter().find(|e| e.mv == mv);
            let entry = entry.expect("a book move is in the book");
            assert_ne!(entry.mark, Some(Annotation::Bad));
            assert_eq!(r.ponder, entry.hint);
            played.push(mv.to_string());
            game.play(mv).unwrap();
        }
        assert!(!played.is_empty());
        firsts.push(played);
    }
    // The same seed plays the same book line.
    assert_eq!(firsts[0], firsts[1]);
    // Out of the book (a position it does not hold) the engine searches.
    let mut engine = Engine::new(options);
    let mut game = Game::default();
    game.play(usi(&Position::startpos(), "9g9f")).unwrap();
    game.play(usi(game.position(), "1c1d")).unwrap();
    assert!(engine.book().unwrap().entries(game.position()).is_empty());
    let r = engine.start(&game, SearchLimits::depth(1), |_| {}).wait().unwrap();
    assert!(!r.book);
}

/// One of `from`, drawn by `j`.
fn pick<'a>(j: &mut Rng, from: &[&'a str]) -> &'a str {
    from[j.below(from.len())]
}

#[test]
fn no_input_makes_a_reader_panic() {
    let mut j = Rng(0x2545_f491_4f6c_dd1d);
    // Books and records made of pieces of real syntax, in random order.
    let book_words = [
        "P7f", "P3d", "7g7f", "+B3cx3d", "B*4e", "B'8b", "P2dx2c+", "?", "!", "?!", "#", "\n", "(",
        ")", "[", "]", "12.", "3...", " ", "Resigns", "1-0", "x", "\r", "\u{ff}", "G65h",
    ];
    let record_words = [
        "startpos moves ",
        "7g7f ",
        "3c3d ",
        "\t1-0\n",
        "PI\n",
        "+\n",
        "-\n",
        "+7776FU\n",
        "-3334FU\n",
        "%TORYO\n",
        "/\n",
        "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n",
        "手合割：平手\n",
        "   1 ７六歩(77)\n",
        "   2 同　歩(23)\n",
        "   3 ５五角打\n",
        "まで3手で先手の勝ち\n",
        "変化：2手\n",
        "投了",
        "\u{3000}",
        "(",
        "P+00FU\n",
        "sfen ",
        ",",
        "\u{82}",
    ];
    for round in 0..300 {
        let n = (j.next() % 200) as usize;
        let text: String = (0..n).map(|_| pick(&mut j, &book_words)).collect::<Vec<_>>().join(" ");
        if let Ok(tb) = parse_tbk(text.as_bytes(), DEFAULT_MAX_PLY) {
            let c = write_compiled(&tb.book);
            assert_eq!(read_compiled(&c.bytes, DEFAULT_MAX_PLY).unwrap(), tb.book);
        }
        let text: String = (0..n).map(|_| pick(&mut j, &record_words)).collect();
        for format in [Format::UsiList, Format::Csa, Format::Kif] {
            let r = parse_records("junk", text.as_bytes(), format);
            // Whatever was accepted replays legally.
            for g in &r.games {
                let mut pos = Position::startpos();
                for &m in &g.moves {
                    assert!(pos.is_legal(m), "round {round}");
                    pos = pos.played(m);
                }
            }
        }
        let bytes: Vec<u8> = (0..n * 4).map(|_| j.next() as u8).collect();
        for format in [Format::UsiList, Format::Csa, Format::Kif] {
            let _ = parse_records("junk", &bytes, format);
        }
        let _ = parse_tbk(&bytes, DEFAULT_MAX_PLY);
        let _ = read_compiled(&bytes, DEFAULT_MAX_PLY);
    }
}
