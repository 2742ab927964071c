//! The layers hold: every path into the crate written in `src/` (`use crate::…`, `crate::x::y`
//! in code, `super::` climbing out of a room, `gnushogi::` in the binary) points to a room of a
//! lower layer. Test code inside `src/` counts too: a room's unit tests import only what the
//! room may.
//!
//! The layers are written in one place, the table under "## Layers" in doc/architecture.md
//! (`| layer | rooms | … |`, the rooms in backquotes); this test reads them from there.
//!
//! Inside the rooms, no circle among the files of a folder: each folder's modules (its files,
//! its sub-folders each as a whole, and its own `mod.rs`) depend on each other one way. A
//! module depends on another when it names it by path (`use super::b::…`, `super::b::X`,
//! `crate::room::b::X`, `self::b` or `b::` from the `mod.rs`), an item re-exported counting
//! as its source's. A `mod.rs` declares its children and may re-export their items; a child
//! that uses items defined in the `mod.rs` while the `mod.rs` uses that child's items is a
//! circle. Unit-test modules written inline (`mod tests { … }`) count for nothing: nothing
//! names them.

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

/// Code (as [`code_only`] leaves it) as tokens: identifiers, `::`, and single characters.
fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if is_ident(c) {
            let start = i;
            while i < chars.len() && is_ident(chars[i]) {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".to_string());
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(c.to_string());
            }
            i += 1;
        }
    }
    out
}

/// A path as written, `{…}` groups spread out: `use a::{b, c::d as e}` is `a::b` (binding
/// `b`) and `a::c::d` (binding `e`); a glob binds `*`.
#[derive(Debug)]
struct Written {
    segments: Vec<String>,
    /// The name the path binds, in a `use`.
    name: String,
    in_use: bool,
}

fn is_ident_token(t: Option<&String>) -> bool {
    t.is_some_and(|t| t.chars().all(is_ident) && !t.starts_with(|c: char| c.is_ascii_digit()))
}

/// Reads the path tree at `t[i]` after `prefix`; returns the index past it.
fn tree(
    t: &[String],
    mut i: usize,
    prefix: &[String],
    in_use: bool,
    out: &mut Vec<Written>,
) -> usize {
    match t.get(i).map(String::as_str) {
        Some("{") => {
            i += 1;
            while i < t.len() && t[i] != "}" {
                i = tree(t, i, prefix, in_use, out);
                if t.get(i).is_some_and(|s| s == ",") {
                    i += 1;
                } else if t.get(i).is_none_or(|s| s != "}") {
                    break;
                }
            }
            i + 1
        }
        Some("*") => {
            out.push(Written { segments: prefix.to_vec(), name: "*".into(), in_use });
            i + 1
        }
        _ if is_ident_token(t.get(i)) => {
            let segment = t[i].clone();
            i += 1;
            if t.get(i).is_some_and(|s| s == "::") {
                let mut longer = prefix.to_vec();
                longer.push(segment);
                return tree(t, i + 1, &longer, in_use, out);
            }
            // `a::{self}` is `a` itself.
            let segments = if segment == "self" && !prefix.is_empty() {
                prefix.to_vec()
            } else {
                [prefix, &[segment]].concat()
            };
            let mut name = segments.last().cloned().unwrap_or_default();
            if t.get(i).is_some_and(|s| s == "as") && is_ident_token(t.get(i + 1)) {
                name = t[i + 1].clone();
                i += 2;
            }
            out.push(Written { segments, name, in_use });
            i
        }
        // A turbofish or the like ends the path.
        _ => {
            if !prefix.is_empty() {
                let name = prefix.last().cloned().unwrap_or_default();
                out.push(Written { segments: prefix.to_vec(), name, in_use });
            }
            i
        }
    }
}

/// Every path a piece of code writes: the trees of its `use` items, and the paths in code
/// (`a::b` where `a` does not follow `::` or `.`).
fn paths(t: &[String]) -> Vec<Written> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < t.len() {
        let follows_path = i > 0 && (t[i - 1] == "::" || t[i - 1] == ".");
        if t[i] == "use" && !follows_path {
            let start = if t.get(i + 1).is_some_and(|s| s == "::") { i + 2 } else { i + 1 };
            i = tree(t, start, &[], true, &mut out);
        } else if is_ident_token(t.get(i))
            && !follows_path
            && t.get(i + 1).is_some_and(|s| s == "::")
        {
            i = tree(t, i, &[], false, &mut out);
        } else {
            i += 1;
        }
    }
    out
}

