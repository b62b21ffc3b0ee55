//! [`Move`]: a tower move as the rules identify it, its whole landing path (the start square,
//! then every landing square), stored inline so that the move is `Copy`.

use crate::game::GameMove;
use crate::types::{Bitboard, Square};

/// The most squares a path holds: the start and one landing per capture. Pieces never leave
/// the board and a capture takes one enemy piece, so a sequence captures at most every piece
/// of the other colour: 12 in Bashni, 11 in Lasca (positions with more are refused).
pub const MAX_PATH: usize = 13;

/// A move: the landing path, the squares jumped and whether the top piece is crowned.
///
/// Two capture paths with the same ends are two moves: the order of the captures decides which
/// piece goes to which stack.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    path: [u8; MAX_PATH],
    len: u8,
    promotes: bool,
    captured: Bitboard,
}

impl Move {
    /// A quiet move from `from` to `to`.
    #[inline]
    pub fn quiet(from: Square, to: Square, promotes: bool) -> Move {
        let mut path = [0; MAX_PATH];
        path[0] = from.index() as u8;
        path[1] = to.index() as u8;
        Move {
            path,
            len: 2,
            promotes,
            captured: Bitboard::EMPTY,
        }
    }

    /// A capture along `path` (start square first, at least one landing) that jumped the
    /// towers on `captured`.
    #[inline]
    pub fn capture(path: &[Square], captured: Bitboard, promotes: bool) -> Move {
        debug_assert!((2..=MAX_PATH).contains(&path.len()));
        let mut squares = [0; MAX_PATH];
        for (slot, sq) in squares.iter_mut().zip(path) {
            *slot = sq.index() as u8;
        }
        Move {
            path: squares,
            len: path.len() as u8,
            promotes,
            captured,
        }
    }

    /// The squares of the path, start first.
    pub fn squares(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        self.path[..self.len as usize]
            .iter()
            .map(|&i| Square::from_index_unchecked(i as u32))
    }

    /// The path as a vector of squares.
    pub fn path(&self) -> Vec<Square> {
        self.squares().collect()
    }
}

impl GameMove for Move {
    #[inline]
    fn from(self) -> Square {
        Square::from_index_unchecked(self.path[0] as u32)
    }

    #[inline]
    fn to(self) -> Square {
        Square::from_index_unchecked(self.path[self.len as usize - 1] as u32)
    }

    /// The number of jumps (a tower jumped twice counts twice).
    #[inline]
    fn captures(self) -> u32 {
        if self.captured.any() {
            self.len as u32 - 1
        } else {
            0
        }
    }

    #[inline]
    fn captured(self) -> Bitboard {
        self.captured
    }

    #[inline]
    fn promotes(self) -> bool {
        self.promotes
    }
}
