//! Static evaluation: a linear sum of features with integer weights, from the point of view of
//! the side to move, in hundredths of a man, followed by a scale-down in endings the rules or
//! theory make drawn.
//!
//! The features are a few counts (material, mobility, blocked and runaway men, king mobility)
//! and two piece-square tables, one for men and one for kings, indexed by the square as seen
//! from the piece's own side. The tables carry what used to be separate terms (advancement,
//! centre, back-rank guard, tempo, kings on the main road) and let the tuner find what else a
//! square is worth. The weights live in [`Weights`] so that the tuner can fit them and `eval`
//! can show the terms. This module reads positions only; it knows nothing about search.

mod features;
pub mod network;
pub mod patterns;

pub use features::{draw_scale, features, weighted_features};

use crate::board::{Dark8, Dark10, Diagonal, Geometry};
use crate::games::draughts::Rules;
use crate::games::draughts::position::Position;
use crate::score::Score;
use crate::types::Side;

/// The count features, in weight order.
pub const SCALAR_NAMES: [&str; SCALARS] = [
    "man",
    "king",
    "mobility",
    "blocked man",
    "king mobility",
    "runaway man",
];

/// Number of count features.
pub const SCALARS: usize = 6;

/// The most squares a board of any game has: the square tables are this long, and a smaller
/// board leaves the end of each table unused (always zero).
pub const MAX_SQUARES: usize = 50;

/// Index of the first man square weight (a1 = 0, then along the ranks, from the owner's side:
/// see [`Geometry::relative`]).
pub const MAN_SQUARES: usize = SCALARS;

/// Index of the first king square weight.
pub const KING_SQUARES: usize = SCALARS + MAX_SQUARES;

pub use crate::eval::{FEATURES, Linear, Term, WeightGroup, Weights};

/// The square tables, which `tune --fix` holds by name.
pub const SQUARE_TABLES: &[WeightGroup] = &[
    WeightGroup {
        name: "man squares",
        start: MAN_SQUARES,
        end: KING_SQUARES,
    },
    WeightGroup {
        name: "king squares",
        start: KING_SQUARES,
        end: FEATURES,
    },
];

const _: () = assert!(FEATURES == SCALARS + 2 * MAX_SQUARES);

/// The first of the weight slots an 8×8 game may give to terms of its own: the man square
/// table's entries past the board's 32 squares, which no 8×8 position fills. Fuk keeps its huff
/// terms there (`crate::games::fuk::eval`).
pub const EXTRA_8X8: usize = MAN_SQUARES + 32;

/// Fuk's count features (man, king, mobility, blocked man, king mobility, runaway man). Fitted
/// by `damka tune --variant fuk` to 118156 quiet positions of 3000 self-play games (5000 nodes a
/// move, 8 random plies), with the king, its squares and its mobility held as for Russian (see
/// README, "Tuning"); error 0.064212 -> 0.062820 at k 1.665, starting from the Russian weights.
/// Mobility and the runaway man count for more than in Russian: with capture optional, a side
/// short of moves cannot hope to be rescued by a forced exchange.
const FUK_SCALARS: [i32; SCALARS] = [100, 270, 6, 7, 1, 32];

/// Fuk's man squares, fitted with [`FUK_SCALARS`]. Against Russian the back rank is worth more
/// and men on b6/d6, where an enemy may decline to take and leave the huff, less.
const FUK_MAN_SQUARES: [i32; 32] = [
    31, 59, 61, 47, // a1 c1 e1 g1
    23, 47, 34, 22, // b2 d2 f2 h2
    24, 23, 40, 21, // a3 c3 e3 g3
    16, 34, 30, 22, // b4 d4 f4 h4
    32, 25, 10, 14, // a5 c5 e5 g5
    -3, -11, 43, 45, // b6 d6 f6 h6
    54, 60, 65, 171, // a7 c7 e7 g7
    0, 0, 0, 0, // b8 d8 f8 h8
];

/// Fuk's huff terms, at [`EXTRA_8X8`] on: the side to move may huff a man, may huff a king, can
/// capture (so a quiet move would leave its capturing pieces to be huffed). Hand-set: the fit
/// sees only quiet positions, where all three are 0. They are kept small because quiescence
/// also searches every huff and capture: the evaluation only prices declining them.
const FUK_HUFF_TERMS: [i32; 3] = [40, 80, -60];

