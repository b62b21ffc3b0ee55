//! Ugolki's evaluation: a linear sum of race features with integer weights, from the side to
//! move.
//!
//! Distances are steps along ranks and files to the far corner of the house a side races to
//! (h8 for White, a1 for Black): their sum is the race still to run. The features are that
//! sum, the pieces already in the target house, the pieces still in their own house, the
//! distance of the last piece (a straggler keeps the house from being filled), the pieces
//! with no empty square towards the corner next to them (blocked), the longest gain one
//! chain of jumps offers now (a jump ladder), and the move in hand (tempo: in a race the side
//! to move is a move ahead). They sit at the start of the shared weight vector; the rest of it
//! is unused.

use super::movegen::jumps;
use super::position::Position;
use crate::board::{Full8, Geometry, Line, Lines};
use crate::eval::{FEATURES, Linear, Term, Weights};
use crate::types::{Bitboard, Side, Square};

/// The features, in weight order.
pub const NAMES: [&str; USED] = [
    "distance",
    "in target",
    "at home",
    "straggler",
    "blocked",
    "jump ladder",
    "tempo",
];

/// Number of weights used.
pub const USED: usize = 7;

/// Index of the tempo feature: +1 with White to move, −1 with Black.
const TEMPO: usize = 6;

const _: () = assert!(USED <= FEATURES);

/// The hand-written weights the fit started from: a step of the race is worth ten, a piece
/// left at home a good deal more (it must leave before the deadline), a straggler and a blocked
/// piece a little, a ladder of jumps about a step per square it gains, the move in hand one
/// step.
pub const HAND_WEIGHTS: [i32; USED] = [-10, 5, -15, -4, -3, 6, 10];

/// The fitted weights of classic Ugolki: `damka tune --variant ugolki --fix "at home"` on
/// 156626 positions of 2000 self-play games (3000 nodes a move, 8 random plies), from
/// [`HAND_WEIGHTS`] with the distance as the unit; error 0.200553 -> 0.197285 at k 2.143. Pieces
/// already in the target, a straggler and the move in hand count for more than guessed.
/// Against the hand-written weights: +90.6 ± 46.7 Elo over 200 games at 20000 nodes a move.
/// The piece at home is held: fitted freely it turned positive (a piece at home is also far,
/// and the distance already says so), and that engine, which then left pieces behind until the
/// search saw the deadline, lost to the hand-written weights by 85.0 ± 47.5 Elo.
pub const TUNED_CLASSIC: [i32; USED] = [-10, 21, -15, -12, 1, 11, 18];

/// The weights of diagonal Ugolki: the hand-written ones. The same fit on 104421 positions of
/// 2000 diagonal self-play games gave `[-10, 49, -15, -6, 4, 13, 24]` (error 0.206664 ->
/// 0.200806), which lost to the hand-written weights by 75.9 ± 44.2 Elo over 200 games at
/// 20000 nodes a move: it rushes pieces into the target and leaves the rest behind.
pub const TUNED_DIAGONAL: [i32; USED] = HAND_WEIGHTS;

/// The default weights of the game.
pub fn weights<const DIAGONAL: bool>() -> Weights {
    let mut w = [0; FEATURES];
    let tuned = if DIAGONAL {
        &TUNED_DIAGONAL
    } else {
        &TUNED_CLASSIC
    };
    w[..USED].copy_from_slice(tuned);
    Weights(w)
}

/// The name of weight `index`, or empty if unused.
pub fn feature_name(index: usize) -> String {
    NAMES.get(index).map_or_else(String::new, |n| n.to_string())
}

/// Steps along ranks and files from `square` to `side`'s far corner (h8 for White).
#[inline]
pub fn distance(side: Side, square: Square) -> i32 {
    let (file, rank) = (Full8::file(square) as i32, Full8::rank(square) as i32);
    match side {
        Side::White => (7 - file) + (7 - rank),
        Side::Black => file + rank,
    }
}

