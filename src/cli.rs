//! The command-line tools beside the protocol server: `perft`, `moves`, `bench`, `analyze`,
//! `selfplay` and `tune`, with their arguments.
//! Each returns its error as a message for `main` to print; output lines are stable for scripts.

use crate::bench;
use crate::engine::Engine;
use crate::game::Variant;
use crate::game::{Game, GameResult, Setup};
use crate::output;
use crate::perft::{self, Counting};
use crate::protocol::MAX_PERFT_DEPTH;
use crate::score::Score;
use crate::search::{Limits, Reporter, SearchInfo, SearchOutcome};
use crate::types::Side;
use crate::ugolki::House;
use crate::with_game;
use std::time::{Duration, Instant};

/// Arguments of `damka perft`.
#[derive(clap::Args, Clone, Debug)]
pub struct PerftArgs {
    /// Depth in plies.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
    pub depth: u32,
    /// Start from this position instead of the initial one.
    #[arg(long)]
    pub fen: Option<String>,
    /// Print each root move and its count first.
    #[arg(long)]
    pub divide: bool,
    /// Count every capture sequence separately instead of every distinct move.
    #[arg(long)]
    pub paths: bool,
    /// Worker threads (1 = serial).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The game.
    #[arg(long, default_value_t = Variant::Russian)]
    pub variant: Variant,
    /// Ugolki's house: 3x3, 3x4 or triangle (the start, and a FEN without an H field).
    #[arg(long, default_value_t = House::default())]
    pub house: House,
}

fn position<G: Game>(fen: Option<&str>, house: House) -> Result<G::Position, String> {
    let setup = Setup {
        ugolki_house: house,
    };
    match fen {
        Some(text) => G::parse_fen_with(text, &setup)
            .map(|(pos, _)| pos)
            .map_err(|e| format!("bad FEN: {e}")),
        None => Ok(G::start_with(&setup)),
    }
}

/// `damka perft`: optional per-move lines, then `nodes <N> time <ms> nps <nps>`.
pub fn perft(args: PerftArgs) -> Result<(), String> {
    with_game!(args.variant, G => perft_for::<G>(&args))
}

fn perft_for<G: Game>(args: &PerftArgs) -> Result<(), String> {
    let pos = position::<G>(args.fen.as_deref(), args.house)?;
    let counting = if args.paths {
        Counting::Paths
    } else {
        Counting::Moves
    };
    let threads = args.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let start = Instant::now();
    let nodes = pool.install(|| {
        if args.divide {
            let mut total = 0;
            let mut lines: Vec<(String, u64)> = perft::divide::<G>(&pos, args.depth, counting)
                .into_iter()
                .map(|(mv, n)| (G::move_text(&pos, mv), n))
                .collect();
            lines.sort();
            for (text, n) in lines {
                output::line(&format!("{text} {n}"));
                total += n;
            }
            if args.depth == 0 { 1 } else { total }
        } else if threads > 1 {
            perft::parallel_perft::<G>(&pos, args.depth, counting)
        } else {
            perft::perft::<G>(&pos, args.depth, counting)
        }
    });
    output::line(&perft::summary(nodes, start.elapsed()));
    Ok(())
}

/// `damka moves`: every legal move in full-path notation, one per line, sorted.
pub fn moves(fen: Option<&str>, variant: Variant, house: House) -> Result<(), String> {
    with_game!(variant, G => {
        let pos = position::<G>(fen, house)?;
        let mut moves: Vec<String> = G::legal_move_texts(&pos).into_iter().map(|(_, s)| s).collect();
        moves.sort();
        for text in moves {
            output::line(&text);
        }
        Ok(())
    })
}

/// Arguments of `damka bench`.
#[derive(clap::Args, Clone, Debug)]
pub struct BenchArgs {
    /// Depth in plies (default: the game's bench depth, 15 for the draughts games).
    #[arg(value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    /// Search threads: 1 gives the signature; more measure the time to depth.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// Table size in MiB (the signature uses the default).
    #[arg(long, default_value_t = bench::DEFAULT_HASH_MIB as u64,
          value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub hash: u64,
    /// The game.
    #[arg(long, default_value_t = Variant::Russian)]
    pub variant: Variant,
    /// Probe the Russian endgame databases in this directory (the count is then no signature).
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<std::path::PathBuf>,
}

