//! The tower games' draw counter: 15 moves of each side in a row (30 plies) with no capture and
//! no promotion draw the game. It is switched by the `Draw Material` option, as the Russian
//! rule of unchanged material is; its length is fixed here (`Draw Material Moves` does not
//! apply).
//! Threefold repetition, the other draw, is the game record's.

use super::moves::Move;
use crate::draw::{DrawKind, DrawOption, DrawReason, DrawRules, Remaining};
use crate::game::GameMove;

/// The switch of the rule: the option the Russian rule of unchanged material has too.
pub const QUIET: DrawOption = DrawOption {
    name: "Draw Material",
    kind: DrawKind::Switch { on: true },
    doc: "a draw after a long run of moves with no capture and no promotion",
};

/// Why a game was drawn by the rule.
pub const QUIET_DRAW: DrawReason = DrawReason::new(&"material unchanged");

/// Plies of the rule: 15 moves of each side.
pub const QUIET_PLIES: u16 = 30;

/// The counter, in plies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// Plies in a row with no capture and no promotion. The FEN's `H` field.
    pub quiet: u16,
}

impl Counters {
    /// The counter after `mv`.
    pub fn after_move(self, mv: Move) -> Counters {
        let quiet = if mv.is_capture() || mv.promotes() {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        Counters { quiet }
    }

    /// The counter as a FEN gives it, at most the limit.
    pub fn normalized(self) -> Counters {
        Counters {
            quiet: self.quiet.min(QUIET_PLIES),
        }
    }

    /// The draw the counter declares under `rules`, if it has run out.
    pub fn draw(&self, rules: &DrawRules) -> Option<DrawReason> {
        (rules.is_on(&QUIET) && self.quiet >= QUIET_PLIES).then_some(QUIET_DRAW)
    }

    /// The plies left before the rule draws.
    pub fn remaining(&self, rules: &DrawRules) -> Remaining {
        let mut out = Remaining::default();
        if rules.is_on(&QUIET) {
            out.push(QUIET_DRAW, QUIET_PLIES.saturating_sub(self.quiet));
        }
        out
    }
}
