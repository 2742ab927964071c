//! `files::xposition`: the xshogi position file.

use gnushogi::files::xposition::*;
use gnushogi::notation::{parse_sfen, to_sfen};

#[test]
fn round_trip_and_errors() {
    let p =
        parse_sfen("lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6").unwrap();
    let text = to_text(&p);
    assert!(text.starts_with("# xshogi position file -- \n\n\n l n s g k g . n l\n"));
    assert!(text.ends_with("0 0 0 0 0 0 0 0\n0 0 0 0 0 1 0 0\nwhite to play\n"), "{text}");
    let back = parse(&text).unwrap();
    assert_eq!(to_sfen(&back).rsplit_once(' ').unwrap().0, to_sfen(&p).rsplit_once(' ').unwrap().0);
    let e = parse(&text.replace(" p p p p p p . p p", " p p p p p p . p")).unwrap_err();
    assert_eq!(e.line, 6);
    let e = parse(&text.replace("white to play", "gote to play")).unwrap_err();
    assert_eq!(e.line, 15);
    assert!(parse("# nothing\n").is_err());
}
