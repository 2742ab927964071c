//! The documentation against the program: every command each parser accepts is documented
//! (and each parser's `COMMANDS` list is complete, found from the parser's own source), every
//! option of `--help` is in the man page, the man page renders cleanly with groff, and the
//! worked examples of the pages are what the program does.

use crate::common::require;
use crate::common::tools::cannot_run;
use gnushogi::notation::{parse_sfen, parse_text_move, parse_usi_move, parse_xboard_move, to_sfen};
use gnushogi::protocol::{cecp, gnu, usi};
use gnushogi::rules::{IllegalMove, Move, Position};
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

// ---- the command lists are the parsers' -----------------------------------------------

/// The contents of the string literals of Rust source (plain `"..."` only, escapes kept).
fn string_literals(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = src.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // Comments may hold quotes (`"word"` in prose); skip to the end of the line.
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            // A char literal such as '"' must not open a string.
            '\'' => {
                let rest: String = chars.clone().take(3).collect();
                if rest.starts_with("\"'") {
                    chars.next();
                    chars.next();
                }
            }
            '"' => {
                let mut s = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            if let Some(e) = chars.next() {
                                s.push('\\');
                                s.push(e);
                            }
                        }
                        '"' => break,
                        _ => s.push(c),
                    }
                }
                out.push(s);
            }
            _ => {}
        }
    }
    out
}

/// The first word of every string literal in a parser's source: every command word the
/// parser matches is among them, whatever the shape of the parser.
fn candidate_words(path: &str) -> BTreeSet<String> {
    string_literals(&read(path))
        .iter()
        .filter_map(|s| s.split_whitespace().next().map(str::to_string))
        .collect()
}

fn assert_complete(name: &str, listed: &[&str], path: &str, is_command: impl Fn(&str) -> bool) {
    let set: BTreeSet<&str> = listed.iter().copied().collect();
    assert_eq!(set.len(), listed.len(), "{name}: COMMANDS lists a word twice");
    let words = candidate_words(path);
    assert!(words.len() > listed.len(), "{name}: too few literals found in {path}");
    for w in &words {
        if is_command(w) {
            assert!(set.contains(w.as_str()), "{name}: `{w}` is a command but not in COMMANDS");
        }
    }
    for w in listed {
        assert!(is_command(w), "{name}: `{w}` is in COMMANDS but the parser does not know it");
    }
}

#[test]
fn the_text_mode_command_list_is_complete() {
    use gnu::command::{Command as C, parse};
    assert_complete("text mode", gnu::command::COMMANDS, "src/protocol/gnu/command.rs", |w| {
        !matches!(parse(w), Ok(C::Move(_) | C::Empty))
    });
}

#[test]
fn the_cecp_command_list_is_complete() {
    use cecp::command::{Command as C, ParseError, parse_command};
    assert_complete("CECP", cecp::command::COMMANDS, "src/protocol/cecp/command.rs", |w| {
        !matches!(parse_command(w), Ok(C::UserMove { .. }) | Err(ParseError::Unknown))
    });
}

#[test]
fn the_usi_command_list_is_complete() {
    use usi::command::{CommandError, parse_command};
    assert_complete(
        "USI",
        usi::command::COMMANDS,
        "src/protocol/usi/command.rs",
        |w| !matches!(parse_command(w), Err(CommandError(m)) if m.starts_with("unknown command")),
    );
}

// ---- the pages document every command ---------------------------------------------------

/// The command words a Markdown page documents: the first word of each `code` span in the
/// first cell of the rows of tables whose header starts with `| command |`.
fn documented_commands(page: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut in_table = false;
    for line in page.lines() {
        let line = line.trim();
        if !line.starts_with('|') {
            in_table = false;
            continue;
        }
        if line.starts_with("| command |") {
            in_table = true;
            continue;
        }
        if !in_table || line.starts_with("|---") {
            continue;
        }
        let cell = line[1..].split(" | ").next().unwrap_or("");
        for (i, span) in cell.split('`').enumerate() {
            if i % 2 == 1
                && let Some(w) = span.split_whitespace().next()
            {
                out.insert(w.to_string());
            }
        }
    }
    out
}

fn assert_documented(page_path: &str, listed: &[&str]) {
    let documented = documented_commands(&read(page_path));
    for w in listed {
        assert!(documented.contains(*w), "{page_path} does not document `{w}`");
    }
    // A documented word that looks like a command word must be one (no stale entries);
    // placeholders such as `M` (a move) are upper case and left alone.
    for w in &documented {
        let word_like =
            w.chars().all(|c| c.is_ascii_lowercase()) || matches!(w.as_str(), "?" | "!" | ".");
        if word_like {
            assert!(listed.contains(&w.as_str()), "{page_path} documents `{w}`, no command");
        }
    }
}

