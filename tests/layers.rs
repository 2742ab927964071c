//! The layers hold: every path into the crate written in `src/` (`use crate::…`, `crate::x::y`
//! in code, `super::` climbing out of a room, `gnushogi::` in the binary) points to a room of a
//! lower layer. Test code inside `src/` counts too: a room's unit tests import only what the
//! room may.
//!
//! The layers are written in one place, the table under "## Layers" in doc/architecture.md
//! (`| layer | rooms | … |`, the rooms in backquotes); this test reads them from there.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crate root (`lib.rs`): declares the rooms and the version.
const ROOT: &str = "lib";

/// Each room and its layer, from the architecture page's table.
fn layers() -> BTreeMap<String, u32> {
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("doc/architecture.md"))
            .unwrap();
    let section = page.split("\n## Layers").nth(1).expect("a '## Layers' section");
    let section = section.split("\n## ").next().unwrap();
    let mut layers = BTreeMap::new();
    for row in section.lines() {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let [_, layer, rooms, ..] = cells.as_slice() else { continue };
        let Ok(layer) = layer.parse::<u32>() else { continue };
        for room in rooms.split(',') {
            let room = room.trim().trim_matches('`');
            assert!(
                !room.is_empty() && room.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{row}"
            );
            assert!(layers.insert(room.to_string(), layer).is_none(), "{room} twice");
        }
    }
    assert!(layers.len() >= 10, "the layer table was not found: {layers:?}");
    layers
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The room of a file (its first path component under `src/`) and its module path inside
/// the crate, for resolving `super::`.
fn room_and_module(rel: &Path) -> (String, Vec<String>) {
    let mut parts: Vec<String> =
        rel.iter().map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string()).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    let room = match parts.first().map(String::as_str) {
        Some("main") => "cli".to_string(),
        Some(r) => r.to_string(),
        None => ROOT.to_string(),
    };
    if parts == ["lib"] || parts == ["main"] {
        parts.clear();
    }
    (room, parts)
}

/// Code without comments and string literals (a path in a doc comment or a message is no
/// import).
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
        } else if b[i] == b'"' || (b[i] == b'r' && matches!(b.get(i + 1), Some(b'"' | b'#'))) {
            i = skip_string(b, i);
            out.push_str("\"\"");
        } else if b[i] == b'\'' {
            // A char literal ('x', '\n', '"') or a lifetime ('a).
            let end = if b.get(i + 1) == Some(&b'\\') {
                b[i + 2..].iter().position(|&c| c == b'\'').map(|p| i + 3 + p)
            } else if b.get(i + 2) == Some(&b'\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(e) => {
                    out.push_str("' '");
                    i = e;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// The index just past the string literal starting at `i` (plain or raw).
fn skip_string(b: &[u8], mut i: usize) -> usize {
    if b[i] == b'r' {
        i += 1;
        let mut hashes = 0;
        while b.get(i) == Some(&b'#') {
            hashes += 1;
            i += 1;
        }
        i += 1; // the opening quote
        while i < b.len() {
            if b[i] == b'"'
                && b[i + 1..].iter().take(hashes).filter(|&&c| c == b'#').count() == hashes
            {
                return i + 1 + hashes;
            }
            i += 1;
        }
        return i;
    }
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The rooms a piece of code names: `crate::room`, `crate::{room, …}` (groups too),
/// `gnushogi::room`, and `super::…::room` that climbs out of the file's module.
fn named_rooms(code: &str, module: &[String]) -> BTreeSet<String> {
    let mut rooms = BTreeSet::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !is_ident(chars[i - 1]) && chars[i - 1] != ':';
        if !starts_word || !is_ident(chars[i]) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && is_ident(chars[j]) {
            j += 1;
        }
        let word: String = chars[i..j].iter().collect();
        let after = |k: usize| chars.get(k) == Some(&':') && chars.get(k + 1) == Some(&':');
        match word.as_str() {
            "crate" | "gnushogi" if after(j) => rooms.extend(first_segments(&chars, j + 2)),
            "super" if after(j) => {
                // Count the supers; the module they reach is `module` minus that many.
                let mut depth = 1;
                let mut k = j + 2;
                while chars[k..].starts_with(&['s', 'u', 'p', 'e', 'r', ':', ':']) {
                    depth += 1;
                    k += 7;
                }
                if depth >= module.len() {
                    rooms.extend(first_segments(&chars, k));
                }
                j = k;
            }
            _ => {}
        }
        i = j.max(i + 1);
    }
    rooms
}

/// The first path segment at `k`, or each first segment of a `{a::b, c}` group.
fn first_segments(chars: &[char], k: usize) -> Vec<String> {
    let word_at = |mut p: usize| {
        let start = p;
        while p < chars.len() && is_ident(chars[p]) {
            p += 1;
        }
        chars[start..p].iter().collect::<String>()
    };
    if chars.get(k) != Some(&'{') {
        return vec![word_at(k)];
    }
    // Top-level items of the group: split at commas outside nested braces.
    let mut out = Vec::new();
    let (mut depth, mut p, mut item_start) = (0, k + 1, true);
    while p < chars.len() {
        match chars[p] {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => item_start = true,
            c if c.is_whitespace() => {}
            _ if item_start && depth == 0 => {
                out.push(word_at(p));
                item_start = false;
            }
            _ => {}
        }
        p += 1;
    }
    out
}

/// Every room-to-room edge in `src/`, with the files that make it.
fn edges() -> BTreeMap<(String, String), BTreeSet<String>> {
    let rooms = room_names();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut edges: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(&src).unwrap();
        let (room, module) = room_and_module(rel);
        let code = code_only(&std::fs::read_to_string(&file).unwrap());
        for target in named_rooms(&code, &module) {
            // `crate::VERSION` and the like: items of the root, not rooms.
            if target == room || !rooms.contains(&target) {
                continue;
            }
            edges.entry((room.clone(), target)).or_default().insert(rel.display().to_string());
        }
    }
    edges
}

/// Every top-level module of the crate (a file or folder of `src/`), and `main` as `cli`.
fn room_names() -> BTreeSet<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    std::fs::read_dir(&src)
        .unwrap()
        .map(|e| e.unwrap().path().file_stem().unwrap().to_string_lossy().to_string())
        .filter(|n| n != ROOT && n != "main")
        .collect()
}

