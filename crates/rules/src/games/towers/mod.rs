//! The tower games, Bashni (column draughts) and Lasca: a captured piece is not removed but
//! taken prisoner under the capturing tower, as one [`Game`](crate::game::Game) generic over
//! [`TowerRules`].
//!
//! The rules (docs/rules.md, "Bashni" and "Lasca"): a square holds a tower, owned by the side
//! of its top piece and moving with that piece's rights. Jumping a tower takes only its top
//! piece, at once, to the bottom of the capturing tower; the rest stays, owned by its new top.
//! Capturing is compulsory, any sequence may be chosen, and a sequence goes on while a capture
//! is possible. A move is its full landing path. Bashni plays on the Russian board with Russian
//! moves (flying kings, men capturing backward, the landing rule, crowned mid-capture and going
//! on as a king); Lasca on the 7×7 board, men moving and capturing forward only, kings one
//! square in every direction, a man crowned mid-capture ending the move. Draws: threefold
//! repetition, and 15 moves of each side with no capture and no promotion.
//!
//! * [`stack`]: one tower packed in a `u64`; [`position`]: the board of towers and its key;
//! * [`moves`]: a move as its path; [`movegen`]: legal moves and making them;
//! * [`notation`]: squares, moves, tower FEN and the board picture; [`draw`]: the counter;
//! * [`eval`]: the evaluation; [`Towers`]: the `Game` implementation.

pub mod draw;
pub mod eval;
mod game;
pub mod inputs;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
pub mod stack;

use crate::board::{Dark7, Dark8, Diagonal, Geometry};
use crate::types::{Side, Square};
use std::fmt::Debug;
use std::marker::PhantomData;

/// What tells the tower games apart: the board and how men and kings move.
pub trait TowerRules: Copy + Default + Send + Sync + Debug + 'static {
    /// The protocol name ([`Game::NAME`](crate::game::Game::NAME)).
    const NAME: &'static str;
    /// The game's name in titles.
    const TITLE: &'static str;
    /// One line on the rules, for listings.
    const SUMMARY: &'static str;
    /// The FEN of the starting position.
    const START_FEN: &'static str;
    /// The fitted evaluation weights (see [`eval`]).
    const WEIGHTS: [i32; eval::USED];
    /// Kings fly (and capture at a distance with the landing rule), or step one square.
    const FLYING_KINGS: bool;
    /// Men capture backward as well as forward.
    const MEN_CAPTURE_BACKWARD: bool;
    /// A man crowned in the middle of a capture ends the move there.
    const CROWNING_ENDS_CAPTURE: bool;
    /// The pieces each side starts with (no position may have more of a colour).
    const PIECES_PER_SIDE: u32;
    /// The `GameType` number for PDN files.
    const PDN_GAME_TYPE: u32;
    /// The positions `damka bench` searches.
    const BENCH_POSITIONS: &'static [&'static str];
    /// The depth of `bench`.
    const BENCH_DEPTH: u32;
    /// The balanced opening book `damka match` uses by default.
    const OPENING_BOOK: Option<&'static str>;
    /// The search's static cut ([`Game::STATIC_CUT_MARGIN`](crate::game::Game::STATIC_CUT_MARGIN)).
    const STATIC_CUT_MARGIN: i32 = 0;
    /// The board.
    type Board: Diagonal;

    /// The square with `number` in a FEN.
    fn square_from_number(number: u8) -> Option<Square>;

    /// The game's trained network (see [`inputs`]).
    fn network() -> &'static crate::network::Quantised;
}

/// Bashni: towers on the Russian board with Russian moves.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Bashni;

/// Lasca: towers on the 7×7 board; men forward only, kings one square.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Lasca;

impl TowerRules for Bashni {
    const NAME: &'static str = "bashni";
    const TITLE: &'static str = "Bashni (column draughts)";
    const SUMMARY: &'static str = "towers on the Russian board: only the top of a jumped tower is taken, to the bottom of the capturer";
    const START_FEN: &'static str = "W:a1w,c1w,e1w,g1w,b2w,d2w,f2w,h2w,a3w,c3w,e3w,g3w,b6b,d6b,f6b,h6b,a7b,c7b,e7b,g7b,b8b,d8b,f8b,h8b";
    const WEIGHTS: [i32; eval::USED] = eval::BASHNI_TUNED;
    const FLYING_KINGS: bool = true;
    const MEN_CAPTURE_BACKWARD: bool = true;
    const CROWNING_ENDS_CAPTURE: bool = false;
    const PIECES_PER_SIDE: u32 = 12;
    const PDN_GAME_TYPE: u32 = 25;
    const BENCH_POSITIONS: &'static [&'static str] = BASHNI_BENCH;
    const BENCH_DEPTH: u32 = 11;
    const OPENING_BOOK: Option<&'static str> = Some(include_str!("openings/bashni.txt"));
    /// As in Russian: +26.5 ± 19.4 Elo over 800 games at 20 ms against none (docs/search.md).
    const STATIC_CUT_MARGIN: i32 = 60;
    type Board = Dark8;

    /// Russian FEN numbers, as lidraughts writes them: 1 = b8 … 32 = g1.
    fn square_from_number(number: u8) -> Option<Square> {
        Dark8::from_number(number)
    }

    #[inline]
    fn network() -> &'static crate::network::Quantised {
        &inputs::BASHNI
    }
}

