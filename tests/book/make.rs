//! `book::make`: books made from games.

use gnushogi::book::make::*;
use gnushogi::book::parse_tbk;
use gnushogi::book::records::{Format, GameRecord, parse_records};
use gnushogi::book::text::write_tbk;
use gnushogi::notation::Annotation;
use gnushogi::rules::Position;

fn games(text: &str) -> Vec<GameRecord> {
    parse_records("t.tsv", text.as_bytes(), Format::UsiList).games
}

#[test]
fn counts_cuts_and_marks() {
    let g = games(
        "startpos moves 7g7f 3c3d 2g2f\t0-1\n\
         startpos moves 7g7f 3c3d 2g2f 8c8d\t0-1\n\
         startpos moves 7g7f 8c8d\t0-1\n\
         startpos moves 7g7f 8c8d 2g2f\t0-1\n\
         startpos moves 7g7f 8c8d 2g2f\t0-1\n\
         startpos moves 7g7f 8c8d 2g2f\t1/2-1/2\n\
         startpos moves 7g7f 8c8d\t0-1\n\
         startpos moves 7g7f 8c8d\t0-1\n\
         startpos moves 1g1f\t*\n",
    );
    let made = make_book(&g, MakeOptions { min_count: 2, max_depth: 40 });
    assert_eq!(made.lines.len(), 8);
    assert_eq!(made.unused_games, 1);
    let start = Position::startpos();
    let e = made.book.entries(&start);
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].mv.to_string().as_str(), e[0].weight), ("7g7f", 8));
    // 7g7f scored one draw in 8 games: surely under 50%, so it is marked `?`.
    assert_eq!(e[0].mark, Some(Annotation::Bad));
    // After 7g7f, 8c8d (6 games) is the common reply and the hint.
    assert_eq!(e[0].hint.map(|m| m.to_string()).as_deref(), Some("8c8d"));
    let p1 = start.played(e[0].mv);
    let w: Vec<(String, u32)> =
        made.book.entries(&p1).iter().map(|e| (e.mv.to_string(), e.weight)).collect();
    assert_eq!(w, [("8c8d".into(), 6), ("3c3d".into(), 2)]);
    // 2g2f after 8c8d scored 1/6 in 3 games: too few to be sure, no mark.
    let p2 = p1.played(made.book.entries(&p1)[0].mv);
    assert_eq!(made.book.entries(&p2)[0].weight, 3);
    assert_eq!(made.book.entries(&p2)[0].mark, None);
    // The lone 8c8d after 3c3d 2g2f is cut; the book stops there.
    assert_eq!(made.book.moves(), 1 + 2 + 1 + 1);
    // The text reads back to the same book.
    let text = write_tbk(&[], &made.lines);
    let back = parse_tbk(text.as_bytes(), 40).unwrap();
    assert!(back.diagnostics.is_empty());
    assert_eq!(back.book, made.book);
    assert_eq!(back.lines, 8);
}

#[test]
fn cuts_are_repeated_until_stable() {
    // Lines 1 and 3 reach P = 7g7f 8c8d 2g2f by one order, line 2 by another; 3c3d in P
    // counts twice until line 2 is cut (8c8d after 2g2f is played once), then once.
    let g = games(
        "startpos moves 7g7f 8c8d 2g2f 3c3d\n\
         startpos moves 2g2f 8c8d 7g7f 3c3d\n\
         startpos moves 7g7f 8c8d 2g2f\n\
         startpos moves 2g2f\n",
    );
    let made = make_book(&g, MakeOptions { min_count: 2, max_depth: 40 });
    let mut lens: Vec<usize> = made.lines.iter().map(|l| l.moves.len()).collect();
    lens.sort_unstable();
    assert_eq!(lens, [1, 1, 3, 3]);
    assert_eq!(made.book.moves(), 4);
    let mut p = Position::startpos();
    for m in ["7g7f", "8c8d", "2g2f"] {
        p = p.played(gnushogi::notation::parse_usi_move(m).unwrap().to_move(&p).unwrap());
    }
    assert!(made.book.entries(&p).is_empty());
    let text = write_tbk(&[], &made.lines);
    assert_eq!(parse_tbk(text.as_bytes(), 40).unwrap().book, made.book);
}

#[test]
fn the_score_bound() {
    let s = |results, half_points| MoveStats { games: results, results, half_points };
    assert_eq!(s(0, 0).mark(), None);
    assert_eq!(s(4, 0).mark(), Some(Annotation::Bad)); // four losses
    assert_eq!(s(4, 2).mark(), None); // one win in four
    assert_eq!(s(25, 18).mark(), None); // 36% of 25
    assert_eq!(s(60, 42).mark(), Some(Annotation::Bad)); // 35% of 60
    assert_eq!(s(10, 20).mark(), None);
}

#[test]
fn max_depth_cuts_lines() {
    let g = games("startpos moves 7g7f 3c3d 2g2f\nstartpos moves 7g7f 3c3d 2g2f\n");
    let made = make_book(&g, MakeOptions { min_count: 1, max_depth: 2 });
    assert_eq!(made.book.moves(), 2);
    assert!(made.lines.iter().all(|l| l.moves.len() == 2));
}
