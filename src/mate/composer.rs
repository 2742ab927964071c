//! The composer's line (作意) of a proved tsume, by the conventions its collections use.
//!
//! The attacker plays the shortest mate, and among equally short ones the one that leaves the
//! fewest pieces in hand. The defender plays the longest line that leaves the attacker no piece
//! in hand; a longer line that does (変長駒余り: the defender only delayed the mate, and the
//! attacker ends with a piece to spare) loses to it, as does one after which the attacker has a
//! mate almost as short that keeps a piece ([`Value::spare`]); where every line leaves pieces,
//! the one leaving the fewest wins, then the longest. A drop next to the king that an
//! attacker's piece takes with mate is no defence (`futile`). This is close to the order
//! shtsume follows, and gives the lengths the collections publish most often.
//!
//! The walk reads the proof the search left in the table: at the attacker's nodes the checks
//! proved to mate, at the defender's every reply (each proved). A node whose proof was lost
//! (the table dropped it) is proved again by a search; if that runs out of its budget the walk
//! gives up and the caller keeps the line it had. Its mates are the shortest a small search at
//! each node found; the line it chooses is then searched again, short mates first, and walked
//! again while that finds shorter ones.

use super::dfpn::{Dfpn, MAX_PLY, repetition};
use super::futile;
use crate::rules::{Hand, Move, MoveList, Position};
use std::cmp::Reverse;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Nodes each search for a shorter mate at one of the attacker's nodes may spend.
const SHORTER_BUDGET: u64 = 2_000;

/// How many times the chosen line is searched again for shorter mates (see [`Walk::line`]).
const REFINE_ROUNDS: usize = 4;

/// The walks, from narrow to wide: at each of the attacker's nodes, the checks proved to mate
/// in at most this many plies more than the shortest proved one (`None`: every proved check).
const WIDENING: [Option<u16>; 4] = [Some(0), Some(4), Some(16), None];

/// A mate that leaves the attacker a piece in hand, at most this many plies longer than the
/// shortest, makes the defence before it 駒余り (see [`Value::spare`]).
const SPARE_SLACK: u16 = 2;

/// What a node's line is worth: its length and the attacker's pieces in hand at its end.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Value {
    len: u16,
    left: u32,
    /// The move that starts the line (none at a mated defender).
    first: Option<Move>,
    /// Attacker to move: the line leaves a piece, or a mate at most [`SPARE_SLACK`] plies
    /// longer does. The defender sets such a reply aside as it does one whose line leaves a
    /// piece: it only delayed a mate in which the attacker keeps one. shtsume's attacker
    /// prefers, at every node but the root, a mate that keeps pieces to a shorter one, which
    /// is how its defender (and the collections' records) see a dropped piece the attacker
    /// need not use; within two plies, as here, it matches the records most often.
    spare: bool,
}

/// A proved check: the move, the key of the position after it (board, attacker's hand) and
/// its proved mate length. The position itself is made only for the checks walked.
type Candidate = (Move, (u64, Hand), u16);

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
    /// The checks this walk looks at (see [`WIDENING`]), and whether it set any aside.
    slack: Option<u16>,
    narrowed: bool,
}

impl<'s, 'a> Walk<'s, 'a> {
    pub fn new(s: &'s mut Dfpn<'a>, visits: u64) -> Walk<'s, 'a> {
        let reprove = visits;
        Walk {
            s,
            path: Vec::new(),
            memo: HashMap::default(),
            visits_left: visits,
            reprove,
            slack: None,
            narrowed: false,
        }
    }

    /// The composer's line from `pos` (attacker to move, proved mate), or `None` if the walk
    /// ran out of its budget or found the proof incomplete.
    ///
    /// Every check the table proves can start a shorter composer's line than the proof's own,
    /// and walking them all can visit most of the table: the walk first looks only at the
    /// shortest proved checks at each of the attacker's nodes, then at checks up to some plies
    /// longer, then at all, keeping the line of the widest walk that finished.
    pub fn line(&mut self, pos: &Position) -> Option<Vec<Move>> {
        let mut best = None;
        // The widest walk that finished, and the visits it took.
        let mut widest = (None, 0);
        for slack in WIDENING {
            self.slack = slack;
            self.narrowed = false;
            let before = self.visits_left;
            self.memo.clear();
            let line = self.walk(pos);
            let done = line.is_none() && self.visits_left == 0;
            if line.is_some() {
                widest = (slack, before - self.visits_left);
                best = line;
            }
            // A walk that set no check aside is every wider walk: it need not run again.
            if done || !self.narrowed {
                break;
            }
        }
        // The walk's mates are the shortest it found, each with a small search: along the line
        // it chose, look harder, and walk again while that finds a shorter mate (the defender
        // may then choose another reply, whose line is looked at in turn).
        self.slack = widest.0;
        for _ in 0..REFINE_ROUNDS {
            let Some(line) = best.as_ref() else { break };
            let Some(deepest) = self.shorter_along(pos, line) else { break };
            // What the walk knew of the positions above the shorter mates no longer holds.
            let mut p = pos.clone();
            for &m in &line[..deepest] {
                self.memo.remove(&self.key(&p));
                p = p.played(m);
            }
            self.memo.remove(&self.key(&p));
            self.visits_left = self.visits_left.max(widest.1);
            match self.walk(pos) {
                Some(line) => best = Some(line),
                None => break,
            }
        }
        best
    }

