//! `rules::Hand`.

use gnushogi::rules::*;

#[test]
fn add_remove_count() {
    let mut h = Hand::EMPTY;
    for _ in 0..18 {
        h.add(PieceKind::Pawn);
    }
    h.add(PieceKind::Rook);
    h.add(PieceKind::Rook);
    h.add(PieceKind::Gold);
    assert_eq!(h.count(PieceKind::Pawn), 18);
    assert_eq!(h.count(PieceKind::Rook), 2);
    assert_eq!(h.count(PieceKind::Gold), 1);
    assert_eq!(h.count(PieceKind::Bishop), 0);
    h.remove(PieceKind::Pawn);
    assert_eq!(h.count(PieceKind::Pawn), 17);
    assert_eq!(h.total(), 20);
    assert_eq!(h.with_count(PieceKind::Bishop, 3), None);
}

#[test]
fn superiority() {
    let mut a = Hand::EMPTY;
    let mut b = Hand::EMPTY;
    a.add(PieceKind::Pawn);
    a.add(PieceKind::Gold);
    b.add(PieceKind::Pawn);
    assert!(a.is_superior_or_equal(b));
    assert!(!b.is_superior_or_equal(a));
    b.add(PieceKind::Bishop);
    assert!(!a.is_superior_or_equal(b));
    assert!(a.is_superior_or_equal(a));
    // A shortfall in a low field must be seen even when a higher field has plenty.
    let mut c = Hand::EMPTY;
    c.add(PieceKind::Gold);
    c.add(PieceKind::Gold);
    let mut d = Hand::EMPTY;
    d.add(PieceKind::Pawn);
    assert!(!c.is_superior_or_equal(d));
}
