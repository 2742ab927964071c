//! The position: board, hands, side to move and move number, with incremental keys.
//!
//! A `Position` is always valid (see [`Setup`] for the unvalidated form) and has no history;
//! repetition lives in the game record above (`game::Game`). Moves are made in place with
//! [`Position::play_unchecked`]; the search copies positions (copy-make), which keeps undo
//! trivially correct. Besides the board the position keeps one bitboard per colour and per
//! kind, the keys, and the set of pieces giving check to the side to move.

use super::attacks;
use super::attacks::{
    between, bishop_attacks, bishop_rays, gold_attacks, king_attacks, knight_attacks,
    lance_attacks, lance_ray, pawn_attacks, rook_attacks, rook_rays, silver_attacks,
};
use super::bitboard::Bitboard;
use super::entering::EnteringKingRule;
use super::hand::{Hand, MAX_IN_SET};
use super::moves::Move;
use super::types::{Color, Piece, PieceKind, Square};
use super::zobrist;
use std::fmt;

/// An unvalidated position: what a parser produces before the rules accept it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: [Option<Piece>; 81],
    pub hands: [Hand; 2],
    pub side_to_move: Color,
    /// The SFEN move number (1 for the first move of a game).
    pub move_number: u32,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            board: [None; 81],
            hands: [Hand::EMPTY; 2],
            side_to_move: Color::Black,
            move_number: 1,
        }
    }
}

impl Setup {
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }
}

/// Why a [`Setup`] is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    TooManyKings(Color),
    /// A pawn, lance or knight on a square it could never leave.
    DeadPiece(Square),
    /// Two unpromoted pawns of one side on a file.
    TwoPawns {
        color: Color,
        file: u8,
    },
    /// More pieces of a kind than a set holds (board and hands together).
    TooManyPieces(PieceKind),
    /// A king in hand, or a promoted piece in hand.
    BadHand,
    /// The side that has just moved is in check.
    OpponentInCheck,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::TooManyKings(c) => write!(f, "{} has more than one king", c.name()),
            PositionError::DeadPiece(sq) => write!(f, "the piece on {sq} could never move"),
            PositionError::TwoPawns { color, file } => {
                write!(f, "{} has two pawns on file {file}", color.name())
            }
            PositionError::TooManyPieces(k) => {
                write!(f, "more {}s than a set holds", k.unpromote().name())
            }
            PositionError::BadHand => write!(f, "a hand holds a piece that cannot be in hand"),
            PositionError::OpponentInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl std::error::Error for PositionError {}

#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: [Option<Piece>; 81],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; PieceKind::NUM],
    hands: [Hand; 2],
    side: Color,
    move_number: u32,
    board_key: u64,
    hand_key: u64,
    checkers: Bitboard,
}

