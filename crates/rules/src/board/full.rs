//! The full 8×8 board: all 64 squares, for the games played on every square along ranks, files
//! and diagonals (Turkish dama, Ugolki).
//!
//! Bit `8 · rank + file` is the square, a1 = 0 … h8 = 63, so the board fills a `u64` exactly.
//! Without ghost bits a step east or west must not wrap onto the next rank: [`Lines::shift`]
//! masks the file it would wrap from, and a step off the top or bottom falls out of the word.

use super::Geometry;
use crate::types::{Bitboard, Side, Square};

/// A direction along a rank, a file or a diagonal.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Line {
    /// Towards rank 8.
    North,
    /// Towards rank 1.
    South,
    /// Towards the h-file.
    East,
    /// Towards the a-file.
    West,
    /// Towards h8.
    NorthEast,
    /// Towards a8.
    NorthWest,
    /// Towards h1.
    SouthEast,
    /// Towards a1.
    SouthWest,
}

impl Line {
    /// The four orthogonal directions (Turkish dama, classic Ugolki).
    pub const ORTHOGONAL: [Line; 4] = [Line::North, Line::South, Line::East, Line::West];
    /// All eight directions (diagonal Ugolki).
    pub const ALL: [Line; 8] = [
        Line::North,
        Line::South,
        Line::East,
        Line::West,
        Line::NorthEast,
        Line::NorthWest,
        Line::SouthEast,
        Line::SouthWest,
    ];

    /// Index 0..8, in the order of [`Line::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opposite direction.
    pub const fn reverse(self) -> Line {
        match self {
            Line::North => Line::South,
            Line::South => Line::North,
            Line::East => Line::West,
            Line::West => Line::East,
            Line::NorthEast => Line::SouthWest,
            Line::NorthWest => Line::SouthEast,
            Line::SouthEast => Line::NorthWest,
            Line::SouthWest => Line::NorthEast,
        }
    }

    /// The change of (file, rank) of one step.
    pub const fn file_rank_step(self) -> (i32, i32) {
        match self {
            Line::North => (0, 1),
            Line::South => (0, -1),
            Line::East => (1, 0),
            Line::West => (-1, 0),
            Line::NorthEast => (1, 1),
            Line::NorthWest => (-1, 1),
            Line::SouthEast => (1, -1),
            Line::SouthWest => (-1, -1),
        }
    }
}

/// All 64 squares of the 8×8 board.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Full8;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// For each square and direction, the squares beyond it up to the edge.
static RAYS: [[Bitboard; 8]; 64] = {
    let mut rays = [[Bitboard::EMPTY; 8]; 64];
    let mut index = 0;
    while index < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = Line::ALL[d].file_rank_step();
            let (mut f, mut r) = ((index % 8) as i32 + df, (index / 8) as i32 + dr);
            let mut bits = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                bits |= 1 << (8 * r + f);
                f += df;
                r += dr;
            }
            rays[index][d] = Bitboard(bits);
            d += 1;
        }
        index += 1;
    }
    rays
};

impl Geometry for Full8 {
    const FILES: u8 = 8;
    const RANKS: u8 = 8;
    const SQUARES: Bitboard = Bitboard(u64::MAX);
    const SQUARE_COUNT: usize = 64;

    #[inline]
    fn square_at(file: u8, rank: u8) -> Option<Square> {
        (file < 8 && rank < 8).then(|| Square::from_index_unchecked((8 * rank + file) as u32))
    }

    #[inline]
    fn file(square: Square) -> u8 {
        (square.index() % 8) as u8
    }

    #[inline]
    fn rank(square: Square) -> u8 {
        (square.index() / 8) as u8
    }

    /// Squares counted from a8 along each rank, then down: a8 = 1, h8 = 8, a1 = 57, h1 = 64.
    fn number(square: Square) -> u8 {
        (7 - Self::rank(square)) * 8 + Self::file(square) + 1
    }

    fn from_number(number: u8) -> Option<Square> {
        if !(1..=64).contains(&number) {
            return None;
        }
        let n = number - 1;
        Self::square_at(n % 8, 7 - n / 8)
    }

