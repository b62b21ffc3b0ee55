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
    about = "An engine for Russian checkers and its sibling games",
    long_about = "An engine for Russian checkers (shashki) and its sibling games: giveaway, \
                  Brazilian, International, Turkish, Fuk, Ugolki, Bashni and Lasca. Without a \
                  subcommand it speaks its UCI-style protocol on stdin/stdout (see PROTOCOL.md)."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the move tree to a depth (proves move generation; measures its speed).
    Perft(cli::perft::PerftArgs),
    /// List every legal move, one per line, sorted.
    Moves(cli::moves::MovesArgs),
    /// Speak the Hub protocol (Scan's, used by draughts GUIs and pydraughts) on stdin/stdout.
    Hub,
    /// Play games against itself in parallel and write their positions, labelled with the
    /// results and the search's scores, for `tune` and `train`.
    Selfplay(cli::selfplay::SelfPlayArgs),
    /// Fit the evaluation weights to self-play positions (Texel's logistic regression).
    Tune(cli::tune::TuneArgs),
    /// Learn the Russian network (or pattern tables) from self-play positions and write its
    /// file.
    Train(cli::train::TrainArgs),
    /// Search a fixed list of positions to a fixed depth; the total node count is the build's
    /// signature.
    Bench(cli::bench::BenchArgs),
    /// Search one position and show the lines and the best move.
    Analyze(cli::analyze::AnalyzeArgs),
    /// Play International draughts over DXP (TCP): follow on a port, or connect and ask for games.
    Dxp(cli::dxp::DxpArgs),
    /// Play two engines against each other and report the Elo difference (see --help).
    Match(Box<cli::matches::MatchArgs>),
    /// Serve a board in the browser: play or analyse any game against the engine.
    Gui(cli::gui::GuiArgs),
    /// Russian endgame databases: generate them, or probe a position.
    #[command(subcommand)]
    Egdb(cli::egdb::EgdbCommand),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let result = match Cli::parse().command {
        None => protocol::run(),
        Some(Command::Perft(args)) => cli::perft::run(args),
        Some(Command::Moves(args)) => cli::moves::run(args),
        Some(Command::Hub) => damka::hub::run(),
        Some(Command::Selfplay(args)) => cli::selfplay::run(args),
        Some(Command::Tune(args)) => cli::tune::run(args),
        Some(Command::Train(args)) => cli::train::run(args),
        Some(Command::Bench(args)) => cli::bench::run(args),
        Some(Command::Analyze(args)) => cli::analyze::run(args),
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
