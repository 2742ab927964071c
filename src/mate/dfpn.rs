//! Depth-first proof-number search (df-pn) over checks (attacker) and all replies (defender).
//!
//! * OR nodes: the attacker to move, only checking moves. AND nodes: the defender, any legal
//!   reply. `Position::legal_moves` is fully legal, so a mate by pawn drop never appears.
//! * Each expansion looks one ply ahead: a check that leaves no reply is a mate at once, a
//!   reply that leaves no check a disproof at once; otherwise the counts of replies (drops onto
//!   one square counted once) and of checks seed the proof and disproof numbers.
//! * Near the horizon of a bounded search (attacker's nodes with at most 3 plies left,
//!   defender's with 4) plain exhaustive search with cut-offs is cheaper than proof numbers:
//!   `small_or` / `small_and` solve those nodes exactly; mate in one tests first whether the
//!   king can step away, without playing the check.
//! * Hand dominance: proofs are stored with the least attacker hand they need, disproofs with
//!   the most they allow (see `table`); the hand arithmetic is in `combine` (`or_proof`,
//!   `and_disproof`, `OrDisproof`, `AndProof`) and in `interpose_hand` and `reply_hand`.
//! * Thresholds follow df-pn with the 1+ε trick (a child may run a quarter past its sibling).
//! * A node keeps its children's numbers from one iteration to the next and updates only the
//!   child it searched: reading every child back from the table each time cost a cache miss a
//!   child and almost never changed the numbers (transpositions are seen on the next visit).
//! * The defender's drops are expanded one at a time, as one chain (see `kids`).
//! * Repetition: a position whose board repeats one on the path, with an attacker hand no larger,
//!   counts as a failure of the attack (a repetition is never a mate, and a dominated one is never
//!   needed for the shortest proof). Such a disproof depends on the path, so it carries the
//!   path index of the repeated position and is kept only in the parent's local child list;
//!   once the search returns to that position the disproof holds for it whatever the path,
//!   and only then it is stored. This avoids the graph-history interaction: the table never
//!   holds a result that was true only for the path it was found on.
//! * A search may be bounded (no mate longer than `r` plies) or unbounded (only a cap on the
//!   path length); proofs record their length and disproofs their depth, so both kinds of
//!   search share one table.

use super::combine::{AndProof, OrDisproof, and_disproof, captured, or_proof};
use super::futile;
use super::hands;
use super::kids::{
    Kid, and_numbers, best_two, chain_head, distinct_replies, less, or_numbers, order_replies,
};
use super::progress::{self, MatePhase, MateProgress};
use super::table::{DEPTH_INF, Found, INF, NO_REP, PN_MAX, Table, Val, round_dd};
use crate::rules::attacks::{attacks, between, king_attacks};
use crate::rules::{Bitboard, Color, Hand, MAX_IN_SET, Move, MoveList, PieceKind, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub struct Dfpn<'a> {
    pub table: Table,
    attacker: Color,
    /// Tsume conventions: useless interpositions are no defence (see `futile`).
    futile: bool,
    /// Board key and attacker hand of each position from the history's start to this node.
    path: Vec<(u64, Hand)>,
    /// Path index of the current run's root.
    base: usize,
    root_r: u16,
    bounded: bool,
    pub nodes: u64,
    node_limit: u64,
    run_limit: u64,
    deadline: Option<Instant>,
    next_poll: u64,
    stop: &'a AtomicBool,
    /// A second stop flag, for a copy working beside the search it was made from.
    abort: Option<&'a AtomicBool>,
    /// The overall limits ran out: every search returns at once from now on.
    pub out: bool,
    /// The current run's own budget ran out.
    run_out: bool,
    pool: Vec<Vec<Kid>>,
    /// Boxed so that taking one out does not copy 1.2 KB onto the stack frame.
    #[allow(clippy::vec_box)]
    lists: Vec<Box<MoveList>>,
    scratch: MoveList,
    /// Told where the solve stands every `progress::INTERVAL`.
    on_progress: Option<&'a mut (dyn FnMut(&MateProgress) + Send)>,
    started: Instant,
    next_report: Instant,
    pub phase: MatePhase,
    /// The shortest mate found so far.
    pub plies: Option<u32>,
    /// The root's numbers in the current run.
    root: (u32, u32),
    /// The deepest path index reached.
    deepest: usize,
}

