//! Every game's network inputs keep the promise of `NetworkInputs`: inputs in range, never
//! twice and no more on than `MAX_ON`, and the changes a move reports carry the first layer's
//! sums exactly.

use crate::common::Rng;
use damka_rules::game::Game;
use damka_rules::games::Variant;
use damka_rules::moves::MoveList;
use damka_rules::network::{
    Accumulator, DEFAULT_HIDDEN, LANES, MAX_HIDDEN, Network, NetworkInputs, Quantised,
};
use damka_rules::types::Side;
use damka_rules::with_game;

/// A network of random weights for `inputs` inputs and `hidden` hidden units, quantised for
/// `max_on` inputs on at once.
fn random_network(inputs: usize, max_on: usize, hidden: usize, rng: &mut Rng) -> Quantised {
    let mut network = Network::zero(inputs, hidden);
    let mut weight = || (rng.below(2001) as f32 - 1000.0) / 1000.0;
    network.input_weights.iter_mut().for_each(|w| *w = weight());
    network.hidden_biases.iter_mut().for_each(|w| *w = weight());
    network
        .output_weights
        .iter_mut()
        .for_each(|w| *w = weight());
    Quantised::new(&network, max_on)
}

/// The inputs of `pos` from `side`, checked in range, distinct and within the game's
/// `MAX_ON`.
fn checked_inputs<G: Game>(pos: &G::Position, side: Side) -> Vec<usize> {
    let mut seen = vec![false; G::Inputs::INPUTS];
    let mut on = Vec::new();
    G::Inputs::inputs(pos, side, &mut |input| {
        assert!(input < G::Inputs::INPUTS, "input {input} out of range");
        assert!(!seen[input], "input {input} reported twice");
        seen[input] = true;
        on.push(input);
    });
    assert!(on.len() <= G::Inputs::MAX_ON, "{} inputs on", on.len());
    on
}

/// Random games of `G` with a network of `hidden` units: at every move the carried sums
/// equal the sums from scratch.
fn carried_sums_stay_exact<G: Game>(hidden: usize, seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let network = random_network(G::Inputs::INPUTS, G::Inputs::MAX_ON, hidden, &mut rng);
    let layer = &network.first;
    let mut list = MoveList::new();
    let mut positions = 0;
    for _ in 0..40 {
        let mut pos = G::start();
        let mut sums = Accumulator::new::<G::Inputs>(layer, &pos);
        for _ in 0..120 {
            G::generate(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            let mv = list[rng.below(list.len() as u64) as usize];
            let next = G::play(&pos, mv);
            sums.update::<G::Inputs>(layer, &pos, &next);
            pos = next;
            for side in [Side::White, Side::Black] {
                checked_inputs::<G>(&pos, side);
            }
            assert_eq!(sums, Accumulator::new::<G::Inputs>(layer, &pos), "{pos:?}");
            positions += 1;
        }
    }
    positions
}

#[test]
fn every_game_carries_its_network_sums_exactly() {
    // Networks of every size a file may hold, the smallest, the usual and the largest.
    let sizes = [LANES, DEFAULT_HIDDEN, MAX_HIDDEN, 40];
    for (index, variant) in Variant::ALL.into_iter().enumerate() {
        let hidden = sizes[index % sizes.len()];
        let positions =
            with_game!(variant, G => carried_sums_stay_exact::<G>(hidden, variant as u64 + 7));
        assert!(positions > 1000, "{variant}: only {positions} positions");
    }
}

#[test]
fn the_start_position_looks_the_same_to_both_sides() {
    // Every start position is symmetric: each side sees the same inputs.
    for variant in Variant::ALL {
        with_game!(variant, G => {
            let pos = G::start();
            let mut white = checked_inputs::<G>(&pos, Side::White);
            let mut black = checked_inputs::<G>(&pos, Side::Black);
            white.sort_unstable();
            black.sort_unstable();
            assert_eq!(white, black, "{variant}");
            assert!(!white.is_empty());
        });
    }
}
