//! The learned evaluation every game can play: a small network over the game's own inputs.
//!
//! A game declares what its network sees with a type implementing [`NetworkInputs`] for its
//! position (one input per kind of piece and square, for instance), and ships a trained network file
//! compiled in. The network has one hidden layer of rectified units (a multiple of 8, at most
//! [`MAX_HIDDEN`]; the file says how many), optionally a second, smaller one fed by the first
//! (at most [`MAX_SECOND`] units), and one output, a term in hundredths of a man for the side
//! to move that the game adds to its linear evaluation. The output reads the rectified units
//! of both layers.
//!
//! * [`Network`] holds the weights as floats, as training makes them, and reads and writes the
//!   checksummed file ([`Network::read`]).
//! * [`Quantised`] is the network as the engine plays it: the first layer in integers
//!   ([`FirstLayer`]), so that sums carried move by move in an [`Accumulator`] are exactly the
//!   sums made from scratch, and the output layer.

pub mod accumulator;

pub use accumulator::{Accumulator, FirstLayer, MAX_INPUTS, NetworkInputs, Sum};

use crate::board::Geometry;
use crate::checksum::fnv1a;
use crate::types::{Bitboard, Side, Square};
use std::marker::PhantomData;

/// The most hidden units a network may have. Sums are kept in arrays of this size, of which a
/// network uses its first [`Network::hidden`].
pub const MAX_HIDDEN: usize = 128;
/// Hidden units of a network trained without saying how many.
pub const DEFAULT_HIDDEN: usize = 64;
/// The most units a network's second hidden layer may have.
pub const MAX_SECOND: usize = 32;
/// The output's unit: the network's raw output times this is hundredths of a man.
pub const OUTPUT_UNIT: f32 = 100.0;

/// Lanes of the vector loops: a network's hidden units come in groups of this many.
pub const LANES: usize = 8;

/// Whether a network may have `hidden` units: a multiple of [`LANES`], from [`LANES`] to
/// [`MAX_HIDDEN`].
pub fn valid_hidden(hidden: usize) -> bool {
    (LANES..=MAX_HIDDEN).contains(&hidden) && hidden.is_multiple_of(LANES)
}

/// Whether a network's second hidden layer may have `second` units: none, or a multiple of
/// [`LANES`] up to [`MAX_SECOND`].
pub fn valid_second(second: usize) -> bool {
    second <= MAX_SECOND && second.is_multiple_of(LANES)
}

/// A network's weights as floats.
///
/// The weight vectors keep the lengths [`Network::with_second`] gives them: `inputs · hidden`
/// input weights (input by input: input `i`'s row is [`Network::row`]), `hidden` biases,
/// `second · hidden` weights of the second layer and `second` biases, and `hidden + second`
/// output weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    hidden: usize,
    second: usize,
    /// Per input, its weights into the hidden units, one row after the other.
    pub input_weights: Vec<f32>,
    /// The hidden units' biases.
    pub hidden_biases: Vec<f32>,
    /// Per unit of the second layer, its weights from the first layer's rectified units, one
    /// row after the other; empty without a second layer.
    pub second_weights: Vec<f32>,
    /// The second layer's biases.
    pub second_biases: Vec<f32>,
    /// The weights into the output of the first layer's units, then of the second layer's.
    pub output_weights: Vec<f32>,
    /// The output's bias.
    pub output_bias: f32,
}

/// The first bytes of a network file with one hidden layer.
const MAGIC: &[u8; 8] = b"DAMKANN1";
/// The first bytes of a network file with two hidden layers.
const MAGIC_TWO_LAYERS: &[u8; 8] = b"DAMKANN2";

impl Network {
    /// A network of `inputs` inputs and `hidden` hidden units whose output is always 0.
    ///
    /// Panics unless [`valid_hidden`]`(hidden)`: the size is the caller's to check.
    pub fn zero(inputs: usize, hidden: usize) -> Network {
        Network::with_second(inputs, hidden, 0)
    }

