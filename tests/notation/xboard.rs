//! `notation::xboard`: XBoard moves and FEN.

use super::test_positions::{position_and_move, positions};
use gnushogi::notation::sfen::{parse_sfen, to_sfen};
use gnushogi::notation::xboard::*;
use gnushogi::rules::{Color, IllegalMove, PieceKind, Position, Square};
use proptest::prelude::*;

#[test]
fn coordinates_map_to_shogi_squares() {
    let p = Position::startpos();
    let m = parse_xboard_move("c3c4").unwrap().to_move(&p).unwrap();
    assert_eq!(m.to_string(), "7g7f");
    assert_eq!(format_xboard_move(m), "c3c4");
    let usi = parse_xboard_move("7g7f").unwrap().to_move(&p).unwrap();
    assert_eq!(usi, m);
    let with_pawn = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
    let d = parse_xboard_move("P@e5").unwrap().to_move(&with_pawn).unwrap();
    assert_eq!(d.to_string(), "P*5e");
    assert_eq!(format_xboard_move(d), "P@e5");
    let open = parse_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
    let open = open.unwrap();
    let pr = parse_xboard_move("b2h8+").unwrap().to_move(&open).unwrap();
    assert_eq!(pr.to_string(), "8h2b+");
    assert_eq!(format_xboard_move(pr), "b2h8+");
    let silver = parse_sfen("4k4/9/9/7S1/9/9/9/9/4K4 b - 1").unwrap();
    let dec = parse_xboard_move("h6h7=").unwrap().to_move(&silver).unwrap();
    assert_eq!(dec.to_string(), "2d2c");
    // `=` declines: where the promotion is forced, the move is refused, and without it taken.
    let pawn = parse_sfen("4k4/7P1/9/9/9/9/9/9/4K4 b - 1").unwrap();
    let declined = parse_xboard_move("h8h9=").unwrap().to_move(&pawn);
    assert_eq!(declined, Err(IllegalMove::MustPromote));
    let plain = parse_xboard_move("h8h9").unwrap().to_move(&pawn).map(|m| m.to_string());
    assert_eq!(plain, Ok("2b2a+".to_string()));
    for bad in ["", "c3", "c3c3", "j1a1", "c3c4x", "K@e5", "P@e0"] {
        assert!(parse_xboard_move(bad).is_none(), "{bad}");
    }
}

#[test]
fn forced_promotion_without_plus_is_promoted() {
    let p = parse_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1").unwrap();
    let m = parse_xboard_move("a8a9").unwrap().to_move(&p).unwrap();
    assert!(m.is_promotion());
    assert_eq!(parse_xboard_move("a8a9=").unwrap().to_move(&p), Err(IllegalMove::MustPromote));
}

#[test]
fn fen_round_trip_and_sfen_fallback() {
    let fen = "lns1k2nl/1s2g2s1/p3ppgpp/1pp3p2/3p5/1PP1P2P1/P2PBPP1P/1+b2G2R1/L3K1SNL[Rng] b 0 1";
    let p = parse_xboard_fen(fen).unwrap();
    assert_eq!(p.side_to_move(), Color::White);
    assert_eq!(p.hand(Color::Black).count(PieceKind::Rook), 1);
    assert_eq!(p.hand(Color::White).count(PieceKind::Knight), 1);
    assert_eq!(
        to_xboard_fen(&p),
        "lns1k2nl/1s2g2s1/p3ppgpp/1pp3p2/3p5/1PP1P2P1/P2PBPP1P/1+b2G2R1/L3K1SNL[Rng] b 0 1"
    );
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";
    assert_eq!(parse_xboard_fen(start).unwrap(), Position::startpos());
    assert_eq!(to_xboard_fen(&Position::startpos()), start);
    let fairy = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1";
    assert_eq!(parse_xboard_fen(fairy).unwrap(), Position::startpos());
    let sfen = to_sfen(&Position::startpos());
    assert_eq!(parse_xboard_fen(&sfen).unwrap(), Position::startpos());
    assert!(
        parse_xboard_fen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[K] w 0 1")
            .is_err()
    );
    assert!(
        parse_xboard_fen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[- w 0 1")
            .is_err()
    );
}

#[test]
fn squares_and_files() {
    assert_eq!(format_square(Square::new(9, 1).unwrap()), "a9");
    assert_eq!(format_square(Square::new(5, 5).unwrap()), "e5");
    assert_eq!(parse_square("i1"), Square::new(1, 9));
    for bad in ["", "e", "5e", "j1", "a0", "e5 "] {
        assert_eq!(parse_square(bad), None, "{bad:?}");
    }
    assert_eq!(file_letter(9), 'a');
    assert_eq!(file_letter(1), 'i');
    assert_eq!(file_letter(10), '?');
}

proptest! {
    #[test]
    fn moves_round_trip((pos, mv) in position_and_move()) {
        let text = format_xboard_move(mv);
        prop_assert_eq!(parse_xboard_move(&text).map(|m| m.to_move(&pos)), Some(Ok(mv)));
    }

    #[test]
    fn squares_round_trip(index in 0..81usize) {
        let sq = Square::from_index(index).unwrap();
        prop_assert_eq!(parse_square(&format_square(sq)), Some(sq));
    }

    #[test]
    fn fen_round_trips(pos in positions()) {
        let fen = to_xboard_fen(&pos);
        prop_assert_eq!(parse_xboard_fen(&fen).map(|p| to_xboard_fen(&p)), Ok(fen));
    }
}
