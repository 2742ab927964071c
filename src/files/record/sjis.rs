//! The two encodings of Japanese record files: UTF-8, and Shift-JIS (as Windows writes it,
//! code page 932, which Kifu for Windows and most `.kif` files use). `encoding_rs` holds the
//! whole table, both ways, so names and comments in any Japanese survive.

use encoding_rs::SHIFT_JIS;

/// The text of a record file: UTF-8 when the bytes are UTF-8 (a byte order mark is
/// dropped), else Shift-JIS, where a byte sequence that is not Shift-JIS becomes U+FFFD.
pub fn decode(data: &[u8]) -> String {
    let data = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data);
    match std::str::from_utf8(data) {
        Ok(s) => s.to_owned(),
        Err(_) => SHIFT_JIS.decode_without_bom_handling(data).0.into_owned(),
    }
}

/// Shift-JIS bytes of `text`. A character Shift-JIS cannot write (an emoji, most accented
/// letters, many rare kanji) becomes `?`: a record keeps its moves whatever its comments.
pub fn encode(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut buf = [0u8; 4];
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c as u8);
            continue;
        }
        let (bytes, _, unmappable) = SHIFT_JIS.encode(c.encode_utf8(&mut buf));
        if unmappable {
            out.push(b'?');
        } else {
            out.extend_from_slice(&bytes);
        }
    }
    out
}
