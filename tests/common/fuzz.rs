//! The fuzzing kit of the integration tests (`tests/fuzz_parsers.rs`,
//! `tests/fuzz_protocols.rs`). It needs nothing of the crate, only proptest and std.
//!
//! Fuzzing with proptest: a budget (cases from a fixed seed, or seconds with random seeds),
//! and inputs built from real ones by mutation (seeds from the transcripts and data files).
//!
//! - By default each property runs a fixed number of cases from a fixed seed: the same
//!   inputs on every run, so CI is reproducible.
//! - `GNUSHOGI_FUZZ_SECS=N` runs each property for about N seconds, with a fresh random seed
//!   for each batch (the long runs by hand); `GNUSHOGI_FUZZ_CASES=N` sets the cases of a
//!   fixed-seed run.
//!
//! Each property prints how many cases it ran (`cargo test -- --nocapture` shows it).

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use std::time::{Duration, Instant};

/// Runs `test` on values of `strategy` within the budget; panics with the (shrunk) failing
/// input if one fails.
pub fn check<S: Strategy>(
    name: &str,
    default_cases: u32,
    strategy: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) where
    S::Value: std::fmt::Debug + Clone,
{
    let env = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<f64>().ok());
    let cases = env("GNUSHOGI_FUZZ_CASES").map_or(default_cases, |c| c.max(1.0) as u32);
    let config =
        Config { cases, failure_persistence: None, max_shrink_iters: 4096, ..Config::default() };
    let started = Instant::now();
    let mut ran = 0u64;
    // The slowest case, shown when slow or with FUZZ_TRACE (a slow case is a hang in the
    // making).
    let slowest = std::cell::RefCell::new((Duration::ZERO, String::new()));
    let trace = std::env::var_os("FUZZ_TRACE").is_some();
    let test = |v: S::Value| {
        let kept = v.clone();
        let t0 = Instant::now();
        let r = test(v);
        let took = t0.elapsed();
        let mut s = slowest.borrow_mut();
        if took > s.0 {
            *s = (took, format!("{kept:?}"));
        }
        r
    };
    match env("GNUSHOGI_FUZZ_SECS") {
        Some(secs) => {
            let budget = Duration::from_secs_f64(secs.max(0.0));
            while ran == 0 || started.elapsed() < budget {
                let mut runner = TestRunner::new(config.clone());
                if let Err(e) = runner.run(&strategy, test) {
                    panic!("{name}: {e}");
                }
                ran += u64::from(cases);
            }
        }
        None => {
            let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
            let mut runner = TestRunner::new_with_rng(config, rng);
            if let Err(e) = runner.run(&strategy, test) {
                panic!("{name}: {e}");
            }
            ran = u64::from(cases);
        }
    }
    let (took, shown) = slowest.into_inner();
    eprintln!(
        "fuzz {name}: {ran} cases in {:.1} s (slowest {:.2} s)",
        started.elapsed().as_secs_f64(),
        took.as_secs_f64()
    );
    if trace || took > Duration::from_secs(5) {
        eprintln!("fuzz {name}: slowest case {shown}");
    }
}

/// Words that parsers meet, or choke on: numbers at the edges of their types, the
/// punctuation of the notations, protocol keywords, and characters of every width.
pub const WORDS: &[&str] = &[
    "",
    " ",
    "\t",
    "0",
    "1",
    "-1",
    "9",
    "10",
    "81",
    "127",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "1e9",
    "0.5",
    "-0",
    "NaN",
    "inf",
    "+",
    "-",
    "*",
    "@",
    "=",
    "/",
    ":",
    "[",
    "]",
    "{",
    "}",
    "?",
    "!",
    ".",
    "#",
    "\"",
    "'",
    "\\",
    "1a",
    "9i",
    "5e",
    "a1",
    "i9",
    "e5",
    "j0",
    "0a",
    "P",
    "p",
    "K",
    "k",
    "+P",
    "+R",
    "+K",
    "+G",
    "G",
    "L",
    "N",
    "S",
    "B",
    "R",
    "P*",
    "P@",
    "7g7f",
    "3c3d",
    "2h2c+",
    "P*5e",
    "G65h",
    "Gi5h",
    "g7g6",
    "P@e5",
    "b8h2=",
    "startpos",
    "sfen",
    "moves",
    "position",
    "go",
    "infinite",
    "ponder",
    "mate",
    "depth",
    "nodes",
    "movetime",
    "btime",
    "wtime",
    "byoyomi",
    "binc",
    "winc",
    "name",
    "value",
    "setoption",
    "usermove",
    "setboard",
    "level",
    "time",
    "otim",
    "result",
    "new",
    "force",
    "undo",
    "remove",
    "edit",
    "exclude",
    "include",
    "all",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
    "b",
    "w",
    "[-]",
    "-",
    "2P",
    "19P",
    "18P",
    "\u{0}",
    "\u{7f}",
    "\u{a0}",
    "\u{fffd}",
    "é",
    "歩",
    "▲",
    "\u{1F600}",
    "\u{202e}",
    "\r",
];

