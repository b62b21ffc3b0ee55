//! [`Position`]: Turkish dama on all 64 squares — each side's pieces, the kings among them, the
//! side to move and the Zobrist key, kept up to date as moves are played. It trusts the moves it
//! is given to be legal; it knows nothing of history, draw counters or notation.

use crate::board::{Full8, Geometry};
use crate::games::draughts::moves::Move;
use crate::types::{Bitboard, Kind, Piece, Side, Square};
use crate::zobrist::{self, BLACK_TO_MOVE};
use std::fmt;

/// A Turkish dama position.
///
/// Invariants, established by [`Position::from_parts`] and kept by [`Position::after`]: the two
/// sides' pieces are disjoint, kings are a subset of the pieces, no man stands on its own last
/// rank (it would have been crowned), and `key` equals [`Position::compute_key`].
#[derive(Clone, Copy)]
pub struct Position {
    pieces: [Bitboard; 2],
    kings: Bitboard,
    side: Side,
    key: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.pieces == other.pieces && self.kings == other.kings && self.side == other.side
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("white", &self.pieces[0])
            .field("black", &self.pieces[1])
            .field("kings", &self.kings)
            .field("side", &self.side)
            .finish()
    }
}

impl Position {
    /// The starting position: White's 16 men on ranks 2 and 3, Black's on 6 and 7, White to
    /// move.
    pub fn startpos() -> Position {
        let ranks = |a: u8, b: u8| Full8::rank_squares(a) | Full8::rank_squares(b);
        let mut pos = Position {
            pieces: [ranks(1, 2), ranks(5, 6)],
            kings: Bitboard::EMPTY,
            side: Side::White,
            key: 0,
        };
        pos.key = pos.compute_key();
        pos
    }

    /// A position from each side's pieces, the kings among them and the side to move; the
    /// error says, with algebraic square names, why the pieces are not a position.
    pub fn from_parts(
        white: Bitboard,
        black: Bitboard,
        kings: Bitboard,
        side: Side,
    ) -> Result<Position, String> {
        if let Some(sq) = (white & black).into_iter().next() {
            return Err(format!(
                "square {} holds both a white and a black piece",
                Full8::algebraic(sq)
            ));
        }
        if let Some(sq) = kings.without(white | black).into_iter().next() {
            return Err(format!("king on empty square {}", Full8::algebraic(sq)));
        }
        for (side, own) in [(Side::White, white), (Side::Black, black)] {
            let stuck = own.without(kings) & Full8::promotion_rank(side);
            if let Some(sq) = stuck.into_iter().next() {
                return Err(format!(
                    "a {} man on {} stands on its last rank and would already be a king",
                    side.name(),
                    Full8::algebraic(sq)
                ));
            }
        }
        let mut pos = Position {
            pieces: [white, black],
            kings,
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

    /// The pieces of `side`.
    #[inline]
    pub fn pieces(&self, side: Side) -> Bitboard {
        self.pieces[side.index()]
    }

    /// The men of `side`.
    #[inline]
    pub fn men(&self, side: Side) -> Bitboard {
        self.pieces[side.index()].without(self.kings)
    }

    /// The kings of `side`.
    #[inline]
    pub fn kings(&self, side: Side) -> Bitboard {
        self.pieces[side.index()] & self.kings
    }

    /// The kings of both sides.
    #[inline]
    pub fn all_kings(&self) -> Bitboard {
        self.kings
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// Every empty square.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        Bitboard(!self.occupied().0)
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        zobrist::piece_on(self.pieces, self.kings, square)
    }

    /// The Zobrist key.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The Zobrist key computed from scratch (for checking the incremental one).
    pub fn compute_key(&self) -> u64 {
        zobrist::placement_key(self.pieces, self.kings, self.side)
    }

    /// The position after a legal move: the captured pieces leave, a man whose move ends on
    /// the last rank is crowned, the other side is to move.
    #[inline]
    pub fn after(&self, mv: Move) -> Position {
        let us = self.side;
        let them = us.opponent();
        let (from, to) = (mv.from(), mv.to());
        let mut next = *self;
        let moving = if self.kings.contains(from) {
            Kind::King
        } else {
            Kind::Man
        };
        let landing = if mv.promotes() { Kind::King } else { moving };
        next.pieces[us.index()] = (self.pieces[us.index()] ^ from.bb()) | to.bb();
        next.key ^= zobrist::piece_key(us, moving, from) ^ zobrist::piece_key(us, landing, to);
        let captured = mv.captured();
        if captured.any() {
            next.pieces[them.index()] = self.pieces[them.index()].without(captured);
            for sq in captured {
                let kind = if self.kings.contains(sq) {
                    Kind::King
                } else {
                    Kind::Man
                };
                next.key ^= zobrist::piece_key(them, kind, sq);
            }
        }
        next.kings = self.kings.without(captured | from.bb());
        if landing == Kind::King {
            next.kings |= to.bb();
        }
        next.side = them;
        next.key ^= BLACK_TO_MOVE;
        next
    }
}
