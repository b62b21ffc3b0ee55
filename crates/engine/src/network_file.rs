//! Network files read at run time (`NetworkFile`, `--network`): a network `damka train` wrote
//! for a game, played instead of the game's built-in one without rebuilding the engine.

use damka_rules::game::Game;
use damka_rules::games::Variant;
use damka_rules::network::{Network, NetworkInputs, Quantised};
use damka_rules::with_game;
use std::path::Path;

/// Larger files are refused before they are read.
const MAX_BYTES: u64 = 64 << 20;

/// The network in `path` as training wrote it (float weights), checked against the inputs
/// of `variant`.
pub fn read(variant: Variant, path: &Path) -> Result<Network, String> {
    let size = std::fs::metadata(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?
        .len();
    if size > MAX_BYTES {
        return Err(format!(
            "{} is too large for a network file",
            path.display()
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let inputs = with_game!(variant, G => <<G as Game>::Inputs as NetworkInputs>::INPUTS);
    Network::read(&bytes, inputs).map_err(|e| {
        format!(
            "{}: {e} (a {variant} network has {inputs} inputs)",
            path.display()
        )
    })
}

/// The network in `path`, checked against the inputs of `variant`, as the engine plays it.
pub fn load(variant: Variant, path: &Path) -> Result<Quantised, String> {
    let network = read(variant, path)?;
    let max_on = with_game!(variant, G => <<G as Game>::Inputs as NetworkInputs>::MAX_ON);
    // Quantised as the game's built-in network is, so that a network tried from a file plays
    // exactly as it will once compiled in.
    Ok(Quantised::new(&network, max_on))
}

/// [`load`] for a command's `--network FILE` option: none without a file, and the network
/// behind an `Arc` for the search threads to share.
pub fn load_option(
    variant: Variant,
    path: Option<&Path>,
) -> Result<Option<std::sync::Arc<Quantised>>, String> {
    path.map(|path| load(variant, path).map(std::sync::Arc::new))
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_for_the_game_it_fits_and_refused_for_another() {
        let dir = std::env::temp_dir().join(format!("damka-network-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("turkish.network");
        std::fs::write(&path, Network::zero(256, 64).write()).unwrap();
        assert!(load(Variant::Turkish, &path).is_ok());
        let refused = load(Variant::Russian, &path).unwrap_err();
        assert!(refused.contains("128 inputs"), "{refused}");
        assert!(load(Variant::Turkish, &dir.join("missing")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_shipped_network_loaded_from_its_file_is_the_built_in_one() {
        let games = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules/src/games");
        for (variant, file) in [
            (Variant::Russian, "draughts/eval/russian.network"),
            (Variant::Giveaway, "draughts/eval/giveaway.network"),
            (Variant::Brazilian, "draughts/eval/brazilian.network"),
            (
                Variant::International,
                "draughts/eval/international.network",
            ),
            (Variant::Turkish, "turkish/turkish.network"),
            (Variant::Fuk, "fuk/fuk.network"),
            (Variant::Ugolki, "ugolki/ugolki.network"),
            (Variant::UgolkiDiagonal, "ugolki/ugolki-diagonal.network"),
            (Variant::Bashni, "towers/bashni.network"),
            (Variant::Lasca, "towers/lasca.network"),
        ] {
            let loaded = load(variant, &games.join(file)).unwrap();
            let built_in = with_game!(variant, G => <G as Game>::network()).unwrap();
            assert!(
                &loaded == built_in,
                "{variant}: {file} loads unlike the built-in network"
            );
        }
    }
}
