//! Russian giveaway (poddavki): Russian moves and captures, but the side that cannot move wins
//! (docs/rules.md).

use super::{MoveStyle, Rules, Variant};
use crate::board::Dark8;
use crate::draw::DrawProfile;

/// Russian giveaway: moves exactly as Russian; having no legal move wins.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Giveaway;

impl Rules for Giveaway {
    const VARIANT: Variant = Variant::Giveaway;
    type Board = Dark8;
    const MOVE_STYLE: MoveStyle = MoveStyle::Algebraic;
    const MAJORITY_CAPTURE: bool = false;
    const PROMOTE_MID_CAPTURE: bool = true;
    const NO_MOVE_WINS: bool = true;
    const DRAWS: DrawProfile = DrawProfile::Giveaway;
}
