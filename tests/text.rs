//! Whole sessions of the raw text mode (`-R`), run in-process: the board, moves in every
//! notation, refusals with their reasons, commands, files, undo and the ends of games.

mod board;
mod command;
mod display;

use crate::common::{Driver, Protocol, fresh_dir, small_engine, text_mode};
use gnushogi::config::Config;
use gnushogi::play::Policy;

const START_BOARD: &str = "\n\nBlack 0:00  White 0:00  (time used; 15 s a move)\n\n L N S G K G S N L\n - R - - - - - B -\n \
P P P P P P P P P\n - - - - - - - - -\n - - - - - - - - -\n - - - - - - - - -\n p p p p p p p p p\n \
- b - - - - - r -\n l n s g k g s n l\n\nblack\nwhite\n\nYour move is? ";

/// A session with the book off and a shallow search, past the first prompt.
fn session() -> Driver {
    let mut d = text_mode();
    d.expect("Your move is? ");
    d.ask("book");
    d.ask("sd 2");
    d
}

fn sfen(d: &mut Driver) -> String {
    let out = d.ask("sfen");
    out.lines().find(|l| l.contains('/')).unwrap_or("").to_string()
}

#[test]
fn start_up_as_the_original() {
    let mut d = text_mode();
    assert_eq!(d.expect("Your move is? "), START_BOARD);
    // `bd` redraws the same board after an empty line.
    assert_eq!(d.ask("bd"), START_BOARD);
    let (code, _, _) = d.finish();
    assert!(code.success(), "{code:?}");
}

#[test]
fn moves_in_every_notation_in_force_mode() {
    let mut d = session();
    assert!(d.ask("force").contains("force: on"));
    for m in ["7g7f", "P3d", "B2b+", "S2b", "B*4e!", "G61b?", "K4b"] {
        let out = d.ask(m);
        if m == "G61b?" {
            // The gold on 6a cannot reach 1b: nothing fits.
            assert!(out.contains("Illegal move (no gold of yours can move to 1b): G61b?"), "{out}");
        } else {
            assert!(!out.contains("Illegal"), "{m}: {out}");
        }
    }
    // Origin rank and origin file forms.
    assert!(d.ask("Gi5h").starts_with("Illegal move (ambiguous, say which: G45h or G65h): Gi5h"));
    assert!(d.ask("G5h").starts_with("Illegal move (ambiguous, say which: G45h or G65h): G5h"));
    assert!(!d.ask("G65h").contains("Illegal"));
    let board = d.ask("bd");
    assert!(board.contains(" L N S G - G - N L\n - R - - - K - S -\n"), "{board}");
    assert!(board.contains(" - - - - - b - - -\n"), "{board}");
    assert!(board.contains("black\nwhite 1B\n"), "{board}");
    assert!(board.contains(" l n s - k g s n l\n"), "{board}");
    assert_eq!(sfen(&mut d), sfen_after("7g7f 3c3d 8h2b+ 3a2b B*4e 5a4b 6i5h"));
}

