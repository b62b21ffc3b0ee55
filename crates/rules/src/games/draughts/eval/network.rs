//! A small neural network: a learned evaluation term that sees the whole board at once.
//!
//! The input is the board from the side to move's point of view: one bit per square and kind
//! of piece (own man, own king, opponent's man, opponent's king), squares numbered from the
//! mover's side ([`Geometry::relative`]), so a position and the same position with the colours
//! and the board turned round look alike. One hidden layer of [`HIDDEN`] rectified units
//! feeds one output, the correction in hundredths of a man for the side to move. Since at most
//! one bit per square is set, the hidden layer is the sum of the weight rows of the pieces on
//! the board: a few vector additions.
//!
//! The network is trained by `damka train --model network` on top of the linear evaluation and
//! added to it, scaled by the weight [`NETWORK_SCALE`] (in percent; 0 turns it off). Its
//! weights are a compact binary file compiled into the engine (see [`Network::read`]).

use crate::accumulator::{FirstLayer, NetworkInputs};
use crate::board::{Dark8, Geometry};
use crate::checksum::fnv1a;
use crate::games::draughts::Rules;
use crate::games::draughts::position::Position;
use crate::types::Side;
use std::sync::LazyLock;

/// Squares of the 8×8 board.
const SQUARES: usize = 32;
/// Inputs: a square for each kind of piece (own man, own king, opponent's man and king).
pub const INPUTS: usize = 4 * SQUARES;
/// Hidden units.
pub const HIDDEN: usize = 64;
/// The output's unit: the network's raw output times this is hundredths of a man.
pub const OUTPUT_UNIT: f32 = 100.0;
/// Pieces a Russian position can have (12 a side).
pub const MAX_PIECES: usize = 24;

/// The weight slot (unused by the 8×8 king square table) that scales the network's term, in
/// percent: 100 adds it as trained, 0 leaves it out.
pub const NETWORK_SCALE: usize = super::KING_SQUARES + 33;

/// The inputs that are on: each piece's input number, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inputs {
    /// Input numbers (`kind · 32 + relative square`); the first `len` are used.
    pub on: [u8; MAX_PIECES],
    /// How many inputs are on.
    pub len: usize,
}

impl Inputs {
    /// The inputs of `pos`, from its side to move's point of view. Pieces past
    /// [`MAX_PIECES`] (impossible in Russian) are left out.
    pub fn of<R: Rules>(pos: &Position<R>) -> Inputs {
        let mover = pos.side_to_move();
        let mut inputs = Inputs {
            on: [0; MAX_PIECES],
            len: 0,
        };
        let kinds = [
            pos.men(mover),
            pos.kings(mover),
            pos.men(mover.opponent()),
            pos.kings(mover.opponent()),
        ];
        for (kind, squares) in kinds.into_iter().enumerate() {
            for square in squares {
                if inputs.len < MAX_PIECES {
                    let input = kind * SQUARES + Dark8::relative(mover, square);
                    inputs.on[inputs.len] = input as u8;
                    inputs.len += 1;
                }
            }
        }
        inputs
    }

    /// The inputs that are on, as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.on[..self.len]
    }
}

/// The inputs of a draughts position on any board: one per kind of piece (own man, own king,
/// the opponent's man and king) and square seen from the perspective's side
/// ([`Geometry::relative`]): `kind · squares + relative square`. Seen from the side to move
/// on the 8×8 board they are exactly [`Inputs::of`].
impl<R: Rules> NetworkInputs for Position<R> {
    const INPUTS: usize = 4 * <R::Board as Geometry>::SQUARE_COUNT;

    #[inline]
    fn inputs(&self, perspective: Side, on: &mut impl FnMut(usize)) {
        let squares = <R::Board as Geometry>::SQUARE_COUNT;
        for (kind, pieces) in kinds(self, perspective).into_iter().enumerate() {
            for square in pieces {
                on(kind * squares + R::Board::relative(perspective, square));
            }
        }
    }

    #[inline]
    fn changes(&self, after: &Self, perspective: Side, change: &mut impl FnMut(usize, bool)) {
        let squares = <R::Board as Geometry>::SQUARE_COUNT;
        let (old, new) = (kinds(self, perspective), kinds(after, perspective));
        for kind in 0..4 {
            let moved = old[kind] ^ new[kind];
            for square in old[kind] & moved {
                change(
                    kind * squares + R::Board::relative(perspective, square),
                    false,
                );
            }
            for square in new[kind] & moved {
                change(
                    kind * squares + R::Board::relative(perspective, square),
                    true,
                );
            }
        }
    }
}

