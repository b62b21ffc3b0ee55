//! Training the network of any game ([`damka_rules::network`], over the game's own inputs)
//! on self-play positions.
//!
//! The network learns what the linear evaluation misses: the model is
//! `P(White wins) = 1 / (1 + 10^(-k·(e + s·n)/400))`, with `e` the game's evaluation for White
//! without the network (kept as it is), `n` the network's term for the side to move, `s` how
//! the game's evaluation weighs that term (read from [`Game::evaluate_with`]: the drawn-ending
//! scale, and the sign that turns the side to move's term into White's) and `k` fitted to the
//! evaluation without the network first. The target blends the game's result with the win
//! chance of the score the self-play search gave the position, as for the pattern tables
//! ([`super::patterns::TrainConfig::score_share`]). The loss is the mean squared difference;
//! Adam minimises it over mini-batches, each split over the cores. The last tenth of the
//! positions is held out, and the weights of the epoch with the lowest held-out error are
//! kept.

use super::fit::{Adam, best_scale, shuffle, sigmoid, sigmoid_slope, target};
use super::selfplay::Sample;
use damka_rules::eval::Weights;
use damka_rules::game::Game;
use damka_rules::network::{DEFAULT_HIDDEN, MAX_HIDDEN, Network, NetworkInputs, OUTPUT_UNIT};
use rayon::prelude::*;

/// One position ready for training.
#[derive(Clone, Copy, Debug)]
struct Row {
    /// Where its inputs (seen from the side to move) start in [`Rows::inputs`], and how many.
    start: u32,
    len: u16,
    /// Where its inputs seen from the opponent start, and how many (none unless the network
    /// reads both points of view).
    other_start: u32,
    other_len: u16,
    /// The game's evaluation for White without the network, in hundredths of a man.
    linear: f32,
    /// How much White's evaluation moves per hundredth of a man of the network's term.
    slope: f32,
    /// The game's result for White.
    result: f32,
    /// The self-play search's score for White, in hundredths of a man, if the sample has it.
    score: Option<f32>,
    /// What the network is fitted to: the result, blended with the score's win chance.
    target: f32,
}

/// Training positions, their inputs in one array.
struct Rows {
    rows: Vec<Row>,
    inputs: Vec<u16>,
}

impl Rows {
    /// The inputs that are on in `row`.
    #[inline]
    fn inputs(&self, row: &Row) -> &[u16] {
        let start = row.start as usize;
        &self.inputs[start..start + usize::from(row.len)]
    }

    /// The inputs that are on in `row` seen from the opponent of its side to move.
    #[inline]
    fn other_inputs(&self, row: &Row) -> &[u16] {
        let start = row.other_start as usize;
        &self.inputs[start..start + usize::from(row.other_len)]
    }
}

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Adam's step size.
    pub rate: f64,
    /// Positions per Adam step.
    pub batch: usize,
    /// The share of the target taken from the self-play search's score (see
    /// [`super::patterns::TrainConfig::score_share`]).
    pub score_share: f64,
    /// Seed of the starting weights and of the order of the positions.
    pub seed: u64,
    /// Hidden units of the network ([`damka_rules::network::valid_hidden`]).
    pub hidden: usize,
    /// The network training starts from (fine-tuning a trained one), in place of random
    /// weights; its width then replaces [`TrainConfig::hidden`]. Training keeps it unless an
    /// epoch beats its held-out error.
    pub start: Option<Network>,
    /// Whether the network reads both points of view, the side to move's and the
    /// opponent's ([`Network::reads_both_views`]); a [`TrainConfig::start`] that reads one
    /// gets opponent weights of 0 to start from.
    pub both_views: bool,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 20,
            rate: 1e-3,
            batch: 2048,
            score_share: 1.0,
            seed: 1,
            hidden: DEFAULT_HIDDEN,
            start: None,
            both_views: false,
        }
    }
}

/// What a training run did.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The weights of the best epoch.
    pub network: Network,
    /// The sigmoid's scale.
    pub k: f64,
    /// Training and held-out positions.
    pub positions: (usize, usize),
    /// Held-out error of the linear evaluation alone, and with the best network.
    pub held_out_error: (f64, f64),
    /// Held-out error of [`TrainConfig::start`], if training started from a network.
    pub start_error: Option<f64>,
    /// The epoch whose weights were kept (1-based; 0 if none beat the start).
    pub best_epoch: usize,
}

