//! The compiled book reader (`.bkb`, `-B`): any bytes, any ply limit. What it reads must
//! offer only legal moves at the start, and written back it must read the same.
#![no_main]

use gnushogi::book::{read_compiled, write_compiled};
use gnushogi::rules::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (plies, data) = match data.split_first() {
        Some((&p, rest)) => (if p == 255 { usize::MAX } else { p as usize }, rest),
        None => (0, data),
    };
    if let Ok(book) = read_compiled(data, plies) {
        let pos = Position::startpos();
        for e in book.entries(&pos) {
            assert!(pos.is_legal(e.mv), "an illegal book move {}", e.mv);
        }
        let again = read_compiled(&write_compiled(&book).bytes, usize::MAX);
        assert!(again.as_ref() == Ok(&book), "written back, the book reads differently");
    }
});
