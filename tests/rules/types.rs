//! `rules`: squares, pieces, colours.

use gnushogi::rules::*;

#[test]
fn squares_round_trip() {
    for sq in Square::all() {
        assert_eq!(Square::new(sq.file(), sq.rank()), Some(sq));
        assert_eq!(sq.flip().flip(), sq);
    }
    let sq = Square::new(7, 7).unwrap();
    assert_eq!(sq.to_string(), "7g");
    assert!(Square::new(0, 1).is_none());
    assert!(Square::new(1, 10).is_none());
}

#[test]
fn zones() {
    let c3 = Square::new(5, 3).unwrap();
    let g7 = Square::new(5, 7).unwrap();
    assert!(c3.in_zone(Color::Black) && !c3.in_zone(Color::White));
    assert!(g7.in_zone(Color::White) && !g7.in_zone(Color::Black));
}

#[test]
fn kinds_promote_and_pieces_pack() {
    for k in PieceKind::ALL {
        if let Some(p) = k.promote() {
            assert_eq!(p.unpromote(), k);
            assert!(p.is_promoted());
        }
        for c in Color::ALL {
            let p = Piece::new(c, k);
            assert_eq!((p.color(), p.kind()), (c, k));
            assert!(p.code() < Piece::NUM_CODES);
        }
    }
    assert_eq!(PieceKind::Bishop.promote(), Some(PieceKind::Horse));
    assert_eq!(PieceKind::Gold.promote(), None);
    assert_eq!(PieceKind::Rook.promoted_if(true), PieceKind::Dragon);
    assert_eq!(PieceKind::Rook.promoted_if(false), PieceKind::Rook);
    assert_eq!(PieceKind::Gold.promoted_if(true), PieceKind::Gold);
    assert_eq!(PieceKind::Horse.promoted_if(true), PieceKind::Horse);
    assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
}
