//! Game records: KIF (Shift-JIS `.kif`, UTF-8 `.kifu`), CSA and USI files, as the program
//! reads them (`--analyse`, `get`, the CSA client's records), and the book maker's game
//! files (`--make-book`). The first byte picks the format. A record read must be legal move
//! by move, and written in every format it must read back with the same start, moves and
//! outcome, as far as that format carries the outcome (USI keeps none). Headers, comments and
//! times are not compared.
#![no_main]

use gnushogi::book::records;
use gnushogi::files::record::{self, Format, Record};
use gnushogi::game::{DrawReason, Outcome, WinReason};
use gnushogi::rules::{Color, Position};
use libfuzzer_sys::fuzz_target;

/// What every format carries: the start, the moves.
fn same_game(a: &Record, b: &Record) -> bool {
    a.start == b.start && a.moves.iter().map(|m| m.mv).eq(b.moves.iter().map(|m| m.mv))
}

/// The outcome a record written in `format` reads back with, as far as the format can say
/// it (doc/records.md): KIF has no word for a draw by the move limit or by agreement, nor for
/// the try rule or no legal move; CSA's endings are the side to move's loss (`%TORYO`,
/// `%TSUMI`, `%TIME_UP`) or win (`%KACHI`), an impasse won on points is `%JISHOGI`, perpetual
/// check an illegal move; USI keeps no outcome.
fn carried(o: Option<Outcome>, format: Format, to_move: Color) -> Option<Outcome> {
    use WinReason as R;
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    match (format, o?) {
        (Format::Usi, _) => None,
        (Format::Kif | Format::Kifu, o) => match o {
            Outcome::Draw(DrawReason::MoveLimit | DrawReason::Agreement) => None,
            Outcome::Win { winner, reason: R::Try } => win(winner, R::Resignation),
            Outcome::Win { winner, reason: R::NoLegalMove } => win(winner, R::Checkmate),
            o => Some(o),
        },
        (Format::Csa, o) => match o {
            Outcome::Win { winner, reason: R::Resignation | R::Try } if winner != to_move => {
                win(winner, R::Resignation)
            }
            Outcome::Win { winner, reason: R::Checkmate | R::NoLegalMove } if winner != to_move => {
                win(winner, R::Checkmate)
            }
            Outcome::Win { winner, reason: R::Time } if winner != to_move => win(winner, R::Time),
            Outcome::Win { winner, reason: R::Declaration } if winner == to_move => {
                win(winner, R::Declaration)
            }
            Outcome::Win { reason: R::Impasse, .. } => Some(Outcome::Draw(DrawReason::Impasse)),
            Outcome::Win { winner, reason: R::IllegalMove | R::PerpetualCheck } => {
                win(winner, R::IllegalMove)
            }
            Outcome::Win { .. } => None,
            o => Some(o),
        },
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, data)) = data.split_first() else { return };
    if pick & 0x80 != 0 {
        let formats = [records::Format::UsiList, records::Format::Csa, records::Format::Kif];
        let r = records::parse_records("fuzz", data, formats[pick as usize % 3]);
        for g in &r.games {
            let mut pos = Position::startpos();
            for &m in &g.moves {
                assert!(pos.is_legal(m), "{}: illegal {m}", g.name);
                pos = pos.played(m);
            }
        }
        let _ = records::Format::detect(std::path::Path::new("x"), data);
        return;
    }
    let format = Format::ALL[pick as usize % 4];
    let Ok(rec) = record::read(data, format) else { return };
    let mut pos = rec.start.clone();
    for m in &rec.moves {
        assert!(pos.is_legal(m.mv), "illegal {}", m.mv);
        pos = pos.played(m.mv);
    }
    let _ = rec.game();
    for to in Format::ALL {
        let bytes = record::write(&rec, to);
        let back = record::read(&bytes, to).unwrap_or_else(|e| {
            panic!("{to:?} written back unreadable: {e}\n{}", String::from_utf8_lossy(&bytes))
        });
        assert!(
            same_game(&rec, &back),
            "{to:?} written back, the game reads differently:\n{}",
            String::from_utf8_lossy(&bytes)
        );
        assert_eq!(
            back.outcome,
            carried(rec.outcome, to, pos.side_to_move()),
            "{to:?} written back, the outcome reads differently:\n{}",
            String::from_utf8_lossy(&bytes)
        );
    }
});
