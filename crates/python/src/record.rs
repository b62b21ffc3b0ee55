//! The PDN record of a game on a board: its result as PDN writes it and the game with its
//! tags, for the rules crate's PDN writer. Below both the `Board` (which writes its game) and
//! the PDN reader (which makes boards).

use crate::game::{self, GameState};
use damka_rules::game::GameResult;
use damka_rules::option::Setup;
use damka_rules::pdn::{self, PdnResult};
use damka_rules::types::Side;

/// A game's result as PDN records it.
pub fn result_of(result: GameResult) -> PdnResult {
    match result {
        GameResult::Win(Side::White) => PdnResult::WhiteWins,
        GameResult::Win(Side::Black) => PdnResult::BlackWins,
        GameResult::Draw(_) => PdnResult::Draw,
        GameResult::Ongoing => PdnResult::Unknown,
    }
}

/// The PDN game of a board's game: the seven archival tags, `GameType`, `Variant` where the
/// number names another game, `SetUp` and `FEN` for a game from a position other than the
/// start, then `extra` (replacing tags of the same name); the moves as played.
pub fn pdn_game(state: &dyn GameState, extra: &[(String, String)]) -> pdn::PdnGame {
    let variant = state.variant();
    let result = result_of(state.result());
    let mut tags: Vec<(String, String)> = [
        ("Event", "?".to_string()),
        ("Site", "?".to_string()),
        ("Date", "????.??.??".to_string()),
        ("Round", "-".to_string()),
        ("White", "?".to_string()),
        ("Black", "?".to_string()),
        ("Result", result.token().to_string()),
        ("GameType", pdn::game_type(variant).to_string()),
    ]
    .into_iter()
    .map(|(n, v)| (n.to_string(), v))
    .collect();
    if pdn::needs_variant_tag(variant) {
        tags.push(("Variant".to_string(), variant.name().to_string()));
    }
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
