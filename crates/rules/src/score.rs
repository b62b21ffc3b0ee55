//! [`Score`]: a search or evaluation result from the side to move's point of view, in hundredths
//! of a man, with a band at the top and bottom for forced wins and losses.

use std::fmt;
use std::ops::{Add, Neg, Sub};

/// A score in hundredths of a man for the side to move. Scores beyond ±[`Score::WIN_BAND`] are
/// forced results: `Score::WIN - n` means the side to move wins `n` plies from the root.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Score(pub i32);

impl Score {
    /// A draw.
    pub const DRAW: Score = Score(0);
    /// Winning now (the opponent to move has no move at the root).
    pub const WIN: Score = Score(30_000);
    /// Larger than any score; the bounds of a full window.
    pub const INFINITE: Score = Score(31_000);
    /// Scores at least this far from zero are forced wins or losses.
    pub const WIN_BAND: i32 = 30_000 - 1_000;

    /// The score of winning `ply` plies from the root.
    #[inline]
    pub const fn win_in(ply: u32) -> Score {
        Score(Self::WIN.0 - ply as i32)
    }

    /// The score of losing `ply` plies from the root.
    #[inline]
    pub const fn loss_in(ply: u32) -> Score {
        Score(-Self::WIN.0 + ply as i32)
    }

    /// True for a forced win or loss.
    #[inline]
    pub const fn is_decisive(self) -> bool {
        self.0.abs() >= Self::WIN_BAND
    }

    /// For a forced result, the moves (not plies) to the end: positive when the side to move
    /// wins, negative when it loses. `None` for an ordinary score.
    pub const fn mate_moves(self) -> Option<i32> {
        if !self.is_decisive() {
            return None;
        }
        let plies = Self::WIN.0 - self.0.abs();
        let moves = (plies + 1) / 2;
        Some(if self.0 > 0 { moves } else { -moves })
    }

    /// Converts a score found `ply` plies below the root into one relative to that node, for
    /// storing in the transposition table.
    #[inline]
    pub const fn to_table(self, ply: u32) -> Score {
        if self.0 >= Self::WIN_BAND {
            Score(self.0 + ply as i32)
        } else if self.0 <= -Self::WIN_BAND {
            Score(self.0 - ply as i32)
        } else {
            self
        }
    }

    /// The inverse of [`Score::to_table`]: a node-relative table score seen `ply` plies below
    /// the root.
    #[inline]
    pub const fn from_table(self, ply: u32) -> Score {
        if self.0 >= Self::WIN_BAND {
            Score(self.0 - ply as i32)
        } else if self.0 <= -Self::WIN_BAND {
            Score(self.0 + ply as i32)
        } else {
            self
        }
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl Add<i32> for Score {
    type Output = Score;
    #[inline]
    fn add(self, rhs: i32) -> Score {
        Score(self.0 + rhs)
    }
}

impl Sub<i32> for Score {
    type Output = Score;
    #[inline]
    fn sub(self, rhs: i32) -> Score {
        Score(self.0 - rhs)
    }
}

impl fmt::Display for Score {
    /// The UCI form: `cp <n>` or `mate <moves>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_moves() {
            Some(moves) => write!(f, "mate {moves}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves() {
        assert_eq!(Score::win_in(1).mate_moves(), Some(1));
        assert_eq!(Score::win_in(3).mate_moves(), Some(2));
        assert_eq!(Score::loss_in(2).mate_moves(), Some(-1));
        assert_eq!(Score::loss_in(0).mate_moves(), Some(0));
        assert_eq!(Score(250).mate_moves(), None);
        assert_eq!(Score::win_in(5).to_string(), "mate 3");
        assert_eq!(Score(-37).to_string(), "cp -37");
    }

    #[test]
    fn table_scores_round_trip() {
        for score in [Score::win_in(7), Score::loss_in(12), Score(55)] {
            assert_eq!(score.to_table(4).from_table(4), score);
        }
        assert_eq!(Score::win_in(7).to_table(4), Score::win_in(3));
    }
}
