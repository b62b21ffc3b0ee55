//! The command-line tools beside the protocol servers, one module per command; each parses
//! its arguments into a few library calls and returns its error as a message for `main` to
//! print. Output lines go through [`output`](crate::output) and are stable for scripts;
//! progress goes to stderr.
//!
//! What several tools share: [`GameArgs`] (`--variant` and the games' own options, such as
//! `--house`), [`open_egdb`] (`--egdb DIR`), [`Progress`] lines and [`human_score`].

pub mod analyze;
pub mod bench;
pub mod dxp;
pub mod egdb;
pub mod gui;
pub mod matches;
pub mod moves;
pub mod perft;
pub mod selfplay;
pub mod tactics;
pub mod train;
pub mod tune;

mod game_args;
mod progress;

pub use game_args::GameArgs;
pub use progress::Progress;

use damka_engine::search::Databases;
use damka_rules::score::Score;

/// Opens `variant`'s endgame databases of a tool's `--egdb DIR` (all splits up to 7 pieces
/// present in it are probed), with the number of pieces found; problems go to stderr. A game
/// without databases is refused.
pub fn open_egdb(
    variant: damka_rules::games::Variant,
    dir: Option<&std::path::Path>,
) -> Result<Option<(Databases, u32)>, String> {
    let Some(dir) = dir else { return Ok(None) };
    let pieces = (2..=7)
        .take_while(|&n| {
            damka_engine::egdb::Material::all_with(n).iter().all(|&m| {
                damka_engine::egdb::file_name(variant, m).is_some_and(|f| dir.join(f).is_file())
            })
        })
        .last()
        .unwrap_or(2);
    let egdb = damka_engine::egdb::open(variant, dir, pieces, damka_engine::egdb::DEFAULT_CAP)?;
    for e in egdb.take_errors() {
        eprintln!("damka: {e}");
    }
    Ok(Some((egdb, pieces)))
}

/// A score as a person reads it: `+0.35` men, or `+M3` / `-M2` for a win or loss in moves.
pub fn human_score(score: Score) -> String {
    match score.mate_moves() {
        Some(moves) if moves > 0 => format!("+M{moves}"),
        Some(moves) => format!("-M{}", -moves),
        None => format!("{:+.2}", f64::from(score.0) / 100.0),
    }
}
