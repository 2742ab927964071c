//! `search::tt`: the transposition table.

use gnushogi::rules::{Move, Square};
use gnushogi::search::Bound;
use gnushogi::search::tt::*;

#[test]
fn store_and_probe() {
    let tt = TranspositionTable::new(1);
    let m = Move::normal(Square::new(7, 7).unwrap(), Square::new(7, 6).unwrap(), false);
    tt.store(12345, Some(m), -300, 25, 7, Bound::Lower);
    let e = tt.probe(12345).unwrap();
    assert_eq!((e.mv, e.score, e.eval, e.depth, e.bound), (Some(m), -300, 25, 7, Bound::Lower));
    assert!(tt.probe(54321).is_none());
    tt.store(12345, None, 10, 0, -3, Bound::Upper);
    // A much shallower bound does not evict the deeper result.
    assert_eq!(tt.probe(12345).unwrap().depth, 7);
    tt.clear();
    assert!(tt.probe(12345).is_none());
}
