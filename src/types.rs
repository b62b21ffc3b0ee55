//! Value types every module shares: [`Side`], [`Square`], [`Bitboard`] and the diagonal [`Dir`]s.
//!
//! The board is the 8×8 draughts board, of which only the 32 dark squares are used. Squares live on
//! a padded ("ghost square") layout of 36 bits so that each diagonal step is a single shift:
//!
//! ```text
//!  rank 8   32  33  34  35        b8 d8 f8 h8
//!  rank 7 27  28  29  30  (31)  a7 c7 e7 g7
//!  rank 6   23  24  25  26        b6 d6 f6 h6
//!  rank 5 18  19  20  21  (22)  a5 c5 e5 g5
//!  rank 4   14  15  16  17        b4 d4 f4 h4
//!  rank 3 9   10  11  12  (13)  a3 c3 e3 g3
//!  rank 2   5   6   7   8         b2 d2 f2 h2
//!  rank 1 0   1   2   3   (4)   a1 c1 e1 g1
//! ```
//!
//! North-east is `+5`, north-west `+4`, south-east `-4`, south-west `-5`. A step off the left or
//! right edge lands on a ghost bit (4, 13, 22, 31) and a step off the top or bottom leaves the
//! 36-bit range, so masking with the set of real squares is all the edge handling there is.
//! This module must not know about pieces, rules or notation.

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

/// A dark square of the 8×8 board, stored as its bit index in the ghost-square layout.
///
/// A `Square` is always one of the 32 playable squares; the constructors refuse anything else.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// Number of bits the layout spans (including the ghost bits).
    pub const BITS: usize = 36;

    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if it is a dark square on the board.
    #[inline]
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file >= 8 || rank >= 8 || !(file + rank).is_multiple_of(2) {
            return None;
        }
        Some(Square(9 * (rank / 2) + 5 * (rank % 2) + file / 2))
    }

    /// The square with this bit index, if the index names a playable square.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Self::BITS && (Bitboard::ALL.0 >> index) & 1 == 1 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square of a bit index known to be playable (checked in debug builds).
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u32) -> Square {
        debug_assert!((Bitboard::ALL.0 >> index) & 1 == 1);
        Square(index as u8)
    }

    /// The bit index in the ghost-square layout (0..36).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 = a … 7 = h.
    #[inline]
    pub const fn file(self) -> u8 {
        let within = self.0 % 9;
        if within < 4 {
            2 * within
        } else {
            2 * (within - 5) + 1
        }
    }

    /// The rank, 0 = rank 1 … 7 = rank 8.
    #[inline]
    pub const fn rank(self) -> u8 {
        2 * (self.0 / 9) + if self.0 % 9 < 4 { 0 } else { 1 }
    }

    /// The one-square bitboard of this square.
    #[inline]
    pub const fn bb(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// The neighbour one diagonal step away in `dir`, if it is on the board.
    #[inline]
    pub const fn step(self, dir: Dir) -> Option<Square> {
        let index = self.0 as i32 + dir.offset();
        if index < 0 {
            None
        } else {
            Square::from_index(index as usize)
        }
    }

    /// Number in PDN / lidraughts order: 1 = b8, 2 = d8, … 5 = a7, … 29 = a1, 32 = g1.
    pub const fn pdn_number(self) -> u8 {
        (7 - self.rank()) * 4 + self.file() / 2 + 1
    }

    /// The square with this PDN / lidraughts number (1 = b8 … 32 = g1).
    pub const fn from_pdn_number(number: u8) -> Option<Square> {
        if number < 1 || number > 32 {
            return None;
        }
        let rank = 7 - (number - 1) / 4;
        let file = 2 * ((number - 1) % 4) + rank % 2;
        Square::from_file_rank(file, rank)
    }

    /// Number in Russian order: 1 = a1, 2 = c1, … 5 = b2, … 32 = h8.
    pub const fn russian_number(self) -> u8 {
        self.rank() * 4 + self.file() / 2 + 1
    }

    /// The square with this Russian number (1 = a1 … 32 = h8).
    pub const fn from_russian_number(number: u8) -> Option<Square> {
        if number < 1 || number > 32 {
            return None;
        }
        let rank = (number - 1) / 4;
        let file = 2 * ((number - 1) % 4) + rank % 2;
        Square::from_file_rank(file, rank)
    }

    /// Every playable square, in bit order (a1, c1, e1, g1, b2, … h8).
    pub fn all() -> impl Iterator<Item = Square> {
        Bitboard::ALL.into_iter()
    }
}

