//! Ugolki (corners): a race game on all 64 squares of the 8×8 board
//! ([`Full8`](crate::board::Full8)), as two [`Game`](crate::game::Game)s: [`Classic`] moves
//! along ranks and files, [`Diagonal`] in all eight directions.
//!
//! The rules (docs/rules.md, "Ugolki"): each side starts filling its own house, a corner block
//! ([`House`]: `3x3`, `3x4` or `triangle`), and races to fill the opponent's house. A move is
//! one piece stepping to a neighbouring empty square, or a chain of jumps over neighbouring
//! pieces of either colour, which may stop after any jump. Nothing is captured or crowned. The
//! game ends when a side has filled the opponent's house (White's last move is answered by one
//! more Black move), at move 40 (30 diagonal) for a side still in its own house, at once for a
//! piece moved back home after that, at move 80 on the count of pieces outside the target, for
//! a side without a move, and by threefold repetition.
//!
//! * [`house`]: the three houses; [`position`]: the pieces, the house and the key;
//! * [`movegen`]: steps and jump chains; [`notation`]: moves and FEN;
//! * [`rules`]: the move number and every ending; [`eval`]: the race evaluation.

pub mod eval;
mod game;
pub mod house;
pub mod inputs;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod rules;

pub use house::House;

/// Ugolki as a [`Game`](crate::game::Game): `DIAGONAL` false for the classic game (ranks and
/// files), true for the game in all eight directions.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Ugolki<const DIAGONAL: bool>;

/// Classic Ugolki: steps and jumps along ranks and files (`UCI_Variant ugolki`).
pub type Classic = Ugolki<false>;

/// Diagonal Ugolki: steps and jumps in all eight directions (`UCI_Variant ugolki-diagonal`).
pub type Diagonal = Ugolki<true>;

/// The positions `damka bench --variant ugolki` searches: the three starts, races under way
/// with jump ladders, and a finish.
pub const BENCH_CLASSIC: &[&str] = &[
    "W:Wa1,a2,a3,b1,b2,b3,c1,c2,c3:Bf6,f7,f8,g6,g7,g8,h6,h7,h8",
    "W:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c3,c4:Be5,e6,e7,e8,f5,f6,f7,f8,g5,g6,g7,g8:H3x4",
    "W:Wa1,a2,a3,a4,b1,b2,b3,c1,c2,d1:Be8,f7,f8,g6,g7,g8,h5,h6,h7,h8:Htriangle",
    "W:Wa2,b3,c2,c4,d1,d3,e2,b1,a4:Bf5,g6,h4,e7,f8,g5,h7,d6,e5:F9",
    "B:Wc3,d4,e5,c5,d6,f4,b4,e3,d2:Bf6,e4,c6,d5,g5,f3,b5,c4,e2:F15",
    "W:Wf6,g6,h6,f7,g7,h7,g8,e8,d7:Ba1,b2,c1,a2,c3,a3,b1,d2,e1:F30",
];

/// The positions `damka bench --variant ugolki-diagonal` searches.
pub const BENCH_DIAGONAL: &[&str] = &[
    "W:Wa1,a2,a3,b1,b2,b3,c1,c2,c3:Bf6,f7,f8,g6,g7,g8,h6,h7,h8",
    "W:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c3,c4:Be5,e6,e7,e8,f5,f6,f7,f8,g5,g6,g7,g8:H3x4",
    "W:Wa1,a2,a3,a4,b1,b2,b3,c1,c2,d1:Be8,f7,f8,g6,g7,g8,h5,h6,h7,h8:Htriangle",
    "W:Wa2,b3,c2,c4,d1,d3,e2,b1,a4:Bf5,g6,h4,e7,f8,g5,h7,d6,e5:F9",
    "B:Wc3,d4,e5,c5,d6,f4,b4,e3,d2:Bf6,e4,c6,d5,g5,f3,b5,c4,e2:F12",
    "W:Wf6,g6,h6,f7,g7,h7,g8,e8,d7:Ba1,b2,c1,a2,c3,a3,b1,d2,e1:F25",
];

/// The depth of `bench --variant ugolki`: about a second.
pub const BENCH_DEPTH_CLASSIC: u32 = 9;

/// The depth of `bench --variant ugolki-diagonal`: with eight directions the tree is bushier.
pub const BENCH_DEPTH_DIAGONAL: u32 = 7;

/// The balanced opening book `damka match --variant ugolki` uses by default:
/// `openings/ugolki.txt` (its header says how it was made).
pub const BOOK_CLASSIC: Option<&str> = Some(include_str!("openings/ugolki.txt"));

/// The balanced opening book `damka match --variant ugolki-diagonal` uses by default:
/// `openings/ugolki-diagonal.txt`.
pub const BOOK_DIAGONAL: Option<&str> = Some(include_str!("openings/ugolki-diagonal.txt"));
