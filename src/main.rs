//! The `damka` binary: with no arguments a protocol server on stdin/stdout; with a subcommand a
//! command-line tool. Only argument parsing lives here; each command is a module of [`cli`].

use clap::{Parser, Subcommand};
use damka::cli;
use damka::protocol;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "damka",
    version,
    about = "An engine for nine checkers games, with UCI-style, Hub and DXP servers and a board \
             in the browser",
    long_about = "An engine for nine checkers games: Russian, giveaway, Brazilian, International \
                  10x10, Turkish, Fuk, Ugolki, Bashni and Lasca. Without a subcommand it speaks \
                  its UCI-style protocol on stdin/stdout (see PROTOCOL.md); `--variant` starts \
                  it in another game. The end of input is `quit`: it stops a running search.",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    /// The game the protocol server starts in (as `setoption name UCI_Variant` would set it).
    #[command(flatten)]
    game: cli::GameArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Arguments of a server: the game it starts in.
#[derive(clap::Args)]
struct ServerArgs {
    /// The game the server starts in, and the game's own options.
    #[command(flatten)]
    game: cli::GameArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the move tree to a depth (proves move generation; measures its speed).
    Perft(cli::perft::PerftArgs),
    /// List every legal move, one per line, sorted.
    Moves(cli::moves::MovesArgs),
    /// Speak the Hub protocol (Scan's, used by draughts GUIs and pydraughts) on stdin/stdout.
    Hub(ServerArgs),
    /// Play games against itself in parallel and write their positions, labelled with the
    /// results and the search's scores, for `tune` and `train`.
    Selfplay(cli::selfplay::SelfPlayArgs),
    /// Fit the evaluation weights to self-play positions (Texel's logistic regression).
    Tune(cli::tune::TuneArgs),
    /// Learn a game's network (or Russian's pattern tables) from self-play positions and write
    /// its file.
    Train(cli::train::TrainArgs),
    /// Search a fixed list of positions to a fixed depth; the total node count is the build's
    /// signature.
    Bench(cli::bench::BenchArgs),
    /// Search one position and show the lines and the best move.
    Analyze(cli::analyze::AnalyzeArgs),
    /// Put the tactics suite (forced wins proved by plain minimax) to an engine at a fixed
    /// node count or depth: which positions it solves and the nodes each needs.
    Tactics(cli::tactics::TacticsArgs),
    /// Play International draughts over DXP (TCP): follow on a port, or connect and ask for games.
    Dxp(cli::dxp::DxpArgs),
    /// Play two engines against each other and report the Elo difference (see --help).
    Match(Box<cli::matches::MatchArgs>),
    /// Serve a board in the browser: play or analyse any game against the engine.
    Gui(cli::gui::GuiArgs),
    /// Endgame databases of the draughts games: generate them, or probe a position.
    #[command(subcommand)]
    Egdb(cli::egdb::EgdbCommand),
}

fn main() -> ExitCode {
    // Before anything else: an instruction the CPU lacks would kill the process with no word.
    damka::cpu::check();
    run()
}

/// Everything after the CPU check, kept out of `main` so that none of it is inlined ahead of it.
#[inline(never)]
fn run() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    let result = match cli.command {
        None => match server_engine(&cli.game) {
            Ok(engine) => protocol::run_with(engine),
            Err(e) => Err(e),
        },
        Some(Command::Perft(args)) => cli::perft::run(args),
        Some(Command::Moves(args)) => cli::moves::run(args),
        Some(Command::Hub(args)) => server_engine(&args.game).and_then(damka::hub::run_with),
        Some(Command::Selfplay(args)) => cli::selfplay::run(args),
        Some(Command::Tune(args)) => cli::tune::run(args),
        Some(Command::Train(args)) => cli::train::run(args),
        Some(Command::Bench(args)) => cli::bench::run(args),
        Some(Command::Analyze(args)) => cli::analyze::run(args),
        Some(Command::Tactics(args)) => cli::tactics::run(args),
        Some(Command::Dxp(args)) => cli::dxp::run(args),
        Some(Command::Match(args)) => cli::matches::run(*args),
        Some(Command::Gui(args)) => cli::gui::run(args),
        Some(Command::Egdb(command)) => cli::egdb::run(command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("damka: {message}");
            ExitCode::FAILURE
        }
    }
}

/// A new engine in the game (and the game's options) a server was started with.
fn server_engine(game: &cli::GameArgs) -> Result<damka::engine::engine::Engine, String> {
    let mut engine = damka::engine::engine::Engine::new();
    game.apply(&mut engine)?;
    Ok(engine)
}
