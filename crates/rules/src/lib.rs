//! damka-rules: the rules of Russian checkers and its sibling games, usable on their own.
//!
//! Where things live, from the bottom up (each layer uses only those above it in this list):
//!
//! * **Values and boards.** [`types`]: sides, pieces, squares as bit indices, bitboards and the
//!   diagonal directions; [`board`]: the board geometries (8×8, 10×10 and 7×7 dark squares, and
//!   the full 8×8 board), which bits are squares, their names, numbers, rays and neighbours;
//!   [`zobrist`]: fixed random keys for hashing positions; [`score`]: evaluation and search
//!   scores; [`checksum`]: the checksum of every file damka writes.
//! * **What every game shares.** [`moves`]: move lists and paths; [`notation`]: the errors,
//!   move records and FEN pieces every game's notation uses; [`draw`]: draw reasons, the draw
//!   options a game declares and the switches in force; [`option`]: how a game declares its own
//!   options (Ugolki's house) and the values they are given; [`eval`]: the evaluation weights
//!   and terms; [`network`]: the learned evaluation term, its inputs, file and first layer
//!   carried from move to move.
//! * **The game abstraction.** [`game`]: the [`Game`](game::Game) trait every game implements
//!   and the [`Record`](game::Record) of a game in progress with its repetitions and result;
//!   [`perft`]: counting the move tree of any game; [`proof`]: plain minimax proofs of forced
//!   wins and material gains, which check what a search claims.
//! * **The games.** [`games`]: the list of games, the runtime [`Variant`](games::Variant) tag,
//!   the one dispatch from it to a type ([`with_game!`]), and a folder per game: the draughts
//!   family (Russian, giveaway, Brazilian, International), Fuk, Turkish, the tower games (Bashni,
//!   Lasca) and Ugolki, each with its position, moves, notation, draw counters and evaluation.
//! * **Over the games.** [`pdn`]: reading and writing games of any variant in PDN.
//!
//! Nothing here prints, spawns a long-lived thread or knows a protocol; the shared layers name
//! no particular game.

#![forbid(unsafe_code)]
#![warn(clippy::print_stdout)]

pub mod board;
pub mod checksum;
pub mod draw;
pub mod eval;
pub mod game;
pub mod games;
pub mod moves;
pub mod network;
pub mod notation;
pub mod option;
pub mod pdn;
pub mod perft;
pub mod proof;
pub mod score;
#[cfg(test)]
mod testing;
pub mod types;
pub mod zobrist;