    /// A network of `inputs` inputs, `hidden` hidden units and `second` units in a second
    /// hidden layer (0: none) whose output is always 0.
    ///
    /// Panics unless [`valid_hidden`]`(hidden)` and [`valid_second`]`(second)`.
    pub fn with_second(inputs: usize, hidden: usize, second: usize) -> Network {
        assert!(valid_hidden(hidden), "{hidden} hidden units");
        assert!(valid_second(second), "{second} units in the second layer");
        Network {
            hidden,
            second,
            input_weights: vec![0.0; inputs * hidden],
            hidden_biases: vec![0.0; hidden],
            second_weights: vec![0.0; second * hidden],
            second_biases: vec![0.0; second],
            output_weights: vec![0.0; hidden + second],
            output_bias: 0.0,
        }
    }

    /// Hidden units (of the first hidden layer).
    #[inline]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Units of the second hidden layer; 0 if there is none.
    #[inline]
    pub fn second(&self) -> usize {
        self.second
    }

    /// Inputs.
    pub fn inputs(&self) -> usize {
        self.input_weights.len() / self.hidden
    }

    /// The weights of `input` into the hidden units.
    #[inline]
    pub fn row(&self, input: usize) -> &[f32] {
        &self.input_weights[input * self.hidden..(input + 1) * self.hidden]
    }

    /// The weights of `input` into the hidden units, to change.
    #[inline]
    pub fn row_mut(&mut self, input: usize) -> &mut [f32] {
        &mut self.input_weights[input * self.hidden..(input + 1) * self.hidden]
    }

    /// The weights of the second layer's unit `unit` from the first layer's units.
    #[inline]
    pub fn second_row(&self, unit: usize) -> &[f32] {
        &self.second_weights[unit * self.hidden..(unit + 1) * self.hidden]
    }

    /// Every weight and bias.
    pub fn parameter_count(&self) -> usize {
        self.input_weights.len()
            + self.hidden_biases.len()
            + self.second_weights.len()
            + self.second_biases.len()
            + self.output_weights.len()
            + 1
    }

    /// The hidden units' inputs before rectifying: the biases plus the rows of the inputs that
    /// are on, in the first [`Network::hidden`] places (the rest are 0).
    #[inline]
    pub fn accumulate(&self, inputs: impl IntoIterator<Item = usize>) -> [f32; MAX_HIDDEN] {
        let mut all = [0.0; MAX_HIDDEN];
        let sums = &mut all[..self.hidden];
        sums.copy_from_slice(&self.hidden_biases);
        for input in inputs {
            for (sum, weight) in sums.iter_mut().zip(self.row(input)) {
                *sum += weight;
            }
        }
        all
    }

    /// The second layer's units before rectifying, for the first layer's sums `sums` (the
    /// first [`Network::hidden`] of them, before rectifying), in the first [`Network::second`]
    /// places.
    #[inline]
    pub fn second_sums(&self, sums: &[f32]) -> [f32; MAX_SECOND] {
        let mut second = [0.0; MAX_SECOND];
        for (unit, value) in second.iter_mut().enumerate().take(self.second) {
            let weighted: f32 = self
                .second_row(unit)
                .iter()
                .zip(sums)
                .map(|(weight, sum)| sum.max(0.0) * weight)
                .sum();
            *value = self.second_biases[unit] + weighted;
        }
        second
    }

    /// The raw output for the first layer's sums `sums` and the second layer's `second`
    /// ([`Network::second_sums`]), both before rectifying (multiply by [`OUTPUT_UNIT`] for
    /// hundredths of a man).
    #[inline]
    pub fn output_of_layers(&self, sums: &[f32], second: &[f32]) -> f32 {
        let units = sums[..self.hidden]
            .iter()
            .chain(&second[..self.second])
            .zip(&self.output_weights)
            .map(|(sum, weight)| sum.max(0.0) * weight)
            .sum::<f32>();
        units + self.output_bias
    }

