//! The `damka` binary: with no arguments a protocol server on stdin/stdout; with a subcommand a
//! command-line tool. Only argument parsing lives here; the work is library code.

use clap::{Parser, Subcommand};
use damka::cli;
use damka::protocol::{self, MAX_PERFT_DEPTH};
use damka::variant::Variant;
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
    Perft {
        /// Depth in plies.
        #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
        depth: u32,
        /// Start from this position instead of the initial one.
        #[arg(long)]
        fen: Option<String>,
        /// Print each root move and its count first.
        #[arg(long)]
        divide: bool,
        /// Count every capture sequence separately instead of every distinct move.
        #[arg(long)]
        paths: bool,
        /// Worker threads (1 = serial).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// The game.
        #[arg(long, default_value_t = Variant::Russian)]
        variant: Variant,
    },
    /// List every legal move, one per line, sorted.
    Moves {
        /// The position (default: the initial one).
        #[arg(long)]
        fen: Option<String>,
        /// The game.
        #[arg(long, default_value_t = Variant::Russian)]
        variant: Variant,
    },
    /// Speak the Hub protocol (Scan's, used by draughts GUIs and pydraughts) on stdin/stdout.
    Hub,
    /// Play games against itself in parallel and write their positions, labelled with the
    /// results, for `tune`.
    Selfplay {
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// Nodes searched per move.
        #[arg(long, default_value_t = 5000)]
        nodes: u64,
        /// Random plies at the start of each game, so that games differ.
        #[arg(long, default_value_t = 6)]
        random_plies: usize,
        /// Seed of the random plies.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output file: one `<result> <FEN>` line per position.
        #[arg(long)]
        out: std::path::PathBuf,
        /// The game.
        #[arg(long, default_value_t = Variant::Russian)]
        variant: Variant,
    },
    /// Fit the evaluation weights to self-play positions (Texel's logistic regression).
    Tune {
        /// Positions written by `selfplay`.
        #[arg(long)]
        data: std::path::PathBuf,
        /// Gradient steps.
        #[arg(long, default_value_t = 2000)]
        iterations: usize,
        /// Keep this feature's weight as it is (repeatable; the man's weight is always kept).
        #[arg(long)]
        fix: Vec<String>,
        /// The game.
        #[arg(long, default_value_t = Variant::Russian)]
        variant: Variant,
    },
    /// Search a fixed list of positions to a fixed depth; the total node count is the build's
    /// signature.
    Bench {
        /// Depth in plies.
        #[arg(default_value_t = damka::bench::DEFAULT_DEPTH,
              value_parser = clap::value_parser!(u32).range(1..))]
        depth: u32,
        /// The game.
        #[arg(long, default_value_t = Variant::Russian)]
        variant: Variant,
    },
    /// Search one position and show the lines and the best move.
    Analyze {
        /// The position (default: the initial one).
        #[arg(long)]
        fen: Option<String>,
        /// Search this many plies deep.
        #[arg(long, conflicts_with = "movetime",
              value_parser = clap::value_parser!(u32).range(1..))]
        depth: Option<u32>,
        /// Search this many milliseconds [default: 2000 when no depth is given].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        movetime: Option<u64>,
        /// Search threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Show this many best lines.
        #[arg(long, default_value_t = 1)]
        multipv: usize,
        /// The game.
        #[arg(long, default_value_t = Variant::Russian)]
        variant: Variant,
    },
    /// Play two engines against each other and report the Elo difference (see --help).
    Match(Box<damka::matchplay::command::MatchArgs>),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args = Cli::parse();
    let result = match args.command {
        None => protocol::run(),
        Some(Command::Perft {
            depth,
            fen,
            divide,
            paths,
            threads,
            variant,
        }) => cli::perft(cli::PerftArgs {
            depth,
            fen,
            divide,
            paths,
            threads,
            variant,
        }),
        Some(Command::Moves { fen, variant }) => cli::moves(fen.as_deref(), variant),
        Some(Command::Hub) => damka::hub::run(),
        Some(Command::Selfplay {
            games,
            nodes,
            random_plies,
            seed,
            out,
            variant,
        }) => cli::selfplay(cli::SelfPlayArgs {
            variant,
            games,
            nodes,
            random_plies,
            seed,
            out,
        }),
        Some(Command::Tune {
            data,
            iterations,
            fix,
            variant,
        }) => cli::tune(variant, &data, iterations, &fix),
        Some(Command::Bench { depth, variant }) => {
            cli::bench(depth, variant);
            Ok(())
        }
        Some(Command::Analyze {
            fen,
            depth,
            movetime,
            threads,
            multipv,
            variant,
        }) => cli::analyze(cli::AnalyzeArgs {
            fen,
            depth,
            movetime,
            threads,
            multipv,
            variant,
        }),
        Some(Command::Match(args)) => damka::matchplay::command::run(*args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("damka: {message}");
            ExitCode::FAILURE
        }
    }
}
