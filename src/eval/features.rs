//! Feature extraction: the counts and piece-square occupancy of each side, and the draw scale
//! of known drawn endings.

use super::{FEATURES, KING_SQUARES, MAN_SQUARES};
use crate::draw::MAIN_ROAD;
use crate::position::Position;
use crate::types::{Bitboard, Dir, Side, Square, nearest, ray};
use crate::variant::Rules;

/// For each side and bit index, the square as seen from that side: 0 = its own a1 … 31 = the
/// far h8 (White's Russian number minus one; for Black the board turned round).
static RELATIVE: [[u8; 64]; 2] = {
    let mut table = [[0u8; 64]; 2];
    let mut index = 0;
    while index < Square::BITS {
        if let Some(square) = Square::from_index(index) {
            let n = square.russian_number();
            table[0][index] = n - 1;
            table[1][index] = 32 - n;
        }
        index += 1;
    }
    table
};

/// The square of `square` as seen from `side` (0..32).
#[inline]
fn relative(side: Side, square: Square) -> usize {
    RELATIVE[side.index() & 1][square.index() & 63] as usize
}

/// The empty squares a king on `square` can move to.
fn king_moves(square: Square, empty: Bitboard) -> u32 {
    Dir::ALL
        .into_iter()
        .map(|dir| {
            let path = ray(square, dir);
            let stop = path.without(empty);
            if stop.is_empty() {
                path.count()
            } else {
                let first = nearest(stop, dir);
                path.without(ray(first, dir) | first.bb()).count()
            }
        })
        .sum()
}

/// The features of `side` alone (not yet weighted).
pub(super) fn side_features<R: Rules>(pos: &Position<R>, side: Side) -> [i32; FEATURES] {
    let mut f = [0; FEATURES];
    let men = pos.men(side);
    let kings = pos.kings(side);
    let empty = pos.empty();
    let [fwd_a, fwd_b] = Dir::forward(side);
    let steps_a = men.shift(fwd_a) & empty;
    let steps_b = men.shift(fwd_b) & empty;
    let movable = steps_a.shift(fwd_a.reverse()) | steps_b.shift(fwd_b.reverse());

    // A man two steps or fewer from promotion that can step on, with no enemy king to chase
    // it, is hard to stop.
    let near_promotion = match side {
        Side::White => Bitboard::rank(5) | Bitboard::rank(6),
        Side::Black => Bitboard::rank(1) | Bitboard::rank(2),
    };
    let runaways = if pos.kings(side.opponent()).is_empty() {
        (men & near_promotion & movable).count()
    } else {
        0
    };

    f[0] = men.count() as i32;
    f[1] = kings.count() as i32;
    f[2] = (steps_a.count() + steps_b.count()) as i32;
    f[3] = men.without(movable).count() as i32;
    f[4] = kings.into_iter().map(|k| king_moves(k, empty)).sum::<u32>() as i32;
    f[5] = runaways as i32;
    for square in men {
        f[MAN_SQUARES + relative(side, square)] += 1;
    }
    for square in kings {
        f[KING_SQUARES + relative(side, square)] += 1;
    }
    f
}

/// White's features minus Black's.
pub fn features<R: Rules>(pos: &Position<R>) -> [i32; FEATURES] {
    let white = side_features(pos, Side::White);
    let black = side_features(pos, Side::Black);
    std::array::from_fn(|i| white[i] - black[i])
}

/// How much of a linear score survives in an ending that is known to be drawn, in 1/16ths:
/// a lone king holds against two pieces, and against three while it owns the main road.
pub fn draw_scale<R: Rules>(pos: &Position<R>) -> i32 {
    for strong in Side::BOTH {
        let weak = strong.opponent();
        if pos.pieces(weak).count() != 1 || pos.kings(weak).is_empty() {
            continue;
        }
        let strong_pieces = pos.pieces(strong).count();
        if strong_pieces <= 2 {
            return 0;
        }
        if strong_pieces == 3
            && (pos.kings(weak) & MAIN_ROAD).any()
            && (pos.occupied() & MAIN_ROAD).count() == 1
        {
            return 2;
        }
    }
    16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_squares_turn_the_board_round_for_black() {
        let sq = |name: &str| crate::notation::parse_square(name).unwrap();
        assert_eq!(relative(Side::White, sq("a1")), 0);
        assert_eq!(relative(Side::Black, sq("h8")), 0);
        assert_eq!(
            relative(Side::White, sq("d4")),
            relative(Side::Black, sq("e5"))
        );
        assert_eq!(relative(Side::Black, sq("a1")), 31);
    }
}
