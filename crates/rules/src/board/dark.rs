//! The dark squares of a square board: 8×8 (Russian, Brazilian), 10×10 (International) and
//! 7×7 (Lasca), all on one "ghost square" layout.
//!
//! Ranks are stored in pairs. A rank pair of an `n`-wide board holds `h = ⌈n/2⌉` squares of its
//! lower rank, then a ghost bit, then the squares of its upper rank, padded to `2h + 1` bits, so
//! every diagonal step is one fixed shift: north-east `h + 1`, north-west `h`, south-east `−h`,
//! south-west `−(h + 1)`. For 8×8 (`h = 4`):
//!
//! ```text
//!  rank 8   32  33  34  35        b8 d8 f8 h8
//!  rank 7 27  28  29  30  (31)  a7 c7 e7 g7
//!   …
//!  rank 2   5   6   7   8         b2 d2 f2 h2
//!  rank 1 0   1   2   3   (4)   a1 c1 e1 g1
//! ```
//!
//! A step off the left or right edge lands on a ghost bit and a step off the top or bottom
//! leaves the board's bit range, so masking with the playable squares is all the edge handling
//! there is. 10×10 uses bits 0..55 (`h = 5`), 7×7 is the 8×8 layout without its h-file and
//! eighth rank.

use super::{Diagonal, Geometry};
use crate::types::{Bitboard, Dir, Side, Square};

/// Every table of one dark-square board, computed at compile time from its size.
pub(super) struct DarkTables {
    squares: u64,
    count: usize,
    /// Shift of one step in each direction, in [`Dir::ALL`] order.
    offsets: [i32; 4],
    file: [u8; 64],
    rank: [u8; 64],
    /// Bit index of each (file, rank), or 255.
    index: [[u8; 16]; 16],
    number: [u8; 64],
    from_number: [u8; 65],
    relative: [[u8; 64]; 2],
    /// The squares of each rank.
    ranks: [u64; 16],
    /// The long diagonal from a1.
    long_diagonal: u64,
    rays: [[Bitboard; 4]; 64],
    neighbours: [Bitboard; 64],
}

impl DarkTables {
    /// The tables of the `n × n` board whose a1 is a dark (playable) square.
    pub(super) const fn build(n: u8) -> DarkTables {
        assert!(n >= 2 && n <= 12);
        let h = n.div_ceil(2) as i32;
        let mut t = DarkTables {
            squares: 0,
            count: 0,
            offsets: [h + 1, h, -h, -(h + 1)],
            file: [0; 64],
            rank: [0; 64],
            index: [[255; 16]; 16],
            number: [0; 64],
            from_number: [255; 65],
            relative: [[0; 64]; 2],
            ranks: [0; 16],
            long_diagonal: 0,
            rays: [[Bitboard::EMPTY; 4]; 64],
            neighbours: [Bitboard::EMPTY; 64],
        };
        // Squares, files and ranks; `relative` for White counts from a1 along the ranks.
        let mut rank = 0;
        while rank < n {
            let mut file = rank % 2;
            while file < n {
                let index = (2 * h as u8 + 1) * (rank / 2) + (rank % 2) * (h as u8 + 1) + file / 2;
                t.squares |= 1 << index;
                t.ranks[rank as usize] |= 1 << index;
                if file == rank {
                    t.long_diagonal |= 1 << index;
                }
                t.file[index as usize] = file;
                t.rank[index as usize] = rank;
                t.index[file as usize][rank as usize] = index;
                t.relative[0][index as usize] = t.count as u8;
                t.count += 1;
                file += 2;
            }
            rank += 1;
        }
        // PDN numbers: from the top rank down, left to right; Black's relative index is White's
        // for the square turned round (the point reflection through the centre).
        let mut number = 1;
        let mut rank = n;
        while rank > 0 {
            rank -= 1;
            let mut file = 0;
            while file < n {
                let index = t.index[file as usize][rank as usize];
                if index != 255 {
                    t.number[index as usize] = number;
                    t.from_number[number as usize] = index;
                    number += 1;
                    let turned = t.index[(n - 1 - file) as usize][(n - 1 - rank) as usize];
                    t.relative[1][index as usize] = t.relative[0][turned as usize];
                }
                file += 1;
            }
        }
        // Rays and neighbours, by walking each direction on files and ranks.
        let mut index = 0;
        while index < 64 {
            if t.squares >> index & 1 == 1 {
                let mut d = 0;
                while d < 4 {
                    let (df, dr) = Dir::ALL[d].file_rank_step();
                    let mut f = t.file[index] as i32 + df;
                    let mut r = t.rank[index] as i32 + dr;
                    let mut bits = 0u64;
                    while f >= 0 && r >= 0 && f < n as i32 && r < n as i32 {
                        let next = t.index[f as usize][r as usize];
                        if bits == 0 {
                            t.neighbours[index].0 |= 1 << next;
                        }
                        bits |= 1 << next;
                        f += df;
                        r += dr;
                    }
                    t.rays[index][d] = Bitboard(bits);
                    d += 1;
                }
            }
            index += 1;
        }
        t
    }
}

