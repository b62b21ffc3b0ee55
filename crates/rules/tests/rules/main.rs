//! damka-rules' integration tests, one module per topic. The per-game data files sit in the
//! workspace's `tests/data/<game>/` and are found by walking the list of games, so a new game
//! adds a data folder, not test functions.

mod common;
mod cross_check;
mod data_rules;
mod fuk;
mod network;
mod perft;
mod positions;
mod record;
mod reference;
mod towers;
