//! Turkish dama's evaluation: a linear sum of features with integer weights, from the side to
//! move, in hundredths of a man.
//!
//! The features are material (men and kings), the men's freedom to step and the kings' reach
//! along ranks and files, the lines a king holds open to the edge, men with no enemy in front
//! of them on their own or a neighbouring file (passed), men whose square behind is covered
//! (they cannot be jumped from the front) and men side by side, and a table of each man's rank
//! (as seen from its own side) and file (folded: a and h alike). They sit at the start of the
//! shared weight vector; the rest of it is unused.

use super::movegen::{forward, mobility};
use super::position::Position;
use crate::board::{Full8, Geometry, Line, Lines};
use crate::eval::{FEATURES, Linear, Term, Weights};
use crate::types::{Bitboard, Side, Square};
use std::sync::LazyLock;

/// The count features, in weight order.
pub const SCALAR_NAMES: [&str; SCALARS] = [
    "man",
    "king",
    "mobility",
    "king mobility",
    "king open line",
    "passed man",
    "backed man",
    "man pair",
];

/// Number of count features.
pub const SCALARS: usize = 8;

/// Index of the first weight of the man table: ranks 2 to 7 as seen from the man's side, four
/// folded files each (a/h, b/g, c/f, d/e).
pub const MAN_TABLE: usize = SCALARS;

/// Ranks in the man table.
const TABLE_RANKS: usize = 6;

/// Number of weights used.
pub const USED: usize = MAN_TABLE + 4 * TABLE_RANKS;

const _: () = assert!(USED <= FEATURES);

/// The hand-written weights the first fit started from: a king is worth two and a half men; a
/// man gains more for each rank it advances, and a little for the centre files.
pub const HAND_WEIGHTS: [i32; USED] = [
    100, 250, 2, 1, 4, 20, 3, 2, // counts
    0, 1, 2, 3, // rank 2
    3, 4, 5, 6, // rank 3
    8, 9, 10, 11, // rank 4
    15, 16, 17, 18, // rank 5
    28, 29, 30, 31, // rank 6
    50, 51, 52, 53, // rank 7
];

/// The fitted weights: `damka tune --variant turkish` on 173944 positions of 2000 self-play
/// games (3000 nodes a move, 8 random plies), from [`HAND_WEIGHTS`], nothing held; error
/// 0.078859 -> 0.073836 at k 0.810. The man table and the man's count share one degree of
/// freedom (every man is in one cell), so only differences within the table mean anything:
/// the 7th rank is worth most, on the edge files above all; a king is worth over four men; a
/// man's freedom to step, men side by side and men covered from behind count for much more
/// than the hand-written guesses. Against the hand-written weights: +117.2 ± 48.2 Elo over 200
/// games at 20000 nodes a move.
pub const TUNED_WEIGHTS: [i32; USED] = [
    100, 431, 47, 9, -66, 12, 50, 98, // counts
    -85, -152, -138, -148, // rank 2
    -101, -165, -160, -165, // rank 3
    -87, -156, -156, -160, // rank 4
    -48, -117, -140, -143, // rank 5
    -18, -59, -37, -14, // rank 6
    186, 18, -72, -71, // rank 7
];

/// Turkish dama's default weights, [`TUNED_WEIGHTS`].
pub fn weights() -> Weights {
    let mut w = [0; FEATURES];
    w[..USED].copy_from_slice(&TUNED_WEIGHTS);
    Weights(w)
}

/// The name of weight `index`: a count feature, `man rank 5 file c/f`, or empty if unused.
pub fn feature_name(index: usize) -> String {
    const FILES: [&str; 4] = ["a/h", "b/g", "c/f", "d/e"];
    match index {
        i if i < SCALARS => SCALAR_NAMES[i].to_string(),
        i if i < USED => {
            let (row, file) = ((i - MAN_TABLE) / 4, (i - MAN_TABLE) % 4);
            format!("man rank {} file {}", row + 2, FILES[file])
        }
        _ => String::new(),
    }
}

/// The table index of a man of `side` on `square`.
#[inline]
fn table_index(side: Side, square: Square) -> usize {
    let rank = Full8::rank(square) as usize;
    let rank = if side == Side::White { rank } else { 7 - rank };
    let file = Full8::file(square) as usize;
    let row = rank.clamp(1, TABLE_RANKS) - 1;
    MAN_TABLE + 4 * row + file.min(7 - file)
}

