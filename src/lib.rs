//! damka: an engine for Russian checkers (shashki) and its sibling games.
//!
//! Where things live:
//!
//! * **Values and boards.** [`types`]: sides, pieces, squares as bit indices, bitboards and the
//!   diagonal directions; [`board`]: the board geometries (8×8, 10×10 and 7×7 dark squares, and
//!   the full 8×8 board) —
//!   which bits are squares, their names and numbers, rays and neighbours; [`zobrist`]: fixed
//!   random keys for hashing positions.
//! * **The game abstraction.** [`game`]: the [`Game`](game::Game) trait every game implements,
//!   the runtime [`Variant`](game::Variant) tag and [`with_game!`], and the
//!   [`Record`](game::Record) of a game in progress with its repetitions and result; [`moves`]:
//!   move lists and paths for any game; [`notation`]: the error and move record every front end
//!   shows; [`draw`]: the draw switches and reasons.
//! * **The games.** [`draughts`]: the family of men and kings on a diagonal board (Russian,
//!   giveaway, Brazilian, International): its rules, position, move generator, notation, draw
//!   counters and evaluation; [`turkish`]: Turkish dama, men and kings moving along ranks and
//!   files on all 64 squares; [`fuk`]: Fuk, Russian checkers with optional capture and the
//!   huff, built on the Russian game; [`ugolki`]: Ugolki, the race to fill the opponent's
//!   corner house, classic and diagonal; [`towers`]: Bashni and Lasca, where a captured piece
//!   is taken prisoner under the capturing tower.
//! * **Machinery written once over [`Game`](game::Game).** [`search`] with [`tt`] and
//!   [`score`]; [`perft`]; [`bench`](mod@bench); [`matchplay`] (engine processes, referee, statistics, PDN
//!   and opening books); [`tune`] (self-play and fitting the evaluation).
//! * **Front ends.** [`engine`]: the state every front end shares; [`lines`]: the line reader
//!   and the [`LineSink`](lines::LineSink) every server writes to; [`protocol`], the UCI-style
//!   server; [`hub`], the Hub protocol (`damka hub`); [`dxp`], DXP over TCP for International
//!   draughts (`damka dxp`); [`cli`], the command-line tools, which
//!   print through [`output`].
//!
//! Only the front ends print: the servers through the sink they are given, the tools through
//! [`output`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(clippy::print_stdout)]

pub mod bench;
pub mod board;
pub mod cli;
pub mod draughts;
pub mod draw;
pub mod dxp;
pub mod egdb;
pub mod engine;
pub mod eval;
pub mod fuk;
pub mod game;
pub mod gui;
pub mod hub;
pub mod lines;
pub mod matchplay;
pub mod moves;
pub mod notation;
pub mod output;
pub mod perft;
pub mod protocol;
pub mod score;
pub mod search;
pub mod towers;
pub mod tt;
pub mod tune;
pub mod turkish;
pub mod types;
pub mod ugolki;
pub mod zobrist;