/// The pieces of `pos` by input kind, seen from `side`: its men, its kings, the opponent's men
/// and kings.
#[inline]
fn kinds<R: Rules>(pos: &Position<R>, side: Side) -> [crate::types::Bitboard; 4] {
    [
        pos.men(side),
        pos.kings(side),
        pos.men(side.opponent()),
        pos.kings(side.opponent()),
    ]
}

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// Per input, its weights into the hidden units.
    pub input_weights: Vec<[f32; HIDDEN]>,
    /// The hidden units' biases.
    pub hidden_biases: [f32; HIDDEN],
    /// The hidden units' weights into the output.
    pub output_weights: [f32; HIDDEN],
    /// The output's bias.
    pub output_bias: f32,
}

/// The first bytes of a network file.
const MAGIC: &[u8; 8] = b"DAMKANN1";

impl Network {
    /// A network whose output is always 0.
    pub fn zero() -> Network {
        Network {
            input_weights: vec![[0.0; HIDDEN]; INPUTS],
            hidden_biases: [0.0; HIDDEN],
            output_weights: [0.0; HIDDEN],
            output_bias: 0.0,
        }
    }

    /// The hidden units' inputs before rectifying: the biases plus the rows of the inputs that
    /// are on.
    #[inline]
    pub fn accumulate(&self, inputs: &[u8]) -> [f32; HIDDEN] {
        let mut sums = self.hidden_biases;
        for &input in inputs {
            let row = &self.input_weights[input as usize];
            for (sum, weight) in sums.iter_mut().zip(row) {
                *sum += weight;
            }
        }
        sums
    }

    /// The raw output for these hidden sums (multiply by [`OUTPUT_UNIT`] for hundredths of a
    /// man).
    #[inline]
    pub fn output(&self, sums: &[f32; HIDDEN]) -> f32 {
        let hidden: f32 = sums
            .iter()
            .zip(&self.output_weights)
            .map(|(sum, weight)| sum.max(0.0) * weight)
            .sum();
        hidden + self.output_bias
    }

    /// The first layer in integers, for [`crate::accumulator::Accumulator`] (positions with at
    /// most [`MAX_PIECES`] pieces).
    pub fn first_layer(&self) -> FirstLayer {
        FirstLayer::quantise(&self.input_weights, &self.hidden_biases, MAX_PIECES)
    }

    /// The network's term for the side to move of `pos`, in hundredths of a man.
    #[inline]
    pub fn score<R: Rules>(&self, pos: &Position<R>) -> i32 {
        let inputs = Inputs::of(pos);
        let sums = self.accumulate(inputs.as_slice());
        (self.output(&sums) * OUTPUT_UNIT).round() as i32
    }

    /// The network's term for White, in hundredths of a man.
    #[inline]
    pub fn score_for_white<R: Rules>(&self, pos: &Position<R>) -> i32 {
        match pos.side_to_move() {
            Side::White => self.score(pos),
            Side::Black => -self.score(pos),
        }
    }