/// Opens the endgame databases of a tool's `--egdb DIR` (all splits up to 7 pieces present
/// in it are probed); problems go to stderr.
pub fn open_egdb(
    dir: Option<&std::path::Path>,
) -> Result<Option<std::sync::Arc<crate::egdb::Egdb>>, String> {
    let Some(dir) = dir else { return Ok(None) };
    let pieces = (2..=7)
        .take_while(|&n| {
            crate::egdb::Material::all_with(n)
                .iter()
                .all(|m| dir.join(m.file_name()).is_file())
        })
        .last()
        .unwrap_or(2);
    let egdb = crate::egdb::Egdb::open(dir, pieces)?;
    for e in egdb.take_errors() {
        eprintln!("damka: {e}");
    }
    Ok(Some(std::sync::Arc::new(egdb)))
}

/// `damka bench`: the nodes and time of each bench position, then `<N> nodes <M> nps`.
pub fn bench(args: BenchArgs) -> Result<(), String> {
    let config = bench::BenchConfig {
        depth: args.depth,
        threads: args.threads as usize,
        hash_mib: args.hash as usize,
    };
    let egdb = open_egdb(args.egdb.as_deref())?;
    for line in bench::run_with_egdb(args.variant, config, egdb)?.report() {
        output::line(&line);
    }
    Ok(())
}

/// Arguments of `damka analyze`.
#[derive(clap::Args, Clone, Debug)]
pub struct AnalyzeArgs {
    /// The position (default: the initial one).
    #[arg(long)]
    pub fen: Option<String>,
    /// Search this many plies deep.
    #[arg(long, conflicts_with = "movetime",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    /// Search this many milliseconds [default: 2000 when no depth is given].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Show this many best lines.
    #[arg(long, default_value_t = 1)]
    pub multipv: usize,
    /// The game.
    #[arg(long, default_value_t = Variant::Russian)]
    pub variant: Variant,
    /// Ugolki's house: 3x3, 3x4 or triangle (the start, and a FEN without an H field).
    #[arg(long, default_value_t = House::default())]
    pub house: House,
    /// Probe the Russian endgame databases in this directory.
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<std::path::PathBuf>,
}

/// How long `analyze` searches when given neither a depth nor a time.
pub const ANALYZE_DEFAULT_MS: u64 = 2000;

/// `damka analyze`: one line per completed depth (and per principal variation), then the best
/// move, for a person at a terminal.
pub fn analyze(args: AnalyzeArgs) -> Result<(), String> {
    let mut engine = Engine::new();
    engine.set_option("UCI_Variant", Some(args.variant.name()))?;
    engine.set_option("UgolkiHouse", Some(args.house.name()))?;
    engine.set_option("Threads", Some(&args.threads.to_string()))?;
    engine.set_option("MultiPV", Some(&args.multipv.to_string()))?;
    engine.set_option("Move Overhead", Some("0"))?;
    if let Some(dir) = &args.egdb {
        let pieces = open_egdb(Some(dir))?.map_or(2, |e| e.pieces());
        engine.set_option("EGDBPieces", Some(&pieces.to_string()))?;
        engine.set_option("EGDBPath", Some(&dir.display().to_string()))?;
        for e in engine.take_egdb_errors() {
            eprintln!("damka: {e}");
        }
    }
    engine.set_position(args.fen.as_deref(), &[])?;
    let limits = match (args.depth, args.movetime) {
        (Some(depth), _) => Limits::depth(depth),
        (None, Some(ms)) => Limits::movetime(Duration::from_millis(ms)),
        (None, None) => Limits::movetime(Duration::from_millis(ANALYZE_DEFAULT_MS)),
    };
    output::line(&format!("position {}", engine.game().fen()));
    let outcome = engine.search_now(
        &limits,
        &mut HumanReporter {
            multipv: args.multipv > 1,
        },
    );
    match (outcome.best, outcome.ponder) {
        (Some(best), ponder) => {
            let ponder = ponder.map(|p| format!(" ponder {p}")).unwrap_or_default();
            output::line(&format!(
                "best move {best}{ponder} score {} depth {} nodes {} time {:.2} s",
                human_score(outcome.score),
                outcome.depth,
                outcome.nodes,
                outcome.time.as_secs_f64()
            ));
        }
        (None, _) => output::line(&format!("no legal move: {}", engine.game().result())),
    }
    Ok(())
}