/// Nodes with at most this many plies left are solved exactly by plain search.
const SMALL: u16 = 3;
/// Defender's nodes with at most this many plies left are solved exactly.
const SMALL_AND: u16 = 4;
/// Whether a node with `r` plies left (`or`: the attacker's) is solved by plain search, not
/// by df-pn and the table.
fn solved_by_plain_search(r: u16, or: bool) -> bool {
    r <= if or { SMALL } else { SMALL_AND }
}

/// Exact results from this many plies up are kept in the table.
const CACHE_FROM: u16 = 1;

/// Longest path an unbounded search follows.
/// (Far beyond the longest known problem, ミクロコスモス's 1525 plies; the solver's thread
/// has the stack for it.)
pub const MAX_PLY: u16 = 4095;

/// A threshold a little past `x` (df-pn+'s 1+ε with ε = 1/4).
fn loosen(x: u32) -> u32 {
    if x >= PN_MAX { INF } else { x.saturating_add(1 + x / 4) }
}

impl<'a> Dfpn<'a> {
    pub fn new(
        attacker: Color,
        node_limit: Option<u64>,
        deadline: Option<Instant>,
        stop: &'a AtomicBool,
        max_slots: usize,
        futile: bool,
    ) -> Dfpn<'a> {
        Dfpn {
            table: Table::new(max_slots),
            attacker,
            futile,
            path: Vec::new(),
            base: 0,
            root_r: 0,
            bounded: false,
            nodes: 0,
            node_limit: node_limit.unwrap_or(u64::MAX),
            run_limit: u64::MAX,
            deadline,
            next_poll: 0,
            stop,
            abort: None,
            out: false,
            run_out: false,
            pool: Vec::new(),
            lists: Vec::new(),
            scratch: MoveList::new(),
            on_progress: None,
            started: Instant::now(),
            next_report: Instant::now() + progress::INTERVAL,
            phase: MatePhase::Proving,
            plies: None,
            root: (1, 1),
            deepest: 0,
        }
    }

    /// Reports progress to `f` from now on.
    pub fn report_to(&mut self, f: &'a mut (dyn FnMut(&MateProgress) + Send)) {
        self.on_progress = Some(f);
    }

    /// Tells the progress callback, if any, where the solve stands.
    pub fn report(&mut self) {
        let now = Instant::now();
        self.next_report = now + progress::INTERVAL;
        let p = MateProgress {
            phase: self.phase,
            nodes: self.nodes,
            time: now.duration_since(self.started),
            table_used: self.table.len(),
            table_capacity: self.table.capacity(),
            proof_number: self.root.0,
            disproof_number: self.root.1,
            plies: self.plies,
            depth: self.deepest.saturating_sub(self.base) as u32,
        };
        if let Some(f) = self.on_progress.as_mut() {
            f(&p);
        }
    }

    /// Lifts the overall limits for `nodes` more nodes (to finish the line of a proved mate).
    pub fn grace(&mut self, nodes: u64) {
        static NEVER: AtomicBool = AtomicBool::new(false);
        self.out = false;
        self.node_limit = self.nodes.saturating_add(nodes);
        self.deadline = None;
        self.stop = &NEVER;
        self.abort = None;
    }

    /// True once the time or the stop flag says to stop (the node limits aside).
    pub fn expired(&self) -> bool {
        self.out || self.stopped() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.abort.is_some_and(|a| a.load(Ordering::Relaxed))
    }

    /// A copy of this search and its table, to work on another thread under the same limits
    /// less `reserve` nodes (this search's share), stopping also when `abort` is set. It
    /// counts its nodes on from this search's.
    pub fn fork<'b>(&self, abort: &'b AtomicBool, reserve: u64) -> Dfpn<'b>
    where
        'a: 'b,
    {
        let mut copy = Dfpn::new(self.attacker, None, self.deadline, self.stop, 1, self.futile);
        copy.table = self.table.clone();
        copy.nodes = self.nodes;
        copy.node_limit = self.node_limit.saturating_sub(reserve);
        copy.out = self.out;
        copy.abort = Some(abort);
        copy.phase = self.phase;
        copy.plies = self.plies;
        copy
    }

    pub fn attacker(&self) -> Color {
        self.attacker
    }

    /// True once a limit has run out (polls the clock and the stop flag now and then).
    fn limited(&mut self) -> bool {
        if self.out || self.run_out {
            return true;
        }
        if self.nodes >= self.node_limit {
            self.out = true;
        } else if self.nodes >= self.run_limit {
            self.run_out = true;
        } else if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + 256;
            let now = Instant::now();
            if self.stopped() || self.deadline.is_some_and(|d| now >= d) {
                self.out = true;
            } else if self.on_progress.is_some() && now >= self.next_report {
                self.report();
            }
        }
        self.out || self.run_out
    }

    /// Plies left at path index `ply`.
    #[inline]
    fn remaining(&self, ply: usize) -> u16 {
        self.root_r.saturating_sub((ply - self.base) as u16)
    }

    /// Depth class of open entries: the remaining plies when bounded, one class otherwise.
    #[inline]
    fn class(&self, r: u16) -> u16 {
        if self.bounded { r } else { DEPTH_INF }
    }

    /// Checks (OR) or all legal replies (AND).
    fn generate(&self, pos: &Position, or: bool, list: &mut MoveList) {
        if or {
            pos.legal_checks(list);
        } else {
            self.defences(pos, list);
        }
    }

    /// The defender's replies that count: every legal move, less the useless interpositions
    /// under the tsume conventions.
    pub fn defences(&self, pos: &Position, list: &mut MoveList) {
        pos.legal_moves(list);
        if self.futile {
            futile::remove(pos, list);
        }
    }

    /// Path index of the latest position with this board and an attacker hand at least as
    /// large, if any.
    fn repetition(&self, key: u64, hand: Hand) -> Option<usize> {
        repetition(&self.path, (key, hand))
    }

    /// Proof hand of a defender's position in check: if a drop could block the check, the
    /// attacker must keep every kind the defender lacks (with less, the defender would hold one).
    fn interpose_hand(&self, pos: &Position) -> Hand {
        let checkers = pos.checkers();
        let (Some(c), Some(k)) = (checkers.single(), pos.king_square(!self.attacker)) else {
            return Hand::EMPTY;
        };
        if between(k, c).is_empty() {
            return Hand::EMPTY;
        }
        let (def, att) = (pos.hand(!self.attacker), pos.hand(self.attacker));
        PieceKind::HAND
            .into_iter()
            .filter(|&kind| !def.has(kind))
            .fold(Hand::EMPTY, |h, kind| hands::set(h, kind, att.count(kind)))
    }

    /// Disproof hand of an attacker's position without checks: any number of the kinds held,
    /// none of the others (a new kind could give a new checking drop).
    fn no_check_hand(hand: Hand) -> Hand {
        PieceKind::HAND.into_iter().zip(MAX_IN_SET).fold(Hand::EMPTY, |h, (kind, n)| {
            if hand.has(kind) { hands::set(h, kind, n) } else { h }
        })
    }

    /// Starts a search of `pos` (whose ancestors are `history`) for a mate within `r` plies
    /// (`bounded`) or with paths up to `r` plies. `None` if a limit ran out first.
    pub fn run(
        &mut self,
        pos: &Position,
        history: &[(u64, Hand)],
        r: u16,
        bounded: bool,
        budget: u64,
    ) -> Option<Val> {
        self.path.clear();
        self.path.extend_from_slice(history);
        self.base = history.len();
        self.path.push((pos.board_key(), pos.hand(self.attacker)));
        self.root_r = r;
        self.bounded = bounded;
        self.run_limit = self.nodes.saturating_add(budget);
        self.run_out = false;
        if self.out {
            return None;
        }
        let v = self.mid(pos, self.base, INF, INF);
        self.run_out = false;
        v.is_final().then_some(v)
    }

    /// What the table says of `pos` searched with `r` plies in a bounded search.
    pub fn known(&self, pos: &Position, r: u16) -> Option<Found> {
        self.known_key(pos.board_key(), pos.hand(self.attacker), r)
    }

    /// As [`Dfpn::known`], by the position's board key and the attacker's hand.
    pub fn known_key(&self, key: u64, hand: Hand, r: u16) -> Option<Found> {
        self.table.lookup(key, hand, r, r).filter(|f| f.val.is_final())
    }

    /// Multiple iterative deepening: searches `pos` until its numbers reach the thresholds.
    fn mid(&mut self, pos: &Position, ply: usize, th_pn: u32, th_dn: u32) -> Val {
        let start = self.nodes;
        self.nodes += 1;
        self.deepest = self.deepest.max(ply);
        let r = self.remaining(ply);
        let or = pos.side_to_move() == self.attacker;
        let key = pos.board_key();
        let hand = pos.hand(self.attacker);
        let class = self.class(r);
        if solved_by_plain_search(r, or) {
            let v = if or { self.small_or(pos, r) } else { self.small_and(pos, r) };
            return v.unwrap_or(Val::open(1, 1));
        }

        // Move lists live on the heap: a frame stays small however deep the path.
        let mut list = self.lists.pop().unwrap_or_default();
        self.generate(pos, or, &mut list);
        if list.is_empty() || (or && r < 1) || (!or && r < 2) {
            let v = if !list.is_empty() {
                let dh = if or { hands::full() } else { self.reply_hand(pos, &list) };
                Val::disproof(round_dd(r, or), dh, NO_REP)
            } else if or {
                Val::disproof(DEPTH_INF, Self::no_check_hand(hand), NO_REP)
            } else {
                Val::proof(0, self.interpose_hand(pos))
            };
            self.lists.push(list);
            return v;
        }

        // Children past the look-ahead's reach are estimated from the table.
        if !solved_by_plain_search(r - 1, !or) {
            for m in list.iter().filter(|m| or || !m.is_drop()) {
                self.table.prefetch(pos.board_key_and_hand_after(m).0);
            }
        }
        let mut kids = self.pool.pop().unwrap_or_default();
        kids.clear();
        for m in list.iter() {
            let kid =
                if or || !m.is_drop() { self.make_kid(pos, m, or, r - 1) } else { Kid::pending(m) };
            kids.push(kid);
        }
        self.lists.push(list);
        if !or {
            order_replies(&mut kids, pos.king_square(!self.attacker));
        }

        let result = loop {
            if !or {
                self.advance_chain(pos, &mut kids, r - 1);
            }
            let (pn, dn, rest) = if or { or_numbers(&kids) } else { and_numbers(&kids) };
            if ply == self.base {
                self.root = (pn, dn);
            }
            if pn == 0 || dn == 0 {
                break self.finish(pos, ply, or, &kids, start);
            }
            if pn >= th_pn || dn >= th_dn || self.limited() {
                self.table.store_open(key, hand, class, pn, dn, self.nodes - start);
                break Val::open(pn, dn);
            }
            let (b, cth_pn, cth_dn) = if or {
                let (b, second) = best_two(&kids, |k| k.v.pn);
                (b, th_pn.min(loosen(second)), less(th_dn, rest))
            } else {
                let (b, second) = best_two(&kids, |k| k.v.dn);
                (b, less(th_pn, rest), th_dn.min(loosen(second)))
            };
            let child = pos.played(kids[b].m);
            self.path.push((kids[b].key, kids[b].hand));
            let v = self.mid(&child, ply + 1, cth_pn, cth_dn);
            self.path.pop();
            kids[b].v = v;
        };
        self.pool.push(kids);
        result
    }

    /// Makes the chain's first unproved interposition, and the next ones while those made
    /// are proved at once: while drops wait, the first unproved one is always made.
    fn advance_chain(&mut self, pos: &Position, kids: &mut [Kid], cr: u16) {
        while let Some(i) = chain_head(kids).filter(|&i| kids[i].pending) {
            kids[i] = self.make_kid(pos, kids[i].m, false, cr);
        }
    }

    /// A child with its first estimate: table, repetition, or a one-ply look-ahead.
    fn make_kid(&mut self, pos: &Position, m: Move, or: bool, cr: u16) -> Kid {
        let child = pos.played(m);
        let key = child.board_key();
        let hand = child.hand(self.attacker);
        let drop = m.drop_kind();
        let capture = match (or, m.from()) {
            (true, Some(_)) => pos.piece_at(m.to()).map(|p| p.kind().unpromote()),
            _ => None,
        };
        let v = self.estimate(&child, key, hand, !or, cr);
        Kid { m, key, hand, v, drop, capture, pending: false }
    }

    fn estimate(&mut self, child: &Position, key: u64, hand: Hand, child_or: bool, cr: u16) -> Val {
        if let Some(i) = self.repetition(key, hand) {
            return Val::disproof(DEPTH_INF, hand, i as u16);
        }
        if solved_by_plain_search(cr, child_or) {
            let v = if child_or { self.small_or(child, cr) } else { self.small_and(child, cr) };
            return v.unwrap_or(Val::open(1, 1));
        }
        let class = self.class(cr);
        if let Some(f) = self.table.lookup(key, hand, cr, class) {
            return f.val;
        }
        if child_or && cr < 1 {
            return Val::disproof(cr, hands::full(), NO_REP);
        }
        self.nodes += 1;
        let mut list = std::mem::take(&mut self.scratch);
        self.generate(child, child_or, &mut list);
        let v = if child_or {
            if list.is_empty() {
                let v = Val::disproof(DEPTH_INF, Self::no_check_hand(hand), NO_REP);
                self.table.store_final(key, hand, class, &v, 1);
                v
            } else {
                let v = Val::open(1, list.len() as u32);
                self.table.store_open(key, hand, class, v.pn, v.dn, 1);
                v
            }
        } else if list.is_empty() {
            let v = Val::proof(0, self.interpose_hand(child));
            self.table.store_final(key, hand, class, &v, 1);
            v
        } else if cr < 2 {
            Val::disproof(round_dd(cr, false), self.reply_hand(child, &list), NO_REP)
        } else {
            let v = Val::open(distinct_replies(&list), 1);
            self.table.store_open(key, hand, class, v.pn, v.dn, 1);
            v
        };
        self.scratch = list;
        v
    }

    /// The result of a finished node (all children known well enough), stored if it does not
    /// depend on the path.
    fn finish(&mut self, pos: &Position, ply: usize, or: bool, kids: &[Kid], start: u64) -> Val {
        let hand = pos.hand(self.attacker);
        let mut v = if or {
            match kids
                .iter()
                .filter(|k| k.v.is_proven())
                .min_by_key(|k| (k.v.len, k.v.hand.total()))
            {
                Some(k) => or_proof(&k.v, k.drop, k.capture, hand),
                None => {
                    let mut acc = OrDisproof::new();
                    for k in kids {
                        acc.add(&k.v, k.drop, k.capture);
                    }
                    acc.finish(hand)
                }
            }
        } else {
            match kids.iter().filter(|k| k.v.is_disproven()).max_by_key(|k| (k.v.rep, k.v.dd)) {
                Some(k) => and_disproof(&k.v, k.drop, hand),
                None => {
                    debug_assert!(kids.iter().all(|k| !k.pending));
                    let mut acc = AndProof::new(self.interpose_hand(pos));
                    for k in kids {
                        acc.add(&k.v);
                    }
                    acc.finish(hand)
                }
            }
        };
        if v.rep != NO_REP && v.rep as usize >= ply {
            v.rep = NO_REP;
        }
        if v.rep == NO_REP {
            let class = self.class(self.remaining(ply));
            self.table.store_final(pos.board_key(), hand, class, &v, self.nodes - start);
        }
        v
    }

    /// Exact result of an attacker's node with at most `SMALL` plies left, by exhaustive
    /// search, or `None` if a limit ran out. It does not look at the path: a mate found is a
    /// mate on any path, and "no mate within so few plies" holds even if repetitions counted.
    fn small_or(&mut self, pos: &Position, r: u16) -> Option<Val> {
        let hand = pos.hand(self.attacker);
        if r < 1 {
            return Some(Val::disproof(r, hands::full(), NO_REP));
        }
        let key = pos.board_key();
        if r >= CACHE_FROM
            && let Some(f) = self.table.lookup(key, hand, r, r).filter(|f| f.val.is_final())
        {
            return Some(f.val);
        }
        let start = self.nodes;
        self.nodes += 1;
        let mut checks = MoveList::new();
        pos.legal_checks(&mut checks);
        if checks.is_empty() {
            return Some(Val::disproof(DEPTH_INF, Self::no_check_hand(hand), NO_REP));
        }
        // Mate in one first: it is the shortest.
        let mut acc = OrDisproof::new();
        for m in checks.iter() {
            if self.king_escapes_after(pos, m) {
                if r < 3 {
                    let v = Val::disproof(1, hands::full(), NO_REP);
                    acc.add(&v, m.drop_kind(), captured(pos, m));
                }
                continue;
            }
            let child = pos.played(m);
            let Some(dh) = self.reply(&child) else {
                let v = Val::proof(0, self.interpose_hand(&child));
                let v = or_proof(&v, m.drop_kind(), captured(pos, m), hand);
                if r >= CACHE_FROM {
                    self.table.store_final(key, hand, DEPTH_INF, &v, self.nodes - start);
                }
                return Some(v);
            };
            if r < 3 {
                acc.add(&Val::disproof(1, dh, NO_REP), m.drop_kind(), captured(pos, m));
            }
        }
        if r < 3 {
            let v = acc.finish(hand);
            if r >= CACHE_FROM {
                self.table.store_final(key, hand, DEPTH_INF, &v, self.nodes - start);
            }
            return Some(v);
        }
        for m in checks.iter() {
            if self.limited() {
                return None;
            }
            let child = pos.played(m);
            let v = self.small_and(&child, r - 1)?;
            if v.is_proven() {
                let v = or_proof(&v, m.drop_kind(), captured(pos, m), hand);
                self.table.store_final(key, hand, DEPTH_INF, &v, self.nodes - start);
                return Some(v);
            }
            acc.add(&v, m.drop_kind(), captured(pos, m));
        }
        let v = acc.finish(hand);
        self.table.store_final(key, hand, DEPTH_INF, &v, self.nodes - start);
        Some(v)
    }

    /// Exact result of a defender's node with at most `SMALL_AND` plies left (see `small_or`).
    fn small_and(&mut self, pos: &Position, r: u16) -> Option<Val> {
        let hand = pos.hand(self.attacker);
        let key = pos.board_key();
        if r >= 2
            && let Some(f) = self.table.lookup(key, hand, r, r).filter(|f| f.val.is_final())
        {
            return Some(f.val);
        }
        self.nodes += 1;
        let mut replies = MoveList::new();
        self.defences(pos, &mut replies);
        if replies.is_empty() {
            return Some(Val::proof(0, self.interpose_hand(pos)));
        }
        if r < 2 {
            let dh = self.reply_hand(pos, &replies);
            return Some(Val::disproof(round_dd(r, false), dh, NO_REP));
        }
        let start = self.nodes;
        let mut acc = AndProof::new(self.interpose_hand(pos));
        for m in replies.iter() {
            if self.limited() {
                return None;
            }
            let child = pos.played(m);
            let v = self.small_or(&child, r - 1)?;
            if v.is_disproven() {
                let v = and_disproof(&v, m.drop_kind(), hand);
                self.table.store_final(key, hand, DEPTH_INF, &v, self.nodes - start);
                return Some(v);
            }
            acc.add(&v);
        }
        let v = acc.finish(hand);
        self.table.store_final(key, hand, DEPTH_INF, &v, self.nodes - start);
        Some(v)
    }

    /// True if, after the attacker's check `m` (not played), the defender's king can step to
    /// a square the attacker does not attack: then `m` does not mate. Much cheaper than
    /// playing `m` and generating the replies.
    fn king_escapes_after(&self, pos: &Position, m: Move) -> bool {
        let us = pos.side_to_move();
        let Some(ks) = pos.king_square(!us) else {
            return false;
        };
        let to = m.to();
        let (kind, from) = pos.moved_kind(m);
        let from = from.map_or(Bitboard::EMPTY, Bitboard::from_square);
        let occ = (pos.occupied() & !from).with(to).without(ks);
        let reach = attacks(us, kind, to, occ);
        let theirs = pos.pieces_of(!us).without(to);
        (king_attacks(ks) & !theirs & !reach)
            .into_iter()
            .any(|s| (pos.attackers_by(us, s, occ) & !from).is_empty())
    }

    /// `None` if the defender (to move, in check) is mated, else the disproof hand of "not
    /// mated now" (see `reply_hand`). A safe king step is looked for first; only without one
    /// are all replies generated.
    fn reply(&self, pos: &Position) -> Option<Hand> {
        let def = pos.side_to_move();
        if let Some(k) = pos.king_square(def) {
            let occ = pos.occupied().without(k);
            for to in king_attacks(k) & !pos.pieces_of(def) {
                if pos.attackers_by(!def, to, occ).is_empty() {
                    return Some(hands::full());
                }
            }
        }
        let mut list = MoveList::new();
        self.defences(pos, &mut list);
        (!list.is_empty()).then(|| self.reply_hand(pos, &list))
    }

    /// Disproof hand of a defender's position with `replies` (not mated): any hand, unless all
    /// the replies are drops; then the attacker must not hold more of one dropped kind, or the
    /// defender might not have that piece.
    fn reply_hand(&self, pos: &Position, replies: &MoveList) -> Hand {
        if replies.iter().any(|m| !m.is_drop()) {
            return hands::full();
        }
        match replies.iter().find_map(|m| m.drop_kind()) {
            Some(kind) => hands::set(hands::full(), kind, pos.hand(self.attacker).count(kind)),
            None => hands::full(),
        }
    }
}

/// Index of the latest position of `path` with the board of `key` and an attacker hand at
/// least as large as its hand: reaching `key` again repeats it, with nothing gained.
pub fn repetition(path: &[(u64, Hand)], key: (u64, Hand)) -> Option<usize> {
    path.iter().rposition(|&(k, h)| k == key.0 && h.is_superior_or_equal(key.1))
}