/// One change to a list of tokens.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Deletes the token at this index (modulo the length).
    Delete(usize),
    /// Inserts a dictionary word before this index.
    Insert(usize, &'static str),
    /// Inserts a random string.
    InsertRandom(usize, String),
    /// Replaces a token by a dictionary word.
    Replace(usize, &'static str),
    /// Repeats a token.
    Duplicate(usize),
    /// Swaps two tokens.
    Swap(usize, usize),
    /// Cuts a token at a character.
    Truncate(usize, usize),
    /// Changes one character of a token.
    Flip(usize, usize, char),
}

pub fn word() -> impl Strategy<Value = &'static str> {
    proptest::sample::select(WORDS)
}

/// Random text: any characters, with ASCII letters, digits and punctuation over-represented.
pub fn junk(max: usize) -> impl Strategy<Value = String> {
    let ch = prop_oneof![
        4 => proptest::char::range(' ', '~'),
        1 => any::<char>(),
        1 => proptest::sample::select(vec!['\t', '\r', '\u{0}', '\u{fffd}', '歩', '+', '*', '@']),
    ];
    proptest::collection::vec(ch, 0..max).prop_map(|v| v.into_iter().collect())
}

pub fn mutation() -> impl Strategy<Value = Mutation> {
    let i = 0usize..64;
    prop_oneof![
        3 => i.clone().prop_map(Mutation::Delete),
        3 => (i.clone(), word()).prop_map(|(i, w)| Mutation::Insert(i, w)),
        1 => (i.clone(), junk(12)).prop_map(|(i, s)| Mutation::InsertRandom(i, s)),
        4 => (i.clone(), word()).prop_map(|(i, w)| Mutation::Replace(i, w)),
        1 => i.clone().prop_map(Mutation::Duplicate),
        1 => (i.clone(), i.clone()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        1 => (i.clone(), 0usize..16).prop_map(|(a, b)| Mutation::Truncate(a, b)),
        2 => (i.clone(), 0usize..16, proptest::char::range(' ', '~'))
            .prop_map(|(a, b, c)| Mutation::Flip(a, b, c)),
    ]
}

/// Applies the mutations to a list of tokens.
pub fn apply(tokens: &mut Vec<String>, mutations: &[Mutation]) {
    for m in mutations {
        let n = tokens.len();
        let at = |i: usize| if n == 0 { 0 } else { i % n };
        match m {
            Mutation::Delete(i) if n > 0 => {
                tokens.remove(at(*i));
            }
            Mutation::Insert(i, w) => {
                tokens.insert(if n == 0 { 0 } else { i % (n + 1) }, w.to_string())
            }
            Mutation::InsertRandom(i, s) => {
                tokens.insert(if n == 0 { 0 } else { i % (n + 1) }, s.clone());
            }
            Mutation::Replace(i, w) if n > 0 => tokens[at(*i)] = w.to_string(),
            Mutation::Duplicate(i) if n > 0 => {
                let t = tokens[at(*i)].clone();
                tokens.insert(at(*i), t);
            }
            Mutation::Swap(a, b) if n > 0 => tokens.swap(at(*a), at(*b)),
            Mutation::Truncate(i, k) if n > 0 => {
                let t = &mut tokens[at(*i)];
                let cut = t.char_indices().nth(*k).map_or(t.len(), |(j, _)| j);
                t.truncate(cut);
            }
            Mutation::Flip(i, k, c) if n > 0 => {
                let t = &mut tokens[at(*i)];
                let mut chars: Vec<char> = t.chars().collect();
                if !chars.is_empty() {
                    let j = k % chars.len();
                    chars[j] = *c;
                    *t = chars.into_iter().collect();
                }
            }
            _ => {}
        }
    }
}

/// A line built from a seed line by a few mutations of its words (or a random line).
pub fn mutated_line(seeds: Vec<String>) -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (proptest::sample::select(seeds), proptest::collection::vec(mutation(), 0..5), any::<bool>())
            .prop_map(|(seed, muts, glue)| {
                let mut tokens: Vec<String> = seed.split(' ').map(str::to_string).collect();
                apply(&mut tokens, &muts);
                // Sometimes the words run together, sometimes several spaces apart.
                tokens.join(if glue && muts.len() % 3 == 2 { "" } else { " " })
            }),
        1 => junk(40),
        1 => proptest::collection::vec(word(), 0..6).prop_map(|w| w.join(" ")),
    ]
}