/// The two directions towards `side`'s far corner.
#[inline]
const fn towards(side: Side) -> [Line; 2] {
    match side {
        Side::White => [Line::North, Line::East],
        Side::Black => [Line::South, Line::West],
    }
}

/// The features of one side's pieces.
fn side_features<const DIAGONAL: bool>(pos: &Position, side: Side) -> [i32; FEATURES] {
    let mut f = [0; FEATURES];
    let own = pos.pieces(side);
    let occupied = pos.occupied();
    let empty = Bitboard(!occupied.0);
    let target = pos.house().target(side);
    let mut ladder = 0;
    for sq in own {
        let d = distance(side, sq);
        f[0] += d;
        f[3] = f[3].max(d);
        let ahead = towards(side).iter().fold(Bitboard::EMPTY, |acc, &dir| {
            acc | Full8::shift(sq.bb(), dir)
        });
        f[4] += (ahead.any() && (ahead & empty).is_empty()) as i32;
        if !target.contains(sq) {
            let best = jumps::<DIAGONAL>(sq, occupied)
                .into_iter()
                .map(|to| d - distance(side, to))
                .max()
                .unwrap_or(0);
            ladder = ladder.max(best);
        }
    }
    f[1] = (own & target).count() as i32;
    f[2] = pos.at_home(side).count() as i32;
    f[5] = ladder;
    f
}

/// White's features minus Black's; the tempo is +1 with White to move, −1 with Black.
pub fn features<const DIAGONAL: bool>(pos: &Position) -> [i32; FEATURES] {
    let (white, black) = (
        side_features::<DIAGONAL>(pos, Side::White),
        side_features::<DIAGONAL>(pos, Side::Black),
    );
    let mut f: [i32; FEATURES] = std::array::from_fn(|i| white[i] - black[i]);
    f[TEMPO] = match pos.side_to_move() {
        Side::White => 1,
        Side::Black => -1,
    };
    f
}

/// The linear part of the evaluation of `pos` and how a network's term joins it (no draw
/// scale: a race has no drawn endings to scale).
pub fn linear<const DIAGONAL: bool>(pos: &Position, weights: &Weights) -> Linear {
    let f = features::<DIAGONAL>(pos);
    Linear {
        white: weights.dot(&f[..USED]),
        network_percent: 100,
        draw_scale: 16,
        side: pos.side_to_move(),
    }
}

/// The evaluation term by term for display, and the draw scale in sixteenths (always 16).
pub fn breakdown<const DIAGONAL: bool>(pos: &Position, weights: &Weights) -> (Vec<Term>, i32) {
    let mut white = side_features::<DIAGONAL>(pos, Side::White);
    let mut black = side_features::<DIAGONAL>(pos, Side::Black);
    match pos.side_to_move() {
        Side::White => white[TEMPO] = 1,
        Side::Black => black[TEMPO] = 1,
    }
    (
        crate::eval::count_terms(&NAMES, &white, &black, weights),
        16,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ugolki::House;
    use crate::score::Score;

    #[test]
    fn every_start_is_level_but_for_the_tempo_and_names_cover_the_used_weights() {
        for house in House::ALL {
            let start = Position::startpos(house);
            let f = features::<false>(&start);
            assert!(
                f.iter()
                    .enumerate()
                    .all(|(i, x)| *x == i32::from(i == TEMPO))
            );
            let tempo = |w: Weights| Score(w.0[TEMPO]);
            assert_eq!(
                linear::<false>(&start, &weights::<false>()).score(0),
                tempo(weights::<false>())
            );
            assert_eq!(
                linear::<true>(&start, &weights::<true>()).score(0),
                tempo(weights::<true>())
            );
        }
        assert!((0..USED).all(|i| !feature_name(i).is_empty()));
        assert!(feature_name(USED).is_empty());
    }
}
