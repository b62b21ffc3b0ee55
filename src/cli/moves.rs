//! `damka moves`: every legal move of a position in full-path notation, one per line, sorted.

use super::GameArgs;
use super::perft::position;
use crate::output;
use damka_rules::game::Game;
use damka_rules::with_game;

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
    with_game!(args.game.variant, G => {
        let pos = position::<G>(args.fen.as_deref(), &args.game)?;
        let mut moves: Vec<String> = G::legal_move_texts(&pos).into_iter().map(|(_, s)| s).collect();
        moves.sort();
        for text in moves {
            output::line(&text);
        }
        Ok(())
    })
}