#[test]
fn refusals_say_why() {
    let mut d = session();
    assert_eq!(d.ask("P*5e"), "Illegal move (that piece is not in hand): P*5e\n\nYour move is? ");
    assert!(d.ask("7g7e").starts_with("Illegal move (a pawn cannot move from 7g to 7e): 7g7e\n"));
    let out = d.ask("hlep");
    assert!(out.contains("Illegal move (no match): hlep\n(not a move, and not a command"), "{out}");
    assert!(d.ask("p3d").starts_with("Illegal move (no pawn of yours can move to 3d): p3d"));
    d.ask("setsfen 4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    assert!(d.ask("P*5e").contains("Illegal move (two pawns on a file (nifu)): P*5e"));
    d.ask("setsfen 4k4/P8/9/9/9/9/9/9/4K4 b N 1");
    assert!(d.ask("P9a").contains("(the piece must promote there): P9a"));
    assert!(d.ask("N*1b").contains("(a piece dropped there could never move): N*1b"));
    d.ask("setsfen 7lk/9/7G1/9/9/9/9/9/K8 b P 1");
    assert!(d.ask("P*1b").contains("(mate by pawn drop (uchifuzume)): P*1b"));
    d.ask("setsfen 4k4/4r4/9/9/9/9/9/4G4/4K4 b - 1");
    assert!(d.ask("G4h").starts_with("Illegal move (in check): G4h"));
    // Nothing changed.
    assert_eq!(sfen(&mut d), "4k4/4r4/9/9/9/9/9/4G4/4K4 b - 1");
}

#[test]
fn the_computer_answers_and_undo_swaps_sides() {
    let mut d = session();
    let out = d.ask("7g7f");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("1. ... "), "{out}");
    let reply = lines[0].trim_start_matches("1. ... ").to_string();
    assert_eq!(lines[1], format!("My move is: {reply}\x07"));
    assert!(d.ask("hint").starts_with("Hint: "));
    // Undo takes back the computer's move; now the human plays White against it.
    let board = d.ask("undo");
    assert!(board.contains(" - - p - - - - - -\n p p - p p p p p p\n"), "{board}");
    let help = d.ask("help");
    assert!(help.contains("Computer: Black        Opponent:            White"), "{help}");
    // The human answers for White; the computer (Black) replies: Black's second move.
    let out = d.ask("3c3d");
    assert!(out.starts_with("2. ") && !out.starts_with("2. ..."), "{out}");
    // remove takes back a move of each side, colours unchanged.
    d.ask("remove");
    assert!(d.ask("help").contains("Computer: Black"));
    assert!(d.ask("undo").contains("l n s g k g s n l"));
    assert!(d.ask("undo").starts_with("undo: there is no move to take back"));
    assert!(d.ask("remove").starts_with("remove: there are not two moves"));
}

/// The players a saved KIF and CSA record name: `(先手, 後手)` and `(N+, N-)`.
fn saved_names(d: &mut Driver, dir: &std::path::Path, name: &str) -> [(String, String); 2] {
    let kifu = dir.join(format!("{name}.kifu"));
    let csa = dir.join(format!("{name}.csa"));
    for path in [&kifu, &csa] {
        assert!(d.ask(&format!("save {}", path.display())).contains("Game saved to"));
    }
    let field = |text: &str, key: &str| {
        let line = text.lines().find_map(|l| l.strip_prefix(key));
        line.unwrap_or_else(|| panic!("no {key} in {text}")).to_string()
    };
    let kifu = std::fs::read_to_string(kifu).unwrap();
    let csa = std::fs::read_to_string(csa).unwrap();
    [(field(&kifu, "先手："), field(&kifu, "後手：")), (field(&csa, "N+"), field(&csa, "N-"))]
}

/// Issue 38: after `undo` the sides swap, and `save` named the players from the sides as they
/// are now, so a person who played Black was written as White. The names say who played each
/// colour's moves; a person who took over the other colour is named with the computer.
#[test]
fn records_name_who_played_each_colour_after_undo() {
    let dir = fresh_dir("text-record-names");
    let mut d = session();
    d.ask("7g7f");
    let named =
        |black: &str, white: &str| [(black.into(), white.into()), (black.into(), white.into())];
    // No undo: the person played Black.
    assert_eq!(saved_names(&mut d, &dir, "plain"), named("Human", "GNU Shogi"));
    d.ask("2g2f");
    // The computer's reply taken back: the person is to play White now, but played Black.
    d.ask("undo");
    assert!(d.ask("help").contains("Computer: Black"));
    assert_eq!(saved_names(&mut d, &dir, "undone"), named("Human", "GNU Shogi"));
    // The person plays on as White, the computer as Black: each colour had both players.
    let hint = d.ask("hint");
    let reply = hint.lines().next().unwrap().trim_start_matches("Hint: ").to_string();
    assert!(d.ask(&reply).contains("My move is: "));
    assert_eq!(
        saved_names(&mut d, &dir, "swapped"),
        named("Human and GNU Shogi", "GNU Shogi and Human")
    );
}

