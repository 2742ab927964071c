//! GNU Shogi's files and the records of other programs, read and written.

mod gamefile;
mod listing;
mod record;
mod xposition;

use crate::common::fresh_dir;
use gnushogi::files::*;

#[test]
fn atomic_write_and_append() {
    let dir = fresh_dir("files");
    let p = dir.join("a.txt");
    write_atomic(&p, "one\n").unwrap();
    append_atomic(&p, "two\n").unwrap();
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "one\ntwo\n");
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "no temporary file is left");
    assert!(write_atomic(&dir.join("no/such/dir/x"), "x").is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}
