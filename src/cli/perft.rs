//! `damka perft`: counts the leaves of the move tree to a depth, the proof of move generation
//! and a measure of its speed.

use super::GameArgs;
use crate::output;
use crate::protocol::MAX_PERFT_DEPTH;
use damka_rules::game::{Counting, Game};
use damka_rules::perft;
use damka_rules::with_game;
use std::time::Instant;

/// Arguments of `damka perft`.
#[derive(clap::Args, Clone, Debug)]
pub struct PerftArgs {
    /// Depth in plies.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
    pub depth: u32,
    /// Start from this position instead of the initial one.
    #[arg(long)]
    pub fen: Option<String>,
    /// Print each root move and its count first.
    #[arg(long)]
    pub divide: bool,
    /// Count every capture sequence separately instead of every distinct move.
    #[arg(long)]
    pub paths: bool,
    /// Worker threads (1 = serial).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The game and its options.
    #[command(flatten)]
    pub game: GameArgs,
}

/// The position a tool starts from: `fen`, or the initial position, under the game's options.
pub fn position<G: Game>(fen: Option<&str>, game: &GameArgs) -> Result<G::Position, String> {
    match fen {
        Some(text) => G::parse_fen_with(text, &game.setup)
            .map(|(pos, _)| pos)
            .map_err(|e| format!("bad FEN: {e}")),
        None => Ok(G::start_with(&game.setup)),
    }
}

/// `damka perft`: optional per-move lines, then `nodes <N> time <ms> nps <nps>`.
pub fn run(args: PerftArgs) -> Result<(), String> {
    with_game!(args.game.variant, G => run_for::<G>(&args))
}

fn run_for<G: Game>(args: &PerftArgs) -> Result<(), String> {
    let pos = position::<G>(args.fen.as_deref(), &args.game)?;
    let counting = if args.paths {
        Counting::Paths
    } else {
        Counting::Moves
    };
    let threads = args.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let start = Instant::now();
    let nodes = pool.install(|| {
        if args.divide {
            let mut total = 0;
            let mut lines: Vec<(String, u64)> = perft::divide::<G>(&pos, args.depth, counting)
                .into_iter()
                .map(|(mv, n)| (G::move_text(&pos, mv), n))
                .collect();
            lines.sort();
            for (text, n) in lines {
                output::line(&format!("{text} {n}"));
                total += n;
            }
            if args.depth == 0 { 1 } else { total }
        } else if threads > 1 {
            perft::parallel_perft::<G>(&pos, args.depth, counting)
        } else {
            perft::perft::<G>(&pos, args.depth, counting)
        }
    });
    output::line(&perft::summary(nodes, start.elapsed()));
    Ok(())
}