#[test]
fn commands_md_documents_every_text_mode_command() {
    assert_documented("doc/commands.md", gnu::command::COMMANDS);
}

#[test]
fn cecp_md_documents_every_cecp_command() {
    assert_documented("doc/cecp.md", cecp::command::COMMANDS);
}

#[test]
fn usi_md_documents_every_usi_command() {
    assert_documented("doc/usi.md", usi::command::COMMANDS);
}

// ---- the man page -----------------------------------------------------------------------

/// The words of the tags of `.TP`/`.TQ` items between the heading `from` and the next
/// `.SH`, with the roff markup taken off (`.BI \-b " bookfile"` gives `-b`, `bookfile`).
fn man_tags(page: &str, from: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut lines = page.lines().skip_while(|l| *l != from).skip(1);
    let mut tag_next = false;
    for line in lines.by_ref() {
        if line.starts_with(".SH") {
            break;
        }
        if line == ".TP" || line == ".TQ" {
            tag_next = true;
            continue;
        }
        if !tag_next {
            continue;
        }
        tag_next = false;
        let text = line.splitn(2, ' ').nth(usize::from(line.starts_with('.'))).unwrap_or("");
        let text = text
            .replace("\\-", "-")
            .replace("\\&", "")
            .replace("\\fB", "")
            .replace("\\fI", "")
            .replace("\\fR", "")
            .replace("\\fP", "")
            .replace('"', " ");
        for w in text.split([' ', ',']).filter(|w| !w.is_empty()) {
            out.insert(w.to_string());
        }
    }
    out
}

/// The options `--help` lists, from the real binary.
fn help_options() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_gnushogi")).arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    let mut options = Vec::new();
    for line in help.lines().skip_while(|l| !l.starts_with("Options:")).skip(1) {
        if !line.starts_with("  ") {
            break;
        }
        // `-P, --max-depth <PLYLEVELS>  Deepest ...`: the options, then the description.
        for w in line.split_whitespace() {
            match w.chars().next() {
                Some('-') => options.push(w.trim_end_matches(',').to_string()),
                Some('<' | '[') => {}
                _ => break,
            }
        }
    }
    assert!(options.len() > 30, "too few options read from --help: {options:?}");
    options
}

#[test]
fn the_man_page_describes_every_option() {
    let page = read("doc/gnushogi.6");
    let tags = man_tags(&page, ".SH OPTIONS");
    let help = help_options();
    for o in &help {
        assert!(tags.contains(o), "doc/gnushogi.6 has no item for {o} (items: {tags:?})");
    }
    // And the other way: an option the manual describes is one `--help` shows.
    for t in tags.iter().filter(|t| t.starts_with('-')) {
        assert!(help.contains(t), "--help does not list {t}, which doc/gnushogi.6 describes");
    }
    // The `+` forms that --help only mentions.
    for o in ["+a", "+h"] {
        assert!(tags.contains(o), "doc/gnushogi.6 has no item for {o}");
    }
}

/// Every page of `doc/` (its `.md` files and the man page) has a row in the README's table of
/// documentation, so that a new page cannot be left where nobody finds it.
#[test]
fn the_readme_links_every_page_of_doc() {
    let readme = read("README.md");
    let table =
        readme.split("## Documentation").nth(1).expect("README has a Documentation section");
    let table = table.split("\n## ").next().unwrap();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("doc");
    let mut pages: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md") || name.ends_with(".6"))
        .collect();
    pages.sort();
    assert!(pages.len() > 10, "doc/ read: {pages:?}");
    for page in pages {
        assert!(
            table.contains(&format!("](doc/{page})")),
            "README's Documentation table does not link doc/{page}"
        );
    }
}

#[test]
fn the_man_page_lists_every_text_mode_command() {
    let tags = man_tags(&read("doc/gnushogi.6"), ".SS Commands");
    for w in gnu::command::COMMANDS {
        assert!(tags.contains(*w), "doc/gnushogi.6 does not list the command `{w}`");
    }
}

#[test]
fn the_man_page_renders_without_warnings() {
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("doc/gnushogi.6");
    let missing = cannot_run(Command::new("groff").arg("--version"), "apt-get install groff-base");
    if !require("groff", missing) {
        return;
    }
    let out = Command::new("groff").args(["-ww", "-z", "-man"]).arg(&page).output().unwrap();
    let warnings = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && warnings.is_empty(), "groff -ww:\n{warnings}");
    let out = Command::new("groff").args(["-man", "-Tutf8"]).arg(&page).output().unwrap();
    // Bold and underlining may come as overstriking (`S\bS`): keep the last character.
    let mut text = String::new();
    for c in String::from_utf8_lossy(&out.stdout).chars() {
        if c == '\u{8}' {
            text.pop();
        } else {
            text.push(c);
        }
    }
    for heading in ["SYNOPSIS", "OPTIONS", "TIME CONTROLS", "EXIT STATUS", "DIFFERENCES"] {
        assert!(text.contains(heading), "the rendered page has no {heading}");
    }
}

