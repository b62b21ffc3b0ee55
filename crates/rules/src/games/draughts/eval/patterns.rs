//! Pattern tables: a learned evaluation term that prices whole local configurations of men.
//!
//! The 8×8 board is covered by nine overlapping 4×4 windows (files a–d, c–f, e–h by ranks 1–4,
//! 3–6, 5–8). Each window holds eight dark squares, each empty, White's or Black's (a king
//! counts as its side's piece), so a window is in one of 3⁸ = 6561 configurations, and each
//! configuration of each window has its own value, learned from self-play games by `damka
//! train`. Two sets of tables, one for the opening (all 24 men) and one for the ending (no
//! men), are blended by the number of men on the board. The term is added to the linear
//! evaluation, scaled by the weight [`PATTERN_SCALE`] (in percent; 0 turns it off).
//!
//! The tables are a compact binary file compiled into the engine (see [`PatternTable::read`]
//! for its layout), so nothing is loaded at run time.

use crate::board::{Dark8, Geometry};
use crate::checksum::fnv1a;
use crate::games::draughts::Rules;
use crate::games::draughts::position::Position;
use crate::types::{Bitboard, Side};
use std::sync::LazyLock;

/// Windows on the board.
pub const WINDOWS: usize = 9;
/// Dark squares in a window.
pub const WINDOW_SQUARES: usize = 8;
/// Configurations of one window: 3 to the power of [`WINDOW_SQUARES`].
pub const CONFIGS: usize = 6561;
/// Game phases with a table of their own: opening and ending.
pub const PHASES: usize = 2;
/// Values in a whole set of tables.
pub const VALUES: usize = PHASES * WINDOWS * CONFIGS;
/// Men on the board at the start: the phase is the share of them still there.
pub const FULL_MEN: i32 = 24;

/// The weight slot (unused by the 8×8 king square table) that scales the pattern term, in
/// percent: 100 adds it as trained, 0 leaves it out.
pub const PATTERN_SCALE: usize = super::KING_SQUARES + 32;

/// The squares of each window, as bit indices, in the order the configuration number weighs
/// them (the first square is the lowest ternary digit).
pub static WINDOW_SQUARE_BITS: LazyLock<[[u8; WINDOW_SQUARES]; WINDOWS]> = LazyLock::new(|| {
    let mut windows = [[0u8; WINDOW_SQUARES]; WINDOWS];
    for (w, window) in windows.iter_mut().enumerate() {
        let (file0, rank0) = (2 * (w % 3) as u8, 2 * (w / 3) as u8);
        let squares = (rank0..rank0 + 4)
            .flat_map(|rank| (file0..file0 + 4).map(move |file| (file, rank)))
            .filter_map(|(file, rank)| Dark8::square_at(file, rank));
        for (slot, square) in window.iter_mut().zip(squares) {
            *slot = square.index() as u8;
        }
    }
    windows
});

/// The configuration number of each window: Σ 3ⁱ·state of the window's i-th square, with state
/// 0 empty, 1 White, 2 Black.
///
/// Each rank of a window is two neighbouring dark squares of one board rank, so the four bits
/// of every rank are turned into their three pair digits (0..9) by one table look-up, and a
/// window's number is its four ranks' digits in base 9.
#[inline]
pub fn configurations(white: Bitboard, black: Bitboard) -> [u16; WINDOWS] {
    let (white, black) = (white.0, black.0);
    let digits: [[u8; 3]; 8] = std::array::from_fn(|rank| {
        // The 8×8 layout: rank r's four squares start at bit 9·(r/2) + 5·(r%2).
        let base = 9 * (rank / 2) + 5 * (rank % 2);
        let nibbles = (white >> base & 15) | (black >> base & 15) << 4;
        RANK_PAIR_DIGITS[nibbles as usize]
    });
    std::array::from_fn(|w| {
        let (column, rank0) = (w % 3, 2 * (w / 3));
        (0..4).rev().fold(0u16, |config, rank| {
            config * 9 + digits[rank0 + rank][column] as u16
        })
    })
}

