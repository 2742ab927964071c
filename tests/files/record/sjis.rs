//! `files::record::sjis`: Shift-JIS, both ways.

use gnushogi::files::record::sjis::*;

#[test]
fn both_ways() {
    let text = "先手：羽生善治\n   1 ７六歩(77)   ( 0:01/00:00:01)\n▲△同　成銀龍竜王杏圭全";
    let bytes = encode(text);
    assert!(std::str::from_utf8(&bytes).is_err(), "Shift-JIS, not UTF-8");
    assert_eq!(&bytes[..4], &[0x90, 0xe6, 0x8e, 0xe8], "先手");
    assert_eq!(decode(&bytes), text);
    assert_eq!(encode("a😀é"), b"a??");
    assert_eq!(decode(b"\xef\xbb\xbfabc"), "abc");
}