    /// Searches each of the attacker's positions along `line` (the root aside, which the
    /// solve searched) for a mate shorter than the line's rest: a short one first, since a
    /// search bounded near a long line's length can wander past it. The ply of the deepest
    /// found, if any.
    fn shorter_along(&mut self, pos: &Position, line: &[Move]) -> Option<usize> {
        let mut found = None;
        let mut history = Vec::new();
        let mut p = pos.clone();
        for (i, &m) in line.iter().enumerate() {
            let rest = (line.len() - i) as u16;
            if i > 0 && i % 2 == 0 && rest >= 5 {
                let bounds = [5, 9].into_iter().filter(|&b| b < rest - 2).chain([rest - 2]);
                for bound in bounds {
                    let v = self.s.run(&p, &history, bound, true, SHORTER_BUDGET);
                    if v.is_some_and(|v| v.is_proven()) {
                        found = Some(i);
                        break;
                    }
                }
                if self.s.expired() {
                    return None;
                }
            }
            history.push(self.key(&p));
            p = p.played(m);
        }
        found
    }

    fn walk(&mut self, pos: &Position) -> Option<Vec<Move>> {
        self.path.clear();
        self.path.push(self.key(pos));
        self.or_value(pos)?;
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
        let mut wider = Vec::new();
        if let Some(slack) = self.slack {
            let shortest = self.shortest_proved(&cands);
            // One table probe a check, not one a comparison.
            cands.sort_by_key(|&(_, _, n)| n);
            let cut = cands.partition_point(|&(_, _, n)| n < shortest + slack);
            wider = cands.split_off(cut);
            self.narrowed |= !wider.is_empty();
        }
        let mut best = self.best_check(pos, cands);
        // No check this walk looks at holds on this path (the defender repeats): the first of
        // the others that does.
        let mut wider = wider.into_iter();
        while best.is_none() && self.visits_left > 0 {
            let Some(check) = wider.next() else { break };
            best = self.best_check(pos, vec![check]);
        }
        self.memo.insert(key, best);
        best
    }

    fn shortest_proved(&self, cands: &[Candidate]) -> u16 {
        cands.iter().map(|&(_, _, n)| n).min().map_or(0, |n| n + 1)
    }

    /// The checks whose child the table knows to be mated, off the path, with the child's key
    /// and its proved length (read once: the walk sorts and cuts by it).
    fn proved_checks(&self, pos: &Position, checks: &MoveList) -> Vec<Candidate> {
        let mut cands = Vec::new();
        for m in checks.iter() {
            // The attacker moves, so the hand after is the attacker's: probe before playing.
            let key = pos.board_key_and_hand_after(m);
            let found = self.s.known_key(key.0, key.1, MAX_PLY).filter(|f| f.val.is_proven());
            if let Some(f) = found
                && !self.on_path(key)
            {
                cands.push((m, key, f.val.len));
            }
        }
        cands
    }

    /// The best of some proved checks: the shortest line, then the fewest pieces left; and
    /// whether the attacker could keep a piece instead (see [`Value::spare`]).
    fn best_check(&mut self, pos: &Position, cands: Vec<Candidate>) -> Option<Value> {
        let mut lines = Vec::new();
        for (m, key, _) in cands {
            let child = pos.played(m);
            self.path.push(key);
            let v = self.and_value(&child);
            self.path.pop();
            let Some(v) = v else {
                if self.visits_left == 0 {
                    return None;
                }
                continue;
            };
            lines.push(Value { len: v.len + 1, first: Some(m), ..v });
        }
        let best = lines.iter().copied().min_by_key(|v| (v.len, v.left))?;
        let spare = lines.iter().any(|v| v.spare && v.len <= best.len + SPARE_SLACK);
        Some(Value { spare, ..best })
    }

    /// Defender to move: the longest line after which the attacker keeps no piece, else the
    /// fewest pieces, then the longest.
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
        futile::remove_taken_with_mate(pos, &mut replies);
        if replies.is_empty() {
            let left = pos.hand(self.s.attacker()).total();
            let v = Some(Value { len: 0, left, first: None, spare: left > 0 });
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
            let v = v?;
            let v = Value { len: v.len + 1, first: Some(m), ..v };
            let rank = |v: &Value| (v.spare, v.left, Reverse(v.len));
            if best.is_none_or(|b| rank(&v) < rank(&b)) {
                best = Some(v);
            }
        }
        self.memo.insert(key, best);
        best
    }
}