/// Bytes built from a seed file: cut, spliced, flipped and with junk inserted.
pub fn mutated_bytes(seeds: Vec<Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    let edit = prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| (0u8, i, vec![b])),
        (any::<usize>(), proptest::collection::vec(any::<u8>(), 0..16))
            .prop_map(|(i, v)| (1u8, i, v)),
        (any::<usize>(), 0usize..64).prop_map(|(i, n)| (2u8, i, vec![0; n])),
        any::<usize>().prop_map(|i| (3u8, i, Vec::new())),
        (any::<usize>(), word()).prop_map(|(i, w)| (1u8, i, w.as_bytes().to_vec())),
    ];
    (proptest::sample::select(seeds), proptest::collection::vec(edit, 0..8)).prop_map(
        |(mut data, edits)| {
            for (kind, i, bytes) in edits {
                let n = data.len();
                let at = if n == 0 { 0 } else { i % n };
                match kind {
                    0 if n > 0 => data[at] = bytes[0],
                    1 => {
                        data.splice(at..at, bytes);
                    }
                    2 => {
                        let end = (at + bytes.len()).min(n);
                        data.drain(at..end);
                    }
                    3 => data.truncate(at),
                    _ => {}
                }
            }
            data
        },
    )
}

/// The string literals of a source file, in order, split into lines: the lines the
/// transcript tests send (and the replies they expect, which make good junk too).
pub fn literals_in_order(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = src.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut s = String::new();
        let mut closed = false;
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some('n') => s.push('\n'),
                    Some('t') => s.push('\t'),
                    Some(other) => s.push(other),
                    None => break,
                },
                '"' => {
                    closed = true;
                    break;
                }
                c => s.push(c),
            }
        }
        if closed && !s.is_empty() && s.len() < 400 {
            out.extend(s.lines().map(str::to_string));
        }
    }
    out
}

/// Fills the `{NAME}` holes of format strings among `lines`: with the value of the source's
/// `const NAME: &str` when there is one, else with the values of `fill` in turn (the holes
/// name local variables: positions, moves, file names).
pub fn fill_holes(lines: Vec<String>, src: &str, fill: &[String]) -> Vec<String> {
    let consts: Vec<(String, String)> = src
        .lines()
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix("const ")?;
            let (name, value) = rest.split_once(": &str = ")?;
            let value = literals_in_order(value).into_iter().next()?;
            Some((format!("{{{name}}}"), value))
        })
        .collect();
    let mut next = 0;
    lines
        .into_iter()
        .map(|mut line| {
            for (hole, value) in &consts {
                line = line.replace(hole, value);
            }
            // Other holes: `{}` or `{variable}` (`{Test}` in a result is text).
            let mut from = 0;
            while let Some(open) = line[from..].find('{').map(|i| i + from) {
                let Some(len) = line[open..].find('}') else { break };
                let inner = &line[open + 1..open + len];
                let variable = inner.chars().next().is_none_or(|c| c.is_ascii_lowercase())
                    && inner
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
                if variable && !fill.is_empty() {
                    let value = &fill[next % fill.len()];
                    line.replace_range(open..=open + len, value);
                    next += 1;
                    from = open + value.len();
                } else {
                    from = open + 1;
                }
            }
            line
        })
        .collect()
}

