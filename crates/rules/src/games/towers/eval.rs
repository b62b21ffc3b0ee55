//! The tower games' evaluation: a linear sum of features with integer weights, from the side to
//! move, in hundredths of a man.
//!
//! A tower is worth what its owner holds while holding its top: the top piece (a man or a
//! king), the owner's own pieces under it (a reserve that stays the owner's when the top is
//! taken) and the prisoners (enemy pieces that go back to the enemy when they come up). A tower
//! whose second piece is an enemy's is fragile: one jump hands the rest of it over. The other
//! features are the towers the enemy could jump at once, the quiet steps, how far men have
//! advanced, men still guarding the back rank, and towers in the centre. They sit at the start of
//! the shared weight vector; the rest of it is unused.

use super::TowerRules;
use super::position::Position;
use crate::board::{Diagonal, Geometry};
use crate::eval::{FEATURES, Linear, Term, Weights};
use crate::types::{Bitboard, Dir, Side};

/// The features, in weight order.
pub const NAMES: [&str; USED] = [
    "man tower",
    "king tower",
    "own reserve",
    "prisoner",
    "fragile tower",
    "fragile stake",
    "attacked tower",
    "mobility",
    "man advance",
    "back rank man",
    "centre tower",
];

/// Number of weights used.
pub const USED: usize = 11;

const _: () = assert!(USED <= FEATURES);

/// The hand-written weights: a king-topped tower is worth two and a half men; the pieces under
/// one's own top are worth less than the top, prisoners less again (they may be freed); a
/// fragile tower and a tower that can be jumped at once lose part of their worth.
pub const HAND_WEIGHTS: [i32; USED] = [100, 250, 50, 35, -25, -15, -20, 3, 4, 8, 6];

/// Bashni's fitted weights: `damka tune --variant bashni` on 80813 positions of 2000 self-play
/// games (3000 nodes a move, 8 random plies), from [`HAND_WEIGHTS`], nothing held; error
/// 0.146467 -> 0.116495 at k 0.444. Every colour keeps all its pieces, so a side's tops, its
/// reserve and the other side's prisoners always add up to the same count: the weights of
/// "man tower", "own reserve" and "prisoner" share one degree of freedom, and only their
/// differences mean anything (a prisoner is worth 116 + 159 = 275 more than a piece of one's
/// own under one's top, which is already counted as not lost).
pub const BASHNI_TUNED: [i32; USED] = [100, 254, -159, 116, -19, 3, -65, -17, 9, 98, -30];

/// Lasca's fitted weights: `damka tune --variant lasca` on 130673 positions of 2000 self-play
/// games (3000 nodes a move, 8 random plies), from [`HAND_WEIGHTS`], nothing held; error
/// 0.077516 -> 0.068719 at k 0.640. The same shared degree of freedom as in Bashni; a king
/// that only steps is worth far less than Bashni's flying one.
pub const LASCA_TUNED: [i32; USED] = [100, 136, -119, 119, -30, 8, -15, 15, -9, -8, -22];

/// The default weights of a tower game: its fitted ones.
pub fn weights<R: TowerRules>() -> Weights {
    let mut w = [0; FEATURES];
    w[..USED].copy_from_slice(&R::WEIGHTS);
    Weights(w)
}

/// The name of weight `index`, or empty if unused.
pub fn feature_name(index: usize) -> String {
    NAMES.get(index).map_or(String::new(), |s| s.to_string())
}

/// The central squares: files c to f (c to e on 7×7) and the two or three middle ranks.
fn centre<B: Geometry>() -> Bitboard {
    let (lo, hi) = (2, B::FILES - 3);
    let mut set = Bitboard::EMPTY;
    for rank in lo..=hi {
        for file in lo..=hi {
            if let Some(sq) = B::square_at(file, rank) {
                set |= sq.bb();
            }
        }
    }
    set
}