    /// The raw output for these hidden sums, the first [`Network::hidden`] of `sums`
    /// (multiply by [`OUTPUT_UNIT`] for hundredths of a man).
    #[inline]
    pub fn output(&self, sums: &[f32]) -> f32 {
        self.output_of_layers(sums, &self.second_sums(sums))
    }

    /// All the weights in file order: input rows, hidden biases, the second layer's rows and
    /// biases, output weights, output bias.
    fn values(&self) -> impl Iterator<Item = f32> + '_ {
        self.input_weights
            .iter()
            .chain(&self.hidden_biases)
            .chain(&self.second_weights)
            .chain(&self.second_biases)
            .chain(&self.output_weights)
            .chain(std::iter::once(&self.output_bias))
            .copied()
    }

    /// Reads a network file of `inputs` inputs: the 8 bytes `DAMKANN1`, the counts of inputs
    /// and hidden units as little-endian u32, every weight as a little-endian f32 in the order
    /// input rows, hidden biases, output weights, output bias, then the FNV-1a 64-bit hash of
    /// all the bytes before it, little-endian. A network with a second hidden layer starts
    /// `DAMKANN2`, has the second layer's units as a third count, and its weights come after
    /// the hidden biases: its rows, then its biases; its output weights cover both layers.
    /// Anything else is refused, and so are counts of units that are not [`valid_hidden`] and
    /// [`valid_second`].
    pub fn read(bytes: &[u8], inputs: usize) -> Result<Network, String> {
        if bytes.len() < MAGIC.len() + 8 {
            return Err(format!("network file has only {} bytes", bytes.len()));
        }
        let (body, hash) = bytes.split_at(bytes.len() - 8);
        if hash != fnv1a(body).to_le_bytes() {
            return Err("network file checksum does not match".to_string());
        }
        let counts = match &body[..MAGIC.len()] {
            magic if magic == MAGIC => 2,
            magic if magic == MAGIC_TWO_LAYERS => 3,
            _ => return Err("not a damka network file".to_string()),
        };
        let header = MAGIC.len() + 4 * counts;
        if body.len() < header {
            return Err(format!("network file has only {} bytes", bytes.len()));
        }
        let word = |at: usize| [body[at], body[at + 1], body[at + 2], body[at + 3]];
        let count = |i: usize| u32::from_le_bytes(word(MAGIC.len() + 4 * i)) as usize;
        let (file_inputs, hidden) = (count(0), count(1));
        let second = if counts == 3 { count(2) } else { 0 };
        if file_inputs != inputs {
            return Err(format!(
                "network file has {file_inputs} inputs, not {inputs}"
            ));
        }
        if !valid_hidden(hidden) {
            return Err(format!(
                "network file has {hidden} hidden units, not a multiple of {LANES} up to {MAX_HIDDEN}"
            ));
        }
        if !valid_second(second) || (counts == 3 && second == 0) {
            return Err(format!(
                "network file has {second} units in its second layer, not a multiple of {LANES} up to {MAX_SECOND}"
            ));
        }
        let mut network = Network::with_second(inputs, hidden, second);
        let parameters = network.parameter_count();
        if body.len() != header + 4 * parameters {
            return Err(format!(
                "network file has {} bytes, not {}",
                bytes.len(),
                header + 4 * parameters + 8
            ));
        }
        let mut values = (0..parameters).map(|i| f32::from_le_bytes(word(header + 4 * i)));
        for part in [
            &mut network.input_weights,
            &mut network.hidden_biases,
            &mut network.second_weights,
            &mut network.second_biases,
            &mut network.output_weights,
        ] {
            part.iter_mut()
                .for_each(|w| *w = values.next().unwrap_or(0.0));
        }
        network.output_bias = values.next().unwrap_or(0.0);
        if network.values().any(|w| !w.is_finite()) {
            return Err("network file holds a weight that is not a number".to_string());
        }
        Ok(network)
    }

    /// The file [`Network::read`] reads (`DAMKANN1` for a network of one hidden layer, so such
    /// files read by any build).
    pub fn write(&self) -> Vec<u8> {
        let (mut bytes, counts) = if self.second == 0 {
            (MAGIC.to_vec(), vec![self.inputs(), self.hidden])
        } else {
            let counts = vec![self.inputs(), self.hidden, self.second];
            (MAGIC_TWO_LAYERS.to_vec(), counts)
        };
        for count in counts {
            bytes.extend_from_slice(&(count as u32).to_le_bytes());
        }
        for value in self.values() {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        let hash = fnv1a(&bytes);
        bytes.extend_from_slice(&hash.to_le_bytes());
        bytes
    }
}

