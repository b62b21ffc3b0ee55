//! What the fits share: the logistic model of a game's result, the search for its scale,
//! Adam, a shuffle, and reading a draughts training position.

use super::selfplay::Sample;
use damka_rules::games::draughts::Rules;
use damka_rules::games::draughts::eval::{self, Weights};
use damka_rules::games::draughts::notation::parse_fen;
use damka_rules::games::draughts::position::Position;

/// A sample of draughts game `R` ready to learn on top of the linear evaluation: the position,
/// its linear evaluation for White with `weights` (hundredths of a man, before the drawn-ending
/// scale) and that scale (0..=1). `None` for an unreadable FEN or a position the scale makes a
/// draw, which has nothing to teach.
pub fn draughts_position<R: Rules>(
    sample: &Sample,
    weights: &Weights,
) -> Option<(Position<R>, f32, f32)> {
    let pos = parse_fen::<R>(&sample.fen).ok()?;
    let scale = eval::draw_scale(&pos);
    if scale == 0 {
        return None;
    }
    let linear = weights.dot(&eval::features(&pos));
    Some((pos, linear as f32, scale as f32 / 16.0))
}

/// Puts `order` in a fresh random order (Fisher-Yates with xorshift on `seed`, which must not
/// be 0).
pub fn shuffle(order: &mut [usize], seed: &mut u64) {
    for i in (1..order.len()).rev() {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        order.swap(i, (*seed % (i as u64 + 1)) as usize);
    }
}

/// The chance of winning that the model gives an evaluation `eval` (hundredths of a man) with
/// scale `k`: `1 / (1 + 10^(-k·eval/400))`.
#[inline]
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The derivative of [`sigmoid`] by `eval`, given the chance `p` it gave.
#[inline]
pub fn sigmoid_slope(k: f64, p: f64) -> f64 {
    p * (1.0 - p) * k * std::f64::consts::LN_10 / 400.0
}

/// What a position is fitted to: `score_share` of the win chance its search score gives under
/// scale `k`, and the rest its game's `result`; the result alone if it has no score.
#[inline]
pub fn target(result: f64, score: Option<f64>, k: f64, score_share: f64) -> f64 {
    match score {
        Some(score) => score_share * sigmoid(k, score) + (1.0 - score_share) * result,
        None => result,
    }
}

/// The scale `k` in 0.05..5 that makes `error(k)` smallest, by golden-section search
/// (`error` should have one minimum there).
pub fn best_scale(error: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 5.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Adam's running moments for a vector of parameters.
#[derive(Clone, Debug)]
pub struct Adam {
    first: Vec<f64>,
    second: Vec<f64>,
    steps: i32,
}

impl Adam {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-8;

    /// Moments for `len` parameters, all zero.
    pub fn new(len: usize) -> Adam {
        Adam {
            first: vec![0.0; len],
            second: vec![0.0; len],
            steps: 0,
        }
    }

    /// Starts a step; call before [`Adam::change`] for each parameter.
    pub fn begin_step(&mut self) {
        self.steps += 1;
    }

    /// The change to parameter `i` for its gradient `g` at step size `rate` (parameters whose
    /// gradient has always been 0 do not move).
    #[inline]
    pub fn change(&mut self, i: usize, g: f64, rate: f64) -> f64 {
        if g == 0.0 && self.first[i] == 0.0 {
            return 0.0;
        }
        self.first[i] = Self::BETA1 * self.first[i] + (1.0 - Self::BETA1) * g;
        self.second[i] = Self::BETA2 * self.second[i] + (1.0 - Self::BETA2) * g * g;
        let first = self.first[i] / (1.0 - Self::BETA1.powi(self.steps));
        let second = self.second[i] / (1.0 - Self::BETA2.powi(self.steps));
        -rate * first / (second.sqrt() + Self::EPSILON)
    }
}

/// `count` samples of two positions that differ only in White's man on a1 or c1, where White
/// wins every game with the man on a1 and loses every other: something a fit must learn.
#[cfg(test)]
pub fn a1_wins(count: usize) -> Vec<Sample> {
    (0..count)
        .map(|i| {
            let (fen, result) = if i % 2 == 0 {
                ("W:Wa1,e3:Bd6,f6", 1.0)
            } else {
                ("W:Wc1,e3:Bd6,f6", 0.0)
            };
            Sample {
                fen: fen.to_string(),
                result,
                score: None,
            }
        })
        .collect()
}
