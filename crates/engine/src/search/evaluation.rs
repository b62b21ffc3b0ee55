//! The static evaluation as one search thread asks for it: the game's evaluation with its
//! network's first layer carried along the search's path.
//!
//! The search records each position it enters at its ply ([`Evaluator::enter`]). The sums of
//! the first layer are brought up to date lazily: only when a position is evaluated, from its
//! nearest ancestor whose sums are known, one move at a time. Nodes cut off before they
//! evaluate (table hits, repetitions, database hits) cost a copy of the position and nothing
//! more, and siblings share their parent's sums.

use damka_rules::eval::Weights;
use damka_rules::game::Game;
use damka_rules::network::{Accumulator, Quantised};
use damka_rules::score::Score;
use damka_rules::types::Side;
use std::sync::Arc;

/// How far, in hundredths of a man, the linear terms of a quiet leaf must lie outside the
/// search's window for [`Evaluator::evaluate_within`] to leave the network out: two men, a
/// term the network seldom adds and never where it would change the leaf's side of the window
/// often enough to cost games (measured in docs/search.md).
pub const LAZY_MARGIN: i32 = 200;

/// One ply of the path: the position there and its first-layer sums, where known.
#[derive(Clone, Copy)]
struct Ply<P> {
    pos: P,
    sums: Accumulator,
    /// Per point of view (White's, Black's): `sums` seen from it are the sums of `pos`.
    fresh: [bool; 2],
}

/// The network a search plays: the game's own, or one loaded from a file.
enum Played {
    BuiltIn(&'static Quantised),
    File(Arc<Quantised>),
}

impl Played {
    #[inline]
    fn network(&self) -> &Quantised {
        match self {
            Played::BuiltIn(network) => network,
            Played::File(network) => network,
        }
    }
}

/// The evaluation of one search thread.
///
/// Guarantee: [`Evaluator::evaluate`] returns exactly `G::evaluate(pos, weights)` when the
/// game's own network is on, and the evaluation without the network when it is off, provided every
/// position on the path from the root was recorded at its ply.
pub struct Evaluator<G: Game> {
    weights: Weights,
    /// The network played, if one is switched on: a loaded file's or the game's own.
    network: Option<Played>,
    /// The path, index = ply; unused without a network.
    path: Vec<Ply<G::Position>>,
}

impl<G: Game> Evaluator<G> {
    /// An evaluator for searches from `root` with `weights`, `plies` deep at most, playing
    /// `file` (a network loaded for this game) or else the game's own network, if `network` is
    /// true.
    pub fn new(
        weights: Weights,
        network: bool,
        file: Option<Arc<Quantised>>,
        root: &G::Position,
        plies: usize,
    ) -> Self {
        let network = match file {
            _ if !network => None,
            Some(file) => Some(Played::File(file)),
            None => G::network().map(Played::BuiltIn),
        };
        let path = match &network {
            Some(played) => {
                let root = Ply {
                    pos: *root,
                    sums: Accumulator::new::<G::Inputs>(&played.network().first, root),
                    fresh: [true; 2],
                };
                vec![root; plies + 1]
            }
            None => Vec::new(),
        };
        Evaluator {
            weights,
            network,
            path,
        }
    }

    /// Records `pos` at `ply` (`ply` ≥ 1): a child of the position recorded at `ply - 1`.
    #[inline]
    pub fn enter(&mut self, ply: usize, pos: &G::Position) {
        if self.network.is_some() {
            let slot = &mut self.path[ply];
            slot.pos = *pos;
            slot.fresh = [false; 2];
        }
    }

    /// The evaluation of `pos`, the position recorded at `ply`, for the side to move, or,
    /// when the linear terms alone lie more than [`LAZY_MARGIN`] outside `alpha..beta`, those
    /// terms: a bound the network is not expected to cross.
    #[inline]
    pub fn evaluate_within(
        &mut self,
        ply: usize,
        pos: &G::Position,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let linear = G::linear(pos, &self.weights);
        let bare = linear.score(0);
        if self.network.is_none()
            || bare.0 - LAZY_MARGIN >= beta.0
            || bare.0 + LAZY_MARGIN <= alpha.0
        {
            return bare;
        }
        linear.score(self.network_term(ply, pos))
    }

    /// The evaluation of `pos`, the position recorded at `ply`, for the side to move.
    #[inline]
    pub fn evaluate(&mut self, ply: usize, pos: &G::Position) -> Score {
        let term = if self.network.is_some() {
            self.network_term(ply, pos)
        } else {
            0
        };
        G::evaluate_with(pos, &self.weights, term)
    }

    /// The network's term for the side to move of `pos`, the position recorded at `ply`
    /// (a network is on), its first-layer sums brought up to date from the nearest ancestor
    /// whose sums are known: the side to move's point of view, and the opponent's too for a
    /// network that reads both.
    #[inline]
    fn network_term(&mut self, ply: usize, pos: &G::Position) -> i32 {
        let Some(network) = self.network.as_ref().map(Played::network) else {
            return 0;
        };
        debug_assert!(
            self.path[ply].pos == *pos,
            "evaluated a position not on the path"
        );
        let side = G::side_to_move(pos);
        let views: &[Side] = if network.both_views() {
            &[side, side.opponent()]
        } else {
            &[side]
        };
        for &view in views {
            Self::bring_up_to_date(&mut self.path, network, ply, view);
        }
        let sums = &self.path[ply].sums;
        network.output(sums.sums(side), sums.sums(side.opponent()))
    }

