//! Engine-against-engine matches: processes that speak damka's protocol, a referee that plays
//! one game under every rule of the game record, the statistics of a match (Elo, error bar,
//! SPRT), PDN output and opening books. Only [`command`] (the `match` subcommand) writes
//! anything: progress to stderr, the final report through [`output`](crate::output).

pub mod command;
pub mod engine_process;
pub mod openings;
pub mod pdn;
pub mod players;
pub mod referee;
pub mod runner;
pub mod stats;
