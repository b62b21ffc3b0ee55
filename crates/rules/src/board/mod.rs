//! Board geometries: which squares a board has, how they are named and numbered, and how a
//! piece steps and slides between them.
//!
//! A geometry is a zero-sized type implementing [`Geometry`] (squares, names, numbering,
//! ranks) and, for the dark-square boards played on the diagonals, [`Diagonal`] (directions,
//! rays and neighbours); the full 8×8 board ([`Full8`]) moves along ranks, files and diagonals
//! through [`Lines`]. Everything is looked up in tables built at compile time, so a new board is a
//! line of data (one `dark_board!` invocation) rather than a copy of the move generator.
//!
//! Squares are bit indices into a [`Bitboard`]; their meaning — file, rank, name — is given by
//! the geometry, never by the square itself.

mod dark;
mod full;

pub use dark::{Dark7, Dark8, Dark10};
pub use full::{Full8, Line, Lines};

use crate::types::{Bitboard, Dir, Side, Square};
use std::fmt;

/// The squares of a board and their names. Implemented by zero-sized marker types.
///
/// Guarantees: every square of [`Geometry::SQUARES`] has a distinct file and rank inside
/// `FILES × RANKS`, a distinct [`number`](Geometry::number) in `1..=SQUARE_COUNT`, and a
/// distinct [`relative`](Geometry::relative) index in `0..SQUARE_COUNT` for each side.
pub trait Geometry: Copy + Default + Send + Sync + fmt::Debug + 'static {
    /// Number of files (columns), a = 0.
    const FILES: u8;
    /// Number of ranks (rows), rank 1 = 0, White's side.
    const RANKS: u8;
    /// Every playable square.
    const SQUARES: Bitboard;
    /// How many playable squares there are.
    const SQUARE_COUNT: usize;

    /// The square at `file` and `rank` (both from 0), if it is a playable square.
    fn square_at(file: u8, rank: u8) -> Option<Square>;

    /// The file of a playable square, 0 = a.
    fn file(square: Square) -> u8;

    /// The rank of a playable square, 0 = rank 1.
    fn rank(square: Square) -> u8;

    /// The square's number in PDN order: 1 is the top-left playable square seen from White,
    /// counting along each rank from left to right and the ranks from the top down.
    fn number(square: Square) -> u8;

    /// The square with a PDN `number`, if there is one.
    fn from_number(number: u8) -> Option<Square>;

    /// The square's index as seen from `side`'s own corner: 0 is the square nearest a1 for
    /// White (h8/j10 for Black, the board turned round), counting along the ranks away from it.
    fn relative(side: Side, square: Square) -> usize;

    /// The playable square with this bit index, if it is one.
    #[inline]
    fn from_index(index: usize) -> Option<Square> {
        (index < 64 && Self::SQUARES.0 >> index & 1 == 1)
            .then(|| Square::from_index_unchecked(index as u32))
    }

    /// The playable squares of one rank (0 = rank 1). Move generation and evaluation ask this
    /// on every node: a geometry answers it from a table.
    fn rank_squares(rank: u8) -> Bitboard;

    /// The far rank of `side`, where its men are crowned.
    #[inline]
    fn promotion_rank(side: Side) -> Bitboard {
        match side {
            Side::White => Self::rank_squares(Self::RANKS - 1),
            Side::Black => Self::rank_squares(0),
        }
    }

    /// The playable squares not in `set`.
    #[inline]
    fn complement(set: Bitboard) -> Bitboard {
        Self::SQUARES.without(set)
    }

    /// Every playable square, in bit order.
    fn squares() -> crate::types::SquareIter {
        Self::SQUARES.into_iter()
    }

    /// The algebraic name of a square, such as `c3` or `j10`.
    fn algebraic(square: Square) -> String {
        let file = (b'a' + Self::file(square)) as char;
        format!("{file}{}", Self::rank(square) + 1)
    }

    /// The square with an algebraic name (`c3`, `J10`), if it names a playable square.
    fn parse_algebraic(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rest = chars.as_str();
        if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.starts_with('0') {
            return None;
        }
        let rank: u8 = rest.parse().ok()?;
        Self::square_at(file as u8 - b'a', rank.checked_sub(1)?)
    }
}

/// A board whose pieces move along the four diagonals ([`Dir`]).
///
/// Every layout keeps north as increasing bit indices, so the first piece met along a ray going
/// north is the lowest bit of the blockers, and going south the highest ([`nearest`]).
pub trait Diagonal: Geometry {
    /// Every square of `set` moved one step in `dir`, unmasked: the result may hold bits that
    /// are not playable squares, which the caller removes by intersecting with real squares.
    fn shift(set: Bitboard, dir: Dir) -> Bitboard;

    /// The squares beyond `square` in `dir`, up to the edge of the board.
    fn ray(square: Square, dir: Dir) -> Bitboard;

    /// The squares diagonally adjacent to `square`.
    fn neighbours(square: Square) -> Bitboard;

    /// The neighbour one step away in `dir`, if it is on the board.
    #[inline]
    fn step(square: Square, dir: Dir) -> Option<Square> {
        (Self::shift(square.bb(), dir) & Self::SQUARES).single()
    }

    /// The long diagonal from a1 (the Russian "main road"; the "big road" of 10×10).
    fn long_diagonal() -> Bitboard;
}

