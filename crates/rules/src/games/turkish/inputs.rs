//! What a network sees of a Turkish position: each man and king on its square.

use super::position::Position;
use crate::board::Full8;
use crate::network::{KindSquares, PieceKinds, Quantised};
use crate::types::{Bitboard, Side};
use std::sync::LazyLock;

/// The pieces of a Turkish position by input kind: own men, own kings, the opponent's men and
/// kings, on the 64 squares.
#[derive(Clone, Copy, Debug, Default)]
pub struct TurkishKinds;

impl PieceKinds<4> for TurkishKinds {
    type Position = Position;
    type Board = Full8;
    const MAX_PIECES: usize = 32;

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
}

/// One input per kind of piece and square of the full board, seen from the perspective's
/// side: 256 inputs.
pub type PieceSquares = KindSquares<TurkishKinds, 4>;

/// Turkish's trained network, compiled in (`turkish.network`), for up to 32 pieces.
pub static NETWORK: LazyLock<Quantised> = LazyLock::new(|| {
    crate::network::built_in::<PieceSquares>(include_bytes!("turkish.network"), "Turkish")
});
