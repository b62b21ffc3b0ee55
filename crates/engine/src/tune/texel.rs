//! Texel tuning: fit the evaluation weights by logistic regression of game results on the
//! evaluation of positions from those games.
//!
//! The evaluation is linear in its weights (times the drawn-ending scale, a constant per
//! position), so the model is `P(White wins) = 1 / (1 + 10^(-k·e/400))` with
//! `e = scale · Σ wᵢ·fᵢ`, and the loss is the mean squared difference to the results.
//! First `k` is fitted with the starting weights, then the weights by Adam gradient descent
//! with the man's weight held at 100 so that scores stay in hundredths of a man. The target can
//! blend the result with the win chance of the score the self-play search gave the position
//! (see [`tune`]'s `score_share`).

use super::fit::{Adam, best_scale, sigmoid, sigmoid_slope, target};
use super::selfplay::Sample;
use damka_rules::eval::{FEATURES, Weights};
use damka_rules::game::Game;
use damka_rules::games::Variant;
use damka_rules::with_game;
use rayon::prelude::*;
use std::ops::ControlFlow;

/// Positions turned into feature rows.
#[derive(Clone, Debug, Default)]
pub struct TuneData {
    /// Per position: White-minus-Black features, already multiplied by the drawn-ending scale.
    rows: Vec<[f64; FEATURES]>,
    /// Per position: the game result for White.
    results: Vec<f64>,
    /// Per position: the self-play search's score for White, if the sample has one.
    scores: Vec<Option<f64>>,
}

impl TuneData {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// True if there are no positions.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}

/// Turns samples of `variant` into feature rows; unreadable FENs and positions the evaluation
/// scales to zero (known draws) are left out.
pub fn prepare(variant: Variant, samples: &[Sample]) -> TuneData {
    with_game!(variant, G => prepare_for::<G>(samples))
}

fn prepare_for<G: Game>(samples: &[Sample]) -> TuneData {
    // Per position: its row, its result, and its score if it has one.
    type Labelled = ([f64; FEATURES], (f64, Option<f64>));
    let rows: Vec<Labelled> = samples
        .par_iter()
        .filter_map(|sample| {
            let (pos, _) = G::parse_fen(&sample.fen).ok()?;
            let (f, scale) = G::features(&pos);
            if scale == 0 {
                return None;
            }
            let factor = scale as f64 / 16.0;
            let row = std::array::from_fn(|i| f[i] as f64 * factor);
            Some((row, (sample.result, sample.score.map(f64::from))))
        })
        .collect();
    let (rows, labels): (Vec<_>, Vec<_>) = rows.into_iter().unzip();
    let (results, scores) = labels.into_iter().unzip();
    TuneData {
        rows,
        results,
        scores,
    }
}

fn dot(row: &[f64; FEATURES], weights: &[f64; FEATURES]) -> f64 {
    row.iter().zip(weights).map(|(f, w)| f * w).sum()
}

/// Mean squared error of the model with `weights` and `k` against the game results.
pub fn error(data: &TuneData, weights: &[f64; FEATURES], k: f64) -> f64 {
    error_against(data, &data.results, weights, k)
}

/// Mean squared error of the model with `weights` and `k` against `targets`, one per position.
fn error_against(data: &TuneData, targets: &[f64], weights: &[f64; FEATURES], k: f64) -> f64 {
    let total: f64 = data
        .rows
        .par_iter()
        .zip(targets.par_iter())
        .map(|(row, result)| (result - sigmoid(k, dot(row, weights))).powi(2))
        .sum();
    total / data.len().max(1) as f64
}

/// The `k` that minimises the error for fixed weights (golden-section search on 0.05..5).
pub fn fit_k(data: &TuneData, weights: &[f64; FEATURES]) -> f64 {
    best_scale(|k| error(data, weights, k))
}

/// The result of a tuning run.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// The fitted weights, rounded.
    pub weights: Weights,
    /// The sigmoid scale.
    pub k: f64,
    /// Error of the starting weights.
    pub error_before: f64,
    /// Error of the fitted weights.
    pub error_after: f64,
}

/// How the sigmoid's scale is chosen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scale {
    /// Fit `k` to the starting weights; the man's weight stays as the unit of the others.
    Fitted,
    /// Use this `k`; the man's weight is fitted too. For a game whose starting weights predict
    /// results so badly that a fitted `k` would be meaningless.
    Given(f64),
}