#[test]
fn it_is_not_your_turn_when_the_computer_plays_that_side() {
    let mut d = session();
    d.ask("white");
    let out = d.ask("7g7f");
    assert!(
        out.starts_with("Illegal move (it is Black's turn, and the computer plays Black): 7g7f"),
        "{out}"
    );
    let out = d.ask("go");
    assert!(out.starts_with("1. ") && !out.starts_with("1. ..."), "{out}");
}

/// The text mode takes the match over under its own policy, whole: a match the CSA client
/// left (whose server timed the engine's moves, so the match did not) times the computer's
/// moves again, and a Fischer clock gives it its increment. Each front end used to reset
/// the policy's flags one by one, and none reset the newest (`times_own_moves`): the
/// computer's clock stood still at 5:00.
#[test]
fn the_text_mode_times_the_computers_moves_whatever_the_match_played_under_before() {
    let config = Config { use_hash: true, seeded: true, ..Config::default() };
    let mut d = Driver::in_process_after(Protocol::Gnu, small_engine(), config, |session| {
        session.play.set_policy(Policy::csa(true));
    });
    d.expect("Your move is? ");
    d.ask("sd 1");
    assert!(d.ask("level f5 30").starts_with("level: 50 moves in 5:00 min + 30 s a move"));
    let out = d.ask("7g7f");
    assert!(out.contains("My move is: "), "{out}");
    let board = d.ask("bd");
    let white = board.split("White ").nth(1).and_then(|t| t.split_whitespace().next());
    let (min, sec) = white.and_then(|t| t.split_once(':')).expect("White's clock");
    let left: u32 = min.parse::<u32>().unwrap() * 60 + sec.parse::<u32>().unwrap();
    // 5:00, less the move's time (far under 30 s at depth 1), plus the increment.
    assert!(left > 300 && left <= 330, "{board}");
}

#[test]
fn commands_with_prompts_and_status() {
    let mut d = session();
    d.send("level");
    d.expect("Enter #moves #minutes: ");
    assert!(d.ask("40 5").starts_with("level: 40 moves in 5:00 min"));
    let board = d.ask("bd");
    assert!(board.contains("Black 5:00  White 5:00"), "{board}");
    d.send("depth");
    d.expect("depth = ");
    d.ask("3");
    let help = d.ask("help");
    assert!(help.contains("Depth:    3 "), "{help}");
    assert!(help.contains("Time Control ON 40 moves 300 sec 0 add 3 depth"), "{help}");
    assert!(d.ask("level f5 10").starts_with("level: 50 moves in 5:00 min + 10 s a move"));
    assert!(d.ask("level 0 0:05").starts_with("level: 5 s a move"));
    assert!(d.ask("level x").starts_with("level: "));
    assert!(d.ask("sd 99").starts_with("depth: '99' is not a number from 0 to 64"));
    d.send("contempt");
    d.expect("contempt = ");
    d.ask("20");
    d.send("Awindow");
    d.expect("WAwindow: ");
    d.send("80");
    d.expect("BAwindow: ");
    assert!(d.ask("70").contains("Awindow: 80 70 (no effect"));
    d.send("hashdepth");
    d.expect("hashdepth = ");
    d.send("5");
    d.expect("MoveLimit = ");
    assert!(d.ask("30").contains("hash file"));
    assert!(d.ask("material").contains("no draw for lack of material"));
    assert!(d.ask("rcptr").contains("not a setting of this search"));
    assert!(d.ask("hash").contains("hash: off"));
    assert!(d.ask("book").contains("book: on"));
    assert!(d.ask("random").contains("random: on"));
    assert!(d.ask("moves").starts_with("30 legal moves for Black:\n1g1f 1i1h 2g2f"));
    let rev = d.ask("reverse");
    assert!(rev.contains(" l n s g k g s n l\n - r - - - - - b -\n"), "{rev}");
    let coords = d.ask("coords");
    assert!(coords.contains(" 1 2 3 4 5 6 7 8 9\n l n s g k g s n l  i\n"), "{coords}");
    d.ask("reverse");
    let stars = d.ask("stars");
    assert!(stars.contains(" P P P P P P P P P  c\n      *     *\n"), "{stars}");
    let p = d.ask("p");
    assert!(p.contains("score ") && p.lines().count() >= 10, "{p}");
    // Nine columns a rank, never run together (`125b-189b`).
    let ranks: Vec<&str> = p.lines().filter(|l| l.trim_end().ends_with(['*', 'b', 'w'])).collect();
    assert_eq!(ranks.len(), 9, "{p}");
    assert!(ranks.iter().all(|r| r.split_whitespace().count() == 9), "{p}");
    d.send("debug");
    d.expect("Enter piece");
    assert_eq!(d.ask("bG").lines().count(), 9 + 2);
    let t = d.ask("test");
    assert_eq!(t.matches("Nodes = ").count(), 3, "{t}");
    // Unknown words are refused as moves; `setup` and friends are not.
    let (code, _, _) = d.finish();
    assert!(code.success(), "{code:?}");
}

