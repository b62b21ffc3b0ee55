//! The learned evaluation every game can play: a small network over the game's own inputs.
//!
//! A game declares what its network sees with a type implementing [`NetworkInputs`] for its
//! position (one input per kind of piece and square, for instance), and ships a trained network file
//! compiled in. The network has one hidden layer of rectified units (a multiple of 8, at most
//! [`MAX_HIDDEN`]; the file says how many) and one output, a term in hundredths of a man for
//! the side to move that the game adds to its linear evaluation.
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
/// The output's unit: the network's raw output times this is hundredths of a man.
pub const OUTPUT_UNIT: f32 = 100.0;

/// Lanes of the vector loops: a network's hidden units come in groups of this many.
pub const LANES: usize = 8;

/// Whether a network may have `hidden` units: a multiple of [`LANES`], from [`LANES`] to
/// [`MAX_HIDDEN`].
pub fn valid_hidden(hidden: usize) -> bool {
    (LANES..=MAX_HIDDEN).contains(&hidden) && hidden.is_multiple_of(LANES)
}

/// A network's weights as floats.
///
/// The weight vectors keep the lengths [`Network::zero`] gives them: `inputs · hidden` input
/// weights (input by input: input `i`'s row is [`Network::row`]), `hidden` biases and `hidden`
/// output weights; and `hidden` opponent weights once it [reads both points of
/// view](Network::with_both_views).
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    hidden: usize,
    /// Per input, its weights into the hidden units, one row after the other.
    pub input_weights: Vec<f32>,
    /// The hidden units' biases.
    pub hidden_biases: Vec<f32>,
    /// The hidden units' weights into the output.
    pub output_weights: Vec<f32>,
    /// The output's bias.
    pub output_bias: f32,
    /// The weights into the output of the hidden units seen from the opponent's point of
    /// view (the same first layer, fed the opponent's inputs): `hidden` of them for a network
    /// that reads both points of view ([`Network::reads_both_views`]), none for one that
    /// reads the side to move's alone.
    pub opponent_weights: Vec<f32>,
}

/// The first bytes of a network file.
const MAGIC: &[u8; 8] = b"DAMKANN1";
/// The first bytes of the file of a network that reads both points of view.
const MAGIC_BOTH_VIEWS: &[u8; 8] = b"DAMKANNB";

impl Network {
    /// A network of `inputs` inputs and `hidden` hidden units whose output is always 0.
    ///
    /// Panics unless [`valid_hidden`]`(hidden)`: the size is the caller's to check.
    pub fn zero(inputs: usize, hidden: usize) -> Network {
        assert!(valid_hidden(hidden), "{hidden} hidden units");
        Network {
            hidden,
            input_weights: vec![0.0; inputs * hidden],
            hidden_biases: vec![0.0; hidden],
            output_weights: vec![0.0; hidden],
            output_bias: 0.0,
            opponent_weights: Vec::new(),
        }
    }

    /// Whether the output reads the hidden units of both points of view, the side to move's
    /// and the opponent's, and not the side to move's alone.
    #[inline]
    pub fn reads_both_views(&self) -> bool {
        !self.opponent_weights.is_empty()
    }

    /// This network reading both points of view; one that read the side to move's alone gets
    /// opponent weights of 0, so its output is unchanged.
    pub fn with_both_views(mut self) -> Network {
        if !self.reads_both_views() {
            self.opponent_weights = vec![0.0; self.hidden];
        }
        self
    }

