//! Move ordering: the table move first, then captures by how much they take, promotions,
//! the two killer moves of the ply, and the rest by a history score with gravity.

use damka_rules::game::GameMove;
use damka_rules::moves::MoveList;
use damka_rules::types::Side;

/// Most plies a search line can reach.
pub const MAX_PLY: usize = 128;

/// The history score's ceiling: updates shrink towards it, so old lessons fade.
const HISTORY_MAX: i32 = 16_384;

/// Per-thread ordering knowledge: killers per ply and a from/to history per side.
pub struct Ordering<M> {
    killers: [[Option<M>; 2]; MAX_PLY],
    history: Box<[[[i32; 64]; 64]; 2]>,
}

impl<M: GameMove> Default for Ordering<M> {
    fn default() -> Self {
        Ordering {
            killers: [[None; 2]; MAX_PLY],
            history: Box::new([[[0; 64]; 64]; 2]),
        }
    }
}

impl<M: GameMove> Ordering<M> {
    /// The history score of a quiet move.
    #[inline]
    pub fn history(&self, side: Side, mv: M) -> i32 {
        self.history[side.index()][mv.from().index() & 63][mv.to().index() & 63]
    }

    /// Records that quiet move `best` caused a cut-off at `depth`, after the quiet moves in
    /// `tried` failed to.
    pub fn reward(&mut self, side: Side, ply: usize, depth: i32, best: M, tried: &[M]) {
        let bonus = (depth * depth).min(400) * 8;
        self.update(side, best, bonus);
        for &mv in tried {
            if mv != best {
                self.update(side, mv, -bonus);
            }
        }
        if let Some(killers) = self.killers.get_mut(ply)
            && killers[0] != Some(best)
        {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
    }

    fn update(&mut self, side: Side, mv: M, bonus: i32) {
        let entry = &mut self.history[side.index()][mv.from().index() & 63][mv.to().index() & 63];
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }

    /// Sort keys for every move of `list`, best first when sorted descending.
    pub fn score_moves(
        &self,
        list: &MoveList<M>,
        side: Side,
        ply: usize,
        table_move: Option<M>,
        out: &mut Vec<i32>,
    ) {
        out.clear();
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        out.extend(list.iter().map(|&mv| {
            if Some(mv) == table_move {
                1 << 30
            } else if mv.is_capture() {
                (1 << 24) + mv.captures() as i32 * 1024 + mv.promotes() as i32 * 512
            } else if mv.promotes() {
                1 << 23
            } else if Some(mv) == killers[0] {
                (1 << 22) + 1
            } else if Some(mv) == killers[1] {
                1 << 22
            } else {
                self.history(side, mv)
            }
        }));
    }

    /// True if `mv` is a killer at `ply`.
    pub fn is_killer(&self, ply: usize, mv: M) -> bool {
        self.killers.get(ply).is_some_and(|k| k.contains(&Some(mv)))
    }
}

/// Lists longer than this are sorted at once by [`sort_if_long`]; shorter ones are picked from
/// lazily by [`pick_next`].
pub const LONG_LIST: usize = 256;

/// Sorts a list of more than [`LONG_LIST`] moves by `keys`, best first (ties keep their order),
/// and returns true; leaves a shorter list alone and returns false. Picking lazily costs a pass
/// over the rest of the list per move tried, which for the thousands of capture paths of a tower
/// game's position adds up to hundreds of millions of comparisons; one sort costs far less.
pub fn sort_if_long<M: Copy>(moves: &mut [M], keys: &mut [i32]) -> bool {
    if moves.len() <= LONG_LIST {
        return false;
    }
    let mut pairs: Vec<(i32, M)> = keys.iter().copied().zip(moves.iter().copied()).collect();
    pairs.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
    for (i, (key, mv)) in pairs.into_iter().enumerate() {
        keys[i] = key;
        moves[i] = mv;
    }
    true
}

/// Moves the best remaining move (by `keys`) to index `from` and returns it: a selection sort
/// done lazily, since a cut-off often comes before the list is exhausted.
#[inline]
pub fn pick_next<M: Copy>(moves: &mut [M], keys: &mut [i32], from: usize) -> M {
    let mut best = from;
    for i in from + 1..moves.len() {
        if keys[i] > keys[best] {
            best = i;
        }
    }
    moves.swap(from, best);
    keys.swap(from, best);
    moves[from]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_is_sorted_best_first_keeping_ties_in_order() {
        let mut moves: Vec<usize> = (0..LONG_LIST + 10).collect();
        let mut keys: Vec<i32> = moves.iter().map(|&i| (i % 7) as i32).collect();
        assert!(sort_if_long(&mut moves, &mut keys));
        assert!(keys.windows(2).all(|w| w[0] >= w[1]));
        assert_eq!(&moves[..3], &[6, 13, 20]);
        assert!(moves.iter().zip(&keys).all(|(&m, &k)| (m % 7) as i32 == k));
    }

    #[test]
    fn a_short_list_is_left_to_lazy_picking() {
        let mut moves = vec![1, 2, 3];
        let mut keys = vec![1, 3, 2];
        assert!(!sort_if_long(&mut moves, &mut keys));
        assert_eq!(moves, [1, 2, 3]);
        assert_eq!(pick_next(&mut moves, &mut keys, 0), 2);
    }
}
