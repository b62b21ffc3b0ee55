//! What a network sees of a Turkish position: each man and king on its square.

use super::position::Position;
use crate::board::{Full8, Geometry};
use crate::network::{NetworkInputs, piece_square_changes, piece_square_inputs};
use crate::types::{Bitboard, Side};

/// One input per kind of piece (own man, own king, the opponent's man and king) and square of
/// the full board, seen from the perspective's side: 256 inputs.
#[derive(Clone, Copy, Debug, Default)]
pub struct PieceSquares;

/// The pieces of `pos` by input kind, seen from `side`.
#[inline]
fn kinds(pos: &Position, side: Side) -> [Bitboard; 4] {
    let opponent = side.opponent();
    [
        pos.men(side),
        pos.kings(side),
        pos.men(opponent),
        pos.kings(opponent),
    ]
}

impl NetworkInputs for PieceSquares {
    type Position = Position;
    const INPUTS: usize = 4 * Full8::SQUARE_COUNT;

    #[inline]
    fn inputs(pos: &Position, perspective: Side, on: &mut impl FnMut(usize)) {
        piece_square_inputs::<Full8, 4>(kinds(pos, perspective), perspective, on);
    }

    #[inline]
    fn changes(
        before: &Position,
        after: &Position,
        perspective: Side,
        change: &mut impl FnMut(usize, bool),
    ) {
        let (old, new) = (kinds(before, perspective), kinds(after, perspective));
        piece_square_changes::<Full8, 4>(old, new, perspective, change);
    }
}
