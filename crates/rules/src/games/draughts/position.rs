//! [`Position`]: the placement of men and kings on bitboards, the side to move and the Zobrist
//! key, with making and unmaking moves. It knows nothing of game history, draw rules or notation
//! (see `game` and `notation`), and it trusts the moves it is given to be legal.

use super::Rules;
use super::moves::Move;
use crate::board::Geometry;
use crate::types::{Bitboard, Kind, Piece, Side, Square};
use crate::zobrist::{self, BLACK_TO_MOVE};
use std::fmt;
use std::marker::PhantomData;

/// A board position of the game `R`.
///
/// Invariants, established by [`Position::from_parts`] and kept by [`Position::play`]: the two
/// sides' pieces are disjoint real squares, kings are a subset of the pieces, no man stands on its
/// own promotion rank, and `key` equals [`Position::compute_key`].
pub struct Position<R: Rules> {
    pieces: [Bitboard; 2],
    kings: Bitboard,
    side: Side,
    key: u64,
    rules: PhantomData<R>,
}

// Manual impls: derives would demand the bounds of `R` again for no gain.
impl<R: Rules> Clone for Position<R> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: Rules> Copy for Position<R> {}

impl<R: Rules> PartialEq for Position<R> {
    fn eq(&self, other: &Self) -> bool {
        self.pieces == other.pieces && self.kings == other.kings && self.side == other.side
    }
}

impl<R: Rules> Eq for Position<R> {}

impl<R: Rules> std::hash::Hash for Position<R> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state);
    }
}

impl<R: Rules> fmt::Debug for Position<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("white", &self.pieces[0])
            .field("black", &self.pieces[1])
            .field("kings", &self.kings)
            .field("side", &self.side)
            .finish()
    }
}

/// Why a set of bitboards is not a position. Squares are named as the game writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A square is claimed by both sides.
    Overlap(String),
    /// A king is listed on a square with no piece.
    KingWithoutPiece(String),
    /// A man stands on the rank where it would already have been crowned.
    ManOnPromotionRank(String, Side),
    /// A bit outside the board's playable squares is set.
    OffBoard,
    /// A side has more pieces than it starts with, which no game can reach.
    TooManyPieces(Side, u32, u32),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Overlap(sq) => {
                write!(f, "square {sq} holds both a white and a black piece")
            }
            PositionError::KingWithoutPiece(sq) => write!(f, "king on empty square {sq}"),
            PositionError::ManOnPromotionRank(sq, side) => write!(
                f,
                "a {} man on {sq} stands on its promotion rank and would already be a king",
                side.name()
            ),
            PositionError::OffBoard => write!(f, "piece outside the playable squares"),
            PositionError::TooManyPieces(side, count, most) => write!(
                f,
                "{} has {count} pieces, more than the {most} a side starts with",
                side.name()
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// What [`Position::play`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured_kings: Bitboard,
    moved_king: bool,
    key: u64,
}

impl<R: Rules> Position<R> {
    /// Builds a position from each side's pieces, the kings among them and the side to move.
    pub fn from_parts(
        white: Bitboard,
        black: Bitboard,
        kings: Bitboard,
        side: Side,
    ) -> Result<Self, PositionError> {
        if (white | black | kings).without(R::Board::SQUARES).any() {
            return Err(PositionError::OffBoard);
        }
        if let Some(sq) = (white & black).into_iter().next() {
            return Err(PositionError::Overlap(R::square_name(sq)));
        }
        if let Some(sq) = kings.without(white | black).into_iter().next() {
            return Err(PositionError::KingWithoutPiece(R::square_name(sq)));
        }
        // A side starts on all but the middle two rows of the board's playable squares.
        let most = (R::Board::SQUARES.count() - R::Board::FILES as u32) / 2;
        for side in Side::BOTH {
            let own = if side == Side::White { white } else { black };
            if own.count() > most {
                return Err(PositionError::TooManyPieces(side, own.count(), most));
            }
            let stuck = own.without(kings) & R::Board::promotion_rank(side);
            if let Some(sq) = stuck.into_iter().next() {
                return Err(PositionError::ManOnPromotionRank(R::square_name(sq), side));
            }
        }
        let mut pos = Position {
            pieces: [white, black],
            kings,
            side,
            key: 0,
            rules: PhantomData,
        };
        pos.key = pos.compute_key();
        Ok(pos)
    }