/// The term the slope is read at: large enough that the evaluation's rounding is small.
const PROBE: i32 = 1000;

/// The training rows of the samples of game `G` whose evaluation takes the network's term,
/// with the inputs seen from the opponent too if `both_views`.
fn rows<G: Game>(samples: &[Sample], weights: &Weights, both_views: bool) -> Rows {
    let white = |score: damka_rules::score::Score, pos: &G::Position| {
        damka_rules::eval::as_white(score.0, G::side_to_move(pos)) as f32
    };
    let parsed: Vec<(Row, Vec<u16>, Vec<u16>)> = samples
        .par_iter()
        .filter_map(|sample| {
            let (pos, _) = G::parse_fen(&sample.fen).ok()?;
            let linear = white(G::evaluate_with(&pos, weights, 0), &pos);
            let probed = white(G::evaluate_with(&pos, weights, PROBE), &pos);
            let slope = (probed - linear) / PROBE as f32;
            if slope == 0.0 {
                return None;
            }
            let mut inputs = Vec::new();
            G::Inputs::inputs(&pos, G::side_to_move(&pos), &mut |input| {
                inputs.push(input as u16)
            });
            let mut other = Vec::new();
            if both_views {
                G::Inputs::inputs(&pos, G::side_to_move(&pos).opponent(), &mut |input| {
                    other.push(input as u16)
                });
            }
            let row = Row {
                start: 0,
                len: inputs.len() as u16,
                other_start: 0,
                other_len: other.len() as u16,
                linear,
                slope,
                result: sample.result as f32,
                score: sample.score.map(|score| score as f32),
                target: sample.result as f32,
            };
            Some((row, inputs, other))
        })
        .collect();
    let mut rows = Rows {
        rows: Vec::with_capacity(parsed.len()),
        inputs: Vec::new(),
    };
    for (mut row, inputs, other) in parsed {
        row.start = rows.inputs.len() as u32;
        rows.inputs.extend_from_slice(&inputs);
        row.other_start = rows.inputs.len() as u32;
        rows.inputs.extend_from_slice(&other);
        rows.rows.push(row);
    }
    rows
}

/// Sets each row's target: its result, blended with its score's win chance under `k`.
fn set_targets(rows: &mut Rows, k: f64, score_share: f64) {
    rows.rows.par_iter_mut().for_each(|row| {
        let score = row.score.map(f64::from);
        row.target = target(row.result as f64, score, k, score_share) as f32;
    });
}

/// The model's win chance for White, with the network's hidden sums seen from the side to
/// move and (for a network of both points of view; else 0) from the opponent.
#[inline]
fn predict(
    rows: &Rows,
    row: &Row,
    network: &Network,
    k: f64,
) -> (f64, [f32; MAX_HIDDEN], [f32; MAX_HIDDEN]) {
    let inputs = rows.inputs(row).iter().map(|&input| usize::from(input));
    let sums = network.accumulate(inputs);
    let other = if network.reads_both_views() {
        let inputs = rows
            .other_inputs(row)
            .iter()
            .map(|&input| usize::from(input));
        network.accumulate(inputs)
    } else {
        [0.0; MAX_HIDDEN]
    };
    let net = network.output(&sums, &other) * OUTPUT_UNIT;
    let e = (row.linear + row.slope * net) as f64;
    (sigmoid(k, e), sums, other)
}

fn error(rows: &Rows, network: &Network, k: f64, against_results: bool) -> f64 {
    let total: f64 = rows
        .rows
        .par_iter()
        .map(|row| {
            let target = if against_results {
                row.result
            } else {
                row.target
            };
            (target as f64 - predict(rows, row, network, k).0).powi(2)
        })
        .sum();
    total / rows.rows.len().max(1) as f64
}

/// A gradient: a [`Network`] of the same shape whose weights are the loss's derivatives.
struct Gradient(Network);

impl Gradient {
    /// A gradient of 0 for every weight of `network`.
    fn zero_like(network: &Network) -> Gradient {
        let zero = Network::zero(network.inputs(), network.hidden());
        Gradient(if network.reads_both_views() {
            zero.with_both_views()
        } else {
            zero
        })
    }