/// The name of a weight on board `B`: a count feature, or `man c3` / `king d4` for a square, as
/// seen from White (for Black the board is turned round).
pub fn feature_name<B: Geometry>(index: usize) -> String {
    let square_name = |i: usize| {
        B::squares()
            .find(|sq| B::relative(Side::White, *sq) == i)
            .map_or("-".to_string(), B::algebraic)
    };
    match index {
        i if i < SCALARS => SCALAR_NAMES[i].to_string(),
        i if i < KING_SQUARES => format!("man {}", square_name(i - MAN_SQUARES)),
        i => format!("king {}", square_name(i - KING_SQUARES)),
    }
}

/// Russian values of a man on each square as seen from its own side, in Russian numbering
/// order (a1, c1, e1, g1, b2, … h8). Fitted by `damka tune` with the king, its squares and its
/// mobility held (see README, "Tuning"), starting from hand-written values by rank (a little for
/// each step forward, more close to promotion, a bonus for the back rank) and the centre. The fit
/// kept that shape and sharpened it: the back rank guard is worth far more, and a man on the
/// seventh rank almost a third of a king.
const RUSSIAN_MAN_SQUARES: [i32; 32] = [
    10, 37, 43, 51, // a1 c1 e1 g1
    7, 27, 22, 16, // b2 d2 f2 h2
    10, 16, 31, 9, // a3 c3 e3 g3
    7, 23, 27, 24, // b4 d4 f4 h4
    17, 26, 5, 25, // a5 c5 e5 g5
    38, 30, 52, 53, // b6 d6 f6 h6
    79, 111, 123, 121, // a7 c7 e7 g7
    0, 0, 0, 0, // b8 d8 f8 h8: a man never stands there
];

/// Giveaway's weights: the count features, then the man and the king square tables in Russian
/// numbering order. Fitted by `damka tune --variant giveaway --k 1.7` to self-play positions
/// (see README, "Tuning"). The fit overturned the hand-written idea that every piece is a
/// burden: a man's count and its square's value roughly cancel, while mobility and kings are
/// worth having, because the player with moves to spare is the one who can make the opponent
/// take. The search still sees that a side left without pieces or moves has won.
const GIVEAWAY_SCALARS: [i32; SCALARS] = [-49, -104, 5, -2, 6, 6];

/// Giveaway's man squares (see [`GIVEAWAY_SCALARS`]).
const GIVEAWAY_MAN_SQUARES: [i32; 32] = [
    17, 55, 60, 43, // a1 c1 e1 g1
    44, 61, 52, 36, // b2 d2 f2 h2
    40, 49, 55, 45, // a3 c3 e3 g3
    51, 57, 61, 49, // b4 d4 f4 h4
    44, 36, 47, 54, // a5 c5 e5 g5
    38, 69, 68, 54, // b6 d6 f6 h6
    3, 51, 74, 122, // a7 c7 e7 g7
    0, 0, 0, 0, // b8 d8 f8 h8
];

/// Giveaway's king squares (see [`GIVEAWAY_SCALARS`]).
const GIVEAWAY_KING_SQUARES: [i32; 32] = [
    184, 183, 216, 193, // a1 c1 e1 g1
    148, 180, 149, 154, // b2 d2 f2 h2
    172, 145, 135, 112, // a3 c3 e3 g3
    111, 90, 117, 126, // b4 d4 f4 h4
    144, 113, 89, 113, // a5 c5 e5 g5
    102, 75, 115, 118, // b6 d6 f6 h6
    175, 139, 116, 113, // a7 c7 e7 g7
    122, 106, 129, 127, // b8 d8 f8 h8
];

