//! `damka moves`: every legal move of a position in full-path notation, one per line, sorted.

use super::GameArgs;
use super::perft::session;
use crate::output;

/// Arguments of `damka moves`.
#[derive(clap::Args, Clone, Debug)]
pub struct MovesArgs {
    /// The position (default: the initial one).
    #[arg(long)]
    pub fen: Option<String>,
    /// The game and its options.
    #[command(flatten)]
    pub game: GameArgs,
}

/// `damka moves`: the legal moves, sorted, one per line.
pub fn run(args: MovesArgs) -> Result<(), String> {
    let game = session(args.fen.as_deref(), &args.game)?;
    for record in game.legal_moves() {
        output::line(&record.text);
    }
    Ok(())
}
