//! `files::record::kif`: KIF records.

use gnushogi::files::record::kif::*;
use gnushogi::game::{DrawReason, Outcome, WinReason};
use gnushogi::notation::kif::{count_kanji, parse_count_kanji};
use gnushogi::rules::Color;
use gnushogi::rules::handicap::Handicap;
use std::time::Duration;

#[test]
fn a_game_both_ways() {
    let kif = "開始日時：2026/11/23 10:00:00\n手合割：平手\n先手：Human\n後手：GNU Shogi\n\
               手数----指手---------消費時間--\n*before\n\
               \u{20}  1 ７六歩(77)   ( 0:01/00:00:01)\n*comment\n\
               \u{20}  2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n\
               \u{20}  5 ４五角打\n   6 投了\nまで5手で先手の勝ち\n\n変化：3手\n   3 ２六歩(27)\n";
    let r = parse(kif).unwrap();
    let usi: Vec<String> = r.moves.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(usi, ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    assert_eq!(r.moves[0].time, Some(Duration::from_secs(1)));
    assert_eq!(r.moves[0].comments, ["comment"]);
    assert_eq!(r.comments, ["before"]);
    assert_eq!(r.headers.white.as_deref(), Some("GNU Shogi"));
    assert_eq!(
        r.outcome,
        Some(Outcome::Win { winner: Color::Black, reason: WinReason::Resignation })
    );
    let text = write(&r);
    assert!(text.contains("   1 ７六歩(77)"), "{text}");
    assert!(text.contains("   4 同　銀(31)"), "{text}");
    assert!(text.contains("まで5手で先手の勝ち"), "{text}");
    assert_eq!(parse(&text).unwrap(), r);
}

#[test]
fn diagrams_and_handicaps() {
    let mut r = parse("手合割：二枚落ち\n   1 ５二玉(51)\n").unwrap();
    assert_eq!(r.handicap(), Some(Handicap::TwoPiece));
    let text = write(&r);
    assert!(text.contains("手合割：二枚落ち") && !text.contains("後手の持駒"), "{text}");
    r.start = r.start.played(r.moves.remove(0).mv);
    r.start.set_move_number(1);
    let text = write(&r);
    assert!(text.contains("後手の持駒：なし") && text.contains("|v香v桂v銀v金 ・"), "{text}");
    assert_eq!(parse(&text).unwrap(), r);
    assert_eq!(count_kanji(18), "十八");
    assert_eq!(parse_count_kanji("十八"), Some(18));
}

#[test]
fn every_ending_word_ends_the_game_and_an_unknown_one_warns() {
    let game = |end: &str| format!("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 {end}\n");
    let won = |winner, reason| Some(Outcome::Win { winner, reason });
    for (word, outcome) in [
        ("投了", won(Color::White, WinReason::Resignation)),
        ("詰み", won(Color::White, WinReason::Checkmate)),
        ("詰", won(Color::White, WinReason::Checkmate)),
        ("切れ負け", won(Color::White, WinReason::Time)),
        ("時間切れ", won(Color::White, WinReason::Time)),
        ("反則負け", won(Color::White, WinReason::IllegalMove)),
        ("反則勝ち", won(Color::Black, WinReason::IllegalMove)),
        ("入玉勝ち", won(Color::Black, WinReason::Declaration)),
        ("トライ", won(Color::White, WinReason::Try)),
        ("千日手", Some(Outcome::Draw(DrawReason::Repetition))),
        ("持将棋", Some(Outcome::Draw(DrawReason::Impasse))),
        ("中断", None),
        ("封じ手", None),
        ("不詰", None),
    ] {
        let (r, warnings) = parse_with_warnings(&game(word)).unwrap();
        assert_eq!((r.moves.len(), r.outcome), (2, outcome), "{word}");
        assert!(warnings.is_empty(), "{word}: {warnings:?}");
    }
    // A word of some other program: the game up to it, and a warning naming it.
    let (r, warnings) =
        parse_with_warnings(&(game("指し掛け   ( 0:00/00:00:00)") + "   4 ２六歩(27)\n")).unwrap();
    assert_eq!((r.moves.len(), r.outcome), (2, None));
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].line, 4);
    assert!(warnings[0].to_string().contains("'指し掛け'"), "{}", warnings[0]);
}

#[test]
fn errors_say_where() {
    let e = parse("手合割：平手\n   1 ７六銀(77)\n").unwrap_err();
    assert_eq!(e.to_string(), "line 2: '７六銀(77)': no silver on 7g");
    let e = parse("\n   1 ７六歩(77)\n   2 ７六歩(77)\n").unwrap_err();
    assert_eq!(e.line, 3);
    let e = parse("   1 ７五歩(77)\n").unwrap_err();
    assert!(e.to_string().starts_with("line 1: move 1 '７五歩(77)': "), "{e}");
    assert_eq!(parse("手合割：その他\n   1 ７六歩(77)\n").unwrap_err().line, 1);
    assert_eq!(parse("|v香\n").unwrap_err().line, 1);
    assert_eq!(parse("   1 ７六xyz\n").unwrap_err().line, 1);
    assert_eq!(parse("   1 同　xyz\n").unwrap_err().line, 1);
}
