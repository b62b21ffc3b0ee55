//! Brazilian draughts: the International rules on the 8×8 board (docs/rules.md).

use super::{BENCH_8X8, MoveStyle, Rules};
use crate::board::Dark8;
use crate::games::draughts::DrawProfile;
use crate::games::draughts::eval::network::PieceSquares;
use crate::network::{Quantised, built_in};
use std::sync::LazyLock;

/// Brazilian draughts: the capture taking the most pieces is compulsory, a man is crowned only
/// if it ends its move on the far rank, kings fly, men capture backward.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Brazilian;

impl Rules for Brazilian {
    const NAME: &'static str = "brazilian";
    const TITLE: &'static str = "Brazilian checkers";
    const SUMMARY: &'static str = "International rules on 8x8: the capture taking most pieces is compulsory, crowned only at the end of a move";
    type Board = Dark8;
    const MOVE_STYLE: MoveStyle = MoveStyle::Algebraic;
    const MAJORITY_CAPTURE: bool = true;
    const PROMOTE_MID_CAPTURE: bool = false;
    const NO_MOVE_WINS: bool = false;
    const PDN_GAME_TYPE: u32 = 26;
    const BENCH_POSITIONS: &'static [&'static str] = BENCH_8X8;
    const DRAWS: DrawProfile = DrawProfile::International;

    fn weights() -> super::eval::Weights {
        super::eval::russian_weights()
    }

    /// Trained by self-play (docs/training.md, "A network for any game").
    #[inline]
    fn network() -> Option<&'static Quantised> {
        Some(&NETWORK)
    }
}

/// Brazilian's trained network, compiled in (`eval/brazilian.network`: the Russian inputs).
static NETWORK: LazyLock<Quantised> = LazyLock::new(|| {
    built_in::<PieceSquares<Brazilian>>(include_bytes!("eval/brazilian.network"), "Brazilian")
});
