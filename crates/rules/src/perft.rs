//! Perft: counting the leaves of the move tree to a fixed depth, the proof of move generation.
//!
//! Two conventions exist for capture sequences that take the same pieces in a different order:
//! [`Counting::Moves`] counts each distinct move once (docs/rules.md's definition of a move, and the
//! published reference tables); [`Counting::Paths`] counts every capture sequence, that is every
//! order of taking the pieces (the other published convention; a king touching down on a different
//! square between the same two captures does not make a new sequence). Leaves are bulk-counted: the last ply counts moves without playing them.
//!
//! ```
//! use damka_rules::{games::draughts::{Draughts, Russian}, game::Game, perft::{perft, Counting}};
//! type G = Draughts<Russian>;
//! assert_eq!(perft::<G>(&G::start(), 4, Counting::Moves), 1469);
//! ```

pub use crate::game::Counting;
use crate::game::Game;
use crate::moves::MoveList;
use rayon::prelude::*;
use std::time::Duration;

fn perft_inner<G: Game>(
    pos: &G::Position,
    depth: u32,
    counting: Counting,
    lists: &mut [MoveList<G::Move>],
) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one move list per ply");
    if depth == 1 {
        return G::perft_leaves(pos, counting, list);
    }
    G::perft_expand(pos, counting, list);
    let mut nodes = 0;
    for &mv in list.iter() {
        nodes += perft_inner::<G>(&G::play(pos, mv), depth - 1, counting, rest);
    }
    nodes
}

fn move_lists<M: Copy + PartialEq>(depth: u32) -> Vec<MoveList<M>> {
    (0..depth.max(1)).map(|_| MoveList::new()).collect()
}

/// Number of leaf nodes `depth` plies below `pos` (1 at depth 0), on the calling thread.
pub fn perft<G: Game>(pos: &G::Position, depth: u32, counting: Counting) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_inner::<G>(pos, depth, counting, &mut move_lists(depth))
}

/// The perft of each root move at `depth - 1`, in generation order (the `--divide` output).
/// Uses the current rayon pool for the work below each root move.
pub fn divide<G: Game>(pos: &G::Position, depth: u32, counting: Counting) -> Vec<(G::Move, u64)> {
    divide_reporting::<G>(pos, depth, counting, true, &mut |_, _, _| {})
}

/// [`divide`], counting on the calling thread unless `parallel`, and telling `done` (pieces
/// of work counted, pieces in all, the last one's count) after each piece: the progress of a
/// deep perft. A piece is a root move's subtree, or from depth 5 on each node two plies under
/// a root move, so that a deep perft reports every few seconds, not a few times in all.
/// `done` is called on one thread at a time, not always the calling one.
pub fn divide_reporting<G: Game>(
    pos: &G::Position,
    depth: u32,
    counting: Counting,
    parallel: bool,
    done: &mut (dyn FnMut(usize, usize, u64) + Send),
) -> Vec<(G::Move, u64)> {
    let mut roots = MoveList::new();
    G::perft_expand(pos, counting, &mut roots);
    let below = depth.saturating_sub(1);
    let split = if below > 3 { 2 } else { 0 };
    // (root move, node `split` plies below it)
    let mut pieces: Vec<(usize, G::Position)> = Vec::new();
    for (root, &mv) in roots.iter().enumerate() {
        let nodes = nodes_below::<G>(G::play(pos, mv), split, counting);
        pieces.extend(nodes.into_iter().map(|node| (root, node)));
    }
    let total = pieces.len();
    let reporter = std::sync::Mutex::new((0usize, done));
    let count = |lists: &mut Vec<MoveList<G::Move>>, (root, node): &(usize, G::Position)| {
        let n = match below - split {
            0 => 1,
            plies => perft_inner::<G>(node, plies, counting, lists),
        };
        // A poisoned lock only means another piece's report panicked: counting goes on.
        let mut guard = reporter.lock().unwrap_or_else(|e| e.into_inner());
        let (counted, done) = &mut *guard;
        *counted += 1;
        done(*counted, total, n);
        (*root, n)
    };
    let lists = || move_lists(below - split);
    let counts: Vec<(usize, u64)> = if parallel {
        pieces.par_iter().map_init(lists, count).collect()
    } else {
        let mut lists = lists();
        pieces
            .iter()
            .map(|piece| count(&mut lists, piece))
            .collect()
    };
    let mut per_root = vec![0u64; roots.len()];
    for (root, n) in counts {
        per_root[root] += n;
    }
    roots.iter().copied().zip(per_root).collect()
}

