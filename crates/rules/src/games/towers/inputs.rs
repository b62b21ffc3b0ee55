//! What a network sees of a tower position: each tower's top piece and what lies under it.

use super::TowerRules;
use super::position::Position;
use super::stack::Stack;
use crate::board::Geometry;
use crate::network::{NetworkInputs, Quantised};
use crate::types::{Kind, Side, Square};
use std::marker::PhantomData;
use std::sync::LazyLock;

/// Per square of the game's board, seen from the perspective's side: the top piece's kind (own
/// man, own king, the opponent's man and king), and how many of the perspective's own pieces
/// and of the opponent's lie under it (1, 2, 3 or more of each): 10 inputs a square.
#[derive(Clone, Copy, Debug, Default)]
pub struct TowerSquares<R>(PhantomData<R>);

/// Inputs per square: four top kinds, three depths of own pieces below, three of the
/// opponent's.
const PER_SQUARE: usize = 10;

impl<R: TowerRules> TowerSquares<R> {
    /// Calls `on` with the inputs of the tower `stack` on `square` (none for an empty square),
    /// seen from `perspective`.
    #[inline]
    fn square_inputs(stack: Stack, square: Square, perspective: Side, on: &mut impl FnMut(usize)) {
        let Some((top, below)) = stack.pop_top() else {
            return;
        };
        let squares = <R::Board as Geometry>::SQUARE_COUNT;
        let at = R::Board::relative(perspective, square);
        let kind = usize::from(top.side != perspective) * 2 + usize::from(top.kind == Kind::King);
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

    /// The inputs of [`TowerSquares::square_inputs`] gathered: at most three, and how many.
    #[inline]
    fn square_input_set(stack: Stack, square: Square, perspective: Side) -> ([usize; 3], usize) {
        let (mut inputs, mut count) = ([0; 3], 0);
        Self::square_inputs(stack, square, perspective, &mut |input| {
            inputs[count] = input;
            count += 1;
        });
        (inputs, count)
    }
}

impl<R: TowerRules> NetworkInputs for TowerSquares<R> {
    type Position = Position;
    const INPUTS: usize = PER_SQUARE * <R::Board as Geometry>::SQUARE_COUNT;

    fn inputs(pos: &Position, perspective: Side, on: &mut impl FnMut(usize)) {
        for square in pos.occupied() {
            Self::square_inputs(pos.stack(square), square, perspective, on);
        }
    }

    /// Only the squares whose towers differ change inputs: at most three each way per square.
    fn changes(
        before: &Position,
        after: &Position,
        perspective: Side,
        change: &mut impl FnMut(usize, bool),
    ) {
        for square in before.occupied() | after.occupied() {
            let (old, new) = (before.stack(square), after.stack(square));
            if old == new {
                continue;
            }
            let (gone, gone_count) = Self::square_input_set(old, square, perspective);
            let (came, came_count) = Self::square_input_set(new, square, perspective);
            let (gone, came) = (&gone[..gone_count], &came[..came_count]);
            for &input in gone.iter().filter(|input| !came.contains(input)) {
                change(input, false);
            }
            for &input in came.iter().filter(|input| !gone.contains(input)) {
                change(input, true);
            }
        }
    }
}

/// A tower game's network file compiled in. Each input on stands for at least one piece of its
/// own (a top, or the pieces of one side below it), so no more are on than there are pieces.
fn built_in<R: TowerRules>(bytes: &[u8]) -> Quantised {
    let pieces = 2 * R::PIECES_PER_SIDE as usize;
    crate::network::built_in(bytes, TowerSquares::<R>::INPUTS, pieces, R::TITLE)
}

/// Bashni's trained network, compiled in (`bashni.network`).
pub static BASHNI: LazyLock<Quantised> =
    LazyLock::new(|| built_in::<super::Bashni>(include_bytes!("bashni.network")));

/// Lasca's trained network, compiled in (`lasca.network`).
pub static LASCA: LazyLock<Quantised> =
    LazyLock::new(|| built_in::<super::Lasca>(include_bytes!("lasca.network")));
