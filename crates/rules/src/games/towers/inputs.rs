//! What a network sees of a tower position: each tower's top piece and what lies under it.

use super::TowerRules;
use super::position::Position;
use crate::board::Geometry;
use crate::network::NetworkInputs;
use crate::types::{Kind, Side};
use std::marker::PhantomData;

/// Per square of the game's board, seen from the perspective's side: the top piece's kind (own
/// man, own king, the opponent's man and king), and how many of the perspective's own pieces
/// and of the opponent's lie under it (1, 2, 3 or more of each): 10 inputs a square.
#[derive(Clone, Copy, Debug, Default)]
pub struct TowerSquares<R>(PhantomData<R>);

/// Inputs per square: four top kinds, three depths of own pieces below, three of the
/// opponent's.
const PER_SQUARE: usize = 10;

impl<R: TowerRules> NetworkInputs for TowerSquares<R> {
    type Position = Position;
    const INPUTS: usize = PER_SQUARE * <R::Board as Geometry>::SQUARE_COUNT;

    fn inputs(pos: &Position, perspective: Side, on: &mut impl FnMut(usize)) {
        let squares = <R::Board as Geometry>::SQUARE_COUNT;
        for square in pos.occupied() {
            let stack = pos.stack(square);
            let Some((top, below)) = stack.pop_top() else {
                continue;
            };
            let at = R::Board::relative(perspective, square);
            let kind =
                usize::from(top.side != perspective) * 2 + usize::from(top.kind == Kind::King);
            on(kind * squares + at);
            let own = below.count(perspective).min(3) as usize;
            let theirs = below.count(perspective.opponent()).min(3) as usize;
            if own > 0 {
                on((3 + own) * squares + at);
            }
            if theirs > 0 {
                on((6 + theirs) * squares + at);
            }
        }
    }
}
