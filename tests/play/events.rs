//! `play::events`: the channel a front end reads.

use gnushogi::play::events::*;
use std::sync::mpsc;

#[test]
fn lines_then_eof() {
    let (tx, rx) = mpsc::channel();
    let data: &[u8] = b"xboard\r\nprotover 2\n\xff\xfebad\nlast";
    spawn_reader(data, tx).join().unwrap();
    let got: Vec<String> = rx
        .iter()
        .map(|e| match e {
            Event::Line(l) => l,
            Event::Eof => "<eof>".into(),
            Event::Engine(..) | Event::Terminate | Event::Interrupt | Event::TooLong { .. } => {
                "<other>".into()
            }
        })
        .collect();
    assert_eq!(got, ["xboard", "protover 2", "\\xff\\xfebad", "last", "<eof>"]);
}

#[test]
fn long_lines_are_refused_whole() {
    let (tx, rx) = mpsc::channel();
    let mut data = vec![b'a'; MAX_LINE * 3];
    data.extend_from_slice(b"\r\nok\n");
    // The longest line kept, with either end of line; one byte more is too long.
    for (n, end) in [(MAX_LINE, "\n"), (MAX_LINE, "\r\n"), (MAX_LINE + 1, "\r\n")] {
        data.extend(std::iter::repeat_n(b'b', n));
        data.extend_from_slice(end.as_bytes());
    }
    data.extend(std::iter::repeat_n(b'c', MAX_LINE + 1));
    spawn_reader(std::io::Cursor::new(data), tx).join().unwrap();
    let got: Vec<Event> = rx.iter().collect();
    let start = "a".repeat(TOO_LONG_SHOWN);
    assert!(
        matches!(&got[0], Event::TooLong { start: s, len } if *s == start && *len == MAX_LINE * 3)
    );
    assert!(matches!(&got[1], Event::Line(l) if l == "ok"));
    assert!(matches!(&got[2], Event::Line(l) if l.len() == MAX_LINE));
    assert!(matches!(&got[3], Event::Line(l) if l.len() == MAX_LINE && l.ends_with('b')));
    assert!(matches!(&got[4], Event::TooLong { len, .. } if *len == MAX_LINE + 1));
    // The last line, without its newline, is too long as well.
    assert!(matches!(&got[5], Event::TooLong { len, .. } if *len == MAX_LINE + 1));
    assert!(matches!(&got[6], Event::Eof));
}
