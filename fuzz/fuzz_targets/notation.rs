//! Positions, then moves, in every notation of `src/notation/`: the first line is a
//! position (SFEN, else XBoard's FEN, else the start), each line after it a move tried in
//! every notation (USI, XBoard, the text mode's, CSA, KIF, the game file's) and scores.
//! A position read prints back as itself; a move read is legal, prints back in its
//! notation and reads back as the same move; the first move that is read is played.
#![no_main]

use gnushogi::notation::{self, csa, kif, score, text, xboard};
use gnushogi::rules::{Position, Square};
use libfuzzer_sys::fuzz_target;

fn same(a: &Position, b: &Position) -> bool {
    a.key() == b.key() && a.side_to_move() == b.side_to_move()
}

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    let mut lines = input.lines();
    let first = lines.next().unwrap_or("");
    let mut pos = if let Ok(p) = notation::parse_sfen(first) {
        let printed = notation::to_sfen(&p);
        let again = notation::parse_sfen(&printed).expect("an SFEN printed is readable");
        assert!(same(&p, &again), "{first:?} -> {printed:?}");
        assert_eq!(notation::to_sfen(&again), printed);
        p
    } else if let Ok(p) = notation::parse_xboard_fen(first) {
        let printed = notation::to_xboard_fen(&p);
        let again = notation::parse_xboard_fen(&printed).expect("a FEN printed is readable");
        assert!(same(&p, &again), "{first:?} -> {printed:?}");
        p
    } else {
        Position::startpos()
    };
    let mut last_to: Option<Square> = None;
    for line in lines {
        let _ = score::parse_usi(line);
        let _ = score::parse_xboard(line);
        let _ = score::parse_gnu(line);
        let _ = score::parse_words(line);
        let _ = csa::parse_special(line);
        let _ = csa::parse_engine_comment(line);
        let _ = csa::parse_time_limit(line);
        let mut played = None;
        if let Some(m) = notation::parse_usi_move(line)
            && let Ok(mv) = m.to_move(&pos)
        {
            assert!(pos.is_legal(mv), "usi {line:?}");
            let back = notation::parse_usi_move(&notation::usi::format_usi_move(mv));
            assert_eq!(back.map(|m| m.to_move(&pos)), Some(Ok(mv)), "usi {line:?}");
            played = played.or(Some(mv));
        }
        if let Some(m) = xboard::parse_xboard_move(line)
            && let Ok(mv) = m.to_move(&pos)
        {
            assert!(pos.is_legal(mv), "xboard {line:?}");
            let back = xboard::parse_xboard_move(&xboard::format_xboard_move(mv));
            assert_eq!(back.map(|m| m.to_move(&pos)), Some(Ok(mv)), "xboard {line:?}");
            played = played.or(Some(mv));
        }
        if let Ok((mv, _)) = notation::parse_text_move(&pos, line) {
            assert!(pos.is_legal(mv), "text {line:?}");
            for f in [
                text::format_short_move(&pos, mv),
                text::format_book_move(&pos, mv),
                text::format_coordinate(mv),
            ] {
                let back = notation::parse_text_move(&pos, &f).map(|(m, _)| m);
                assert_eq!(back, Ok(mv), "text {line:?} printed {f:?}");
            }
            played = played.or(Some(mv));
        }
        if let Ok(fm) = text::parse_file_move(line.trim_start()) {
            let _ = fm;
        }
        // CSA's and KIF's `to_move` give the move's shape: legality is the position's.
        if let Some(m) = csa::parse_csa_move(line)
            && let Ok(mv) = m.to_move(&pos)
            && pos.is_legal(mv)
        {
            let f = csa::format_csa_move(&pos, mv);
            let back = csa::parse_csa_move(&f).map(|m| m.to_move(&pos));
            assert_eq!(back, Some(Ok(mv)), "csa {line:?} printed {f:?}");
            played = played.or(Some(mv));
        }
        if let Some(m) = kif::parse_kif_move(line)
            && let Ok(mv) = m.to_move(&pos, last_to)
            && pos.is_legal(mv)
        {
            let f = kif::move_text(&pos, mv, last_to);
            let back = kif::parse_kif_move(&f).map(|m| m.to_move(&pos, last_to));
            assert_eq!(back, Some(Ok(mv)), "kif {line:?} printed {f:?}");
            played = played.or(Some(mv));
        }
        if let Some(mv) = played {
            let f = text::format_file_move(&pos, mv);
            let back = text::parse_file_move(f.trim_start()).map(|m| m.mv);
            assert_eq!(back, Ok(mv), "file move {f:?}");
            last_to = Some(mv.to());
            pos = pos.played(mv);
        }
    }
});