/// A network as the engine plays it: the first layer in integers, the layers after it in floats
/// with the first layer's scale folded into their weights.
///
/// Guarantee: the term depends only on the first-layer sums, so a position scores the same
/// whether its sums were carried move by move ([`Accumulator`]) or made from scratch
/// ([`Quantised::score`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Quantised {
    /// The first layer.
    pub first: FirstLayer,
    /// The first layer's output weights divided by 2^shift of their unit
    /// ([`FirstLayer::shifts`]) and multiplied by [`OUTPUT_UNIT`]; 0 past the network's hidden
    /// units.
    output_weights: [f32; MAX_HIDDEN],
    /// The output bias times [`OUTPUT_UNIT`].
    output_bias: f32,
    /// The second hidden layer, if the network has one.
    second: Option<Box<SecondLayer>>,
}

/// A second hidden layer as the engine plays it, laid out for adding one first-layer unit's
/// weights to all its units at once, [`LANES`] units to a vector.
#[derive(Clone, Debug, PartialEq)]
struct SecondLayer {
    /// Units.
    units: usize,
    /// Per first-layer unit, its weights into this layer's units in groups of [`LANES`],
    /// divided by 2^shift of the first-layer unit ([`FirstLayer::shifts`]); 0 past `units`.
    weights: Vec<[[f32; LANES]; SECOND_GROUPS]>,
    /// The units' biases; 0 past `units`.
    biases: [[f32; LANES]; SECOND_GROUPS],
    /// The units' output weights times [`OUTPUT_UNIT`]; 0 past `units`.
    output_weights: [[f32; LANES]; SECOND_GROUPS],
}

/// Groups of [`LANES`] units in the largest second layer.
const SECOND_GROUPS: usize = MAX_SECOND / LANES;

impl SecondLayer {
    fn new(network: &Network, shifts: &[u8; MAX_HIDDEN]) -> SecondLayer {
        let (hidden, units) = (network.hidden(), network.second());
        let mut weights = vec![[[0.0; LANES]; SECOND_GROUPS]; hidden];
        let mut biases = [[0.0; LANES]; SECOND_GROUPS];
        let mut output_weights = [[0.0; LANES]; SECOND_GROUPS];
        for unit in 0..units {
            let (group, lane) = (unit / LANES, unit % LANES);
            for (from, row) in weights.iter_mut().enumerate() {
                row[group][lane] = network.second_row(unit)[from] / (1u32 << shifts[from]) as f32;
            }
            biases[group][lane] = network.second_biases[unit];
            output_weights[group][lane] = network.output_weights[hidden + unit] * OUTPUT_UNIT;
        }
        SecondLayer {
            units,
            weights,
            biases,
            output_weights,
        }
    }

    /// The second layer's part of the output, in hundredths of a man, for the first-layer
    /// sums `sums`.
    #[inline]
    fn output(&self, sums: &[Sum; MAX_HIDDEN]) -> f32 {
        match self.units / LANES {
            1 => self.output_of::<1>(sums),
            2 => self.output_of::<2>(sums),
            _ => self.output_of::<SECOND_GROUPS>(sums),
        }
    }

