//! The search: lazy SMP over one shared transposition table.
//!
//! [`run`] starts `threads` workers inside a thread scope. Every worker runs its own iterative
//! deepening over the same root; helpers start at staggered depths and stay silent, so their
//! only effect is the table entries they leave for the others. The main worker owns the clock
//! and the output: it reports each completed iteration through the [`Reporter`] and decides
//! when to stop. The result is chosen by depth and vote among the workers.
//!
//! Nothing here prints; the front ends format what the reporter receives.

mod alphabeta;
mod busy;
mod config;
mod control;
mod databases;
mod evaluation;
mod ordering;
mod shared;
mod time;

pub use config::SearchConfig;
pub use control::Control;
pub use databases::{Databases, EndgameDatabase};
pub use ordering::MAX_PLY;
pub use time::{Limits, Progress, TimeManager};

use crate::tt::Tt;
use alphabeta::{RootMove, Worker};
use damka_rules::game::{Game, Record};
use damka_rules::notation::MoveRecord;
use damka_rules::score::Score;
use shared::{Clock, Shared};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// One line of search output: a principal variation at a completed depth.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Nominal depth in plies.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Mean ply of the leaves where the main search handed over to capture resolution.
    pub mean_depth: f64,
    /// Which principal variation (1 = best).
    pub multipv: usize,
    /// Score for the side to move.
    pub score: Score,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Table fill in per mille.
    pub hashfull: u32,
    /// Time since the search started.
    pub time: Duration,
    /// The moves of the variation.
    pub pv: Vec<MoveRecord>,
}

/// The result of a search, as the front ends see it.
#[derive(Clone, Debug)]
pub struct SearchOutcome {
    /// The move to play, for display (`None` when the side to move has no legal move).
    pub best: Option<MoveRecord>,
    /// The expected reply, to ponder on.
    pub ponder: Option<MoveRecord>,
    /// The score of the best move.
    pub score: Score,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
}

/// What [`run`] returns: the outcome as the front ends see it, and the principal variation as
/// moves of the game (the best move first).
#[derive(Clone, Debug)]
pub struct Searched<M> {
    /// The outcome for display.
    pub outcome: SearchOutcome,
    /// The principal variation; empty when the side to move has no legal move.
    pub pv: Vec<M>,
}

impl<M: Copy> Searched<M> {
    /// The move to play, if any.
    pub fn best_move(&self) -> Option<M> {
        self.pv.first().copied()
    }
}

impl<M> std::ops::Deref for Searched<M> {
    type Target = SearchOutcome;

    /// The outcome's fields (`score`, `best`, `nodes`…) read straight through.
    fn deref(&self) -> &SearchOutcome {
        &self.outcome
    }
}

/// Receives the search's output. Implementations format it for a protocol, collect it for
/// tests, or drop it (bench).
pub trait Reporter: Send {
    /// A principal variation of a completed iteration.
    fn info(&mut self, info: &SearchInfo);
    /// The final result; called exactly once per search.
    fn done(&mut self, outcome: &SearchOutcome);
    /// A problem met during the search that the user should see (a refused endgame database
    /// file); by default dropped.
    fn error(&mut self, text: &str) {
        let _ = text;
    }
    /// Something the user should know that does not stop the search (fewer threads than asked
    /// for); by default dropped.
    fn warning(&mut self, text: &str) {
        let _ = text;
    }
}

/// A reporter that keeps nothing.
pub struct Silent;

impl Reporter for Silent {
    fn info(&mut self, _info: &SearchInfo) {}
    fn done(&mut self, _outcome: &SearchOutcome) {}
}

/// What one worker finished with.
struct WorkerResult<M> {
    /// The last completed depth (0: none).
    depth: u32,
    /// Mean leaf depth of that iteration.
    mean_depth: f64,
    /// Root moves in that iteration's order, best first.
    moves: Vec<RootMove<M>>,
    nodes: u64,
}