impl fmt::Display for Square {
    /// Algebraic name such as `c3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = (b'a' + self.file()) as char;
        let rank = (b'1' + self.rank()) as char;
        write!(f, "{file}{rank}")
    }
}

/// A diagonal direction. Its offset is the bit shift that takes a square one step that way.
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

    /// The bit offset of one step.
    #[inline]
    pub const fn offset(self) -> i32 {
        match self {
            Dir::NorthEast => 5,
            Dir::NorthWest => 4,
            Dir::SouthEast => -4,
            Dir::SouthWest => -5,
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
/// Every constructor and operation keeps ghost bits clear except the raw [`Bitboard::shift`],
/// whose result must be masked by the caller (usually by intersecting with a set of real squares).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// The 32 playable squares.
    pub const ALL: Bitboard = Bitboard(0xF_7FBF_DFEF);

    /// The squares of one rank (0 = rank 1).
    pub const fn rank(rank: u8) -> Bitboard {
        let mut bits = 0u64;
        let mut file = 0;
        while file < 8 {
            if let Some(square) = Square::from_file_rank(file, rank) {
                bits |= 1 << square.0;
            }
            file += 1;
        }
        Bitboard(bits)
    }

    /// The far rank of `side`, where its men are promoted.
    #[inline]
    pub const fn promotion_rank(side: Side) -> Bitboard {
        match side {
            Side::White => Bitboard::rank(7),
            Side::Black => Bitboard::rank(0),
        }
    }

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

    /// The playable squares not in the set.
    #[inline]
    pub const fn complement(self) -> Bitboard {
        Bitboard(!self.0 & Self::ALL.0)
    }

    /// Every square moved one step in `dir`, unmasked: the result may hold ghost or
    /// out-of-range bits, which the caller removes by intersecting with real squares.
    #[inline]
    pub const fn shift(self, dir: Dir) -> Bitboard {
        // A rotation rather than a shift: no branch on the sign of the offset. Real squares use
        // bits 0..36 only, so whatever wraps around lands on bits 59..64 and is masked away
        // like any other off-board bit.
        Bitboard(self.0.rotate_left(dir.offset().rem_euclid(64) as u32))
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
            .entries(self.into_iter().map(|sq| sq.to_string()))
            .finish()
    }
}

/// For each square and direction, the squares beyond it along that diagonal up to the edge.
static RAYS: [[Bitboard; 4]; 64] = build_rays();

const fn build_rays() -> [[Bitboard; 4]; 64] {
    let mut rays = [[Bitboard::EMPTY; 4]; 64];
    let mut index = 0;
    while index < Square::BITS {
        if let Some(start) = Square::from_index(index) {
            let mut d = 0;
            while d < 4 {
                let dir = Dir::ALL[d];
                let mut bits = 0u64;
                let mut current = start.step(dir);
                while let Some(square) = current {
                    bits |= 1 << square.0;
                    current = square.step(dir);
                }
                rays[index][d] = Bitboard(bits);
                d += 1;
            }
        }
        index += 1;
    }
    rays
}

/// The squares beyond `square` in `dir`, up to the edge of the board, nearest first in bit order
/// for the north directions and last in bit order for the south ones.
#[inline]
pub fn ray(square: Square, dir: Dir) -> Bitboard {
    RAYS[square.index() & 63][dir.index() & 3]
}

/// For each square, its diagonal neighbours.
static NEIGHBOURS: [Bitboard; 64] = {
    let mut table = [Bitboard::EMPTY; 64];
    let mut index = 0;
    while index < Square::BITS {
        let mut d = 0;
        while d < 4 {
            table[index].0 |= RAYS[index][d].0
                & (1u64 << index).rotate_left(Dir::ALL[d].offset().rem_euclid(64) as u32);
            d += 1;
        }
        index += 1;
    }
    table
};

/// The squares diagonally adjacent to `square`.
#[inline]
pub fn neighbours(square: Square) -> Bitboard {
    NEIGHBOURS[square.index() & 63]
}

/// The square of `set` nearest to the start of a ray in `dir` (the set must be non-empty).
#[inline]
pub fn nearest(set: Bitboard, dir: Dir) -> Square {
    if dir.offset() > 0 {
        set.lowest()
    } else {
        set.highest()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_has_32_squares_and_ghosts_where_documented() {
        assert_eq!(Bitboard::ALL.count(), 32);
        for ghost in [4, 13, 22, 31] {
            assert!(Square::from_index(ghost).is_none());
        }
        assert_eq!(Square::from_file_rank(0, 0).map(Square::index), Some(0));
        assert_eq!(Square::from_file_rank(7, 7).map(Square::index), Some(35));
    }

    #[test]
    fn file_and_rank_round_trip() {
        for square in Square::all() {
            assert_eq!(
                Square::from_file_rank(square.file(), square.rank()),
                Some(square)
            );
        }
        assert_eq!(Square::all().count(), 32);
    }

    #[test]
    fn numbering_conventions() {
        let name = |sq: Option<Square>| sq.map(|s| s.to_string());
        assert_eq!(name(Square::from_pdn_number(1)), Some("b8".into()));
        assert_eq!(name(Square::from_pdn_number(5)), Some("a7".into()));
        assert_eq!(name(Square::from_pdn_number(29)), Some("a1".into()));
        assert_eq!(name(Square::from_pdn_number(32)), Some("g1".into()));
        assert_eq!(name(Square::from_russian_number(1)), Some("a1".into()));
        assert_eq!(name(Square::from_russian_number(5)), Some("b2".into()));
        assert_eq!(name(Square::from_russian_number(32)), Some("h8".into()));
        for square in Square::all() {
            assert_eq!(Square::from_pdn_number(square.pdn_number()), Some(square));
            assert_eq!(
                Square::from_russian_number(square.russian_number()),
                Some(square)
            );
        }
    }

    #[test]
    fn steps_follow_the_diagonals_and_stop_at_edges() {
        for square in Square::all() {
            for dir in Dir::ALL {
                let (df, dr): (i32, i32) = match dir {
                    Dir::NorthEast => (1, 1),
                    Dir::NorthWest => (-1, 1),
                    Dir::SouthEast => (1, -1),
                    Dir::SouthWest => (-1, -1),
                };
                let (f, r) = (square.file() as i32 + df, square.rank() as i32 + dr);
                let expected = if (0..8).contains(&f) && (0..8).contains(&r) {
                    Square::from_file_rank(f as u8, r as u8)
                } else {
                    None
                };
                assert_eq!(square.step(dir), expected, "{square} {dir:?}");
                let shifted = square.bb().shift(dir) & Bitboard::ALL;
                assert_eq!(shifted.single(), expected);
            }
        }
    }

    #[test]
    fn rays_run_to_the_edge() {
        let d4 = Square::from_file_rank(3, 3).unwrap();
        assert_eq!(ray(d4, Dir::NorthEast).count(), 4);
        assert_eq!(ray(d4, Dir::SouthWest).count(), 3);
        assert_eq!(ray(d4, Dir::NorthWest).count(), 3);
        assert_eq!(ray(d4, Dir::SouthEast).count(), 3);
        assert_eq!(
            nearest(ray(d4, Dir::NorthEast), Dir::NorthEast).to_string(),
            "e5"
        );
        assert_eq!(
            nearest(ray(d4, Dir::SouthWest), Dir::SouthWest).to_string(),
            "c3"
        );
    }
}
