//! The evaluation of [`super::reference::evaluate_into`] with the shipped table folded into lookups, for
//! the search.
//!
//! The generic form calls its accumulator once per term and looks up every weight by an index
//! it computes on the spot; that is what a tuner needs, but it is a fifth of the search's
//! time. Here material, advancement and the king's square become one lookup by colour, kind
//! and square, the placement relative to each king (clamped bucket and exact offset summed)
//! one lookup by kind and the offset of the two squares, and each kind's pieces
//! are visited in a loop of their own with that kind's attack function. The result is the
//! same number: a test compares the two on many positions.

use super::layout::{
    FINE_OFFSETS, P_DANGER_ATTACK, P_DANGER_BASE, P_DANGER_DEFENDED, P_DANGER_HAND,
    P_DANGER_NO_ESCAPE, P_ENEMY_FINE, P_ENEMY_KING, P_HAND, P_HAND_FIRST, P_KING_SQUARE,
    P_MOBILITY, P_OWN_FINE, P_OWN_KING, P_PAWN_DROP_FILE, P_PIECE, P_RANK, P_TEMPO, P_THREAT,
    REL_BUCKETS, clamped_bucket, fine_index, fine_offset_of, kind13, king_offset, oriented,
};
use super::params::PARAMS;
use super::reference::{danger_penalty, is_big};
use crate::rules::{Bitboard, Color, Move, PieceKind, Position, Square, attacks};

/// Material plus advancement of a piece of colour × kind on a square; for the king, the
/// king-square term.
static PLACEMENT: [[[i32; 81]; 14]; 2] = build_placement();

/// The exact offset of a piece of a colour (first index) on a square (third) from a king on a
/// square (second; 81: no king), as that colour sees them, as `fine_index` numbers it; no
/// king reads `NO_KING`. One load where orienting both squares and testing the king cost
/// several, for every piece and both kings.
pub(super) static FINE: [[[u16; 81]; 82]; 2] = build_fine();

/// The offset index read when there is no king: its placement entries are zero.
const NO_KING: usize = FINE_OFFSETS;

/// Placement relative to a king (own: 0, enemy: 1) by kind and exact offset: the clamped
/// bucket's weight and the exact offset's, summed (zero at `NO_KING`).
static KING_RELATIVE: [[[i32; FINE_OFFSETS + 1]; 13]; 2] = build_king_relative();

/// Mobility weight per reachable square by kind (0 for the kinds without the term).
const MOBILITY: [i32; 14] = {
    let mut m = [0; 14];
    m[PieceKind::Lance.index()] = PARAMS[P_MOBILITY];
    m[PieceKind::Bishop.index()] = PARAMS[P_MOBILITY + 1];
    m[PieceKind::Rook.index()] = PARAMS[P_MOBILITY + 2];
    m[PieceKind::Horse.index()] = PARAMS[P_MOBILITY + 3];
    m[PieceKind::Dragon.index()] = PARAMS[P_MOBILITY + 4];
    m
};

const fn build_placement() -> [[[i32; 81]; 14]; 2] {
    let mut t = [[[0; 81]; 14]; 2];
    let mut color = 0;
    while color < 2 {
        let mut kind = 0;
        while kind < 14 {
            let mut sq = 0;
            while sq < 81 {
                let square = Square::from_index_unchecked(sq);
                let rel = square.relative_rank(Color::ALL[color]) as usize;
                t[color][kind][sq] = if kind == PieceKind::King.index() {
                    let file = square.file() as usize;
                    let edge = if file < 10 - file { file } else { 10 - file } - 1;
                    PARAMS[P_KING_SQUARE + edge * 9 + rel - 1]
                } else {
                    let k13 = kind13(PieceKind::ALL[kind]);
                    PARAMS[P_PIECE + kind] + PARAMS[P_RANK + k13 * 9 + rel - 1]
                };
                sq += 1;
            }
            kind += 1;
        }
        color += 1;
    }
    t
}

const fn build_king_relative() -> [[[i32; FINE_OFFSETS + 1]; 13]; 2] {
    let mut t = [[[0; FINE_OFFSETS + 1]; 13]; 2];
    let mut k13 = 0;
    while k13 < 13 {
        let mut offset = 0;
        while offset < FINE_OFFSETS {
            let bucket = clamped_bucket(fine_offset_of(offset));
            t[0][k13][offset] = PARAMS[P_OWN_KING + k13 * REL_BUCKETS + bucket]
                + PARAMS[P_OWN_FINE + k13 * FINE_OFFSETS + offset];
            t[1][k13][offset] = PARAMS[P_ENEMY_KING + k13 * REL_BUCKETS + bucket]
                + PARAMS[P_ENEMY_FINE + k13 * FINE_OFFSETS + offset];
            offset += 1;
        }
        k13 += 1;
    }
    t
}

