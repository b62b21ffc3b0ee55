//! `damka gui`: serves a board in the browser to play or analyse any game against the engine.

use super::GameArgs;
use damka_engine::engine::Engine;

/// Arguments of `damka gui`.
#[derive(clap::Args, Clone, Debug)]
pub struct GuiArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Print the address without opening a browser.
    #[arg(long)]
    pub no_open: bool,
    /// The game a page starts in (the page can start any other), and the game's options.
    #[command(flatten)]
    pub game: GameArgs,
}

/// Serves the page until the process is stopped (see [`crate::gui::serve`]).
pub fn run(args: GuiArgs) -> Result<(), String> {
    let game = args.game;
    // Refused at once rather than on the first page.
    game.apply(&mut Engine::new())?;
    let start = move || {
        let mut engine = Engine::new();
        if let Err(e) = game.apply(&mut engine) {
            log::warn!("{e}");
        }
        engine
    };
    crate::gui::serve_with(args.port, !args.no_open, std::sync::Arc::new(start))
}
