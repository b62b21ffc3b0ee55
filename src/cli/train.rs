//! `damka train`: learns a game's network (or Russian's pattern tables) from self-play
//! positions, on top of the linear evaluation, and writes its file.

use crate::interrupt;
use crate::output;
use damka_engine::network_file;
use damka_engine::tune::{network, patterns, selfplay::read_samples};
use damka_rules::game::Game;
use damka_rules::games::Variant;
use damka_rules::games::draughts::Russian;
use damka_rules::games::draughts::eval::russian_weights;
use damka_rules::with_game;
use std::time::Instant;

/// What `damka train` learns.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrainModel {
    /// The pattern tables (`russian.patterns` in the draughts evaluation).
    Patterns,
    /// The game's network (`russian.network` in the draughts evaluation for Russian).
    Network,
}

/// Arguments of `damka train`.
#[derive(clap::Args, Clone, Debug)]
pub struct TrainArgs {
    /// Positions of the game written by `selfplay`, in game order (the last tenth is held
    /// out).
    #[arg(long)]
    pub data: std::path::PathBuf,
    /// The game (pattern tables: Russian only).
    #[arg(long, default_value_t = Variant::default())]
    pub variant: Variant,
    /// The file to write: a pattern file or a network file, as `--model` says.
    #[arg(long)]
    pub out: std::path::PathBuf,
    /// What to learn.
    #[arg(long, value_enum, default_value_t = TrainModel::Patterns)]
    pub model: TrainModel,
    /// Passes over the positions.
    #[arg(long, default_value_t = 30)]
    pub epochs: usize,
    /// Adam's step size (default: 1 hundredth of a man for patterns, 0.001 for the network).
    #[arg(long)]
    pub rate: Option<f64>,
    /// L2 penalty per pattern value.
    #[arg(long, default_value_t = 1e-7)]
    pub l2: f64,
    /// Share of the target taken from the self-play search's score instead of the game's
    /// result (0 to 1; positions written without a score always use the result).
    #[arg(long, default_value_t = 0.0)]
    pub score_share: f64,
    /// Hidden units of the network (a multiple of 8, at most 128).
    #[arg(long, default_value_t = damka_rules::network::DEFAULT_HIDDEN)]
    pub hidden: usize,
    /// A network file of the game to start from instead of random weights: fine-tunes it
    /// on the positions (its width replaces --hidden; a smaller --rate suits). If no epoch
    /// improves its held-out error, --out gets it unchanged.
    #[arg(long, value_name = "NETWORK")]
    pub from: Option<std::path::PathBuf>,
    /// A network whose output reads the hidden units of both points of view, the side to
    /// move's and the opponent's (the same first layer fed each side's inputs), instead of the
    /// side to move's alone; with --from, a network of one view starts with the opponent's
    /// weights at 0
    #[arg(long)]
    pub both_views: bool,
}

/// `damka train`: learns the Russian pattern tables or a game's network from self-play
/// positions on top of the linear evaluation and writes them to a file.
pub fn run(args: TrainArgs) -> Result<(), String> {
    if !(0.0..=1.0).contains(&args.score_share) {
        return Err(format!(
            "--score-share must be between 0 and 1, not {}",
            args.score_share
        ));
    }
    if args.model == TrainModel::Patterns && args.from.is_some() {
        return Err("--from starts a network's training: use it with --model network".into());
    }
    if args.model == TrainModel::Patterns && args.both_views {
        return Err("--both-views shapes a network: use it with --model network".into());
    }
    if args.model == TrainModel::Patterns && args.variant != Variant::Russian {
        return Err(format!(
            "pattern tables are Russian's only; train a {} network with --model network",
            args.variant
        ));
    }
    let text = std::fs::read_to_string(&args.data)
        .map_err(|e| format!("cannot read {}: {e}", args.data.display()))?;
    let (samples, bad) = read_samples(&text);
    output::line(&format!(
        "{} positions ({bad} lines unreadable)",
        samples.len()
    ));
    // Ctrl-C drops the epoch under way and writes the best finished one.
    interrupt::install("train: interrupted; the best epoch so far will be written")?;
    let stop = interrupt::requested;
    let start = Instant::now();
    let epochs = args.epochs;
    // The time left is the last epoch's time for each epoch to come: the first epoch's
    // report also carries the reading of the positions, which the later ones do not repeat.
    let mut last_report = start;
    let progress = |epoch: usize, train: f64, held_out: f64| {
        log::info!("epoch {epoch}: error {train:.6}, held out {held_out:.6}");
        let now = Instant::now();
        let epoch_time = now.duration_since(last_report).as_secs_f64();
        last_report = now;
        let left = epoch_time * epochs.saturating_sub(epoch) as f64;
        eprintln!(
            "train: epoch {epoch}/{epochs}: error {train:.6}, held out {held_out:.6}, \
             {:.0} s elapsed, about {left:.0} s left",
            start.elapsed().as_secs_f64()
        );
    };
    let weights = russian_weights();
    let (bytes, k, positions, held_out_error, best_epoch) = match args.model {
        TrainModel::Patterns => {
            let config = patterns::TrainConfig {
                epochs,
                rate: args.rate.unwrap_or(1.0),
                l2: args.l2,
                score_share: args.score_share,
                ..patterns::TrainConfig::default()
            };
            let t = patterns::train::<Russian>(&samples, &weights, &config, progress, stop)?;
            let bytes = t.table.write();
            (bytes, t.k, t.positions, t.held_out_error, t.best_epoch)
        }
        TrainModel::Network => {
            let mut config = network::TrainConfig {
                epochs,
                rate: args.rate.unwrap_or(1e-3),
                score_share: args.score_share,
                hidden: args.hidden,
                both_views: args.both_views,
                ..network::TrainConfig::default()
            };
            if let Some(path) = &args.from {
                config.start = Some(network_file::read(args.variant, path)?);
            }
            let t = with_game!(args.variant, G => {
                network::train::<G>(&samples, &G::weights(), &config, progress, stop)
            })?;
            if let Some(start_error) = t.start_error {
                output::line(&format!(
                    "held-out error of the starting network {start_error:.6}"
                ));
            }
            let bytes = t.network.write();
            (bytes, t.k, t.positions, t.held_out_error, t.best_epoch)
        }
    };
    if interrupt::requested() && best_epoch == 0 {
        eprintln!("train: interrupted before an epoch improved on the start: nothing written");
        std::process::exit(interrupt::EXIT_STATUS);
    }
    // Written beside the target and renamed over it: an interrupted write leaves no half file.
    let mut partial = args.out.clone().into_os_string();
    partial.push(".tmp");
    std::fs::write(&partial, bytes)
        .and_then(|()| std::fs::rename(&partial, &args.out))
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    output::line(&format!(
        "k {k:.3}; {} training and {} held-out positions; held-out error {:.6} -> {:.6} \
         (epoch {best_epoch}); {:.0} s; written to {}",
        positions.0,
        positions.1,
        held_out_error.0,
        held_out_error.1,
        start.elapsed().as_secs_f64(),
        args.out.display()
    ));
    if interrupt::requested() {
        std::process::exit(interrupt::EXIT_STATUS);
    }
    Ok(())
}
