//! Training the pattern tables of an 8×8 draughts game (Russian's are shipped) ([`damka_rules::games::draughts::eval::patterns`]) on self-play
//! positions.
//!
//! The tables learn what the linear evaluation misses: the model is
//! `P(White wins) = 1 / (1 + 10^(-k·s·(e + p)/400))`, with `e` the linear evaluation for White
//! (kept as it is), `p` the pattern term (the windows' values blended by phase), `s` the
//! drawn-ending scale and `k` fitted to the linear evaluation alone first. The loss is the mean
//! squared difference to the game results plus a small L2 penalty that keeps configurations
//! seen a few times near zero; Adam minimises it over mini-batches. Every position is also used
//! turned round with the colours swapped (and the result with them), so the tables learn the
//! board's symmetry. The last tenth of the positions (whole games, as `selfplay` writes them in
//! game order) is held out, and the tables of the epoch with the lowest held-out error are kept.

use super::fit::{Adam, best_scale, draughts_position, shuffle, sigmoid, sigmoid_slope, target};
use super::selfplay::Sample;
use damka_rules::board::Dark8;
use damka_rules::board::Geometry;
use damka_rules::eval::Weights;
use damka_rules::games::draughts::Rules;
use damka_rules::games::draughts::eval::patterns::{
    FULL_MEN, PatternTable, VALUES, WINDOWS, configurations,
};
use damka_rules::types::{Bitboard, Side};
use rayon::prelude::*;

/// One position ready for training.
#[derive(Clone, Copy, Debug)]
struct Row {
    configs: [u16; WINDOWS],
    /// Share of the opening table, 0..=1.
    phase: f32,
    /// The linear evaluation for White, in hundredths of a man.
    linear: f32,
    /// The drawn-ending scale, 0..=1.
    scale: f32,
    /// The game's result for White.
    result: f32,
    /// The self-play search's score for White, in hundredths of a man, if the sample has it.
    score: Option<f32>,
    /// What the model is fitted to: the result, blended with the score's win chance.
    target: f32,
}

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Adam's step size, in hundredths of a man.
    pub rate: f64,
    /// The L2 penalty per value.
    pub l2: f64,
    /// Positions per Adam step.
    pub batch: usize,
    /// The share of the target taken from the self-play search's score (turned into a win
    /// chance by the fitted sigmoid) rather than the game's result: 0 learns from results
    /// alone, 1 from scores alone. Samples without a score use their result.
    pub score_share: f64,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 30,
            rate: 1.0,
            l2: 1e-7,
            batch: 4096,
            score_share: 0.0,
        }
    }
}

/// What a training run did.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The tables of the best epoch, rounded to whole hundredths.
    pub table: PatternTable,
    /// The sigmoid's scale.
    pub k: f64,
    /// Training and held-out positions (each counted once, before turning round).
    pub positions: (usize, usize),
    /// Held-out error of the linear evaluation alone, and with the best tables.
    pub held_out_error: (f64, f64),
    /// The epoch whose tables were kept (1-based).
    pub best_epoch: usize,
}

/// The square of each bit after turning the board round (a1 <-> h8).
fn turn_round(board: Bitboard) -> Bitboard {
    board
        .into_iter()
        .map(|sq| {
            let (file, rank) = (Dark8::file(sq), Dark8::rank(sq));
            Dark8::square_at(7 - file, 7 - rank).map_or(Bitboard::EMPTY, |s| s.bb())
        })
        .fold(Bitboard::EMPTY, |a, b| a | b)
}

/// The rows of the samples: each position, then the same position turned round.
fn rows<R: Rules<Board = Dark8>>(samples: &[Sample], weights: &Weights) -> Vec<Row> {
    samples
        .par_iter()
        .filter_map(|sample| {
            let (pos, linear, scale) = draughts_position::<R>(sample, weights)?;
            let men = (pos.men(Side::White).count() + pos.men(Side::Black).count()) as i32;
            let phase = men.min(FULL_MEN) as f32 / FULL_MEN as f32;
            let (white, black) = (pos.pieces(Side::White), pos.pieces(Side::Black));
            let row = Row {
                configs: configurations(white, black),
                phase,
                linear,
                scale,
                result: sample.result as f32,
                score: sample.score.map(|score| score as f32),
                target: sample.result as f32,
            };
            let turned = Row {
                configs: configurations(turn_round(black), turn_round(white)),
                linear: -row.linear,
                result: 1.0 - row.result,
                score: row.score.map(|score| -score),
                target: 1.0 - row.target,
                ..row
            };
            Some([row, turned])
        })
        .flatten_iter()
        .collect()
}

/// The pattern term of a row under `values`.
#[inline]
fn pattern(row: &Row, values: &[f32]) -> f32 {
    let (mut opening, mut ending) = (0.0, 0.0);
    for (w, &c) in row.configs.iter().enumerate() {
        opening += values[PatternTable::index(0, w, c)];
        ending += values[PatternTable::index(1, w, c)];
    }
    opening * row.phase + ending * (1.0 - row.phase)
}

fn error(rows: &[Row], values: &[f32], k: f64) -> f64 {
    let total: f64 = rows
        .par_iter()
        .map(|row| {
            let e = (row.linear + pattern(row, values)) as f64 * row.scale as f64;
            (row.target as f64 - sigmoid(k, e)).powi(2)
        })
        .sum();
    total / rows.len().max(1) as f64
}

