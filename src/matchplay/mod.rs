//! Engine-against-engine matches: processes that speak damka's protocol, Hub or DXP
//! ([`engine_process`], [`players`]), a referee that plays one game under every rule of the
//! game record ([`referee`]), the runner that plays a match over openings in parallel
//! ([`runner`]), its statistics (Elo, error bar, SPRT: [`stats`]) and its interruption
//! ([`interrupt`]). Nothing here prints: the
//! `match` command (`cli::matches`) shows progress and the report.

pub mod engine_process;
pub mod interrupt;
pub mod players;
pub mod referee;
pub mod runner;
pub mod stats;
