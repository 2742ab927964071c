//! `book::records`: the games of record files for `--make-book`.

use gnushogi::book::records::*;
use gnushogi::files::record::sjis;
use gnushogi::rules::{Color, Move};
use std::path::Path;

fn usi(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

#[test]
fn usi_lists() {
    let data = "# moves\tresult\n\
                startpos moves 7g7f 3c3d 8h2b+\t1-0\ttoryo\n\
                position startpos moves 2g2f\t0-1\n\
                7g7f 8c8d\n\
                sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i5h\t*\n\
                startpos moves 7g7f 7g7f\t*\n";
    let r = parse_records("g.tsv", data.as_bytes(), Format::UsiList);
    assert_eq!(r.games.len(), 3);
    assert_eq!(usi(&r.games[0].moves), ["7g7f", "3c3d", "8h2b+"]);
    assert_eq!(r.games[0].result, GameResult::Win(Color::Black));
    assert_eq!(r.games[0].name, "g.tsv:2");
    assert_eq!(r.games[1].result, GameResult::Win(Color::White));
    assert_eq!(r.games[2].result, GameResult::Unknown);
    assert_eq!(r.problems.len(), 2);
    assert_eq!(
        r.problems[0],
        "g.tsv:5: not from the standard start position: another start position"
    );
    assert!(r.problems[1].starts_with("g.tsv:6: move 2 '7g7f': "), "{}", r.problems[1]);
}

#[test]
fn csa_games() {
    let mut data = String::from("V2.2\nN+a\nN-b\nPI\n+\n+7776FU,T1\n-3334FU\n+8822UM\n");
    data.push_str("-3122GI\n+0045KA\n%TORYO\n/\nPI\n+\n+2726FU\n-8384FU\n%SENNICHITE\n");
    data.push_str("/\nPI82HI\n-\n-5142OU\n/\nPI\n+\n+2725FU\n");
    let r = parse_records("g.csa", data.as_bytes(), Format::Csa);
    assert_eq!(r.games.len(), 2, "{:?}", r.problems);
    assert_eq!(usi(&r.games[0].moves), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    assert_eq!(r.games[0].result, GameResult::Win(Color::Black));
    assert_eq!(r.games[1].result, GameResult::Draw);
    assert_eq!(r.problems.len(), 2);
    assert!(r.problems[0].contains("a handicap game (rook)"), "{}", r.problems[0]);
    assert!(r.problems[1].starts_with("g.csa#4 (line 23): line 25: move 1 '+2725FU'"));
    assert_eq!(Format::detect(Path::new("x"), data.as_bytes()), Format::Csa);
}

#[test]
fn kif_games_in_both_encodings() {
    let kif = "手合割：平手\n手数----指手---------消費時間--\n\
               \u{20}  1 ７六歩(77)   ( 0:00/00:00:00)\n*comment\n\
               \u{20}  2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n\
               \u{20}  5 ４五角打\n   6 投了\nまで5手で先手の勝ち\n\n変化：3手\n   3 ２六歩(27)\n";
    let r = parse_records("g.kif", kif.as_bytes(), Format::Kif);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(usi(&r.games[0].moves), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    assert_eq!(r.games[0].result, GameResult::Win(Color::Black));
    let r2 = parse_records("g.kif", &sjis::encode(kif), Format::Kif);
    assert_eq!(r2.games, r.games);
    let handicap =
        parse_records("h.kif", "手合割：香落ち\n   1 ３四歩(33)\n".as_bytes(), Format::Kif);
    assert!(handicap.games.is_empty());
    assert!(handicap.problems[0].contains("a handicap game (lance)"));
    let wrong = parse_records("w.kif", "   1 ７六銀(77)\n".as_bytes(), Format::Kif);
    assert_eq!(wrong.problems, ["w.kif: line 1: '７六銀(77)': no silver on 7g; game left out"]);
}