    /// Adds one row's gradient of the squared error.
    fn add(&mut self, rows: &Rows, row: &Row, network: &Network, k: f64) {
        let (p, sums, other) = predict(rows, row, network, k);
        // d(target - p)^2 / d(raw output)
        let d_output =
            (-2.0 * (row.target as f64 - p) * sigmoid_slope(k, p)) as f32 * row.slope * OUTPUT_UNIT;
        let gradient = &mut self.0;
        gradient.output_bias += d_output;
        let weights = (
            &network.output_weights[..],
            &mut gradient.output_weights[..],
        );
        let d_sums = output_gradient(&sums, weights, d_output);
        self.add_first_layer(&d_sums, rows.inputs(row));
        if network.reads_both_views() {
            let weights = (
                &network.opponent_weights[..],
                &mut self.0.opponent_weights[..],
            );
            let d_other = output_gradient(&other, weights, d_output);
            self.add_first_layer(&d_other, rows.other_inputs(row));
        }
    }

    /// Adds the first layer's gradient for hidden sums of gradient `d_sums` made from `inputs`.
    fn add_first_layer(&mut self, d_sums: &[f32; MAX_HIDDEN], inputs: &[u16]) {
        let gradient = &mut self.0;
        for (bias, d) in gradient.hidden_biases.iter_mut().zip(d_sums) {
            *bias += d;
        }
        for &input in inputs {
            for (weight, d) in gradient.row_mut(usize::from(input)).iter_mut().zip(d_sums) {
                *weight += d;
            }
        }
    }

    fn merge(mut self, other: Gradient) -> Gradient {
        let (a, b) = (&mut self.0, &other.0);
        for (a, b) in [
            (&mut a.input_weights, &b.input_weights),
            (&mut a.hidden_biases, &b.hidden_biases),
            (&mut a.output_weights, &b.output_weights),
            (&mut a.opponent_weights, &b.opponent_weights),
        ] {
            a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
        }
        a.output_bias += b.output_bias;
        self
    }
}

/// One point of view's share of the output: adds the gradient of its output weights
/// (`weights`: the network's, and their gradient) for `d_output` at the output, and returns
/// the gradient of its hidden sums `sums`.
fn output_gradient(
    sums: &[f32; MAX_HIDDEN],
    (weights, gradient): (&[f32], &mut [f32]),
    d_output: f32,
) -> [f32; MAX_HIDDEN] {
    let mut d_sums = [0.0f32; MAX_HIDDEN];
    for (j, (weight, slot)) in weights.iter().zip(gradient.iter_mut()).enumerate() {
        if sums[j] > 0.0 {
            *slot += d_output * sums[j];
            d_sums[j] = d_output * weight;
        }
    }
    d_sums
}

/// Every parameter of `network` with its gradient, in one order.
fn parameters<'a>(
    network: &'a mut Network,
    gradient: &'a Gradient,
) -> impl Iterator<Item = (&'a mut f32, f32)> {
    let gradient = &gradient.0;
    let Network {
        input_weights,
        hidden_biases,
        output_weights,
        output_bias,
        opponent_weights,
        ..
    } = network;
    input_weights
        .iter_mut()
        .zip(gradient.input_weights.iter().copied())
        .chain(
            hidden_biases
                .iter_mut()
                .zip(gradient.hidden_biases.iter().copied()),
        )
        .chain(
            output_weights
                .iter_mut()
                .zip(gradient.output_weights.iter().copied()),
        )
        .chain(std::iter::once((output_bias, gradient.output_bias)))
        .chain(
            opponent_weights
                .iter_mut()
                .zip(gradient.opponent_weights.iter().copied()),
        )
}

/// Small random starting weights: the hidden units start different, the output near 0; with
/// opponent weights if `both_views`.
fn starting_network(inputs: usize, hidden: usize, both_views: bool, seed: u64) -> Network {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut uniform = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f32 / (1u64 << 53) as f32 - 0.5
    };
    let mut network = Network::zero(inputs, hidden);
    network
        .input_weights
        .iter_mut()
        .for_each(|w| *w = 0.2 * uniform());
    network.hidden_biases.iter_mut().for_each(|w| *w = 0.1);
    network
        .output_weights
        .iter_mut()
        .for_each(|w| *w = 0.02 * uniform());
    if both_views {
        network = network.with_both_views();
        network
            .opponent_weights
            .iter_mut()
            .for_each(|w| *w = 0.02 * uniform());
    }
    network
}

