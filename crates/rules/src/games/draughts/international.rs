//! International draughts: the 10×10 game (docs/rules.md).

use super::{MoveStyle, Rules};
use crate::board::Dark10;
use crate::games::draughts::DrawProfile;
use crate::games::draughts::eval::network::PieceSquares;
use crate::network::{Quantised, built_in};
use std::sync::LazyLock;

/// International draughts: 20 men each on the 10×10 board, flying kings, men capture backward,
/// the capture taking the most pieces is compulsory, and a man is crowned only if it ends its
/// move on the far rank. The squares are numbered 1..50.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct International;

impl Rules for International {
    const NAME: &'static str = "international";
    /// Scan calls the game `normal`; pydraughts and lidraughts bots pass on lidraughts' name
    /// for it, `standard`.
    const ALIASES: &'static [&'static str] = &["normal", "standard"];
    const TITLE: &'static str = "International draughts";
    const SUMMARY: &'static str = "10x10, 20 men each, flying kings, the capture taking most pieces is compulsory, crowned only at the end of a move";
    type Board = Dark10;
    const MOVE_STYLE: MoveStyle = MoveStyle::Numeric;
    const MAJORITY_CAPTURE: bool = true;
    const PROMOTE_MID_CAPTURE: bool = false;
    const NO_MOVE_WINS: bool = false;
    const DRAWS: DrawProfile = DrawProfile::International;
    /// `openings/international.txt` beside this file (its header says how it was made).
    const OPENING_BOOK: Option<&'static str> = Some(include_str!("openings/international.txt"));
    const PDN_GAME_TYPE: u32 = 20;
    /// Opening, middle game and ending positions on the 10×10 board.
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "W:W31-50:B1-20",
        "W:W28,31,32,33,34,35,36,37,38,39,40,41,42,43,45,46,47,48,49:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,23",
        "B:W27,28,30,32,33,34,35,36,37,38,39,40,41,42,43,44,46,47,48,49:B1,2,3,4,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,22",
        "W:W26,27,28,30,31,32,33,34,36,37,38,39,41,42,44,45,47:B3,5,6,7,8,9,10,12,13,14,15,16,17,18,20,22,24",
        "W:W27,29,31,32,33,34,36,38,39,43,47:B3,6,8,12,13,14,16,17,18,19,23,24",
        "B:W25,28,32,33,37,38,42:B7,9,11,13,17,19,22",
        "W:WK46,33,39:BK5,19,24",
        "B:W30,34,38,40,45:B6,11,16,17,21",
    ];

    fn weights() -> super::eval::Weights {
        super::eval::international_weights()
    }

    /// Trained by self-play (docs/training.md, "A network for any game").
    #[inline]
    fn network() -> Option<&'static Quantised> {
        Some(&NETWORK)
    }
}

/// International's trained network, compiled in (`eval/international.network`: 200 inputs, the
/// four kinds of piece on the 50 squares).
static NETWORK: LazyLock<Quantised> = LazyLock::new(|| {
    built_in::<PieceSquares<International>>(
        include_bytes!("eval/international.network"),
        "International",
    )
});
