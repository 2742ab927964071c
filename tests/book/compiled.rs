//! `book::compiled`: the compiled book, written and read back.

use gnushogi::book::compiled::*;
use gnushogi::book::parse_tbk;

/// The compiled book's first bytes (its format's magic number); the version byte follows.
const MAGIC: &[u8; 8] = b"\x89GSB\r\n\x1a\n";

/// The checksum that ends a compiled book: FNV-1a (64 bits) of every byte before it.
fn fnv1a(data: &[u8]) -> u64 {
    data.iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

#[test]
fn a_book_round_trips_and_damage_is_detected() {
    let text = b"# a\nP7f P8d S6h P3d P2f!\n# b\nP7f P3d S6h P8d P2f\n# c\nP7f P3d B2b+? Sx2b B*4e";
    let book = parse_tbk(text, 40).unwrap().book;
    let c = write_compiled(&book);
    assert_eq!((c.positions, c.moves, c.unreachable), (book.positions(), book.moves(), 0));
    assert_eq!(read_compiled(&c.bytes, 40).unwrap(), book);
    // -P 2 keeps the first two plies.
    assert_eq!(read_compiled(&c.bytes, 2).unwrap().moves(), 3);
    let data = &c.bytes;
    assert_eq!(read_compiled(b"# text", 40), Err(CompiledBookError::NotCompiled));
    assert_eq!(read_compiled(&data[..5], 40), Err(CompiledBookError::Truncated));
    for cut in [9, 20, data.len() - 1] {
        assert!(read_compiled(&data[..cut], 40).is_err());
    }
    for i in MAGIC.len() + 1..data.len() {
        let mut bad = data.clone();
        bad[i] ^= 0x24;
        assert!(read_compiled(&bad, 40).is_err(), "byte {i}");
    }
    let mut newer = data.clone();
    newer[MAGIC.len()] = 2;
    assert_eq!(read_compiled(&newer, 40), Err(CompiledBookError::Version(2)));
}

#[test]
fn damage_behind_a_valid_checksum_is_still_refused() {
    let book = parse_tbk(b"P7f P3d", 40).unwrap().book;
    let mut bytes = write_compiled(&book).bytes;
    bytes.truncate(bytes.len() - 8);
    // Make the first move 7g7e (not legal), then reseal.
    let at = MAGIC.len() + 1 + 3;
    let m = u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    bytes[at..at + 2].copy_from_slice(&(m - 1).to_le_bytes());
    let sum = fnv1a(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    assert_eq!(read_compiled(&bytes, 40), Err(CompiledBookError::IllegalMove(1)));
}
