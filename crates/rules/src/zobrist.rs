//! Zobrist keys: one fixed random number per (side, piece kind, square), one for the side to
//! move, one per square for a piece that may be huffed (Fuk), and a keyed mix of a whole tower
//! per square (Bashni, Lasca). The numbers are generated at compile time from a fixed seed, so keys are the same in
//! every build and every run (bench signatures and tests depend on that).

use crate::types::{Bitboard, Kind, Piece, Side, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

/// Keys for every bit index 0..64. Bits 0..36 (the 8×8 layout) are drawn first, in the order
/// they always were, so the keys of the 8×8 games did not change when larger boards came.
const fn build_piece_keys() -> [[[u64; 64]; 2]; 2] {
    let mut keys = [[[0; 64]; 2]; 2];
    let mut state = 0x6461_6D6B_615F_7A6B; // "damka_zk"
    let ranges = [(0, 36), (36, 64)];
    let mut r = 0;
    while r < ranges.len() {
        let mut side = 0;
        while side < 2 {
            let mut kind = 0;
            while kind < 2 {
                let mut square = ranges[r].0;
                while square < ranges[r].1 {
                    let (next, value) = splitmix64(state);
                    state = next;
                    keys[side][kind][square] = value;
                    square += 1;
                }
                kind += 1;
            }
            side += 1;
        }
        r += 1;
    }
    keys
}

static PIECE_KEYS: [[[u64; 64]; 2]; 2] = build_piece_keys();

/// 64 keys, one per bit index, drawn from their own `seed`: a game that needs keys of its own
/// gets them without changing any key of another game.
const fn seeded_keys(seed: u64) -> [u64; 64] {
    let mut keys = [0; 64];
    let mut state = seed;
    let mut square = 0;
    while square < 64 {
        let (next, value) = splitmix64(state);
        state = next;
        keys[square] = value;
        square += 1;
    }
    keys
}

/// Keys for a huffable piece on every bit index (Fuk).
static HUFFABLE_KEYS: [u64; 64] = seeded_keys(0x6675_6B5F_6875_6666); // "fuk_huff"

/// Per-square keys for towers (Bashni, Lasca).
static TOWER_KEYS: [u64; 64] = seeded_keys(0x746F_7765_725F_6B65); // "tower_ke"

/// The key of a whole tower on `square`, given as its packed pieces (`stack`, 0 for an empty
/// square, whose key is 0). The mix is a bijection of `stack` for each square, so two different
/// towers on one square never share a key: the key covers every piece of the stack, not only
/// the top.
#[inline]
pub fn tower_key(square: Square, stack: u64) -> u64 {
    if stack == 0 {
        return 0;
    }
    let mut z = stack ^ TOWER_KEYS[square.index() & 63];
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key that is XORed in when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix64(0x7369_6465_5F74_6F6D).1;

/// The key of a piece of `side` and `kind` standing on `square`.
#[inline]
pub fn piece_key(side: Side, kind: Kind, square: Square) -> u64 {
    // Tables of 64 and the mask let the compiler drop the bounds checks.
    PIECE_KEYS[side.index() & 1][kind as usize & 1][square.index() & 63]
}

/// The key of a huffable piece on `square` (Fuk): XORed in for each square of the set of pieces
/// the side to move may huff, so that the set is part of the position's key.
#[inline]
pub fn huffable_key(square: Square) -> u64 {
    HUFFABLE_KEYS[square.index() & 63]
}

/// The key of a placement computed from scratch: every man and king of both sides, and the
/// side to move (positions keep theirs up to date move by move; this checks them).
pub fn placement_key(pieces: [Bitboard; 2], kings: Bitboard, side_to_move: Side) -> u64 {
    let mut key = if side_to_move == Side::Black {
        BLACK_TO_MOVE
    } else {
        0
    };
    for side in Side::BOTH {
        let own = pieces[side.index()];
        for sq in own.without(kings) {
            key ^= piece_key(side, Kind::Man, sq);
        }
        for sq in own & kings {
            key ^= piece_key(side, Kind::King, sq);
        }
    }
    key
}

/// The piece on `square` of a placement of men and kings, if any.
pub fn piece_on(pieces: [Bitboard; 2], kings: Bitboard, square: Square) -> Option<Piece> {
    let side = Side::BOTH
        .into_iter()
        .find(|side| pieces[side.index()].contains(square))?;
    let kind = if kings.contains(square) {
        Kind::King
    } else {
        Kind::Man
    };
    Some(Piece { side, kind })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_distinct_and_non_zero() {
        let mut seen = HashSet::new();
        for side in Side::BOTH {
            for kind in [Kind::Man, Kind::King] {
                for square in (0..64).map(Square::from_index_unchecked) {
                    let key = piece_key(side, kind, square);
                    assert_ne!(key, 0);
                    assert!(seen.insert(key));
                }
            }
        }
        assert!(seen.insert(BLACK_TO_MOVE));
        for square in (0..64).map(Square::from_index_unchecked) {
            assert!(seen.insert(huffable_key(square)));
        }
    }
}
