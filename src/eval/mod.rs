//! Static evaluation: a linear sum of named features with integer weights, from the point of
//! view of the side to move, in hundredths of a man, followed by a scale-down in endings the
//! rules or theory make drawn. The features are computed once per side with bitboard counts.
//!
//! The weights live in [`Weights`] so that the tuner can fit them and `eval` can show each
//! term. This module reads positions only; it knows nothing about search or protocol.

use crate::draw::MAIN_ROAD;
use crate::position::Position;
use crate::score::Score;
use crate::types::{Bitboard, Dir, Side};
use crate::variant::{Rules, Variant};

/// The number of features.
pub const FEATURES: usize = 12;

/// The names of the features, in weight order.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "man",
    "king",
    "advance 4-5",
    "advance 6-7",
    "centre",
    "back rank",
    "mobility",
    "blocked man",
    "king on main road",
    "king mobility",
    "runaway man",
    "tempo",
];

/// Feature weights, in hundredths of a man per unit of the feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights(pub [i32; FEATURES]);

impl Default for Weights {
    /// The Russian weights.
    fn default() -> Self {
        Weights::for_variant(Variant::Russian)
    }
}

impl Weights {
    /// The weights of a game. Giveaway shares the features but turns their meaning around:
    /// every piece is a burden and a blocked man an asset.
    pub const fn for_variant(variant: Variant) -> Weights {
        match variant {
            Variant::Russian | Variant::Brazilian => {
                Weights([100, 270, 4, 10, 6, 8, 2, -4, 12, 1, 40, 1])
            }
            Variant::Giveaway => Weights([-100, -250, 0, 0, 0, 0, -3, 4, 0, -1, 0, 0]),
        }
    }
}

/// Rank `r` counted from `side`'s own back rank (0..8).
fn relative_rank(side: Side, rank: u8) -> u8 {
    match side {
        Side::White => rank,
        Side::Black => 7 - rank,
    }
}

fn ranks(side: Side, relative: &[u8]) -> Bitboard {
    relative.iter().fold(Bitboard::EMPTY, |bb, &r| {
        bb | Bitboard::rank(relative_rank(side, r))
    })
}

/// The central squares d4, f4, c5 and e5.
const CENTRE: Bitboard = Bitboard(1 << 15 | 1 << 16 | 1 << 19 | 1 << 20); // d4 f4 c5 e5

/// The feature values of `side` (not yet weighted).
fn side_features<R: Rules>(pos: &Position<R>, side: Side) -> [i32; FEATURES] {
    let men = pos.men(side);
    let kings = pos.kings(side);
    let empty = pos.empty();
    let [fwd_a, fwd_b] = Dir::forward(side);

    let steps_a = men.shift(fwd_a) & empty;
    let steps_b = men.shift(fwd_b) & empty;
    let movable = steps_a.shift(fwd_a.reverse()) | steps_b.shift(fwd_b.reverse());
    let blocked = men.without(movable);

    let mut king_moves = 0;
    for king in kings {
        for dir in Dir::ALL {
            let ray = crate::types::ray(king, dir);
            let stop = ray.without(empty);
            king_moves += if stop.is_empty() {
                ray.count()
            } else {
                let first = crate::types::nearest(stop, dir);
                ray.without(crate::types::ray(first, dir) | first.bb())
                    .count()
            };
        }
    }

    // A man two steps or fewer from promotion that can step on, with no enemy king to chase
    // it, is hard to stop.
    let near = men & ranks(side, &[5, 6]);
    let runaways = if pos.kings(side.opponent()).is_empty() {
        (near & movable).count()
    } else {
        0
    };

    let tempo: i32 = men
        .into_iter()
        .map(|sq| relative_rank(side, sq.rank()) as i32)
        .sum();
    [
        men.count() as i32,
        kings.count() as i32,
        (men & ranks(side, &[3, 4])).count() as i32,
        (men & ranks(side, &[5, 6])).count() as i32,
        ((men | kings) & CENTRE).count() as i32,
        (men & ranks(side, &[0])).count() as i32,
        (steps_a.count() + steps_b.count()) as i32,
        blocked.count() as i32,
        (kings & MAIN_ROAD).count() as i32,
        king_moves as i32,
        runaways as i32,
        tempo,
    ]
}

/// White's features minus Black's.
pub fn features<R: Rules>(pos: &Position<R>) -> [i32; FEATURES] {
    let white = side_features(pos, Side::White);
    let black = side_features(pos, Side::Black);
    std::array::from_fn(|i| white[i] - black[i])
}

/// How much of a linear score survives in an ending that is known to be drawn, in 1/16ths.
fn draw_scale<R: Rules>(pos: &Position<R>) -> i32 {
    for strong in Side::BOTH {
        let weak = strong.opponent();
        if pos.pieces(weak).count() != 1 || pos.kings(weak).is_empty() {
            continue;
        }
        let strong_pieces = pos.pieces(strong).count();
        // A lone king holds against two pieces, and against three while it owns the main road.
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

/// The evaluation of `pos` for the side to move.
pub fn evaluate<R: Rules>(pos: &Position<R>, weights: &Weights) -> Score {
    let f = features(pos);
    let white: i32 = f.iter().zip(weights.0.iter()).map(|(x, w)| x * w).sum();
    // The known drawn endings are drawn by the rules of the games that lose when blocked.
    let scaled = if R::NO_MOVE_WINS {
        white
    } else {
        white * draw_scale(pos) / 16
    };
    let score = match pos.side_to_move() {
        Side::White => scaled,
        Side::Black => -scaled,
    };
    Score(score.clamp(-Score::WIN_BAND + 1, Score::WIN_BAND - 1))
}

/// Each term of the evaluation for display: (name, White's value, Black's value, weighted
/// contribution for White), then the draw scale in sixteenths.
pub fn breakdown<R: Rules>(
    pos: &Position<R>,
    weights: &Weights,
) -> (Vec<(&'static str, i32, i32, i32)>, i32) {
    let white = side_features(pos, Side::White);
    let black = side_features(pos, Side::Black);
    let terms = (0..FEATURES)
        .map(|i| {
            (
                FEATURE_NAMES[i],
                white[i],
                black[i],
                (white[i] - black[i]) * weights.0[i],
            )
        })
        .collect();
    let scale = if R::NO_MOVE_WINS { 16 } else { draw_scale(pos) };
    (terms, scale)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_fen;
    use crate::variant::Russian;

    #[test]
    fn start_position_is_balanced() {
        let pos = Position::<Russian>::startpos();
        assert_eq!(features(&pos), [0; FEATURES]);
    }

    #[test]
    fn evaluation_is_symmetric() {
        let pos = parse_fen::<Russian>("W:Wc3,e3,Kd4:Bf6,b6").unwrap();
        let mirrored = parse_fen::<Russian>("B:Wc3,g3:Bf6,d6,Ke5").unwrap();
        assert_eq!(
            evaluate(&pos, &Weights::default()),
            evaluate(&mirrored, &Weights::default())
        );
    }

    #[test]
    fn lone_king_against_two_is_drawn() {
        let pos = parse_fen::<Russian>("W:WKc1,Ke1:BKh8").unwrap();
        assert_eq!(evaluate(&pos, &Weights::default()), Score::DRAW);
    }
}
