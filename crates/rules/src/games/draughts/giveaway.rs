//! Russian giveaway (poddavki): Russian moves and captures, but the side that cannot move wins
//! (docs/rules.md).

use super::{BENCH_8X8, MoveStyle, Rules};
use crate::board::Dark8;
use crate::games::draughts::DrawProfile;
use crate::games::draughts::eval::network::PieceSquares;
use crate::network::{Quantised, built_in};
use std::sync::LazyLock;

/// Russian giveaway: moves exactly as Russian; having no legal move wins.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Giveaway;

impl Rules for Giveaway {
    const NAME: &'static str = "giveaway";
    const TITLE: &'static str = "giveaway checkers";
    const SUMMARY: &'static str = "Russian moves and captures; the side left without a move wins";
    type Board = Dark8;
    const MOVE_STYLE: MoveStyle = MoveStyle::Algebraic;
    const MAJORITY_CAPTURE: bool = false;
    const PROMOTE_MID_CAPTURE: bool = true;
    const NO_MOVE_WINS: bool = true;
    // PDN has no number for giveaway: its games are written as Russian ones (type 25), with a
    // `Variant` tag.
    const PDN_GAME_TYPE: u32 = 25;
    const BENCH_POSITIONS: &'static [&'static str] = BENCH_8X8;
    const DRAWS: DrawProfile = DrawProfile::Giveaway;
    /// Searching nodes without a table move a ply shallower lost games here: −70.4 ± 34.2 Elo
    /// over 400 games at 20 ms (docs/search.md).
    const UNHINTED_REDUCTION: bool = false;

    fn weights() -> super::eval::Weights {
        super::eval::giveaway_weights()
    }

    /// Trained by self-play on the games' results (docs/training.md, "The other games").
    #[inline]
    fn network() -> Option<&'static Quantised> {
        Some(&NETWORK)
    }
}

/// Giveaway's trained network, compiled in (`eval/giveaway.network`: the Russian inputs).
static NETWORK: LazyLock<Quantised> = LazyLock::new(|| {
    built_in::<PieceSquares<Giveaway>>(include_bytes!("eval/giveaway.network"), "giveaway")
});
