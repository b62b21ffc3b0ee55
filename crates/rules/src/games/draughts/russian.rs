//! Russian checkers (shashki), the main game: docs/rules.md.

use super::{BENCH_8X8, MoveStyle, Rules};
use crate::board::Dark8;
use crate::games::draughts::DrawProfile;
use crate::games::draughts::eval::network::PieceSquares;
use crate::network::{Quantised, built_in};
use std::sync::LazyLock;

/// Russian checkers: men capture backward, kings fly, capture is compulsory but the choice
/// between sequences is free, and a man promoted mid-capture goes on capturing as a king.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Russian;

impl Rules for Russian {
    const NAME: &'static str = "russian";
    const TITLE: &'static str = "Russian checkers";
    const SUMMARY: &'static str =
        "flying kings, men capture backward, free choice of capture, crowned mid-capture";
    /// +12.7 ± 11.0 Elo over 1200 games at 20 ms against none (docs/search.md).
    const STATIC_CUT_MARGIN: i32 = 60;
    type Board = Dark8;
    const MOVE_STYLE: MoveStyle = MoveStyle::Algebraic;
    const MAJORITY_CAPTURE: bool = false;
    const PROMOTE_MID_CAPTURE: bool = true;
    const NO_MOVE_WINS: bool = false;
    const PDN_GAME_TYPE: u32 = 25;
    const BENCH_POSITIONS: &'static [&'static str] = BENCH_8X8;
    /// `openings/russian.txt` beside this file (its header says how it was made).
    const OPENING_BOOK: Option<&'static str> = Some(include_str!("openings/russian.txt"));
    const DRAWS: DrawProfile = DrawProfile::Russian;

    fn weights() -> super::eval::Weights {
        super::eval::russian_weights()
    }

    #[inline]
    fn patterns() -> Option<&'static super::eval::patterns::PatternTable> {
        Some(&super::eval::patterns::RUSSIAN)
    }

    #[inline]
    fn network() -> Option<&'static Quantised> {
        Some(&NETWORK)
    }
}

/// Russian's trained network, compiled in (`eval/russian.network`), as the engine plays it.
static NETWORK: LazyLock<Quantised> = LazyLock::new(|| {
    built_in::<PieceSquares<Russian>>(include_bytes!("eval/russian.network"), "Russian")
});
