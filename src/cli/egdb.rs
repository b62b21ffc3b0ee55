//! `damka egdb generate` and `damka egdb probe`: the Russian endgame databases.

use crate::output;
use damka_engine::egdb::{Egdb, Material, RPos, Value, generate};
use damka_rules::games::draughts::Russian;
use damka_rules::games::draughts::notation::{move_to_string, parse_fen};
use std::path::PathBuf;
use std::time::Instant;

/// The default database directory.
pub const DEFAULT_DIR: &str = "egdb";

/// `damka egdb …`.
#[derive(clap::Subcommand, Clone, Debug)]
pub enum EgdbCommand {
    /// Build the Russian databases of every material split up to N pieces (smallest first;
    /// files already there that pass their checksum are kept).
    Generate {
        /// Largest number of pieces on the board.
        #[arg(long, value_parser = clap::value_parser!(u32).range(2..=7))]
        pieces: u32,
        /// Directory of the files.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Print a position's stored value, distance and best move.
    Probe {
        /// The position (Russian FEN).
        #[arg(long)]
        fen: String,
        /// Directory of the files.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
    },
}

/// Runs an `egdb` subcommand.
pub fn run(command: EgdbCommand) -> Result<(), String> {
    match command {
        EgdbCommand::Generate {
            pieces,
            dir,
            threads,
        } => {
            let mut builder = rayon::ThreadPoolBuilder::new();
            if let Some(t) = threads {
                builder = builder.num_threads(t.max(1));
            }
            let pool = builder
                .build()
                .map_err(|e| format!("cannot start the threads: {e}"))?;
            let start = Instant::now();
            let (reports, _) = pool
                .install(|| generate::generate(&dir, pieces, |line| eprintln!("{line}")))
                .map_err(|e| format!("generation failed: {e}"))?;
            let bytes: u64 = reports.iter().map(|r| r.bytes).sum();
            let entries: u64 = reports.iter().map(|r| r.entries).sum();
            let max = reports.iter().map(|r| r.max_distance).max().unwrap_or(0);
            output::line(&format!(
                "egdb: {} files, {entries} entries, {bytes} bytes, largest distance {max}, {:.1} s",
                reports.len(),
                start.elapsed().as_secs_f64()
            ));
            Ok(())
        }
        EgdbCommand::Probe { fen, dir } => {
            let pos: RPos = parse_fen::<Russian>(&fen).map_err(|e| format!("bad FEN: {e}"))?;
            let pieces = pos.occupied().count();
            let egdb = Egdb::open(&dir, pieces.max(2))?;
            let result = egdb.best_moves(&pos);
            for e in egdb.take_errors() {
                eprintln!("damka: {e}");
            }
            let Some((entry, moves)) = result else {
                return Err(format!(
                    "no database value for this position ({pieces} pieces, material {})",
                    Material::of(&pos)
                ));
            };
            let value = match entry.value {
                Value::Win => "win",
                Value::Draw => "draw",
                Value::Loss => "loss",
            };
            output::line(&format!("value {value}"));
            output::line(&format!("distance {}", entry.distance));
            let best: Vec<String> = moves.iter().map(|&m| move_to_string(&pos, m)).collect();
            output::line(&format!(
                "bestmove {}",
                best.first().map_or("(none)", String::as_str)
            ));
            if best.len() > 1 {
                output::line(&format!("equal {}", best[1..].join(" ")));
            }
            Ok(())
        }
    }
}