/// Russian's weights, also Brazilian's.
pub fn russian_weights() -> Weights {
    let mut w = [0; FEATURES];
    w[..SCALARS].copy_from_slice(&[100, 270, 2, 8, 1, 13]);
    w[MAN_SQUARES..MAN_SQUARES + 32].copy_from_slice(&RUSSIAN_MAN_SQUARES);
    // Kings: the centre, and above all the main road a1-h8.
    for square in Dark8::squares() {
        let i = Dark8::relative(Side::White, square);
        let centre = matches!(Dark8::algebraic(square).as_str(), "d4" | "f4" | "c5" | "e5");
        let main_road = Dark8::long_diagonal().contains(square);
        w[KING_SQUARES + i] = 6 * centre as i32 + 12 * main_road as i32;
    }
    // The trained pattern tables stay off until a table wins clearly in games: the first one,
    // learned from 8000 self-play games, scored +12.2 +/- 23.9 Elo over 400 games (README,
    // "Pattern tables").
    w[patterns::PATTERN_SCALE] = 0;
    // The network, trained on 2.27 million positions of 40000 self-play games with their
    // search scores, scored +128.0 +/- 22.3 Elo over 400 games at 20 ms a move against the
    // same build without (README, "The network").
    w[network::NETWORK_SCALE] = 100;
    Weights(w)
}

/// Fuk's weights: Russian's king terms, its own fitted counts and man squares, and the huff
/// terms in the slots past the 8×8 man squares.
pub fn fuk_weights() -> Weights {
    let mut w = russian_weights().0;
    w[..SCALARS].copy_from_slice(&FUK_SCALARS);
    w[MAN_SQUARES..MAN_SQUARES + 32].copy_from_slice(&FUK_MAN_SQUARES);
    w[EXTRA_8X8..EXTRA_8X8 + 3].copy_from_slice(&FUK_HUFF_TERMS);
    // Russian's pattern tables were learned from Russian games, where capturing is compulsory.
    w[patterns::PATTERN_SCALE] = 0;
    Weights(w)
}

/// Giveaway's weights.
pub fn giveaway_weights() -> Weights {
    let mut w = [0; FEATURES];
    w[..SCALARS].copy_from_slice(&GIVEAWAY_SCALARS);
    // A network, once trained, counts as trained.
    w[network::NETWORK_SCALE] = 100;
    w[MAN_SQUARES..MAN_SQUARES + 32].copy_from_slice(&GIVEAWAY_MAN_SQUARES);
    w[KING_SQUARES..KING_SQUARES + 32].copy_from_slice(&GIVEAWAY_KING_SQUARES);
    Weights(w)
}

/// International's count features (man, king, mobility, blocked man, king mobility, runaway
/// man). Fitted by `damka tune --variant international` to 578589 positions of 6000 self-play
/// games, with the king, its squares and its mobility held at their hand-written values, as for
/// Russian (see README, "Tuning"); error 0.084685 -> 0.083409 at k 1.399. The fit started from
/// hand-written values (a king three men; a man gaining a little for each step forward, more
/// close to the crowning rank, and in the centre files) and raised the runaway man from 15 to 45.
const INTERNATIONAL_SCALARS: [i32; SCALARS] = [100, 300, 1, 6, 1, 45];

/// International's man squares as seen from the man's own side, in the order of
/// [`Geometry::relative`] (a1, c1, … i1, b2, … j10); the PDN numbers are those of White's men.
/// Fitted with [`INTERNATIONAL_SCALARS`]: a man one step from crowning gains 1.2 to 1.8 men on
/// top of its own value, and the back rank, which keeps the opponent's men from crowning, is
/// worth a little more than the rank in front of it.
const INTERNATIONAL_MAN_SQUARES: [i32; MAX_SQUARES] = [
    17, 22, 37, 29, 31, // a1 c1 e1 g1 i1 (46-50)
    9, 18, 23, 11, 13, // b2 d2 f2 h2 j2 (41-45)
    15, 13, 21, 22, 12, // a3 c3 e3 g3 i3 (36-40)
    13, 21, 27, 12, 22, // b4 d4 f4 h4 j4 (31-35)
    17, 18, 25, 21, 8, // a5 c5 e5 g5 i5 (26-30)
    12, 15, 19, 16, 16, // b6 d6 f6 h6 j6 (21-25)
    22, 28, 16, 4, 24, // a7 c7 e7 g7 i7 (16-20)
    62, 34, 7, 41, 14, // b8 d8 f8 h8 j8 (11-15)
    124, 147, 125, 152, 176, // a9 c9 e9 g9 i9 (6-10)
    0, 0, 0, 0, 0, // b10 d10 f10 h10 j10 (1-5): a man never stands there
];