/// For each side and square, the squares ahead of a man there on its own and the neighbouring
/// files: a man with no enemy piece in them is passed.
static FRONT_SPAN: LazyLock<[[Bitboard; 64]; 2]> = LazyLock::new(|| {
    let mut spans = [[Bitboard::EMPTY; 64]; 2];
    for side in Side::BOTH {
        for square in Full8::squares() {
            let files = square.bb()
                | Full8::shift(square.bb(), Line::East)
                | Full8::shift(square.bb(), Line::West);
            let mut span = Bitboard::EMPTY;
            let mut row = Full8::shift(files, forward(side));
            while row.any() {
                span |= row;
                row = Full8::shift(row, forward(side));
            }
            spans[side.index()][square.index()] = span;
        }
    }
    spans
});

/// The features of one side's pieces.
fn side_features(pos: &Position, side: Side) -> [i32; FEATURES] {
    let mut f = [0; FEATURES];
    let men = pos.men(side);
    let enemies = pos.pieces(side.opponent());
    f[0] = men.count() as i32;
    f[1] = pos.kings(side).count() as i32;
    let (steps, reach, open) = mobility(pos, side);
    f[2] = steps as i32;
    f[3] = reach as i32;
    f[4] = open as i32;
    let spans = &FRONT_SPAN[side.index()];
    let own = pos.pieces(side);
    let behind = forward(side.opponent());
    for man in men {
        f[5] += (spans[man.index()] & enemies).is_empty() as i32;
        let back = Full8::shift(man.bb(), behind);
        f[6] += (back.is_empty() || (back & own).any()) as i32;
        f[table_index(side, man)] += 1;
    }
    f[7] = (men & Full8::shift(men, Line::East)).count() as i32;
    f
}

/// White's features minus Black's.
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let (white, black) = (
        side_features(pos, Side::White),
        side_features(pos, Side::Black),
    );
    std::array::from_fn(|i| white[i] - black[i])
}

/// The draw scale in sixteenths: a king against a king with nothing else cannot be won.
pub fn draw_scale(pos: &Position) -> i32 {
    let lone_kings = pos.occupied().count() == 2 && pos.all_kings().count() == 2;
    if lone_kings { 1 } else { 16 }
}

/// The linear part of the evaluation of `pos` and how a network's term joins it.
pub fn linear(pos: &Position, weights: &Weights) -> Linear {
    let f = features(pos);
    Linear {
        white: weights.dot(&f),
        network_percent: 100,
        draw_scale: draw_scale(pos),
        side: pos.side_to_move(),
    }
}

/// The evaluation term by term for display, and the draw scale in sixteenths.
pub fn breakdown(pos: &Position, weights: &Weights) -> (Vec<Term>, i32) {
    let white = side_features(pos, Side::White);
    let black = side_features(pos, Side::Black);
    let mut terms = crate::eval::count_terms(&SCALAR_NAMES, &white, &black, weights);
    let table = |f: &[i32; FEATURES]| (MAN_TABLE..USED).map(|i| f[i] * weights.0[i]).sum();
    let (w, b): (i32, i32) = (table(&white), table(&black));
    terms.push(Term {
        name: "man ranks and files".to_string(),
        white: w,
        black: b,
        score: w - b,
    });
    (terms, draw_scale(pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::Score;

    #[test]
    fn the_start_position_is_level_and_names_cover_the_used_weights() {
        let start = Position::startpos();
        assert_eq!(linear(&start, &weights()).score(0), Score(0));
        assert!(features(&start).iter().all(|f| *f == 0));
        assert!((0..USED).all(|i| !feature_name(i).is_empty()));
        assert!(feature_name(USED).is_empty());
    }

    #[test]
    fn the_table_sees_both_sides_alike() {
        let sq = |name| Full8::parse_algebraic(name).unwrap();
        assert_eq!(
            table_index(Side::White, sq("c5")),
            table_index(Side::Black, sq("f4"))
        );
        assert_eq!(table_index(Side::White, sq("h7")), USED - 4);
    }
}