/// Trains the network of game `G` (of `G::Inputs::INPUTS` inputs) on `samples` (its positions
/// from `selfplay`) on top of its evaluation with `weights`; `progress` hears each epoch's
/// training and held-out error. `stop` is asked before each batch: once it says true, the
/// epoch under way is dropped and the best finished epoch is returned. An error if no
/// position's evaluation takes the network's term ([`Game::evaluate_with`]).
pub fn train<G: Game>(
    samples: &[Sample],
    weights: &Weights,
    config: &TrainConfig,
    mut progress: impl FnMut(usize, f64, f64),
    stop: impl Fn() -> bool,
) -> Result<Trained, String> {
    let held_out = samples.len() / 10;
    let (training, validation) = samples.split_at(samples.len() - held_out);
    let inputs = G::Inputs::INPUTS;
    let both_views =
        config.both_views || (config.start.as_ref()).is_some_and(Network::reads_both_views);
    let mut train_rows = rows::<G>(training, weights, both_views);
    let mut valid_rows = rows::<G>(validation, weights, both_views);
    if train_rows.rows.is_empty() || valid_rows.rows.is_empty() {
        return Err(format!(
            "too few readable {} positions whose evaluation takes a network's term",
            G::NAME
        ));
    }
    let hidden = config.start.as_ref().map_or(config.hidden, Network::hidden);
    if !damka_rules::network::valid_hidden(hidden) {
        return Err(format!(
            "{hidden} hidden units: a network has a multiple of {} up to {MAX_HIDDEN}",
            damka_rules::network::LANES
        ));
    }
    if let Some(start) = &config.start
        && start.inputs() != inputs
    {
        return Err(format!(
            "the starting network has {} inputs, a {} network {inputs}",
            start.inputs(),
            G::NAME
        ));
    }
    let zero = Network::zero(inputs, hidden);
    let k = best_scale(|k| error(&train_rows, &zero, k, true));
    set_targets(&mut train_rows, k, config.score_share);
    set_targets(&mut valid_rows, k, config.score_share);
    let before = error(&valid_rows, &zero, k, false);
    let start_error = config
        .start
        .as_ref()
        .map(|start| error(&valid_rows, start, k, false));
    let mut network = config
        .start
        .clone()
        .unwrap_or_else(|| starting_network(inputs, hidden, both_views, config.seed));
    if both_views {
        network = network.with_both_views();
    }
    let (mut best, mut best_error, mut best_epoch) = match (&config.start, start_error) {
        (Some(start), Some(at_start)) => (start.clone(), at_start, 0),
        _ => (zero, before, 0),
    };
    let mut adam = Adam::new(network.parameter_count());
    let mut order: Vec<usize> = (0..train_rows.rows.len()).collect();
    let mut seed = config.seed | 1;
    'epochs: for epoch in 1..=config.epochs {
        shuffle(&mut order, &mut seed);
        for batch in order.chunks(config.batch) {
            if stop() {
                break 'epochs;
            }
            let gradient = batch
                .par_chunks(256)
                .map(|chunk| {
                    let mut gradient = Gradient::zero_like(&network);
                    for &i in chunk {
                        gradient.add(&train_rows, &train_rows.rows[i], &network, k);
                    }
                    gradient
                })
                .reduce(|| Gradient::zero_like(&network), Gradient::merge);
            adam.begin_step();
            let n = batch.len() as f64;
            for (i, (value, g)) in parameters(&mut network, &gradient).enumerate() {
                *value += adam.change(i, g as f64 / n, config.rate) as f32;
            }
        }
        let train_error = error(&train_rows, &network, k, false);
        let valid_error = error(&valid_rows, &network, k, false);
        progress(epoch, train_error, valid_error);
        if valid_error < best_error {
            (best, best_error, best_epoch) = (network.clone(), valid_error, epoch);
        }
    }
    Ok(Trained {
        network: best,
        k,
        positions: (training.len(), validation.len()),
        held_out_error: (before, best_error),
        start_error,
        best_epoch,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use damka_rules::games::draughts::eval::network::PieceSquares;
    use damka_rules::games::draughts::eval::russian_weights;
    use damka_rules::games::draughts::notation::parse_fen;
    use damka_rules::games::draughts::{Draughts, Russian};
    use damka_rules::network::Quantised;
    use damka_rules::types::Side;

    /// Positions where a man on a1 wins for White, and a short training on them.
    fn a1_training() -> (Vec<Sample>, TrainConfig) {
        let config = TrainConfig {
            epochs: 30,
            rate: 1e-2,
            batch: 64,
            ..TrainConfig::default()
        };
        (super::super::fit::a1_wins(2000), config)
    }

    /// `network` scores White's man on a1 clearly above the same man on c1.
    fn assert_likes_a_man_on_a1(network: &Network) {
        let a1 = parse_fen::<Russian>("W:Wa1,e3:Bd6,f6").unwrap();
        let c1 = parse_fen::<Russian>("W:Wc1,e3:Bd6,f6").unwrap();
        let played = Quantised::new(network, PieceSquares::<Russian>::MAX_ON);
        let score = |pos| played.score::<PieceSquares<Russian>>(pos, Side::White);
        assert!(score(&a1) > score(&c1) + 50);
    }

    #[test]
    fn a_winning_configuration_is_learned() {
        // The network must learn to like a man on a1 for White.
        let (samples, config) = a1_training();
        let never = || false;
        let trained =
            train::<Draughts<Russian>>(&samples, &russian_weights(), &config, |_, _, _| {}, never)
                .unwrap();
        assert!(trained.held_out_error.1 < trained.held_out_error.0);
        assert_likes_a_man_on_a1(&trained.network);
    }

    #[test]
    fn training_from_a_network_starts_at_its_error_and_never_ends_worse() {
        let (samples, config) = a1_training();
        let never = || false;
        let weights = russian_weights();
        let first =
            train::<Draughts<Russian>>(&samples, &weights, &config, |_, _, _| {}, never).unwrap();
        let from = |epochs| TrainConfig {
            epochs,
            hidden: 8, // ignored: the starting network's width counts
            start: Some(first.network.clone()),
            ..config.clone()
        };
        let kept =
            train::<Draughts<Russian>>(&samples, &weights, &from(0), |_, _, _| {}, never).unwrap();
        assert_eq!(kept.network, first.network);
        assert_eq!(kept.best_epoch, 0);
        let start_error = kept.start_error.unwrap();
        assert!((start_error - first.held_out_error.1).abs() < 1e-9);
        assert_eq!(kept.held_out_error.1, start_error);
        let tuned =
            train::<Draughts<Russian>>(&samples, &weights, &from(3), |_, _, _| {}, never).unwrap();
        assert_eq!(tuned.network.hidden(), first.network.hidden());
        assert!(tuned.held_out_error.1 <= start_error);
    }

    /// Both points of view are learned as one: the man on a1 still counts, and a network of
    /// one view fine-tuned into both starts where it stood.
    #[test]
    fn a_network_of_both_points_of_view_is_learned() {
        let (samples, config) = a1_training();
        let never = || false;
        let weights = russian_weights();
        let both = TrainConfig {
            both_views: true,
            ..config.clone()
        };
        let trained =
            train::<Draughts<Russian>>(&samples, &weights, &both, |_, _, _| {}, never).unwrap();
        assert!(trained.network.reads_both_views());
        assert!(trained.held_out_error.1 < trained.held_out_error.0);
        assert_likes_a_man_on_a1(&trained.network);

        let single =
            train::<Draughts<Russian>>(&samples, &weights, &config, |_, _, _| {}, never).unwrap();
        let widened = TrainConfig {
            epochs: 2,
            start: Some(single.network.clone()),
            ..both
        };
        let tuned =
            train::<Draughts<Russian>>(&samples, &weights, &widened, |_, _, _| {}, never).unwrap();
        let start_error = tuned.start_error.unwrap();
        assert!((start_error - single.held_out_error.1).abs() < 1e-9);
        assert!(tuned.held_out_error.1 <= start_error);
    }

    #[test]
    fn a_stop_keeps_the_best_finished_epoch() {
        let (samples, config) = a1_training();
        // 1800 training rows in batches of 64: 29 batches an epoch; stop in the fourth epoch.
        let batches = std::sync::atomic::AtomicUsize::new(0);
        let stop = || batches.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= 3 * 29 + 5;
        let mut epochs = Vec::new();
        let trained = train::<Draughts<Russian>>(
            &samples,
            &russian_weights(),
            &config,
            |epoch, _, _| epochs.push(epoch),
            stop,
        )
        .unwrap();
        assert_eq!(epochs, [1, 2, 3]);
        assert!(
            (1..=3).contains(&trained.best_epoch),
            "{}",
            trained.best_epoch
        );
        assert!(trained.held_out_error.1 < trained.held_out_error.0);
    }
}
