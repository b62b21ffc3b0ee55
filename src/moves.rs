//! Moves: [`Move`] (what a move does to the board), [`Path`] (the landing squares a capture
//! passes through, for display) and [`MoveList`] (the legal moves of a position, each once).

use crate::types::{Bitboard, Square};
use std::fmt;

/// A move as the rules identify it: start square, end square and the set of captured pieces,
/// plus whether the moving man is crowned on the way.
///
/// Two capture sequences that start and end on the same squares and take the same pieces are
/// the same `Move`, whatever order they took them in. (They can differ in whether the man was
/// crowned only in contrived positions; then they lead to different positions and are kept
/// apart by [`Move::promotes`].) The landing squares are not part of the move: see [`Path`].
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

/// The most squares a path can hold: the start square plus one landing per captured piece.
pub const MAX_PATH: usize = 32;

/// The squares a move passes through: the start square, then every landing square.
/// A quiet move's path is just its two squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Path {
    squares: [Square; MAX_PATH],
    len: u8,
}

impl Path {
    /// A path of the given squares; `None` if there are fewer than two or more than [`MAX_PATH`].
    pub fn new(squares: &[Square]) -> Option<Path> {
        if squares.len() < 2 || squares.len() > MAX_PATH {
            return None;
        }
        let mut path = Path {
            squares: [squares[0]; MAX_PATH],
            len: squares.len() as u8,
        };
        path.squares[..squares.len()].copy_from_slice(squares);
        Some(path)
    }

    /// The squares of the path, start square first.
    #[inline]
    pub fn squares(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }
}

impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Path({:?})",
            self.squares().iter().map(|s| s.index()).collect::<Vec<_>>()
        )
    }
}

/// The legal moves of a position, each distinct [`Move`] once, captures or quiet moves (never both,
/// since capturing is compulsory).
///
/// The list owns a growable buffer; search and perft keep one list per ply and reuse it, so the
/// buffer is allocated once.
#[derive(Clone, Debug)]
pub struct MoveList<M = Move> {
    moves: Vec<M>,
}

impl<M> Default for MoveList<M> {
    fn default() -> Self {
        MoveList { moves: Vec::new() }
    }
}

impl MoveList<Move> {
    /// Appends a capture unless an identical move is already listed.
    #[inline]
    pub fn push_capture_unique(&mut self, mv: Move) {
        // One captured piece leaves only one way to make the move; duplicates need two or more.
        if mv.captured.count() >= 2 && self.moves.contains(&mv) {
            return;
        }
        self.moves.push(mv);
    }
}

impl<M: Copy + PartialEq> MoveList<M> {
    /// An empty list with room for the moves of any ordinary position.
    pub fn new() -> MoveList<M> {
        MoveList {
            moves: Vec::with_capacity(128),
        }
    }

    /// Removes every move, keeping the buffer.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// Appends a move without checking for duplicates.
    #[inline]
    pub fn push(&mut self, mv: M) {
        self.moves.push(mv);
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True if there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.moves
    }

    /// The moves as a mutable slice (for ordering them in place).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.moves
    }

    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, M> {
        self.moves.iter()
    }

    /// True if `mv` is in the list.
    #[inline]
    pub fn contains(&self, mv: M) -> bool {
        self.moves.contains(&mv)
    }
}

impl<'a, M> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;

    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}

impl<M> std::ops::Index<usize> for MoveList<M> {
    type Output = M;

    #[inline]
    fn index(&self, index: usize) -> &M {
        &self.moves[index]
    }
}
