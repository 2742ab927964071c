//! The opening book: positions (board, hands, side to move) mapped to weighted moves.

use crate::notation::Annotation;
use crate::rules::{Move, Position};
use std::collections::HashMap;

/// One book move of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    pub mv: Move,
    /// How often (and how well) the move was played; choice is proportional to it.
    pub weight: u32,
    /// `!` (preferred) or `?` (never played).
    pub mark: Option<Annotation>,
    /// The reply that followed it most recently in the book.
    pub hint: Option<Move>,
}

/// An opening book keyed by position.
#[derive(Clone, Debug, Default)]
pub struct Book {
    positions: HashMap<u64, Vec<BookEntry>>,
}

impl Book {
    pub fn empty() -> Book {
        Book::default()
    }

    /// The book compiled into the program.
    pub fn builtin() -> Book {
        Book::empty()
    }

    /// Adds (or strengthens) a move of a position.
    pub fn add(&mut self, pos: &Position, entry: BookEntry) {
        let list = self.positions.entry(pos.key()).or_default();
        match list.iter_mut().find(|e| e.mv == entry.mv) {
            Some(e) => {
                e.weight = e.weight.saturating_add(entry.weight);
                e.mark = entry.mark.or(e.mark);
                e.hint = entry.hint.or(e.hint);
            }
            None => list.push(entry),
        }
    }

    /// The book moves of a position.
    pub fn entries(&self, pos: &Position) -> &[BookEntry] {
        self.positions.get(&pos.key()).map_or(&[], Vec::as_slice)
    }

    pub fn positions(&self) -> usize {
        self.positions.len()
    }

    pub fn moves(&self) -> usize {
        self.positions.values().map(Vec::len).sum()
    }

    /// Picks a move at random in proportion to weight: never a `?` move, `!` moves first.
    /// `random` is a uniformly random number supplied by the caller.
    pub fn choose(&self, pos: &Position, random: u64) -> Option<(Move, Option<Move>)> {
        let entries = self.entries(pos);
        let usable: Vec<&BookEntry> = entries
            .iter()
            .filter(|e| e.mark != Some(Annotation::Bad) && e.weight > 0 && pos.is_legal(e.mv))
            .collect();
        let good: Vec<&BookEntry> =
            usable.iter().copied().filter(|e| e.mark == Some(Annotation::Good)).collect();
        let pool = if good.is_empty() { usable } else { good };
        let total: u64 = pool.iter().map(|e| u64::from(e.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut pick = random % total;
        for e in pool {
            if pick < u64::from(e.weight) {
                let hint = e.hint.filter(|&h| pos.played(e.mv).is_legal(h));
                return Some((e.mv, hint));
            }
            pick -= u64::from(e.weight);
        }
        None
    }
}

/// The book the command line asks for: `-b FILE` (text), `-B FILE` (compiled), or the
/// built-in one. `Ok(None)` means no book.
pub fn load_from_cli(cli: &crate::cli::Cli) -> Result<Option<Book>, String> {
    if cli.book.is_some() || cli.binary_book.is_some() {
        return Err("book files are not supported yet".into());
    }
    Ok(Some(Book::builtin()))
}

/// `gnushogi --make-book`: builds a book from game records.
pub fn run_make_book(_cli: &crate::cli::Cli) -> std::process::ExitCode {
    eprintln!("gnushogi: --make-book is not supported yet");
    std::process::ExitCode::from(2)
}
