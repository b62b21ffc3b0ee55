//! `damka selfplay`: plays games against itself in parallel and writes their positions,
//! labelled with the results and the search's scores, for `tune` and `train`.

use super::{GameArgs, Progress, open_egdb};
use crate::output;
use damka_engine::tune::selfplay::{SelfPlay, play_streaming, write_samples};
use damka_rules::game::Game;
use damka_rules::with_game;
use std::time::Instant;

/// Arguments of `damka selfplay`.
#[derive(clap::Args, Clone, Debug)]
pub struct SelfPlayArgs {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Random plies at the start of each game, so that games differ.
    #[arg(long, default_value_t = 6)]
    pub random_plies: usize,
    /// Seed of the random plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Number of the first game (for shards of a larger run: the games are the same as the
    /// run's games with these numbers).
    #[arg(long, default_value_t = 0)]
    pub first_game: u64,
    /// Games played at once, one per thread (0: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Output file: one `<result> <score> <FEN>` line per position (the score for White, in hundredths of a man).
    #[arg(long)]
    pub out: std::path::PathBuf,
    /// The game (`--variant`) and the options that set its start (Ugolki's `--house`).
    #[command(flatten)]
    pub game: GameArgs,
    /// Probe the endgame databases in this directory.
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<std::path::PathBuf>,
    /// Play this network file (`damka train`) instead of the game's built-in network: the next
    /// round of training.
    #[arg(long, value_name = "FILE")]
    pub network: Option<std::path::PathBuf>,
}

/// `damka selfplay`: plays games in parallel and writes `<result> <score> <fen>` lines.
pub fn run(args: SelfPlayArgs) -> Result<(), String> {
    let variant = args.game.variant;
    // Self-play searches the game as its rules are: an option that plays it another way
    // (Fuk as Russian) is a baseline for matches, not a source of training positions.
    if let Some((option, _)) = args.game.search_options().first() {
        return Err(format!("selfplay does not take --{}", option.flag));
    }
    let config = SelfPlay {
        variant,
        games: args.games,
        first_game: args.first_game,
        threads: args.threads,
        nodes: args.nodes,
        random_plies: args.random_plies,
        seed: args.seed,
        weights: with_game!(variant, G => G::weights()),
        setup: args.game.setup.clone(),
        max_plies: 300,
        egdb: open_egdb(variant, args.egdb.as_deref())?.map(|(egdb, _)| egdb),
        network_file: damka_engine::network_file::load_option(variant, args.network.as_deref())?,
    };
    let start = Instant::now();
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", args.out.display());
    let mut file = std::fs::File::create(&args.out).map_err(cannot)?;
    let mut progress = Progress::new("selfplay", args.games as u64);
    let (mut positions, mut failure) = (0, None);
    // Each game is written whole as it finishes: an interrupted run keeps every finished game.
    play_streaming(&config, &mut |_, samples| {
        if failure.is_none() {
            let written = std::io::Write::write_all(&mut file, write_samples(&samples).as_bytes())
                .and_then(|()| std::io::Write::flush(&mut file));
            failure = written.err();
        }
        positions += samples.len();
        progress.advance(1, &format!("{positions} positions"));
    });
    if let Some(e) = failure {
        return Err(cannot(e));
    }
    output::line(&format!(
        "{positions} positions from {} games written to {} in {:.1} s",
        args.games,
        args.out.display(),
        start.elapsed().as_secs_f64()
    ));
    Ok(())
}
