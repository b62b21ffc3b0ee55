//! What a network sees of an Ugolki position: where each side's men stand in the race.

use super::position::Position;
use crate::board::Full8;
use crate::network::{KindSquares, PieceKinds, Quantised};
use crate::types::{Bitboard, Side};
use std::sync::LazyLock;

/// The men of an Ugolki position by input kind: the perspective's own, then the opponent's.
#[derive(Clone, Copy, Debug, Default)]
pub struct UgolkiKinds;

impl PieceKinds<2> for UgolkiKinds {
    type Position = Position;
    type Board = Full8;
    /// Two houses of at most 16 squares.
    const MAX_PIECES: usize = 32;

    #[inline]
    fn kinds(pos: &Position, side: Side) -> [Bitboard; 2] {
        [pos.pieces(side), pos.pieces(side.opponent())]
    }
}

/// One input per man (own or the opponent's) and square of the full board, seen from the
/// perspective's side: 128 inputs. The house's shape is the game option, the same all game.
pub type ManSquares = KindSquares<UgolkiKinds, 2>;

/// An Ugolki network file compiled in, over [`ManSquares`].
fn built_in(bytes: &[u8], name: &str) -> Quantised {
    crate::network::built_in::<ManSquares>(bytes, name)
}

/// Ugolki's trained network (moves along ranks and files), compiled in (`ugolki.network`).
pub static CLASSIC: LazyLock<Quantised> =
    LazyLock::new(|| built_in(include_bytes!("ugolki.network"), "Ugolki"));

/// Diagonal Ugolki's trained network, compiled in (`ugolki-diagonal.network`).
pub static DIAGONAL: LazyLock<Quantised> =
    LazyLock::new(|| built_in(include_bytes!("ugolki-diagonal.network"), "diagonal Ugolki"));