    /// [`SecondLayer::output`] over the first `GROUPS` groups of [`LANES`] units.
    #[inline(always)]
    fn output_of<const GROUPS: usize>(&self, sums: &[Sum; MAX_HIDDEN]) -> f32 {
        let (Some(biases), Some(output_weights)) = (
            self.biases.first_chunk::<GROUPS>(),
            self.output_weights.first_chunk::<GROUPS>(),
        ) else {
            return 0.0;
        };
        let mut units = *biases;
        let (sums, _) = sums.as_chunks::<LANES>();
        let (rows, _) = self.weights.as_chunks::<LANES>();
        for (sums, rows) in sums.iter().zip(rows) {
            add_group(&mut units, sums, rows);
        }
        let mut lanes = [0.0f32; LANES];
        for (units, weights) in units.iter().zip(output_weights) {
            for lane in 0..LANES {
                lanes[lane] += units[lane].max(0.0) * weights[lane];
            }
        }
        lanes.iter().sum()
    }
}

/// Adds to `units` the weighted values of a group of [`LANES`] first-layer units, whose sums
/// are `sums` and whose rows of weights are `rows`.
///
/// Not inlined on purpose: the units then live in memory between groups, loaded and stored as
/// whole vectors. Inlined into the loop over groups, the compiler splits them into pairs of
/// lanes across iterations, which takes about three times the instructions.
#[inline(never)]
fn add_group<const GROUPS: usize>(
    units: &mut [[f32; LANES]; GROUPS],
    sums: &[Sum; LANES],
    rows: &[[[f32; LANES]; SECOND_GROUPS]; LANES],
) {
    // The group rectified and turned into floats at once.
    let values: [f32; LANES] = std::array::from_fn(|lane| f32::from(sums[lane].max(0)));
    for (&value, row) in values.iter().zip(rows) {
        for (units, weights) in units.iter_mut().zip(row) {
            *units = std::array::from_fn(|lane| units[lane] + value * weights[lane]);
        }
    }
}

impl Quantised {
    /// `network` for positions with at most `max_on` inputs on at once.
    pub fn new(network: &Network, max_on: usize) -> Quantised {
        let first = FirstLayer::quantise(network, max_on);
        let mut output_weights = [0.0; MAX_HIDDEN];
        let weights = network.output_weights.iter().zip(&first.shifts);
        for (scaled, (weight, &shift)) in output_weights
            .iter_mut()
            .zip(weights)
            .take(network.hidden())
        {
            *scaled = weight * OUTPUT_UNIT / (1u32 << shift) as f32;
        }
        let second =
            (network.second() > 0).then(|| Box::new(SecondLayer::new(network, &first.shifts)));
        Quantised {
            output_weights,
            output_bias: network.output_bias * OUTPUT_UNIT,
            first,
            second,
        }
    }

    /// The term, in hundredths of a man, of a position whose first-layer sums seen from its
    /// side to move are `sums`.
    #[inline]
    pub fn output(&self, sums: &[Sum; MAX_HIDDEN]) -> i32 {
        // Constant counts for the shipped widths let the compiler unroll the loop.
        let first = match self.first.hidden() {
            DEFAULT_HIDDEN => self.output_of(sums, DEFAULT_HIDDEN / LANES),
            MAX_HIDDEN => self.output_of(sums, MAX_HIDDEN / LANES),
            hidden => self.output_of(sums, hidden / LANES),
        };
        let second = self.second.as_ref().map_or(0.0, |layer| layer.output(sums));
        (first + second + self.output_bias).round() as i32
    }

    /// The first layer's part of the output over its first `groups` groups of [`LANES`]
    /// hidden units.
    #[inline(always)]
    fn output_of(&self, sums: &[Sum; MAX_HIDDEN], groups: usize) -> f32 {
        let mut lanes = [0.0f32; LANES];
        let (sums, _) = sums.as_chunks::<LANES>();
        let (weights, _) = self.output_weights.as_chunks::<LANES>();
        for (sums, weights) in sums.iter().zip(weights).take(groups) {
            for lane in 0..LANES {
                lanes[lane] += f32::from(sums[lane].max(0)) * weights[lane];
            }
        }
        lanes.iter().sum()
    }

