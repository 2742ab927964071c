//! The proof/disproof number table of the mate search.
//!
//! Entries are keyed by the board (with the side to move) and the attacker's hand. Within one
//! solve the pieces on the board plus both hands are a fixed set, so for one board a larger
//! attacker hand means a smaller defender hand, and results carry over by hand dominance:
//! a proof found with hand `H` holds for every hand that contains `H`, a disproof for every
//! hand that `H` contains. So proofs are stored with the least hand they need (the proof hand)
//! and disproofs with the most hand they allow (the disproof hand).
//!
//! Depth is part of the meaning: a proof records its mate length (it holds whenever at least
//! that many plies remain), a disproof the number of plies within which there is no mate
//! (`DEPTH_INF`: none at all), and an unfinished entry the depth class it was searched with.
//!
//! The table is open addressing with linear probing, so all entries of one board lie on one
//! probe run. It starts small (a solve with a small node limit stays cheap), doubles when half
//! full, and once at its largest size throws away the entries that cost the least work.

use crate::rules::Hand;

/// Proof or disproof number of a finished node.
pub const INF: u32 = u32::MAX;
/// Largest proof or disproof number of an unfinished node.
pub const PN_MAX: u32 = INF - 1;
/// "Unbounded": the depth class of an unbounded search, or a disproof without depth limit.
pub const DEPTH_INF: u16 = u16::MAX;

/// A child's mate length or disproof depth as its parent's: one ply more (`DEPTH_INF` stays).
pub fn next_len(d: u16) -> u16 {
    if d == DEPTH_INF { d } else { d.saturating_add(1).min(DEPTH_INF - 1) }
}

/// A disproof depth rounded up to the next length a mate of that side could have: attacker's
/// mates are odd, so "none within 1" is "none within 2"; defender's mated-in counts are even.
pub fn round_dd(dd: u16, or: bool) -> u16 {
    match dd {
        DEPTH_INF => dd,
        _ if or => (dd + (dd & 1)).min(DEPTH_INF - 1),
        _ => dd | 1,
    }
}

/// What the table knows about one node (or what a search returns for it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Val {
    pub pn: u32,
    pub dn: u32,
    /// Proven nodes: the length of the mate found (plies).
    pub len: u16,
    /// Disproven nodes: no mate within this many plies.
    pub dd: u16,
    /// Proven: the proof hand; disproven: the disproof hand.
    pub hand: Hand,
    /// Disproven nodes: the lowest path index of a repetition this disproof relies on
    /// (`NO_REP` when it holds whatever the path).
    pub rep: u16,
}

pub const NO_REP: u16 = u16::MAX;

impl Val {
    pub const fn open(pn: u32, dn: u32) -> Val {
        Val { pn, dn, len: 0, dd: 0, hand: Hand::EMPTY, rep: NO_REP }
    }

    pub const fn proof(len: u16, hand: Hand) -> Val {
        Val { pn: 0, dn: INF, len, dd: 0, hand, rep: NO_REP }
    }

    pub const fn disproof(dd: u16, hand: Hand, rep: u16) -> Val {
        Val { pn: INF, dn: 0, len: 0, dd, hand, rep }
    }

    #[inline]
    pub const fn is_proven(&self) -> bool {
        self.pn == 0
    }

    #[inline]
    pub const fn is_disproven(&self) -> bool {
        self.dn == 0
    }