/// A score as a person reads it: `+0.35` men, or `+M3` / `-M2` for a win or loss in moves.
pub fn human_score(score: Score) -> String {
    match score.mate_moves() {
        Some(moves) if moves > 0 => format!("+M{moves}"),
        Some(moves) => format!("-M{}", -moves),
        None => format!("{:+.2}", f64::from(score.0) / 100.0),
    }
}

/// Prints each iteration as one aligned line.
struct HumanReporter {
    multipv: bool,
}

impl Reporter for HumanReporter {
    fn info(&mut self, info: &SearchInfo) {
        let prefix = if self.multipv {
            format!("#{} ", info.multipv)
        } else {
            String::new()
        };
        let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
        output::line(&format!(
            "{prefix}depth {:>2}/{:<2} score {:>6} nodes {:>10} nps {:>9} time {:>7.2} s  pv {}",
            info.depth,
            info.seldepth,
            human_score(info.score),
            info.nodes,
            info.nps,
            info.time.as_secs_f64(),
            pv.join(" ")
        ));
    }

    fn done(&mut self, _outcome: &SearchOutcome) {}
}

/// Arguments of `damka selfplay`.
#[derive(clap::Args, Clone, Debug)]
pub struct SelfPlayArgs {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Random plies at the start of each game, so that games differ.
    #[arg(long, default_value_t = 6)]
    pub random_plies: usize,
    /// Seed of the random plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Number of the first game (for shards of a larger run: the games are the same as the
    /// run's games with these numbers).
    #[arg(long, default_value_t = 0)]
    pub first_game: u64,
    /// Games played at once, one per thread (0: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Output file: one `<result> <score> <FEN>` line per position (the score for White, in hundredths of a man).
    #[arg(long)]
    pub out: std::path::PathBuf,
    /// The game.
    #[arg(long, default_value_t = Variant::Russian)]
    pub variant: Variant,
    /// Probe the Russian endgame databases in this directory.
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<std::path::PathBuf>,
}

/// `damka selfplay`: plays games in parallel and writes `<result> <score> <fen>` lines for tuning.
pub fn selfplay(args: SelfPlayArgs) -> Result<(), String> {
    use crate::tune::selfplay::{SelfPlay, play_streaming, write_samples};
    let config = SelfPlay {
        variant: args.variant,
        games: args.games,
        first_game: args.first_game,
        threads: args.threads,
        nodes: args.nodes,
        random_plies: args.random_plies,
        seed: args.seed,
        weights: crate::with_game!(args.variant, G => <G as Game>::weights()),
        max_plies: 300,
        egdb: open_egdb(args.egdb.as_deref())?,
    };
    let start = Instant::now();
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", args.out.display());
    let mut file = std::fs::File::create(&args.out).map_err(cannot)?;
    let mut progress = Progress::new("selfplay", args.games as u64);
    let (mut positions, mut failure) = (0, None);
    // Each game is written whole as it finishes: an interrupted run keeps every finished game.
    play_streaming(&config, |_, samples| {
        if failure.is_none() {
            let written = std::io::Write::write_all(&mut file, write_samples(&samples).as_bytes())
                .and_then(|()| std::io::Write::flush(&mut file));
            failure = written.err();
        }
        positions += samples.len();
        progress.advance(1, &format!("{positions} positions"));
    });
    if let Some(e) = failure {
        return Err(cannot(e));
    }
    output::line(&format!(
        "{positions} positions from {} games written to {} in {:.1} s",
        args.games,
        args.out.display(),
        start.elapsed().as_secs_f64()
    ));
    Ok(())
}

/// A progress line on stderr at most every few seconds: done/total, what else the work wants
/// to say, and the time left at the rate so far.
pub struct Progress {
    what: &'static str,
    total: u64,
    done: u64,
    start: Instant,
    last: Instant,
}

impl Progress {
    /// How often a line is printed at most.
    const EVERY: Duration = Duration::from_secs(3);

    /// Progress of `total` units of work called `what`.
    pub fn new(what: &'static str, total: u64) -> Progress {
        let now = Instant::now();
        Progress {
            what,
            total,
            done: 0,
            start: now,
            last: now,
        }
    }