/// SFEN of the standard start position.
pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl Position {
    /// The standard start position.
    pub fn startpos() -> Position {
        let mut setup = Setup::default();
        let back = [
            PieceKind::Lance,
            PieceKind::Knight,
            PieceKind::Silver,
            PieceKind::Gold,
            PieceKind::King,
            PieceKind::Gold,
            PieceKind::Silver,
            PieceKind::Knight,
            PieceKind::Lance,
        ];
        for (i, &kind) in back.iter().enumerate() {
            let file = 9 - i as u8;
            setup.set(sq(file, 9), Some(Piece::new(Color::Black, kind)));
            setup.set(sq(10 - file, 1), Some(Piece::new(Color::White, kind)));
        }
        for file in 1..=9 {
            setup.set(sq(file, 7), Some(Piece::new(Color::Black, PieceKind::Pawn)));
            setup.set(sq(file, 3), Some(Piece::new(Color::White, PieceKind::Pawn)));
        }
        setup.set(sq(8, 8), Some(Piece::new(Color::Black, PieceKind::Bishop)));
        setup.set(sq(2, 8), Some(Piece::new(Color::Black, PieceKind::Rook)));
        setup.set(sq(2, 2), Some(Piece::new(Color::White, PieceKind::Bishop)));
        setup.set(sq(8, 2), Some(Piece::new(Color::White, PieceKind::Rook)));
        Position::from_setup(&setup).expect("the start position is valid")
    }

    /// Validates a setup. Positions without a king (tsume problems) are accepted.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let mut pos = Position {
            board: [None; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; PieceKind::NUM],
            hands: setup.hands,
            side: setup.side_to_move,
            move_number: setup.move_number.max(1),
            board_key: 0,
            hand_key: 0,
            checkers: Bitboard::EMPTY,
        };
        let mut counts = [0u32; 8];
        for sq in Square::all() {
            if let Some(piece) = setup.board[sq.index()] {
                let (color, kind) = (piece.color(), piece.kind());
                let dead = match kind {
                    PieceKind::Pawn | PieceKind::Lance => sq.relative_rank(color) == 1,
                    PieceKind::Knight => sq.relative_rank(color) <= 2,
                    _ => false,
                };
                if dead {
                    return Err(PositionError::DeadPiece(sq));
                }
                counts[base_index(kind)] += 1;
                pos.put(piece, sq);
            }
        }
        for color in Color::ALL {
            if pos.pieces(color, PieceKind::King).has_more_than_one() {
                return Err(PositionError::TooManyKings(color));
            }
            let pawns = pos.pieces(color, PieceKind::Pawn);
            for file in 1..=9 {
                if (pawns & Bitboard::file(file)).has_more_than_one() {
                    return Err(PositionError::TwoPawns { color, file });
                }
            }
            let hand = setup.hands[color.index()];
            for kind in PieceKind::HAND {
                counts[base_index(kind)] += hand.count(kind);
            }
        }
        const MAX_ON_BOARD: [u32; 8] = [18, 4, 4, 4, 2, 2, 4, 2];
        for (i, &n) in counts.iter().enumerate() {
            if n > MAX_ON_BOARD[i] {
                return Err(PositionError::TooManyPieces(PieceKind::ALL[i]));
            }
        }
        for color in Color::ALL {
            let hand = setup.hands[color.index()];
            for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
                if hand.count(kind) > MAX_IN_SET[i] {
                    return Err(PositionError::BadHand);
                }
            }
        }
        pos.hand_key = Color::ALL
            .into_iter()
            .flat_map(|c| PieceKind::HAND.into_iter().map(move |k| (c, k)))
            .fold(0, |key, (c, k)| key ^ zobrist::hand_count(c, k, pos.hands[c.index()].count(k)));
        let them = !pos.side;
        if let Some(k) = pos.king_square(them)
            && pos.attackers_by(pos.side, k, pos.occupied()).is_nonempty()
        {
            return Err(PositionError::OpponentInCheck);
        }
        pos.checkers = pos.compute_checkers();
        Ok(pos)
    }

    /// The unvalidated form of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            hands: self.hands,
            side_to_move: self.side,
            move_number: self.move_number,
        }
    }

    #[inline]
    fn put(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = Some(piece);
        let b = Bitboard::from_square(sq);
        self.by_color[piece.color().index()] |= b;
        self.by_kind[piece.kind().index()] |= b;
        self.board_key ^= zobrist::piece_square(piece, sq);
    }

    #[inline]
    fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board[sq.index()].take()?;
        let b = Bitboard::from_square(sq);
        self.by_color[piece.color().index()] ^= b;
        self.by_kind[piece.kind().index()] ^= b;
        self.board_key ^= zobrist::piece_square(piece, sq);
        Some(piece)
    }

    #[inline]
    fn hand_add(&mut self, color: Color, kind: PieceKind) {
        let hand = &mut self.hands[color.index()];
        let n = hand.count(kind);
        hand.add(kind);
        self.hand_key ^=
            zobrist::hand_count(color, kind, n) ^ zobrist::hand_count(color, kind, n + 1);
    }

    #[inline]
    fn hand_remove(&mut self, color: Color, kind: PieceKind) {
        let hand = &mut self.hands[color.index()];
        let n = hand.count(kind);
        hand.remove(kind);
        self.hand_key ^=
            zobrist::hand_count(color, kind, n) ^ zobrist::hand_count(color, kind, n - 1);
    }

    /// Plays a move that must be legal in this position (see [`Position::is_legal`]).
    /// Returns the captured piece, if any.
    pub fn play_unchecked(&mut self, m: Move) -> Option<Piece> {
        let us = self.side;
        let to = m.to();
        let (captured, kind, from) = match m.drop_kind() {
            Some(kind) => {
                self.hand_remove(us, kind);
                self.put(Piece::new(us, kind), to);
                (None, kind, None)
            }
            None => {
                let from = m.origin_unchecked();
                let piece = self.take(from).expect("a piece on the origin square");
                let captured = self.take(to);
                if let Some(c) = captured {
                    self.hand_add(us, c.kind().unpromote());
                }
                let kind = piece.kind().promoted_if(m.is_promotion());
                self.put(Piece::new(us, kind), to);
                (captured, kind, Some(from))
            }
        };
        self.side = !us;
        self.move_number += 1;
        self.checkers = self.checkers_after(us, kind, to, from);
        debug_assert_eq!(self.checkers, self.compute_checkers());
        captured
    }

    /// The pieces checking the side to move once `us` has put a `kind` on `to` (from `from`,
    /// or dropped it). Before the move no piece of `us` attacked that king, so a check
    /// now comes from the piece moved or from a slide through the square it left.
    #[inline]
    fn checkers_after(
        &self,
        us: Color,
        kind: PieceKind,
        to: Square,
        from: Option<Square>,
    ) -> Bitboard {
        let Some(king) = self.king_square(!us) else {
            return Bitboard::EMPTY;
        };
        let occupied = self.occupied();
        let mut checkers = if attacks::attacks(us, kind, to, occupied).contains(king) {
            Bitboard::from_square(to)
        } else {
            Bitboard::EMPTY
        };
        if let Some(from) = from
            && attacks::line(king, from).is_nonempty()
        {
            checkers |= self.slider_attackers(us, king, occupied);
        }
        checkers
    }

    /// The key of the position after a legal move, without playing it (for a prefetch).
    pub fn key_after(&self, m: Move) -> u64 {
        match self.after(m) {
            Some((board, _, hand_key)) => board ^ hand_key ^ self.side_key_after(),
            None => self.key(),
        }
    }

    /// The board key (as [`Position::board_key`]) and the mover's hand after a legal move,
    /// without playing it (the mate solver's walk probes its table for every check so).
    pub fn board_key_and_hand_after(&self, m: Move) -> (u64, Hand) {
        let (board, hand, _) =
            self.after(m).unwrap_or((self.board_key, self.hands[self.side.index()], 0));
        (board ^ self.side_key_after(), hand)
    }

    /// The side term of a key once the side to move has moved.
    fn side_key_after(&self) -> u64 {
        if self.side == Color::Black { zobrist::side() } else { 0 }
    }

    /// The board key without its side term, the mover's hand and the hand key after a legal
    /// move, without playing it; `None` where the move's origin is empty.
    fn after(&self, m: Move) -> Option<(u64, Hand, u64)> {
        let us = self.side;
        let to = m.to();
        let mut board = self.board_key;
        let mut hand = self.hands[us.index()];
        let mut hand_key = self.hand_key;
        match m.drop_kind() {
            Some(kind) => {
                let n = hand.count(kind);
                board ^= zobrist::piece_square(Piece::new(us, kind), to);
                hand_key ^= zobrist::hand_count(us, kind, n) ^ zobrist::hand_count(us, kind, n - 1);
                hand.remove(kind);
            }
            None => {
                let piece = self.board[m.origin_unchecked().index()]?;
                let kind = piece.kind().promoted_if(m.is_promotion());
                board ^= zobrist::piece_square(piece, m.origin_unchecked())
                    ^ zobrist::piece_square(Piece::new(us, kind), to);
                if let Some(captured) = self.board[to.index()] {
                    let k = captured.kind().unpromote();
                    let n = hand.count(k);
                    board ^= zobrist::piece_square(captured, to);
                    hand_key ^= zobrist::hand_count(us, k, n) ^ zobrist::hand_count(us, k, n + 1);
                    hand.add(k);
                }
            }
        }
        Some((board, hand, hand_key))
    }

    /// This position after a legal move.
    #[must_use]
    pub fn played(&self, m: Move) -> Position {
        let mut p = self.clone();
        p.play_unchecked(m);
        p
    }

    /// Passes the move (for null-move search). Must not be called in check.
    pub fn play_null(&mut self) {
        debug_assert!(self.checkers.is_empty());
        self.side = !self.side;
        self.move_number += 1;
        self.checkers = self.compute_checkers();
    }

    fn compute_checkers(&self) -> Bitboard {
        match self.king_square(self.side) {
            Some(k) => self.attackers_by(!self.side, k, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    // ---- queries -------------------------------------------------------------------------

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// The SFEN move number.
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Sets the SFEN move number (it is not part of the key).
    pub fn set_move_number(&mut self, n: u32) {
        self.move_number = n.max(1);
    }

    /// Full key: board, hands and side to move.
    #[inline]
    pub fn key(&self) -> u64 {
        self.board_key ^ self.hand_key ^ if self.side == Color::White { zobrist::side() } else { 0 }
    }

    /// Key of the board and side to move only (hands left out).
    #[inline]
    pub fn board_key(&self) -> u64 {
        self.board_key ^ if self.side == Color::White { zobrist::side() } else { 0 }
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn pieces_of(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// Pieces of a kind, both colours.
    #[inline]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    #[inline]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.pieces(color, PieceKind::King).first()
    }

    /// Pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.is_nonempty()
    }

    /// Pieces of `by` attacking `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers_by(&self, by: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        self.near_attackers(by, sq) | self.slider_attackers(by, sq, occupied)
    }

    /// Pieces of `by` whose step attacks reach `sq` (the pieces that do not slide, and the
    /// horse's and dragon's single steps): no blocker can change them.
    #[inline]
    pub fn near_attackers(&self, by: Color, sq: Square) -> Bitboard {
        let o = !by;
        let k = &self.by_kind;
        let king_like =
            k[PieceKind::King.index()] | k[PieceKind::Horse.index()] | k[PieceKind::Dragon.index()];
        let golds = k[PieceKind::Gold.index()]
            | k[PieceKind::ProPawn.index()]
            | k[PieceKind::ProLance.index()]
            | k[PieceKind::ProKnight.index()]
            | k[PieceKind::ProSilver.index()];
        let near = (pawn_attacks(o, sq) & k[PieceKind::Pawn.index()])
            | (knight_attacks(o, sq) & k[PieceKind::Knight.index()])
            | (silver_attacks(o, sq) & k[PieceKind::Silver.index()])
            | (gold_attacks(o, sq) & golds)
            | (king_attacks(sq) & king_like);
        near & self.by_color[by.index()]
    }

    /// Pieces of `by` whose slides reach `sq`, with `occupied` as the blockers.
    #[inline]
    pub(crate) fn slider_attackers(&self, by: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let k = &self.by_kind;
        let ours = self.by_color[by.index()];
        // A slide is looked up only where a slider stands on one of its empty-board rays:
        // a ray is one load, a lookup a dozen operations on 128 bits.
        let lances = k[PieceKind::Lance.index()] & ours & lance_ray(!by, sq);
        let bishops =
            (k[PieceKind::Bishop.index()] | k[PieceKind::Horse.index()]) & ours & bishop_rays(sq);
        let rooks =
            (k[PieceKind::Rook.index()] | k[PieceKind::Dragon.index()]) & ours & rook_rays(sq);
        let mut far = Bitboard::EMPTY;
        if lances.is_nonempty() {
            far |= lance_attacks(!by, sq, occupied) & lances;
        }
        if bishops.is_nonempty() {
            far |= bishop_attacks(sq, occupied) & bishops;
        }
        if rooks.is_nonempty() {
            far |= rook_attacks(sq, occupied) & rooks;
        }
        far
    }

    /// Whether a piece of `by` attacks `sq` with `occupied` as the blockers: the steps
    /// first, and the slides only when no step reaches it (a king's escape square is most
    /// often refused by a step).
    #[inline]
    pub(crate) fn attacked_by(&self, by: Color, sq: Square, occupied: Bitboard) -> bool {
        self.near_attackers(by, sq).is_nonempty()
            || self.slider_attackers(by, sq, occupied).is_nonempty()
    }

    /// Pieces of `color` that stand alone between their own king and an enemy slider.
    pub fn pinned(&self, color: Color) -> Bitboard {
        let Some(k) = self.king_square(color) else {
            return Bitboard::EMPTY;
        };
        self.blockers(k, !color) & self.by_color[color.index()]
    }

    /// Sliders of `by` whose slide would reach `sq` on an empty board: a lance behind it, a
    /// bishop or horse on its diagonals, a rook or dragon on its file or rank.
    #[inline]
    pub fn snipers(&self, by: Color, sq: Square) -> Bitboard {
        let k = &self.by_kind;
        ((lance_ray(!by, sq) & k[PieceKind::Lance.index()])
            | (rook_rays(sq) & (k[PieceKind::Rook.index()] | k[PieceKind::Dragon.index()]))
            | (bishop_rays(sq) & (k[PieceKind::Bishop.index()] | k[PieceKind::Horse.index()])))
            & self.by_color[by.index()]
    }

    /// Pieces (either colour) that alone block a line from a slider of `slider_color` to `sq`,
    /// as seen by a king of the other colour standing on `sq`.
    pub(crate) fn blockers(&self, sq: Square, slider_color: Color) -> Bitboard {
        let snipers = self.snipers(slider_color, sq);
        let occ = self.occupied();
        let mut out = Bitboard::EMPTY;
        for s in snipers {
            let b = between(sq, s) & occ;
            if b.is_nonempty() && !b.has_more_than_one() {
                out |= b;
            }
        }
        out
    }

    /// True if `color`'s king stands in its promotion zone (the enemy camp).
    pub fn king_in_enemy_camp(&self, color: Color) -> bool {
        self.king_square(color).is_some_and(|k| k.in_zone(color))
    }

    /// Impasse points of `color` (24-point rule): rooks and bishops, promoted or not, 5; every
    /// other non-king piece 1; pieces on the board and in hand.
    pub fn impasse_points(&self, color: Color) -> u32 {
        let own = self.by_color[color.index()];
        let big = own
            & (self.by_kind[PieceKind::Bishop.index()]
                | self.by_kind[PieceKind::Rook.index()]
                | self.by_kind[PieceKind::Horse.index()]
                | self.by_kind[PieceKind::Dragon.index()]);
        let small = own & !big & !self.by_kind[PieceKind::King.index()];
        let hand = self.hands[color.index()];
        let hand_big = hand.count(PieceKind::Bishop) + hand.count(PieceKind::Rook);
        5 * (big.count() + hand_big) + small.count() + hand.total() - hand_big
    }

    /// The CSA entering-king declaration (27-point rule) for the side to move: its king in the
    /// enemy camp and not in check, at least ten other pieces in that camp, and at least 28
    /// points (sente) or 27 (gote) counting the pieces in the camp and in hand.
    pub fn can_declare_win(&self) -> bool {
        self.can_declare_win_by(EnteringKingRule::Points27)
    }

    /// A winning declaration by the side to move under `rule` (never under `None` or `Try`).
    pub fn can_declare_win_by(&self, rule: EnteringKingRule) -> bool {
        // The points first: the material count is only needed once a declaration is possible.
        let Some(points) = self.declaration_points() else { return false };
        rule.points_to_win(self.side, self.material_points()).is_some_and(|needed| points >= needed)
    }

    /// The points of every piece in the game, both sides', on the board and in hand (big
    /// pieces 5, the others 1, kings too): 56 with all forty, fewer in a handicap game.
    pub(crate) fn material_points(&self) -> u32 {
        let big = self.by_kind[PieceKind::Bishop.index()]
            | self.by_kind[PieceKind::Rook.index()]
            | self.by_kind[PieceKind::Horse.index()]
            | self.by_kind[PieceKind::Dragon.index()];
        let on_board = (self.by_color[0] | self.by_color[1]).count() + 4 * big.count();
        let in_hand: u32 = self
            .hands
            .iter()
            .map(|h| {
                let hand_big = h.count(PieceKind::Bishop) + h.count(PieceKind::Rook);
                h.total() + 4 * hand_big
            })
            .sum();
        on_board + in_hand
    }

    /// True if `color`'s king stands on its try square (the try rule's win).
    pub fn king_on_try_square(&self, color: Color) -> bool {
        self.king_square(color) == Some(EnteringKingRule::try_square(color))
    }

    /// The declaration points of the side to move (big pieces 5, others 1, counting the
    /// pieces in the enemy camp and in hand) when it may declare at all: its king in the
    /// enemy camp and not in check, and at least ten other pieces in that camp.
    fn declaration_points(&self) -> Option<u32> {
        let us = self.side;
        if !self.king_in_enemy_camp(us) || self.in_check() {
            return None;
        }
        let zone = Bitboard::zone(us);
        let own = self.by_color[us.index()] & zone & !self.by_kind[PieceKind::King.index()];
        if own.count() < 10 {
            return None;
        }
        let big = own
            & (self.by_kind[PieceKind::Bishop.index()]
                | self.by_kind[PieceKind::Rook.index()]
                | self.by_kind[PieceKind::Horse.index()]
                | self.by_kind[PieceKind::Dragon.index()]);
        let hand = self.hands[us.index()];
        let hand_big = hand.count(PieceKind::Bishop) + hand.count(PieceKind::Rook);
        Some(5 * (big.count() + hand_big) + (own & !big).count() + hand.total() - hand_big)
    }

    /// Checks that incremental state equals a recomputation (for tests and debug builds).
    pub fn is_consistent(&self) -> bool {
        match Position::from_setup(&self.to_setup()) {
            Ok(fresh) => {
                fresh.key() == self.key()
                    && fresh.board_key == self.board_key
                    && fresh.hand_key == self.hand_key
                    && fresh.by_color == self.by_color
                    && fresh.by_kind == self.by_kind
                    && fresh.checkers == self.checkers
            }
            Err(_) => false,
        }
    }
}

/// Index of the base kind among P L N S B R G K, for counting a set.
const fn base_index(kind: PieceKind) -> usize {
    kind.unpromote().index()
}

const fn sq(file: u8, rank: u8) -> Square {
    match Square::new(file, rank) {
        Some(s) => s,
        None => unreachable!(),
    }
}

impl fmt::Debug for Position {
    /// The board rank by rank from 9a ('.' for an empty square), the hands and the side to
    /// move: readable in a failed test without the notation layer above.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Position(")?;
        for rank in 1..=9 {
            if rank > 1 {
                f.write_str("/")?;
            }
            for file in (1..=9).rev() {
                match Square::new(file, rank).and_then(|sq| self.piece_at(sq)) {
                    Some(p) => write!(f, "{p:?}")?,
                    None => f.write_str(".")?,
                }
            }
        }
        let side = if self.side_to_move() == Color::Black { "black" } else { "white" };
        write!(
            f,
            " {side} to move, black {:?}, white {:?}, move {})",
            self.hand(Color::Black),
            self.hand(Color::White),
            self.move_number()
        )
    }
}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.key());
    }
}
