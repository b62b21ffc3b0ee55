//! `damka perft`: counts the leaves of the move tree to a depth, the proof of move generation
//! and a measure of its speed.

use super::{GameArgs, Progress};
use crate::output;
use crate::protocol::MAX_PERFT_DEPTH;
use damka_engine::session::{GameSession, new_session_with};
use damka_rules::draw::DrawRules;
use damka_rules::game::Counting;
use damka_rules::perft;
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

/// The game a tool starts from: `fen`, or the initial position, under the game's options.
pub fn session(fen: Option<&str>, game: &GameArgs) -> Result<Box<dyn GameSession>, String> {
    new_session_with(game.variant, &game.setup, fen, &[], DrawRules::default())
}

/// `damka perft`: optional per-move lines, then `nodes <N> time <ms> nps <nps>`.
pub fn run(args: PerftArgs) -> Result<(), String> {
    let game = session(args.fen.as_deref(), &args.game)?;
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
    let (depth, divide) = (args.depth, args.divide);
    let start = Instant::now();
    // The game moves into the pool: a session is sent to a thread, never shared. Each piece
    // of the tree (a root move's subtree, or a node two plies under it) counted is a step of
    // the progress line on stderr.
    let nodes = pool.install(move || {
        if depth <= 1 && !divide {
            return game.perft(depth, counting, false);
        }
        let mut progress = Progress::new("perft: pieces of the tree", 0);
        let mut so_far = 0u64;
        let lines = game.divide_reporting(depth, counting, threads > 1, &mut |_, total, n| {
            so_far += n;
            progress.set_total(total as u64);
            progress.advance(1, &format!("{so_far} nodes so far"));
        });
        let total: u64 = lines.iter().map(|(_, n)| n).sum();
        if divide {
            for (text, n) in &lines {
                output::line(&format!("{text} {n}"));
            }
        }
        if depth == 0 { 1 } else { total }
    });
    output::line(&perft::summary(nodes, start.elapsed()));
    Ok(())
}
