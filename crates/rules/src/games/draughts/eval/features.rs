//! Feature extraction: the counts and piece-square occupancy of each side, and the draw scale
//! of known drawn endings.

use super::{FEATURES, KING_SQUARES, MAN_SQUARES, SCALARS, Weights};
use crate::board::{Diagonal, Geometry, nearest};
use crate::games::draughts::Rules;
use crate::games::draughts::position::Position;
use crate::types::{Bitboard, Dir, Side, Square};

/// The empty squares a king on `square` can move to.
fn king_moves<B: Diagonal>(square: Square, empty: Bitboard) -> u32 {
    Dir::ALL
        .into_iter()
        .map(|dir| {
            let path = B::ray(square, dir);
            let stop = path.without(empty);
            if stop.is_empty() {
                path.count()
            } else {
                let first = nearest(stop, dir);
                path.without(B::ray(first, dir) | first.bb()).count()
            }
        })
        .sum()
}

/// The count features of `side` alone (not yet weighted): the first [`SCALARS`] features.
#[inline]
fn side_counts<R: Rules>(pos: &Position<R>, side: Side) -> [i32; SCALARS] {
    let men = pos.men(side);
    let kings = pos.kings(side);
    let empty = pos.empty();
    let [fwd_a, fwd_b] = Dir::forward(side);
    let steps_a = R::Board::shift(men, fwd_a) & empty;
    let steps_b = R::Board::shift(men, fwd_b) & empty;
    let movable =
        R::Board::shift(steps_a, fwd_a.reverse()) | R::Board::shift(steps_b, fwd_b.reverse());

    // A man two steps or fewer from promotion that can step on, with no enemy king to chase
    // it, is hard to stop.
    let last = R::Board::RANKS - 1;
    let near_promotion = match side {
        Side::White => R::Board::rank_squares(last - 2) | R::Board::rank_squares(last - 1),
        Side::Black => R::Board::rank_squares(1) | R::Board::rank_squares(2),
    };
    let runaways = if pos.kings(side.opponent()).is_empty() {
        (men & near_promotion & movable).count()
    } else {
        0
    };

    [
        men.count() as i32,
        kings.count() as i32,
        (steps_a.count() + steps_b.count()) as i32,
        men.without(movable).count() as i32,
        kings
            .into_iter()
            .map(|k| king_moves::<R::Board>(k, empty))
            .sum::<u32>() as i32,
        runaways as i32,
    ]
}

/// The features of `side` alone (not yet weighted).
pub(super) fn side_features<R: Rules>(pos: &Position<R>, side: Side) -> [i32; FEATURES] {
    let mut f = [0; FEATURES];
    f[..SCALARS].copy_from_slice(&side_counts(pos, side));
    for square in pos.men(side) {
        f[MAN_SQUARES + R::Board::relative(side, square)] += 1;
    }
    for square in pos.kings(side) {
        f[KING_SQUARES + R::Board::relative(side, square)] += 1;
    }
    f
}

/// `weights.dot(&side_features(pos, side))`, without making the features: the counts weighted,
/// and each piece's square weight looked up.
#[inline]
fn side_score<R: Rules>(pos: &Position<R>, side: Side, weights: &Weights) -> i32 {
    let w = &weights.0;
    let counts = side_counts(pos, side);
    let mut score: i32 = counts.iter().zip(w).map(|(x, w)| x * w).sum();
    for square in pos.men(side) {
        score += w[MAN_SQUARES + R::Board::relative(side, square)];
    }
    for square in pos.kings(side) {
        score += w[KING_SQUARES + R::Board::relative(side, square)];
    }
    score
}

/// `weights.dot(&features(pos))`, White's weighted features minus Black's, made faster than
/// the feature vector: the evaluation's hot path.
#[inline]
pub fn weighted_features<R: Rules>(pos: &Position<R>, weights: &Weights) -> i32 {
    side_score(pos, Side::White, weights) - side_score(pos, Side::Black, weights)
}

/// White's features minus Black's.
pub fn features<R: Rules>(pos: &Position<R>) -> [i32; FEATURES] {
    let white = side_features(pos, Side::White);
    let black = side_features(pos, Side::Black);
    std::array::from_fn(|i| white[i] - black[i])
}

/// How much of a linear score survives in an ending that is known to be drawn, in 1/16ths:
/// a lone king holds against two pieces, and against three while it owns the long diagonal.
pub fn draw_scale<R: Rules>(pos: &Position<R>) -> i32 {
    let main_road = R::Board::long_diagonal();
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
            && (pos.kings(weak) & main_road).any()
            && (pos.occupied() & main_road).count() == 1
        {
            return 2;
        }
    }
    16
}
