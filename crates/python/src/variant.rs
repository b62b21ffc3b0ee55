//! Game names from Python: damka's own (`russian`, `ugolki-diagonal`), the aliases clients use
//! (`standard` and `normal` for International), and `_` for `-`.

use crate::errors::VariantError;
use damka_rules::games::{UnknownVariant, Variant};
use pyo3::PyResult;

/// The game `name` names (any case, surrounding spaces ignored).
pub fn parse(name: &str) -> PyResult<Variant> {
    let wanted = name.trim().replace('_', "-");
    Variant::from_name_or_alias(&wanted)
        .ok_or_else(|| VariantError::new_err(UnknownVariant(name.trim().to_string()).to_string()))
}

/// Every game's name, in the order damka lists them.
pub fn names() -> Vec<&'static str> {
    Variant::ALL.iter().map(|v| v.name()).collect()
}
