//! Static exchange evaluation: what a capture (or a drop, or a move onto an attacked square)
//! wins once every profitable recapture on its square has been played.

use crate::eval::{HAND_VALUE, PIECE_VALUE};
use crate::rules::attacks::{between, line};
use crate::rules::{Bitboard, Color, Move, PieceKind, Position, Square};

/// Value of a piece as a capture victim: it leaves the board and joins the captor's hand.
#[inline]
pub fn capture_value(kind: PieceKind) -> i32 {
    PIECE_VALUE[kind.index()] + HAND_VALUE[kind.unpromote().index().min(6)]
}

/// Static exchange evaluation: does the move win at least `threshold` once every
/// profitable recapture on its square has been played? The same answer as the full swap
/// list's (minimax over the whole capture sequence, cheapest attacker first) compared with
/// `threshold`, found with as few attacker searches as it takes (`tests/search/see.rs` checks
/// it against such a swap list).
///
/// The exchange is a game in which the side to capture next may stop. Writing `g` for the
/// balance of the side that just captured, "that side ends with at least `tau`" holds when
/// `g >= tau` and the other side cannot recapture into a balance of at least `1 - tau`. So
/// the walk flips `tau` and the answer's sense at every capture, and stops as soon as a
/// balance settles it: often before any attacker is looked for (a pawn pushed to a square
/// it may lose, with a threshold below a pawn, passes without one).
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    let to = m.to();
    let (occ, mut on_square, mut g) = match exchange_start(pos, m) {
        Some(start) => start,
        None => return threshold <= 0,
    };
    // Found at the first attacker search, which a settled balance often makes needless.
    let mut exchange = None;
    let mut tau = threshold;
    // The answer is `flip` XOR "the side that just captured ends with at least `tau`".
    let mut flip = false;
    let mut side = !pos.side_to_move();
    // At most 38 recaptures, as a swap list of 40 entries holds.
    for _ in 0..38 {
        if g < tau {
            return flip;
        }
        let next_g = capture_value(on_square) - g;
        if next_g < 1 - tau {
            return !flip;
        }
        let exchange = exchange.get_or_insert_with(|| Exchange::new(pos, to, occ));
        let Some((sq, kind)) = exchange.least_valuable_attacker(side) else {
            return !flip;
        };
        flip = !flip;
        tau = 1 - tau;
        g = next_g;
        on_square = kind;
        exchange.remove(sq);
        side = !side;
    }
    // The swap list's length limit: the last capture made stands.
    if g < tau { flip } else { !flip }
}

/// The occupancy once `m` is played, the kind then on its square, and what the mover has
/// won so far; `None` for a move with neither origin nor drop.
#[inline]
fn exchange_start(pos: &Position, m: Move) -> Option<(Bitboard, PieceKind, i32)> {
    let to = m.to();
    match (m.drop_kind(), m.from()) {
        (Some(kind), _) => Some((pos.occupied().with(to), kind, 0)),
        (None, Some(from)) => {
            let mover = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind());
            let captured = pos.piece_at(to).map_or(0, |p| capture_value(p.kind()));
            let kind = mover.promoted_if(m.is_promotion());
            let promo = PIECE_VALUE[kind.index()] - PIECE_VALUE[mover.index()];
            Some((pos.occupied().without(from).with(to), kind, captured + promo))
        }
        (None, None) => None,
    }
}

/// The value an exchange gives up when a kind captures: the king last of all.
const fn exchange_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::King => i32::MAX,
        _ => PIECE_VALUE[kind.index()],
    }
}

/// The attackers of one square through an exchange, both colours in one set, kept as the
/// exchange removes pieces: a piece leaving uncovers at most the slides behind it, so only
/// the sliders on the line through its square are looked at again.
struct Exchange<'a> {
    pos: &'a Position,
    to: Square,
    /// The occupancy the exchange has reached.
    occ: Bitboard,
    /// Pieces of both colours that could slide onto the square, were nothing in between: on
    /// its diagonals a bishop or horse, on its file or rank a rook or dragon, behind it a
    /// lance.
    sliders: Bitboard,
    /// Pieces of both colours standing in `occ` that can capture on the square.
    attackers: Bitboard,
}

impl<'a> Exchange<'a> {
    #[inline]
    fn new(pos: &'a Position, to: Square, occ: Bitboard) -> Self {
        let sliders = pos.snipers(Color::Black, to) | pos.snipers(Color::White, to);
        let near = pos.near_attackers(Color::Black, to) | pos.near_attackers(Color::White, to);
        let attackers = with_clear_slides(to, near & occ, sliders & occ, occ);
        Exchange { pos, to, occ, sliders, attackers }
    }

    /// The occupancy and the attackers once the piece on `sq` has left: a slide through `sq`
    /// towards the square may now reach it.
    #[inline]
    fn without(&self, sq: Square) -> (Bitboard, Bitboard) {
        let occ = self.occ.without(sq);
        let attackers = self.attackers.without(sq);
        let behind = self.sliders & occ & !attackers & line(self.to, sq);
        (occ, with_clear_slides(self.to, attackers, behind, occ))
    }

    /// Takes the piece on `sq` off the board of the exchange.
    #[inline]
    fn remove(&mut self, sq: Square) {
        (self.occ, self.attackers) = self.without(sq);
    }

    /// The cheapest piece of `side` that can capture on the square (the lowest square among
    /// equals); `None` if there is none, or if it is the king and the square is still
    /// guarded once it has left its own.
    #[inline]
    fn least_valuable_attacker(&self, side: Color) -> Option<(Square, PieceKind)> {
        let attackers = self.attackers & self.pos.pieces_of(side);
        if attackers.is_empty() {
            return None;
        }
        // The attackers are few: each one's kind looked up beats a search kind by kind.
        let mut best: Option<(i32, Square, PieceKind)> = None;
        for sq in attackers {
            let kind = self.pos.piece_at(sq).map_or(PieceKind::King, |p| p.kind());
            let value = exchange_value(kind);
            if best.is_none_or(|(v, _, _)| value < v) {
                best = Some((value, sq, kind));
            }
        }
        let (_, sq, kind) = best?;
        if kind == PieceKind::King && (self.without(sq).1 & self.pos.pieces_of(!side)).is_nonempty()
        {
            return None;
        }
        Some((sq, kind))
    }
}

/// `attackers` and those of `candidates` (sliders) whose way to `to` is clear in `occ`.
#[inline]
fn with_clear_slides(
    to: Square,
    mut attackers: Bitboard,
    candidates: Bitboard,
    occ: Bitboard,
) -> Bitboard {
    for s in candidates {
        if (between(s, to) & occ).is_empty() {
            attackers = attackers.with(s);
        }
    }
    attackers
}
