//! The mating line, once the mate length is known.
//!
//! With an exact length `v` at the root the line follows the tsume convention: the attacker
//! plays moves that mate in exactly the remaining length, the defender replies that make the
//! mate as long as possible (a reply is that long when no mate two plies shorter exists after
//! it), and among all such lines the one leaving the attacker the fewest pieces in hand wins.
//! Alternatives beyond the first complete line are only explored while a spare node budget
//! lasts, so the line is always complete and exactly `v` long.
//!
//! Without an exact length (the limits ran out while shortening) the line follows proofs:
//! the shortest known mate for the attacker, the longest known for the defender.

use super::dfpn::{self, Dfpn};
use crate::rules::{Hand, Move, MoveList, Position};
use std::collections::HashMap;

/// Extra nodes allowed to finish a line when the limits ran out after the mate was proved: a
/// quarter of what was spent, within these bounds (the line mostly follows the table).
const GRACE_MIN: u64 = 1_000;
const GRACE_MAX: u64 = 200_000;
/// Nodes allowed for exploring alternative lines (fewer pieces left), beyond what was spent.
const SPARE_MIN: u64 = 20_000;

type Line = (u32, Vec<Move>);

struct Extract<'s, 'a> {
    s: &'s mut Dfpn<'a>,
    path: Vec<(u64, Hand)>,
    memo: HashMap<(u64, Hand, u16), Option<Line>>,
    /// No alternatives are explored past this node count.
    spare_until: u64,
}

fn grace(s: &mut Dfpn) {
    s.grace((s.nodes / 4).clamp(GRACE_MIN, GRACE_MAX));
}

/// The mating line from `pos`, whose mate was proved in `len` plies (exactly, if `exact`).
/// Empty only if even the grace budget could not re-prove a line (not seen in practice).
pub fn line(s: &mut Dfpn, pos: &Position, len: u16, exact: bool) -> Vec<Move> {
    if s.out {
        grace(s);
    }
    let spare_until = s.nodes + s.nodes.max(SPARE_MIN);
    let mut x = Extract { s, path: Vec::new(), memo: HashMap::new(), spare_until };
    x.path.push(x.key(pos));
    if exact && let Some((_, line)) = x.or_line(pos, len) {
        return line;
    }
    // The exact extraction was cut short, or the length is not known to be the shortest.
    if x.s.out {
        grace(x.s);
    }
    x.path.truncate(1);
    x.follow_or(pos, len).unwrap_or_default()
}

impl Extract<'_, '_> {
    /// Checks or the defences that count, on the heap (the line's recursion can be deep).
    #[inline(never)]
    fn moves(&self, pos: &Position, checks: bool) -> Vec<Move> {
        let mut list = MoveList::new();
        if checks {
            pos.legal_checks(&mut list);
        } else {
            self.s.defences(pos, &mut list);
        }
        list.to_vec()
    }

    fn key(&self, pos: &Position) -> (u64, Hand) {
        (pos.board_key(), pos.hand(self.s.attacker()))
    }

    fn repeats(&self, key: (u64, Hand)) -> bool {
        dfpn::repetition(&self.path, key).is_some()
    }

    /// Mate within `r` plies from `pos` (a child of the path's last position)?
    fn mate_within(&mut self, pos: &Position, r: u16, budget: u64) -> Option<bool> {
        if let Some(f) = self.s.known(pos, r) {
            return Some(f.val.is_proven());
        }
        self.s.run(pos, &self.path, r, true, budget).map(|v| v.is_proven())
    }

    /// Length of the shortest mate the table knows within `r` (0 if the defender is mated).
    fn known_len(&self, pos: &Position, r: u16) -> Option<u16> {
        if let Some(f) = self.s.known(pos, r) {
            return f.val.is_proven().then_some(f.val.len);
        }
        (pos.side_to_move() != self.s.attacker() && self.moves(pos, false).is_empty()).then_some(0)
    }

    /// Length of a mate within `r` from `pos`, from the table or by a search.
    fn proof_len(&mut self, pos: &Position, r: u16) -> Option<u16> {
        if let Some(len) = self.known_len(pos, r) {
            return Some(len);
        }
        match self.s.run(pos, &self.path, r, true, u64::MAX) {
            Some(v) if v.is_proven() => Some(v.len),
            _ => None,
        }
    }

    fn explore_more(&self, best: &Option<Line>) -> bool {
        match best {
            None => true,
            Some((left, _)) => *left > 0 && self.s.nodes < self.spare_until,
        }
    }