#[test]
fn save_then_get_and_the_other_files() {
    let dir = fresh_dir("text-files");
    let mut d = session();
    d.ask("force");
    for m in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "?"] {
        d.ask(m);
    }
    let before = sfen(&mut d);
    let save = dir.join("game.sav");
    d.send("save");
    d.expect("Enter file name (empty: shogi.000): ");
    assert!(d.ask(save.to_str().unwrap()).starts_with("Game saved"));
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.contains(" B*4e        0     0       0"), "{text}");
    assert!(d.ask(&format!("xsave {}", dir.join("pos.x").display())).starts_with("Position saved"));
    assert!(
        d.ask(&format!("bsave {}", dir.join("book.tbk").display()))
            .starts_with("Game added to the book")
    );
    assert!(d.ask(&format!("list {}", dir.join("list.txt").display())).starts_with("Game listed"));
    assert_eq!(
        std::fs::read_to_string(dir.join("book.tbk")).unwrap(),
        "#\n1.P7g-7f P3c-3d 2.B8hx2b+ S3ax2b 3.B*4e? \n"
    );
    assert!(std::fs::read_to_string(dir.join("list.txt")).unwrap().starts_with("gnushogi "));
    // A new game, then the saved one back: same position, and its moves can be taken back.
    d.ask("new");
    assert!(d.ask(&format!("get {}", save.display())).contains("Game read from"));
    assert_eq!(sfen(&mut d), before);
    d.ask("undo");
    assert_eq!(sfen(&mut d), sfen_after("7g7f 3c3d 8h2b+ 3a2b"));
    // The position file.
    d.ask("new");
    assert!(d.ask(&format!("xget {}", dir.join("pos.x").display())).contains("Position read"));
    assert_eq!(
        sfen(&mut d).split(' ').take(3).collect::<Vec<_>>(),
        before.split(' ').take(3).collect::<Vec<_>>()
    );
    // A malformed file is refused with its line, and the game stays as it was.
    let bad = dir.join("bad.sav");
    std::fs::write(&bad, text.replace(" P3c3d", " P3c3x")).unwrap();
    let now = sfen(&mut d);
    let out = d.ask(&format!("get {}", bad.display()));
    assert!(out.starts_with(&format!("Could not read {}: line 25: ", bad.display())), "{out}");
    assert!(out.contains("the game is unchanged"));
    assert_eq!(sfen(&mut d), now);
    let out = d.ask(&format!("get {}", dir.join("missing").display()));
    assert!(out.starts_with("Could not read"), "{out}");
    assert!(
        d.ask(&format!("bsave {}", dir.join("b2.tbk").display()))
            .contains("did not begin at the standard start")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_written_by_the_original_are_read() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/text");
    let mut d = session();
    d.ask(&format!("get {}", data.join("debian-force.sav").display()));
    assert_eq!(sfen(&mut d), sfen_after("7g7f 3c3d 8h2b+ 3a2b B*4e"));
    assert!(d.ask("help").contains("Computer: Black"));
    // The moves came with the file: they can be taken back.
    d.ask("remove");
    assert_eq!(sfen(&mut d), sfen_after("7g7f 3c3d 8h2b+"));
    d.ask(&format!("get {}", data.join("debian-mate.sav").display()));
    assert_eq!(sfen(&mut d), sfen_after(MATE_GAME));
    assert!(d.ask("help").contains("Force:               ON"));
    // The game is over: a move is refused and says so; undo reopens it.
    assert!(d.ask("6a6b").starts_with("The game is over"));
    d.ask("undo");
    assert!(d.ask("N*6e").contains("\nGame over: Black wins by checkmate.\n"));
    d.ask(&format!("get {}", data.join("debian-vs-computer.sav").display()));
    assert_eq!(sfen(&mut d), sfen_after("7g7f 3c3d 2g2f 2b8h+"));
    assert!(
        d.ask(&format!("xget {}", data.join("debian.xpos").display())).contains("Position read")
    );
    // The original wrote "white to play" (the computer played Black): White is to move.
    assert_eq!(
        sfen(&mut d).rsplit_once(' ').unwrap().0,
        sfen_after("7g7f 3c3d 8h2b+ 3a2b B*4e").rsplit_once(' ').unwrap().0
    );
}

