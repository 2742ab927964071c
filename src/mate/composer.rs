//! The composer's line (作意) of a proved tsume, by the conventions its collections use.
//!
//! The attacker plays the shortest mate, and among equally short ones the one that leaves the
//! fewest pieces in hand. The defender plays the longest line that leaves the attacker no piece
//! in hand; a longer line that does (変長駒余り: the defender only delayed the mate, and the
//! attacker ends with a piece to spare) loses to it, and where every line leaves pieces, the
//! one leaving the fewest wins, then the longest. This is the order shtsume follows and the
//! lengths the collections publish.
//!
//! The walk reads the proof the search left in the table: at the attacker's nodes the checks
//! proved to mate, at the defender's every reply (each proved). A node whose proof was lost
//! (the table dropped it) is proved again by a search; if that runs out of its budget the walk
//! gives up and the caller keeps the line it had.

use super::dfpn::{Dfpn, MAX_PLY, repetition};
use crate::rules::{Hand, Move, MoveList, Position};
use std::cmp::Reverse;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Nodes each search for a shorter mate at one of the attacker's nodes may spend.
const SHORTER_BUDGET: u64 = 2_000;

/// What a node's line is worth: its length and the attacker's pieces in hand at its end.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Value {
    len: u16,
    left: u32,
    /// The move that starts the line (none at a mated defender).
    first: Option<Move>,
}

/// The memo's keys are Zobrist keys already: a multiply mixes in the hand, where the default
/// SipHash would cost more than the lookups it serves.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.write_u64(u64::from(b)));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

pub struct Walk<'s, 'a> {
    s: &'s mut Dfpn<'a>,
    path: Vec<(u64, Hand)>,
    memo: HashMap<(u64, Hand), Option<Value>, BuildHasherDefault<KeyHasher>>,
    /// Nodes the walk may still visit, and the search budget for re-proving a lost node.
    visits_left: u64,
    reprove: u64,
}

impl<'s, 'a> Walk<'s, 'a> {
    pub fn new(s: &'s mut Dfpn<'a>, visits: u64) -> Walk<'s, 'a> {
        let reprove = visits;
        Walk { s, path: Vec::new(), memo: HashMap::default(), visits_left: visits, reprove }
    }

    /// The composer's line from `pos` (attacker to move, proved mate), or `None` if the walk
    /// ran out of its budget or found the proof incomplete.
    pub fn line(&mut self, pos: &Position) -> Option<Vec<Move>> {
        self.path.push(self.key(pos));
        self.or_value(pos)?;
        self.path.clear();
        // Follow the best moves: each step's value is one ply shorter, so this ends.
        let mut line = Vec::new();
        let mut p = pos.clone();
        while let Some(Some(v)) = self.memo.get(&self.key(&p)).copied() {
            let Some(m) = v.first else { break };
            line.push(m);
            p = p.played(m);
            if line.len() > MAX_PLY as usize {
                return None;
            }
        }
        (line.len() % 2 == 1).then_some(line)
    }

    fn key(&self, pos: &Position) -> (u64, Hand) {
        (pos.board_key(), pos.hand(self.s.attacker()))
    }

    fn on_path(&self, key: (u64, Hand)) -> bool {
        repetition(&self.path, key).is_some()
    }

    /// Counts a visit; false once the visits or the solve's time have run out (the clock is
    /// read every 1024 visits).
    fn visit(&mut self) -> bool {
        if self.visits_left == 0 {
            return false;
        }
        self.visits_left -= 1;
        if self.visits_left.is_multiple_of(1024) && self.s.expired() {
            self.visits_left = 0;
            return false;
        }
        true
    }

    /// Proved mate length of `pos` the table knows, if any.
    fn proved(&self, pos: &Position) -> Option<u16> {
        self.s.known(pos, MAX_PLY).filter(|f| f.val.is_proven()).map(|f| f.val.len)
    }

