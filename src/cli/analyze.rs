//! `damka analyze`: searches one position and shows the lines and the best move, for a person
//! at a terminal.

use super::{GameArgs, human_score, open_egdb};
use crate::output;
use damka_engine::engine::Engine;
use damka_engine::search::{Limits, Reporter, SearchInfo, SearchOutcome};
use std::time::Duration;

/// Arguments of `damka analyze`.
#[derive(clap::Args, Clone, Debug)]
pub struct AnalyzeArgs {
    /// The position (default: the initial one).
    #[arg(long)]
    pub fen: Option<String>,
    /// Search this many plies deep.
    #[arg(long, conflicts_with = "movetime",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    /// Search this many milliseconds [default: 2000 when no depth is given].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Show this many best lines.
    #[arg(long, default_value_t = 1)]
    pub multipv: usize,
    /// The game and its options.
    #[command(flatten)]
    pub game: GameArgs,
    /// Probe the endgame databases in this directory.
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<std::path::PathBuf>,
}

/// How long `analyze` searches when given neither a depth nor a time.
pub const ANALYZE_DEFAULT_MS: u64 = 2000;

/// `damka analyze`: one line per completed depth (and per principal variation), then the best
/// move.
pub fn run(args: AnalyzeArgs) -> Result<(), String> {
    let mut engine = Engine::new();
    args.game.apply(&mut engine)?;
    engine.set_option("Threads", Some(&args.threads.to_string()))?;
    engine.set_option("MultiPV", Some(&args.multipv.to_string()))?;
    engine.set_option("Move Overhead", Some("0"))?;
    if let Some(dir) = &args.egdb {
        let pieces = open_egdb(args.game.variant, Some(dir))?.map_or(2, |(_, pieces)| pieces);
        engine.set_option("EGDBPieces", Some(&pieces.to_string()))?;
        engine.set_option("EGDBPath", Some(&dir.display().to_string()))?;
        for e in engine.take_egdb_errors() {
            eprintln!("damka: {e}");
        }
    }
    engine.set_position(args.fen.as_deref(), &[])?;
    let limits = match (args.depth, args.movetime) {
        (Some(depth), _) => Limits::depth(depth),
        (None, Some(ms)) => Limits::movetime(Duration::from_millis(ms)),
        (None, None) => Limits::movetime(Duration::from_millis(ANALYZE_DEFAULT_MS)),
    };
    output::line(&format!("position {}", engine.game().fen()));
    let outcome = engine.search_now(
        &limits,
        &mut HumanReporter {
            multipv: args.multipv > 1,
        },
    );
    match (outcome.best, outcome.ponder) {
        (Some(best), ponder) => {
            let ponder = ponder.map(|p| format!(" ponder {p}")).unwrap_or_default();
            output::line(&format!(
                "best move {best}{ponder} score {} depth {} nodes {} time {:.2} s",
                human_score(outcome.score),
                outcome.depth,
                outcome.nodes,
                outcome.time.as_secs_f64()
            ));
        }
        (None, _) => output::line(&format!("no legal move: {}", engine.game().result())),
    }
    Ok(())
}

/// Prints each iteration as one aligned line.
struct HumanReporter {
    multipv: bool,
}

impl Reporter for HumanReporter {
    fn info(&mut self, info: &SearchInfo) {
        let prefix = if self.multipv {
            format!("#{} ", info.multipv)
        } else {
            String::new()
        };
        let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
        output::line(&format!(
            "{prefix}depth {:>2}/{:<2} score {:>6} nodes {:>10} nps {:>9} time {:>7.2} s  pv {}",
            info.depth,
            info.seldepth,
            human_score(info.score),
            info.nodes,
            info.nps,
            info.time.as_secs_f64(),
            pv.join(" ")
        ));
    }

    fn done(&mut self, _outcome: &SearchOutcome) {}
}
