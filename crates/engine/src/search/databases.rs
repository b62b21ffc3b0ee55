//! The endgame-database hook: what the search asks of a game's databases
//! ([`EndgameDatabase`]), and [`Databases`], the databases of whatever game is being played
//! with the game's type put aside, as the engine and the tools hold them between searches.
//!
//! The search knows no particular database: a game whose databases damka can build implements
//! the trait for them beside its rules (the draughts databases in [`crate::egdb`]).

use damka_rules::draw::DrawRules;
use damka_rules::game::Game;
use damka_rules::games::Variant;
use damka_rules::score::Score;
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// Endgame databases of game `G` as the search consults them.
pub trait EndgameDatabase<G: Game>: Send + Sync {
    /// The exact score of `pos` under `counters` and `rules`, when the databases decide it;
    /// `None` when they do not hold the position or the counters could change its result.
    fn score(&self, pos: &G::Position, counters: &G::Counters, rules: &DrawRules) -> Option<Score>;

    /// The root moves that convert a database win fastest, when the databases claim a win for
    /// the side to move under the counters; `None` otherwise.
    fn root_moves(
        &self,
        pos: &G::Position,
        counters: &G::Counters,
        rules: &DrawRules,
    ) -> Option<Vec<G::Move>>;

    /// The problems met since the last call (missing, truncated or corrupt files), for the
    /// front end to show once each.
    fn take_errors(&self) -> Vec<String>;
}

/// The endgame databases of one game, whichever it is. Cheap to clone.
#[derive(Clone)]
pub struct Databases {
    variant: Variant,
    /// An `Arc<dyn EndgameDatabase<G>>` for the game of `variant`.
    probe: Arc<dyn Any + Send + Sync>,
    errors: Arc<dyn Fn() -> Vec<String> + Send + Sync>,
}

impl Databases {
    /// The databases `database` of game `G`.
    pub fn new<G: Game>(database: Arc<dyn EndgameDatabase<G>>) -> Databases {
        let reporter = Arc::clone(&database);
        Databases {
            variant: Variant::of::<G>(),
            probe: Arc::new(database),
            errors: Arc::new(move || reporter.take_errors()),
        }
    }

    /// The game the databases are of.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The databases as game `G`'s; `None` if they are another game's.
    pub fn for_game<G: Game>(&self) -> Option<Arc<dyn EndgameDatabase<G>>> {
        self.probe
            .downcast_ref::<Arc<dyn EndgameDatabase<G>>>()
            .cloned()
    }

    /// See [`EndgameDatabase::take_errors`].
    pub fn take_errors(&self) -> Vec<String> {
        (self.errors)()
    }
}

impl fmt::Debug for Databases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Databases({})", self.variant)
    }
}
