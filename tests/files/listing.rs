//! `files::listing`: the `list` listing.

use chrono::TimeZone;
use gnushogi::files::MoveStats;
use gnushogi::files::listing::*;
use gnushogi::game::{Game, Outcome, WinReason};
use gnushogi::notation::{Annotation, parse_usi_move};
use gnushogi::rules::handicap::Handicap;
use gnushogi::rules::{Color, Position};

fn game(moves: &str) -> Game {
    let mut g = Game::default();
    for s in moves.split_whitespace() {
        let m = parse_usi_move(s).unwrap().to_move(g.position()).unwrap();
        g.play(m).unwrap();
    }
    g
}

#[test]
fn book_line_as_the_original_writes_it() {
    let g = game("7g7f 3c3d 8h2b+ 3a2b B*4e");
    let mut stats = vec![MoveStats::default(); 5];
    stats[3].annotation = Some(Annotation::Bad);
    assert_eq!(book_text(&g, &stats).unwrap(), "#\n1.P7g-7f P3c-3d 2.B8hx2b+ S3ax2b? 3.B*4e \n");
    let edited = Game::new(Position::startpos().played(g.moves()[0]));
    assert!(book_text(&edited, &[]).is_err());
}

#[test]
fn listing_and_its_name() {
    let when = chrono::Utc.with_ymd_and_hms(2026, 1, 2, 3, 4, 5).unwrap();
    assert_eq!(list_file_name(&when, Color::White), "CL.Jan02-030405W");
    let g = game("7g7f 3c3d 8h2b+");
    let mut stats = vec![MoveStats::default(); 3];
    stats[1] = MoveStats { book: true, ..stats[1] };
    let text = listing(&g, &stats, None);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[2],
        " P7g7f       0      0       0     0          P3c3d       0    Book      0     0"
    );
    assert!(lines[3].starts_with(" B8h2b+      0      0"));
    let mate = Outcome::Win { winner: Color::White, reason: WinReason::Checkmate };
    assert!(listing(&g, &stats, Some(mate)).ends_with("\n\nWhite wins (checkmate)\n"));
    let perpetual = Outcome::Win { winner: Color::Black, reason: WinReason::PerpetualCheck };
    assert!(
        listing(&g, &stats, Some(perpetual)).ends_with("\nBlack wins (perpetual check by White)\n")
    );
}

#[test]
fn a_handicap_or_set_up_start_is_named() {
    let mut g = Game::new(Handicap::TwoPiece.position());
    let m = parse_usi_move("3a4b").unwrap().to_move(g.position()).unwrap();
    g.play(m).unwrap();
    let text = listing(&g, &[], None);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[1],
        "Handicap: two-piece (二枚落ち); White gives it and moves first (the left column)"
    );
    assert!(lines[3].starts_with(" S3a4b"), "{text}");
    let set_up = Game::new(Position::startpos().played(game("7g7f").moves()[0]));
    let text = listing(&set_up, &[], None);
    assert!(text.lines().nth(1).unwrap().starts_with("Start: lnsgkgsnl/"), "{text}");
    assert!(!listing(&game("7g7f"), &[], None).contains("Start"));
}