// ---- the worked examples are true -------------------------------------------------------

fn text_move(pos: &Position, text: &str) -> Result<Move, String> {
    parse_text_move(pos, text).map(|(m, _)| m).map_err(|e| e.to_string())
}

fn play_text(pos: &Position, moves: &str) -> Position {
    moves.split_whitespace().fold(pos.clone(), |p, t| {
        let m = text_move(&p, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        p.played(m)
    })
}

#[test]
fn the_promotion_examples_are_what_the_program_does() {
    let page = read("doc/promotion.md");
    let has = |s: &str| assert!(page.contains(s), "doc/promotion.md does not say `{s}`");

    // 1. The bishop exchange, in the three notations.
    let start = Position::startpos();
    let opened = play_text(&start, "7g7f 3c3d");
    for (text, promotes) in [("8h2b+", true), ("B2b+", true), ("8h2b", false), ("B2b", false)] {
        has(&format!("`{text}`"));
        assert_eq!(text_move(&opened, text).unwrap().is_promotion(), promotes, "{text}");
    }
    for (xb, promotes) in [("b2h8+", true), ("b2h8=", false), ("b2h8", false)] {
        has(&format!("`{xb}`"));
        let m = parse_xboard_move(xb).unwrap().to_move(&opened).unwrap();
        assert_eq!(m.is_promotion(), promotes, "{xb}");
    }
    let after = play_text(&opened, "8h2b+ 3a2b");
    let sfen = to_sfen(&after);
    has(&sfen);
    assert_eq!(to_sfen(&play_text(&opened, "8h2b+ S2b")), sfen);

    // 2. A forced promotion.
    let pawn = parse_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1").unwrap();
    has("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    assert!(text_move(&pawn, "9b9a+").unwrap().is_promotion());
    assert!(text_move(&pawn, "P9a+").unwrap().is_promotion());
    let refused = text_move(&pawn, "9b9a").unwrap_err();
    assert_eq!(refused, IllegalMove::MustPromote.to_string());
    has(&format!("Illegal move ({refused}): 9b9a"));
    assert!(parse_usi_move("9b9a").unwrap().to_move(&pawn).is_err());
    assert!(parse_xboard_move("a8a9").unwrap().to_move(&pawn).unwrap().is_promotion());
    assert!(parse_xboard_move("a8a9=").unwrap().to_move(&pawn).is_err());
    let knight = parse_sfen("4k4/9/9/1N7/9/9/9/9/4K4 b - 1").unwrap();
    has("4k4/9/9/1N7/9/9/9/9/4K4 b - 1");
    assert!(text_move(&knight, "8d7b").is_err());
    assert!(text_move(&knight, "8d7b+").unwrap().is_promotion());

    // 3. Promoting on the way out of the zone.
    let silver = parse_sfen("4k4/9/6S2/9/9/9/9/9/4K4 b - 1").unwrap();
    has("4k4/9/6S2/9/9/9/9/9/4K4 b - 1");
    assert!(text_move(&silver, "3c4d+").unwrap().is_promotion());
    assert!(!text_move(&silver, "3c4d").unwrap().is_promotion());

    // 4. A dropped piece comes in unpromoted and promotes on a later move.
    let hand = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b S 1").unwrap();
    has("4k4/9/9/9/9/9/9/9/4K4 b S 1");
    assert!(text_move(&hand, "S*2b+").is_err());
    let dropped = play_text(&hand, "S*2b 5a4a");
    assert!(text_move(&dropped, "2b2a+").unwrap().is_promotion());
    assert!(text_move(&dropped, "2b3c+").unwrap().is_promotion());
}

#[test]
fn the_rules_page_quotes_the_program() {
    let page = read("doc/rules.md");
    let has = |s: &str| assert!(page.contains(s), "doc/rules.md does not say `{s}`");
    has(&to_sfen(&Position::startpos()));
    for e in [IllegalMove::DeadDrop, IllegalMove::TwoPawns, IllegalMove::PawnDropMate] {
        has(&format!("`{e}`"));
    }
    // Nifu and pawn-drop mate as the program refuses them.
    let nifu = parse_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b P 1").unwrap();
    assert_eq!(text_move(&nifu, "P*5b").unwrap_err(), IllegalMove::TwoPawns.to_string());
    has("Illegal move (two pawns on a file (nifu)): P*5b");
    let mate = parse_sfen("3nkn3/9/3G1G3/9/9/9/9/9/4K4 b P 1").unwrap();
    assert_eq!(text_move(&mate, "P*5b").unwrap_err(), IllegalMove::PawnDropMate.to_string());
    // The handicap example: a legal position with White to move.
    let handicap = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    has(handicap);
    let pos = parse_sfen(handicap).unwrap();
    assert_eq!(pos.side_to_move(), gnushogi::rules::Color::White);
}

#[test]
fn the_book_format_example_reads_cleanly() {
    let page = read("doc/book-format.md");
    let example = page
        .split("An example with two lines of play:")
        .nth(1)
        .and_then(|rest| rest.split("```text\n").nth(1))
        .and_then(|rest| rest.split("```").next())
        .expect("the example in doc/book-format.md");
    let book = gnushogi::book::parse_tbk(example.as_bytes(), 40).unwrap();
    assert!(book.diagnostics.is_empty(), "{:?}", book.diagnostics);
    assert_eq!(book.lines, 2);
    // `?` keeps a move out of play; `!` makes it the only choice.
    let yagura = ["7g7f", "8c8d", "7i6h", "3c3d", "6g6f", "7a6b", "5g5f", "5c5d", "3i4h", "6b5c"];
    let mut pos = Position::startpos();
    for m in &yagura[..9] {
        pos = pos.played(parse_usi_move(m).unwrap().to_move(&pos).unwrap());
    }
    let bad = parse_usi_move(yagura[9]).unwrap().to_move(&pos).unwrap();
    assert_eq!(book.book.bad_moves(&pos), vec![bad]);
}

/// The first-game page: its opening moves are legal in order, and each board diagram is the
/// real binary's `bd` after the moves of the tables above it; its mate example mates.
#[test]
fn the_first_game_page_shows_what_the_program_does() {
    let page = read("doc/first-game.md");
    let opening =
        &page[page.find("## A first opening").unwrap()..page.find("## A first mate").unwrap()];
    let mut moves: Vec<String> = Vec::new();
    let mut checked = 0;
    let mut in_diagram = false;
    let mut diagram: Vec<&str> = Vec::new();
    for line in opening.lines() {
        if line.starts_with("```") {
            if in_diagram {
                let script = format!("force\n{}\nbd\nquit\n", moves.join("\n"));
                let out = Command::new(env!("CARGO_BIN_EXE_gnushogi"))
                    .arg("-R")
                    .stdin(std::process::Stdio::piped())
                    .stdout(std::process::Stdio::piped())
                    .spawn()
                    .and_then(|mut c| {
                        use std::io::Write;
                        c.stdin.take().unwrap().write_all(script.as_bytes())?;
                        c.wait_with_output()
                    })
                    .unwrap();
                let out = String::from_utf8_lossy(&out.stdout);
                assert!(!out.contains("Illegal"), "{moves:?}: {out}");
                let board: Vec<&str> =
                    out.lines().filter(|l| l.len() == 18 && l.starts_with(' ')).collect();
                let last = &board[board.len() - 9..];
                assert_eq!(last, diagram.as_slice(), "after {moves:?}");
                checked += 1;
                diagram.clear();
            }
            in_diagram = !in_diagram;
        } else if in_diagram {
            diagram.push(line);
        } else if line.starts_with("| ") {
            // `| 3 | `2f2e` | `2b3c` | why |`: the two moves of a row.
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            if cells.get(1).is_some_and(|c| c.parse::<u32>().is_ok()) {
                for c in &cells[2..4] {
                    moves.push(c.trim_matches('`').to_string());
                }
            }
        }
    }
    assert_eq!(checked, 2, "two diagrams in the opening section");
    assert_eq!(moves.len(), 18);
    // The mate example, as the page tells it.
    let sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    assert!(page.contains(&format!("setsfen {sfen}")));
    let pos = parse_sfen(sfen).unwrap();
    let mate = pos.played(parse_usi_move("G*5b").unwrap().to_move(&pos).unwrap());
    assert!(mate.in_check() && mate.count_legal_moves() == 0);
}

#[test]
fn usi_md_documents_every_search_tunable() {
    let page = read("doc/usi.md");
    for t in gnushogi::search::Tunable::ALL {
        let row = format!(
            "| `{}` | {} | {}–{} | {} |",
            t.name(),
            t.default_value(),
            t.min(),
            t.max(),
            t.step()
        );
        assert!(page.contains(&row), "doc/usi.md has no row {row}");
    }
}
