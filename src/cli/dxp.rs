//! `damka dxp`: plays International draughts over DXP (TCP): follows on a port, or connects
//! and asks for games.

use crate::output;
use damka_engine::search::Limits;
use damka_rules::game::GameResult;
use damka_rules::types::Side;
use std::time::Duration;

/// Arguments of `damka dxp`.
#[derive(clap::Args, Clone, Debug)]
#[command(group(clap::ArgGroup::new("role").required(true).args(["listen", "connect"])))]
pub struct DxpArgs {
    /// Follow: wait for game requests on `[address:]port` (port 0 picks a free one; the address
    /// is printed).
    #[arg(long, value_name = "[ADDR:]PORT")]
    pub listen: Option<String>,
    /// Initiate: connect to a follower and ask for games.
    #[arg(long, value_name = "HOST:PORT")]
    pub connect: Option<String>,
    /// Follow: end after the first connection closes.
    #[arg(long, requires = "listen")]
    pub once: bool,
    /// Follow: connections served at once; one more is told so and closed.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..), requires = "listen")]
    pub max_connections: u64,
    /// Follow: seconds a connection may stay silent (during a game, at least the game's time
    /// for a side) before it is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..), requires = "listen")]
    pub idle_timeout: u64,
    /// Initiate: games to play, damka's colour alternating.
    #[arg(long, default_value_t = 1, requires = "connect")]
    pub games: u32,
    /// Initiate: damka's colour in the first game.
    #[arg(long, default_value = "white", value_parser = ["white", "black"], requires = "connect")]
    pub color: String,
    /// Initiate: minutes per side for the whole game.
    #[arg(long, default_value_t = 5, requires = "connect")]
    pub minutes: u32,
    /// Initiate: moves in that time (0: no limit).
    #[arg(long, default_value_t = 0, requires = "connect")]
    pub moves: u32,
    /// Initiate: start from this position (FEN) instead of the initial one.
    #[arg(long, requires = "connect")]
    pub fen: Option<String>,
    /// Initiate: seconds to wait for any one message before the game is given up.
    #[arg(long, default_value_t = 600, requires = "connect")]
    pub timeout: u64,
    /// Search every move to this depth instead of by the game's clock.
    #[arg(long, conflicts_with_all = ["movetime", "nodes"])]
    pub depth: Option<u32>,
    /// Search every move this many milliseconds instead of by the game's clock.
    #[arg(long, conflicts_with = "nodes")]
    pub movetime: Option<u64>,
    /// Search every move this many nodes instead of by the game's clock.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Table size in MiB.
    #[arg(long, default_value_t = 64)]
    pub hash: u64,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: u64,
    /// The name sent to the other program.
    #[arg(long)]
    pub name: Option<String>,
    /// Probe the International endgame databases in this directory.
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<std::path::PathBuf>,
}

/// `damka dxp`: a DXP follower or initiator for International draughts.
pub fn run(args: DxpArgs) -> Result<(), String> {
    use crate::dxp::{self, DxpConfig, player::Thinking};
    let fixed = match (args.depth, args.movetime, args.nodes) {
        (Some(depth), ..) => Some(Limits::depth(depth)),
        (_, Some(ms), _) => Some(Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }),
        (.., Some(nodes)) => Some(Limits::nodes(nodes)),
        _ => None,
    };
    let mut config = DxpConfig {
        thinking: fixed.map_or(Thinking::Clock, Thinking::Fixed),
        options: vec![
            ("Hash".to_string(), args.hash.to_string()),
            ("Threads".to_string(), args.threads.to_string()),
        ],
        max_connections: args.max_connections as usize,
        idle_timeout: Duration::from_secs(args.idle_timeout),
        ..DxpConfig::default()
    };
    if let Some(name) = args.name {
        config.name = name;
    }
    if let Some(dir) = &args.egdb {
        let variant = damka_rules::games::Variant::International;
        let pieces = super::open_egdb(variant, Some(dir))?.map_or(2, |(_, pieces)| pieces);
        config.options.extend([
            ("EGDBPieces".to_string(), pieces.to_string()),
            ("EGDBPath".to_string(), dir.display().to_string()),
        ]);
    }
    if let Some(address) = &args.listen {
        return dxp::listen(address, &config, args.once, |bound| {
            output::line(&format!("listening on {bound}"));
        });
    }
    let address = args.connect.unwrap_or_default();
    let request = dxp::Request {
        games: args.games,
        colour: if args.color == "black" {
            Side::Black
        } else {
            Side::White
        },
        minutes: args.minutes,
        moves: args.moves,
        fen: args.fen,
        timeout: Duration::from_secs(args.timeout),
    };
    let mut score = [0u32; 3];
    let mut index = 0;
    dxp::initiate(&address, &config, &request, |game| {
        index += 1;
        let outcome = match game.result {
            GameResult::Win(side) if side == game.ours => {
                score[0] += 1;
                "damka won"
            }
            GameResult::Win(_) => {
                score[2] += 1;
                "damka lost"
            }
            GameResult::Draw(_) => {
                score[1] += 1;
                "draw"
            }
            GameResult::Ongoing => "unfinished",
        };
        output::line(&format!(
            "game {index}: damka {} - {outcome}: {}; moves: {}",
            game.ours.name(),
            game.ending,
            game.moves.join(" ")
        ));
    })?;
    output::line(&format!(
        "score: +{} ={} -{} for damka",
        score[0], score[1], score[2]
    ));
    Ok(())
}
