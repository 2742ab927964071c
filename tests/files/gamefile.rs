//! `files::gamefile`: GNU Shogi's game file (`save`/`get`).

use gnushogi::files::MoveStats;
use gnushogi::files::gamefile::*;
use gnushogi::game::Game;
use gnushogi::notation::{Annotation, parse_sfen, parse_usi_move, to_sfen};
use gnushogi::rules::handicap::Handicap;
use gnushogi::rules::{Color, Position};

fn game_of(start: Position, moves: &str) -> Game {
    let mut g = Game::new(start);
    for s in moves.split_whitespace() {
        let m = parse_usi_move(s).unwrap().to_move(g.position()).unwrap();
        g.play(m).unwrap();
    }
    g
}

#[test]
fn write_then_read_back() {
    let g = game_of(Position::startpos(), "7g7f 3c3d 8h2b+ 3a2b B*4e 2b3c 4e3d 3c3d");
    let mut stats = vec![MoveStats::default(); g.ply()];
    stats[1] = MoveStats { score: -35, depth: 7, nodes: 12345, time: 2, ..stats[1] };
    stats[3].annotation = Some(Annotation::Good);
    let gf = from_game(&g, &stats, Color::White, false, None);
    let text = gf.to_text();
    assert!(text.starts_with("White computer Black Human    1 \n"), "{text}");
    assert!(text.contains(" B8h2b+      0     0       0      0   528  0x"), "{text}");
    let back = GameFile::parse(&text).unwrap();
    assert_eq!(back, gf);
    assert_eq!(to_sfen(back.game().position()), to_sfen(g.position()));
}

#[test]
fn a_game_from_an_edited_position() {
    let start = parse_sfen("4k4/9/4P4/9/9/9/9/9/4K4 w G2p 1").unwrap();
    let g = game_of(start, "5a4b G*4c 4b3a 4c3b");
    let gf = from_game(&g, &[MoveStats::default(); 4], Color::Black, true, None);
    let back = GameFile::parse(&gf.to_text()).unwrap();
    assert_eq!(to_sfen(&back.start), to_sfen(g.start()));
    assert_eq!(back.moves.len(), 4);
    assert!(back.force);
}

#[test]
fn a_handicap_game_keeps_its_start() {
    for h in Handicap::ALL {
        // Without moves too: the giver opens, whoever the computer is.
        for (moves, computer) in [("", Color::White), ("", Color::Black), ("5a4b", Color::White)] {
            let g = game_of(h.position(), moves);
            let gf = from_game(&g, &[], computer, false, None);
            let back = GameFile::parse(&gf.to_text()).unwrap();
            assert_eq!(Handicap::of(&back.start), Some(h), "{h} {moves:?} {computer:?}");
            assert_eq!(to_sfen(back.game().position()), to_sfen(g.position()));
        }
    }
}

#[test]
fn malformed_files_say_where() {
    let g = game_of(Position::startpos(), "7g7f 3c3d");
    let text = from_game(&g, &[], Color::White, false, None).to_text();
    let e = GameFile::parse(&text.replace("Black Clock", "Blak Clock")).unwrap_err();
    assert_eq!(e.line, 4);
    let e = GameFile::parse(&text.replace(" P3c3d", " P3c3e")).unwrap_err();
    assert_eq!(e.line, 25, "{e}");
    let e = GameFile::parse(&text.replace("i  l n s g k", "i  l n s g x")).unwrap_err();
    assert_eq!(e.line, 15, "{e}");
    assert_eq!(GameFile::parse("").unwrap_err().line, 1);
    let cut: String = text.lines().take(12).map(|l| format!("{l}\n")).collect();
    assert_eq!(GameFile::parse(&cut).unwrap_err().line, 13);
}
