//! Ugolki move generation on the full board.
//!
//! A piece steps to a neighbouring empty square, or jumps over a neighbouring piece of either
//! colour to the empty square right beyond it and may go on jumping from there, stopping after
//! any jump. Its start square counts as empty during the chain, so a chain may pass over it or
//! come back to it (coming back is no move). A move is identified by its two ends: the squares
//! a chain reaches are found all at once, a flood fill over bitboards, and every one of them
//! is one move however many chains lead there.

use super::position::{Move, Position};
use crate::board::Line;
use crate::board::{Full8, Lines};
use crate::moves::MoveList;
use crate::types::{Bitboard, Side, Square};

/// The directions pieces move in: ranks and files, or all eight with `DIAGONAL`.
#[inline]
pub const fn lines<const DIAGONAL: bool>() -> &'static [Line] {
    if DIAGONAL {
        &Line::ALL
    } else {
        &Line::ORTHOGONAL
    }
}

/// The empty squares next to `from`.
#[inline]
pub fn steps<const DIAGONAL: bool>(from: Square, empty: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for &dir in lines::<DIAGONAL>() {
        out |= Full8::shift(from.bb(), dir);
    }
    out & empty
}

/// The squares a chain of jumps from `from` can stop on (never `from` itself), with `occupied`
/// every piece on the board including the one on `from`.
#[inline]
pub fn jumps<const DIAGONAL: bool>(from: Square, occupied: Bitboard) -> Bitboard {
    let others = occupied.without(from.bb());
    let empty = Bitboard(!others.0);
    let mut reached = from.bb();
    let mut frontier = reached;
    while frontier.any() {
        let mut next = Bitboard::EMPTY;
        for &dir in lines::<DIAGONAL>() {
            next |= Full8::shift(Full8::shift(frontier, dir) & others, dir) & empty;
        }
        frontier = next.without(reached);
        reached |= frontier;
    }
    reached.without(from.bb())
}

/// Every square the piece on `from` can move to.
#[inline]
pub fn targets<const DIAGONAL: bool>(from: Square, occupied: Bitboard) -> Bitboard {
    steps::<DIAGONAL>(from, Bitboard(!occupied.0)) | jumps::<DIAGONAL>(from, occupied)
}

/// Fills `list` with every legal move, piece by piece, each piece's targets in square order.
pub fn gen_moves<const DIAGONAL: bool>(pos: &Position, list: &mut MoveList<Move>) {
    list.clear();
    let occupied = pos.occupied();
    for from in pos.pieces(pos.side_to_move()) {
        for to in targets::<DIAGONAL>(from, occupied) {
            list.push(Move::new(from, to));
        }
    }
}

/// The number of legal moves of `side` (whoever is to move).
#[inline]
pub fn count_for<const DIAGONAL: bool>(pos: &Position, side: Side) -> usize {
    let occupied = pos.occupied();
    pos.pieces(side)
        .into_iter()
        .map(|from| targets::<DIAGONAL>(from, occupied).count() as usize)
        .sum()
}

/// True if the chain `path` (start square, then each landing square) is a run of legal jumps
/// for the piece on its first square, and so names the move from the first to the last square.
pub fn is_jump_chain<const DIAGONAL: bool>(pos: &Position, path: &[Square]) -> bool {
    let Some(&from) = path.first() else {
        return false;
    };
    if !pos.pieces(pos.side_to_move()).contains(from) {
        return false;
    }
    let others = pos.occupied().without(from.bb());
    path.windows(2).all(|pair| {
        let (a, b) = (pair[0], pair[1]);
        lines::<DIAGONAL>().iter().any(|&dir| {
            let over = Full8::shift(a.bb(), dir);
            (over & others).any() && Full8::shift(over, dir) == b.bb() && !others.contains(b)
        })
    })
}