/// [`literals_in_order`], sorted and without repeats.
pub fn string_literals(src: &str) -> Vec<String> {
    let mut out = literals_in_order(src);
    out.sort();
    out.dedup();
    out
}

/// The first column of a test data table (`tests/data/positions.tsv`, `perft.tsv`): SFENs.
pub fn sfen_column(tsv: &str) -> Vec<String> {
    tsv.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next())
        .map(str::to_string)
        .collect()
}

/// Keeps a session line from asking for more of this machine than a test may take: hash
/// sizes and thread counts over 64 (`memory`, `cores`, `USI_Hash`, `Threads`, ...) become 8.
/// A table of gigabytes per case is a test of the machine, not of the program (the limit of
/// the table size has its own transcript tests).
pub fn tame(line: &str) -> String {
    let lower = line.to_ascii_lowercase();
    if !["memory", "cores", "hash", "thread"].iter().any(|w| lower.contains(w)) {
        return line.to_string();
    }
    let mut out = String::new();
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        let big = digits.len() > 2 || digits.parse::<u32>().is_ok_and(|n| n > 64);
        out.push_str(if big { "8" } else { digits.as_str() });
        digits.clear();
    };
    for c in line.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

/// One change to a stream of input lines.
#[derive(Clone, Debug)]
pub enum LineEdit {
    Drop(usize),
    Repeat(usize),
    Swap(usize, usize),
    Insert(usize, String),
    Replace(usize, String),
}

/// A session's input: a window of consecutive lines of a transcript, edited (lines dropped,
/// repeated, swapped, mutated, junk inserted), each with a flag: wait for the engine to be
/// idle before this line (else it comes while the engine may be thinking).
pub fn stream(
    transcript: Vec<String>,
    lines: impl Strategy<Value = String> + 'static,
) -> impl Strategy<Value = Vec<(String, bool)>> {
    let lines = lines.boxed();
    let n = transcript.len().max(1);
    let i = 0usize..64;
    let edit = prop_oneof![
        2 => i.clone().prop_map(LineEdit::Drop),
        1 => i.clone().prop_map(LineEdit::Repeat),
        1 => (i.clone(), i.clone()).prop_map(|(a, b)| LineEdit::Swap(a, b)),
        3 => (i.clone(), lines.clone()).prop_map(|(a, l)| LineEdit::Insert(a, l)),
        3 => (i.clone(), lines).prop_map(|(a, l)| LineEdit::Replace(a, l)),
    ];
    (
        0..n,
        2usize..32,
        proptest::collection::vec(edit, 0..10),
        proptest::collection::vec(any::<bool>(), 64),
    )
        .prop_map(move |(start, len, edits, waits)| {
            let end = (start + len).min(transcript.len());
            let mut v: Vec<String> = transcript[start.min(end)..end].to_vec();
            for e in edits {
                let n = v.len();
                let at = |i: usize| if n == 0 { 0 } else { i % n };
                match e {
                    LineEdit::Drop(i) if n > 0 => {
                        v.remove(at(i));
                    }
                    LineEdit::Repeat(i) if n > 0 => {
                        let l = v[at(i)].clone();
                        v.insert(at(i), l);
                    }
                    LineEdit::Swap(a, b) if n > 0 => v.swap(at(a), at(b)),
                    LineEdit::Insert(i, l) => v.insert(if n == 0 { 0 } else { i % (n + 1) }, l),
                    LineEdit::Replace(i, l) if n > 0 => v[at(i)] = l,
                    _ => {}
                }
            }
            // As the reader splits them: at newlines, without a line's last '\r'.
            let split =
                v.iter().flat_map(|l| l.split('\n').map(|p| tame(p.trim_end_matches('\r'))));
            split.zip(waits.into_iter().cycle()).collect()
        })
}