/// The rooms a piece of code names: `crate::room`, `crate::{room, …}` (groups too),
/// `gnushogi::room`, and `super::…::room` that climbs out of the file's module.
fn named_rooms(code: &str, module: &[String]) -> BTreeSet<String> {
    let mut rooms = BTreeSet::new();
    for path in paths(&tokens(code)) {
        let s = &path.segments;
        let supers = s.iter().take_while(|x| *x == "super").count();
        let room = match s.first().map(String::as_str) {
            Some("crate" | "gnushogi") => s.get(1),
            Some("super") if supers >= module.len() => s.get(supers),
            _ => None,
        };
        rooms.extend(room.cloned());
    }
    rooms
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

// ---- No circle inside a folder -------------------------------------------------------------

/// A module of the crate and what its file writes: the names its `use` items bind, the paths
/// it names, the identifiers of its code outside `use` items.
struct Module {
    file: String,
    paths: Vec<Written>,
    idents: BTreeSet<String>,
}

/// The module path of a file of `src/` (`lib.rs` is the root; `main.rs`, another crate's
/// root, has none).
fn module_path(rel: &str) -> Option<Vec<String>> {
    let parts: Vec<String> = rel.trim_end_matches(".rs").split('/').map(String::from).collect();
    match parts.as_slice() {
        [one] if one == "main" => None,
        [one] if one == "lib" => Some(Vec::new()),
        [dir @ .., last] if last == "mod" => Some(dir.to_vec()),
        _ => Some(parts),
    }
}

/// Tokens without the inline modules (`mod tests { … }`): a module of its own that nothing
/// names, so in no circle, whose `super` is the file itself.
fn without_inline_modules(t: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(t.len());
    let mut i = 0;
    while i < t.len() {
        if t[i] == "mod" && is_ident_token(t.get(i + 1)) && t.get(i + 2).is_some_and(|s| s == "{") {
            let mut depth = 0;
            i += 2;
            while i < t.len() {
                depth += match t[i].as_str() {
                    "{" => 1,
                    "}" => -1,
                    _ => 0,
                };
                i += 1;
                if depth == 0 {
                    break;
                }
            }
        } else {
            out.push(t[i].clone());
            i += 1;
        }
    }
    out
}

/// The crate's modules, read from `(path under src/, text)` pairs.
fn read_modules(files: &[(String, String)]) -> BTreeMap<Vec<String>, Module> {
    let mut modules = BTreeMap::new();
    for (rel, text) in files {
        let Some(path) = module_path(rel) else { continue };
        let t = without_inline_modules(tokens(&code_only(text)));
        let paths = paths(&t);
        // The code outside `use` items: every identifier not in one.
        let mut idents = BTreeSet::new();
        let mut in_use = false;
        for (i, tok) in t.iter().enumerate() {
            if tok == "use" && (i == 0 || t[i - 1] != "::") {
                in_use = true;
            } else if in_use && tok == ";" {
                in_use = false;
            } else if !in_use && is_ident_token(Some(tok)) {
                idents.insert(tok.clone());
            }
        }
        modules.insert(path, Module { file: rel.clone(), paths, idents });
    }
    modules
}

/// A written path from `module` made absolute (from the crate root), if it leads into the
/// crate: `crate::`, `super::`, `self::`, or a child module's name.
fn absolute(
    modules: &BTreeMap<Vec<String>, Module>,
    module: &[String],
    segments: &[String],
) -> Option<Vec<String>> {
    let first = segments.first()?;
    let supers = segments.iter().take_while(|s| *s == "super").count();
    let (base, rest) = match first.as_str() {
        "crate" => (Vec::new(), &segments[1..]),
        "self" => (module.to_vec(), &segments[1..]),
        "super" if supers <= module.len() => {
            (module[..module.len() - supers].to_vec(), &segments[supers..])
        }
        child if modules.contains_key(&[module, &[child.to_string()]].concat()) => {
            (module.to_vec(), segments)
        }
        _ => return None,
    };
    Some([base.as_slice(), rest].concat())
}

/// The module that defines what an absolute path names: its longest prefix that is a
/// module, and on through that module's `use` items (a re-export is its source's item);
/// `None` when they lead out of the crate.
fn defining_module(
    modules: &BTreeMap<Vec<String>, Module>,
    path: &[String],
) -> Option<Vec<String>> {
    let mut path = path.to_vec();
    for _ in 0..16 {
        let known = (0..=path.len()).rev().find(|&k| modules.contains_key(&path[..k])).unwrap_or(0);
        let (module, rest) = path.split_at(known);
        let Some(item) = rest.first() else { return Some(module.to_vec()) };
        let imported =
            modules.get(module).and_then(|m| m.paths.iter().find(|w| w.in_use && w.name == *item));
        let Some(imported) = imported else { return Some(module.to_vec()) };
        let source = absolute(modules, module, &imported.segments)?;
        path = [source.as_slice(), &rest[1..]].concat();
    }
    panic!("`use` items in a loop at {path:?}")
}

/// A node of a folder's graph: one of its children (a file, or a folder as a whole), or the
/// folder's own file (`mod.rs`, `x.rs` beside `x/`, `lib.rs`) as `None`.
type Node = Option<String>;

/// A folder's edges, each with the files that make it.
type Edges = BTreeMap<(Node, Node), BTreeSet<String>>;

/// The dependencies between the files of each folder: folder → (from, to) → the files that
/// make the edge. A module depends on what the paths it names lead to: `super::b::X`,
/// `crate::a::b::X`, `self::b::X`, `b::X` from the parent, each through `use` items to the
/// module that defines the item; `use` items count only when their code uses what they bind
/// (so a `pub use` that only re-exports is no dependency), a glob always. Two modules that
/// meet only above their common folder make their edge there: `a/x/y.rs` naming `a/z.rs` is
/// `x/` depending on `z.rs` in folder `a`.
fn folder_edges(modules: &BTreeMap<Vec<String>, Module>) -> BTreeMap<Vec<String>, Edges> {
    let mut folders: BTreeMap<Vec<String>, Edges> = BTreeMap::new();
    for (from, module) in modules {
        let mut targets = Vec::new();
        for w in &module.paths {
            let Some(path) = absolute(modules, from, &w.segments) else { continue };
            if w.in_use && w.name == "*" {
                // A glob: the module itself, and what its `use` items bind that this code uses.
                if let Some(globbed) = modules.get(&path) {
                    for v in globbed.paths.iter().filter(|v| v.in_use) {
                        if module.idents.contains(&v.name) {
                            targets.extend(absolute(modules, &path, &v.segments));
                        }
                    }
                }
                targets.push(path);
            } else if !w.in_use || module.idents.contains(&w.name) {
                targets.push(path);
            }
        }
        for target in targets {
            let Some(to) = defining_module(modules, &target) else { continue };
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common == from.len() && common == to.len() {
                continue;
            }
            let edge = (from.get(common).cloned(), to.get(common).cloned());
            folders
                .entry(from[..common].to_vec())
                .or_default()
                .entry(edge)
                .or_default()
                .insert(module.file.clone());
        }
    }
    folders
}

/// Every circle among the files of a folder: each strongly connected set of two or more
/// nodes, with its edges and the files that make them.
fn folder_circles(files: &[(String, String)]) -> Vec<String> {
    let modules = read_modules(files);
    let mut circles = Vec::new();
    for (folder, edges) in folder_edges(&modules) {
        let nodes: BTreeSet<&Node> = edges.keys().flat_map(|(a, b)| [a, b]).collect();
        let reaches = |start: &Node| {
            let mut seen = BTreeSet::from([start.clone()]);
            let mut todo = vec![start.clone()];
            while let Some(n) = todo.pop() {
                for (a, b) in edges.keys() {
                    if *a == n && seen.insert(b.clone()) {
                        todo.push(b.clone());
                    }
                }
            }
            seen
        };
        let reach: BTreeMap<&Node, BTreeSet<Node>> =
            nodes.iter().map(|&n| (n, reaches(n))).collect();
        let mut done = BTreeSet::new();
        for &n in &nodes {
            let component: BTreeSet<&Node> = nodes
                .iter()
                .copied()
                .filter(|m| reach[n].contains(*m) && reach[*m].contains(n))
                .collect();
            if component.len() < 2 || !done.insert(component.clone()) {
                continue;
            }
            let name = |n: &Node| {
                let dir = folder.join("/");
                let dir = if dir.is_empty() { String::new() } else { format!("{dir}/") };
                match n {
                    None => modules[&folder].file.clone(),
                    Some(child)
                        if modules.keys().any(|m| {
                            m.len() > folder.len() + 1
                                && m[folder.len()] == *child
                                && m.starts_with(&folder)
                        }) =>
                    {
                        format!("{dir}{child}/")
                    }
                    Some(child) => format!("{dir}{child}.rs"),
                }
            };
            let inside: Vec<String> = edges
                .iter()
                .filter(|((a, b), _)| component.contains(a) && component.contains(b))
                .map(|((a, b), by)| {
                    let by: Vec<&str> = by.iter().map(String::as_str).collect();
                    format!("  {} -> {} ({})", name(a), name(b), by.join(", "))
                })
                .collect();
            circles.push(format!(
                "{}:\n{}",
                component.iter().map(|n| name(n)).collect::<Vec<_>>().join(", "),
                inside.join("\n")
            ));
        }
    }
    circles
}

/// Every `.rs` file of `src/` as (path under `src/`, text).
fn src_files() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
            (rel, std::fs::read_to_string(f).unwrap())
        })
        .collect()
}

