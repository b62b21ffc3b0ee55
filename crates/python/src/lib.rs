//! damka for Python: the `damka._damka` extension module, re-exported by the `damka` package
//! (python/damka). Boards of all of damka's games over the rules crate, the engine in-process,
//! PDN and the Russian endgame databases; docs/python.md is the user's guide.
//!
//! * [`game`]: a game of any variant with its history, the one dispatch to a game type;
//! * [`board`], [`moves`]: the `Board` and `Move` classes;
//! * [`engine`]: the `Engine` class and its search results;
//! * [`pdn`], [`record`]: reading PDN, and a board's game as PDN;
//! * [`egdb`]: probing and making endgame databases;
//! * [`errors`], [`variant`]: the exceptions, and game names from Python.

pub mod board;
pub mod egdb;
pub mod engine;
pub mod errors;
pub mod game;
pub mod moves;
pub mod pdn;
pub mod record;
pub mod variant;

use pyo3::prelude::*;

/// damka: the rules of nine draughts games and the damka engine, in Rust.
#[pymodule(name = "_damka")]
mod extension {
    use pyo3::prelude::*;

    #[pymodule_export]
    use crate::board::{Board, DrawCounter, Outcome};
    #[pymodule_export]
    use crate::egdb::{EndgameDatabase, Probe, generate_egdb};
    #[pymodule_export]
    use crate::engine::{Engine, Line, SearchResult};
    #[pymodule_export]
    use crate::errors::{
        DamkaError, EgdbError, FenError, MoveError, OptionError, PdnError, VariantError,
    };
    #[pymodule_export]
    use crate::moves::Move;
    #[pymodule_export]
    use crate::pdn::{PdnGame, read_pdn, read_pdn_file, write_pdn};

    /// The side that moves first.
    #[pymodule_export]
    const WHITE: &str = "white";

    /// The side that moves second.
    #[pymodule_export]
    const BLACK: &str = "black";

    /// Adds what is computed: the version and the list of games.
    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        m.add("VARIANTS", crate::variant::names())?;
        Ok(())
    }

    /// Every game's name, title and one line on its rules: ``[(name, title, summary), ...]``.
    #[pyfunction]
    fn variants() -> Vec<(&'static str, &'static str, &'static str)> {
        damka_rules::games::Variant::ALL
            .iter()
            .map(|v| (v.name(), v.title(), v.summary()))
            .collect()
    }

    /// The FEN of a game's initial position (Ugolki under ``house``).
    #[pyfunction]
    #[pyo3(signature = (variant, *, house = None))]
    fn start_fen(variant: &str, house: Option<&str>) -> PyResult<String> {
        let variant = crate::variant::parse(variant)?;
        let setup = crate::board::house_setup(variant, house)?;
        Ok(crate::game::start_fen(variant, &setup))
    }
}

#[allow(unused_imports)]
use extension as _;