const fn build_fine() -> [[[u16; 81]; 82]; 2] {
    let mut t = [[[NO_KING as u16; 81]; 82]; 2];
    let mut color = 0;
    while color < 2 {
        let mut king = 0;
        while king < 81 {
            let mut sq = 0;
            while sq < 81 {
                let offset = king_offset(
                    oriented(Color::ALL[color], Square::from_index_unchecked(king)),
                    oriented(Color::ALL[color], Square::from_index_unchecked(sq)),
                );
                t[color][king][sq] = fine_index(offset) as u16;
                sq += 1;
            }
            king += 1;
        }
        color += 1;
    }
    t
}

/// What the piece loops gather for one colour.
struct Side {
    linear: i32,
    /// Danger units this colour's pieces put on the enemy king.
    danger_to_enemy: i32,
    attacked_not_by_king: Bitboard,
    attacked_by_small: Bitboard,
}

/// A piece's material, advancement and placement relative to both kings.
#[inline(always)]
fn placement_of(
    sq: Square,
    placement: &[i32; 81],
    king_relative: [&[i32; FINE_OFFSETS + 1]; 2],
    kings: Kings,
) -> i32 {
    let i = sq.index();
    placement[i]
        + king_relative[0][usize::from(kings[0][i])]
        + king_relative[1][usize::from(kings[1][i])]
}

/// The rows of [`FINE`] for one colour's pieces: offsets from its own king and the enemy's.
type Kings = [&'static [u16; 81]; 2];

/// The terms of every piece of one kind and colour; `attacks_of` is that kind's attacks.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn add_kind<const PLACED: bool>(
    side: &mut Side,
    color: Color,
    kind: PieceKind,
    pieces: Bitboard,
    own: Bitboard,
    enemy_zone: Bitboard,
    kings: Kings,
    attacks_of: impl Fn(Square) -> Bitboard,
) {
    let k = kind.index();
    let k13 = kind13(kind);
    let small = !is_big(kind);
    let placement = &PLACEMENT[color.index()][k];
    let king_relative = [&KING_RELATIVE[0][k13], &KING_RELATIVE[1][k13]];
    let mobility = MOBILITY[k];
    let danger = PARAMS[P_DANGER_ATTACK + k];
    for sq in pieces {
        let a = attacks_of(sq);
        side.attacked_not_by_king |= a;
        if small {
            side.attacked_by_small |= a;
        }
        if !PLACED {
            side.linear += placement_of(sq, placement, king_relative, kings);
        }
        if mobility != 0 {
            side.linear += mobility * (a & !own).count() as i32;
        }
        side.danger_to_enemy += danger * (a & enemy_zone).count() as i32;
    }
}

/// The terms of a colour's pawns. A pawn attacks the one square ahead of it, so the pawns'
/// attacks are their bitboard shifted a rank, and no two pawns attack the same square: the
/// danger they put on the enemy king is one count of the shifted board in its zone, the same
/// sum [`add_kind`] would find pawn by pawn.
#[inline(always)]
fn add_pawns<const PLACED: bool>(
    side: &mut Side,
    color: Color,
    pawns: Bitboard,
    enemy_zone: Bitboard,
    kings: Kings,
) {
    let k = PieceKind::Pawn.index();
    let a = pawns.forward(color);
    side.attacked_not_by_king |= a;
    side.attacked_by_small |= a;
    side.danger_to_enemy += PARAMS[P_DANGER_ATTACK + k] * (a & enemy_zone).count() as i32;
    if PLACED {
        return;
    }
    let placement = &PLACEMENT[color.index()][k];
    let k13 = kind13(PieceKind::Pawn);
    let king_relative = [&KING_RELATIVE[0][k13], &KING_RELATIVE[1][k13]];
    for sq in pawns {
        side.linear += placement_of(sq, placement, king_relative, kings);
    }
}

/// The static evaluation with the shipped table, from the side to move's view; equal to
/// `evaluate_with(pos, &PARAMS)`.
///
/// The evaluation counts squares some sixty times. Where the processor has a population
/// count instruction (every x86-64 made since about 2008, but not the baseline a
/// distribution builds for) it runs a copy compiled to use it: the search is 7 % faster.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_on_this_cpu::<false>(pos, Placement([0; 2]))
}

/// [`evaluate`](crate::eval::evaluate) of `pos` whose [`Placement`] is known: the same
/// number, without visiting the pieces' squares for it.
#[inline]
pub fn evaluate_placed(pos: &Position, placement: Placement) -> i32 {
    debug_assert_eq!(placement, Placement::of(pos));
    evaluate_on_this_cpu::<true>(pos, placement)
}

