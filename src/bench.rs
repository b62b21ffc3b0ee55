//! `bench`: a fixed search over a fixed list of positions, one thread, a 16 MiB table cleared
//! before each position. Its total node count is the build's signature: it changes only when
//! the search or the evaluation changes, and a commit that changes it says `Bench: <N>`.
//! With more threads (`damka bench --threads N`) the node count is no longer fixed; the times
//! to depth then measure what the extra threads buy (with `--hash`, in a table big enough for
//! all of them).

use crate::draw::DrawRules;
use crate::game::{Game, Record};
use crate::search::{self, Control, Limits, SearchConfig, Silent};
use crate::tt::Tt;
use crate::variant::Variant;
use crate::with_game;
use std::time::{Duration, Instant};

/// The depth `bench` searches to unless told otherwise.
pub const DEFAULT_DEPTH: u32 = 15;

/// Table size for `bench`, in MiB, unless told otherwise.
pub const DEFAULT_HASH_MIB: usize = 16;

/// Opening, middle game and ending positions on the 8×8 board (legal in all three games).
const POSITIONS_8X8: [&str; 12] = [
    "W:W21-32:B1-12",
    "W:Wa1,a3,b4,c1,c3,e1,f2,f4,g1,g3,h2:Ba5,a7,b8,c7,d6,d8,e7,f6,f8,h6,h8",
    "W:Wa1,a3,b4,c1,d2,d4,e1,e3,g1,g3,h2,h4:Ba7,b8,d6,d8,e7,f6,f8,g5,h6,h8",
    "W:Wa1,a3,b2,b4,c1,d2,f2,h4:Ba7,b6,b8,c7,d4,d6,d8,g7,h2,h8",
    "W:Wa1,a3,b2,f2,g1,g3:Ba7,b6,c3,c5,c7,d8,e7,f8,g5,g7,h4",
    "W:Wa1,a3,a5,b4,d2,d4,e1,e3,f2:Bb6,b8,d6,d8,f6,g3,g5,g7",
    "W:Wb2,c1,d4,e3,g1,h4:Ba3,d6,e7,f4,f6,g7",
    "W:Wc5,e5,g5:Bb6,f6,h6",
    "W:WKa1,Kc3,e3:BKh8,Kd8,f6",
    "B:WKc1,Ke1,Kg1:BKd4",
    "W:WKe1,c3,e3:Bb6,d6,Kh8",
    "B:Wc3,e3,g3,h2:Bb6,d6,f6,h6,Kb8",
];

/// Opening, middle game and ending positions on the 10×10 board.
const POSITIONS_10X10: [&str; 8] = [
    "W:W31-50:B1-20",
    "W:W28,31,32,33,34,35,36,37,38,39,40,41,42,43,45,46,47,48,49:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,23",
    "B:W27,28,30,32,33,34,35,36,37,38,39,40,41,42,43,44,46,47,48,49:B1,2,3,4,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,22",
    "W:W26,27,28,30,31,32,33,34,36,37,38,39,41,42,44,45,47:B3,5,6,7,8,9,10,12,13,14,15,16,17,18,20,22,24",
    "W:W27,29,31,32,33,34,36,38,39,43,47:B3,6,8,12,13,14,16,17,18,19,23,24",
    "B:W25,28,32,33,37,38,42:B7,9,11,13,17,19,22",
    "W:WK46,33,39:BK5,19,24",
    "B:W30,34,38,40,45:B6,11,16,17,21",
];

/// The bench positions of a variant, as FENs.
pub fn positions(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Russian | Variant::Giveaway | Variant::Brazilian => &POSITIONS_8X8,
        Variant::International => &POSITIONS_10X10,
    }
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

/// How `bench` searches: the signature is depth [`DEFAULT_DEPTH`], one thread and
/// [`DEFAULT_HASH_MIB`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchConfig {
    /// Plies searched in each position.
    pub depth: u32,
    /// Search threads.
    pub threads: usize,
    /// Table size in MiB, cleared before each position.
    pub hash_mib: usize,
}

impl Default for BenchConfig {
    fn default() -> Self {
        BenchConfig {
            depth: DEFAULT_DEPTH,
            threads: 1,
            hash_mib: DEFAULT_HASH_MIB,
        }
    }
}

/// Runs the bench for `variant`.
pub fn run(variant: Variant, bench: BenchConfig) -> BenchResult {
    with_game!(variant, G => run_for::<G>(bench))
}

fn run_for<G: Game>(bench: BenchConfig) -> BenchResult {
    let BenchConfig {
        depth,
        threads,
        hash_mib,
    } = bench;
    let config = SearchConfig {
        threads: threads.max(1),
        ..SearchConfig::for_game::<G>()
    };
    let mut tt = Tt::new(hash_mib);
    let control = Control::default();
    let limits = Limits::depth(depth);
    let mut nodes = Vec::new();
    let mut times = Vec::new();
    let start = Instant::now();
    for fen in positions(G::VARIANT) {
        tt.clear();
        let game = Record::<G>::from_fen(fen, DrawRules::default()).expect("bench FENs are valid");
        let searched = Instant::now();
        let searched_nodes = search::run(&game, &limits, &config, &tt, &control, &mut Silent)
            .outcome
            .nodes;
        times.push(searched.elapsed());
        nodes.push(searched_nodes);
    }
    BenchResult {
        nodes,
        times,
        time: start.elapsed(),
    }
}