/// Sets each row's target: its result, blended with its score's win chance under `k`.
fn set_targets(rows: &mut [Row], k: f64, score_share: f64) {
    rows.par_iter_mut().for_each(|row| {
        let score = row.score.map(f64::from);
        row.target = target(row.result as f64, score, k, score_share) as f32;
    });
}

/// The `k` that fits the linear evaluation to the game results best, with the rows' targets
/// still their results.
fn fit_k(rows: &[Row]) -> f64 {
    let zero = vec![0.0f32; VALUES];
    best_scale(|k| error(rows, &zero, k))
}

/// Trains the tables on `samples` (positions of the 8×8 draughts game `R` from `selfplay`) on top of the linear
/// evaluation with `weights`; `progress` hears about each epoch. `stop` is asked before each
/// batch: once it says true, the epoch under way is dropped and the best finished epoch is
/// returned.
pub fn train<R: Rules<Board = Dark8>>(
    samples: &[Sample],
    weights: &Weights,
    config: &TrainConfig,
    mut progress: impl FnMut(usize, f64, f64),
    stop: impl Fn() -> bool,
) -> Result<Trained, String> {
    let held_out = samples.len() / 10;
    let (training, validation) = samples.split_at(samples.len() - held_out);
    let mut train_rows = rows::<R>(training, weights);
    let mut valid_rows = rows::<R>(validation, weights);
    if train_rows.is_empty() || valid_rows.is_empty() {
        return Err("too few readable positions to train on".to_string());
    }
    let k = fit_k(&train_rows);
    set_targets(&mut train_rows, k, config.score_share);
    set_targets(&mut valid_rows, k, config.score_share);
    let mut values = vec![0.0f32; VALUES];
    let before = error(&valid_rows, &values, k);
    let (mut best, mut best_error, mut best_epoch) = (values.clone(), before, 0);
    let mut adam = Adam::new(VALUES);
    let mut order: Vec<usize> = (0..train_rows.len()).collect();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    'epochs: for epoch in 1..=config.epochs {
        shuffle(&mut order, &mut seed);
        for batch in order.chunks(config.batch) {
            if stop() {
                break 'epochs;
            }
            let gradient = batch
                .par_chunks(512)
                .map(|chunk| {
                    let mut g: Vec<(usize, f64)> = Vec::with_capacity(chunk.len() * 2 * WINDOWS);
                    for &i in chunk {
                        let row = &train_rows[i];
                        let e = (row.linear + pattern(row, &values)) as f64 * row.scale as f64;
                        let p = sigmoid(k, e);
                        // d/dvalue of (result - p)^2, per unit of the value's share.
                        let common =
                            -2.0 * (row.target as f64 - p) * sigmoid_slope(k, p) * row.scale as f64;
                        for (w, &c) in row.configs.iter().enumerate() {
                            g.push((PatternTable::index(0, w, c), common * row.phase as f64));
                            g.push((
                                PatternTable::index(1, w, c),
                                common * (1.0 - row.phase as f64),
                            ));
                        }
                    }
                    g
                })
                .collect::<Vec<_>>();
            let mut dense = vec![0.0f64; VALUES];
            for part in gradient {
                for (index, g) in part {
                    dense[index] += g;
                }
            }
            adam.begin_step();
            let n = batch.len() as f64;
            for i in 0..VALUES {
                let g = dense[i] / n + 2.0 * config.l2 * values[i] as f64;
                values[i] += adam.change(i, g, config.rate) as f32;
            }
        }
        let train_error = error(&train_rows, &values, k);
        let valid_error = error(&valid_rows, &values, k);
        progress(epoch, train_error, valid_error);
        if valid_error < best_error {
            (best, best_error, best_epoch) = (values.clone(), valid_error, epoch);
        }
    }
    let mut table = PatternTable::zero();
    for (i, value) in best.iter().enumerate() {
        table.set(
            i,
            value.round().clamp(i16::MIN as f32, i16::MAX as f32) as i16,
        );
    }
    Ok(Trained {
        table,
        k,
        positions: (training.len(), validation.len()),
        held_out_error: (before, best_error),
        best_epoch,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use damka_rules::games::draughts::Russian;
    use damka_rules::games::draughts::eval::russian_weights;
    use damka_rules::games::draughts::notation::parse_fen;

    #[test]
    fn turning_round_twice_is_the_identity() {
        let pos = parse_fen::<Russian>("W:Wa1,c3,e3,h4:Bb6,d8,g7").unwrap();
        let white = pos.pieces(Side::White);
        assert_eq!(turn_round(turn_round(white)), white);
        assert_ne!(turn_round(white), white);
        assert_eq!(turn_round(Dark8::SQUARES), Dark8::SQUARES);
    }

    #[test]
    fn a_winning_pattern_is_learned() {
        // The tables must learn to like a man on a1 for White.
        let samples = super::super::fit::a1_wins(400);
        let config = TrainConfig {
            epochs: 20,
            ..TrainConfig::default()
        };
        let trained = train::<Russian>(
            &samples,
            &russian_weights(),
            &config,
            |_, _, _| {},
            || false,
        )
        .unwrap();
        assert!(trained.held_out_error.1 < trained.held_out_error.0);
        let a1 = parse_fen::<Russian>("W:Wa1,e3:Bd6,f6").unwrap();
        let c1 = parse_fen::<Russian>("W:Wc1,e3:Bd6,f6").unwrap();
        assert!(trained.table.score(&a1) > trained.table.score(&c1) + 50);
    }
}
