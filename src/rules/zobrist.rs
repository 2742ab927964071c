//! Zobrist keys, generated at compile time from a fixed seed (same keys on every build).
//!
//! A position's key is `board ^ hand ^ side`. Hands hash the count of each kind, so the key
//! changes when a piece moves between board and hand. The board and hand parts are also kept
//! apart, so that "same board, different hands" can be recognised cheaply.

use super::types::{Color, Piece, PieceKind, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

struct Keys {
    board: [[u64; 81]; Piece::NUM_CODES],
    /// `[color][hand kind][count]`, count 0 hashes to zero.
    hand: [[[u64; 19]; 7]; 2],
    side: u64,
}

const fn build() -> Keys {
    let mut keys = Keys { board: [[0; 81]; Piece::NUM_CODES], hand: [[[0; 19]; 7]; 2], side: 0 };
    let mut state = 0x6e75_7368_6f67_6921u64; // "gnushogi!" in spirit
    let mut code = 0;
    while code < Piece::NUM_CODES {
        let mut sq = 0;
        while sq < 81 {
            let (s, v) = splitmix(state);
            state = s;
            keys.board[code][sq] = v;
            sq += 1;
        }
        code += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let mut n = 1;
            while n < 19 {
                let (s, v) = splitmix(state);
                state = s;
                keys.hand[c][k][n] = v;
                n += 1;
            }
            k += 1;
        }
        c += 1;
    }
    let (_, v) = splitmix(state);
    keys.side = v;
    keys
}

static KEYS: Keys = build();

#[inline]
pub fn piece_square(piece: Piece, sq: Square) -> u64 {
    KEYS.board[piece.code()][sq.index()]
}

/// Key of holding exactly `count` pieces of `kind` (a hand kind).
#[inline]
pub fn hand_count(color: Color, kind: PieceKind, count: u32) -> u64 {
    KEYS.hand[color.index()][kind.index()][count as usize]
}

/// XORed in when White (gote) is to move.
#[inline]
pub fn side() -> u64 {
    KEYS.side
}
