//! Legal move generation and move legality, with every shogi restriction.
//!
//! The generator is legal, not pseudo-legal: it knows the checkers and pinned pieces, so
//! every move it emits can be played. Promotion is emitted as two moves where both are
//! legal (including the rarely useful non-promotions of pawn, bishop and rook), and
//! only the promotion where the piece would otherwise be dead.

use super::attacks::{self, between, king_attacks, line, pawn_attacks};
use super::bitboard::Bitboard;
use super::moves::{Move, MoveCounter, MoveList, MoveSink};
use super::position::Position;
use super::types::{Color, PieceKind, Square};
use std::fmt;

/// Why a move is not legal in a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// No piece of the side to move on the origin square.
    NoPiece,
    /// The piece to drop is not in hand.
    NotInHand,
    /// The destination holds a piece of the mover (or, for a drop, any piece).
    Occupied,
    /// The piece does not move that way (or something stands in the way).
    CannotReach,
    /// Promotion asked for a piece that cannot promote, or outside the zone.
    CannotPromote,
    /// The piece would have no further move unless it promotes.
    MustPromote,
    /// A drop onto a square from which the piece could never move.
    DeadDrop,
    /// A second unpromoted pawn on the file (nifu).
    TwoPawns,
    /// A pawn drop that gives mate (uchifuzume).
    PawnDropMate,
    /// The mover's king would be (or stay) in check.
    KingInCheck,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::NoPiece => "no piece of yours on that square",
            IllegalMove::NotInHand => "that piece is not in hand",
            IllegalMove::Occupied => "the square is occupied",
            IllegalMove::CannotReach => "the piece cannot move there",
            IllegalMove::CannotPromote => "that move cannot promote",
            IllegalMove::MustPromote => "the piece must promote there",
            IllegalMove::DeadDrop => "a piece dropped there could never move",
            IllegalMove::TwoPawns => "two pawns on a file (nifu)",
            IllegalMove::PawnDropMate => "mate by pawn drop (uchifuzume)",
            IllegalMove::KingInCheck => "the king would be in check",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// Which promotion choices of board moves a generator emits.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Choices {
    /// Every legal choice.
    All,
    /// The promotions only.
    Promotions,
    /// The moves that do not promote only.
    Plain,
}

/// Pushes the moves of a piece of `kind` from `from` to each of `targets`, with the
/// promotion choices the rules allow (those of `choices`).
#[inline]
fn push_board_moves<S: MoveSink>(
    list: &mut S,
    us: Color,
    kind: PieceKind,
    from: Square,
    targets: Bitboard,
    choices: Choices,
) {
    let promote = choices != Choices::Plain;
    let plain = choices != Choices::Promotions;
    match kind {
        PieceKind::Pawn | PieceKind::Lance => {
            for to in targets {
                if to.in_zone(us) {
                    if promote {
                        list.push(Move::normal(from, to, true));
                    }
                    if plain && to.relative_rank(us) != 1 {
                        list.push(Move::normal(from, to, false));
                    }
                } else if plain {
                    list.push(Move::normal(from, to, false));
                }
            }
        }
        PieceKind::Knight => {
            for to in targets {
                if to.in_zone(us) {
                    if promote {
                        list.push(Move::normal(from, to, true));
                    }
                    if plain && to.relative_rank(us) > 2 {
                        list.push(Move::normal(from, to, false));
                    }
                } else if plain {
                    list.push(Move::normal(from, to, false));
                }
            }
        }
        PieceKind::Silver | PieceKind::Bishop | PieceKind::Rook => {
            let from_zone = from.in_zone(us);
            for to in targets {
                if promote && (from_zone || to.in_zone(us)) {
                    list.push(Move::normal(from, to, true));
                }
                if plain {
                    list.push(Move::normal(from, to, false));
                }
            }
        }
        _ => {
            if plain {
                for to in targets {
                    list.push(Move::normal(from, to, false));
                }
            }
        }
    }
}

/// What a call of the generator emits.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Batch {
    /// Every legal move to a square of the mask (drops if asked).
    Masked(Bitboard, bool),
    /// Captures and promotions.
    Noisy,
    /// Non-captures that do not promote, and drops.
    Quiet,
}

/// Where each kind of the side to move would give check to the enemy king on `ks`, and which
/// of its pieces would discover a check by leaving their line.
struct CheckSquares {
    ks: Square,
    by_kind: [Bitboard; PieceKind::NUM],
    discover: Bitboard,
}