    #[inline]
    pub const fn is_final(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

#[derive(Copy, Clone, Default)]
struct Slot {
    /// Board key (see `tag`); 0 marks an empty slot.
    tag: u64,
    hand: Hand,
    pn: u32,
    dn: u32,
    /// Nodes spent on this entry (what garbage collection keeps).
    amount: u32,
    /// Proof: mate length; disproof: plies without mate; open: depth class.
    depth: u16,
}

/// What the table knows of a node.
#[derive(Copy, Clone, Debug)]
pub struct Found {
    pub val: Val,
}

#[derive(Clone)]
pub struct Table {
    slots: Vec<Slot>,
    used: usize,
    max_slots: usize,
}

const INITIAL_SLOTS: usize = 1 << 10;
/// Bytes a slot takes.
pub const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

fn prev_power_of_two(n: usize) -> usize {
    if n.is_power_of_two() { n } else { n.next_power_of_two() >> 1 }
}

/// The key as stored: 0 marks an empty slot, so key 0 is stored as 1 (one collision among
/// 2^64 keys).
#[inline]
fn tag(board: u64) -> u64 {
    board.max(1)
}

impl Table {
    /// A table that grows to at most `max_slots` (rounded down to a power of two).
    pub fn new(max_slots: usize) -> Table {
        let max_slots = prev_power_of_two(max_slots).max(INITIAL_SLOTS);
        Table { slots: vec![Slot::default(); INITIAL_SLOTS], used: 0, max_slots }
    }

    /// First slot probed for a board (the same for the key and its tag).
    #[inline]
    fn home(&self, board: u64) -> usize {
        (tag(board).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (self.slots.len() - 1)
    }

    /// Slots of one board, in probe order.
    fn run(&self, board: u64) -> impl Iterator<Item = (usize, &Slot)> {
        let t = tag(board);
        let mask = self.slots.len() - 1;
        let start = self.home(board);
        (0..self.slots.len())
            .map(move |i| (start + i) & mask)
            .map(|i| (i, &self.slots[i]))
            .take_while(|(_, s)| s.tag != 0)
            .filter(move |(_, s)| s.tag == t)
    }

    /// Asks the processor to bring `board`'s probe run into the cache, so that the lookups of
    /// a node's children wait on memory once, side by side, instead of once a child.
    #[inline]
    pub fn prefetch(&self, board: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot: *const Slot = &self.slots[self.home(board)];
            // SAFETY: SSE is part of every x86_64 processor, and a prefetch only hints: it
            // reads nothing and cannot fault, whatever the address.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(slot.cast())
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = board;
    }

    /// The table's knowledge of a node: a proof whose hand `hand` contains and whose length fits
    /// in `remaining`, a disproof whose hand contains `hand` and covers `remaining`, or the
    /// open entry of exactly this hand and depth class.
    pub fn lookup(&self, board: u64, hand: Hand, remaining: u16, class: u16) -> Option<Found> {
        let mut proof: Option<Found> = None;
        let mut open = None;
        for (_, s) in self.run(board) {
            if s.pn == 0 {
                if hand.is_superior_or_equal(s.hand)
                    && s.depth <= remaining
                    && proof.is_none_or(|p| s.depth < p.val.len)
                {
                    proof = Some(Found { val: Val::proof(s.depth, s.hand) });
                }
            } else if s.dn == 0 {
                if s.hand.is_superior_or_equal(hand) && s.depth >= remaining {
                    return Some(Found { val: Val::disproof(s.depth, s.hand, NO_REP) });
                }
            } else if s.hand == hand && s.depth == class {
                open = Some(Found { val: Val::open(s.pn, s.dn) });
            }
        }
        proof.or(open)
    }

    /// Records an unfinished node.
    pub fn store_open(&mut self, board: u64, hand: Hand, class: u16, pn: u32, dn: u32, work: u64) {
        let t = tag(board);
        let slot = self
            .run(board)
            .find(|(_, s)| s.hand == hand && s.depth == class && s.pn != 0 && s.dn != 0)
            .map(|(i, _)| i);
        let amount = work.min(u32::MAX as u64) as u32;
        match slot {
            Some(i) => {
                let s = &mut self.slots[i];
                s.pn = pn;
                s.dn = dn;
                s.amount = s.amount.saturating_add(amount);
            }
            None => self.insert(Slot { tag: t, hand, pn, dn, amount, depth: class }),
        }
    }

    /// Records a finished node searched with `hand` and depth class `class`; `val` carries the
    /// proof or disproof hand. The node's open entry, if any, is reused.
    pub fn store_final(&mut self, board: u64, hand: Hand, class: u16, val: &Val, work: u64) {
        debug_assert!(val.is_final() && val.rep == NO_REP);
        let t = tag(board);
        let (depth, pn, dn) = if val.is_proven() { (val.len, 0, INF) } else { (val.dd, INF, 0) };
        let mut reuse = None;
        for (i, s) in self.run(board) {
            if val.is_proven() {
                if s.pn == 0 && val.hand.is_superior_or_equal(s.hand) && s.depth <= depth {
                    return; // an existing proof already covers this one
                }
            } else if s.dn == 0 && s.hand.is_superior_or_equal(val.hand) && s.depth >= depth {
                return;
            }
            if reuse.is_none() && s.pn != 0 && s.dn != 0 && s.hand == hand && s.depth == class {
                reuse = Some(i);
            }
        }
        let amount = work.min(u32::MAX as u64) as u32;
        let slot = Slot { tag: t, hand: val.hand, pn, dn, amount, depth };
        match reuse {
            Some(i) => {
                let old = self.slots[i].amount;
                self.slots[i] = Slot { amount: amount.saturating_add(old), ..slot };
            }
            None => self.insert(slot),
        }
    }

    fn insert(&mut self, slot: Slot) {
        if (self.used + 1) * 2 > self.slots.len() {
            if self.slots.len() < self.max_slots {
                self.rebuild(self.slots.len() * 2);
            } else {
                self.collect_garbage();
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(slot.tag);
        while self.slots[i].tag != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
        self.used += 1;
    }

    /// Keeps the most expensive quarter of the entries (exactly a quarter, so that the next
    /// collection is a quarter of the table away), in place: beside the table it needs only
    /// the entries' amounts.
    fn collect_garbage(&mut self) {
        let keep = self.slots.len() / 4;
        let mut amounts: Vec<u32> =
            self.slots.iter().filter(|s| s.tag != 0).map(|s| s.amount).collect();
        if amounts.len() <= keep {
            return;
        }
        let (_, &mut least, _) =
            amounts.select_nth_unstable_by_key(keep - 1, |&a| std::cmp::Reverse(a));
        // Every entry above `least` stays, and as many at `least` as make up the quarter.
        let mut ties = keep - amounts[..keep - 1].iter().filter(|&&a| a > least).count();
        drop(amounts);
        // An empty slot no probe run crosses: runs are re-placed from just after it, so each
        // entry's run from its home holds only entries already in their final places.
        let Some(empty) = self.slots.iter().position(|s| s.tag == 0) else { return };
        for s in &mut self.slots {
            if s.tag != 0 && s.amount <= least {
                if s.amount == least && ties > 0 {
                    ties -= 1;
                } else {
                    *s = Slot::default();
                }
            }
        }
        let mask = self.slots.len() - 1;
        for k in 1..self.slots.len() {
            let i = (empty + k) & mask;
            let slot = self.slots[i];
            if slot.tag == 0 {
                continue;
            }
            self.slots[i] = Slot::default();
            let mut j = self.home(slot.tag);
            while self.slots[j].tag != 0 {
                j = (j + 1) & mask;
            }
            self.slots[j] = slot;
        }
        self.used = keep;
    }

    /// Rehashes into `size` slots. The old slots go before the new ones are taken, so that
    /// growing needs the new table and the entries, not both tables.
    fn rebuild(&mut self, size: usize) {
        let kept: Vec<Slot> = self.slots.iter().filter(|s| s.tag != 0).copied().collect();
        self.slots = Vec::new();
        self.slots = vec![Slot::default(); size];
        self.reinsert(kept);
    }

    /// Puts entries back into an empty table.
    fn reinsert(&mut self, entries: Vec<Slot>) {
        self.used = 0;
        let mask = self.slots.len() - 1;
        for s in entries {
            let mut i = self.home(s.tag);
            while self.slots[i].tag != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = s;
            self.used += 1;
        }
    }

    /// Number of entries in use.
    pub fn len(&self) -> usize {
        self.used
    }

    /// Most entries the table holds (it grows until half of its largest size is used).
    pub fn capacity(&self) -> usize {
        self.max_slots / 2
    }

    /// The slots it may grow to.
    pub fn max_slots(&self) -> usize {
        self.max_slots
    }

    /// Lets the table grow to `max_slots` from now on (rounded down to a power of two, and no
    /// less than it has now).
    pub fn set_max_slots(&mut self, max_slots: usize) {
        self.max_slots = prev_power_of_two(max_slots).max(self.slots.len());
    }

    /// Slots it has now.
    pub fn slots(&self) -> usize {
        self.slots.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PieceKind;

    fn hand(kinds: &[PieceKind]) -> Hand {
        let mut h = Hand::EMPTY;
        for &k in kinds {
            h.add(k);
        }
        h
    }

    #[test]
    fn dominance_and_depth() {
        let mut t = Table::new(1 << 12);
        let (g, s) = (PieceKind::Gold, PieceKind::Silver);
        // Proved with a gold, in 5 plies.
        t.store_final(42, hand(&[g, s]), DEPTH_INF, &Val::proof(5, hand(&[g])), 1);
        let found = |t: &Table, h, r| t.lookup(42, h, r, r).map(|f| f.val);
        assert_eq!(found(&t, hand(&[g, g]), 7).map(|v| v.len), Some(5));
        assert_eq!(found(&t, hand(&[s]), 7), None, "a hand without the gold");
        assert_eq!(found(&t, hand(&[g]), 3), None, "too few plies left");
        // No mate within 6 plies with at most a silver and a pawn.
        let p = PieceKind::Pawn;
        t.store_final(43, hand(&[s]), DEPTH_INF, &Val::disproof(6, hand(&[s, p]), NO_REP), 1);
        let v = t.lookup(43, hand(&[p]), 5, 5).map(|f| f.val);
        assert!(v.is_some_and(|v| v.is_disproven()));
        assert_eq!(t.lookup(43, hand(&[g]), 5, 5).map(|f| f.val), None, "a larger hand");
        assert_eq!(t.lookup(43, hand(&[s]), 7, 7).map(|f| f.val), None, "more plies");
        // Open entries match hand and depth class exactly.
        t.store_open(44, hand(&[s]), 9, 3, 4, 1);
        assert_eq!(t.lookup(44, hand(&[s]), 9, 9).map(|f| (f.val.pn, f.val.dn)), Some((3, 4)));
        assert_eq!(t.lookup(44, hand(&[s]), 7, 7).map(|f| f.val), None);
        assert_eq!(t.len(), 3);
    }

    /// Keys that collide now and then, as real ones do (splitmix64).
    fn key(i: u64) -> u64 {
        let mut z = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    #[test]
    fn grows_then_collects() {
        let max = 1 << 11;
        let mut t = Table::new(max);
        for i in 1..=(4 * max as u64) {
            t.store_open(key(i), Hand::EMPTY, DEPTH_INF, 1, 1, i);
            assert!(t.len() * 2 <= t.slots.len());
        }
        assert_eq!(t.slots.len(), max);
        // The most expensive entries survive.
        assert!(t.lookup(key(4 * max as u64), Hand::EMPTY, 0, DEPTH_INF).is_some());
        assert!(t.lookup(key(1), Hand::EMPTY, 0, DEPTH_INF).is_none());
        // Collected in place, every entry kept is still found from its home, some of them
        // away from it.
        let kept: Vec<u64> = t.slots.iter().filter(|s| s.tag != 0).map(|s| s.tag).collect();
        assert_eq!(kept.len(), t.len());
        assert!(kept.iter().all(|&k| t.lookup(k, Hand::EMPTY, 0, DEPTH_INF).is_some()));
        let away = t.slots.iter().enumerate().filter(|&(i, s)| s.tag != 0 && t.home(s.tag) != i);
        assert!(away.count() > 10);
    }
}