    /// Counts `units` more as done; prints a line if it is time to, or if all is done.
    pub fn advance(&mut self, units: u64, note: &str) {
        self.done += units;
        if self.last.elapsed() < Self::EVERY && self.done < self.total {
            return;
        }
        self.last = Instant::now();
        let elapsed = self.start.elapsed().as_secs_f64();
        let left = if self.done == 0 {
            0.0
        } else {
            elapsed / self.done as f64 * self.total.saturating_sub(self.done) as f64
        };
        eprintln!(
            "{}: {}/{} done, {note}, {:.0} s elapsed, about {:.0} s left",
            self.what, self.done, self.total, elapsed, left
        );
    }
}

/// Arguments of `damka tune`.
#[derive(clap::Args, Clone, Debug)]
pub struct TuneArgs {
    /// Positions written by `selfplay`.
    #[arg(long)]
    pub data: std::path::PathBuf,
    /// Gradient steps.
    #[arg(long, default_value_t = 2000)]
    pub iterations: usize,
    /// Keep this feature's weight as it is (repeatable; the man's weight is kept unless --k is
    /// given).
    #[arg(long)]
    pub fix: Vec<String>,
    /// The sigmoid's scale, instead of fitting it to the starting weights; the man's weight is
    /// then fitted too.
    #[arg(long)]
    pub k: Option<f64>,
    /// The game.
    #[arg(long, default_value_t = Variant::Russian)]
    pub variant: Variant,
    /// Share of the target taken from the self-play search's score instead of the game's
    /// result (0 to 1; positions written without a score always use the result).
    #[arg(long, default_value_t = 0.0)]
    pub score_share: f64,
}

/// True for the draughts games, whose weights end in a man and a king square table.
fn variant_has_square_tables(variant: Variant) -> bool {
    !matches!(
        variant,
        Variant::Turkish
            | Variant::Ugolki
            | Variant::UgolkiDiagonal
            | Variant::Bashni
            | Variant::Lasca
    )
}

/// What `damka train` learns.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrainModel {
    /// The pattern tables (`src/draughts/eval/russian.patterns`).
    Patterns,
    /// The network (`src/draughts/eval/russian.network`).
    Network,
}

/// Arguments of `damka train`.
#[derive(clap::Args, Clone, Debug)]
pub struct TrainArgs {
    /// Russian positions written by `selfplay`, in game order (the last tenth is held out).
    #[arg(long)]
    pub data: std::path::PathBuf,
    /// The file to write: a pattern file or a network file, as `--model` says.
    #[arg(long)]
    pub out: std::path::PathBuf,
    /// What to learn.
    #[arg(long, value_enum, default_value_t = TrainModel::Patterns)]
    pub model: TrainModel,
    /// Passes over the positions.
    #[arg(long, default_value_t = 30)]
    pub epochs: usize,
    /// Adam's step size (default: 1 hundredth of a man for patterns, 0.001 for the network).
    #[arg(long)]
    pub rate: Option<f64>,
    /// L2 penalty per pattern value.
    #[arg(long, default_value_t = 1e-7)]
    pub l2: f64,
    /// Share of the target taken from the self-play search's score instead of the game's
    /// result (0 to 1; positions written without a score always use the result).
    #[arg(long, default_value_t = 0.0)]
    pub score_share: f64,
}

/// `damka train`: learns the Russian pattern tables or network from self-play positions on top
/// of the linear evaluation and writes them to a file.
pub fn train(args: TrainArgs) -> Result<(), String> {
    use crate::tune::{network, patterns, selfplay::read_samples};
    if !(0.0..=1.0).contains(&args.score_share) {
        return Err(format!(
            "--score-share must be between 0 and 1, not {}",
            args.score_share
        ));
    }
    let text = std::fs::read_to_string(&args.data)
        .map_err(|e| format!("cannot read {}: {e}", args.data.display()))?;
    let (samples, bad) = read_samples(&text);
    output::line(&format!(
        "{} positions ({bad} lines unreadable)",
        samples.len()
    ));
    let start = Instant::now();
    let epochs = args.epochs;
    let progress = |epoch: usize, train: f64, held_out: f64| {
        log::info!("epoch {epoch}: error {train:.6}, held out {held_out:.6}");
        eprintln!(
            "train: epoch {epoch}/{epochs}: error {train:.6}, held out {held_out:.6}, {:.0} s",
            start.elapsed().as_secs_f64()
        );
    };
    let weights = crate::draughts::eval::russian_weights();
    let (bytes, k, positions, held_out_error, best_epoch) = match args.model {
        TrainModel::Patterns => {
            let config = patterns::TrainConfig {
                epochs,
                rate: args.rate.unwrap_or(1.0),
                l2: args.l2,
                score_share: args.score_share,
                ..patterns::TrainConfig::default()
            };
            let t = patterns::train(&samples, &weights, &config, progress)?;
            let bytes = t.table.write();
            (bytes, t.k, t.positions, t.held_out_error, t.best_epoch)
        }
        TrainModel::Network => {
            let config = network::TrainConfig {
                epochs,
                rate: args.rate.unwrap_or(1e-3),
                score_share: args.score_share,
                ..network::TrainConfig::default()
            };
            let t = network::train(&samples, &weights, &config, progress)?;
            let bytes = t.network.write();
            (bytes, t.k, t.positions, t.held_out_error, t.best_epoch)
        }
    };
    std::fs::write(&args.out, bytes)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    output::line(&format!(
        "k {k:.3}; {} training and {} held-out positions; held-out error {:.6} -> {:.6} \
         (epoch {best_epoch}); {:.0} s; written to {}",
        positions.0,
        positions.1,
        held_out_error.0,
        held_out_error.1,
        start.elapsed().as_secs_f64(),
        args.out.display()
    ));
    Ok(())
}