/// [`evaluate_folded`], with `popcnt` where the processor has it.
#[inline]
fn evaluate_on_this_cpu<const PLACED: bool>(pos: &Position, placement: Placement) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the processor has just been found to have the instruction.
        #[allow(unsafe_code)]
        return unsafe { evaluate_with_popcnt::<PLACED>(pos, placement) };
    }
    evaluate_folded::<PLACED>(pos, placement)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn evaluate_with_popcnt<const PLACED: bool>(pos: &Position, placement: Placement) -> i32 {
    evaluate_folded::<PLACED>(pos, placement)
}

/// Every piece's material, advancement and placement relative to both kings, summed by
/// colour: the part of the evaluation a move changes only on its own squares (a king move
/// changes it for every piece). The search keeps it along its path, move by move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Placement([i32; 2]);

/// What a move that is not a king's changes in [`Placement`]: a piece of `us` leaves `from`
/// (none for a drop) as `kind` and stands on `to` as `moved`, taking `victim` there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PlacementStep {
    us: Color,
    kind: PieceKind,
    moved: PieceKind,
    from: Option<Square>,
    to: Square,
    victim: Option<PieceKind>,
}

impl PlacementStep {
    /// The step of `m`, legal in `pos`; `None` for a king move, after which every piece
    /// stands elsewhere relative to that king.
    #[inline]
    pub fn of(pos: &Position, m: Move) -> Option<PlacementStep> {
        let to = m.to();
        let (kind, from) = match m.drop_kind() {
            Some(kind) => (kind, None),
            None => {
                let from = m.origin_unchecked();
                (pos.piece_at(from)?.kind(), Some(from))
            }
        };
        let victim = pos.piece_at(to).map(|p| p.kind());
        if kind == PieceKind::King || victim == Some(PieceKind::King) {
            return None;
        }
        let moved = kind.promoted_if(m.is_promotion());
        Some(PlacementStep { us: pos.side_to_move(), kind, moved, from, to, victim })
    }
}

impl Placement {
    /// The placement of every piece of `pos`.
    pub fn of(pos: &Position) -> Placement {
        let kings = king_rows(king_squares(pos));
        let mut sums = [0; 2];
        for sq in pos.occupied() {
            if let Some(piece) = pos.piece_at(sq) {
                let us = piece.color().index();
                sums[us] += placement_term(piece.color(), piece.kind(), sq, kings[us]);
            }
        }
        Placement(sums)
    }

    /// The placement after `step`, where both kings stand where they do in `pos` (the
    /// position before or after the step, or any further on with the kings unmoved).
    #[inline]
    pub fn after(self, step: PlacementStep, pos: &Position) -> Placement {
        let kings = king_rows(king_squares(pos));
        let mut sums = self.0;
        let (us, them) = (step.us.index(), (!step.us).index());
        sums[us] += placement_term(step.us, step.moved, step.to, kings[us]);
        if let Some(from) = step.from {
            sums[us] -= placement_term(step.us, step.kind, from, kings[us]);
        }
        if let Some(victim) = step.victim {
            sums[them] -= placement_term(!step.us, victim, step.to, kings[them]);
        }
        Placement(sums)
    }
}

/// Black's king square and White's.
#[inline]
fn king_squares(pos: &Position) -> [Option<Square>; 2] {
    [pos.king_square(Color::Black), pos.king_square(Color::White)]
}

/// For each colour, the rows of [`FINE`] of its pieces' offsets from its own king and the
/// enemy's (the row past the last square where a king is missing).
#[inline]
fn king_rows(king_squares: [Option<Square>; 2]) -> [Kings; 2] {
    let squares = king_squares.map(|k| k.map_or(81, |k| k.index()));
    [[&FINE[0][squares[0]], &FINE[0][squares[1]]], [&FINE[1][squares[1]], &FINE[1][squares[0]]]]
}

/// One piece's share of [`Placement`] (for a king, its square's term).
#[inline]
fn placement_term(color: Color, kind: PieceKind, sq: Square, kings: Kings) -> i32 {
    let placement = &PLACEMENT[color.index()][kind.index()];
    if kind == PieceKind::King {
        return placement[sq.index()];
    }
    let k13 = kind13(kind);
    placement_of(sq, placement, [&KING_RELATIVE[0][k13], &KING_RELATIVE[1][k13]], kings)
}