/// The square of a non-empty `set` nearest to the start of a ray in `dir`.
#[inline]
pub fn nearest(set: Bitboard, dir: Dir) -> Square {
    if dir.is_north() {
        set.lowest()
    } else {
        set.highest()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_geometry<B: Diagonal>(count: usize) {
        assert_eq!(B::SQUARES.count() as usize, count);
        assert_eq!(B::SQUARE_COUNT, count);
        let mut numbers = Vec::new();
        for sq in B::squares() {
            assert_eq!(B::square_at(B::file(sq), B::rank(sq)), Some(sq));
            assert_eq!(B::from_number(B::number(sq)), Some(sq));
            assert_eq!(B::parse_algebraic(&B::algebraic(sq)), Some(sq));
            numbers.push(B::number(sq));
            for side in Side::BOTH {
                assert!(B::relative(side, sq) < count);
            }
            for dir in Dir::ALL {
                let (df, dr) = dir.file_rank_step();
                let (f, r) = (B::file(sq) as i32 + df, B::rank(sq) as i32 + dr);
                let expected =
                    if (0..B::FILES as i32).contains(&f) && (0..B::RANKS as i32).contains(&r) {
                        B::square_at(f as u8, r as u8)
                    } else {
                        None
                    };
                assert_eq!(B::step(sq, dir), expected, "{} {dir:?}", B::algebraic(sq));
                let mut walked = Bitboard::EMPTY;
                let mut at = B::step(sq, dir);
                while let Some(next) = at {
                    walked |= next.bb();
                    at = B::step(next, dir);
                }
                assert_eq!(B::ray(sq, dir), walked);
                if let Some(first) = expected {
                    assert_eq!(nearest(walked, dir), first);
                }
            }
        }
        numbers.sort_unstable();
        assert_eq!(numbers, (1..=count as u8).collect::<Vec<_>>());
        let relative: std::collections::BTreeSet<usize> = B::squares()
            .map(|sq| B::relative(Side::Black, sq))
            .collect();
        assert_eq!(relative.len(), count);
    }

    #[test]
    fn every_dark_board_is_consistent() {
        check_geometry::<Dark8>(32);
        check_geometry::<Dark10>(50);
        check_geometry::<Dark7>(25);
    }

    #[test]
    fn pdn_numbering_starts_top_left() {
        let name = |n| Dark8::from_number(n).map(Dark8::algebraic);
        assert_eq!(name(1).as_deref(), Some("b8"));
        assert_eq!(name(5).as_deref(), Some("a7"));
        assert_eq!(name(29).as_deref(), Some("a1"));
        assert_eq!(name(32).as_deref(), Some("g1"));
        let name = |n| Dark10::from_number(n).map(Dark10::algebraic);
        assert_eq!(name(1).as_deref(), Some("b10"));
        assert_eq!(name(5).as_deref(), Some("j10"));
        assert_eq!(name(6).as_deref(), Some("a9"));
        assert_eq!(name(46).as_deref(), Some("a1"));
        assert_eq!(name(50).as_deref(), Some("i1"));
        let name = |n| Dark7::from_number(n).map(Dark7::algebraic);
        assert_eq!(name(1).as_deref(), Some("a7"));
        assert_eq!(name(25).as_deref(), Some("g1"));
    }

    #[test]
    fn relative_squares_turn_the_board_round_for_black() {
        let sq = |name| Dark8::parse_algebraic(name).unwrap();
        assert_eq!(Dark8::relative(Side::White, sq("a1")), 0);
        assert_eq!(Dark8::relative(Side::White, sq("b2")), 4);
        assert_eq!(Dark8::relative(Side::Black, sq("h8")), 0);
        assert_eq!(Dark8::relative(Side::Black, sq("a1")), 31);
        assert_eq!(
            Dark8::relative(Side::White, sq("d4")),
            Dark8::relative(Side::Black, sq("e5"))
        );
    }

    #[test]
    fn ranks_and_long_diagonals_are_the_squares_they_name() {
        fn check<B: Diagonal>() {
            for rank in 0..B::RANKS {
                let walked: Bitboard = (0..B::FILES)
                    .filter_map(|file| B::square_at(file, rank))
                    .collect();
                assert_eq!(B::rank_squares(rank), walked);
            }
            let a1 = B::square_at(0, 0).expect("a1 is playable");
            assert_eq!(B::long_diagonal(), a1.bb() | B::ray(a1, Dir::NorthEast));
        }
        check::<Dark7>();
        check::<Dark8>();
        check::<Dark10>();
    }

    #[test]
    fn long_diagonals() {
        assert_eq!(Dark8::long_diagonal().count(), 8);
        assert_eq!(Dark10::long_diagonal().count(), 10);
        assert!(Dark10::long_diagonal().contains(Dark10::from_number(5).unwrap()));
    }

    #[test]
    fn algebraic_names_refuse_light_and_outside_squares() {
        assert_eq!(Dark8::parse_algebraic("a2"), None);
        assert_eq!(Dark8::parse_algebraic("i1"), None);
        assert_eq!(Dark8::parse_algebraic("a0"), None);
        assert_eq!(Dark8::parse_algebraic("a01"), None);
        assert_eq!(Dark8::parse_algebraic(""), None);
        assert!(Dark10::parse_algebraic("J10").is_some());
        assert_eq!(Dark10::parse_algebraic("j11"), None);
    }
}
