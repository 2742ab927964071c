//! `files::record::usi`: USI move lines as records.

use gnushogi::files::record::usi::*;

#[test]
fn lines() {
    let r = parse("# a game\n\nposition startpos moves 7g7f 3c3d\n").unwrap();
    assert_eq!(r.moves.len(), 2);
    assert_eq!(write(&r), "position startpos moves 7g7f 3c3d\n");
    assert_eq!(parse("startpos moves 7g7f").unwrap().moves.len(), 1);
    assert_eq!(parse("7g7f 3c3d 8h2b+").unwrap().moves.len(), 3);
    let r = parse("sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i5h").unwrap();
    assert_eq!(write(&r), "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i5h\n");
    assert_eq!(parse("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap().moves.len(), 0);
    let e = parse("\n#\nstartpos moves 7g7f 7g7f").unwrap_err();
    assert_eq!(e.to_string(), "line 3: move 2 '7g7f': no piece of yours on that square");
    let e = parse("startpos moves 7g7f x").unwrap_err();
    assert_eq!(e.to_string(), "line 1: 'x' is not a USI move");
    assert!(parse("sfen 9/9 b - 1 moves").is_err());
    assert!(parse("").is_err());
}
