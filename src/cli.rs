//! The command-line tools beside the protocol server: `perft` and `moves`. Each returns its
//! error as a message for `main` to print; output lines are stable for scripts.

use crate::notation::{self, legal_move_strings};
use crate::output;
use crate::perft::{self, Counting};
use crate::position::Position;
use crate::variant::{Rules, Variant};
use crate::with_rules;
use std::time::Instant;

/// Arguments of `damka perft`.
#[derive(Clone, Debug)]
pub struct PerftArgs {
    /// Depth in plies.
    pub depth: u32,
    /// The position, or the initial one.
    pub fen: Option<String>,
    /// Print each root move's count first.
    pub divide: bool,
    /// Count capture sequences instead of distinct moves.
    pub paths: bool,
    /// Worker threads.
    pub threads: usize,
    /// The game.
    pub variant: Variant,
}

fn position<R: Rules>(fen: Option<&str>) -> Result<Position<R>, String> {
    match fen {
        Some(text) => notation::parse_fen(text).map_err(|e| format!("bad FEN: {e}")),
        None => Ok(Position::startpos()),
    }
}

/// `damka perft`: optional per-move lines, then `nodes <N> time <ms> nps <nps>`.
pub fn perft(args: PerftArgs) -> Result<(), String> {
    with_rules!(args.variant, R => perft_for::<R>(&args))
}

fn perft_for<R: Rules>(args: &PerftArgs) -> Result<(), String> {
    let pos = position::<R>(args.fen.as_deref())?;
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
            let mut lines: Vec<(String, u64)> = perft::divide(&pos, args.depth, counting)
                .into_iter()
                .map(|(mv, n)| (notation::move_to_string(&pos, mv), n))
                .collect();
            lines.sort();
            for (text, n) in lines {
                output::line(&format!("{text} {n}"));
                total += n;
            }
            if args.depth == 0 { 1 } else { total }
        } else if threads > 1 {
            perft::parallel_perft(&pos, args.depth, counting)
        } else {
            perft::perft(&pos, args.depth, counting)
        }
    });
    output::line(&perft::summary(nodes, start.elapsed()));
    Ok(())
}

/// `damka moves`: every legal move in full-path notation, one per line, sorted.
pub fn moves(fen: Option<&str>, variant: Variant) -> Result<(), String> {
    with_rules!(variant, R => {
        let pos = position::<R>(fen)?;
        let mut moves: Vec<String> = legal_move_strings(&pos).into_iter().map(|(_, s)| s).collect();
        moves.sort();
        for text in moves {
            output::line(&text);
        }
        Ok(())
    })
}
