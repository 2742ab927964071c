//! The mating line, once the mate length is known.
//!
//! With an exact length `v` at the root the line follows the tsume convention: the attacker
//! plays moves that mate in exactly the remaining length, the defender replies that make the
//! mate as long as possible (a reply is that long when no mate two plies shorter exists after
//! it), and among all such lines the one leaving the attacker the fewest pieces in hand wins.
//! Alternatives beyond the first complete line are only explored while a spare node budget
//! lasts, so the line is always complete and exactly `v` long.
//!
//! Without an exact length (the limits ran out while shortening) the line follows the proofs
//! in the table: shortest known mate for the attacker, longest known for the defender.

use super::dfpn::Dfpn;
use crate::rules::{Hand, Move, MoveList, Position};
use std::collections::HashMap;

/// Extra nodes allowed to finish a line when the limits ran out after the mate was proved: a
/// quarter of what was spent, within these bounds (the line mostly follows the table).
const GRACE_MIN: u64 = 1_000;
const GRACE_MAX: u64 = 200_000;

fn grace(s: &mut Dfpn) {
    s.grace((s.nodes / 4).clamp(GRACE_MIN, GRACE_MAX));
}
/// Nodes allowed for exploring alternative lines (fewer pieces left), beyond what was spent.
const SPARE_MIN: u64 = 20_000;

type Line = (u32, Vec<Move>);

struct Extract<'s, 'a> {
    s: &'s mut Dfpn<'a>,
    path: Vec<(u64, Hand)>,
    memo: HashMap<(u64, Hand, u16), Option<Line>>,
    exact: bool,
    /// No alternatives are explored past this node count.
    spare_until: u64,
}

/// The mating line from `pos`, whose mate was proved in `len` plies (exactly, if `exact`).
pub fn line<'a>(s: &mut Dfpn<'a>, pos: &Position, len: u16, exact: bool) -> Vec<Move> {
    if s.out {
        grace(s);
    }
    let spare_until = s.nodes + s.nodes.max(SPARE_MIN);
    let mut x = Extract { s, path: Vec::new(), memo: HashMap::new(), exact, spare_until };
    x.path.push(x.key(pos));
    if let Some((_, line)) = x.or_line(pos, len) {
        return line;
    }
    // Only reached if the exact extraction was cut short: follow the table instead.
    grace(x.s);
    x.exact = false;
    x.memo.clear();
    x.or_line(pos, len).map(|(_, l)| l).unwrap_or_default()
}

/// Checks or all legal moves, on the heap (the line's recursion can be deep).
#[inline(never)]
fn moves(pos: &Position, checks: bool) -> Vec<Move> {
    let mut list = MoveList::new();
    if checks {
        pos.legal_checks(&mut list);
    } else {
        pos.legal_moves(&mut list);
    }
    list.to_vec()
}

impl Extract<'_, '_> {
    fn key(&self, pos: &Position) -> (u64, Hand) {
        (pos.board_key(), pos.hand(self.s.attacker()))
    }

    fn repeats(&self, key: (u64, Hand)) -> bool {
        self.path.iter().any(|&(k, h)| k == key.0 && h.is_superior_or_equal(key.1))
    }

    /// Mate within `r` plies from `pos` (a child of the path's last position)?
    fn mate_within(&mut self, pos: &Position, r: u16, budget: u64) -> Option<bool> {
        if let Some(f) = self.s.known(pos, r) {
            return Some(f.val.is_proven());
        }
        self.s.run(pos, &self.path, r, true, budget).map(|(v, _)| v.is_proven())
    }

    /// Length of the shortest mate the table knows within `r`.
    fn known_len(&self, pos: &Position, r: u16) -> Option<u16> {
        self.s.known(pos, r).filter(|f| f.val.is_proven()).map(|f| f.val.len)
    }

    fn explore_more(&self, best: &Option<Line>) -> bool {
        match best {
            None => true,
            Some((left, _)) => *left > 0 && self.exact && self.s.nodes < self.spare_until,
        }
    }

