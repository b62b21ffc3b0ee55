//! The PDN record of a game on a board: the game with its tags, for the rules crate's PDN
//! writer. Below both the `Board` (which writes its game) and the PDN reader (which makes
//! boards).

use crate::game::{self, GameState};
use damka_rules::option::Setup;
use damka_rules::pdn::{self, PdnResult};

/// The PDN game of a board's game: the seven archival tags, `GameType`, `Variant` where the
/// number names another game, `SetUp` and `FEN` for a game from a position other than the
/// start, then `extra` (replacing tags of the same name); the moves as played.
pub fn pdn_game(state: &dyn GameState, extra: &[(String, String)]) -> pdn::PdnGame {
    let variant = state.variant();
    let result = PdnResult::from(state.result());
    let mut tags = pdn::roster("?", variant, result);
    let start = state.start_fen();
    if start != game::start_fen(variant, &Setup::default()) {
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), start));
    }
    for (name, value) in extra {
        match tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.clone(),
            None => tags.push((name.clone(), value.clone())),
        }
    }
    pdn::PdnGame {
        tags,
        moves: state
            .played()
            .iter()
            .map(|m| m.record.text.clone())
            .collect(),
        result,
    }
}