/// No circle among the files of a folder: within each folder, the modules (each file, each
/// sub-folder as a whole, and the folder's own `mod.rs`) depend on each other one way, as
/// [`folder_edges`] reads dependencies. A `mod.rs` may declare its children and re-export
/// their items; if it uses a child's items, that child may not use items defined in the
/// `mod.rs`.
#[test]
fn no_circle_among_the_files_of_a_folder() {
    let files = src_files();
    // Edges the crate certainly has: a reader blind to them would prove nothing.
    let edges = folder_edges(&read_modules(&files));
    for (folder, from, to) in [
        ("rules", Some("movegen"), Some("position")),
        ("mate", Some("extract"), Some("dfpn")),
        ("files", Some("record"), None),
    ] {
        let edge = (from.map(String::from), to.map(String::from));
        assert!(
            edges[&vec![folder.to_string()]].contains_key(&edge),
            "{folder}: {edge:?} not seen"
        );
    }
    let circles = folder_circles(&files);
    assert!(circles.is_empty(), "circles inside folders:\n{}", circles.join("\n"));
}

/// The folder reader on a small crate of every form: it must find the circles there are and
/// no others, or the test above proves nothing.
#[test]
fn the_folder_reader_finds_every_circle_and_no_other() {
    let files: Vec<(String, String)> = [
        ("lib.rs", "pub mod a;"),
        // The folder's own file uses a child's item (a bare child path): `b` may not use it.
        (
            "a/mod.rs",
            "mod b; mod c; mod d; mod e; mod f; mod g; mod h;\npub use d::Reexported;\n\
             use std::sync::Arc;\npub struct Core;\n\
             pub fn run() { b::helper(); h::k(Arc::new(1)); }",
        ),
        // What the folder's file imports from outside the crate is not its own.
        ("a/h.rs", "pub fn k(_: super::Arc<u8>) {}"),
        ("a/b.rs", "use super::Core;\npub fn helper() -> Core { Core }"),
        // Two siblings, one by an absolute path, the other by `super::`.
        ("a/c.rs", "use crate::a::e::Thing;\npub fn f(_: Thing) {}"),
        ("a/e.rs", "pub struct Thing;\npub fn g() { super::c::f(Thing) }"),
        // A child that the folder's file only re-exports may use the folder's items; a unit
        // test module is a module of its own.
        (
            "a/d.rs",
            "pub struct Reexported;\npub fn h() -> super::Core { super::Core }\n\
                    #[cfg(test)]\nmod tests { use crate::a::f::uses; }",
        ),
        // Through the re-export, `f` uses `d`, not the folder's file.
        ("a/f.rs", "use super::{Reexported as R, self as up};\npub fn uses(_: R) {}"),
        ("a/g/mod.rs", "use self::inner::X;\nmod inner;\nfn k() { super::super::a::c::f(X) }"),
        ("a/g/inner.rs", "pub struct X;"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    let circles = folder_circles(&files);
    assert_eq!(circles.len(), 2, "{}", circles.join("\n"));
    assert!(circles[0].starts_with("a/mod.rs, a/b.rs:\n"), "{}", circles[0]);
    assert!(circles[1].starts_with("a/c.rs, a/e.rs:\n"), "{}", circles[1]);
    let edges = &folder_edges(&read_modules(&files))[&vec!["a".to_string()]];
    let child = |c: &str| Some(c.to_string());
    for (from, to, seen) in [
        (child("f"), child("d"), true),
        (child("f"), None, false),
        (None, child("d"), false),
        (child("d"), child("f"), false),
        (child("g"), child("c"), true),
        (None, child("h"), true),
        (child("h"), None, false),
    ] {
        assert_eq!(edges.contains_key(&(from.clone(), to.clone())), seen, "{from:?} -> {to:?}");
    }
}

/// Whether a line of Rust takes in another Rust file: `#[path = "…"]` on a module, or
/// `include!`/`include_str!` of a `.rs` file.
fn takes_in_rust(line: &str) -> bool {
    let line = line.trim_start();
    let included = line.contains("include") && line.contains(".rs\")");
    !line.starts_with("//") && (line.starts_with("#[path") || included)
}

/// The library holds no test kit (issue 59): no file of `src/` takes in a Rust file from
/// elsewhere (a test's source, a kit under `tests/`), and nothing outside `src/` (the tests,
/// the cargo-fuzz targets, the examples) takes in a file of `src/`. Test code lives in
/// `tests/`, shared with `fuzz/` by path.
#[test]
fn the_library_holds_no_test_kit() {
    let mut found = Vec::new();
    for (rel, text) in src_files() {
        let lines = text.lines().filter(|l| takes_in_rust(l));
        found.extend(lines.map(|l| format!("src/{rel}: {}", l.trim())));
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut outside = Vec::new();
    for dir in ["tests", "fuzz/fuzz_targets", "examples", "benches"] {
        if root.join(dir).is_dir() {
            rust_files(&root.join(dir), &mut outside);
        }
    }
    assert!(outside.iter().any(|f| f.ends_with("fuzz/fuzz_targets/usi_session.rs")));
    for file in outside {
        let text = std::fs::read_to_string(&file).unwrap();
        let lines = text.lines().filter(|l| takes_in_rust(l) && l.contains("src/"));
        let rel = file.strip_prefix(root).unwrap().display().to_string();
        found.extend(lines.map(|l| format!("{rel}: {}", l.trim())));
    }
    assert!(found.is_empty(), "files taken in across src/'s border:\n{}", found.join("\n"));
}

/// The library reads no test data (issue 59): no file of `src/` takes in a file of `tests/`
/// (`include_str!`, `include_bytes!`). What the program needs (the bench positions, the
/// book, the network) lives in `src/` or beside it, and tests that want it read it there.
#[test]
fn the_library_reads_no_test_data() {
    let mut found = Vec::new();
    for (rel, text) in src_files() {
        let lines = text.lines().filter(|l| {
            let l = l.trim_start();
            !l.starts_with("//") && l.contains("include_") && l.contains("tests/")
        });
        found.extend(lines.map(|l| format!("src/{rel}: {}", l.trim())));
    }
    assert!(found.is_empty(), "test data taken into the library:\n{}", found.join("\n"));
}

/// No file of `src/` above 800 lines (issue 59): a file that grows past it holds more than
/// one job, and is split by job (as `eval/nnue/` and `engine/clock/` were).
#[test]
fn no_file_of_the_library_is_above_800_lines() {
    let files = src_files();
    assert!(files.len() > 100, "{} files read", files.len());
    let long: Vec<String> = files
        .iter()
        .map(|(rel, text)| (rel, text.lines().count()))
        .filter(|&(_, n)| n > 800)
        .map(|(rel, n)| format!("src/{rel}: {n} lines"))
        .collect();
    assert!(long.is_empty(), "files above 800 lines:\n{}", long.join("\n"));
}
