//! Ugolki's endings and the move number they depend on.
//!
//! The move number is the one counter ([`Counters`]): plies played since move 1 with White to
//! move. Everything else an ending needs is in the position: whether a side has filled the
//! opponent's house, and which pieces stand in their own house. So:
//!
//! 1. A side that fills the opponent's house has finished. Black finishing first wins at once;
//!    White finishing on its move N leaves Black its move N, after which both finished is a
//!    draw and otherwise White wins. (With White to move and White finished, White finished
//!    on the move before: Black has had its reply.)
//! 2. When both sides have completed move 40 (diagonal: 30), a side with a piece in its own
//!    house loses; both: draw.
//! 3. After that point a piece in its own house can only have just moved there: that side
//!    loses at once. Rules 2 and 3 are one test, a piece at home once the point is reached.
//! 4. When both sides have completed move 80, the side with more pieces outside the opponent's
//!    house loses; equal: draw.
//! 5. No legal move loses, threefold repetition draws: the game record and the search apply
//!    those to every game, before these rules.

use super::position::Position;
use crate::draw::{DrawReason, Remaining};

/// Both sides filled the opponent's house (White first, Black on its reply).
pub const BOTH_FINISHED: DrawReason = DrawReason::new(&"both sides filled the opponent's house");
/// Both sides still had a piece in their own house at the deadline.
pub const LEFT_HOME: DrawReason =
    DrawReason::new(&"both sides left a piece at home at the deadline");
/// As many pieces outside the opponent's house on each side at move 80.
pub const COUNTED: DrawReason =
    DrawReason::new(&"as many pieces outside the target on each side at move 80");
use crate::game::GameResult;
use crate::types::Side;

/// The move after which a piece at home loses: 40 classic, 30 diagonal.
#[inline]
pub const fn home_deadline(diagonal: bool) -> u16 {
    if diagonal { 30 } else { 40 }
}

/// The move after which the race is counted.
pub const LAST_MOVE: u16 = 80;

/// The move number, as plies played since move 1 with White to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// Plies played: `2 · (move number − 1)`, plus one with Black to move.
    pub ply: u16,
}

impl Counters {
    /// The counters of a position at full move `fullmove` with `side` to move.
    pub fn at(fullmove: u64, side: Side) -> Counters {
        let before = fullmove.saturating_sub(1).min(30_000) as u16;
        Counters {
            ply: 2 * before + u16::from(side == Side::Black),
        }
    }

    /// The counters one ply later.
    #[inline]
    pub fn next(self) -> Counters {
        Counters {
            ply: self.ply.saturating_add(1),
        }
    }

    /// True once both sides have completed move `moves`.
    #[inline]
    pub fn both_completed(self, moves: u16) -> bool {
        self.ply >= 2 * moves
    }
}

/// Which rule ended the game, for display and for the tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Rule 1: a side finished (with the result).
    Finished(GameResult),
    /// Rule 2: at the deadline, pieces still at home.
    LeftHome(GameResult),
    /// Rule 3: a piece moved back home after the deadline.
    Returned(GameResult),
    /// Rule 4: the race counted at move 80.
    Counted(GameResult),
}

impl Ending {
    /// The result it declares.
    pub fn result(self) -> GameResult {
        match self {
            Ending::Finished(r)
            | Ending::LeftHome(r)
            | Ending::Returned(r)
            | Ending::Counted(r) => r,
        }
    }

    /// The rule in words.
    pub fn rule(self) -> &'static str {
        match self {
            Ending::Finished(_) => "rule 1: the opponent's house is filled",
            Ending::LeftHome(_) => "rule 2: a piece still in its own house at the deadline",
            Ending::Returned(_) => "rule 3: a piece moved back into its own house",
            Ending::Counted(_) => "rule 4: pieces outside the opponent's house counted at move 80",
        }
    }
}

/// The side that loses when only one of `white`, `black` is at fault; a draw when both are.
fn fault(white: bool, black: bool, draw: DrawReason) -> Option<GameResult> {
    match (white, black) {
        (true, true) => Some(GameResult::Draw(draw)),
        (true, false) => Some(GameResult::Win(Side::Black)),
        (false, true) => Some(GameResult::Win(Side::White)),
        (false, false) => None,
    }
}

/// The ending rules 1 to 4 declare in `pos` at move `counters`, if any.
pub fn ending(counters: &Counters, pos: &Position, diagonal: bool) -> Option<Ending> {
    let white_done = pos.has_finished(Side::White);
    let black_done = pos.has_finished(Side::Black);
    if white_done || black_done {
        let result = match (white_done, black_done, pos.side_to_move()) {
            (true, true, _) => Some(GameResult::Draw(BOTH_FINISHED)),
            (false, true, _) => Some(GameResult::Win(Side::Black)),
            (true, false, Side::White) => Some(GameResult::Win(Side::White)),
            // White has just finished: Black still plays its move.
            (true, false, Side::Black) => None,
            (false, false, _) => None,
        };
        if let Some(result) = result {
            return Some(Ending::Finished(result));
        }
    }
    let deadline = home_deadline(diagonal);
    if counters.both_completed(deadline) {
        let white = pos.at_home(Side::White).any();
        let black = pos.at_home(Side::Black).any();
        if let Some(result) = fault(white, black, LEFT_HOME) {
            // At the deadline itself it is rule 2; later a piece can only have come back.
            return Some(if counters.ply == 2 * deadline {
                Ending::LeftHome(result)
            } else {
                Ending::Returned(result)
            });
        }
    }
    if counters.both_completed(LAST_MOVE) {
        let outside = |side: Side| (pos.pieces(side).without(pos.house().target(side))).count();
        let (white, black) = (outside(Side::White), outside(Side::Black));
        let result = match white.cmp(&black) {
            std::cmp::Ordering::Greater => GameResult::Win(Side::Black),
            std::cmp::Ordering::Less => GameResult::Win(Side::White),
            std::cmp::Ordering::Equal => GameResult::Draw(COUNTED),
        };
        return Some(Ending::Counted(result));
    }
    None
}

/// The plies left before the move-number rules apply, for the search's table key: a position
/// seen at two move numbers is the same position only if the same rules are near.
pub fn remaining(counters: &Counters, diagonal: bool) -> Remaining {
    let mut out = Remaining::default();
    let deadline = 2 * home_deadline(diagonal);
    out.push(LEFT_HOME, deadline.saturating_sub(counters.ply));
    out.push(COUNTED, (2 * LAST_MOVE).saturating_sub(counters.ply));
    out
}