/// For a rank's White and Black squares (four bits each, White's in the low nibble), the base-3
/// number of each pair of neighbouring squares (columns 0–1, 1–2 and 2–3), the lower square the
/// lower digit.
static RANK_PAIR_DIGITS: [[u8; 3]; 256] = {
    let mut table = [[0u8; 3]; 256];
    let mut nibbles = 0;
    while nibbles < 256 {
        let (white, black) = (nibbles & 15, nibbles >> 4);
        let mut column = 0;
        while column < 3 {
            let low = (white >> column & 1) + 2 * (black >> column & 1);
            let high = (white >> (column + 1) & 1) + 2 * (black >> (column + 1) & 1);
            table[nibbles][column] = (low + 3 * high) as u8;
            column += 1;
        }
        nibbles += 1;
    }
    table
};

/// The phase weight of a position, 0 (no men) to [`FULL_MEN`] (all men on the board).
#[inline]
pub fn phase<R: Rules>(pos: &Position<R>) -> i32 {
    let men = pos.men(Side::White).count() + pos.men(Side::Black).count();
    (men as i32).min(FULL_MEN)
}

/// A set of pattern tables: per phase, per window, per configuration, a value in hundredths of
/// a man for White.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternTable {
    /// Per window and configuration, the opening and the ending value side by side, so that
    /// one look-up fetches both.
    values: Vec<[i16; PHASES]>,
}

/// The first bytes of a pattern file.
const MAGIC: &[u8; 8] = b"DAMKAPT1";

impl PatternTable {
    /// A table of zeros.
    pub fn zero() -> PatternTable {
        PatternTable {
            values: vec![[0; PHASES]; WINDOWS * CONFIGS],
        }
    }

    /// The value index of a configuration of a window in a phase.
    #[inline]
    pub fn index(phase: usize, window: usize, config: u16) -> usize {
        (phase * WINDOWS + window) * CONFIGS + config as usize
    }

    /// Sets the value at an [`PatternTable::index`].
    pub fn set(&mut self, index: usize, value: i16) {
        self.values[index % (WINDOWS * CONFIGS)][index / (WINDOWS * CONFIGS)] = value;
    }

    /// The value at an [`PatternTable::index`].
    pub fn get(&self, index: usize) -> i16 {
        self.values[index % (WINDOWS * CONFIGS)][index / (WINDOWS * CONFIGS)]
    }

    /// The pattern term of a position for White, in hundredths of a man.
    #[inline]
    pub fn score<R: Rules>(&self, pos: &Position<R>) -> i32 {
        let configs = configurations(pos.pieces(Side::White), pos.pieces(Side::Black));
        let (mut opening, mut ending) = (0i32, 0i32);
        for (w, &config) in configs.iter().enumerate() {
            let [o, e] = self.values[w * CONFIGS + config as usize];
            opening += o as i32;
            ending += e as i32;
        }
        let phase = phase(pos);
        (opening * phase + ending * (FULL_MEN - phase)) / FULL_MEN
    }

    /// Reads a pattern file: the 8 bytes `DAMKAPT1`, then the counts of phases, windows and
    /// configurations as little-endian u32 (2, 9, 6561), then every value as a little-endian
    /// i16 in [`PatternTable::index`] order, then the FNV-1a 64-bit hash of all the bytes before
    /// it, little-endian. Anything else is refused.
    pub fn read(bytes: &[u8]) -> Result<PatternTable, String> {
        let body_len = MAGIC.len() + 12 + 2 * VALUES;
        if bytes.len() != body_len + 8 {
            return Err(format!(
                "pattern file has {} bytes, not {}",
                bytes.len(),
                body_len + 8
            ));
        }
        let (body, hash) = bytes.split_at(body_len);
        if hash != fnv1a(body).to_le_bytes() {
            return Err("pattern file checksum does not match".to_string());
        }
        if &body[..MAGIC.len()] != MAGIC {
            return Err("not a damka pattern file".to_string());
        }
        let counts: Vec<u32> = body[MAGIC.len()..MAGIC.len() + 12]
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        if counts != [PHASES as u32, WINDOWS as u32, CONFIGS as u32] {
            return Err(format!("pattern file shape {counts:?} is not 2 x 9 x 6561"));
        }
        let mut table = PatternTable::zero();
        for (index, b) in body[MAGIC.len() + 12..].chunks_exact(2).enumerate() {
            table.set(index, i16::from_le_bytes([b[0], b[1]]));
        }
        Ok(table)
    }

