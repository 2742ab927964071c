//! A whole game in `-R` by a player who makes every kind of mistake a person makes: typos, an
//! arrow key, moves from empty squares, with the opponent's pieces, that a piece cannot make,
//! drops of pieces not in hand, an ambiguous move, bad setting values, a file that is not
//! there, a save with no name, a command typed where a file name was asked, and a move after
//! the game is over. Each gets a clear answer that says what was wrong, and the game goes on
//! to its end. The player's own moves are legal ones picked from a fixed seed; each step
//! waits for the line it needs, never for a time.

use crate::common::Rng;
use crate::common::{Driver, assert_clean, fresh_dir};
use gnushogi::notation::parse_sfen;
use gnushogi::rules::{Color, Move, MoveList, Position, Square};

/// xorshift64*: the same game on every run.
fn legal(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.to_vec()
}

struct Player {
    p: Driver,
    answers: usize,
}

impl Player {
    /// The position, once every line sent before is done, and the end-of-game line if one
    /// came meanwhile.
    fn position(&mut self) -> (Position, Option<String>) {
        self.p.send("sfen");
        let (before, line) = self.p.until("the SFEN", |l| l.matches('/').count() == 8);
        let sfen = line.rsplit("? ").next().unwrap();
        let pos = parse_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        // The end's two lines: who won, then what to do next.
        let end = before.iter().position(|l| l.contains("Game over"));
        (pos, end.map(|i| before[i..].iter().take(2).cloned().collect::<Vec<_>>().join("\n")))
    }

    /// Sends a mistake and waits for the answer that names it.
    fn mistake(&mut self, line: &[u8], answer: &str) {
        self.p.send_bytes(line);
        self.p.send_bytes(b"\n");
        self.p.until(answer, |l| l.contains(answer));
        self.answers += 1;
    }
}

/// A square as the text mode writes it (`5e`).
fn name(sq: Square) -> String {
    sq.to_string()
}

/// The mistakes a position allows, each with the answer it must get.
fn mistakes(pos: &Position, rng: &mut Rng) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let squares: Vec<Square> = Square::all().collect();
    // From an empty square.
    if let Some(&sq) = squares.iter().find(|&&s| pos.piece_at(s).is_none()) {
        let to = squares.iter().find(|&&t| t != sq).unwrap();
        out.push((
            format!("{}{}", name(sq), name(*to)),
            format!("there is no piece on {}", name(sq)),
        ));
    }
    // With one of the computer's pieces: a move it could make on its own turn.
    let sfen = gnushogi::notation::to_sfen(pos).replacen(" b ", " w ", 1);
    if let Ok(theirs) = parse_sfen(&sfen) {
        let moves: Vec<Move> = legal(&theirs).into_iter().filter(|m| m.from().is_some()).collect();
        if !moves.is_empty() {
            let m = moves[rng.below(moves.len())];
            out.push((m.to_string(), "is White's, and it is Black's turn".into()));
        }
    }
    // A pawn two steps forward.
    for &sq in &squares {
        let Some(p) = pos.piece_at(sq) else { continue };
        if p.color() == Color::Black
            && p.kind() == gnushogi::rules::PieceKind::Pawn
            && sq.rank() >= 3
            && let Some(to) = Square::new(sq.file(), sq.rank() - 2)
        {
            out.push((
                format!("{}{}", name(sq), name(to)),
                format!("a pawn cannot move from {} to {}", name(sq), name(to)),
            ));
            break;
        }
    }
    // A drop of a piece not in hand.
    if !pos.hand(Color::Black).has(gnushogi::rules::PieceKind::Rook)
        && let Some(&sq) = squares.iter().find(|&&s| pos.piece_at(s).is_none())
    {
        out.push((format!("R*{}", name(sq)), "that piece is not in hand".into()));
    }
    out
}

#[test]
fn a_whole_game_of_mistakes_gets_an_answer_to_each() {
    let dir = fresh_dir("newcomer");
    let p = Driver::spawn(&["-R", "--seed", "7"], &dir, None, true);
    let mut me = Player { p, answers: 0 };

    // Before the first move: typos, an arrow key, an ambiguous gold, bad settings, files.
    me.mistake(b"hlep", "Illegal move (no match): hlep");
    me.mistake(b"\x1b[A", "Illegal move (no match): \\x1b[A");
    me.mistake(b"G5h", "Illegal move (ambiguous, say which: G45h or G65h): G5h");
    me.mistake(b"depth abc", "depth: 'abc' is not a number from 0 to 64");
    me.mistake(
        b"contempt 5000",
        "contempt: '5000' is not a number from -1000 to 1000; nothing changed",
    );
    me.mistake(
        b"get nothere",
        "Could not read nothere: no such file or directory; the game is unchanged",
    );
    me.p.send("save");
    me.mistake(b"", "Game saved to shogi.000");
    me.p.send("bsave");
    me.mistake(b"post", "bsave cancelled: 'post' is a command");
    me.mistake(b"book", "book: off");
    me.mistake(b"depth 1", "depth: 1");
    assert!(dir.join("shogi.000").is_file());

    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut moves = 0;
    let over = loop {
        let (pos, end) = me.position();
        if let Some(end) = end {
            // The computer's move ended it: its end line came after `My move is`.
            break end;
        }
        let mine = legal(&pos);
        assert!(!mine.is_empty(), "the game should have been announced as over");
        // A mistake or two before most moves.
        let wrong = mistakes(&pos, &mut rng);
        for _ in 0..2 {
            let (line, answer) = &wrong[rng.below(wrong.len())];
            me.mistake(line.as_bytes(), answer);
        }
        let m = mine[rng.below(mine.len())];
        me.p.send(&m.to_string());
        moves += 1;
        // The computer's answer, or the end of the game.
        let (_, line) = me.p.until("a reply or the end", |l| {
            l.starts_with("My move is:") || l.contains("Game over")
        });
        if line.contains("Game over") {
            let (_, next) = me.p.until("what to do next", |l| l.contains("Type new"));
            break format!("{line}\n{next}");
        }
        assert!(moves < 300, "no end after {moves} moves");
    };
    eprintln!("{moves} moves, {} answers: {over}", me.answers);
    assert!(over.contains("Game over: White wins by checkmate.\n"), "{over}");
    assert!(over.ends_with("Type new to play again, or undo/remove to take back."), "{over}");
    // After the end: a move is refused, and it says why.
    me.mistake(b"7g7f", "The game is over");
    me.p.send("quit");
    let (status, _, err) = me.p.wait();
    assert_clean(status, &err, "quit");
    assert!(me.answers > 2 * moves, "{} answers in {moves} moves", me.answers);
}
