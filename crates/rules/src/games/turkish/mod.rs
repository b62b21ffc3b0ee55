//! Turkish dama: men and kings moving along ranks and files on all 64 squares of the 8×8 board
//! ([`Full8`](crate::board::Full8)), as a [`Game`](crate::game::Game) of its own.
//!
//! The rules (docs/rules.md, "Turkish dama"): 16 men each on the 2nd and 3rd ranks (White) and
//! the 6th and 7th (Black), the first ranks empty; White moves first. A man steps one square
//! forward or sideways and captures the same way; a king flies along ranks and files, captures
//! at a distance and may not turn back 180° between two captures; captured pieces leave the
//! board at once; capturing is compulsory and the sequence taking the most pieces must be
//! played; a man is crowned only when its move ends on the last rank. Draws: threefold
//! repetition, and 15 moves of each side with kings on both sides and no capture or man move.
//!
//! * [`position`]: the bitboards and the incremental key; [`movegen`]: legal moves;
//! * [`notation`]: squares, moves and FEN; [`draw`]: the kings-only counter;
//! * [`eval`]: the evaluation and its weights; the `Game` implementation ties them together.

pub mod draw;
pub mod eval;
mod game;
pub mod inputs;
pub mod movegen;
pub mod notation;
pub mod position;

/// Turkish dama, the [`Game`](crate::game::Game).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Turkish;

/// The positions `damka bench --variant turkish` searches: the start, middle games with and
/// without kings, and endings.
pub const BENCH_POSITIONS: &[&str] = &[
    "W:Wa2,a3,b2,b3,c2,c3,d2,d3,e2,e3,f2,f3,g2,g3,h2,h3:Ba6,a7,b6,b7,c6,c7,d6,d7,e6,e7,f6,f7,g6,g7,h6,h7",
    "W:Wa3,a4,b2,b3,b4,c3,d2,d3,d4,e4,f2,f3,g3,g4,h2,h4:Ba6,b5,b6,b7,c5,c6,d5,d6,d7,e6,f4,f6,f7,g6,h6,h7",
    "W:Wa5,b3,b4,c2,c4,d3,d4,e2,e3,e4,f2,f3,g2,g3,g4,h3:Ba7,b6,c6,c7,d5,d6,d7,e5,e6,f5,f6,g5,g6,h5,h6,h7",
    "W:Wa4,b3,b4,c3,c4,d2,d3,d4,e3,e4,f3,f4,g3,g4,h3,h4:Ba6,b5,b6,b7,c6,c7,d5,d6,d7,e6,e7,f6,g5,g6,g7,h6",
    "W:Wb2,b3,c2,c3,c4,d3,d4,e3,e4,f2,f3,h3,h4:Bb5,b6,b7,c5,c6,d5,d6,d7,e6,f4,f7,g3,g6,h6,h7",
    "W:Wb3,c2,c3,Kc4,e2,e3,e4,f2,f3,g2:BKa1,b5,d6,g6,g7,h6",
    "W:Wc2,e7,Kg8:Bc6,h6",
    "W:WKa1,b3:BKh8,c6",
    "B:WKd4,Ke5:BKa8",
];

/// The depth of `bench` for Turkish dama: its tree is bushier than the draughts games'.
pub const BENCH_DEPTH: u32 = 11;

/// The balanced opening book `damka match --variant turkish` uses by default:
/// `openings/turkish.txt` in this folder (its header says how it was made).
pub const OPENING_BOOK: Option<&str> = Some(include_str!("openings/turkish.txt"));