/// International's weights: the fitted count features and man squares, and the hand-written king
/// squares (held in the fit): a king likes the long diagonal and the centre.
pub fn international_weights() -> Weights {
    let mut w = [0; FEATURES];
    w[..SCALARS].copy_from_slice(&INTERNATIONAL_SCALARS);
    w[MAN_SQUARES..KING_SQUARES].copy_from_slice(&INTERNATIONAL_MAN_SQUARES);
    for square in Dark10::squares() {
        let i = Dark10::relative(Side::White, square);
        let (file, rank) = (Dark10::file(square) as i32, Dark10::rank(square) as i32);
        let long_diagonal = Dark10::long_diagonal().contains(square) as i32;
        let middle = ((3..=6).contains(&file) && (3..=6).contains(&rank)) as i32;
        w[KING_SQUARES + i] = 12 * long_diagonal + 6 * middle;
    }
    Weights(w)
}

/// The evaluation of `pos` for the side to move, with the network's term made from scratch.
pub fn evaluate<R: Rules>(pos: &Position<R>, weights: &Weights) -> Score {
    let network = match R::network() {
        Some(network) if network_scale::<R>(weights) != 0 => {
            network.score::<network::PieceSquares<R>>(pos, pos.side_to_move())
        }
        _ => 0,
    };
    linear(pos, weights).score(network)
}

/// The linear part of the evaluation of `pos` (features and pattern tables) and how a
/// network's term joins it (scaled by [`network::NETWORK_SCALE`]).
pub fn linear<R: Rules>(pos: &Position<R>, weights: &Weights) -> Linear {
    Linear {
        white: weighted_features(pos, weights) + pattern_term(pos, weights),
        network_percent: network_scale::<R>(weights),
        // The known drawn endings are drawn by the rules of the games that lose when blocked.
        draw_scale: if R::NO_MOVE_WINS { 16 } else { draw_scale(pos) },
        side: pos.side_to_move(),
    }
}

/// The pattern tables' term for White, scaled by the weight [`patterns::PATTERN_SCALE`]; 0 for
/// a game without tables.
#[inline]
pub fn pattern_term<R: Rules>(pos: &Position<R>, weights: &Weights) -> i32 {
    let scale = weights.0[patterns::PATTERN_SCALE];
    if scale == 0 {
        return 0;
    }
    R::patterns().map_or(0, |table| table.score(pos) * scale / 100)
}

/// The network's term for White, scaled by the weight [`network::NETWORK_SCALE`]; 0 for a
/// game without a network.
#[inline]
pub fn network_term<R: Rules>(pos: &Position<R>, weights: &Weights) -> i32 {
    let scale = network_scale::<R>(weights);
    if scale == 0 {
        return 0;
    }
    R::network().map_or(0, |network| {
        let term = network.score::<network::PieceSquares<R>>(pos, pos.side_to_move());
        crate::eval::as_white(term * scale / 100, pos.side_to_move())
    })
}

/// The network's weight in percent: the weight [`network::NETWORK_SCALE`] on the 8×8 board,
/// whose king square table leaves that slot free; 100 on the larger boards, where it is a king
/// square.
#[inline]
fn network_scale<R: Rules>(weights: &Weights) -> i32 {
    if <R::Board as Geometry>::SQUARE_COUNT == 32 {
        weights.0[network::NETWORK_SCALE]
    } else {
        100
    }
}

