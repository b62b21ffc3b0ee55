//! What a network sees of an Ugolki position: where each side's men stand in the race.

use super::position::Position;
use crate::board::Full8;
use crate::network::{KindSquares, PieceKinds};
use crate::types::{Bitboard, Side};

/// The men of an Ugolki position by input kind: the perspective's own, then the opponent's.
#[derive(Clone, Copy, Debug, Default)]
pub struct UgolkiKinds;

impl PieceKinds<2> for UgolkiKinds {
    type Position = Position;
    type Board = Full8;

    #[inline]
    fn kinds(pos: &Position, side: Side) -> [Bitboard; 2] {
        [pos.pieces(side), pos.pieces(side.opponent())]
    }
}

/// One input per man (own or the opponent's) and square of the full board, seen from the
/// perspective's side: 128 inputs. The house's shape is the game option, the same all game.
pub type ManSquares = KindSquares<UgolkiKinds, 2>;
