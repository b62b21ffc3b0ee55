//! `damka gui`: serves a board in the browser to play or analyse any game against the engine.

/// Arguments of `damka gui`.
#[derive(clap::Args, Clone, Debug)]
pub struct GuiArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Print the address without opening a browser.
    #[arg(long)]
    pub no_open: bool,
}

/// Serves the page until the process is stopped (see [`crate::gui::serve`]).
pub fn run(args: GuiArgs) -> Result<(), String> {
    crate::gui::serve(args.port, !args.no_open)
}
