//! `book::text`: the text book (`.tbk`), read and written.

use gnushogi::book::Book;
use gnushogi::book::text::*;
use gnushogi::notation::{Annotation, parse_usi_move};
use gnushogi::rules::{Move, Position};

fn mv(pos: &Position, s: &str) -> Move {
    parse_usi_move(s).unwrap().to_move(pos).unwrap()
}

fn weights(book: &Book, pos: &Position) -> Vec<(String, u32)> {
    book.entries(pos).iter().map(|e| (e.mv.to_string(), e.weight)).collect()
}

#[test]
fn lines_spellings_and_comments() {
    let text = "# Double Fortress\n1.P7f P8d 2.S6h(1) [a comment\n # not a line break ]\
                P3d 3.S7g? S6b!\n#\nP7g-7f P8c-8d S7i-6h P3c3d\n#\n7g7f 3c3d B8hx2b+ S3ax2b\n\
                B*4e Resigns\n";
    let tb = parse_tbk(text.as_bytes(), 40).unwrap();
    assert!(tb.diagnostics.is_empty(), "{:?}", tb.diagnostics);
    assert_eq!(tb.lines, 3);
    let start = Position::startpos();
    assert_eq!(weights(&tb.book, &start), [("7g7f".to_string(), 3)]);
    let p1 = start.played(mv(&start, "7g7f"));
    assert_eq!(weights(&tb.book, &p1), [("8c8d".to_string(), 2), ("3c3d".to_string(), 1)]);
    let p3 = p1.played(mv(&p1, "8c8d"));
    let p3 = p3.played(mv(&p3, "7i6h"));
    assert_eq!(weights(&tb.book, &p3), [("3c3d".to_string(), 2)]);
    let p4 = p3.played(mv(&p3, "3c3d"));
    let e = tb.book.entries(&p4);
    assert_eq!(e[0].mark, Some(Annotation::Bad));
    // A `?` move is no hint; the reply after `S6b!` is.
    assert_eq!(tb.book.entries(&p3)[0].hint, None);
    assert_eq!(e[0].hint.map(|m| m.to_string()).as_deref(), Some("7a6b"));
    let p5 = p4.played(e[0].mv);
    assert_eq!(tb.book.entries(&p5)[0].mark, Some(Annotation::Good));
    // Line 3 adds 8h2b+, 3a2b and B*4e.
    assert_eq!(tb.book.moves(), 1 + 2 + 1 + 1 + 1 + 1 + 3);
    assert_eq!(tb.book.positions(), 9);
}

#[test]
fn transpositions_meet_in_one_position() {
    let tb = parse_tbk(b"# a\nP7f P8d S6h P3d P2f\n# b\nP7f P3d S6h P8d P2f?\n", 40).unwrap();
    let mut pos = Position::startpos();
    for s in ["7g7f", "8c8d", "7i6h", "3c3d"] {
        pos = pos.played(mv(&pos, s));
    }
    let e = tb.book.entries(&pos);
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].mv.to_string().as_str(), e[0].weight), ("2g2f", 2));
    assert_eq!(e[0].mark, Some(Annotation::Bad));
    assert_eq!(tb.book.positions(), 1 + 1 + 2 + 2 + 1);
}

#[test]
fn an_illegal_move_skips_the_rest_of_its_line() {
    let text = "# one\nP7f P8d P7d P7e P3d\n# two\nP2f\n";
    let tb = parse_tbk(text.as_bytes(), 40).unwrap();
    assert_eq!(tb.diagnostics.len(), 1);
    let d = &tb.diagnostics[0];
    assert_eq!(d.line, 2);
    assert!(matches!(&d.kind, DiagnosticKind::Move { text, ply: 3, .. } if text == "P7d"));
    assert_eq!(
        d.to_string(),
        "2: illegal move 'P7d' at ply 3 (no pawn of yours can move to 7d); rest of the line \
         of play skipped"
    );
    assert_eq!(tb.lines, 2);
    let start = Position::startpos();
    assert_eq!(tb.book.entries(&start).len(), 2);
}

#[test]
fn max_ply_stores_the_hint_one_ply_deeper() {
    let tb = parse_tbk(b"P7f P3d P2f P8d", 2).unwrap();
    assert_eq!(tb.book.moves(), 2);
    let start = Position::startpos();
    let p1 = start.played(mv(&start, "7g7f"));
    assert_eq!(tb.book.entries(&p1)[0].hint.map(|m| m.to_string()).as_deref(), Some("2g2f"));
}

#[test]
fn junk_is_reported_not_fatal_unless_binary() {
    let tb = parse_tbk("P7f \u{ff}\u{fe}xx P3d\n#\nP2f (unclosed".as_bytes(), 40).unwrap();
    assert_eq!(tb.diagnostics.len(), 2);
    assert!(matches!(tb.diagnostics[1].kind, DiagnosticKind::UnclosedComment('(')));
    assert_eq!(tb.book.moves(), 2);
    assert_eq!(
        parse_tbk(b"P7f\n\0\x01", 40).unwrap_err().to_string(),
        "not a text book: binary data at line 2"
    );
}

#[test]
fn written_lines_read_back() {
    let start = Position::startpos();
    let mut moves = Vec::new();
    let mut pos = start.clone();
    for s in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"] {
        let m = mv(&pos, s);
        moves.push((m, if s == "3a2b" { Some(Annotation::Good) } else { None }));
        pos = pos.played(m);
    }
    let lines = vec![BookLine { name: "exchange".into(), moves }];
    let text = write_tbk(&["header".into()], &lines);
    assert_eq!(text, "# header\n#\n# exchange\nP7g-7f P3c-3d B8hx2b+ S3ax2b! B*4e\n");
    let tb = parse_tbk(text.as_bytes(), 40).unwrap();
    assert!(tb.diagnostics.is_empty());
    assert_eq!(tb.book.moves(), 5);
}
