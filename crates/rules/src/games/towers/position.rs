//! [`Position`]: a board of towers — the [`Stack`] on every square, who owns each square and
//! which tops are kings, the side to move and the Zobrist key, kept up to date square by square.
//! It knows nothing of the rules of moving, of history, draw counters or notation.

use super::stack::Stack;
use crate::types::{Bitboard, Kind, Piece, Side, Square};
use crate::zobrist::{self, BLACK_TO_MOVE};
use std::fmt;

/// Bit indices a dark-square board of up to 8×8 uses (the 8×8 layout ends at bit 35).
pub const SLOTS: usize = 36;

/// A position of Bashni or Lasca.
///
/// Invariants, kept by [`Position::set`]: `owned[side]` is the set of squares whose top piece
/// is `side`'s, `kings` the squares whose top piece is a king, and `key` equals
/// [`Position::compute_key`].
#[derive(Clone, Copy)]
pub struct Position {
    stacks: [Stack; SLOTS],
    owned: [Bitboard; 2],
    kings: Bitboard,
    side: Side,
    key: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.stacks == other.stacks && self.side == other.side
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let towers: Vec<String> = self
            .occupied()
            .into_iter()
            .map(|sq| format!("{}:{}", sq.index(), self.stack(sq).letters()))
            .collect();
        f.debug_struct("Position")
            .field("towers", &towers)
            .field("side", &self.side)
            .finish()
    }
}

impl Position {
    /// An empty board with `side` to move.
    pub fn empty(side: Side) -> Position {
        Position {
            stacks: [Stack::EMPTY; SLOTS],
            owned: [Bitboard::EMPTY; 2],
            kings: Bitboard::EMPTY,
            side,
            key: if side == Side::Black {
                BLACK_TO_MOVE
            } else {
                0
            },
        }
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The tower on `square` (empty if none).
    #[inline]
    pub fn stack(&self, square: Square) -> Stack {
        self.stacks[square.index() % SLOTS]
    }

    /// Puts `stack` on `square` (the empty stack clears it), keeping the sets and key.
    #[inline]
    pub fn set(&mut self, square: Square, stack: Stack) {
        let slot = square.index() % SLOTS;
        let old = self.stacks[slot];
        if old == stack {
            return;
        }
        self.key ^=
            zobrist::tower_key(square, old.bits()) ^ zobrist::tower_key(square, stack.bits());
        self.stacks[slot] = stack;
        let bit = square.bb();
        self.owned[0] = self.owned[0].without(bit);
        self.owned[1] = self.owned[1].without(bit);
        self.kings = self.kings.without(bit);
        if let Some(top) = stack.top() {
            self.owned[top.side.index()] |= bit;
            if top.kind == Kind::King {
                self.kings |= bit;
            }
        }
    }

    /// Hands the move to the other side.
    #[inline]
    pub fn switch_side(&mut self) {
        self.side = self.side.opponent();
        self.key ^= BLACK_TO_MOVE;
    }

    /// The squares whose towers `side` owns (its piece on top).
    #[inline]
    pub fn owned(&self, side: Side) -> Bitboard {
        self.owned[side.index()]
    }

    /// The squares whose top piece is a king, either side's.
    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.kings
    }

    /// The squares whose towers differ between `self` and `other`: a compare of every slot,
    /// with no branch, where walking the occupied squares would take one for each.
    #[inline]
    pub fn differing(&self, other: &Position) -> Bitboard {
        let mut mask = 0u64;
        for (slot, (mine, theirs)) in self.stacks.iter().zip(&other.stacks).enumerate() {
            mask |= u64::from(mine != theirs) << slot;
        }
        Bitboard(mask)
    }

    /// Every square with a tower.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.owned[0] | self.owned[1]
    }

    /// The top piece on `square`, if any.
    #[inline]
    pub fn top(&self, square: Square) -> Option<Piece> {
        self.stack(square).top()
    }

    /// How many pieces of `side` are on the board, in every tower and at every height.
    pub fn pieces_of(&self, side: Side) -> u32 {
        self.occupied()
            .into_iter()
            .map(|sq| self.stack(sq).count(side))
            .sum()
    }

    /// The Zobrist key.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch (for checking the incremental one).
    pub fn compute_key(&self) -> u64 {
        let mut key = if self.side == Side::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        for sq in self.occupied() {
            key ^= zobrist::tower_key(sq, self.stack(sq).bits());
        }
        key
    }
}
