//! The tests of the `damka` binary and its front ends, driven through the real program where
//! they can be: the UCI-style protocol, Hub, DXP, the web board, the match runner, the endgame
//! database options, and what bad input does. The per-game data files sit in `tests/data/<game>/`
//! and are found by walking the list of games.

mod common;
mod draws_data;
mod dxp;
mod egdb;
mod faults;
mod gui;
mod hub;
mod hub_notation;
mod matchplay;
mod network;
mod parsers_prop;
mod protocol;
mod protocol_draws;
mod protocol_fuk;
mod protocol_fuzz;
mod protocol_towers;
mod protocol_ugolki;
mod samples;
mod sink;
mod tactics;
mod threads;
