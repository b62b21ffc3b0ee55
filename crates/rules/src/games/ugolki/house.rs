//! [`House`]: the corner block each side starts in and races to fill on the other side. White's
//! house is in the a1 corner; Black's is its point reflection in the h8 corner.

use crate::option::{Affects, GameOption, OptionKind, Setup};
use crate::types::{Bitboard, Side};
use std::fmt;
use std::str::FromStr;

/// The shape of the houses, chosen by the `UgolkiHouse` option and the FEN's `H` field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum House {
    /// 3×3, 9 pieces: White a1..c3.
    #[default]
    Square3,
    /// 3 ranks × 4 files, 12 pieces: White a1..d3.
    Rect3x4,
    /// 10 pieces in a staircase: White a1..d1, a2..c2, a3, b3, a4.
    Triangle,
}

/// The `UgolkiHouse` option: the house both sides start in, and the house of a FEN that names
/// none (`--house` in the command-line tools).
pub const OPTION: GameOption = GameOption {
    name: "UgolkiHouse",
    label: "House",
    kind: OptionKind::Combo {
        default: "3x3",
        choices: &["3x3", "3x4", "triangle"],
    },
    affects: Affects::Start,
    flag: "house",
    doc: "Ugolki's house: 3x3, 3x4 or triangle (the start, and a FEN without an H field)",
};

/// White's squares of each house, as bits (a1 = bit 0, b1 = bit 1, a2 = bit 8).
const fn white_squares(house: House) -> u64 {
    match house {
        House::Square3 => 0x07_07_07,
        House::Rect3x4 => 0x0F_0F_0F,
        House::Triangle => 0x01_03_07_0F,
    }
}

impl House {
    /// Every house, in the order the option lists them.
    pub const ALL: [House; 3] = [House::Square3, House::Rect3x4, House::Triangle];

    /// The name in the option and the FEN: `3x3`, `3x4`, `triangle`.
    pub const fn name(self) -> &'static str {
        match self {
            House::Square3 => "3x3",
            House::Rect3x4 => "3x4",
            House::Triangle => "triangle",
        }
    }

    /// The house of `side`: White's in the a1 corner, Black's its point reflection.
    #[inline]
    pub const fn of(self, side: Side) -> Bitboard {
        let white = white_squares(self);
        match side {
            Side::White => Bitboard(white),
            Side::Black => Bitboard(white.reverse_bits()),
        }
    }

    /// The house `side` races to fill: the opponent's.
    #[inline]
    pub const fn target(self, side: Side) -> Bitboard {
        self.of(side.opponent())
    }

    /// Pieces per side.
    pub const fn pieces(self) -> u32 {
        white_squares(self).count_ones()
    }

    /// The house [`OPTION`] gives in `setup` (the default if it holds no valid one).
    pub fn from_setup(setup: &Setup) -> House {
        setup.get(&OPTION).parse().unwrap_or_default()
    }

    /// A small number for the position key.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a house name that is not `3x3`, `3x4` or `triangle`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownHouse(pub String);

impl fmt::Display for UnknownHouse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown house '{}' (known: 3x3, 3x4, triangle)", self.0)
    }
}

impl std::error::Error for UnknownHouse {}

impl FromStr for House {
    type Err = UnknownHouse;

    fn from_str(s: &str) -> Result<House, UnknownHouse> {
        let wanted = s.trim().to_ascii_lowercase();
        House::ALL
            .into_iter()
            .find(|h| h.name() == wanted)
            .ok_or_else(|| UnknownHouse(s.trim().to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_option_lists_every_house() {
        let names: Vec<&str> = House::ALL.iter().map(|h| h.name()).collect();
        let OptionKind::Combo { default, choices } = OPTION.kind else {
            panic!("the house is a choice");
        };
        assert_eq!((default, choices), (House::default().name(), &names[..]));
    }

    #[test]
    fn houses_have_their_sizes_and_reflect() {
        for house in House::ALL {
            let (w, b) = (house.of(Side::White), house.of(Side::Black));
            assert_eq!(w.count(), house.pieces());
            assert_eq!(b.count(), house.pieces());
            assert!((w & b).is_empty());
            assert_eq!(house.name().parse::<House>(), Ok(house));
        }
        assert_eq!(House::Square3.pieces(), 9);
        assert_eq!(House::Rect3x4.pieces(), 12);
        assert_eq!(House::Triangle.pieces(), 10);
        // h8 is bit 63, the reflection of a1.
        assert!(
            House::Triangle
                .of(Side::Black)
                .contains(crate::types::Square::from_index_unchecked(63))
        );
    }
}
