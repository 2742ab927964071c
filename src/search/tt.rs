//! The transposition table: shared by all search threads, lock-free.
//!
//! Buckets of four 16-byte entries fill a cache line. Each entry is two atomics: the data
//! word and the key XORed with the data, so a torn write (another thread storing at the
//! same time) shows up as a key mismatch and is ignored, with no locks and no `unsafe` (but
//! the call asking the kernel for large pages and the prefetch hint, see doc/architecture.md).
//! Replacement prefers the same position, then empty slots, then the shallowest or oldest
//! entry; an age counter bumped at each new search makes old entries cheap to evict.

use super::Bound;
use crate::rules::Move;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// A copy of a table entry.
#[derive(Copy, Clone, Debug)]
pub struct TtEntry {
    pub mv: Option<Move>,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    /// How `score` relates to the true score.
    pub bound: Bound,
}

impl TtEntry {
    /// Whether the entry, its score read as `score` at this node, settles a node searched
    /// with (alpha, beta).
    #[inline]
    pub fn cuts(&self, score: i32, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

const ENTRIES_PER_BUCKET: usize = 4;
const DEPTH_OFFSET: i32 = 16;

#[repr(align(64))]
#[derive(Default)]
struct Bucket {
    entries: [[AtomicU64; 2]; ENTRIES_PER_BUCKET],
}

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: AtomicU8,
}

fn pack(mv: Option<Move>, score: i32, eval: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    let m = mv.map_or(0, Move::to_u16) as u64;
    let s = (score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16) as u64;
    let e = (eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16) as u64;
    let d = (depth + DEPTH_OFFSET).clamp(0, 255) as u64;
    // Never 0: a stored entry is never all zero bits, which mark an empty slot.
    let b: u64 = match bound {
        Bound::Upper => 1,
        Bound::Lower => 2,
        Bound::Exact => 3,
    };
    m | s << 16 | e << 32 | d << 48 | b << 56 | ((age & 0x3f) as u64) << 58
}

fn unpack(data: u64) -> (TtEntry, u8) {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        _ => Bound::Exact,
    };
    let entry = TtEntry {
        mv: Move::from_u16(data as u16),
        score: (data >> 16) as u16 as i16 as i32,
        eval: (data >> 32) as u16 as i16 as i32,
        depth: ((data >> 48) & 0xff) as i32 - DEPTH_OFFSET,
        bound,
    };
    (entry, (data >> 58) as u8 & 0x3f)
}

/// Asks the kernel to back the memory of `table` (its whole capacity), not yet touched, with
/// 2 MiB pages where it can: a probe of a large table lands anywhere in it, and with 4 KiB
/// pages nearly every probe also misses the processor's cache of page addresses (the TLB)
/// and walks the page tables. Only the whole 2 MiB extents inside the allocation qualify. A
/// refusal changes nothing.
#[cfg(target_os = "linux")]
pub(super) fn advise_huge_pages<T>(table: &Vec<T>) {
    use nix::sys::mman::{MmapAdvise, madvise};
    const HUGE_PAGE: usize = 2 << 20;
    let start = table.as_ptr() as usize;
    let end = start + table.capacity() * std::mem::size_of::<T>();
    let (first, last) = (start.next_multiple_of(HUGE_PAGE), end / HUGE_PAGE * HUGE_PAGE);
    if last <= first {
        return;
    }
    let Some(addr) = std::ptr::NonNull::new(
        table.as_ptr().cast::<u8>().wrapping_add(first - start).cast_mut().cast(),
    ) else {
        return;
    };
    // SAFETY: [first, last) lies inside the vector's allocation, which outlives the call;
    // the advice changes only how the kernel backs those pages, never what they hold.
    #[allow(unsafe_code)]
    let _ = unsafe { madvise(addr, last - first, MmapAdvise::MADV_HUGEPAGE) };
}

#[cfg(not(target_os = "linux"))]
pub(super) fn advise_huge_pages<T>(_: &Vec<T>) {}

impl TranspositionTable {
    /// A table of about `mib` mebibytes (at least one bucket).
    pub fn new(mib: usize) -> TranspositionTable {
        TranspositionTable::build(mib, || true)
    }

