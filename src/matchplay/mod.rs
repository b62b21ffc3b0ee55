//! Engine-against-engine matches: processes that speak damka's protocol, Hub or DXP
//! ([`engine_process`], [`players`]), a referee that plays one game under every rule of the
//! game record ([`referee`]), the runner that plays a match over openings in parallel
//! ([`runner`]) and its statistics (Elo, error bar, SPRT: [`stats`]); an interruption
//! ([`crate::interrupt`]) stops it. Nothing here prints: the
//! `match` command (`cli::matches`) shows progress and the report.

pub mod engine_process;
pub mod players;
pub mod referee;
pub mod runner;
pub mod stats;
