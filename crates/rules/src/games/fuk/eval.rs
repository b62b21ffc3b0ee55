//! Fuk's evaluation: the Russian features of the board, plus three terms for the huff, all for
//! the side to move: it may huff a man, it may huff a king (the better of the two counts), and
//! it can capture — so any quiet move it makes instead leaves its capturing pieces to be huffed.
//! The weights sit in the slots an 8×8 game leaves free ([`EXTRA_8X8`]).

use super::FukPosition;
use crate::board::Dark8;
use crate::games::draughts::eval::{self, EXTRA_8X8, FEATURES, Linear, Term, Weights};
use crate::games::draughts::movegen::has_capture;
use crate::types::Side;

/// The weight index of "the side to move may huff a man".
pub const HUFF_MAN: usize = EXTRA_8X8;
/// The weight index of "the side to move may huff a king".
pub const HUFF_KING: usize = EXTRA_8X8 + 1;
/// The weight index of "the side to move can capture".
pub const CAPTURE_ON_OFFER: usize = EXTRA_8X8 + 2;

/// The names of the huff terms, in weight order.
const NAMES: [&str; 3] = ["huff man", "huff king", "capture on offer"];

/// The huff terms of `pos` for the side to move: one of the first two, and the third.
fn huff_terms(pos: &FukPosition) -> [i32; 3] {
    let huffable = pos.huffable();
    let king = (huffable & pos.board().all_kings()).any();
    [
        (huffable.any() && !king) as i32,
        king as i32,
        has_capture(pos.board()) as i32,
    ]
}

/// White's features minus Black's: the Russian ones and the huff terms.
pub fn features(pos: &FukPosition) -> [i32; FEATURES] {
    let mut f = eval::features(pos.board());
    let sign = match pos.side_to_move() {
        Side::White => 1,
        Side::Black => -1,
    };
    for (i, value) in huff_terms(pos).into_iter().enumerate() {
        f[HUFF_MAN + i] += sign * value;
    }
    f
}

/// The linear part of the evaluation of `pos` and how a network's term joins it.
pub fn linear(pos: &FukPosition, weights: &Weights) -> Linear {
    let sign = match pos.side_to_move() {
        Side::White => 1,
        Side::Black => -1,
    };
    let huff: i32 = huff_terms(pos)
        .into_iter()
        .zip(&weights.0[HUFF_MAN..])
        .map(|(value, weight)| sign * value * weight)
        .sum();
    Linear {
        white: eval::weighted_features(pos.board(), weights) + huff,
        network_percent: 100,
        draw_scale: eval::draw_scale(pos.board()),
        side: pos.side_to_move(),
    }
}

/// The evaluation term by term: the Russian terms, then the huff terms.
pub fn breakdown(pos: &FukPosition, weights: &Weights) -> (Vec<Term>, i32) {
    let (mut terms, scale) = eval::breakdown(pos.board(), weights);
    let white_to_move = pos.side_to_move() == Side::White;
    for (i, value) in huff_terms(pos).into_iter().enumerate() {
        let (white, black) = if white_to_move {
            (value, 0)
        } else {
            (0, value)
        };
        terms.push(Term {
            name: NAMES[i].to_string(),
            white,
            black,
            score: (white - black) * weights.0[HUFF_MAN + i],
        });
    }
    (terms, scale)
}

/// The name of weight `index`: a huff term, else the Russian name.
pub fn weight_name(index: usize) -> String {
    match index.checked_sub(HUFF_MAN) {
        Some(i) if i < NAMES.len() => NAMES[i].to_string(),
        _ => eval::feature_name::<Dark8>(index),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::fuk::Fuk;
    use crate::testing::{Rng, random_games};

    #[test]
    fn linear_sum_is_the_dot_product_of_the_features() {
        let weights = Fuk::weights();
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        random_games::<Fuk>(&mut rng, &Fuk::start(), 20, 120, |_, pos, _, _| {
            assert_eq!(linear(pos, &weights).white, weights.dot(&features(pos)));
        });
    }
}
