//! `damka tune`: fits a game's evaluation weights to self-play positions (Texel's logistic
//! regression) and prints them.

use crate::interrupt;
use crate::output;
use damka_engine::tune::{selfplay::read_samples, texel};
use damka_rules::eval::FEATURES;
use damka_rules::game::Game;
use damka_rules::games::Variant;
use damka_rules::with_game;
use std::ops::ControlFlow;

/// Arguments of `damka tune`.
#[derive(clap::Args, Clone, Debug)]
pub struct TuneArgs {
    /// Positions written by `selfplay`.
    #[arg(long)]
    pub data: std::path::PathBuf,
    /// Gradient steps.
    #[arg(long, default_value_t = 2000)]
    pub iterations: usize,
    /// Keep this feature's weight as it is, or a whole group of them such as a draughts square
    /// table (repeatable; the man's weight is kept unless --k is given).
    #[arg(long)]
    pub fix: Vec<String>,
    /// The sigmoid's scale, instead of fitting it to the starting weights; the man's weight is
    /// then fitted too.
    #[arg(long)]
    pub k: Option<f64>,
    /// The game.
    #[arg(long, default_value_t = Variant::default())]
    pub variant: Variant,
    /// Share of the target taken from the self-play search's score instead of the game's
    /// result (0 to 1; positions written without a score always use the result).
    #[arg(long, default_value_t = 0.0)]
    pub score_share: f64,
}

/// `damka tune`: fits the evaluation weights of the game to the positions in the data file and
/// prints them, term by term and as the array to put in the game's weight table (its `eval`
/// module).
pub fn run(args: TuneArgs) -> Result<(), String> {
    with_game!(args.variant, G => run_for::<G>(args))
}

fn run_for<G: Game>(args: TuneArgs) -> Result<(), String> {
    let TuneArgs {
        data,
        iterations,
        fix: fixed,
        k,
        variant,
        score_share,
    } = args;
    if !(0.0..=1.0).contains(&score_share) {
        return Err(format!(
            "--score-share must be between 0 and 1, not {score_share}"
        ));
    }
    let text = std::fs::read_to_string(&data)
        .map_err(|e| format!("cannot read {}: {e}", data.display()))?;
    let (samples, bad) = read_samples(&text);
    let prepared = texel::prepare(variant, &samples);
    if prepared.is_empty() {
        return Err(format!("no usable positions in {}", data.display()));
    }
    output::line(&format!(
        "{} positions ({} lines unreadable, {} used)",
        samples.len(),
        bad,
        prepared.len()
    ));
    let names: Vec<String> = (0..FEATURES).map(G::weight_name).collect();
    let kept = fixed_weights::<G>(&fixed, &names)?;
    let start = G::weights();
    let scale = k.map_or(texel::Scale::Fitted, texel::Scale::Given);
    let mut progress = super::Progress::new("tune: gradient steps", iterations as u64);
    // Ctrl-C ends the steps and prints the weights as they stand.
    interrupt::install("tune: interrupted; the weights of the steps done will be printed")?;
    let tuned = texel::tune(
        &prepared,
        &start,
        iterations,
        &kept,
        scale,
        score_share,
        &mut |_| {
            progress.advance(1, "");
            match interrupt::requested() {
                true => ControlFlow::Break(()),
                false => ControlFlow::Continue(()),
            }
        },
    );
    output::line(&format!(
        "k {:.3}, error {:.6} -> {:.6}",
        tuned.k, tuned.error_before, tuned.error_after
    ));
    for (i, name) in names.iter().enumerate().filter(|(_, n)| !n.is_empty()) {
        output::line(&format!(
            "{:<24} {:>6} -> {:>6}",
            name, start.0[i], tuned.weights.0[i]
        ));
    }
    output::line(&format!("Weights({:?})", tuned.weights.0));
    if interrupt::requested() {
        std::process::exit(interrupt::EXIT_STATUS);
    }
    Ok(())
}

/// The weights `--fix` names: a weight by its name, or a group of them by the group's name
/// ([`Game::WEIGHT_GROUPS`]).
fn fixed_weights<G: Game>(fixed: &[String], names: &[String]) -> Result<Vec<usize>, String> {
    let in_group = |i: usize| {
        G::WEIGHT_GROUPS
            .iter()
            .any(|g| (g.start..g.end).contains(&i))
    };
    let mut kept = Vec::new();
    for name in fixed {
        if let Some(group) = G::WEIGHT_GROUPS.iter().find(|g| g.name == name) {
            kept.extend(group.start..group.end);
            continue;
        }
        let Some(index) = names.iter().position(|n| n == name) else {
            let known: Vec<&str> = names
                .iter()
                .enumerate()
                .filter(|(i, n)| !n.is_empty() && !in_group(*i))
                .map(|(_, n)| n.as_str())
                .chain(G::WEIGHT_GROUPS.iter().map(|g| g.name))
                .collect();
            return Err(format!(
                "no feature '{name}' (features: {})",
                known.join(", ")
            ));
        };
        kept.push(index);
    }
    Ok(kept)
}
