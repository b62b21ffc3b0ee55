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

/// [`divide`], counting below each root move on the calling thread unless `parallel`, and
/// telling `done` (root moves counted, root moves, the last one's count) after each one: the
/// progress of a deep perft.
pub fn divide_reporting<G: Game>(
    pos: &G::Position,
    depth: u32,
    counting: Counting,
    parallel: bool,
    done: &mut dyn FnMut(usize, usize, u64),
) -> Vec<(G::Move, u64)> {
    let mut roots = MoveList::new();
    G::perft_expand(pos, counting, &mut roots);
    let below = depth.saturating_sub(1);
    let total = roots.len();
    roots
        .iter()
        .enumerate()
        .map(|(i, &mv)| {
            let child = G::play(pos, mv);
            let n = if parallel {
                parallel_perft::<G>(&child, below, counting)
            } else {
                perft::<G>(&child, below, counting)
            };
            done(i + 1, total, n);
            (mv, n)
        })
        .collect()
}

/// [`perft`] with the tree split across the current rayon pool: the nodes two plies down (or
/// fewer, for shallow depths) are counted as independent jobs.
pub fn parallel_perft<G: Game>(pos: &G::Position, depth: u32, counting: Counting) -> u64 {
    if depth <= 3 {
        return perft::<G>(pos, depth, counting);
    }
    let mut jobs: Vec<G::Position> = vec![*pos];
    let mut list = MoveList::new();
    for _ in 0..2 {
        let mut next = Vec::new();
        for node in &jobs {
            G::perft_expand(node, counting, &mut list);
            next.extend(list.iter().map(|&mv| G::play(node, mv)));
        }
        jobs = next;
    }
    jobs.par_iter()
        .map_init(
            || move_lists(depth - 2),
            |lists, job| perft_inner::<G>(job, depth - 2, counting, lists),
        )
        .sum()
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
}
