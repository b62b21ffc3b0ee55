//! `damka egdb generate`, `damka egdb probe` and `damka egdb plan`: the endgame databases of
//! the draughts games (Russian, Brazilian, International, giveaway).

use crate::output;
use damka_engine::egdb::generate::{self, SliceReport};
use damka_engine::egdb::{self, Egdb, EgdbRules, Material, Value};
use damka_engine::with_egdb_rules;
use damka_rules::games::Variant;
use damka_rules::games::draughts::notation::{move_to_string, parse_fen};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The default database directory.
pub const DEFAULT_DIR: &str = "egdb";

/// `--variant` of the egdb commands: a game damka builds databases for.
fn egdb_variant(text: &str) -> Result<Variant, String> {
    let variant: Variant = text.parse().map_err(|e| format!("{e}"))?;
    if egdb::has_databases(variant) {
        Ok(variant)
    } else {
        Err(format!(
            "damka builds endgame databases for russian, brazilian, international and \
             giveaway, not {variant}"
        ))
    }
}

/// `damka egdb …`.
#[derive(clap::Subcommand, Clone, Debug)]
pub enum EgdbCommand {
    /// Build the databases of every material split up to N pieces (smallest first; files
    /// already there that pass their checksum are kept), or of one split with --split.
    Generate {
        /// The game.
        #[arg(long, default_value = "russian", value_parser = egdb_variant)]
        variant: Variant,
        /// Largest number of pieces on the board.
        #[arg(long, value_parser = clap::value_parser!(u32).range(2..=7),
              required_unless_present = "split")]
        pieces: Option<u32>,
        /// Only this split and its colour-flipped twin (e.g. 0201: no white man, two white
        /// kings, no black man, one black king), reading the splits it leads to from their
        /// files, which must be there already (`damka egdb plan` gives the order).
        #[arg(long, conflicts_with = "pieces")]
        split: Option<Material>,
        /// Directory of the files.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Print a position's stored value, distance and best move.
    Probe {
        /// The game.
        #[arg(long, default_value = "russian", value_parser = egdb_variant)]
        variant: Variant,
        /// The position (FEN).
        #[arg(long)]
        fen: String,
        /// Directory of the files.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
    },
    /// Print the splits up to N pieces, one pair per line in an order that builds each after
    /// those it needs: `<split> <entries> <needed split>…` (for a cluster scheduler).
    Plan {
        /// The game.
        #[arg(long, default_value = "russian", value_parser = egdb_variant)]
        variant: Variant,
        /// Largest number of pieces on the board.
        #[arg(long, value_parser = clap::value_parser!(u32).range(2..=7))]
        pieces: u32,
    },
}

/// Runs an `egdb` subcommand.
pub fn run(command: EgdbCommand) -> Result<(), String> {
    match command {
        EgdbCommand::Generate {
            variant,
            pieces,
            split,
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
            let reports = pool
                .install(|| {
                    with_egdb_rules!(variant, R => build::<R>(&dir, pieces, split))
                        .unwrap_or_else(|| Err(format!("no databases for {variant}")))
                })
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
        EgdbCommand::Probe { variant, fen, dir } => {
            with_egdb_rules!(variant, R => probe::<R>(&fen, &dir))
                .unwrap_or_else(|| Err(format!("no databases for {variant}")))
        }
        EgdbCommand::Plan { variant, pieces } => {
            let layout = with_egdb_rules!(variant, R => egdb::Layout::of_game::<R>())
                .ok_or_else(|| format!("no databases for {variant}"))?;
            for m in generate::pairs(pieces) {
                let needs: Vec<String> = generate::needs(m).iter().map(|n| n.to_string()).collect();
                let entries = layout.size(m)
                    + if m.flipped() == m {
                        0
                    } else {
                        layout.size(m.flipped())
                    };
                output::line(format!("{m} {entries} {}", needs.join(" ")).trim_end());
            }
            Ok(())
        }
    }
}

/// Builds every split up to `pieces`, or the pair of `split`, with progress on stderr.
fn build<R: EgdbRules>(
    dir: &Path,
    pieces: Option<u32>,
    split: Option<Material>,
) -> Result<Vec<SliceReport>, String> {
    match (pieces, split) {
        (_, Some(m)) => {
            if m.wm + m.wk == 0 || m.bm + m.bk == 0 || m.pieces() > 7 {
                return Err(format!(
                    "split {m}: both sides need a piece, and at most 7 pieces in all"
                ));
            }
            let reports = generate::generate_pair::<R>(dir, m).map_err(|e| e.to_string())?;
            for r in &reports {
                eprintln!("egdb {}{}: {}", R::PREFIX, r.material, r.summary());
            }
            Ok(reports)
        }
        (Some(pieces), None) => generate::generate::<R>(dir, pieces, |line| eprintln!("{line}"))
            .map(|(reports, _)| reports)
            .map_err(|e| e.to_string()),
        (None, None) => Err("give --pieces or --split".into()),
    }
}

/// `damka egdb probe` for game `R`.
fn probe<R: EgdbRules>(fen: &str, dir: &Path) -> Result<(), String> {
    let pos = parse_fen::<R>(fen).map_err(|e| format!("bad FEN: {e}"))?;
    let pieces = pos.occupied().count();
    let egdb = Egdb::<R>::open(dir, pieces.max(2))?;
    let result = egdb.best_moves(&pos);
    let counted = egdb.probe_counted(&pos);
    for e in egdb.take_errors() {
        eprintln!("damka: {e}");
    }
    let Some((entry, moves)) = result else {
        return Err(format!(
            "no database value for this position ({pieces} pieces, material {})",
            Material::of(&pos)
        ));
    };
    let name = |value| match value {
        Value::Win => "win",
        Value::Draw => "draw",
        Value::Loss => "loss",
    };
    output::line(&format!("value {}", name(entry.value)));
    output::line(&format!("distance {}", entry.distance));
    // Where the kings-only counter, starting afresh at the next capture or man move, spoils
    // the win or changes its distance.
    if let Some(c) = counted.filter(|&c| c != entry) {
        output::line(&format!(
            "counted {} distance {}",
            name(c.value),
            c.distance
        ));
    }
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
