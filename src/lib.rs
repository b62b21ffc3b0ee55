//! damka: an engine for Russian checkers (shashki) and its sibling games.
//!
//! The crate is layered; each module uses only the ones above it in this list:
//!
//! * [`types`]: sides, pieces, squares as bit indices, bitboards and the diagonal directions;
//! * [`board`]: the board geometries (8×8, 10×10 and 7×7 dark squares): which bits are
//!   squares, their names and numbers, rays and neighbours;
//! * [`variant`]: the [`Rules`](variant::Rules) of each game and the runtime [`Variant`](variant::Variant) tag;
//! * [`zobrist`]: fixed random keys for hashing positions;
//! * [`moves`]: [`Move`](moves::Move), its display [`Path`](moves::Path), and [`MoveList`](moves::MoveList);
//! * [`position`]: the board on bitboards, with play/undo and an incremental key;
//! * [`movegen`]: legal moves under every capture rule;
//! * [`notation`]: squares, moves and FEN to and from text;
//! * [`draw`]: the endgame draw counters; [`game`]: a game record with repetitions and its result;
//! * [`perft`]: move-tree counting that proves the generator;
//! * [`lines`]: the line reader and the [`LineSink`](lines::LineSink) every server writes to;
//!   [`output`]: stdout for the command-line tools; [`engine`]: the state every front end shares;
//! * the front ends: [`protocol`], the UCI-style server on stdin/stdout, [`hub`], the Hub
//!   protocol (`damka hub`), and [`cli`], the command-line tools;
//! * [`matchplay`]: engine matches (`damka match`): engine processes, referee, statistics, PDN
//!   and opening books.
//!
//! Only the front ends print: the servers through the sink they are given, the tools through
//! [`output`].

#![warn(missing_docs)]
#![warn(clippy::print_stdout)]

pub mod bench;
pub mod board;
pub mod cli;
pub mod draw;
pub mod engine;
pub mod eval;
pub mod game;
pub mod hub;
pub mod lines;
pub mod matchplay;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod output;
pub mod perft;
pub mod position;
pub mod protocol;
pub mod score;
pub mod search;
pub mod tt;
pub mod tune;
pub mod types;
pub mod variant;
pub mod zobrist;
