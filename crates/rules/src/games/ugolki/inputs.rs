//! What a network sees of an Ugolki position: where each side's men stand in the race.

use super::position::Position;
use crate::board::{Full8, Geometry};
use crate::network::{NetworkInputs, piece_square_changes, piece_square_inputs};
use crate::types::{Bitboard, Side};

/// One input per man (own or the opponent's) and square of the full board, seen from the
/// perspective's side: 128 inputs. The house's shape is the game option, the same all game.
#[derive(Clone, Copy, Debug, Default)]
pub struct ManSquares;

/// The men of `pos`, seen from `side`: its own, then the opponent's.
#[inline]
fn kinds(pos: &Position, side: Side) -> [Bitboard; 2] {
    [pos.pieces(side), pos.pieces(side.opponent())]
}

impl NetworkInputs for ManSquares {
    type Position = Position;
    const INPUTS: usize = 2 * Full8::SQUARE_COUNT;

    #[inline]
    fn inputs(pos: &Position, perspective: Side, on: &mut impl FnMut(usize)) {
        piece_square_inputs::<Full8, 2>(kinds(pos, perspective), perspective, on);
    }

    #[inline]
    fn changes(
        before: &Position,
        after: &Position,
        perspective: Side,
        change: &mut impl FnMut(usize, bool),
    ) {
        let (old, new) = (kinds(before, perspective), kinds(after, perspective));
        piece_square_changes::<Full8, 2>(old, new, perspective, change);
    }
}