#[test]
fn every_import_points_down_the_layers() {
    let layers = layers();
    let edges = edges();
    // Edges the crate certainly has: a reader blind to them would prove nothing.
    for (from, to) in
        [("cli", "protocol"), ("protocol", "engine"), ("engine", "search"), ("notation", "rules")]
    {
        assert!(edges.contains_key(&(from.to_string(), to.to_string())), "{from} -> {to} not seen");
    }
    let mut wrong = Vec::new();
    for ((from, to), files) in &edges {
        let allowed = match (layers.get(from), layers.get(to)) {
            (Some(f), Some(t)) => t < f,
            // The root declares the rooms; it may name none of them in code.
            _ => false,
        };
        if !allowed {
            wrong.push(format!(
                "{from} -> {to} ({})",
                files.iter().cloned().collect::<Vec<_>>().join(", ")
            ));
        }
    }
    assert!(wrong.is_empty(), "imports against the layers:\n{}", wrong.join("\n"));
}

#[test]
fn every_room_of_the_crate_has_a_layer() {
    let layers = layers();
    for room in room_names() {
        assert!(layers.contains_key(&room), "src/{room} has no layer in doc/architecture.md");
    }
    for room in layers.keys() {
        assert!(
            room_names().contains(room),
            "doc/architecture.md names a room {room} that src/ has not"
        );
    }
}

/// The reader itself: it must see the forms the crate uses, or the first test proves nothing.
#[test]
fn the_reader_finds_every_form_of_path() {
    let module = vec!["protocol".to_string(), "gnu".to_string()];
    let code = code_only(
        "use crate::rules::Move;\nuse crate::{engine::Engine, game::{Game, Outcome}, notation};\n\
         fn f() { crate::mate::solve(); let s = \"crate::cli\"; } // crate::book\n\
         use super::super::files::read;\nuse super::Session;\nlet c = '\"'; crate::eval::x();",
    );
    let found = named_rooms(&code, &module);
    let want: BTreeSet<String> = ["rules", "engine", "game", "notation", "mate", "files", "eval"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(found, want);
}