    /// Attacker to move, mate in exactly `v` plies.
    fn or_line(&mut self, pos: &Position, v: u16) -> Option<Line> {
        let memo_key = (pos.board_key(), pos.hand(self.s.attacker()), v);
        if let Some(r) = self.memo.get(&memo_key) {
            return r.clone();
        }
        if v == 0 {
            return None;
        }
        // Checks known to mate in time first.
        let mut cands: Vec<(u16, Move, Position)> = Vec::new();
        for m in self.moves(pos, true) {
            let child = pos.played(m);
            if self.repeats(self.key(&child)) {
                continue;
            }
            let known = self.known_len(&child, v - 1).unwrap_or(u16::MAX);
            cands.push((known, m, child));
        }
        cands.sort_by_key(|c| c.0);
        let mut best: Option<Line> = None;
        for (known, m, child) in cands {
            if !self.explore_more(&best) {
                break;
            }
            if known == u16::MAX {
                let budget =
                    if best.is_none() { u64::MAX } else { self.spare_until - self.s.nodes };
                if self.mate_within(&child, v - 1, budget) != Some(true) {
                    continue;
                }
            }
            self.path.push(self.key(&child));
            let sub = self.and_line(&child, v - 1);
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

    /// Defender to move, mated in exactly `v` plies.
    fn and_line(&mut self, pos: &Position, v: u16) -> Option<Line> {
        let list = self.moves(pos, false);
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
        // A reply lasts the full v - 1 plies if there is no mate within v - 3 after it:
        // Some(true) known to last, None unknown, Some(false) known to fall short.
        let mut cands: Vec<(Option<bool>, Move, Position)> = Vec::new();
        for m in list {
            let child = pos.played(m);
            if self.repeats(self.key(&child)) {
                continue;
            }
            let lasts = if v - 1 < 3 {
                Some(true)
            } else {
                self.s.known(&child, v - 3).map(|f| f.val.is_disproven())
            };
            cands.push((lasts, m, child));
        }
        cands.sort_by_key(|c| match c.0 {
            Some(true) => 0,
            None => 1,
            Some(false) => 2,
        });
        let mut best: Option<Line> = None;
        for (lasts, m, child) in cands {
            if !self.explore_more(&best) || lasts == Some(false) {
                break;
            }
            if lasts.is_none() {
                let budget =
                    if best.is_none() { u64::MAX } else { self.spare_until - self.s.nodes };
                if self.mate_within(&child, v - 3, budget) != Some(false) {
                    continue;
                }
            }
            self.path.push(self.key(&child));
            let sub = self.or_line(&child, v - 1);
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

    /// Attacker to move, mate within `v` plies: the shortest known mating check.
    fn follow_or(&mut self, pos: &Position, v: u16) -> Option<Vec<Move>> {
        if v == 0 {
            return None;
        }
        let mut cands: Vec<(u16, Move, Position)> = self
            .moves(pos, true)
            .into_iter()
            .map(|m| {
                let child = pos.played(m);
                (self.known_len(&child, v - 1).unwrap_or(u16::MAX), m, child)
            })
            .filter(|c| !self.repeats(self.key(&c.2)))
            .collect();
        cands.sort_by_key(|c| c.0);
        for (known, m, child) in cands {
            let len = if known == u16::MAX {
                match self.proof_len(&child, v - 1) {
                    Some(len) => len,
                    None => continue,
                }
            } else {
                known
            };
            self.path.push(self.key(&child));
            let sub = self.follow_and(&child, len);
            self.path.pop();
            if let Some(mut line) = sub {
                line.insert(0, m);
                return Some(line);
            }
        }
        None
    }

    /// Defender to move, mated within `v` plies: the reply with the longest known mate.
    fn follow_and(&mut self, pos: &Position, v: u16) -> Option<Vec<Move>> {
        let list = self.moves(pos, false);
        if list.is_empty() {
            return Some(Vec::new());
        }
        if v < 2 {
            return None;
        }
        let mut cands: Vec<(u16, Move, Position)> = Vec::new();
        for m in list {
            let child = pos.played(m);
            if self.repeats(self.key(&child)) {
                continue;
            }
            if let Some(len) = self.proof_len(&child, v - 1) {
                cands.push((len, m, child));
            }
        }
        cands.sort_by_key(|c| std::cmp::Reverse(c.0));
        for (len, m, child) in cands {
            self.path.push(self.key(&child));
            let sub = self.follow_or(&child, len);
            self.path.pop();
            if let Some(mut line) = sub {
                line.insert(0, m);
                return Some(line);
            }
        }
        None
    }
}