    /// [`TranspositionTable::new`], zeroed 64 MiB at a time while `wanted()`: a table given
    /// up while it is built (a second `memory`) stops taking memory, and is left one bucket
    /// big. Half as big, and so on, when the memory is refused (a failed allocation would
    /// abort the program).
    pub fn build(mib: usize, wanted: impl Fn() -> bool) -> TranspositionTable {
        let bytes = mib.max(1).saturating_mul(1 << 20);
        let mut n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::new();
        while buckets.try_reserve_exact(n).is_err() && n > 1 {
            n /= 2;
        }
        advise_huge_pages(&buckets);
        let chunk = (64 << 20) / std::mem::size_of::<Bucket>();
        while buckets.len() < n {
            if !wanted() {
                buckets = vec![Bucket::default()];
                break;
            }
            buckets.resize_with((buckets.len() + chunk).min(n), Bucket::default);
        }
        TranspositionTable { buckets, age: AtomicU8::new(0) }
    }

    pub fn clear(&self) {
        for b in &self.buckets {
            for e in &b.entries {
                e[0].store(0, Ordering::Relaxed);
                e[1].store(0, Ordering::Relaxed);
            }
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries become preferred victims.
    pub(crate) fn new_search(&self) {
        let a = self.age.load(Ordering::Relaxed);
        self.age.store(a.wrapping_add(1) & 0x3f, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let bucket = self.bucket(key);
        for e in &bucket.entries {
            let data = e[1].load(Ordering::Relaxed);
            let check = e[0].load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                return Some(unpack(data).0);
            }
        }
        None
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that the probe a little
    /// later does not wait on memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch_line(self.bucket(key));
    }

    pub fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let age = self.age.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, e) in bucket.entries.iter().enumerate() {
            let data = e[1].load(Ordering::Relaxed);
            let check = e[0].load(Ordering::Relaxed);
            if data == 0 {
                victim = i;
                break;
            }
            if check ^ data == key {
                let (old, _) = unpack(data);
                // Keep a deeper result for the same position unless this one is exact.
                if bound != Bound::Exact && depth + 2 < old.depth {
                    return;
                }
                let mv = mv.or(old.mv);
                let new = pack(mv, score, eval, depth, bound, age);
                e[1].store(new, Ordering::Relaxed);
                e[0].store(key ^ new, Ordering::Relaxed);
                return;
            }
            let (old, old_age) = unpack(data);
            let age_diff = i32::from(age.wrapping_sub(old_age) & 0x3f);
            let worth = old.depth - 8 * age_diff;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let new = pack(mv, score, eval, depth, bound, age);
        let e = &bucket.entries[victim];
        e[1].store(new, Ordering::Relaxed);
        e[0].store(key ^ new, Ordering::Relaxed);
    }

    /// Permille of the first thousand buckets' entries written in the current search.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let n = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..n] {
            for e in &b.entries {
                let data = e[1].load(Ordering::Relaxed);
                if data != 0 && unpack(data).1 == age & 0x3f {
                    used += 1;
                }
            }
        }
        (used * 1000 / (n * ENTRIES_PER_BUCKET).max(1)) as u32
    }
}

/// Asks the processor to bring the cache line of `item` in, ahead of a read that would
/// otherwise wait on memory.
#[inline]
pub(super) fn prefetch_line<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let ptr: *const T = item;
        // SAFETY: SSE is part of every x86-64, and a prefetch is only a hint: it never
        // faults and changes nothing the program can see.
        #[allow(unsafe_code)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(ptr.cast());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_given_up_while_built_stops_growing() {
        assert_eq!(
            (TranspositionTable::new(3).buckets.len() * std::mem::size_of::<Bucket>()) >> 20,
            3
        );
        let asked = std::cell::Cell::new(0);
        let t = TranspositionTable::build(1 << 20, || {
            asked.set(asked.get() + 1);
            asked.get() < 3
        });
        // Two chunks of 64 MiB, then given up: one bucket is left.
        assert_eq!((t.buckets.len(), asked.get()), (1, 3));
    }
}
