//! Static exchange evaluation (`search::see_ge`), against a plain swap list: the whole capture
//! sequence, each side's cheapest attacker found by looking up every attacker's kind (the
//! king last, the lowest square among equals), then minimax over the gains.

use crate::common::fuzz::sfen_column;
use gnushogi::eval::PIECE_VALUE;
use gnushogi::notation::{parse_sfen, parse_usi_move};
use gnushogi::rules::{Bitboard, Color, Move, PieceKind, Position, Square};
use gnushogi::search::{capture_value, see_ge};

/// Visits each middle-game position of `tests/data/positions.tsv` and the positions 30
/// random plies reach from it, preferring captures so that the board fills with exchanges,
/// with the position's SFEN of origin and its legal moves.
fn exchange_rich_walk(mut seed: u64, mut visit: impl FnMut(&str, &Position, &[Move])) {
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for sfen in sfen_column(include_str!("../data/positions.tsv")) {
        let mut pos = parse_sfen(&sfen).unwrap();
        for _ in 0..30 {
            let mut moves = Vec::new();
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() {
                break;
            }
            visit(&sfen, &pos, &moves);
            let captures: Vec<Move> =
                moves.iter().copied().filter(|m| pos.piece_at(m.to()).is_some()).collect();
            let pool = if captures.is_empty() || next() % 3 == 0 { &moves } else { &captures };
            pos = pos.played(pool[(next() % pool.len() as u64) as usize]);
        }
    }
}

/// The cheapest piece of `side` that can capture on `to` in the occupancy `occ`, every
/// attacker's kind looked up (the king last, the lowest square among equals); `None` if
/// there is none, or if it is the king and the square is still guarded once it has left.
fn least_valuable_attacker_by_scan(
    pos: &Position,
    side: Color,
    to: Square,
    occ: Bitboard,
) -> Option<(Square, PieceKind)> {
    let attackers = pos.attackers_by(side, to, occ) & occ;
    let mut best: Option<(Square, i32, PieceKind)> = None;
    for sq in attackers {
        let Some(k) = pos.piece_at(sq).map(|p| p.kind()) else {
            continue;
        };
        let v = if k == PieceKind::King { 100_000 } else { PIECE_VALUE[k.index()] };
        if best.is_none_or(|(_, bv, _)| v < bv) {
            best = Some((sq, v, k));
        }
    }
    let (sq, _, kind) = best?;
    if kind == PieceKind::King
        && (pos.attackers_by(!side, to, occ.without(sq)) & occ.without(sq)).is_nonempty()
    {
        return None;
    }
    Some((sq, kind))
}

/// How many attacker searches the swap lists made, and how many found a king.
#[derive(Default)]
struct Steps {
    searches: usize,
    kings: usize,
}

/// The exchange value of a move by the full swap list (minimax over the capture sequence,
/// at most 38 recaptures): what the mover wins with the move (a capture, a promotion), then
/// each side recapturing with its cheapest attacker or stopping.
fn swap_list(pos: &Position, m: Move, steps: &mut Steps) -> i32 {
    let to = m.to();
    let (mut occ, mut on_square, first) = match (m.drop_kind(), m.from()) {
        (Some(kind), _) => (pos.occupied().with(to), kind, 0),
        (None, Some(from)) => {
            let mover = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind());
            let captured = pos.piece_at(to).map_or(0, |p| capture_value(p.kind()));
            let kind = mover.promoted_if(m.is_promotion());
            let promo = PIECE_VALUE[kind.index()] - PIECE_VALUE[mover.index()];
            (pos.occupied().without(from).with(to), kind, captured + promo)
        }
        (None, None) => return 0,
    };
    let mut gains = [0i32; 40];
    gains[0] = first;
    let mut d = 0;
    let mut side = !pos.side_to_move();
    while d < 38 {
        steps.searches += 1;
        let Some((sq, kind)) = least_valuable_attacker_by_scan(pos, side, to, occ) else {
            break;
        };
        steps.kings += usize::from(kind == PieceKind::King);
        d += 1;
        gains[d] = capture_value(on_square) - gains[d - 1];
        on_square = kind;
        occ = occ.without(sq);
        side = !side;
    }
    while d > 0 {
        gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
        d -= 1;
    }
    gains[0]
}

/// The threshold walk answers as the full swap list does, on every legal move of
/// middle-game positions and of the positions random play reaches from them (where pieces
/// hang and exchanges run long), at thresholds around every value that matters. The
/// exchanges are long ones, kings among the capturers.
#[test]
fn see_ge_agrees_with_the_swap_list() {
    let thresholds: Vec<i32> = (-3000..=3000).step_by(97).chain([-1, 0, 1]).collect();
    let mut compared = 0;
    let mut steps = Steps::default();
    exchange_rich_walk(0x9e37_79b9_7f4a_7c15, |sfen, pos, moves| {
        for &m in moves {
            let v = swap_list(pos, m, &mut steps);
            for &t in thresholds.iter().chain([v - 1, v, v + 1].iter()) {
                assert_eq!(see_ge(pos, m, t), v >= t, "{sfen} {m:?} {t} (value {v})");
                compared += 1;
            }
        }
    });
    assert!(compared > 1_000_000, "{compared}");
    let Steps { searches, kings } = steps;
    assert!(searches > 100_000 && kings > 100, "{searches} steps, {kings} by a king");
}

#[test]
fn see_values() {
    let value = |p: &Position, m: Move| swap_list(p, m, &mut Steps::default());
    let p = parse_sfen("4k4/9/9/4p4/9/4R4/9/9/4K4 b - 1").unwrap();
    let take = parse_usi_move("5f5d").unwrap().to_move(&p).unwrap();
    assert_eq!(value(&p, take), capture_value(PieceKind::Pawn));
    assert!(see_ge(&p, take, capture_value(PieceKind::Pawn)));
    assert!(!see_ge(&p, take, capture_value(PieceKind::Pawn) + 1));
    let q = parse_sfen("4k4/9/4g4/4p4/9/4R4/9/9/4K4 b - 1").unwrap();
    let take = parse_usi_move("5f5d").unwrap().to_move(&q).unwrap();
    assert!(value(&q, take) < 0);
    assert!(!see_ge(&q, take, 0));
    assert_eq!(value(&q, take), capture_value(PieceKind::Pawn) - capture_value(PieceKind::Rook));
}
