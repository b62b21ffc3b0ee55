//! The exceptions damka raises, all under [`DamkaError`], each carrying the engine's message.

use damka_rules::notation::NotationError;
use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::PyException;

create_exception!(
    damka,
    DamkaError,
    PyException,
    "The base of every error damka raises; its message is the engine's."
);
create_exception!(
    damka,
    VariantError,
    DamkaError,
    "A game name damka does not know, or a board of another game than the one asked for."
);
create_exception!(
    damka,
    FenError,
    DamkaError,
    "A FEN that is not a position of the game."
);
create_exception!(
    damka,
    MoveError,
    DamkaError,
    "A move that is malformed, illegal or ambiguous in the position."
);
create_exception!(
    damka,
    OptionError,
    DamkaError,
    "An engine option, draw rule or game option that does not exist or takes another value."
);
create_exception!(
    damka,
    PdnError,
    DamkaError,
    "PDN text that cannot be read, or a game in it that cannot be replayed."
);
create_exception!(
    damka,
    EgdbError,
    DamkaError,
    "Endgame databases that cannot be opened, generated or probed."
);

/// A FEN the rules refused.
pub fn fen_error(error: &NotationError) -> PyErr {
    FenError::new_err(format!("bad FEN: {error}"))
}

/// A move the rules refused.
pub fn move_error(error: impl std::fmt::Display) -> PyErr {
    MoveError::new_err(error.to_string())
}

/// An option the engine or the game refused.
pub fn option_error(error: impl std::fmt::Display) -> PyErr {
    OptionError::new_err(error.to_string())
}