/// Fits the weights, starting from `start`, for `iterations` steps of Adam. The weights whose
/// indices are in `fixed` keep their starting values, and so does the man's unless the scale
/// is given. The target of a position is `score_share` of its score's win chance (under the
/// scale `k`) and the rest its game's result; positions without a score use the result. The
/// errors reported are against these targets. `step` hears the number of each step done and
/// says whether to go on: the weights of the steps done so far are returned when it says no.
pub fn tune(
    data: &TuneData,
    start: &Weights,
    iterations: usize,
    fixed: &[usize],
    scale: Scale,
    score_share: f64,
    step: &mut dyn FnMut(usize) -> ControlFlow<()>,
) -> Tuned {
    let mut weights: [f64; FEATURES] = std::array::from_fn(|i| start.0[i] as f64);
    let (k, first_free) = match scale {
        Scale::Fitted => (fit_k(data, &weights), 1),
        Scale::Given(k) => (k, 0),
    };
    let targets: Vec<f64> = data
        .results
        .par_iter()
        .zip(data.scores.par_iter())
        .map(|(&result, &score)| target(result, score, k, score_share))
        .collect();
    let error_before = error_against(data, &targets, &weights, k);
    let mut adam = Adam::new(FEATURES);
    let n = data.len().max(1) as f64;
    for iteration in 1..=iterations {
        let gradient = data
            .rows
            .par_iter()
            .zip(targets.par_iter())
            .fold(
                || [0.0f64; FEATURES],
                |mut acc, (row, result)| {
                    let p = sigmoid(k, dot(row, &weights));
                    // d/dw of (r - p)^2 = -2 (r - p) p (1 - p) k ln10/400 · f
                    let common = -2.0 * (result - p) * sigmoid_slope(k, p);
                    for (a, f) in acc.iter_mut().zip(row) {
                        *a += common * f;
                    }
                    acc
                },
            )
            .reduce(
                || [0.0f64; FEATURES],
                |a, b| std::array::from_fn(|i| a[i] + b[i]),
            );
        adam.begin_step();
        for i in (first_free..FEATURES).filter(|i| !fixed.contains(i)) {
            weights[i] += adam.change(i, gradient[i] / n, 1.0);
        }
        if step(iteration).is_break() {
            break;
        }
    }
    let rounded = Weights(std::array::from_fn(|i| weights[i].round() as i32));
    let as_f64: [f64; FEATURES] = std::array::from_fn(|i| rounded.0[i] as f64);
    Tuned {
        weights: rounded,
        k,
        error_before,
        error_after: error_against(data, &targets, &as_f64, k),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damka_rules::moves::MoveList;

    /// The positions two plies after the start of game `G`.
    fn early_positions<G: Game>() -> Vec<G::Position> {
        let mut positions = Vec::new();
        let (mut first, mut second) = (MoveList::new(), MoveList::new());
        let start = G::start();
        G::generate(&start, &mut first);
        for &mv in first.iter() {
            let after = G::play(&start, mv);
            G::generate(&after, &mut second);
            positions.extend(second.iter().map(|&reply| G::play(&after, reply)));
        }
        positions
    }

    #[test]
    fn tuning_lowers_the_error_and_keeps_the_unit() {
        for variant in Variant::ALL {
            with_game!(variant, G => {
                // Results from a model where one weight differs from the start.
                let start = G::weights();
                let mut truth = start;
                truth.0[1] += 250;
                let truth_f: [f64; FEATURES] = std::array::from_fn(|i| truth.0[i] as f64);
                let mut data = TuneData::default();
                for pos in early_positions::<G>() {
                    let (f, scale) = G::features(&pos);
                    let row: [f64; FEATURES] =
                        std::array::from_fn(|i| f[i] as f64 * scale as f64 / 16.0);
                    data.results.push(sigmoid(1.0, dot(&row, &truth_f)));
                    data.rows.push(row);
                    data.scores.push(None);
                }
                let go_on = &mut |_| ControlFlow::Continue(());
                let tuned = tune(&data, &start, 300, &[], Scale::Fitted, 0.0, go_on);
                assert!(tuned.error_after <= tuned.error_before, "{variant}");
                assert_eq!(tuned.weights.0[0], start.0[0], "{variant}: the unit is fixed");
                // Told to stop at its fifth step, it takes no sixth.
                let mut heard = Vec::new();
                let five = &mut |step| {
                    heard.push(step);
                    match step {
                        5 => ControlFlow::Break(()),
                        _ => ControlFlow::Continue(()),
                    }
                };
                tune(&data, &start, 300, &[], Scale::Fitted, 0.0, five);
                assert_eq!(heard, [1, 2, 3, 4, 5], "{variant}");
            })
        }
    }
}
