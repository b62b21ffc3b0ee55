//! Helpers shared by the crate's unit tests: a deterministic generator and random games.

use crate::game::Game;
use crate::moves::MoveList;

/// A small deterministic random generator (xorshift64), so a failing test fails the same way
/// again.
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed` (not 0).
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A random number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Plays `games` random games of `G` from `start`, each until a side has no move or `plies`
/// moves are made, and calls `step(ply, before, mv, after)` for every move (`ply` 0 starts a
/// game).
pub fn random_games<G: Game>(
    rng: &mut Rng,
    start: &G::Position,
    games: usize,
    plies: usize,
    mut step: impl FnMut(usize, &G::Position, G::Move, &G::Position),
) {
    let mut list = MoveList::new();
    for _ in 0..games {
        let mut pos = *start;
        for ply in 0..plies {
            list.clear();
            G::generate(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            let mv = list[rng.below(list.len())];
            let next = G::play(&pos, mv);
            step(ply, &pos, mv, &next);
            pos = next;
        }
    }
}
