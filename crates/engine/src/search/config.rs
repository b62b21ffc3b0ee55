//! [`SearchConfig`]: what stays the same from search to search (the engine's options).

use super::databases::Databases;
use damka_rules::eval::Weights;
use damka_rules::game::Game;
use damka_rules::games::Variant;
use damka_rules::network::Quantised;
use std::time::Duration;

/// Settings that stay the same from search to search (the engine's options).
#[derive(Clone, Debug)]
pub struct SearchConfig {
    /// Search threads (at least 1).
    pub threads: usize,
    /// Principal variations to report (at least 1).
    pub multipv: usize,
    /// Time kept back on every move for communication delays.
    pub move_overhead: Duration,
    /// Evaluation weights.
    pub weights: Weights,
    /// Play the game's trained network where it has one (`Network`); off, the evaluation is
    /// the linear terms alone.
    pub network: bool,
    /// A network played instead of the game's built-in one (`NetworkFile`), if loaded.
    pub network_file: Option<std::sync::Arc<Quantised>>,
    /// Endgame databases to probe, if loaded (used when they are the searched game's).
    pub egdb: Option<Databases>,
}

impl SearchConfig {
    /// The defaults with the evaluation weights of `variant`.
    pub fn for_variant(variant: Variant) -> Self {
        damka_rules::with_game!(variant, G => SearchConfig::for_game::<G>())
    }

    /// The defaults with the evaluation weights of game `G`.
    pub fn for_game<G: Game>() -> Self {
        SearchConfig {
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(20),
            weights: G::weights(),
            network: true,
            network_file: None,
            egdb: None,
        }
    }
}