    /// The term of `pos` for its side to move `mover`, from scratch.
    #[inline]
    pub fn score<I: NetworkInputs>(&self, pos: &I::Position, mover: Side) -> i32 {
        self.output(&self.first.sums::<I>(pos, mover))
    }
}

/// A network file compiled into the engine (`include_bytes!`), as the engine plays it: `name`'s
/// network of `inputs` inputs, for positions with at most `max_on` inputs on at once. A file
/// that does not read gives a network whose term is always 0, with an error logged; each
/// game's tests read its file, so a shipped file always reads.
pub fn built_in(bytes: &[u8], inputs: usize, max_on: usize, name: &str) -> Quantised {
    let network = Network::read(bytes, inputs).unwrap_or_else(|e| {
        log::error!("built-in {name} network unreadable ({e}); network left out");
        Network::zero(inputs, DEFAULT_HIDDEN)
    });
    Quantised::new(&network, max_on)
}

/// A game whose network sees its pieces sorted into `KINDS` kinds (for instance own men, own
/// kings, the opponent's men and kings), one input per kind and square of its board:
/// [`KindSquares`] turns it into [`NetworkInputs`].
pub trait PieceKinds<const KINDS: usize> {
    /// The position the pieces are read from.
    type Position;
    /// The board whose squares number the inputs ([`Geometry::relative`]).
    type Board: Geometry;
    /// The squares of each kind in `pos`, seen from `perspective`.
    fn kinds(pos: &Self::Position, perspective: Side) -> [Bitboard; KINDS];
}

/// The inputs of a [`PieceKinds`] game: `kind · squares + relative square` for each piece,
/// squares counted from the perspective's side; the changes a move makes come from the
/// difference of the kinds' bitboards.
#[derive(Clone, Copy, Debug, Default)]
pub struct KindSquares<K, const KINDS: usize>(PhantomData<K>);

impl<K: PieceKinds<KINDS>, const KINDS: usize> KindSquares<K, KINDS> {
    /// The input of a piece of `kind` on `square`, seen from `perspective`.
    #[inline]
    fn input(kind: usize, square: Square, perspective: Side) -> usize {
        kind * K::Board::SQUARE_COUNT + K::Board::relative(perspective, square)
    }
}

impl<K: PieceKinds<KINDS>, const KINDS: usize> NetworkInputs for KindSquares<K, KINDS> {
    type Position = K::Position;
    const INPUTS: usize = KINDS * <K::Board as Geometry>::SQUARE_COUNT;

    #[inline]
    fn inputs(pos: &K::Position, perspective: Side, on: &mut impl FnMut(usize)) {
        for (kind, pieces) in K::kinds(pos, perspective).into_iter().enumerate() {
            for square in pieces {
                on(Self::input(kind, square, perspective));
            }
        }
    }

    #[inline]
    fn changes(
        before: &K::Position,
        after: &K::Position,
        perspective: Side,
        change: &mut impl FnMut(usize, bool),
    ) {
        let old = K::kinds(before, perspective);
        let new = K::kinds(after, perspective);
        for kind in 0..KINDS {
            let moved = old[kind] ^ new[kind];
            for square in old[kind] & moved {
                change(Self::input(kind, square, perspective), false);
            }
            for square in new[kind] & moved {
                change(Self::input(kind, square, perspective), true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::games::Variant;

    /// Sixteen-bit sums leave every shipped network's units a fine fixed point: each weight
    /// within 2^-9 of its float or closer.
    #[test]
    fn every_built_in_network_keeps_its_weights_to_within_2_to_the_minus_9() {
        for variant in Variant::ALL {
            crate::with_game!(variant, G => {
                let network = G::network().expect("every game ships a network");
                let first = &network.first;
                let coarsest = first.shifts[..first.hidden()].iter().min();
                assert!(coarsest >= Some(&8), "{variant}: {coarsest:?}");
            });
        }
    }
}