    /// The file [`PatternTable::read`] reads.
    pub fn write(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for count in [PHASES, WINDOWS, CONFIGS] {
            bytes.extend_from_slice(&(count as u32).to_le_bytes());
        }
        for index in 0..VALUES {
            bytes.extend_from_slice(&self.get(index).to_le_bytes());
        }
        let hash = fnv1a(&bytes);
        bytes.extend_from_slice(&hash.to_le_bytes());
        bytes
    }
}

/// Russian's trained tables, compiled in (`russian.patterns`): learned by `damka train` from
/// 397469 positions of 8000 self-play games at 3000 nodes a move. They are used only where the
/// weights' [`PATTERN_SCALE`] is not 0, which Russian's default weights are not yet.
pub static RUSSIAN: LazyLock<PatternTable> = LazyLock::new(|| {
    PatternTable::read(include_bytes!("russian.patterns")).unwrap_or_else(|e| {
        log::error!("built-in Russian pattern tables unreadable ({e}); patterns left out");
        PatternTable::zero()
    })
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::Russian;
    use crate::games::draughts::notation::parse_fen;

    #[test]
    fn windows_cover_the_board_with_eight_squares_each() {
        let mut covered = Bitboard::EMPTY;
        for window in WINDOW_SQUARE_BITS.iter() {
            let bits: std::collections::BTreeSet<u8> = window.iter().copied().collect();
            assert_eq!(bits.len(), WINDOW_SQUARES);
            covered |= Bitboard(bits.iter().fold(0u64, |b, &i| b | 1 << i));
        }
        assert_eq!(covered, Dark8::SQUARES);
    }

    #[test]
    fn configurations_count_in_base_three() {
        let pos = parse_fen::<Russian>("W:Wa1:BKc1").unwrap();
        let configs = configurations(pos.pieces(Side::White), pos.pieces(Side::Black));
        // a1 and c1 are the first two squares of the window a1-d4.
        assert_eq!(configs[0], 1 + 2 * 3);
        assert_eq!(configs[1], 2, "c1 is the first square of the window c1-f4");
        assert!(configs.iter().all(|&c| (c as usize) < CONFIGS));
    }

    #[test]
    fn configurations_agree_with_counting_square_by_square() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let white = Bitboard(seed) & Dark8::SQUARES;
            let black = Bitboard(seed.rotate_left(29) & !white.0) & Dark8::SQUARES;
            let slow: [u16; WINDOWS] = std::array::from_fn(|w| {
                WINDOW_SQUARE_BITS[w]
                    .iter()
                    .rev()
                    .fold(0u16, |config, &bit| {
                        let state = (white.0 >> bit & 1) + 2 * (black.0 >> bit & 1);
                        config * 3 + state as u16
                    })
            });
            assert_eq!(configurations(white, black), slow);
        }
    }

    #[test]
    fn the_file_format_round_trips_and_refuses_damage() {
        let mut table = PatternTable::zero();
        table.set(PatternTable::index(1, 4, 77), -12);
        let bytes = table.write();
        assert_eq!(PatternTable::read(&bytes), Ok(table));
        let mut damaged = bytes.clone();
        damaged[100] ^= 1;
        assert!(PatternTable::read(&damaged).is_err());
        assert!(PatternTable::read(&bytes[..bytes.len() - 1]).is_err());
    }

    #[test]
    fn the_built_in_tables_are_readable() {
        assert!(PatternTable::read(include_bytes!("russian.patterns")).is_ok());
    }
}
