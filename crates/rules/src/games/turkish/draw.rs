//! Turkish dama's endgame counter. With kings on both sides, 15 moves of each side with no
//! capture and no man move draw the game (the `Draw kings only` switch, as in Russian);
//! threefold repetition, the other draw, is the game record's.

use super::position::Position;
use crate::draw::{DrawOption, DrawReason, DrawRules, Remaining};
pub use crate::games::draughts::draw::KINGS_ONLY;
use crate::games::draughts::draw::reason;
use crate::games::draughts::moves::Move;
use crate::types::Side;

/// The options of Turkish draw rules: the kings-only rule shares Russian's switch.
pub const OPTIONS: &[DrawOption] = &[KINGS_ONLY];

/// Plies of the kings-only rule: 15 moves of each side.
pub const KINGS_ONLY_PLIES: u16 = 30;

/// The counter, in plies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// Consecutive plies, while both sides have kings, that were king moves capturing nothing.
    /// Reset by a capture, a man move, or a side losing its last king. The FEN's `H` field.
    pub kings_only: u16,
}

/// True while the kings-only rule can run: kings on both sides.
pub fn kings_on_both_sides(pos: &Position) -> bool {
    pos.kings(Side::White).any() && pos.kings(Side::Black).any()
}

impl Counters {
    /// The counter after `mv` took `before` to `after`.
    pub fn after_move(self, before: &Position, mv: Move, after: &Position) -> Counters {
        let king_move = before.all_kings().contains(mv.from()) && !mv.is_capture();
        let kings_only = if king_move && kings_on_both_sides(after) {
            self.kings_only.saturating_add(1)
        } else {
            0
        };
        Counters { kings_only }
    }

    /// The counter as a FEN gives it: 0 where its condition does not hold, at most the limit.
    pub fn normalized(self, pos: &Position) -> Counters {
        let kings_only = if kings_on_both_sides(pos) {
            self.kings_only.min(KINGS_ONLY_PLIES)
        } else {
            0
        };
        Counters { kings_only }
    }

    /// The draw the counter declares under `rules`, if it has run out.
    pub fn draw(&self, rules: &DrawRules) -> Option<DrawReason> {
        (rules.is_on(&KINGS_ONLY) && self.kings_only >= KINGS_ONLY_PLIES)
            .then_some(reason::KINGS_ONLY)
    }

    /// The plies left before the rule draws, when it is running.
    pub fn remaining(&self, rules: &DrawRules, pos: &Position) -> Remaining {
        let mut out = Remaining::default();
        if rules.is_on(&KINGS_ONLY) && kings_on_both_sides(pos) {
            out.push(
                reason::KINGS_ONLY,
                KINGS_ONLY_PLIES.saturating_sub(self.kings_only),
            );
        }
        out
    }
}
