//! `bench`: a fixed search over a fixed list of positions, one thread, a 16 MiB table cleared
//! before each position. Its total node count is the build's signature: it changes only when
//! the search or the evaluation changes, and a commit that changes it says `Bench: <N>`.
//! With more threads (`damka bench --threads N`) the node count is no longer fixed; the times
//! to depth then measure what the extra threads buy (with `--hash`, in a table big enough for
//! all of them).

use crate::search::{self, Control, Limits, SearchConfig, Silent};
use crate::tt::Tt;
use damka_rules::draw::DrawRules;
use damka_rules::game::{Game, Record};
use damka_rules::games::Variant;
use damka_rules::with_game;
use std::time::{Duration, Instant};

/// Table size for `bench`, in MiB, unless told otherwise.
pub const DEFAULT_HASH_MIB: usize = 16;

/// The bench positions of a game, as FENs (each game's [`Game::BENCH_POSITIONS`]).
pub fn positions(variant: Variant) -> &'static [&'static str] {
    with_game!(variant, G => G::BENCH_POSITIONS)
}

/// What a bench run measured.
#[derive(Clone, Debug)]
pub struct BenchResult {
    /// Nodes searched for each position, in list order.
    pub nodes: Vec<u64>,
    /// Time to depth for each position, in list order.
    pub times: Vec<Duration>,
    /// Time spent searching.
    pub time: Duration,
}

impl BenchResult {
    /// All nodes: the signature.
    pub fn total(&self) -> u64 {
        self.nodes.iter().sum()
    }

    /// Nodes per second over the whole run.
    pub fn nps(&self) -> u64 {
        (self.total() as f64 / self.time.as_secs_f64().max(1e-9)) as u64
    }

    /// The report `bench` prints (CLI and protocol): `position <i> nodes <n> time <ms>` for
    /// each position, then `<N> nodes <M> nps`.
    pub fn report(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .nodes
            .iter()
            .zip(&self.times)
            .enumerate()
            .map(|(i, (n, t))| format!("position {} nodes {n} time {}", i + 1, t.as_millis()))
            .collect();
        lines.push(format!("{} nodes {} nps", self.total(), self.nps()));
        lines
    }
}

/// How `bench` searches: the signature is the game's [`Game::BENCH_DEPTH`], one thread and
/// [`DEFAULT_HASH_MIB`].
#[derive(Clone, Debug, PartialEq)]
pub struct BenchConfig {
    /// Plies searched in each position; `None` for the game's [`Game::BENCH_DEPTH`].
    pub depth: Option<u32>,
    /// Search threads.
    pub threads: usize,
    /// Table size in MiB, cleared before each position.
    pub hash_mib: usize,
    /// Evaluate with the game's network where it has one (the signature has it on).
    pub network: bool,
    /// A network played instead of the game's built-in one (`bench --network FILE`: its
    /// speed; the count is then no signature).
    pub network_file: Option<std::sync::Arc<damka_rules::network::Quantised>>,
}

impl Default for BenchConfig {
    fn default() -> Self {
        BenchConfig {
            depth: None,
            threads: 1,
            hash_mib: DEFAULT_HASH_MIB,
            network: true,
            network_file: None,
        }
    }
}

/// Runs the bench for `variant`; an error if the table of the size asked for cannot be had.
pub fn run(variant: Variant, bench: BenchConfig) -> Result<BenchResult, String> {
    run_with_egdb(variant, bench, None)
}

/// [`run`] with endgame databases probed in the search (`damka bench --egdb DIR`): the node
/// count is then not the build's signature.
pub fn run_with_egdb(
    variant: Variant,
    bench: BenchConfig,
    egdb: Option<crate::search::Databases>,
) -> Result<BenchResult, String> {
    run_reporting(variant, bench, egdb, &mut |_, _| {})
}

/// [`run_with_egdb`], telling `done` (positions searched, positions) after each position: the
/// progress of a deep bench.
pub fn run_reporting(
    variant: Variant,
    bench: BenchConfig,
    egdb: Option<crate::search::Databases>,
    done: &mut dyn FnMut(usize, usize),
) -> Result<BenchResult, String> {
    with_game!(variant, G => run_for::<G>(bench, egdb, done))
}

fn run_for<G: Game>(
    bench: BenchConfig,
    egdb: Option<crate::search::Databases>,
    done: &mut dyn FnMut(usize, usize),
) -> Result<BenchResult, String> {
    let BenchConfig {
        depth,
        threads,
        hash_mib,
        network,
        network_file,
    } = bench;
    let config = SearchConfig {
        threads: threads.max(1),
        network,
        network_file,
        egdb,
        ..SearchConfig::for_game::<G>()
    };
    let mut tt = Tt::try_new(hash_mib)?;
    let control = Control::default();
    let limits = Limits::depth(depth.unwrap_or(G::BENCH_DEPTH));
    let mut nodes = Vec::new();
    let mut times = Vec::new();
    let start = Instant::now();
    for fen in G::BENCH_POSITIONS {
        tt.clear();
        let game = Record::<G>::from_fen(fen, DrawRules::default()).expect("bench FENs are valid");
        let searched = Instant::now();
        let searched_nodes = search::run(&game, &limits, &config, &tt, &control, &mut Silent)
            .outcome
            .nodes;
        times.push(searched.elapsed());
        nodes.push(searched_nodes);
        done(nodes.len(), G::BENCH_POSITIONS.len());
    }
    Ok(BenchResult {
        nodes,
        times,
        time: start.elapsed(),
    })
}
