//! International draughts: the 10×10 game (docs/rules.md).

use super::{MoveStyle, Rules, Variant};
use crate::board::Dark10;
use crate::draw::DrawProfile;

/// International draughts: 20 men each on the 10×10 board, flying kings, men capture backward,
/// the capture taking the most pieces is compulsory, and a man is crowned only if it ends its
/// move on the far rank. The squares are numbered 1..50.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct International;

impl Rules for International {
    const VARIANT: Variant = Variant::International;
    type Board = Dark10;
    const MOVE_STYLE: MoveStyle = MoveStyle::Numeric;
    const MAJORITY_CAPTURE: bool = true;
    const PROMOTE_MID_CAPTURE: bool = false;
    const NO_MOVE_WINS: bool = false;
    const DRAWS: DrawProfile = DrawProfile::International;
}
