//! What every game's evaluation shares: a vector of integer [`Weights`] the search passes to
//! the game and the tuner fits, and the [`Term`]s `eval` shows. Each game decides what its
//! features are and where they sit in the vector (see its `eval` module); a game that needs
//! fewer than [`FEATURES`] leaves the rest at zero.

use crate::score::Score;
use crate::types::Side;

/// Length of the weight vector: room for the largest game's features (the draughts games: six
/// counts and two tables of 50 squares).
pub const FEATURES: usize = 106;

/// Feature weights, in hundredths of a man per unit of the feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights(pub [i32; FEATURES]);

impl Weights {
    /// The weighted sum of `features`, the first `features.len()` weights against them.
    #[inline]
    pub fn dot(&self, features: &[i32]) -> i32 {
        features.iter().zip(self.0.iter()).map(|(x, w)| x * w).sum()
    }
}

/// A run of weights tuned or held as one, by name (a draughts square table): `tune --fix
/// "man squares"` holds weights `start..end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeightGroup {
    /// The name `tune --fix` takes.
    pub name: &'static str,
    /// The first weight of the group.
    pub start: usize,
    /// One past the last weight of the group.
    pub end: usize,
}

/// One line of a game's evaluation shown term by term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// What is counted.
    pub name: String,
    /// White's value of the feature (for a square table: the sum of its squares' weights).
    pub white: i32,
    /// Black's value.
    pub black: i32,
    /// The weighted contribution, White minus Black, before the draw scale.
    pub score: i32,
}

/// A position's evaluation short of its network's term: the linear terms and how the term
/// joins them. [`Linear::score`] of a network's term is exactly the game's
/// [`crate::game::Game::evaluate_with`] of it, so a search can judge a leaf by the linear
/// terms first and add the network only where it may matter, computing them once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Linear {
    /// The weighted features (and pattern tables) for White, before the draw scale.
    pub white: i32,
    /// The network term's weight in percent (100: as trained).
    pub network_percent: i32,
    /// The draw scale in sixteenths (16: none).
    pub draw_scale: i32,
    /// The side to move, whose point of view the score and the network's term take.
    pub side: Side,
}

impl Linear {
    /// The evaluation for the side to move given `network`, the network's term for the side
    /// to move (0: the linear terms alone), kept inside the band of ordinary scores.
    #[inline]
    pub fn score(self, network: i32) -> Score {
        let white = self.white + as_white(network * self.network_percent / 100, self.side);
        for_side_to_move(white * self.draw_scale / 16, self.side)
    }
}

/// The score for the side to move of an evaluation `white` gives from White's point of view,
/// kept inside the band of ordinary scores (clear of wins and losses).
#[inline]
pub fn for_side_to_move(white: i32, side: Side) -> Score {
    let score = as_white(white, side);
    Score(score.clamp(-Score::WIN_BAND + 1, Score::WIN_BAND - 1))
}

/// A term for `side` (the side to move's network term, say) as White's: the same number for
/// White, its negation for Black.
#[inline]
pub fn as_white(term: i32, side: Side) -> i32 {
    match side {
        Side::White => term,
        Side::Black => -term,
    }
}

/// The terms of the first `names.len()` features (counts weighted one by one), for `eval`.
pub fn count_terms(
    names: &[&str],
    white: &[i32; FEATURES],
    black: &[i32; FEATURES],
    weights: &Weights,
) -> Vec<Term> {
    names
        .iter()
        .enumerate()
        .map(|(i, name)| Term {
            name: name.to_string(),
            white: white[i],
            black: black[i],
            score: (white[i] - black[i]) * weights.0[i],
        })
        .collect()
}
