//! The `damka` binary: with no arguments a protocol server on stdin/stdout; with a subcommand a
//! command-line tool. Only argument parsing lives here; the work is library code.

use clap::{Parser, Subcommand};
use damka::cli;
use damka::game::Variant;
use damka::protocol;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "damka",
    version,
    about = "A Russian checkers (shashki) engine",
    long_about = "A Russian checkers (shashki) engine. Without a subcommand it speaks its \
                  UCI-style protocol on stdin/stdout (see PROTOCOL.md)."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the move tree to a depth (proves move generation; measures its speed).
    Perft(cli::PerftArgs),
    /// List every legal move, one per line, sorted.
    Moves {
        /// The position (default: the initial one).
        #[arg(long)]
        fen: Option<String>,
        /// The game.
        #[arg(long, default_value_t = Variant::Russian)]
        variant: Variant,
        /// Ugolki's house: 3x3, 3x4 or triangle (the start, and a FEN without an H field).
        #[arg(long, default_value_t = damka::ugolki::House::default())]
        house: damka::ugolki::House,
    },
    /// Speak the Hub protocol (Scan's, used by draughts GUIs and pydraughts) on stdin/stdout.
    Hub,
    /// Play games against itself in parallel and write their positions, labelled with the
    /// results and the search's scores, for `tune` and `train`.
    Selfplay(cli::SelfPlayArgs),
    /// Fit the evaluation weights to self-play positions (Texel's logistic regression).
    Tune(cli::TuneArgs),
    /// Learn the Russian network (or pattern tables) from self-play positions and write its
    /// file.
    Train(cli::TrainArgs),
    /// Search a fixed list of positions to a fixed depth; the total node count is the build's
    /// signature.
    Bench(cli::BenchArgs),
    /// Search one position and show the lines and the best move.
    Analyze(cli::AnalyzeArgs),
    /// Play International draughts over DXP (TCP): follow on a port, or connect and ask for games.
    Dxp(cli::DxpArgs),
    /// Play two engines against each other and report the Elo difference (see --help).
    Match(Box<damka::matchplay::command::MatchArgs>),
    /// Serve a board in the browser: play or analyse any game against the engine.
    Gui(damka::gui::GuiArgs),
    /// Russian endgame databases: generate them, or probe a position.
    #[command(subcommand)]
    Egdb(damka::egdb::command::EgdbCommand),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args = Cli::parse();
    let result = match args.command {
        None => protocol::run(),
        Some(Command::Perft(args)) => cli::perft(args),
        Some(Command::Moves {
            fen,
            variant,
            house,
        }) => cli::moves(fen.as_deref(), variant, house),
        Some(Command::Hub) => damka::hub::run(),
        Some(Command::Selfplay(args)) => cli::selfplay(args),
        Some(Command::Tune(args)) => cli::tune(args),
        Some(Command::Train(args)) => cli::train(args),
        Some(Command::Bench(args)) => cli::bench(args),
        Some(Command::Analyze(args)) => cli::analyze(args),
        Some(Command::Dxp(args)) => cli::dxp(args),
        Some(Command::Match(args)) => damka::matchplay::command::run(*args),
        Some(Command::Gui(args)) => damka::gui::run(args),
        Some(Command::Egdb(command)) => damka::egdb::command::run(command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("damka: {message}");
            ExitCode::FAILURE
        }
    }
}
