//! Perft: counting the leaves of the move tree to a fixed depth, the proof of move generation.
//!
//! Two conventions exist for capture sequences that take the same pieces in a different order:
//! [`Counting::Moves`] counts each distinct move once (docs/rules.md's definition of a move, and the
//! published reference tables); [`Counting::Paths`] counts every capture sequence, that is every
//! order of taking the pieces (the other published convention; a king touching down on a different
//! square between the same two captures does not make a new sequence). Leaves are bulk-counted: the last ply counts moves without playing them.
//!
//! ```
//! use damka::{perft::{perft, Counting}, position::Position, variant::Russian};
//! assert_eq!(perft(&Position::<Russian>::startpos(), 4, Counting::Moves), 1469);
//! ```

use crate::movegen::{
    CaptureSink, SequenceCounter, count_moves, gen_captures, gen_moves, has_capture,
};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::types::Square;
use crate::variant::Rules;
use rayon::prelude::*;
use std::time::Duration;

/// How capture sequences that make the same move are counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Counting {
    /// Each distinct (from, to, captured set) once.
    Moves,
    /// Every capture sequence (order of captured pieces) separately.
    Paths,
}

/// Collects one move per capture sequence (see [`SequenceCounter`]), duplicates of a move
/// included.
struct EverySequence<'a, B: crate::board::Diagonal> {
    list: &'a mut MoveList,
    counter: SequenceCounter<B>,
}

impl<B: crate::board::Diagonal> CaptureSink for EverySequence<'_, B> {
    fn sequence(&mut self, mv: Move, path: &[Square]) {
        if self.counter.is_new(mv, path) {
            self.list.push(mv);
        }
    }

    fn restart(&mut self) {
        self.list.clear();
        self.counter.restart();
    }
}

/// The moves to expand at an inner node under `counting`.
#[inline]
fn expand<R: Rules>(pos: &Position<R>, counting: Counting, list: &mut MoveList) {
    match counting {
        Counting::Moves => gen_moves(pos, list),
        Counting::Paths => {
            if has_capture(pos) {
                list.clear();
                let counter =
                    SequenceCounter::<R::Board>::new(pos.pieces(pos.side_to_move().opponent()));
                gen_captures(pos, &mut EverySequence { list, counter });
            } else {
                gen_moves(pos, list);
            }
        }
    }
}

/// Number of moves at a leaf under `counting`.
#[inline]
fn count_leaf<R: Rules>(pos: &Position<R>, counting: Counting, scratch: &mut MoveList) -> u64 {
    match counting {
        Counting::Moves => count_moves(pos, scratch) as u64,
        Counting::Paths => {
            if has_capture(pos) {
                let mut counter =
                    SequenceCounter::<R::Board>::new(pos.pieces(pos.side_to_move().opponent()));
                gen_captures(pos, &mut counter);
                counter.count
            } else {
                count_moves(pos, scratch) as u64
            }
        }
    }
}

fn perft_inner<R: Rules>(
    pos: &Position<R>,
    depth: u32,
    counting: Counting,
    lists: &mut [MoveList],
) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one move list per ply");
    if depth == 1 {
        return count_leaf(pos, counting, list);
    }
    expand(pos, counting, list);
    let mut nodes = 0;
    for &mv in list.iter() {
        nodes += perft_inner(&pos.after(mv), depth - 1, counting, rest);
    }
    nodes
}

fn move_lists(depth: u32) -> Vec<MoveList> {
    (0..depth.max(1)).map(|_| MoveList::new()).collect()
}

/// Number of leaf nodes `depth` plies below `pos` (1 at depth 0), on the calling thread.
pub fn perft<R: Rules>(pos: &Position<R>, depth: u32, counting: Counting) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_inner(pos, depth, counting, &mut move_lists(depth))
}

/// The perft of each root move at `depth - 1`, in generation order (the `--divide` output).
/// Uses the current rayon pool for the work below each root move.
pub fn divide<R: Rules>(pos: &Position<R>, depth: u32, counting: Counting) -> Vec<(Move, u64)> {
    let mut roots = MoveList::new();
    expand(pos, counting, &mut roots);
    roots
        .iter()
        .map(|&mv| {
            (
                mv,
                parallel_perft(&pos.after(mv), depth.saturating_sub(1), counting),
            )
        })
        .collect()
}

/// [`perft`] with the tree split across the current rayon pool: the nodes two plies down (or
/// fewer, for shallow depths) are counted as independent jobs.
pub fn parallel_perft<R: Rules>(pos: &Position<R>, depth: u32, counting: Counting) -> u64 {
    if depth <= 3 {
        return perft(pos, depth, counting);
    }
    let mut jobs: Vec<Position<R>> = vec![*pos];
    let mut list = MoveList::new();
    for _ in 0..2 {
        let mut next = Vec::new();
        for node in &jobs {
            expand(node, counting, &mut list);
            next.extend(list.iter().map(|&mv| node.after(mv)));
        }
        jobs = next;
    }
    jobs.par_iter()
        .map_init(
            || move_lists(depth - 2),
            |lists, job| perft_inner(job, depth - 2, counting, lists),
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
    use crate::variant::Russian;

    #[test]
    fn shallow_start_position_counts() {
        let start = Position::<Russian>::startpos();
        let expected = [1, 7, 49, 302, 1469, 7482];
        for (depth, nodes) in expected.into_iter().enumerate() {
            assert_eq!(perft(&start, depth as u32, Counting::Moves), nodes);
        }
    }

    #[test]
    fn parallel_and_divide_agree_with_serial() {
        let start = Position::<Russian>::startpos();
        let serial = perft(&start, 6, Counting::Moves);
        assert_eq!(parallel_perft(&start, 6, Counting::Moves), serial);
        let total: u64 = divide(&start, 6, Counting::Moves)
            .iter()
            .map(|(_, n)| n)
            .sum();
        assert_eq!(total, serial);
    }
}