    /// The starting position of the game: each side's men fill the ranks nearest to it, all
    /// but the two middle ranks (12 men each on 8×8, 20 on 10×10).
    pub fn startpos() -> Self {
        let ranks = R::Board::RANKS;
        let filled = ranks / 2 - 1;
        let white = (0..filled)
            .map(R::Board::rank_squares)
            .fold(Bitboard::EMPTY, |a, b| a | b);
        let black = (ranks - filled..ranks)
            .map(R::Board::rank_squares)
            .fold(Bitboard::EMPTY, |a, b| a | b);
        Self::from_parts(white, black, Bitboard::EMPTY, Side::White)
            .expect("the starting position is valid")
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// All pieces of `side`.
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

    /// Every empty playable square.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        R::Board::complement(self.occupied())
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        zobrist::piece_on(self.pieces, self.kings, square)
    }

    /// The Zobrist key, kept up to date incrementally by [`Position::play`].
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The Zobrist key computed from scratch (for checking the incremental one).
    pub fn compute_key(&self) -> u64 {
        zobrist::placement_key(self.pieces, self.kings, self.side)
    }

    /// Plays a legal move in place and returns what [`Position::undo`] needs to take it back.
    #[inline]
    pub fn play(&mut self, mv: Move) -> Undo {
        let us = self.side;
        let them = us.opponent();
        let (from, to) = (mv.from(), mv.to());
        let moved_king = self.kings.contains(from);
        let captured = mv.captured();
        let undo = Undo {
            captured_kings: captured & self.kings,
            moved_king,
            key: self.key,
        };

        // `from ^ to` (not `|`) keeps a capture that ends where it started in place.
        let path = from.bb() ^ to.bb();
        self.pieces[us.index()] ^= path;
        let mut key = self.key ^ BLACK_TO_MOVE;
        if moved_king {
            self.kings ^= path;
            key ^=
                zobrist::piece_key(us, Kind::King, from) ^ zobrist::piece_key(us, Kind::King, to);
        } else {
            let kind = if mv.promotes() { Kind::King } else { Kind::Man };
            if mv.promotes() {
                self.kings |= to.bb();
            }
            key ^= zobrist::piece_key(us, Kind::Man, from) ^ zobrist::piece_key(us, kind, to);
        }
        if captured.any() {
            for sq in captured {
                let kind = if self.kings.contains(sq) {
                    Kind::King
                } else {
                    Kind::Man
                };
                key ^= zobrist::piece_key(them, kind, sq);
            }
            self.pieces[them.index()] ^= captured;
            self.kings = self.kings.without(captured);
        }
        self.key = key;
        self.side = them;
        undo
    }

    /// Takes back `mv`, which must be the last move played, with the [`Undo`] it returned.
    #[inline]
    pub fn undo(&mut self, mv: Move, undo: Undo) {
        let them = self.side;
        let us = them.opponent();
        let path = mv.from().bb() ^ mv.to().bb();
        self.pieces[us.index()] ^= path;
        if undo.moved_king {
            self.kings ^= path;
        } else if mv.promotes() {
            self.kings ^= mv.to().bb();
        }
        self.pieces[them.index()] |= mv.captured();
        self.kings |= undo.captured_kings;
        self.key = undo.key;
        self.side = us;
    }

    /// The position after a legal move (copy-make).
    #[inline]
    pub fn after(&self, mv: Move) -> Self {
        let mut next = *self;
        next.play(mv);
        next
    }

    /// Takes the piece on `square` off the board, keeping the key up to date (Fuk's huff). An
    /// empty square is left as it is.
    #[inline]
    pub fn remove(&mut self, square: Square) {
        let Some(piece) = self.piece_at(square) else {
            return;
        };
        self.key ^= zobrist::piece_key(piece.side, piece.kind, square);
        self.pieces[piece.side.index()] = self.pieces[piece.side.index()].without(square.bb());
        self.kings = self.kings.without(square.bb());
    }

    /// The same placement with the other side to move (for tests and analysis only: it need
    /// not be a position reachable in a game).
    pub fn with_side_to_move(&self, side: Side) -> Self {
        let mut pos = *self;
        if pos.side != side {
            pos.side = side;
            pos.key ^= BLACK_TO_MOVE;
        }
        pos
    }
}
