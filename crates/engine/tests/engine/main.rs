//! damka-engine's integration tests, one module per topic: the search on every game, the
//! endgame databases, the draw rules through the engine, the game sessions, the options, opening books and
//! self-play.

#[path = "../../../../tests/damka/common/draw_cases.rs"]
mod draw_cases;
mod draws;
mod egdb;
mod egdb_games;
mod openings;
mod options;
mod search;
mod selfplay;
mod session;
mod ugolki_greedy;
mod variants;