/// [`perft`] with the tree split across the current rayon pool: the nodes two plies down (or
/// fewer, for shallow depths) are counted as independent jobs.
pub fn parallel_perft<G: Game>(pos: &G::Position, depth: u32, counting: Counting) -> u64 {
    if depth <= 3 {
        return perft::<G>(pos, depth, counting);
    }
    nodes_below::<G>(*pos, 2, counting)
        .par_iter()
        .map_init(
            || move_lists(depth - 2),
            |lists, job| perft_inner::<G>(job, depth - 2, counting, lists),
        )
        .sum()
}

/// The nodes `plies` plies below `pos`, one per path (the pieces a perft is split into).
fn nodes_below<G: Game>(pos: G::Position, plies: u32, counting: Counting) -> Vec<G::Position> {
    let mut nodes = vec![pos];
    let mut list = MoveList::new();
    for _ in 0..plies {
        let mut next = Vec::new();
        for node in &nodes {
            G::perft_expand(node, counting, &mut list);
            next.extend(list.iter().map(|&mv| G::play(node, mv)));
        }
        nodes = next;
    }
    nodes
}

/// The last line of every `perft` report (CLI and protocol): `nodes <N> time <ms> nps <nps>`.
pub fn summary(nodes: u64, elapsed: Duration) -> String {
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    format!("nodes {nodes} time {} nps {nps}", elapsed.as_millis())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Variant;

    #[test]
    fn the_first_plies_count_the_legal_moves() {
        for variant in Variant::ALL {
            crate::with_game!(variant, G => {
                let start = G::start();
                let mut list = MoveList::new();
                G::generate(&start, &mut list);
                assert_eq!(perft::<G>(&start, 0, Counting::Moves), 1, "{variant}");
                assert_eq!(perft::<G>(&start, 1, Counting::Moves), list.len() as u64, "{variant}");
            })
        }
    }

    #[test]
    fn parallel_and_divide_agree_with_serial() {
        for variant in Variant::ALL {
            crate::with_game!(variant, G => {
                let start = G::start();
                let serial = perft::<G>(&start, 4, Counting::Moves);
                assert_eq!(parallel_perft::<G>(&start, 4, Counting::Moves), serial, "{variant}");
                let total: u64 = divide::<G>(&start, 4, Counting::Moves)
                    .iter()
                    .map(|(_, n)| n)
                    .sum();
                assert_eq!(total, serial, "{variant}");
            })
        }
    }

    #[test]
    fn a_deep_divide_reports_every_piece_once_and_counts_each_root_move() {
        type G = crate::games::draughts::Draughts<crate::games::draughts::Russian>;
        let start = G::start();
        for parallel in [false, true] {
            let mut reports = Vec::new();
            let lines = divide_reporting::<G>(
                &start,
                6,
                Counting::Moves,
                parallel,
                &mut |done, total, n| reports.push((done, total, n)),
            );
            // Split two plies under each root move: a piece for each of perft 3's 302 nodes.
            let counted: Vec<usize> = reports.iter().map(|r| r.0).collect();
            assert_eq!(
                counted,
                (1..=302).collect::<Vec<_>>(),
                "parallel {parallel}"
            );
            assert!(reports.iter().all(|r| r.1 == 302));
            let reported: u64 = reports.iter().map(|r| r.2).sum();
            assert_eq!(reported, perft::<G>(&start, 6, Counting::Moves));
            for (mv, n) in lines {
                assert_eq!(n, perft::<G>(&G::play(&start, mv), 5, Counting::Moves));
            }
        }
    }
}
