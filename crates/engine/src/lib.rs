//! damka-engine: the machinery that plays any game of [`damka_rules`], written once over its
//! [`Game`](damka_rules::game::Game) trait and never naming a game.
//!
//! * **Search.** [`search`]: lazy SMP over one shared transposition table ([`tt`]), with the
//!   hook through which it consults a game's endgame databases
//!   ([`EndgameDatabase`](search::EndgameDatabase)).
//! * **Databases.** [`egdb`]: the Russian endgame databases, their generator, files and prober.
//! * **The engine state.** [`options`]: every engine option, declared once; [`session`]: a game
//!   of any variant as the front ends see it; [`engine`]: options, game, table and search
//!   thread together, the state behind every front end; [`network_file`]: a trained network
//!   read at run time in place of the built-in one.
//! * **Measuring and learning.** [`bench`](mod@bench): the fixed search whose node count is the build's
//!   signature; [`openings`]: balanced opening books; [`tune`]: self-play and fitting the
//!   evaluation.
//!
//! Nothing here prints to stdout or knows a protocol's syntax: results go to the caller, or to
//! a [`Reporter`](search::Reporter) it gives.

#![forbid(unsafe_code)]
#![warn(clippy::print_stdout)]

pub mod bench;
pub mod egdb;
pub mod engine;
pub mod network_file;
pub mod openings;
pub mod options;
pub mod search;
pub mod session;
pub mod tt;
pub mod tune;
