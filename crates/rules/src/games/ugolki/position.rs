//! [`Position`]: an Ugolki position — each side's pieces, the house, the side to move and the
//! Zobrist key, kept up to date as moves are played. It trusts the moves it is given to be
//! legal; it knows nothing of move numbers, endings or notation.

use super::house::House;
use crate::board::{Full8, Geometry};
use crate::types::{Bitboard, Kind, Piece, Side, Square};
use crate::zobrist::{self, BLACK_TO_MOVE};
use std::fmt;

/// An Ugolki move: one piece from a square to another, by a step or a chain of jumps.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the piece ends on.
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}",
            Full8::algebraic(self.from),
            Full8::algebraic(self.to)
        )
    }
}

impl crate::game::GameMove for Move {
    #[inline]
    fn from(self) -> Square {
        self.from
    }
    #[inline]
    fn to(self) -> Square {
        self.to
    }
    #[inline]
    fn captures(self) -> u32 {
        0
    }
    #[inline]
    fn captured(self) -> Bitboard {
        Bitboard::EMPTY
    }
    #[inline]
    fn promotes(self) -> bool {
        false
    }
}

/// The key of each house, drawn from their own seed so that no other key changes.
const HOUSE_KEYS: [u64; 3] = [
    0x0000_0000_0000_0000,
    0x5B1D_3F6A_92C4_E807,
    0xA3E9_07C1_6D52_B4F9,
];

/// An Ugolki position.
///
/// Invariants, established by [`Position::from_parts`] and kept by [`Position::after`]: the two
/// sides' pieces are disjoint and `key` equals [`Position::compute_key`].
#[derive(Clone, Copy)]
pub struct Position {
    pieces: [Bitboard; 2],
    house: House,
    side: Side,
    key: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.pieces == other.pieces && self.house == other.house && self.side == other.side
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("white", &self.pieces[0])
            .field("black", &self.pieces[1])
            .field("house", &self.house)
            .field("side", &self.side)
            .finish()
    }
}

impl Position {
    /// The starting position of `house`: each side fills its own house, White to move.
    pub fn startpos(house: House) -> Position {
        let mut pos = Position {
            pieces: [house.of(Side::White), house.of(Side::Black)],
            house,
            side: Side::White,
            key: 0,
        };
        pos.key = pos.compute_key();
        pos
    }

    /// A position from each side's pieces, the house and the side to move; the error says why
    /// the pieces are not a position.
    pub fn from_parts(
        white: Bitboard,
        black: Bitboard,
        house: House,
        side: Side,
    ) -> Result<Position, String> {
        if let Some(sq) = (white & black).into_iter().next() {
            return Err(format!(
                "square {} holds both a white and a black piece",
                Full8::algebraic(sq)
            ));
        }
        let most = house.pieces();
        for (name, set) in [("White", white), ("Black", black)] {
            if set.count() > most {
                return Err(format!(
                    "{name} has {} pieces, more than the {most} of the {house} house",
                    set.count()
                ));
            }
        }
        let mut pos = Position {
            pieces: [white, black],
            house,
            side,
            key: 0,
        };
        pos.key = pos.compute_key();
        Ok(pos)
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The house both sides play with.
    #[inline]
    pub fn house(&self) -> House {
        self.house
    }

    /// The pieces of `side`.
    #[inline]
    pub fn pieces(&self, side: Side) -> Bitboard {
        self.pieces[side.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// True if `side`'s pieces stand on every square of the opponent's house.
    #[inline]
    pub fn has_finished(&self, side: Side) -> bool {
        let target = self.house.target(side);
        self.pieces(side) & target == target
    }

    /// `side`'s pieces still in its own house.
    #[inline]
    pub fn at_home(&self, side: Side) -> Bitboard {
        self.pieces(side) & self.house.of(side)
    }

    /// The piece on `square`, if any (every piece is a man).
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        zobrist::piece_on(self.pieces, Bitboard::EMPTY, square)
    }

    /// The Zobrist key.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The Zobrist key computed from scratch (for checking the incremental one).
    pub fn compute_key(&self) -> u64 {
        zobrist::placement_key(self.pieces, Bitboard::EMPTY, self.side)
            ^ HOUSE_KEYS[self.house.index()]
    }

    /// The position after a legal move: the piece goes from its square to the other, the
    /// other side is to move.
    #[inline]
    pub fn after(&self, mv: Move) -> Position {
        let us = self.side;
        let mut next = *self;
        next.pieces[us.index()] = (self.pieces[us.index()] ^ mv.from().bb()) | mv.to().bb();
        next.key ^= zobrist::piece_key(us, Kind::Man, mv.from())
            ^ zobrist::piece_key(us, Kind::Man, mv.to())
            ^ BLACK_TO_MOVE;
        next.side = us.opponent();
        next
    }
}