    /// Attacker to move, mate in `v` plies (exactly, if exact).
    fn or_line(&mut self, pos: &Position, v: u16) -> Option<Line> {
        let memo_key = (pos.board_key(), pos.hand(self.s.attacker()), v);
        if let Some(r) = self.memo.get(&memo_key) {
            return r.clone();
        }
        if v == 0 {
            return None;
        }
        let mut cands: Vec<(u16, Move, Position)> = Vec::new();
        for m in moves(pos, true) {
            let child = pos.played(m);
            if self.repeats(self.key(&child)) {
                continue;
            }
            let prio = self.known_len(&child, v - 1).unwrap_or(u16::MAX);
            if !self.exact && prio == u16::MAX {
                continue;
            }
            cands.push((prio, m, child));
        }
        cands.sort_by_key(|c| c.0);
        let mut best: Option<Line> = None;
        for (prio, m, child) in cands {
            if !self.explore_more(&best) {
                break;
            }
            if prio == u16::MAX {
                let budget =
                    if best.is_none() { u64::MAX } else { self.spare_until - self.s.nodes };
                if self.mate_within(&child, v - 1, budget) != Some(true) {
                    continue;
                }
            }
            let sub_len = if self.exact { v - 1 } else { prio };
            self.path.push(self.key(&child));
            let sub = self.and_line(&child, sub_len);
            self.path.pop();
            if let Some((left, mut line)) = sub
                && best.as_ref().is_none_or(|b| left < b.0)
            {
                line.insert(0, m);
                best = Some((left, line));
            }
        }
        self.memo.insert(memo_key, best.clone());
        best
    }

    /// Defender to move, mated in `v` plies (exactly, if exact).
    fn and_line(&mut self, pos: &Position, v: u16) -> Option<Line> {
        let list = moves(pos, false);
        if list.is_empty() {
            return Some((pos.hand(self.s.attacker()).total(), Vec::new()));
        }
        if v < 2 {
            return None;
        }
        let memo_key = (pos.board_key(), pos.hand(self.s.attacker()), v);
        if let Some(r) = self.memo.get(&memo_key) {
            return r.clone();
        }
        // Replies with what the table knows: Some(true) lasts the full v - 1, Some(false)
        // does not, None unknown.
        let mut cands: Vec<(Option<bool>, u16, Move, Position)> = Vec::new();
        for m in list {
            let child = pos.played(m);
            if self.repeats(self.key(&child)) {
                continue;
            }
            let known = self.known_len(&child, v - 1);
            let full =
                if !self.exact || v - 1 < 3 { Some(true) } else { self.mate_known(&child, v - 3) };
            cands.push((full, known.unwrap_or(0), m, child));
        }
        if !self.exact {
            // The longest known mate first.
            cands.sort_by_key(|c| std::cmp::Reverse(c.1));
        } else {
            cands.sort_by_key(|c| match c.0 {
                Some(true) => 0,
                None => 1,
                Some(false) => 2,
            });
        }
        let mut best: Option<Line> = None;
        for (full, known, m, child) in cands {
            if !self.explore_more(&best) || full == Some(false) {
                break;
            }
            let sub_len = if self.exact {
                if full.is_none() {
                    let budget =
                        if best.is_none() { u64::MAX } else { self.spare_until - self.s.nodes };
                    if self.mate_within(&child, v - 3, budget) != Some(false) {
                        continue;
                    }
                }
                v - 1
            } else if known > 0 {
                known
            } else {
                return None;
            };
            self.path.push(self.key(&child));
            let sub = self.or_line(&child, sub_len);
            self.path.pop();
            if let Some((left, mut line)) = sub
                && best.as_ref().is_none_or(|b| left < b.0)
            {
                line.insert(0, m);
                best = Some((left, line));
            }
            if !self.exact {
                break;
            }
        }
        self.memo.insert(memo_key, best.clone());
        best
    }

    /// Whether the table says `pos` has no mate within `r` (`Some(true)`), has one
    /// (`Some(false)`), or does not know.
    fn mate_known(&self, pos: &Position, r: u16) -> Option<bool> {
        self.s.known(pos, r).map(|f| f.val.is_disproven())
    }
}
