//! `rules::Move` and move lists.

use gnushogi::rules::*;

#[test]
fn pack_and_print() {
    let a = Square::new(7, 7).unwrap();
    let b = Square::new(7, 6).unwrap();
    let m = Move::normal(a, b, false);
    assert_eq!(m.to_string(), "7g7f");
    assert_eq!((m.from(), m.to(), m.is_promotion()), (Some(a), b, false));
    let p = Move::normal(Square::new(2, 4).unwrap(), Square::new(2, 3).unwrap(), true);
    assert_eq!(p.to_string(), "2d2c+");
    let d = Move::drop(PieceKind::Pawn, Square::new(5, 5).unwrap());
    assert_eq!(d.to_string(), "P*5e");
    assert_eq!(d.drop_kind(), Some(PieceKind::Pawn));
    assert_eq!(d.from(), None);
    for m in [m, p, d] {
        assert_eq!(Move::from_u16(m.to_u16()), Some(m));
    }
    assert_eq!(Move::from_u16(0), None);
    assert_eq!(std::mem::size_of::<Option<Move>>(), 2);
}
