//! Value types every module shares: [`Side`], [`Kind`], [`Piece`], [`Square`], [`Bitboard`] and
//! the diagonal [`Dir`]s.
//!
//! A [`Square`] is a bit index and a [`Bitboard`] a set of them; which bits are playable squares,
//! what they are called and how a step moves between them belongs to the board's geometry
//! ([`crate::board`]). This module must not know about boards, pieces' rules or notation.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign};

/// One of the two players. White moves first and moves up the board (towards rank 8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// The side that starts on ranks 1–3 and moves first.
    White = 0,
    /// The side that starts on ranks 6–8.
    Black = 1,
}

impl Side {
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case English name, `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

/// The two kinds of piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// An uncrowned piece: moves one square forward, captures in all four directions.
    Man = 0,
    /// A crowned piece.
    King = 1,
}

/// A piece: its owner and its kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Who owns the piece.
    pub side: Side,
    /// Man or king.
    pub kind: Kind,
}

/// A square of some board, stored as its bit index in that board's layout (see
/// [`crate::board`]). Only the board's geometry turns it into a name or a number.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square of a bit index (0..64) a geometry knows to be playable.
    #[inline]
    pub const fn from_index_unchecked(index: u32) -> Square {
        debug_assert!(index < 64);
        Square(index as u8)
    }

    /// The bit index in the board's layout (0..64).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The one-square bitboard of this square.
    #[inline]
    pub const fn bb(self) -> Bitboard {
        Bitboard(1 << self.0)
    }
}

/// A diagonal direction. Each board's geometry knows the bit shift of one step.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Dir {
    /// Towards h8: `+5`.
    NorthEast,
    /// Towards a8: `+4`.
    NorthWest,
    /// Towards h1: `-4`.
    SouthEast,
    /// Towards a1: `-5`.
    SouthWest,
}

impl Dir {
    /// All four directions.
    pub const ALL: [Dir; 4] = [
        Dir::NorthEast,
        Dir::NorthWest,
        Dir::SouthEast,
        Dir::SouthWest,
    ];

    /// True for the two directions towards White's far rank. Every layout numbers its bits
    /// upwards, so these are the directions of increasing bit index.
    #[inline]
    pub const fn is_north(self) -> bool {
        matches!(self, Dir::NorthEast | Dir::NorthWest)
    }

    /// The change of (file, rank) of one step.
    #[inline]
    pub const fn file_rank_step(self) -> (i32, i32) {
        match self {
            Dir::NorthEast => (1, 1),
            Dir::NorthWest => (-1, 1),
            Dir::SouthEast => (1, -1),
            Dir::SouthWest => (-1, -1),
        }
    }

    /// The opposite direction.
    #[inline]
    pub const fn reverse(self) -> Dir {
        match self {
            Dir::NorthEast => Dir::SouthWest,
            Dir::NorthWest => Dir::SouthEast,
            Dir::SouthEast => Dir::NorthWest,
            Dir::SouthWest => Dir::NorthEast,
        }
    }

    /// The two forward directions of `side` (the ones its men move in).
    #[inline]
    pub const fn forward(side: Side) -> [Dir; 2] {
        match side {
            Side::White => [Dir::NorthEast, Dir::NorthWest],
            Side::Black => [Dir::SouthEast, Dir::SouthWest],
        }
    }

    /// Index 0..4, in the order of [`Dir::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A set of squares, one bit per square of the ghost-square layout.
///
/// It knows nothing of which bits are playable: the board's geometry
/// ([`crate::board::Geometry::SQUARES`]) does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// True if no square is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if at least one square is in the set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// True if `square` is in the set.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 >> square.0 & 1 == 1
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The squares of `self` that are not in `other`.
    #[inline]
    pub const fn without(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// The lowest square of a non-empty set.
    #[inline]
    pub const fn lowest(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_index_unchecked(self.0.trailing_zeros())
    }

    /// The highest square of a non-empty set.
    #[inline]
    pub const fn highest(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_index_unchecked(63 - self.0.leading_zeros())
    }

    /// The single square of a one-square set, if it has exactly one.
    #[inline]
    pub const fn single(self) -> Option<Square> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(self.lowest())
        } else {
            None
        }
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl BitXorAssign for Bitboard {
    #[inline]
    fn bitxor_assign(&mut self, rhs: Bitboard) {
        self.0 ^= rhs.0;
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(square: Square) -> Bitboard {
        square.bb()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter()
            .fold(Bitboard::EMPTY, |bb, sq| bb | sq.bb())
    }
}

/// Iterates over the squares of a bitboard from the lowest bit up.
pub struct SquareIter(u64);

impl Iterator for SquareIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let square = Square::from_index_unchecked(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = SquareIter;

    #[inline]
    fn into_iter(self) -> SquareIter {
        SquareIter(self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.into_iter().map(Square::index))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_iterate_in_bit_order() {
        let set = Bitboard(0b1010_0001);
        let squares: Vec<usize> = set.into_iter().map(Square::index).collect();
        assert_eq!(squares, [0, 5, 7]);
        assert_eq!(set.lowest().index(), 0);
        assert_eq!(set.highest().index(), 7);
        assert_eq!(set.count(), 3);
        assert_eq!(Bitboard(1 << 9).single().map(Square::index), Some(9));
        assert_eq!(set.single(), None);
    }

    #[test]
    fn directions_reverse_and_point_north_for_white() {
        for dir in Dir::ALL {
            assert_eq!(dir.reverse().reverse(), dir);
            assert_ne!(dir.is_north(), dir.reverse().is_north());
        }
        assert!(Dir::forward(Side::White).iter().all(|d| d.is_north()));
        assert!(Dir::forward(Side::Black).iter().all(|d| !d.is_north()));
    }
}
