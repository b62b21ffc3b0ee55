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
    /// Which of a square's [`PER_SQUARE`] inputs the tower `stack` turns on, seen from
    /// `perspective`, as bits: bit `k` stands for input `k · squares + square` (none for an
    /// empty square).
    #[inline]
    fn square_kinds(stack: Stack, perspective: Side) -> u16 {
        let Some((top, below)) = stack.pop_top() else {
            return 0;
        };
        let kind = u16::from(top.side != perspective) * 2 + u16::from(top.kind == Kind::King);
        let own = below.count(perspective).min(3);
        let theirs = below.count(perspective.opponent()).min(3);
        // Depth 0 of either side would land on bit 3 or 6: the masks clear it.
        let depths = (1 << (3 + own) & !(1 << 3)) | (1 << (6 + theirs) & !(1 << 6));
        1 << kind | depths
    }

    /// Calls `each(input)` for the inputs of `kinds` ([`TowerSquares::square_kinds`]) on
    /// `square`, seen from `perspective`.
    #[inline]
    fn each_input(kinds: u16, square: Square, perspective: Side, each: &mut impl FnMut(usize)) {
        let squares = <R::Board as Geometry>::SQUARE_COUNT;
        let at = R::Board::relative(perspective, square);
        let mut kinds = kinds;
        while kinds != 0 {
            each(kinds.trailing_zeros() as usize * squares + at);
            kinds &= kinds - 1;
        }
    }
}

impl<R: TowerRules> NetworkInputs for TowerSquares<R> {
    type Position = Position;
    const INPUTS: usize = PER_SQUARE * <R::Board as Geometry>::SQUARE_COUNT;
    /// Each input on stands for at least one piece of its own (a top, or the pieces of one
    /// side below it), so no more are on than there are pieces.
    const MAX_ON: usize = 2 * R::PIECES_PER_SIDE as usize;

    fn inputs(pos: &Position, perspective: Side, on: &mut impl FnMut(usize)) {
        for square in pos.occupied() {
            let kinds = Self::square_kinds(pos.stack(square), perspective);
            Self::each_input(kinds, square, perspective, on);
        }
    }

    /// Only the squares whose towers differ change inputs: at most three each way per square.
    fn changes(
        before: &Position,
        after: &Position,
        perspective: Side,
        change: &mut impl FnMut(usize, bool),
    ) {
        for square in before.differing(after) {
            let old = Self::square_kinds(before.stack(square), perspective);
            let new = Self::square_kinds(after.stack(square), perspective);
            Self::each_input(old & !new, square, perspective, &mut |input| {
                change(input, false)
            });
            Self::each_input(new & !old, square, perspective, &mut |input| {
                change(input, true)
            });
        }
    }
}

/// A tower game's network file compiled in.
fn built_in<R: TowerRules>(bytes: &[u8]) -> Quantised {
    crate::network::built_in::<TowerSquares<R>>(bytes, R::TITLE)
}

/// Bashni's trained network, compiled in (`bashni.network`).
pub static BASHNI: LazyLock<Quantised> =
    LazyLock::new(|| built_in::<super::Bashni>(include_bytes!("bashni.network")));

/// Lasca's trained network, compiled in (`lasca.network`).
pub static LASCA: LazyLock<Quantised> =
    LazyLock::new(|| built_in::<super::Lasca>(include_bytes!("lasca.network")));