/// `damka tune`: fits the evaluation weights of the game to the positions in the data file and
/// prints them, term by term and as the Rust array to put in the game's weight table (`draughts::eval`).
pub fn tune(args: TuneArgs) -> Result<(), String> {
    let TuneArgs {
        data,
        iterations,
        fix: fixed,
        k,
        variant,
        score_share,
    } = args;
    if !(0.0..=1.0).contains(&score_share) {
        return Err(format!(
            "--score-share must be between 0 and 1, not {score_share}"
        ));
    }
    use crate::draughts::eval::{FEATURES, KING_SQUARES, MAN_SQUARES, SCALAR_NAMES};
    use crate::tune::{selfplay::read_samples, texel};
    let text = std::fs::read_to_string(&data)
        .map_err(|e| format!("cannot read {}: {e}", data.display()))?;
    let (samples, bad) = read_samples(&text);
    let prepared = texel::prepare(variant, &samples);
    if prepared.is_empty() {
        return Err(format!("no usable positions in {}", data.display()));
    }
    output::line(&format!(
        "{} positions ({} lines unreadable, {} used)",
        samples.len(),
        bad,
        prepared.len()
    ));
    // A weight by its name, or a whole draughts square table.
    let names: Vec<String> = (0..FEATURES)
        .map(|i| crate::with_game!(variant, G => G::weight_name(i)))
        .collect();
    let mut kept = Vec::new();
    for name in &fixed {
        match name.as_str() {
            "man squares" if variant_has_square_tables(variant) => {
                kept.extend(MAN_SQUARES..KING_SQUARES)
            }
            "king squares" if variant_has_square_tables(variant) => {
                kept.extend(KING_SQUARES..FEATURES)
            }
            other => kept.push(names.iter().position(|n| n == other).ok_or_else(|| {
                let known = if variant_has_square_tables(variant) {
                    format!("{}, man squares, king squares", SCALAR_NAMES.join(", "))
                } else {
                    let listed: Vec<&str> = names
                        .iter()
                        .filter(|n| !n.is_empty())
                        .map(String::as_str)
                        .collect();
                    listed.join(", ")
                };
                format!("no feature '{other}' (features: {known})")
            })?),
        }
    }
    let start = crate::with_game!(variant, G => G::weights());
    let scale = k.map_or(texel::Scale::Fitted, texel::Scale::Given);
    let tuned = texel::tune(&prepared, &start, iterations, &kept, scale, score_share);
    output::line(&format!(
        "k {:.3}, error {:.6} -> {:.6}",
        tuned.k, tuned.error_before, tuned.error_after
    ));
    for (i, name) in names.iter().enumerate().filter(|(_, n)| !n.is_empty()) {
        output::line(&format!(
            "{:<24} {:>6} -> {:>6}",
            name, start.0[i], tuned.weights.0[i]
        ));
    }
    output::line(&format!("Weights({:?})", tuned.weights.0));
    Ok(())
}

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
}

/// `damka dxp`: a DXP follower or initiator for International draughts.
pub fn dxp(args: DxpArgs) -> Result<(), String> {
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
        ..DxpConfig::default()
    };
    if let Some(name) = args.name {
        config.name = name;
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
