//! The draw rules as every front end and the search see them: which rules are switched on
//! ([`DrawRules`], the `Draw …` options), why a game is drawn ([`DrawReason`]) and which
//! counters are running with the plies each has left ([`Remaining`]). Each game keeps its own
//! counters and decides when they run (for the draughts games, `draughts::draw`); threefold
//! repetition needs the game's history and lives in the game record.

use std::fmt;

/// Which draw rules are in force, and the claim length of the material rule. Rules a game's
/// profile does not have are ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// Draw 1: the same position, same side to move, for the third time.
    pub repetition: bool,
    /// Draw 2: 15 moves of each side with only kings moved and nothing captured.
    pub kings_only: bool,
    /// Draw 3: three or more kings fail to capture a lone king by their 15th move.
    pub three_kings: bool,
    /// Draw 4: three kings fail to win against a lone king on the main road by their 5th move.
    pub main_road: bool,
    /// Draw 5: two kings, or a king and a man, fail to win against one piece by their 10th move.
    pub two_against_one: bool,
    /// Draw 6: material unchanged (no capture, no promotion) for `material_moves` moves each.
    pub material: bool,
    /// Length of draw 6 in moves of each side: 32 by default, 30 in one of the rule texts.
    pub material_moves: u16,
    /// Draw 7 (FMJD profile): kings on both sides, no capture or promotion, 30 moves with 4–5
    /// pieces on the board and 60 moves with 6–7.
    pub fmjd: bool,
    /// International: a lone king against three pieces including a king, 16 moves each.
    pub sixteen_moves: bool,
    /// International: a lone king against one or two pieces including a king, 5 moves each.
    pub five_moves: bool,
}

impl Default for DrawRules {
    /// The Russian rules: everything on except the optional FMJD profile.
    fn default() -> Self {
        DrawRules {
            repetition: true,
            kings_only: true,
            three_kings: true,
            main_road: true,
            two_against_one: true,
            material: true,
            material_moves: 32,
            fmjd: false,
            sixteen_moves: true,
            five_moves: true,
        }
    }
}

impl DrawRules {
    /// No draw rule at all (for tests and analysis).
    pub const NONE: DrawRules = DrawRules {
        repetition: false,
        kings_only: false,
        three_kings: false,
        main_road: false,
        two_against_one: false,
        material: false,
        material_moves: 32,
        fmjd: false,
        sixteen_moves: false,
        five_moves: false,
    };
}

/// Why a game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DrawReason {
    /// Draw 1.
    #[default]
    Repetition,
    /// Draw 2.
    KingsOnly,
    /// Draw 3.
    ThreeKings,
    /// Draw 4.
    MainRoad,
    /// Draw 5.
    TwoAgainstOne,
    /// Draw 6.
    Material,
    /// Draw 7.
    Fmjd,
    /// International: 25 moves of kings only.
    KingsOnlyLong,
    /// International: a lone king held out 16 moves against three pieces.
    SixteenMoves,
    /// International: a lone king held out 5 moves against one or two pieces.
    FiveMoves,
    /// Ugolki: both sides filled the opponent's house (White first, Black on its reply).
    UgolkiBothFinished,
    /// Ugolki: both sides still had a piece in their own house at the deadline.
    UgolkiLeftHome,
    /// Ugolki: as many pieces outside the opponent's house on each side at move 80.
    UgolkiCounted,
}

impl DrawReason {
    /// A short stable name, used in `Result: draw (<name>)` and in match reports.
    pub const fn name(self) -> &'static str {
        match self {
            DrawReason::Repetition => "threefold repetition",
            DrawReason::KingsOnly => "15 moves with kings only",
            DrawReason::ThreeKings => "three kings against one, 15 moves",
            DrawReason::MainRoad => "three kings against one on the main road, 5 moves",
            DrawReason::TwoAgainstOne => "two pieces against one, 10 moves",
            DrawReason::Material => "material unchanged",
            DrawReason::Fmjd => "FMJD endgame limit",
            DrawReason::KingsOnlyLong => "25 moves with kings only",
            DrawReason::SixteenMoves => "lone king against three, 16 moves",
            DrawReason::FiveMoves => "lone king against two or one, 5 moves",
            DrawReason::UgolkiBothFinished => "both sides filled the opponent's house",
            DrawReason::UgolkiLeftHome => "both sides left a piece at home at the deadline",
            DrawReason::UgolkiCounted => {
                "as many pieces outside the target on each side at move 80"
            }
        }
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The draw rules that are running, with the plies each has left (see [`crate::game::Game::counters_remaining`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Remaining {
    items: [(DrawReason, u16); 6],
    len: usize,
}

impl Remaining {
    /// Adds a running rule with the plies it has left.
    pub fn push(&mut self, reason: DrawReason, left: u16) {
        self.items[self.len] = (reason, left);
        self.len += 1;
    }

    /// The running rules and their plies left.
    pub fn as_slice(&self) -> &[(DrawReason, u16)] {
        &self.items[..self.len]
    }
}