    /// Hidden units.
    #[inline]
    pub fn hidden(&self) -> usize {
        self.hidden
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

    /// Every weight and bias.
    pub fn parameter_count(&self) -> usize {
        self.input_weights.len() + 2 * self.hidden + 1 + self.opponent_weights.len()
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

    /// The raw output for these hidden sums, the first [`Network::hidden`] of `sums` (the
    /// side to move's point of view) and of `other` (the opponent's, read only by a network
    /// that [reads both](Network::reads_both_views)); multiply by [`OUTPUT_UNIT`] for
    /// hundredths of a man.
    #[inline]
    pub fn output(&self, sums: &[f32], other: &[f32]) -> f32 {
        let weighed = |sums: &[f32], weights: &[f32]| -> f32 {
            let rectified = sums.iter().map(|sum| sum.max(0.0));
            rectified
                .zip(weights)
                .map(|(sum, weight)| sum * weight)
                .sum()
        };
        weighed(sums, &self.output_weights)
            + weighed(other, &self.opponent_weights)
            + self.output_bias
    }

    /// All the weights in file order: input rows, hidden biases, output weights, output bias,
    /// opponent weights.
    fn values(&self) -> impl Iterator<Item = f32> + '_ {
        self.input_weights
            .iter()
            .chain(&self.hidden_biases)
            .chain(&self.output_weights)
            .chain(std::iter::once(&self.output_bias))
            .chain(&self.opponent_weights)
            .copied()
    }

    /// Reads a network file of `inputs` inputs: the 8 bytes `DAMKANN1` (`DAMKANNB` for a
    /// network that [reads both points of view](Network::reads_both_views)), the counts of
    /// inputs and hidden units as little-endian u32, every weight as a little-endian f32 in the
    /// order input rows, hidden biases, output weights, output bias (then, for both points of
    /// view, the opponent weights), then the FNV-1a 64-bit hash of all the bytes before it,
    /// little-endian. Anything else is refused, and so is a count of hidden units that is not
    /// [`valid_hidden`].
    pub fn read(bytes: &[u8], inputs: usize) -> Result<Network, String> {
        let header = MAGIC.len() + 8;
        if bytes.len() < header + 8 {
            return Err(format!("network file has only {} bytes", bytes.len()));
        }
        let (body, hash) = bytes.split_at(bytes.len() - 8);
        if hash != fnv1a(body).to_le_bytes() {
            return Err("network file checksum does not match".to_string());
        }
        let both_views = &body[..MAGIC.len()] == MAGIC_BOTH_VIEWS;
        if &body[..MAGIC.len()] != MAGIC && !both_views {
            return Err("not a damka network file".to_string());
        }
        let word = |at: usize| [body[at], body[at + 1], body[at + 2], body[at + 3]];
        let shape = [
            u32::from_le_bytes(word(MAGIC.len())) as usize,
            u32::from_le_bytes(word(MAGIC.len() + 4)) as usize,
        ];
        let [file_inputs, hidden] = shape;
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
        let mut network = Network::zero(inputs, hidden);
        if both_views {
            network = network.with_both_views();
        }
        let count = network.parameter_count();
        if body.len() != header + 4 * count {
            return Err(format!(
                "network file has {} bytes, not {}",
                bytes.len(),
                header + 4 * count + 8
            ));
        }
        let mut values = (0..count).map(|i| f32::from_le_bytes(word(header + 4 * i)));
        for part in [
            &mut network.input_weights,
            &mut network.hidden_biases,
            &mut network.output_weights,
        ] {
            part.iter_mut()
                .for_each(|w| *w = values.next().unwrap_or(0.0));
        }
        network.output_bias = values.next().unwrap_or(0.0);
        network
            .opponent_weights
            .iter_mut()
            .for_each(|w| *w = values.next().unwrap_or(0.0));
        if network.values().any(|w| !w.is_finite()) {
            return Err("network file holds a weight that is not a number".to_string());
        }
        Ok(network)
    }

    /// The file [`Network::read`] reads.
    pub fn write(&self) -> Vec<u8> {
        let magic = if self.reads_both_views() {
            MAGIC_BOTH_VIEWS
        } else {
            MAGIC
        };
        let mut bytes = magic.to_vec();
        for count in [self.inputs(), self.hidden] {
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

/// A network as the engine plays it: the first layer in integers, the output layer with the
/// first layer's scale folded into its weights.
///
/// Guarantee: the term depends only on the first-layer sums, so a position scores the same
/// whether its sums were carried move by move ([`Accumulator`]) or made from scratch
/// ([`Quantised::score`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Quantised {
    /// The first layer.
    pub first: FirstLayer,
    /// The output weights divided by 2^shift of their unit ([`FirstLayer::shifts`]) and
    /// multiplied by [`OUTPUT_UNIT`]; 0 past the network's hidden units.
    output_weights: [f32; MAX_HIDDEN],
    /// The output bias times [`OUTPUT_UNIT`].
    output_bias: f32,
    /// The weights of the opponent's point of view ([`Network::opponent_weights`]), scaled as
    /// `output_weights`; 0 for a network of one point of view.
    opponent_weights: [f32; MAX_HIDDEN],
    /// Whether the output reads both points of view.
    both_views: bool,
}

impl Quantised {
    /// `network` for positions with at most `max_on` inputs on at once.
    pub fn new(network: &Network, max_on: usize) -> Quantised {
        let first = FirstLayer::quantise(network, max_on);
        // Each unit's output weight takes the fixed point of its sums back out.
        let scaled = |weights: &[f32]| {
            let mut scaled = [0.0; MAX_HIDDEN];
            for (scaled, (weight, &shift)) in
                scaled.iter_mut().zip(weights.iter().zip(&first.shifts))
            {
                *scaled = weight * OUTPUT_UNIT / (1u32 << shift) as f32;
            }
            scaled
        };
        let output_weights = scaled(&network.output_weights);
        let opponent_weights = scaled(&network.opponent_weights);
        Quantised {
            output_weights,
            output_bias: network.output_bias * OUTPUT_UNIT,
            opponent_weights,
            both_views: network.reads_both_views(),
            first,
        }
    }

    /// Whether the output reads both points of view ([`Network::reads_both_views`]): the
    /// evaluation must then bring the opponent's sums up to date as well.
    #[inline]
    pub fn both_views(&self) -> bool {
        self.both_views
    }

    /// The term, in hundredths of a man, of a position whose first-layer sums are `sums` seen
    /// from its side to move and `other` seen from the opponent (read only by a network of
    /// [both views](Quantised::both_views)).
    #[inline]
    pub fn output(&self, sums: &[Sum; MAX_HIDDEN], other: &[Sum; MAX_HIDDEN]) -> i32 {
        let mut term = self.layer_output(sums, &self.output_weights) + self.output_bias;
        if self.both_views {
            term += self.layer_output(other, &self.opponent_weights);
        }
        term.round() as i32
    }

    /// The rectified `sums` weighed by `weights`, over the network's hidden units.
    #[inline(always)]
    fn layer_output(&self, sums: &[Sum; MAX_HIDDEN], weights: &[f32; MAX_HIDDEN]) -> f32 {
        // Constant counts for the shipped widths let the compiler unroll the loop.
        match self.first.hidden() {
            DEFAULT_HIDDEN => weighed(sums, weights, DEFAULT_HIDDEN / LANES),
            MAX_HIDDEN => weighed(sums, weights, MAX_HIDDEN / LANES),
            hidden => weighed(sums, weights, hidden / LANES),
        }
    }

    /// The term of `pos` for its side to move `mover`, from scratch.
    #[inline]
    pub fn score<I: NetworkInputs>(&self, pos: &I::Position, mover: Side) -> i32 {
        let sums = self.first.sums::<I>(pos, mover);
        let other = if self.both_views {
            self.first.sums::<I>(pos, mover.opponent())
        } else {
            [0; MAX_HIDDEN]
        };
        self.output(&sums, &other)
    }
}

/// The rectified `sums` times `weights` over the first `groups` groups of [`LANES`] hidden
/// units, summed lane by lane.
#[inline(always)]
fn weighed(sums: &[Sum; MAX_HIDDEN], weights: &[f32; MAX_HIDDEN], groups: usize) -> f32 {
    let mut lanes = [0.0f32; LANES];
    let (sums, _) = sums.as_chunks::<LANES>();
    let (weights, _) = weights.as_chunks::<LANES>();
    for (sums, weights) in sums.iter().zip(weights).take(groups) {
        for lane in 0..LANES {
            lanes[lane] += f32::from(sums[lane].max(0)) * weights[lane];
        }
    }
    lanes.iter().sum()
}

/// A network file compiled into the engine (`include_bytes!`), as the engine plays it: `name`'s
/// network over the inputs `I`, quantised for [`NetworkInputs::MAX_ON`] inputs on at once, as a
/// file loaded at run time is. A file that does not read gives a network whose term is always
/// 0, with an error logged; each game's tests read its file, so a shipped file always reads.
pub fn built_in<I: NetworkInputs>(bytes: &[u8], name: &str) -> Quantised {
    let network = Network::read(bytes, I::INPUTS).unwrap_or_else(|e| {
        log::error!("built-in {name} network unreadable ({e}); network left out");
        Network::zero(I::INPUTS, DEFAULT_HIDDEN)
    });
    Quantised::new(&network, I::MAX_ON)
}

/// A game whose network sees its pieces sorted into `KINDS` kinds (for instance own men, own
/// kings, the opponent's men and kings), one input per kind and square of its board:
/// [`KindSquares`] turns it into [`NetworkInputs`].
pub trait PieceKinds<const KINDS: usize> {
    /// The position the pieces are read from.
    type Position;
    /// The board whose squares number the inputs ([`Geometry::relative`]).
    type Board: Geometry;
    /// The most pieces on the board at once ([`NetworkInputs::MAX_ON`]).
    const MAX_PIECES: usize;
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
    const MAX_ON: usize = K::MAX_PIECES;

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
