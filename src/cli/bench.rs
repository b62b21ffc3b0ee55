//! `damka bench`: a fixed search over each game's fixed positions; its node count is the
//! build's signature.

use super::{Progress, open_egdb};
use crate::output;
use damka_engine::bench;
use damka_rules::games::Variant;

/// Arguments of `damka bench`.
#[derive(clap::Args, Clone, Debug)]
pub struct BenchArgs {
    /// Depth in plies (default: the game's bench depth, 15 for the draughts games).
    #[arg(value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    /// Search threads: 1 gives the signature; more measure the time to depth.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// Table size in MiB (the signature uses the default).
    #[arg(long, default_value_t = bench::DEFAULT_HASH_MIB as u64,
          value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub hash: u64,
    /// The game.
    #[arg(long, default_value_t = Variant::default())]
    pub variant: Variant,
    /// Probe the endgame databases in this directory (the count is then no signature).
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<std::path::PathBuf>,
    /// Evaluate without the game's network, with the linear terms alone (the count is then no
    /// signature): the network's cost in nodes a second.
    #[arg(long)]
    pub no_network: bool,
    /// Play this network file (`damka train`) instead of the game's built-in network (the
    /// count is then no signature): a trained network's speed.
    #[arg(long, value_name = "FILE", conflicts_with = "no_network")]
    pub network: Option<std::path::PathBuf>,
}

/// `damka bench`: the nodes and time of each bench position, then `<N> nodes <M> nps`.
pub fn run(args: BenchArgs) -> Result<(), String> {
    let config = bench::BenchConfig {
        depth: args.depth,
        threads: args.threads as usize,
        hash_mib: args.hash as usize,
        network: !args.no_network,
        network_file: damka_engine::network_file::load_option(
            args.variant,
            args.network.as_deref(),
        )?,
    };
    let egdb = open_egdb(args.variant, args.egdb.as_deref())?.map(|(egdb, _)| egdb);
    let mut progress = Progress::new("bench: positions", 0);
    let result = bench::run_reporting(args.variant, config, egdb, &mut |_, total| {
        progress.set_total(total as u64);
        progress.advance(1, "");
    })?;
    for line in result.report() {
        output::line(&line);
    }
    Ok(())
}
