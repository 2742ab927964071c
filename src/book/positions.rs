//! The book itself: positions mapped to weighted moves, and the replay of lines of play into
//! it, which every reader of a book's text uses.

use crate::notation::Annotation;
use crate::rules::{Move, Position};
use std::collections::HashMap;

/// One book move of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    pub mv: Move,
    /// How often the move was played: the number of book lines (games) that contain it.
    /// Choice is proportional to it.
    pub weight: u32,
    /// `!` (preferred) or `?` (never played).
    pub mark: Option<Annotation>,
    /// The reply that followed it most recently in the book.
    pub hint: Option<Move>,
}

/// An opening book keyed by position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    positions: HashMap<u64, Vec<BookEntry>>,
}

/// `?` wins over `!`, as in the original (a move marked bad anywhere is never played).
fn merge_marks(a: Option<Annotation>, b: Option<Annotation>) -> Option<Annotation> {
    match (a, b) {
        (Some(Annotation::Bad), _) | (_, Some(Annotation::Bad)) => Some(Annotation::Bad),
        (Some(Annotation::Good), _) | (_, Some(Annotation::Good)) => Some(Annotation::Good),
        _ => None,
    }
}

impl Book {
    pub fn empty() -> Book {
        Book::default()
    }

    pub(crate) fn add_key(&mut self, key: u64, entry: BookEntry) {
        let list = self.positions.entry(key).or_default();
        match list.iter_mut().find(|e| e.mv == entry.mv) {
            Some(e) => {
                e.weight = e.weight.saturating_add(entry.weight);
                e.mark = merge_marks(e.mark, entry.mark);
                e.hint = entry.hint.or(e.hint);
            }
            None => list.push(entry),
        }
    }

    /// Records `hint` as the expected reply to `mv` in the position with key `key`.
    pub(crate) fn set_hint(&mut self, key: u64, mv: Move, hint: Move) {
        if let Some(e) =
            self.positions.get_mut(&key).and_then(|l| l.iter_mut().find(|e| e.mv == mv))
        {
            e.hint = Some(hint);
        }
    }

    /// Puts every position's moves in a fixed order: heaviest first, then by move.
    pub(crate) fn sort(&mut self) {
        for list in self.positions.values_mut() {
            list.sort_by_key(|e| (std::cmp::Reverse(e.weight), e.mv.to_u16()));
        }
    }

    /// The book moves of a position, heaviest first.
    pub fn entries(&self, pos: &Position) -> &[BookEntry] {
        self.entries_by_key(pos.key())
    }

    pub(crate) fn entries_by_key(&self, key: u64) -> &[BookEntry] {
        self.positions.get(&key).map_or(&[], Vec::as_slice)
    }

    /// Number of positions.
    pub fn positions(&self) -> usize {
        self.positions.len()
    }

    /// Number of position:move pairs.
    pub fn moves(&self) -> usize {
        self.positions.values().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The moves the book marks `?` in this position (the original keeps them out of the
    /// search unless nothing else is legal).
    pub fn bad_moves(&self, pos: &Position) -> Vec<Move> {
        self.entries(pos).iter().filter(|e| e.mark == Some(Annotation::Bad)).map(|e| e.mv).collect()
    }

    /// Picks a move at random in proportion to weight: never a `?` move, `!` moves first.
    /// `random` is a uniformly random number supplied by the caller.
    pub fn choose(&self, pos: &Position, random: u64) -> Option<(Move, Option<Move>)> {
        let pool = self.pool(pos);
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

    /// The move [`choose`](Self::choose) picks most often: the most played of its pool (the
    /// first of equals, as the book lists them), for a hint that does not change each time.
    pub fn most_played(&self, pos: &Position) -> Option<Move> {
        let pool = self.pool(pos);
        let most = pool.iter().map(|e| e.weight).max()?;
        pool.iter().find(|e| e.weight == most).map(|e| e.mv)
    }

    /// The entries a choice is made from: the legal ones played at least once and not
    /// marked `?`; of those, the ones marked `!` if there are any.
    fn pool(&self, pos: &Position) -> Vec<&BookEntry> {
        let usable: Vec<&BookEntry> = self
            .entries(pos)
            .iter()
            .filter(|e| e.mark != Some(Annotation::Bad) && e.weight > 0 && pos.is_legal(e.mv))
            .collect();
        let good: Vec<&BookEntry> =
            usable.iter().copied().filter(|e| e.mark == Some(Annotation::Good)).collect();
        if good.is_empty() { usable } else { good }
    }
}

/// Replays lines of play from the start position into a book, as the original's reader
/// does: each line adds 1 to the weight of every position:move pair it contains up to
/// `max_ply`, and the move after a pair (unless marked `?`) becomes that pair's hint.
pub(crate) struct LineReplay {
    max_ply: usize,
    start: Position,
    pos: Position,
    ply: usize,
    prev: Option<(u64, Move)>,
    /// Lines of play that contained at least one move.
    pub lines: usize,
}

impl LineReplay {
    pub fn new(max_ply: usize) -> LineReplay {
        let start = Position::startpos();
        LineReplay { max_ply, pos: start.clone(), start, ply: 0, prev: None, lines: 0 }
    }

    /// Ends the current line; the next move starts again from the start position.
    pub fn new_line(&mut self) {
        if self.ply > 0 {
            self.pos = self.start.clone();
            self.ply = 0;
            self.prev = None;
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Plays `mv`, which must be legal in [`LineReplay::position`].
    pub fn play(&mut self, book: &mut Book, mv: Move, mark: Option<Annotation>) {
        self.ply += 1;
        if self.ply == 1 {
            self.lines += 1;
        }
        let key = self.pos.key();
        if self.ply <= self.max_ply {
            book.add_key(key, BookEntry { mv, weight: 1, mark, hint: None });
        }
        if self.ply <= self.max_ply + 1
            && mark != Some(Annotation::Bad)
            && let Some((pk, pm)) = self.prev
        {
            book.set_hint(pk, pm, mv);
        }
        self.prev = Some((key, mv));
        self.pos.play_unchecked(mv);
    }
}