    /// Attacker to move: the shortest proved check, then the fewest pieces left.
    fn or_value(&mut self, pos: &Position) -> Option<Value> {
        let key = self.key(pos);
        if let Some(v) = self.memo.get(&key) {
            return *v;
        }
        if !self.visit() {
            return None;
        }
        let mut checks = MoveList::new();
        pos.legal_checks(&mut checks);
        let mut cands = self.proved_checks(pos, &checks);
        if cands.is_empty() {
            // The proof was dropped from the table: prove this node again.
            let budget = self.reprove;
            let history = &self.path[..self.path.len() - 1];
            let proved = self.s.run(pos, history, MAX_PLY, false, budget);
            if !proved.is_some_and(|v| v.is_proven()) {
                return None;
            }
            cands = self.proved_checks(pos, &checks);
        }
        // A shorter mate than the proof needed: look for one, briefly, before the walk goes
        // down (what it finds below then knows of it).
        let mut shortest = self.shortest_proved(&cands);
        while shortest >= 3 {
            let history = &self.path[..self.path.len() - 1];
            let found = self.s.run(pos, history, shortest - 2, true, SHORTER_BUDGET);
            if !found.is_some_and(|v| v.is_proven()) {
                break;
            }
            cands = self.proved_checks(pos, &checks);
            let now = self.shortest_proved(&cands);
            if now >= shortest {
                break;
            }
            shortest = now;
        }
        let best = self.best_check(cands);
        self.memo.insert(key, best);
        best
    }

    fn shortest_proved(&self, cands: &[(Move, Position)]) -> u16 {
        cands.iter().filter_map(|(_, c)| self.proved(c)).min().map_or(0, |n| n + 1)
    }

    /// The checks whose child the table knows to be mated, off the path.
    fn proved_checks(&self, pos: &Position, checks: &MoveList) -> Vec<(Move, Position)> {
        let mut cands = Vec::new();
        for m in checks.iter() {
            // The attacker moves, so the hand after is the attacker's: probe before playing.
            let key = pos.board_key_and_hand_after(m);
            let proved = self.s.known_key(key.0, key.1, MAX_PLY).is_some_and(|f| f.val.is_proven());
            if proved && !self.on_path(key) {
                cands.push((m, pos.played(m)));
            }
        }
        cands
    }

    /// The best of some proved checks: the shortest line, then the fewest pieces left.
    fn best_check(&mut self, cands: Vec<(Move, Position)>) -> Option<Value> {
        let mut best: Option<Value> = None;
        for (m, child) in cands {
            self.path.push(self.key(&child));
            let v = self.and_value(&child);
            self.path.pop();
            let Some(v) = v else {
                if self.visits_left == 0 {
                    return None;
                }
                continue;
            };
            let v = Value { len: v.len + 1, left: v.left, first: Some(m) };
            if best.is_none_or(|b| (v.len, v.left) < (b.len, b.left)) {
                best = Some(v);
            }
        }
        best
    }

    /// Defender to move: the longest line leaving no piece, else the fewest, then the longest.
    fn and_value(&mut self, pos: &Position) -> Option<Value> {
        let key = self.key(pos);
        if let Some(v) = self.memo.get(&key) {
            return *v;
        }
        if !self.visit() {
            return None;
        }
        let mut replies = MoveList::new();
        self.s.defences(pos, &mut replies);
        if replies.is_empty() {
            let left = pos.hand(self.s.attacker()).total();
            let v = Some(Value { len: 0, left, first: None });
            self.memo.insert(key, v);
            return v;
        }
        let mut best: Option<Value> = None;
        for m in replies.iter() {
            let child = pos.played(m);
            let ckey = self.key(&child);
            if self.on_path(ckey) {
                return None;
            }
            self.path.push(ckey);
            let v = self.or_value(&child);
            self.path.pop();
            let v = Value { len: v?.len + 1, left: v?.left, first: Some(m) };
            let rank = |v: &Value| (v.left, Reverse(v.len));
            if best.is_none_or(|b| rank(&v) < rank(&b)) {
                best = Some(v);
            }
        }
        self.memo.insert(key, best);
        best
    }
}
