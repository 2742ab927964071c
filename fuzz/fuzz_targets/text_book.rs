//! The `.tbk` text book reader (`-b`, `BookFile`): any bytes, any ply limit. Every move
//! the book offers at the start must be legal there. (The writer takes lines of play,
//! which the reader does not keep, so there is no round trip to check.)
#![no_main]

use gnushogi::book::parse_tbk;
use gnushogi::rules::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (plies, data) = match data.split_first() {
        Some((&p, rest)) => (p as usize, rest),
        None => (0, data),
    };
    if let Ok(tb) = parse_tbk(data, plies) {
        let pos = Position::startpos();
        for e in tb.book.entries(&pos) {
            assert!(pos.is_legal(e.mv), "an illegal book move {}", e.mv);
        }
    }
});
