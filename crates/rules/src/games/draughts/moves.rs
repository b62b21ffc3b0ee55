//! [`Move`]: a move of the draughts games as the rules identify it.

use crate::types::{Bitboard, Square};

/// The move list of the draughts games.
pub type MoveList = crate::moves::MoveList<Move>;

/// A move as the rules identify it: start square, end square and the set of captured pieces,
/// plus whether the moving man is crowned on the way.
///
/// Two capture sequences that start and end on the same squares and take the same pieces are
/// the same `Move`, whatever order they took them in. (They can differ in whether the man was
/// crowned only in contrived positions; then they lead to different positions and are kept
/// apart by [`Move::promotes`].) The landing squares are not part of the move: see [`Path`](crate::moves::Path).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    captured: Bitboard,
    from: Square,
    to: Square,
    promotes: bool,
}

impl Move {
    /// A quiet (non-capturing) move.
    #[inline]
    pub const fn quiet(from: Square, to: Square, promotes: bool) -> Move {
        Move {
            captured: Bitboard::EMPTY,
            from,
            to,
            promotes,
        }
    }

    /// A capture of every piece in `captured` (not empty).
    #[inline]
    pub const fn capture(from: Square, to: Square, captured: Bitboard, promotes: bool) -> Move {
        debug_assert!(captured.any());
        Move {
            captured,
            from,
            to,
            promotes,
        }
    }

    /// The square the piece starts on.
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the piece ends on (may equal `from` for a capture that runs in a loop).
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The pieces this move captures (empty for a quiet move).
    #[inline]
    pub const fn captured(self) -> Bitboard {
        self.captured
    }

    /// True if the move captures.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.captured.any()
    }

    /// True if a man becomes a king during this move.
    #[inline]
    pub const fn promotes(self) -> bool {
        self.promotes
    }
}

impl crate::moves::MoveList<Move> {
    /// Appends a capture unless an identical move is already listed.
    #[inline]
    pub fn push_capture_unique(&mut self, mv: Move) {
        // One captured piece leaves only one way to make the move; duplicates need two or more.
        if mv.captured.count() >= 2 && self.contains(mv) {
            return;
        }
        self.push(mv);
    }
}