/// Deepest iteration any search attempts.
const MAX_DEPTH: u32 = MAX_PLY as u32 - 8;

/// Searches the current position of `game` under `limits` and reports through `reporter`.
///
/// Returns after the search ends: at once on `stop`, at the limits otherwise. With `infinite`
/// or `ponder` the result is held back until `stop` (or, when pondering, `ponderhit`) arrives,
/// as UCI requires.
pub fn run<G: Game>(
    game: &Record<G>,
    limits: &Limits,
    config: &SearchConfig,
    tt: &Tt,
    control: &Control,
    reporter: &mut dyn Reporter,
) -> Searched<G::Move> {
    let position = *game.position();
    let side = G::side_to_move(&position);
    let clock = Clock {
        time: TimeManager::starting_at(limits, side, config.move_overhead, control.clock_start()),
        pondering: limits.ponder,
    };
    let threads = config.threads.max(1).min(hardware_threads());
    if threads < config.threads {
        reporter.warning(&format!(
            "Threads {} is more than the {threads} this machine runs at once; searching with {threads}",
            config.threads
        ));
    }
    let shared = Shared {
        abort: AtomicBool::new(false),
        node_limit: limits.nodes,
        nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        control,
        clock: Mutex::new(clock),
        busy: (threads > 1).then(busy::Busy::default),
    };
    let mut root_moves: Vec<G::Move> = game.legal_moves().iter().copied().collect();
    if !limits.searchmoves.is_empty() {
        let wanted: Vec<G::Move> = limits
            .searchmoves
            .iter()
            .filter_map(|text| G::parse_move(&position, text).ok())
            .collect();
        root_moves.retain(|mv| wanted.contains(mv));
    }
    // A won database ending: only the moves that convert it fastest.
    if let Some(egdb) = config.egdb.as_ref().and_then(Databases::for_game::<G>)
        && let Some(best) = egdb.root_moves(&position, &game.counters(), game.rules())
    {
        let kept: Vec<G::Move> = root_moves
            .iter()
            .copied()
            .filter(|mv| best.contains(mv))
            .collect();
        if !kept.is_empty() {
            root_moves = kept;
        }
    }
    tt.new_search();

    let root = (position, game.counters(), game.keys(), *game.rules());
    let results: Vec<WorkerResult<G::Move>> = if root_moves.is_empty() {
        Vec::new()
    } else {
        std::thread::scope(|scope| {
            let mut helpers = Vec::with_capacity(threads - 1);
            for id in 1..threads {
                let shared = &shared;
                let root_moves = &root_moves;
                let spawned = can_start_helper().and_then(|()| {
                    std::thread::Builder::new()
                        .name(format!("search-{id}"))
                        .spawn_scoped(scope, move || {
                            let mut worker =
                                Worker::<G>::new(id, shared, tt, config, root, root_moves);
                            iterate(&mut worker, shared, config, limits, None, tt)
                        })
                });
                match spawned {
                    Ok(helper) => helpers.push(helper),
                    Err(e) => {
                        let text = format!("searching with {id} of {threads} threads: {e}");
                        log::warn!("{text}");
                        reporter.warning(&text);
                        break;
                    }
                }
            }
            let mut main = Worker::<G>::new(0, &shared, tt, config, root, &root_moves);
            let mut results = vec![iterate(
                &mut main,
                &shared,
                config,
                limits,
                Some(&mut *reporter),
                tt,
            )];
            shared.abort.store(true, Ordering::Relaxed);
            results.extend(helpers.into_iter().filter_map(|h| h.join().ok()));
            results
        })
    };

    let nodes = results.iter().map(|r| r.nodes).sum();
    let chosen = choose(&results);
    // A helper that completed a deeper iteration than the main worker shows its lines too.
    if let (Some(main), Some(best)) = (results.first(), chosen)
        && best.depth > main.depth
    {
        let multipv = config.multipv.clamp(1, best.moves.len().max(1));
        report::<G>(reporter, best, &position, multipv, nodes, &shared, tt);
    }

    // Under `infinite` or `ponder`, the answer waits for the front end's word.
    if limits.waits_for_stop() {
        let released = || {
            control.stop.load(Ordering::Relaxed)
                || (limits.ponder && !limits.infinite && control.ponderhit.load(Ordering::Relaxed))
        };
        while !released() {
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    let (outcome, pv) = match chosen {
        Some(best) => {
            let rm = &best.moves[0];
            let records = G::line_records(&position, &rm.pv);
            let outcome = SearchOutcome {
                best: records.first().cloned(),
                ponder: records.get(1).cloned(),
                score: rm.score,
                depth: best.depth,
                nodes,
                time: shared.elapsed(),
            };
            (outcome, rm.pv.clone())
        }
        None => {
            let outcome = SearchOutcome {
                best: None,
                ponder: None,
                score: no_move_score::<G>(root_moves.is_empty() && game.legal_moves().is_empty()),
                depth: 0,
                nodes,
                time: shared.elapsed(),
            };
            (outcome, Vec::new())
        }
    };
    reporter.done(&outcome);
    Searched { outcome, pv }
}

/// The threads this machine runs at once. Lazy SMP gains nothing from more, and threads
/// waiting for a core would make the clock and `stop` late.
fn hardware_threads() -> usize {
    static COUNT: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *COUNT.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Memory a helper thread needs besides its stack (its move lists and lines), with room to
/// spare.
const HELPER_BYTES: usize = 16 << 20;

/// Whether the memory for one more helper can be had now: a helper that starts and then
/// cannot allocate would abort the process, so the search asks first and plays on with the
/// threads it has when the answer is no (a `ulimit -v`, an overcommitted machine).
fn can_start_helper() -> std::io::Result<()> {
    let mut probe: Vec<u8> = Vec::new();
    probe
        .try_reserve_exact(HELPER_BYTES)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::OutOfMemory, e))
}

/// The score of a search with nothing to search: a loss (giveaway: a win) when the side to
/// move has no legal move, else a draw (every root move was excluded).
fn no_move_score<G: Game>(no_legal_move: bool) -> Score {
    if !no_legal_move {
        Score::DRAW
    } else if G::NO_MOVE_WINS {
        Score::WIN
    } else {
        -Score::WIN
    }
}

/// Picks the worker whose move to play: the deepest, with votes weighted by depth and score
/// breaking ties between moves several workers agree on.
fn choose<M: Copy + PartialEq>(results: &[WorkerResult<M>]) -> Option<&WorkerResult<M>> {
    let done: Vec<&WorkerResult<M>> = results.iter().filter(|r| !r.moves.is_empty()).collect();
    let main = *done.first()?;
    let min_score = done.iter().map(|r| r.moves[0].score.0).min().unwrap_or(0);
    let vote = |mv: M| -> i64 {
        done.iter()
            .filter(|r| r.moves[0].mv == mv)
            .map(|r| (r.moves[0].score.0 - min_score + 10) as i64 * r.depth as i64)
            .sum()
    };
    let mut best = main;
    for &candidate in &done[1..] {
        let (c, b) = (&candidate.moves[0], &best.moves[0]);
        // A forced win found by any worker is taken; otherwise depth, then votes.
        let better = if c.score.is_decisive() || b.score.is_decisive() {
            c.score > b.score
        } else {
            candidate.depth > best.depth
                || (candidate.depth == best.depth && vote(c.mv) > vote(b.mv))
        };
        if better {
            best = candidate;
        }
    }
    Some(best)
}

/// Iterative deepening for one worker. The main worker (`reporter` given) reports, watches the
/// soft limit and the mate limit; helpers only search.
fn iterate<G: Game>(
    worker: &mut Worker<'_, G>,
    shared: &Shared<'_>,
    config: &SearchConfig,
    limits: &Limits,
    mut reporter: Option<&mut dyn Reporter>,
    tt: &Tt,
) -> WorkerResult<G::Move> {
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let multipv = config.multipv.clamp(1, worker.root_moves.len().max(1));
    // The last completed iteration.
    let mut completed = WorkerResult {
        depth: 0,
        mean_depth: 0.0,
        moves: Vec::new(),
        nodes: 0,
    };
    // The main worker's view of how settled the search is, for the clock.
    let mut progress = Progress::default();
    let mut best_scores: Vec<Score> = Vec::new();
    let mut last_best = None;
    // Helpers start one ply later every other thread, so that the workers spread over depths.
    let first_depth = 1 + (worker.id % 2) as u32;
    for depth in first_depth..=max_depth {
        worker.unfinished_best = None;
        for pv_index in 0..multipv {
            let previous = worker.root_moves[pv_index].score;
            let mut delta = 25;
            let (mut alpha, mut beta) =
                if depth >= 5 && !previous.is_decisive() && previous > -Score::INFINITE {
                    (previous - delta, previous + delta)
                } else {
                    (-Score::INFINITE, Score::INFINITE)
                };
            loop {
                let score = worker.search_root(depth as i32, alpha, beta, pv_index);
                if worker.aborted {
                    break;
                }
                if score <= alpha {
                    beta = Score((alpha.0 + beta.0) / 2);
                    alpha = (score - delta).max(-Score::INFINITE);
                } else if score >= beta {
                    beta = (score + delta).min(Score::INFINITE);
                } else {
                    break;
                }
                delta += delta;
            }
            if worker.aborted {
                break;
            }
            // A later line can come out better than an earlier one (its window and the table
            // differ): keep the lines best first.
            worker.root_moves[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        }
        if worker.aborted {
            if adopt_unfinished_best(&mut completed, worker.unfinished_best.take())
                && let Some(reporter) = reporter.as_deref_mut()
            {
                let total = shared.total_nodes(worker.nodes);
                report::<G>(reporter, &completed, &worker.root(), 1, total, shared, tt);
            }
            break;
        }
        completed.depth = depth;
        completed.mean_depth = worker.mean_depth();
        completed.moves.clone_from(&worker.root_moves);
        completed.nodes = worker.nodes;
        // The depth asked for is reached: whichever worker gets there first ends the search.
        if limits.depth.is_some() && depth == max_depth {
            shared.abort.store(true, Ordering::Relaxed);
        }
        if let Some(reporter) = reporter.as_deref_mut() {
            let total = shared.total_nodes(worker.nodes);
            report::<G>(
                reporter,
                &completed,
                &worker.root(),
                multipv,
                total,
                shared,
                tt,
            );
            let best = completed.moves[0].score;
            progress = progress_after(&progress, &completed, &mut last_best, &mut best_scores);
            shared.observe(&progress);
            let mate_found = limits
                .mate
                .is_some_and(|n| best.mate_moves().is_some_and(|m| m > 0 && m as u32 <= n));
            let timed = limits.movetime.is_some() || limits.time.iter().any(Option::is_some);
            let only_move =
                timed && completed.moves.len() == 1 && !limits.waits_for_stop() && depth >= 4;
            if mate_found || only_move || shared.soft_expired() {
                break;
            }
            // A forced result proven far inside the depth will not change.
            if best.is_decisive() && !limits.waits_for_stop() && limits.depth.is_none() {
                let plies = Score::WIN.0 - best.0.abs();
                if (plies as u32) * 2 + 4 < depth {
                    break;
                }
            }
        }
    }
    if completed.moves.is_empty() {
        // Not even depth 1 finished: fall back on the generation order.
        completed.moves.clone_from(&worker.root_moves);
    }
    completed.nodes = worker.nodes;
    completed
}

/// Puts `better`, a root move that beat the first one in an iteration cut short, at the head
/// of the last completed iteration's moves, and says whether it did. Its search ended, so the
/// deeper search prefers it to the completed iteration's move; under a clock the last
/// iteration is nearly always cut short, and keeping the older choice would waste it.
fn adopt_unfinished_best<M: PartialEq>(
    completed: &mut WorkerResult<M>,
    better: Option<RootMove<M>>,
) -> bool {
    let Some(better) = better else {
        return false;
    };
    let Some(at) = completed.moves.iter().position(|rm| rm.mv == better.mv) else {
        return false;
    };
    completed.moves[..=at].rotate_right(1);
    completed.moves[0] = better;
    true
}

/// The progress after `iteration`, given that before it: whether its best move is the last
/// one's (`last_best`, updated), and how far its score fell below the mean of the last three
/// (`scores` keeps the best scores so far).
fn progress_after<M: PartialEq + Clone>(
    before: &Progress,
    iteration: &WorkerResult<M>,
    last_best: &mut Option<M>,
    scores: &mut Vec<Score>,
) -> Progress {
    let best = &iteration.moves[0];
    let same_move = last_best.as_ref() == Some(&best.mv);
    *last_best = Some(best.mv.clone());
    let recent = &scores[scores.len().saturating_sub(3)..];
    let score_drop = if recent.is_empty()
        || best.score.is_decisive()
        || recent.iter().any(|s| s.is_decisive())
    {
        0
    } else {
        let mean = recent.iter().map(|s| s.0).sum::<i32>() / recent.len() as i32;
        (mean - best.score.0).max(0)
    };
    scores.push(best.score);
    Progress {
        stable_iterations: if same_move {
            before.stable_iterations + 1
        } else {
            0
        },
        score_drop,
    }
}

/// Reports the principal variations of a completed iteration; `total` is the nodes of all
/// workers.
fn report<G: Game>(
    reporter: &mut dyn Reporter,
    iteration: &WorkerResult<G::Move>,
    root: &G::Position,
    multipv: usize,
    total: u64,
    shared: &Shared<'_>,
    tt: &Tt,
) {
    let time = shared.elapsed();
    let nps = (total as f64 / time.as_secs_f64().max(1e-6)) as u64;
    let hashfull = tt.hashfull();
    for (index, rm) in iteration.moves.iter().take(multipv).enumerate() {
        reporter.info(&SearchInfo {
            depth: iteration.depth,
            seldepth: rm.seldepth.max(iteration.depth),
            mean_depth: iteration.mean_depth,
            multipv: index + 1,
            score: rm.score,
            nodes: total,
            nps,
            hashfull,
            time,
            pv: G::line_records(root, &rm.pv),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root_move(mv: u8, score: i32) -> RootMove<u8> {
        RootMove {
            mv,
            score: Score(score),
            pv: vec![mv],
            seldepth: 0,
        }
    }

    fn completed(moves: &[u8]) -> WorkerResult<u8> {
        WorkerResult {
            depth: 9,
            mean_depth: 0.0,
            moves: moves.iter().map(|&mv| root_move(mv, 10)).collect(),
            nodes: 0,
        }
    }

    #[test]
    fn a_move_that_beat_the_first_in_a_cut_short_iteration_is_played() {
        let mut result = completed(&[1, 2, 3, 4]);
        assert!(adopt_unfinished_best(&mut result, Some(root_move(3, 40))));
        let order: Vec<u8> = result.moves.iter().map(|rm| rm.mv).collect();
        assert_eq!(order, [3, 1, 2, 4]);
        assert_eq!(result.moves[0].score, Score(40));
        assert_eq!(
            result.depth, 9,
            "the completed depth is still the one reported"
        );
    }

    #[test]
    fn without_a_better_move_the_completed_iteration_stands() {
        let mut result = completed(&[1, 2]);
        assert!(!adopt_unfinished_best(&mut result, None));
        assert!(!adopt_unfinished_best(&mut result, Some(root_move(7, 40))));
        let order: Vec<u8> = result.moves.iter().map(|rm| rm.mv).collect();
        assert_eq!(order, [1, 2]);
    }
}