    /// All the weights in file order: input rows, hidden biases, output weights, output bias.
    fn values(&self) -> impl Iterator<Item = f32> + '_ {
        self.input_weights
            .iter()
            .flatten()
            .chain(&self.hidden_biases)
            .chain(&self.output_weights)
            .chain(std::iter::once(&self.output_bias))
            .copied()
    }

    /// Reads a network file: the 8 bytes `DAMKANN1`, the counts of inputs and hidden units as
    /// little-endian u32 (128, 64), every weight as a little-endian f32 in the order input
    /// rows, hidden biases, output weights, output bias, then the FNV-1a 64-bit hash of all the
    /// bytes before it, little-endian. Anything else is refused.
    pub fn read(bytes: &[u8]) -> Result<Network, String> {
        let count = INPUTS * HIDDEN + 2 * HIDDEN + 1;
        let body_len = MAGIC.len() + 8 + 4 * count;
        if bytes.len() != body_len + 8 {
            return Err(format!(
                "network file has {} bytes, not {}",
                bytes.len(),
                body_len + 8
            ));
        }
        let (body, hash) = bytes.split_at(body_len);
        if hash != fnv1a(body).to_le_bytes() {
            return Err("network file checksum does not match".to_string());
        }
        if &body[..MAGIC.len()] != MAGIC {
            return Err("not a damka network file".to_string());
        }
        let word = |at: usize| [body[at], body[at + 1], body[at + 2], body[at + 3]];
        let shape = [
            u32::from_le_bytes(word(MAGIC.len())),
            u32::from_le_bytes(word(MAGIC.len() + 4)),
        ];
        if shape != [INPUTS as u32, HIDDEN as u32] {
            return Err(format!(
                "network file shape {shape:?} is not {INPUTS} x {HIDDEN}"
            ));
        }
        let mut values = (0..count).map(|i| f32::from_le_bytes(word(MAGIC.len() + 8 + 4 * i)));
        let mut network = Network::zero();
        for row in network.input_weights.iter_mut() {
            row.iter_mut()
                .for_each(|w| *w = values.next().unwrap_or(0.0));
        }
        for part in [&mut network.hidden_biases, &mut network.output_weights] {
            part.iter_mut()
                .for_each(|w| *w = values.next().unwrap_or(0.0));
        }
        network.output_bias = values.next().unwrap_or(0.0);
        if network.values().any(|w| !w.is_finite()) {
            return Err("network file holds a weight that is not a number".to_string());
        }
        Ok(network)
    }

    /// The file [`Network::read`] reads.
    pub fn write(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for count in [INPUTS, HIDDEN] {
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

/// Russian's trained network, compiled in (`russian.network`).
pub static RUSSIAN: LazyLock<Network> = LazyLock::new(|| {
    Network::read(include_bytes!("russian.network")).unwrap_or_else(|e| {
        log::error!("built-in Russian network unreadable ({e}); network left out");
        Network::zero()
    })
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::Russian;
    use crate::games::draughts::notation::parse_fen;

    #[test]
    fn inputs_are_seen_from_the_side_to_move() {
        let white = parse_fen::<Russian>("W:Wa1,Kc3:Bh8").unwrap();
        let black = parse_fen::<Russian>("B:Wa1:Bh8,Kf6").unwrap();
        // Black's h8 is its own a1, and f6 its own c3 (input 9 of its kind).
        assert_eq!(Inputs::of(&white).as_slice(), &[0, 32 + 9, 64 + 31]);
        assert_eq!(Inputs::of(&black).as_slice(), &[0, 32 + 9, 64 + 31]);
    }

    /// Plays random games and checks at every position that the sums carried move by move
    /// equal the sums made from scratch, from both points of view, and that they are the float
    /// sums to within the float sums' own rounding.
    #[test]
    fn carried_sums_are_the_sums_from_scratch() {
        use crate::accumulator::Accumulator;
        use crate::game::Game;
        use crate::games::draughts::Draughts;
        use crate::moves::MoveList;
        let network = &*RUSSIAN;
        let layer = network.first_layer();
        assert_eq!(layer.shift, 26);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut list = MoveList::new();
        let mut positions = 0;
        for _ in 0..200 {
            let mut pos = Draughts::<Russian>::start();
            let mut acc = Accumulator::new(&layer, &pos);
            for _ in 0..150 {
                Draughts::<Russian>::generate(&pos, &mut list);
                if list.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mv = list[(seed % list.len() as u64) as usize];
                let next = Draughts::<Russian>::play(&pos, mv);
                acc = acc.after(&layer, &pos, &next);
                pos = next;
                assert_eq!(acc, Accumulator::new(&layer, &pos));
                let floats = network.accumulate(Inputs::of(&pos).as_slice());
                let fixed = acc.sums(pos.side_to_move());
                for (float, &sum) in floats.iter().zip(fixed) {
                    assert!((float - layer.value(sum)).abs() < 1e-5, "{float} {sum}");
                }
                positions += 1;
            }
        }
        assert!(positions > 5_000, "{positions}");
    }

    #[test]
    fn the_file_format_round_trips_and_refuses_damage() {
        let mut network = Network::zero();
        network.input_weights[7][3] = 0.25;
        network.output_bias = -1.5;
        let bytes = network.write();
        assert_eq!(Network::read(&bytes), Ok(network));
        let mut damaged = bytes.clone();
        damaged[100] ^= 1;
        assert!(Network::read(&damaged).is_err());
        assert!(Network::read(&bytes[..bytes.len() - 1]).is_err());
    }

    #[test]
    fn the_built_in_network_is_readable() {
        assert!(Network::read(include_bytes!("russian.network")).is_ok());
    }

    #[test]
    fn the_score_is_the_sum_of_the_rows_rectified() {
        let mut network = Network::zero();
        network.input_weights[0][0] = 0.5; // own man on a1
        network.input_weights[64 + 31][0] = -2.0; // opponent's man on its own a1
        network.input_weights[64 + 31][1] = 0.25;
        network.output_weights[0] = 1.0;
        network.output_weights[1] = 2.0;
        let alone = parse_fen::<Russian>("W:Wa1:Bb8").unwrap();
        assert_eq!(network.score(&alone), 50);
        // h8 pulls unit 0 below zero (rectified away) and lifts unit 1.
        let both = parse_fen::<Russian>("W:Wa1:Bh8").unwrap();
        assert_eq!(network.score(&both), 50);
        assert_eq!(network.score_for_white(&both), 50);
    }
}