impl CheckSquares {
    fn new(pos: &Position, ks: Square) -> CheckSquares {
        let us = pos.side_to_move();
        let occ = pos.occupied();
        let mut by_kind = [Bitboard::EMPTY; PieceKind::NUM];
        for kind in PieceKind::ALL.into_iter().filter(|&k| k != PieceKind::King) {
            // Step patterns are point-symmetric between the colours: the squares an enemy
            // piece on the king's square attacks are those from which ours attacks the king.
            by_kind[kind.index()] = attacks::attacks(!us, kind, ks, occ);
        }
        CheckSquares { ks, by_kind, discover: pos.blockers(ks, us) & pos.pieces_of(us) }
    }

    /// True if the legal board move `m` gives check. A moved slider cannot open its own line
    /// to the king: it would then have been giving check already.
    #[inline]
    fn checks(&self, pos: &Position, m: Move) -> bool {
        let from = m.origin_unchecked();
        let Some(piece) = pos.piece_at(from) else {
            return false;
        };
        let kind = piece.kind().promoted_if(m.is_promotion());
        self.by_kind[kind.index()].contains(m.to())
            || (self.discover.contains(from) && !line(self.ks, from).contains(m.to()))
    }
}

impl Position {
    /// All legal moves of the side to move (the list is cleared first).
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.clear();
        self.generate(list, Bitboard::FULL, true);
    }

    /// All legal moves, appended to any sink.
    pub fn legal_moves_into<S: MoveSink>(&self, sink: &mut S) {
        self.generate(sink, Bitboard::FULL, true);
    }

    /// Legal captures (with the usual promotion choices), or every legal evasion when in
    /// check: the moves of a quiescence search. The list is cleared first.
    pub fn legal_captures(&self, list: &mut MoveList) {
        list.clear();
        self.legal_captures_into(list);
    }

    /// As [`Position::legal_captures`], appended to any sink.
    pub fn legal_captures_into<S: MoveSink>(&self, sink: &mut S) {
        if self.in_check() {
            self.generate(sink, Bitboard::FULL, true);
        } else {
            let theirs = self.pieces_of(!self.side_to_move());
            self.generate(sink, theirs, false);
        }
    }

    /// The legal captures and promotions (with the usual choices; every legal evasion when in
    /// check): a search's first batch of moves. With [`Position::legal_quiet_into`] they make
    /// up exactly the legal moves, each once.
    pub fn legal_noisy_into<S: MoveSink>(&self, sink: &mut S) {
        if self.in_check() {
            self.generate(sink, Bitboard::FULL, true);
        } else {
            self.generate_batch(sink, Batch::Noisy);
        }
    }

    /// The legal moves that neither capture nor promote, drops among them (none when in
    /// check: [`Position::legal_noisy_into`] has all the evasions).
    pub fn legal_quiet_into<S: MoveSink>(&self, sink: &mut S) {
        if !self.in_check() {
            self.generate_batch(sink, Batch::Quiet);
        }
    }

    /// Legal moves whose destination is in `mask`; drops only if `drops`.
    #[inline]
    fn generate<S: MoveSink>(&self, list: &mut S, mask: Bitboard, drops: bool) {
        self.generate_batch(list, Batch::Masked(mask, drops));
    }

    fn generate_batch<S: MoveSink>(&self, list: &mut S, batch: Batch) {
        let (mask, drops) = match batch {
            Batch::Masked(mask, drops) => (mask, drops),
            Batch::Noisy => (Bitboard::FULL, false),
            Batch::Quiet => (Bitboard::FULL, true),
        };
        let us = self.side_to_move();
        let ours = self.pieces_of(us);
        let occ = self.occupied();
        let king = self.king_square(us);
        let checkers = self.checkers();

        let (target, drop_target, pinned) = match king {
            None => (!ours, !occ, Bitboard::EMPTY),
            Some(k) => {
                if checkers.has_more_than_one() {
                    self.push_king_moves(list, k, mask);
                    return;
                }
                let pinned = self.pinned(us);
                match checkers.first() {
                    Some(c) => {
                        let block = between(k, c);
                        (block.with(c), block, pinned)
                    }
                    None => (!ours, !occ, pinned),
                }
            }
        };
        let target = target & mask;
        let theirs = self.pieces_of(!us);
        let zone = Bitboard::zone(us);

        for from in ours & !self.pieces_of_kind(PieceKind::King) {
            let kind = self.piece_at(from).expect("occupied").kind();
            let mut to = attacks::attacks(us, kind, from, occ) & target;
            if pinned.contains(from) {
                // Only reachable when a king exists.
                to &= line(king.expect("pinned implies king"), from);
            }
            if to.is_empty() {
                continue;
            }
            match batch {
                Batch::Masked(..) => push_board_moves(list, us, kind, from, to, Choices::All),
                Batch::Noisy => {
                    let captures = to & theirs;
                    if captures.is_nonempty() {
                        push_board_moves(list, us, kind, from, captures, Choices::All);
                    }
                    if kind.can_promote() {
                        // A promotion starts or ends in the zone: outside it, nothing to visit.
                        let mut moves = to & !theirs;
                        if !from.in_zone(us) {
                            moves &= zone;
                        }
                        if moves.is_nonempty() {
                            push_board_moves(list, us, kind, from, moves, Choices::Promotions);
                        }
                    }
                }
                Batch::Quiet => {
                    push_board_moves(list, us, kind, from, to & !theirs, Choices::Plain)
                }
            }
        }
        if let Some(k) = king {
            let king_mask = match batch {
                Batch::Masked(..) => mask,
                Batch::Noisy => theirs,
                Batch::Quiet => !theirs,
            };
            self.push_king_moves(list, k, king_mask);
        }
        if drops {
            self.push_drops(list, drop_target & mask);
        }
    }

    fn push_king_moves<S: MoveSink>(&self, list: &mut S, k: Square, mask: Bitboard) {
        let us = self.side_to_move();
        let occ_without_king = self.occupied().without(k);
        for to in king_attacks(k) & !self.pieces_of(us) & mask {
            if !self.attacked_by(!us, to, occ_without_king) {
                list.push(Move::normal(k, to, false));
            }
        }
    }

    fn push_drops<S: MoveSink>(&self, list: &mut S, empty: Bitboard) {
        let us = self.side_to_move();
        let hand = self.hand(us);
        if hand.is_empty() || empty.is_empty() {
            return;
        }
        if hand.has(PieceKind::Pawn) {
            let mut to = empty
                & !Bitboard::far_ranks(us, 1)
                & !self.pieces(us, PieceKind::Pawn).files_occupied();
            if let Some(ks) = self.king_square(!us) {
                let front = pawn_attacks(!us, ks);
                if let Some(s) = (front & to).first()
                    && self.is_pawn_drop_mate(s)
                {
                    to = to.without(s);
                }
            }
            for s in to {
                list.push(Move::drop(PieceKind::Pawn, s));
            }
        }
        if hand.has(PieceKind::Lance) {
            for s in empty & !Bitboard::far_ranks(us, 1) {
                list.push(Move::drop(PieceKind::Lance, s));
            }
        }
        if hand.has(PieceKind::Knight) {
            for s in empty & !Bitboard::far_ranks(us, 2) {
                list.push(Move::drop(PieceKind::Knight, s));
            }
        }
        let mut others = [PieceKind::Silver; 4];
        let mut n = 0;
        for kind in [PieceKind::Silver, PieceKind::Gold, PieceKind::Bishop, PieceKind::Rook] {
            if hand.has(kind) {
                others[n] = kind;
                n += 1;
            }
        }
        if n > 0 {
            for s in empty {
                for &kind in &others[..n] {
                    list.push(Move::drop(kind, s));
                }
            }
        }
    }

    /// The legal moves that give check: exactly `legal_moves` filtered by `gives_check`, but
    /// drops are only tried where they check and discovered checks are found once (the mate
    /// solver's generator).
    pub fn legal_checks(&self, list: &mut MoveList) {
        list.clear();
        let us = self.side_to_move();
        let Some(ks) = self.king_square(!us) else {
            return;
        };
        let cs = CheckSquares::new(self, ks);
        let mask = if cs.discover.is_nonempty() {
            Bitboard::FULL
        } else {
            cs.by_kind.iter().fold(Bitboard::EMPTY, |a, &b| a | b)
        };
        self.generate(list, mask, false);
        list.retain(|m| cs.checks(self, m));
        let drop_target = match (self.king_square(us), self.checkers().first()) {
            (Some(_), Some(_)) if self.checkers().has_more_than_one() => return,
            (Some(k), Some(c)) => between(k, c),
            _ => !self.occupied(),
        };
        let hand = self.hand(us);
        for kind in PieceKind::HAND.into_iter().filter(|&k| hand.has(k)) {
            let mut to = drop_target & cs.by_kind[kind.index()];
            match kind {
                PieceKind::Pawn => {
                    to = to
                        & !Bitboard::far_ranks(us, 1)
                        & !self.pieces(us, PieceKind::Pawn).files_occupied();
                    if let Some(s) = to.first()
                        && self.is_pawn_drop_mate(s)
                    {
                        to = to.without(s);
                    }
                }
                PieceKind::Lance => to &= !Bitboard::far_ranks(us, 1),
                PieceKind::Knight => to &= !Bitboard::far_ranks(us, 2),
                _ => {}
            }
            for s in to {
                list.push(Move::drop(kind, s));
            }
        }
    }

    /// Number of legal moves (for perft's last ply).
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter, Bitboard::FULL, true);
        counter.0
    }

    /// True if the side to move dropping a pawn on `s` would give mate (uchifuzume).
    /// `s` must be the square in front of the enemy king.
    pub(crate) fn is_pawn_drop_mate(&self, s: Square) -> bool {
        let us = self.side_to_move();
        let them = !us;
        let Some(ks) = self.king_square(them) else {
            return false;
        };
        if pawn_attacks(us, s).first() != Some(ks) {
            return false;
        }
        let occ = self.occupied().with(s);
        let pawn = Bitboard::from_square(s);
        // A defender other than the king takes the pawn, unless that exposes its king.
        let takers = self.attackers_by(them, s, occ) & !self.pieces(them, PieceKind::King);
        for from in takers {
            if (self.attackers_by(us, ks, occ.without(from)) & !pawn).is_empty() {
                return false;
            }
        }
        // The king steps away, or takes the pawn, onto a square we do not attack.
        let occ_without_king = occ.without(ks);
        for to in king_attacks(ks) & !self.pieces_of(them) {
            if !self.attacked_by(us, to, occ_without_king) {
                return false;
            }
        }
        true
    }

    /// Checks a move against every rule; `Ok` means it is legal here.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        let us = self.side_to_move();
        let them = !us;
        let occ = self.occupied();
        let to = m.to();
        let king = self.king_square(us);
        let checkers = self.checkers();
        match m.drop_kind() {
            Some(kind) => {
                if !kind.is_hand_kind() || !self.hand(us).has(kind) {
                    return Err(IllegalMove::NotInHand);
                }
                if occ.contains(to) {
                    return Err(IllegalMove::Occupied);
                }
                let rr = to.relative_rank(us);
                match kind {
                    PieceKind::Pawn | PieceKind::Lance if rr == 1 => {
                        return Err(IllegalMove::DeadDrop);
                    }
                    PieceKind::Knight if rr <= 2 => return Err(IllegalMove::DeadDrop),
                    _ => {}
                }
                if kind == PieceKind::Pawn
                    && (self.pieces(us, PieceKind::Pawn) & Bitboard::file(to.file())).is_nonempty()
                {
                    return Err(IllegalMove::TwoPawns);
                }
                if let Some(k) = king {
                    if checkers.has_more_than_one() {
                        return Err(IllegalMove::KingInCheck);
                    }
                    if let Some(c) = checkers.first()
                        && !between(k, c).contains(to)
                    {
                        return Err(IllegalMove::KingInCheck);
                    }
                }
                if kind == PieceKind::Pawn && self.is_pawn_drop_mate(to) {
                    return Err(IllegalMove::PawnDropMate);
                }
                Ok(())
            }
            None => {
                let from = m.origin_unchecked();
                let piece = match self.piece_at(from) {
                    Some(p) if p.color() == us => p,
                    _ => return Err(IllegalMove::NoPiece),
                };
                if self.pieces_of(us).contains(to) {
                    return Err(IllegalMove::Occupied);
                }
                let kind = piece.kind();
                if !attacks::attacks(us, kind, from, occ).contains(to) {
                    return Err(IllegalMove::CannotReach);
                }
                let rr = to.relative_rank(us);
                if m.is_promotion() {
                    if !kind.can_promote() || !(from.in_zone(us) || to.in_zone(us)) {
                        return Err(IllegalMove::CannotPromote);
                    }
                } else {
                    let dead = match kind {
                        PieceKind::Pawn | PieceKind::Lance => rr == 1,
                        PieceKind::Knight => rr <= 2,
                        _ => false,
                    };
                    if dead {
                        return Err(IllegalMove::MustPromote);
                    }
                }
                let Some(k) = king else {
                    return Ok(());
                };
                if kind == PieceKind::King {
                    if self.attacked_by(them, to, occ.without(from)) {
                        return Err(IllegalMove::KingInCheck);
                    }
                    return Ok(());
                }
                if checkers.has_more_than_one() {
                    return Err(IllegalMove::KingInCheck);
                }
                if let Some(c) = checkers.first()
                    && to != c
                    && !between(k, c).contains(to)
                {
                    return Err(IllegalMove::KingInCheck);
                }
                if self.pinned(us).contains(from) && !line(k, from).contains(to) {
                    return Err(IllegalMove::KingInCheck);
                }
                Ok(())
            }
        }
    }

    /// True if the move is legal in this position.
    #[inline]
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// What [`Position::gives_check_with`] needs, computed once for many moves: the squares
    /// from which each kind of ours would attack the enemy king, and our pieces whose move
    /// may uncover one of our sliders on it.
    pub fn check_info(&self) -> CheckInfo {
        let us = self.side_to_move();
        let Some(ks) = self.king_square(!us) else {
            return CheckInfo {
                king: None,
                from: [Bitboard::EMPTY; 14],
                discoverers: Bitboard::EMPTY,
            };
        };
        let occ = self.occupied();
        // A piece of ours attacks the king from exactly the squares the king would attack
        // as the same kind of the other colour.
        let from = PieceKind::ALL.map(|kind| attacks::attacks(!us, kind, ks, occ));
        let discoverers = self.blockers(ks, us) & self.pieces_of(us);
        CheckInfo { king: Some(ks), from, discoverers }
    }

    /// [`Position::gives_check`] with the king's lines computed beforehand by
    /// [`Position::check_info`] (which must be of this position): the same answer.
    ///
    /// Only the moved piece's origin and destination change the occupancy, and neither can
    /// lie between the destination and the king on the moved piece's line: the piece would
    /// have been giving check already.
    #[inline(always)]
    pub fn gives_check_with(&self, m: Move, info: &CheckInfo) -> bool {
        let Some(ks) = info.king else {
            return false;
        };
        let to = m.to();
        let (kind, from) = self.moved_kind(m);
        info.from[kind.index()].contains(to)
            || from.is_some_and(|f| info.discoverers.contains(f) && !line(ks, f).contains(to))
    }

    /// The kind that stands on the destination after a move (promoted if it promotes), and
    /// the square it left (none for a drop).
    #[inline]
    pub fn moved_kind(&self, m: Move) -> (PieceKind, Option<Square>) {
        match m.drop_kind() {
            Some(k) => (k, None),
            None => {
                let from = m.origin_unchecked();
                let k = self.piece_at(from).map(|p| p.kind()).unwrap_or(PieceKind::Pawn);
                (k.promoted_if(m.is_promotion()), Some(from))
            }
        }
    }

    /// True if the (legal) move gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side_to_move();
        let Some(ks) = self.king_square(!us) else {
            return false;
        };
        let to = m.to();
        let (kind, from) = self.moved_kind(m);
        let mut occ = self.occupied().with(to);
        if let Some(f) = from {
            occ = occ.without(f);
        }
        // Direct check by the moved piece.
        if attacks::attacks(us, kind, to, occ).contains(ks) {
            return true;
        }
        // Discovered check: the origin square was a blocker of one of our sliders.
        match from {
            Some(f) => {
                self.blockers(ks, us).contains(f)
                    && self.pieces_of(us).contains(f)
                    && !line(ks, f).contains(to)
            }
            None => false,
        }
    }
}

/// The enemy king's lines for [`Position::gives_check_with`].
#[derive(Clone, Copy, Debug)]
pub struct CheckInfo {
    king: Option<Square>,
    /// By kind (after the move): the squares from which it attacks the king.
    from: [Bitboard; 14],
    /// Our pieces standing alone between one of our sliders and the king.
    discoverers: Bitboard,
}