/// The evaluation term by term for display, and the draw scale in sixteenths.
pub fn breakdown<R: Rules>(pos: &Position<R>, weights: &Weights) -> (Vec<Term>, i32) {
    let white = features::side_features(pos, Side::White);
    let black = features::side_features(pos, Side::Black);
    let mut terms = crate::eval::count_terms(&SCALAR_NAMES, &white, &black, weights);
    for (name, range) in [
        ("man squares", MAN_SQUARES..KING_SQUARES),
        ("king squares", KING_SQUARES..FEATURES),
    ] {
        let sum = |f: &[i32; FEATURES]| range.clone().map(|i| f[i] * weights.0[i]).sum::<i32>();
        let (w, b) = (sum(&white), sum(&black));
        terms.push(Term {
            name: name.to_string(),
            white: w,
            black: b,
            score: w - b,
        });
    }
    if R::patterns().is_some() {
        let score = pattern_term(pos, weights);
        terms.push(Term {
            name: "patterns".to_string(),
            white: score,
            black: 0,
            score,
        });
    }
    if R::network().is_some() {
        let score = network_term(pos, weights);
        terms.push(Term {
            name: "network".to_string(),
            white: score,
            black: 0,
            score,
        });
    }
    let scale = if R::NO_MOVE_WINS { 16 } else { draw_scale(pos) };
    (terms, scale)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::Russian;
    use crate::games::draughts::notation::parse_fen;

    #[test]
    fn start_position_is_balanced() {
        let pos = Position::<Russian>::startpos();
        assert_eq!(features(&pos), [0; FEATURES]);
        let mut linear = russian_weights();
        linear.0[network::NETWORK_SCALE] = 0;
        assert_eq!(evaluate(&pos, &linear), Score::DRAW);
        // The network may price the move in hand, but not as much as a quarter of a man.
        assert!(evaluate(&pos, &russian_weights()).0.abs() < 25);
    }

    #[test]
    fn evaluation_is_symmetric() {
        let pos = parse_fen::<Russian>("W:Wc3,e3,Kd4:Bf6,b6").unwrap();
        let mirrored = parse_fen::<Russian>("B:Wc3,g3:Bf6,d6,Ke5").unwrap();
        assert_eq!(
            evaluate(&pos, &russian_weights()),
            evaluate(&mirrored, &russian_weights())
        );
    }

    #[test]
    fn lone_king_against_two_is_drawn() {
        let pos = parse_fen::<Russian>("W:WKc1,Ke1:BKh8").unwrap();
        assert_eq!(evaluate(&pos, &russian_weights()), Score::DRAW);
    }

    #[test]
    fn breakdown_adds_up_to_the_evaluation() {
        let pos = parse_fen::<Russian>("W:Wa1,c3,e3,Kd4,g5:Bb6,d6,f8,Kh2").unwrap();
        let weights = russian_weights();
        let (terms, scale) = breakdown(&pos, &weights);
        let total: i32 = terms.iter().map(|t| t.score).sum();
        assert_eq!(Score(total * scale / 16), evaluate(&pos, &weights));
    }

    /// The evaluation's weighted sum against the feature vector's dot product, on the
    /// positions of random games with random weights.
    fn weighted_sum_is_the_dot_product<R: Rules>() {
        use crate::games::draughts::Draughts;
        use crate::testing::{Rng, random_games};
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20 {
            let weights = Weights(std::array::from_fn(|_| rng.below(401) as i32 - 200));
            let start = Position::<R>::startpos();
            random_games::<Draughts<R>>(&mut rng, &start, 1, 150, |_, pos, _, _| {
                assert_eq!(
                    weighted_features(pos, &weights),
                    weights.dot(&features(pos))
                );
            });
        }
    }

    #[test]
    fn weighted_sum_is_the_dot_product_in_every_draughts_game() {
        use crate::games::draughts::{Brazilian, Giveaway, International};
        weighted_sum_is_the_dot_product::<Russian>();
        weighted_sum_is_the_dot_product::<Giveaway>();
        weighted_sum_is_the_dot_product::<Brazilian>();
        weighted_sum_is_the_dot_product::<International>();
    }

    #[test]
    fn names_cover_every_weight() {
        assert_eq!(feature_name::<Dark8>(0), "man");
        assert_eq!(feature_name::<Dark8>(MAN_SQUARES), "man a1");
        assert_eq!(feature_name::<Dark8>(KING_SQUARES + 31), "king h8");
        assert_eq!(feature_name::<Dark8>(KING_SQUARES + 32), "king -");
        assert_eq!(feature_name::<Dark10>(KING_SQUARES + 49), "king j10");
        assert_eq!(
            russian_weights().0[KING_SQUARES],
            12,
            "a king on a1 stands on the main road"
        );
    }
}
