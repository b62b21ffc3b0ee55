//! The draughts family: games of men and kings on the dark squares of a diagonal board —
//! Russian, giveaway, Brazilian and International.
//!
//! Each game is a zero-sized type whose constants describe its [`Rules`]; one implementation of
//! the [`Game`](crate::game::Game) trait, [`Draughts<R>`], serves them all. Inside the family:
//!
//! * [`position`]: the board on bitboards, with play/undo and an incremental key;
//! * [`moves`]: the [`Move`](moves::Move) type; [`movegen`]: legal moves under every capture
//!   rule;
//! * [`notation`]: squares, moves, FEN and the board picture; [`draw`]: the endgame counters;
//! * [`eval`]: the linear evaluation and each game's weights;
//! * [`Draughts`]: the [`Game`](crate::game::Game) implementation tying them together.
//!
//! Code is monomorphised per game, so the compiler removes every branch a game does not take and
//! Russian pays nothing for the others.

mod brazilian;
pub mod draw;
pub mod eval;
mod game;
mod giveaway;
mod international;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
mod russian;

pub use brazilian::Brazilian;
pub use draw::DrawProfile;
pub use game::Draughts;
pub use giveaway::Giveaway;
pub use international::International;
pub use russian::Russian;

use crate::board::{Diagonal, Geometry};
pub use crate::notation::MoveStyle;
use crate::types::Square;
use std::fmt;

/// The rules of one game played with men and kings on the dark squares of a board.
pub trait Rules: Copy + Default + Send + Sync + fmt::Debug + 'static {
    /// The protocol name ([`Game::NAME`](crate::game::Game::NAME)).
    const NAME: &'static str;
    /// Other names clients give the game.
    const ALIASES: &'static [&'static str] = &[];
    /// The game's name in titles.
    const TITLE: &'static str;
    /// One line on the rules, for listings.
    const SUMMARY: &'static str;
    /// The search's static cut ([`Game::STATIC_CUT_MARGIN`](crate::game::Game::STATIC_CUT_MARGIN)).
    const STATIC_CUT_MARGIN: i32 = 0;
    /// The search's reduction of nodes without a table move
    /// ([`Game::UNHINTED_REDUCTION`](crate::game::Game::UNHINTED_REDUCTION)).
    const UNHINTED_REDUCTION: bool = true;
    /// The board.
    type Board: Diagonal;
    /// How squares and moves are written.
    const MOVE_STYLE: MoveStyle;
    /// The sequence taking the most pieces is compulsory (kings and men count the same).
    const MAJORITY_CAPTURE: bool;
    /// A man reaching the far rank in the middle of a capture is promoted at once and goes on
    /// capturing as a king. When false it is promoted only if the move ends there.
    const PROMOTE_MID_CAPTURE: bool;
    /// The side to move that has no legal move wins (giveaway) rather than loses.
    const NO_MOVE_WINS: bool;
    /// Which set of draw rules applies.
    const DRAWS: DrawProfile;
    /// The `GameType` number of PDN 3.0.
    const PDN_GAME_TYPE: u32;
    /// The positions `damka bench` searches.
    const BENCH_POSITIONS: &'static [&'static str];
    /// The balanced opening book shipped for the game, if any.
    const OPENING_BOOK: Option<&'static str> = None;

    /// The game's default evaluation weights.
    fn weights() -> eval::Weights;

    /// The game's trained pattern tables, if it has any (see [`eval::patterns`]).
    fn patterns() -> Option<&'static eval::patterns::PatternTable> {
        None
    }

    /// The game's trained network, if it has one (see [`eval::network`]).
    fn network() -> Option<&'static crate::network::Quantised> {
        None
    }

    /// The name of a square as this game writes it: `c3`, or `32` on a numbered board.
    fn square_name(square: Square) -> String {
        match Self::MOVE_STYLE {
            MoveStyle::Algebraic => Self::Board::algebraic(square),
            MoveStyle::Numeric => Self::Board::number(square).to_string(),
        }
    }
}

/// Opening, middle game and ending positions on the 8×8 board, legal in all three 8×8 games:
/// their `bench` positions.
pub const BENCH_8X8: &[&str] = &[
    "W:W21-32:B1-12",
    "W:Wa1,a3,b4,c1,c3,e1,f2,f4,g1,g3,h2:Ba5,a7,b8,c7,d6,d8,e7,f6,f8,h6,h8",
    "W:Wa1,a3,b4,c1,d2,d4,e1,e3,g1,g3,h2,h4:Ba7,b8,d6,d8,e7,f6,f8,g5,h6,h8",
    "W:Wa1,a3,b2,b4,c1,d2,f2,h4:Ba7,b6,b8,c7,d4,d6,d8,g7,h2,h8",
    "W:Wa1,a3,b2,f2,g1,g3:Ba7,b6,c3,c5,c7,d8,e7,f8,g5,g7,h4",
    "W:Wa1,a3,a5,b4,d2,d4,e1,e3,f2:Bb6,b8,d6,d8,f6,g3,g5,g7",
    "W:Wb2,c1,d4,e3,g1,h4:Ba3,d6,e7,f4,f6,g7",
    "W:Wc5,e5,g5:Bb6,f6,h6",
    "W:WKa1,Kc3,e3:BKh8,Kd8,f6",
    "B:WKc1,Ke1,Kg1:BKd4",
    "W:WKe1,c3,e3:Bb6,d6,Kh8",
    "B:Wc3,e3,g3,h2:Bb6,d6,f6,h6,Kb8",
];