/// The features of one side's towers.
fn side_features<R: TowerRules>(pos: &Position, side: Side) -> [i32; FEATURES] {
    let mut f = [0; FEATURES];
    let own = pos.owned(side);
    let enemy = pos.owned(side.opponent());
    let empty = R::Board::complement(pos.occupied());
    let kings = pos.kings();
    let back = R::Board::promotion_rank(side.opponent());
    for sq in own {
        let stack = pos.stack(sq);
        let under = stack.height() as i32 - 1;
        let mine = stack.count(side) as i32 - 1;
        f[2] += mine;
        f[3] += under - mine;
        if stack.piece(1).is_some_and(|p| p.side != side) {
            f[4] += 1;
            f[5] += under;
        }
        if kings.contains(sq) {
            f[1] += 1;
        } else {
            f[0] += 1;
            let rank = R::Board::rank(sq) as i32;
            f[8] += match side {
                Side::White => rank,
                Side::Black => R::Board::RANKS as i32 - 1 - rank,
            };
        }
    }
    // A tower can be jumped now if an enemy top stands next to it with the square beyond empty.
    let mut attacked = Bitboard::EMPTY;
    for dir in Dir::ALL {
        attacked |= own & R::Board::shift(enemy, dir) & R::Board::shift(empty, dir.reverse());
    }
    f[6] = attacked.count() as i32;
    let men = own.without(kings);
    let mut steps = 0;
    for dir in Dir::ALL {
        let movers = if Dir::forward(side).contains(&dir) {
            own
        } else {
            own & kings
        };
        steps += (R::Board::shift(movers, dir) & empty).count();
    }
    f[7] = steps as i32;
    f[9] = (men & back).count() as i32;
    f[10] = (own & centre::<R::Board>()).count() as i32;
    f
}

/// White's features minus Black's.
pub fn features<R: TowerRules>(pos: &Position) -> [i32; FEATURES] {
    let (white, black) = (
        side_features::<R>(pos, Side::White),
        side_features::<R>(pos, Side::Black),
    );
    std::array::from_fn(|i| white[i] - black[i])
}

/// The draw scale in sixteenths: a lone king-topped tower against another cannot be forced.
pub fn draw_scale(pos: &Position) -> i32 {
    let lone = pos.owned(Side::White).count() == 1
        && pos.owned(Side::Black).count() == 1
        && pos.kings().count() == 2;
    if lone { 4 } else { 16 }
}

/// The linear part of the evaluation of `pos` and how a network's term joins it.
pub fn linear<R: TowerRules>(pos: &Position, weights: &Weights) -> Linear {
    let f = features::<R>(pos);
    Linear {
        white: weights.dot(&f[..USED]),
        network_percent: 100,
        draw_scale: draw_scale(pos),
        side: pos.side_to_move(),
    }
}

/// The evaluation term by term for display, and the draw scale in sixteenths.
pub fn breakdown<R: TowerRules>(pos: &Position, weights: &Weights) -> (Vec<Term>, i32) {
    let white = side_features::<R>(pos, Side::White);
    let black = side_features::<R>(pos, Side::Black);
    (
        crate::eval::count_terms(&NAMES, &white, &black, weights),
        draw_scale(pos),
    )
}

/// True if `side`'s top on the square is a king (for tests).
#[cfg(test)]
fn is_king(pos: &Position, sq: crate::types::Square) -> bool {
    pos.top(sq)
        .is_some_and(|p| p.kind == crate::types::Kind::King)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::towers::{Bashni, Lasca, notation};

    #[test]
    fn the_start_positions_are_level() {
        let (pos, _) =
            notation::parse_fen::<Bashni>(crate::games::towers::BASHNI_BENCH[0]).unwrap();
        assert!(features::<Bashni>(&pos).iter().all(|f| *f == 0));
        let (pos, _) = notation::parse_fen::<Lasca>(crate::games::towers::LASCA_BENCH[0]).unwrap();
        assert!(features::<Lasca>(&pos).iter().all(|f| *f == 0));
        assert!((0..USED).all(|i| !feature_name(i).is_empty()));
    }

    #[test]
    fn a_fragile_tower_counts_its_stake() {
        let (pos, _) = notation::parse_fen::<Bashni>("W:c3wbb,h8B").unwrap();
        let f = features::<Bashni>(&pos);
        assert_eq!(f[3], 2);
        assert_eq!(f[4], 1);
        assert_eq!(f[5], 2);
        assert!(is_king(
            &pos,
            crate::board::Dark8::parse_algebraic("h8").unwrap()
        ));
    }
}