    #[inline]
    fn rank_squares(rank: u8) -> Bitboard {
        Bitboard(0xFF << (8 * (rank as u32 & 7)))
    }

    fn relative(side: Side, square: Square) -> usize {
        match side {
            Side::White => square.index(),
            Side::Black => 63 - square.index(),
        }
    }
}

/// A board whose pieces move along ranks, files and diagonals ([`Line`]).
pub trait Lines: Geometry {
    /// Every square of `set` moved one step in `dir`; squares that would leave the board are
    /// dropped.
    fn shift(set: Bitboard, dir: Line) -> Bitboard;
    /// The squares beyond `square` in `dir`, up to the edge of the board.
    fn ray(square: Square, dir: Line) -> Bitboard;

    /// The neighbour one step away in `dir`, if it is on the board.
    fn step(square: Square, dir: Line) -> Option<Square> {
        Self::shift(square.bb(), dir).single()
    }

    /// The squares one step away in any of `dirs`.
    fn neighbours(square: Square, dirs: &[Line]) -> Bitboard {
        dirs.iter().fold(Bitboard::EMPTY, |acc, &dir| {
            acc | Self::shift(square.bb(), dir)
        })
    }
}

impl Lines for Full8 {
    #[inline]
    fn shift(set: Bitboard, dir: Line) -> Bitboard {
        let b = set.0;
        Bitboard(match dir {
            Line::North => b << 8,
            Line::South => b >> 8,
            Line::East => (b & !FILE_H) << 1,
            Line::West => (b & !FILE_A) >> 1,
            Line::NorthEast => (b & !FILE_H) << 9,
            Line::NorthWest => (b & !FILE_A) << 7,
            Line::SouthEast => (b & !FILE_H) >> 7,
            Line::SouthWest => (b & !FILE_A) >> 9,
        })
    }

    #[inline]
    fn ray(square: Square, dir: Line) -> Bitboard {
        RAYS[square.index() & 63][dir.index() & 7]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_full_board_is_consistent() {
        let mut numbers = Vec::new();
        for sq in Full8::squares() {
            assert_eq!(Full8::square_at(Full8::file(sq), Full8::rank(sq)), Some(sq));
            assert_eq!(Full8::from_number(Full8::number(sq)), Some(sq));
            assert_eq!(Full8::parse_algebraic(&Full8::algebraic(sq)), Some(sq));
            numbers.push(Full8::number(sq));
            for dir in Line::ALL {
                let (df, dr) = dir.file_rank_step();
                let (f, r) = (Full8::file(sq) as i32 + df, Full8::rank(sq) as i32 + dr);
                let expected = if (0..8).contains(&f) && (0..8).contains(&r) {
                    Full8::square_at(f as u8, r as u8)
                } else {
                    None
                };
                assert_eq!(
                    Full8::step(sq, dir),
                    expected,
                    "{} {dir:?}",
                    Full8::algebraic(sq)
                );
                let mut walked = Bitboard::EMPTY;
                let mut at = expected;
                while let Some(next) = at {
                    walked |= next.bb();
                    at = Full8::step(next, dir);
                }
                assert_eq!(Full8::ray(sq, dir), walked);
            }
        }
        numbers.sort_unstable();
        assert_eq!(numbers, (1..=64).collect::<Vec<u8>>());
    }

    #[test]
    fn names_numbers_and_neighbours() {
        let sq = |name| Full8::parse_algebraic(name).unwrap();
        assert_eq!(Full8::number(sq("a8")), 1);
        assert_eq!(Full8::number(sq("h1")), 64);
        assert_eq!(Full8::neighbours(sq("a1"), &Line::ORTHOGONAL).count(), 2);
        assert_eq!(Full8::neighbours(sq("d4"), &Line::ORTHOGONAL).count(), 4);
        assert_eq!(Full8::neighbours(sq("d4"), &Line::ALL).count(), 8);
        assert_eq!(Full8::neighbours(sq("h8"), &Line::ALL).count(), 3);
        assert_eq!(Full8::promotion_rank(Side::White).count(), 8);
        assert_eq!(
            Full8::relative(Side::Black, sq("h8")),
            Full8::relative(Side::White, sq("a1"))
        );
    }
}
