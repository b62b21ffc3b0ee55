//! What the fits share: the logistic model of a game's result and the search for its scale.

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