/// The evaluation; with `PLACED`, `placed` is the position's [`Placement`] and the piece
/// loops leave that part out.
#[inline(always)]
fn evaluate_folded<const PLACED: bool>(pos: &Position, placed: Placement) -> i32 {
    use PieceKind::*;
    let occ = pos.occupied();
    let king_squares = king_squares(pos);
    let rows = king_rows(king_squares);
    let zones = king_squares.map(|k| k.map_or(Bitboard::EMPTY, attacks::king_attacks));
    let mut linear = [0i32; 2];
    let mut danger = [0i32; 2];
    let mut attacked = [Bitboard::EMPTY; 2];
    let mut attacked_not_by_king = [Bitboard::EMPTY; 2];
    let mut attacked_by_small = [Bitboard::EMPTY; 2];

    for color in Color::ALL {
        let us = color.index();
        let them = 1 - us;
        let own = pos.pieces_of(color);
        let kings = rows[us];
        let mut side = Side {
            linear: 0,
            danger_to_enemy: 0,
            attacked_not_by_king: Bitboard::EMPTY,
            attacked_by_small: Bitboard::EMPTY,
        };
        let zone = zones[them];
        macro_rules! add {
            ($kind:expr, $attacks_of:expr) => {{
                let pieces = pos.pieces(color, $kind);
                if !pieces.is_empty() {
                    add_kind::<PLACED>(
                        &mut side,
                        color,
                        $kind,
                        pieces,
                        own,
                        zone,
                        kings,
                        $attacks_of,
                    );
                }
            }};
        }
        let pawns = pos.pieces(color, Pawn);
        if !pawns.is_empty() {
            add_pawns::<PLACED>(&mut side, color, pawns, zone, kings);
        }
        add!(Lance, |sq| attacks::lance_attacks(color, sq, occ));
        add!(Knight, |sq| attacks::knight_attacks(color, sq));
        add!(Silver, |sq| attacks::silver_attacks(color, sq));
        add!(Bishop, |sq| attacks::bishop_attacks(sq, occ));
        add!(Rook, |sq| attacks::rook_attacks(sq, occ));
        for kind in [Gold, ProPawn, ProLance, ProKnight, ProSilver] {
            add!(kind, |sq| attacks::gold_attacks(color, sq));
        }
        add!(Horse, |sq| attacks::bishop_attacks(sq, occ) | attacks::cross_attacks(sq));
        add!(Dragon, |sq| attacks::rook_attacks(sq, occ) | attacks::diag_attacks(sq));

        let mut all = side.attacked_not_by_king;
        if let Some(k) = king_squares[us] {
            all |= attacks::king_attacks(k);
            if !PLACED {
                side.linear += PLACEMENT[us][King.index()][k.index()];
            }
        }
        if PLACED {
            side.linear += placed.0[us];
        }
        attacked[us] = all;
        attacked_not_by_king[us] = side.attacked_not_by_king;
        attacked_by_small[us] = side.attacked_by_small;
        danger[them] += side.danger_to_enemy;

        let hand = pos.hand(color);
        for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
            let n = hand.count(kind) as i32;
            if n > 0 {
                side.linear += PARAMS[P_HAND + i] * n + PARAMS[P_HAND_FIRST + i];
                danger[them] += PARAMS[P_DANGER_HAND + i];
            }
        }
        if hand.has(Pawn) {
            let open = 9 - pos.pieces(color, Pawn).files_occupied().count() as i32 / 9;
            side.linear += PARAMS[P_PAWN_DROP_FILE] * open;
        }
        linear[us] = side.linear;
    }

    let majors = pos.pieces_of_kind(Bishop)
        | pos.pieces_of_kind(Rook)
        | pos.pieces_of_kind(Horse)
        | pos.pieces_of_kind(Dragon);
    for color in Color::ALL {
        let us = color.index();
        let them = 1 - us;
        if king_squares[us].is_some() {
            let zone = zones[us];
            let escapes = (zone & !pos.pieces_of(color) & !attacked[them]).count() as i32;
            if escapes < 3 {
                danger[us] += PARAMS[P_DANGER_NO_ESCAPE] * (3 - escapes);
            }
            danger[us] += PARAMS[P_DANGER_DEFENDED]
                * (zone & attacked_not_by_king[us]).count() as i32
                + PARAMS[P_DANGER_BASE];
        }
        let own = pos.pieces_of(color) & !pos.pieces_of_kind(King);
        let hanging = own & attacked[them] & !attacked[us];
        let big = majors & own;
        let major_threats = (big & (hanging | attacked_by_small[them])).count() as i32;
        let minor_threats = (hanging & !big).count() as i32;
        let offset = if color == pos.side_to_move() { 0 } else { 2 };
        linear[us] += PARAMS[P_THREAT + offset] * minor_threats
            + PARAMS[P_THREAT + offset + 1] * major_threats;
    }
    linear[pos.side_to_move().index()] += PARAMS[P_TEMPO];

    let black = linear[0] - linear[1] - danger_penalty(danger[0]) + danger_penalty(danger[1]);
    if pos.side_to_move() == Color::Black { black } else { -black }
}