impl TowerRules for Lasca {
    const NAME: &'static str = "lasca";
    const TITLE: &'static str = "Lasca";
    const SUMMARY: &'static str =
        "towers on 7x7: men forward only, kings one square, crowning ends a capture";
    const START_FEN: &'static str =
        "W:a1w,c1w,e1w,g1w,b2w,d2w,f2w,a3w,c3w,e3w,g3w,a5b,c5b,e5b,g5b,b6b,d6b,f6b,a7b,c7b,e7b,g7b";
    const WEIGHTS: [i32; eval::USED] = eval::LASCA_TUNED;
    const FLYING_KINGS: bool = false;
    const MEN_CAPTURE_BACKWARD: bool = false;
    const CROWNING_ENDS_CAPTURE: bool = true;
    const PIECES_PER_SIDE: u32 = 11;
    const PDN_GAME_TYPE: u32 = 25;
    const BENCH_POSITIONS: &'static [&'static str] = LASCA_BENCH;
    const BENCH_DEPTH: u32 = 14;
    const OPENING_BOOK: Option<&'static str> = Some(include_str!("openings/lasca.txt"));
    /// As in Russian: +19.1 ± 18.9 Elo over 800 games at 20 ms against none (docs/search.md).
    const STATIC_CUT_MARGIN: i32 = 60;
    type Board = Dark7;

    /// Lasca's numbers run from White's corner: 1 = a1, 2 = c1 … 25 = g7.
    fn square_from_number(number: u8) -> Option<Square> {
        let index = (number as usize).checked_sub(1)?;
        Dark7::squares().find(|sq| Dark7::relative(Side::White, *sq) == index)
    }

    #[inline]
    fn network() -> &'static crate::network::Quantised {
        &inputs::LASCA
    }
}

/// A tower game, the [`Game`](crate::game::Game): Bashni or Lasca by its rules.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Towers<R>(PhantomData<R>);

/// The positions `damka bench --variant bashni` searches.
pub const BASHNI_BENCH: &[&str] = &[
    "W:a1w,c1w,e1w,g1w,b2w,d2w,f2w,h2w,a3w,c3w,e3w,g3w,b6b,d6b,f6b,h6b,a7b,c7b,e7b,g7b,b8b,d8b,f8b,h8b",
    "W:a1w,c1w,e1w,g1w,b2w,d2w,f2w,h2w,g3w,b4bw,a5bww,g5b,b6b,a7b,c7b,e7b,g7b,b8b,d8b,f8b,h8b",
    "B:c1w,g1w,a3bww,c3w,e3www,d4wb,f4w,g5bw,d6b,h6b,a7wbb,e7b,g7bbb,b8b",
    "B:a1w,c1w,g1w,b2w,d2w,b4b,d4w,h4wwww,g5wb,b6b,f6bw,e7bbbbbb,b8b,h8b",
    "B:e1wBb,h2w,b4bb,d4Wbbb,h6bb,a7b,e7Wb,b8Bwwwwwwww",
    "W:f4WwbBbbbbbbB,c5Bwwwwwwww,f6Bww,h8b",
];

/// The positions `damka bench --variant lasca` searches.
pub const LASCA_BENCH: &[&str] = &[
    "W:a1w,c1w,e1w,g1w,b2w,d2w,f2w,a3w,c3w,e3w,g3w,a5b,c5b,e5b,g5b,b6b,d6b,f6b,a7b,c7b,e7b,g7b",
    "W:c1w,e1Bww,b2w,a3bw,g3bww,b4b,d4bw,c5bw,e5wbb,g5wb,b6b,e7b",
    "B:e1w,b2bw,f2ww,e3wb,g3w,b4Bwww,a5b,c5b,g5b,a7b,c7Wbb,e7Wb,g7b",
    "W:a1w,g1Bw,d2bw,f2B,a3Bw,e3Bww,d4bb,f4Bww,c5w,b6Wb,d6Wb,a7b",
    "W:e1BWw,g1w,b2Bw,a3w,c3wb,g3w,b4w,f4b,a5b,c5wbb,e5bw,g5b,b6Wb,e7b",
    "B:a1Bw,c1Bw,e1Bbww,g1BbB,c5Wbb,e5BwW,g5Bww,e7W,g7W",
    "W:e1WbbbB,f2Wbbb,a3BB,c3BwW,g5w,e7Bwwwwww",
];