const MATE_GAME: &str = "2g2f 2c2d 7g7f 9a9b 4i5h 6c6d 5g5f 8b4b 5i6h 7a6b 8h7g 6a5b 6h7h \
    4c4d 7g6h 7c7d 3i4h 5c5d 6h4f 9c9d 4f6d 3a3b 6d4b+ 5a6a 4b6d 5b5c 6d8b 5c4c R*9a 3c3d 9a8a+ \
    6b7a 8a7a 6a5b 7a7b 5b5c N*6e";

/// The SFEN after these moves from the start, by our own rules.
fn sfen_after(moves: &str) -> String {
    use gnushogi::game::Game;
    use gnushogi::notation::{parse_usi_move, to_sfen};
    let mut g = Game::default();
    for m in moves.split_whitespace() {
        let mv = parse_usi_move(m).unwrap().to_move(g.position()).unwrap();
        g.play(mv).unwrap();
    }
    to_sfen(g.position())
}

#[test]
fn the_ends_of_games_are_announced() {
    // The human mates (outside force mode): announced, and the game is over.
    let mut d = session();
    d.ask("setsfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    let out = d.ask("G*5b");
    assert!(out.ends_with("\nGame over: Black wins by checkmate.\nType new to play again, or undo/remove to take back.\n\nYour command? "), "{out}");
    assert!(out.contains(" - - - - K - - - -\n - - - - g - - - -\n"), "the final board: {out}");
    assert!(d.ask("go").starts_with("The game is over"));
    // Undo after the end works and play goes on.
    d.ask("undo");
    assert!(d.ask("help").contains("Computer: Black"));
    // The computer mates: its move, the board, the winner.
    d.ask("setsfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    let out = d.ask("go");
    assert!(out.starts_with("1. G*5b\nMy move is: G*5b\x07\n\nBlack 0:00"), "{out}");
    assert!(out.contains("\nGame over: Black wins by checkmate.\n"), "{out}");
    // Repetition by the human's moves in force mode.
    d.ask("new");
    d.ask("force");
    let mut last = String::new();
    for _ in 0..3 {
        for m in ["2h3h", "8b7b", "3h2h", "7b8b"] {
            last = d.ask(m);
        }
    }
    assert!(last.contains("\nGame over: drawn, repetition (sennichite).\nType new"), "{last}");
    // Perpetual check loses.
    d.ask("setsfen 8k/1R7/9/9/9/9/9/9/K8 b - 1");
    for _ in 0..3 {
        for m in ["8b8a", "1a1b", "8a8b", "1b1a"] {
            last = d.ask(m);
        }
    }
    assert!(
        last.contains("\nGame over: White wins, perpetual check by Black.\nType new"),
        "{last}"
    );
    // A whole game in force mode from the original's sample, ending in mate.
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/text");
    let text = std::fs::read_to_string(data.join("debian-mate.sav")).unwrap();
    d.ask("new");
    d.ask("force");
    for line in text.lines().skip(23) {
        let m = line.split_whitespace().next().unwrap();
        let typed = m.trim_start_matches('+');
        // The file's form `P7g7f` is the piece and the coordinates: typed as coordinates.
        let coords = if typed.contains('*') { typed.to_string() } else { typed[1..].to_string() };
        last = d.ask(&coords);
    }
    assert!(last.contains("\nGame over: Black wins by checkmate.\n"), "{last}");
}

#[test]
fn edit_and_setup() {
    let mut d = session();
    d.send("edit");
    d.expect("enter piece & location: \n");
    d.send("# k5i g5h c k5a");
    d.send("p5c+ x9i 9z p*");
    d.expect("Invalid piece type 'x'");
    d.expect("Not understood: '9z'");
    d.send("k1a");
    // Two white kings: refused, still editing.
    d.send(".");
    d.expect("This position cannot be played");
    d.send("-1a .");
    let out = d.expect("Your move is? ");
    assert!(out.contains(" - - - - K - - - -\n - - - - - - - - -\n - - - -+P - - - -\n"), "{out}");
    assert!(out.contains("white 1P\n"), "{out}");
    assert_eq!(sfen(&mut d), "4k4/9/4+p4/9/9/9/9/4G4/4K4 b p 1");
    // setup reads nine lines at once, and the line after them is a command again.
    d.send("setup");
    for row in [
        "LNSGKGSNL",
        ".R.....B.",
        "PPPPPPPPP",
        ".........",
        "...",
        ".........",
        "ppppppppp",
        ".b.....r.",
        "lnsgkgsnl",
    ] {
        d.send(row);
    }
    let out = d.expect("Setup successful\n");
    assert!(out.contains(" L N S G K G S N L\n - R - - - - - B -\n"), "{out}");
    d.expect("Your move is? ");
    assert_eq!(sfen(&mut d), gnushogi::rules::START_SFEN);
}

#[test]
fn tsume_shows_the_whole_mate() {
    let mut d = session();
    assert!(d.ask("tsume").contains("tsume: on"));
    d.ask("setsfen 3sks3/9/4S4/9/9/9/9/9/4K4 b 2G 1");
    let out = d.ask("go");
    assert!(out.contains("Mate in "), "{out}");
    assert!(out.contains("\n1. ") && !out.contains("1. ..."), "{out}");
}

#[test]
fn tsume_without_a_mate_thinks_normally_once() {
    // The solver finds nothing here (no check at all): the normal search moves. It used to
    // start the solver again, for ever.
    let mut d = session();
    d.ask("tsume");
    d.ask("setsfen 4k4/9/9/9/9/9/9/9/4K4 b P 1");
    let out = d.ask("go");
    assert_eq!(out.matches("No forced mate found").count(), 1, "{out}");
    assert!(out.contains("\n1. "), "{out}");
}

#[test]
fn both_plays_until_input_arrives_and_post_shows_thinking() {
    let mut d = session();
    d.ask("sd 1");
    d.ask("post");
    d.send("both");
    d.expect("3. ... ");
    d.send("force");
    d.expect("force: on\n");
    // However far the game got before `force` was read: it may have ended meanwhile.
    d.expect_any(&["Your move is? ", "Your command? "]);
    d.ask("force");
    d.ask("sd 2");
    d.ask("go");
    let out = d.ask("sfen");
    assert!(out.contains('/'));
    let (code, _, _) = d.finish();
    assert!(code.success(), "{code:?}");
}

#[test]
fn pondering_on_the_predicted_move() {
    let mut d = session();
    d.ask("hard");
    assert!(d.ask("help").contains("Easy mode:           OFF"));
    let out = d.ask("7g7f");
    assert!(out.starts_with("1. ... "), "{out}");
    // Playing the hint: pondering goes on if the computer expected it, else starts afresh.
    let hint = d.ask("hint");
    let predicted = hint.lines().next().unwrap().trim_start_matches("Hint: ").to_string();
    let out = d.ask(&predicted);
    assert!(out.starts_with("2. ... "), "after {predicted}: {out}");
    // Another move than the predicted one: thinking starts afresh.
    let out = d.ask("undo");
    assert!(out.contains("Black 0:00"), "{out}");
    let out = d.ask("easy");
    assert!(!out.contains("Illegal"), "{out}");
    let (code, _, _) = d.finish();
    assert!(code.success(), "{code:?}");
}

#[test]
fn odd_input_changes_nothing_and_never_panics() {
    let mut d = session();
    let before = sfen(&mut d);
    for line in [
        "\t",
        "level f",
        "level fx 3",
        "level 0 0",
        "level 40 99999999999",
        "time",
        "time :",
        "time 1:x",
        "time 99999999999999999999999",
        "otime -5 -3",
        "sd -1",
        "sd 99999999999999",
        "contempt x",
        "xwndw 1 2 3",
        "７ｇ７ｆ",
        "P*５e",
        "é",
        "+",
        "+P",
        "P*",
        "*5e",
        "7g7f+++",
        "7g7f?x",
        "K5a4b",
        "setsfen",
        "setsfen 9/9 b - 1",
        "debug",
        "x",
        "debug bZ",
        "debug éP",
        "?",
        "!",
        "get",
        "",
    ] {
        d.send(line);
    }
    // Everything before the SFEN line was refused: the position is the same.
    d.send("sfen");
    d.expect(&format!("? {before}\n"));
    d.send("edit");
    d.expect("enter piece & location: \n");
    for t in ["+", "++", "p", "p**", "k*", "K5", "é5e", "p5é", "+g5e", "p0a", "r5j", "."] {
        d.send(t);
    }
    d.send("sfen");
    d.expect(&format!("? {before}\n"));
    d.send("setup");
    for row in ["p", "é", "xxxxxxxxxxxxxxxxxxx", "", "", "", "", "", ""] {
        d.send(row);
    }
    d.expect("Setup failed");
    d.send("sfen");
    d.expect(&format!("? {before}\n"));
    let (code, _, _) = d.finish();
    assert!(code.success(), "{code:?}");
}

#[test]
fn the_computer_plays_a_whole_game_against_itself() {
    let dir = fresh_dir("text-whole-game");
    let mut d = session();
    d.ask("sd 1");
    d.send("both");
    let game = d.expect("Game over: ");
    d.expect("Your command? ");
    // Every move was announced with the game's numbers: 1. (Black), 1. ... (White), 2. …
    let moves: Vec<&str> =
        game.lines().filter(|l| l.starts_with(|c: char| c.is_ascii_digit())).collect();
    assert!(moves.len() > 10, "{game}");
    for (i, l) in moves.iter().enumerate() {
        let gap = if i % 2 == 1 { " ..." } else { "" };
        let number = format!("{}.{gap} ", i / 2 + 1);
        assert!(l.starts_with(&number) && !l[number.len()..].starts_with('.'), "{l}");
    }
    // The finished game is saved, read back whole, and reopened by undo.
    let end = sfen(&mut d);
    let file = dir.join("whole.sav");
    d.ask(&format!("save {}", file.display()));
    d.ask("new");
    d.ask(&format!("get {}", file.display()));
    assert_eq!(sfen(&mut d), end);
    assert!(d.ask("go").starts_with("The game is over"));
    d.ask("undo");
    assert!(!d.ask("go").starts_with("The game is over"));
    let _ = std::fs::remove_dir_all(&dir);
}