/// Declares a dark-square board of the given size: a marker type with [`Geometry`] and
/// [`Diagonal`] read from one static [`DarkTables`].
macro_rules! dark_board {
    ($(#[$doc:meta])* $name:ident, $size:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct $name;

        impl $name {
            const TABLES: &'static DarkTables = &{ DarkTables::build($size) };
        }

        impl Geometry for $name {
            const FILES: u8 = $size;
            const RANKS: u8 = $size;
            const SQUARES: Bitboard = Bitboard(Self::TABLES.squares);
            const SQUARE_COUNT: usize = Self::TABLES.count;

            #[inline]
            fn square_at(file: u8, rank: u8) -> Option<Square> {
                if file >= $size || rank >= $size {
                    return None;
                }
                let index = Self::TABLES.index[file as usize][rank as usize];
                (index != 255).then(|| Square::from_index_unchecked(index as u32))
            }

            #[inline]
            fn file(square: Square) -> u8 {
                Self::TABLES.file[square.index() & 63]
            }

            #[inline]
            fn rank(square: Square) -> u8 {
                Self::TABLES.rank[square.index() & 63]
            }

            #[inline]
            fn number(square: Square) -> u8 {
                Self::TABLES.number[square.index() & 63]
            }

            #[inline]
            fn from_number(number: u8) -> Option<Square> {
                let index = *Self::TABLES.from_number.get(number as usize)?;
                (index != 255).then(|| Square::from_index_unchecked(index as u32))
            }

            #[inline]
            fn relative(side: Side, square: Square) -> usize {
                Self::TABLES.relative[side.index() & 1][square.index() & 63] as usize
            }

            #[inline]
            fn rank_squares(rank: u8) -> Bitboard {
                Bitboard(Self::TABLES.ranks[rank as usize & 15])
            }
        }

        impl Diagonal for $name {
            #[inline]
            fn shift(set: Bitboard, dir: Dir) -> Bitboard {
                // A rotation rather than a shift: no branch on the sign. Playable squares use
                // the low bits only, so whatever wraps round lands on high bits and is masked
                // away like any other off-board bit.
                let offset = Self::TABLES.offsets[dir.index() & 3];
                Bitboard(set.0.rotate_left(offset.rem_euclid(64) as u32))
            }

            #[inline]
            fn ray(square: Square, dir: Dir) -> Bitboard {
                Self::TABLES.rays[square.index() & 63][dir.index() & 3]
            }

            #[inline]
            fn neighbours(square: Square) -> Bitboard {
                Self::TABLES.neighbours[square.index() & 63]
            }

            #[inline]
            fn long_diagonal() -> Bitboard {
                Bitboard(Self::TABLES.long_diagonal)
            }
        }
    };
}

dark_board!(
    /// The 32 dark squares of the 8×8 board (Russian, giveaway, Brazilian).
    Dark8,
    8
);

dark_board!(
    /// The 50 dark squares of the 10×10 board (International draughts).
    Dark10,
    10
);

dark_board!(
    /// The 25 dark squares of the 7×7 board (Lasca).
    Dark7,
    7
);