    /// Brings the sums seen from `perspective` at `ply` of `path` up to date, one move at a
    /// time from the nearest ancestor whose sums are known (the root's always are).
    #[inline]
    fn bring_up_to_date(
        path: &mut [Ply<G::Position>],
        network: &Quantised,
        ply: usize,
        perspective: Side,
    ) {
        let view = perspective.index() & 1;
        let mut known = ply;
        while !path[known].fresh[view] {
            known -= 1;
        }
        for at in known + 1..=ply {
            let (before, rest) = path.split_at_mut(at);
            let (parent, slot) = (&before[at - 1], &mut rest[0]);
            slot.sums.update_view::<G::Inputs>(
                &parent.sums,
                &network.first,
                &parent.pos,
                &slot.pos,
                perspective,
            );
            slot.fresh[view] = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damka_rules::games::draughts::{Draughts, Russian};
    use damka_rules::moves::MoveList;
    use damka_rules::network::{Network, NetworkInputs};

    /// Walks random paths down and back up the way a search does, evaluating at some plies
    /// only, playing `file` (or the game's own network): every evaluation is the evaluation
    /// from scratch with that network.
    fn check_lazy_sums(file: Option<Arc<Quantised>>) {
        type G = Draughts<Russian>;
        let weights = G::weights();
        let root = G::start();
        let from_scratch = |pos: &<G as Game>::Position| match &file {
            Some(network) => {
                let term = network.score::<<G as Game>::Inputs>(pos, G::side_to_move(pos));
                G::evaluate_with(pos, &weights, term)
            }
            None => G::evaluate(pos, &weights),
        };
        let mut evaluator = Evaluator::<G>::new(weights, true, file.clone(), &root, 64);
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut list = MoveList::new();
        let mut evaluated = 0;
        for _ in 0..300 {
            // A path from the root, some of whose plies are evaluated; later paths share
            // a prefix of earlier ones only through the plies they re-enter.
            let mut path = vec![root];
            let depth = 1 + random(40);
            while path.len() <= depth {
                let pos = path[path.len() - 1];
                G::generate(&pos, &mut list);
                if list.is_empty() {
                    break;
                }
                let next = G::play(&pos, list[random(list.len())]);
                evaluator.enter(path.len(), &next);
                path.push(next);
                if random(3) == 0 {
                    let ply = path.len() - 1;
                    assert_eq!(evaluator.evaluate(ply, &next), from_scratch(&next));
                    evaluated += 1;
                }
            }
            assert_eq!(evaluator.evaluate(0, &root), from_scratch(&root));
        }
        assert!(evaluated > 1000, "{evaluated}");
    }

    #[test]
    fn lazy_sums_give_the_evaluation_from_scratch() {
        check_lazy_sums(None);
    }

    /// A network that reads both points of view has the opponent's sums brought up to date
    /// too, lazily as the side to move's.
    #[test]
    fn lazy_sums_of_both_points_of_view_give_the_evaluation_from_scratch() {
        let bytes = include_bytes!("../../../rules/src/games/draughts/eval/russian.network");
        let inputs = damka_rules::games::draughts::eval::network::INPUTS;
        let mut network = Network::read(bytes, inputs).expect("the shipped network");
        network = network.with_both_views();
        let reversed = network.output_weights.iter().rev().map(|w| -0.5 * w);
        network.opponent_weights = reversed.collect();
        let max_on = <<Draughts<Russian> as Game>::Inputs as NetworkInputs>::MAX_ON;
        check_lazy_sums(Some(Arc::new(Quantised::new(&network, max_on))));
    }

    /// Inside the window (widened by the margin) a leaf gets the full evaluation; far outside
    /// it, the linear terms alone.
    #[test]
    fn a_leaf_far_outside_the_window_skips_the_network() {
        type G = Draughts<Russian>;
        let weights = G::weights();
        let pos = G::parse_fen("W:Wa1,c1,e1,g1,b2,d2:Bh8").expect("a FEN").0;
        let mut evaluator = Evaluator::<G>::new(weights, true, None, &pos, 4);
        let full = G::evaluate(&pos, &weights);
        let linear = G::evaluate_with(&pos, &weights, 0);
        assert_ne!(full, linear, "the network adds nothing here");
        let window = |low: i32, high: i32| (Score(low), Score(high));
        let (alpha, beta) = window(linear.0 - 10, linear.0 + 10);
        assert_eq!(evaluator.evaluate_within(0, &pos, alpha, beta), full);
        let (alpha, beta) = window(linear.0 - 1000, linear.0 - LAZY_MARGIN);
        assert_eq!(evaluator.evaluate_within(0, &pos, alpha, beta), linear);
        let (alpha, beta) = window(linear.0 + LAZY_MARGIN, linear.0 + 1000);
        assert_eq!(evaluator.evaluate_within(0, &pos, alpha, beta), linear);
    }

    #[test]
    fn switched_off_the_network_leaves_the_linear_terms() {
        type G = Draughts<Russian>;
        let mut weights = G::weights();
        let pos = G::start();
        let mut evaluator = Evaluator::<G>::new(weights, false, None, &pos, 4);
        let off = evaluator.evaluate(0, &pos);
        weights.0[damka_rules::games::draughts::eval::network::NETWORK_SCALE] = 0;
        assert_eq!(off, G::evaluate(&pos, &weights));
    }
}
