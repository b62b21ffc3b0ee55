//! What every game's moves share: [`Path`] (the squares a move passes through, for display) and
//! [`MoveList`] (the legal moves of a position, each once), generic over the game's move type.

use crate::types::Square;
use std::fmt;

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

/// The legal moves of a position, each distinct move once, captures or quiet moves (never both,
/// since capturing is compulsory).
///
/// The list owns a growable buffer; search and perft keep one list per ply and reuse it, so the
/// buffer is allocated once.
#[derive(Clone, Debug)]
pub struct MoveList<M> {
    moves: Vec<M>,
}

impl<M> Default for MoveList<M> {
    fn default() -> Self {
        MoveList { moves: Vec::new() }
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

    /// Keeps the first `len` moves and drops the rest.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
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
