//! [`Stack`]: the pieces of one square in Bashni and Lasca, top first, packed into one `u64`.
//! It knows nothing of squares, boards or moves.

use crate::types::{Kind, Piece, Side};
use std::fmt;

/// The most pieces a stack can hold: every piece of both sides in one tower.
pub const MAX_HEIGHT: u32 = 24;

/// A tower: up to [`MAX_HEIGHT`] pieces, top first.
///
/// Layout: piece `i` (0 = the top) in bits `2i` (set for Black) and `2i + 1` (set for a king);
/// the height in bits 56..64. The empty stack is 0, and two stacks are equal exactly when they
/// hold the same pieces in the same order, so the value itself can be hashed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Stack(u64);

const HEIGHT_SHIFT: u32 = 56;

/// The two bits of a piece.
#[inline]
const fn code(piece: Piece) -> u64 {
    (piece.side as u64) | ((piece.kind as u64) << 1)
}

#[inline]
fn decode(bits: u64) -> Piece {
    Piece {
        side: if bits & 1 == 0 {
            Side::White
        } else {
            Side::Black
        },
        kind: if bits & 2 == 0 { Kind::Man } else { Kind::King },
    }
}

impl Stack {
    /// No tower.
    pub const EMPTY: Stack = Stack(0);

    /// A tower of one piece.
    #[inline]
    pub const fn single(piece: Piece) -> Stack {
        Stack(code(piece) | 1 << HEIGHT_SHIFT)
    }

    /// The packed value (for hashing).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// How many pieces the tower holds.
    #[inline]
    pub const fn height(self) -> u32 {
        (self.0 >> HEIGHT_SHIFT) as u32
    }

    /// True if the square is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The piece `index` places below the top (0 = the top), if the tower is that tall.
    #[inline]
    pub fn piece(self, index: u32) -> Option<Piece> {
        (index < self.height()).then(|| decode(self.0 >> (2 * index)))
    }

    /// The top piece, if any.
    #[inline]
    pub fn top(self) -> Option<Piece> {
        self.piece(0)
    }

    /// The owner: the side of the top piece.
    #[inline]
    pub fn owner(self) -> Option<Side> {
        self.top().map(|p| p.side)
    }

    /// The pieces, top first.
    pub fn pieces(self) -> impl Iterator<Item = Piece> {
        (0..self.height()).map(move |i| decode(self.0 >> (2 * i)))
    }

    /// How many pieces of `side` the tower holds, top included.
    #[inline]
    pub fn count(self, side: Side) -> u32 {
        // The side bits of the pieces: the even bits below twice the height (at most 48).
        let pieces = (1u64 << (2 * self.height())) - 1;
        let black = (self.0 & pieces & 0x5555_5555_5555_5555).count_ones();
        match side {
            Side::White => self.height() - black,
            Side::Black => black,
        }
    }

    /// The tower without its top piece, and that piece; `None` for an empty square.
    #[inline]
    pub fn pop_top(self) -> Option<(Piece, Stack)> {
        let top = self.top()?;
        let height = self.height() - 1;
        let rest = if height == 0 {
            0
        } else {
            ((self.0 & ((1 << HEIGHT_SHIFT) - 1)) >> 2) | (height as u64) << HEIGHT_SHIFT
        };
        Some((top, Stack(rest)))
    }

    /// The tower with `piece` put under its bottom (a prisoner taken).
    #[inline]
    pub fn push_bottom(self, piece: Piece) -> Stack {
        let height = self.height();
        debug_assert!(height < MAX_HEIGHT);
        let pieces = self.0 & ((1 << HEIGHT_SHIFT) - 1);
        Stack(pieces | code(piece) << (2 * height) | ((height + 1) as u64) << HEIGHT_SHIFT)
    }

    /// The tower with its top piece crowned.
    #[inline]
    pub fn crown_top(self) -> Stack {
        if self.is_empty() {
            self
        } else {
            Stack(self.0 | 2)
        }
    }

    /// The tower written top first: `w`/`b` men, `W`/`B` kings (`wbb`, `Bw`).
    pub fn letters(self) -> String {
        self.pieces().map(letter).collect()
    }

    /// The tower of the letters `w` `b` `W` `B`, top first; `None` if a letter is anything
    /// else, or if there are none or too many.
    pub fn from_letters(text: &str) -> Option<Stack> {
        if text.is_empty() || text.chars().count() > MAX_HEIGHT as usize {
            return None;
        }
        let mut stack = Stack::EMPTY;
        for c in text.chars() {
            stack = stack.push_bottom(from_letter(c)?);
        }
        Some(stack)
    }
}

/// The letter of a piece: `w` `b` men, `W` `B` kings.
pub fn letter(piece: Piece) -> char {
    match (piece.side, piece.kind) {
        (Side::White, Kind::Man) => 'w',
        (Side::White, Kind::King) => 'W',
        (Side::Black, Kind::Man) => 'b',
        (Side::Black, Kind::King) => 'B',
    }
}

/// The piece of a letter `w` `b` `W` `B`.
pub fn from_letter(c: char) -> Option<Piece> {
    let (side, kind) = match c {
        'w' => (Side::White, Kind::Man),
        'W' => (Side::White, Kind::King),
        'b' => (Side::Black, Kind::Man),
        'B' => (Side::Black, Kind::King),
        _ => return None,
    };
    Some(Piece { side, kind })
}

impl fmt::Debug for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Stack({})", self.letters())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stack_keeps_its_order_top_first() {
        let s = Stack::from_letters("wbBW").unwrap();
        assert_eq!(s.height(), 4);
        assert_eq!(s.letters(), "wbBW");
        let (top, rest) = s.pop_top().unwrap();
        assert_eq!(letter(top), 'w');
        assert_eq!(rest.letters(), "bBW");
        assert_eq!(rest.push_bottom(top).letters(), "bBWw");
        assert_eq!(rest.crown_top().letters(), "BBW");
        let (_, empty) = Stack::from_letters("b").unwrap().pop_top().unwrap();
        assert_eq!(empty, Stack::EMPTY);
        assert_eq!(Stack::from_letters("wx"), None);
        assert_eq!(Stack::from_letters(""), None);
        let tall = "wb".repeat(12);
        assert_eq!(Stack::from_letters(&tall).unwrap().letters(), tall);
        assert_eq!(Stack::from_letters(&format!("{tall}w")), None);
    }

    #[test]
    fn a_stack_counts_each_sides_pieces() {
        for letters in ["w", "B", "wbBW", "bbbbw", &"wB".repeat(12), &"b".repeat(24)] {
            let s = Stack::from_letters(letters).unwrap();
            for side in [Side::White, Side::Black] {
                let by_piece = s.pieces().filter(|p| p.side == side).count() as u32;
                assert_eq!(s.count(side), by_piece, "{letters} {side:?}");
            }
        }
        assert_eq!(Stack::EMPTY.count(Side::White), 0);
        assert_eq!(Stack::EMPTY.count(Side::Black), 0);
    }
}
