//! A small neural network: a learned evaluation term that sees the whole board at once.
//!
//! The input is the board from the side to move's point of view: one bit per square and kind
//! of piece (own man, own king, opponent's man, opponent's king), squares numbered from the
//! mover's side ([`Geometry::relative`]), so a position and the same position with the colours
//! and the board turned round look alike. One hidden layer of rectified units
//! feeds one output, the correction in hundredths of a man for the side to move. Since at most
//! one bit per square is set, the hidden layer is the sum of the weight rows of the pieces on
//! the board: a few vector additions.
//!
//! The network is trained by `damka train --model network` on top of the linear evaluation and
//! added to it, scaled by the weight [`NETWORK_SCALE`] (in percent; 0 turns it off). Its
//! weights are a compact binary file compiled into the engine (see [`Network::read`]).

use crate::board::Geometry;
use crate::games::draughts::Rules;
use crate::games::draughts::position::Position;
use crate::network::{KindSquares, PieceKinds};
pub use crate::network::{Network, OUTPUT_UNIT};
use crate::types::{Bitboard, Side};
use std::marker::PhantomData;

/// Squares of the 8×8 board.
const SQUARES: usize = 32;
/// Inputs of the 8×8 board: a square for each kind of piece (own man, own king, opponent's man
/// and king).
pub const INPUTS: usize = 4 * SQUARES;

/// The weight slot (unused by the 8×8 king square table) that scales the network's term, in
/// percent: 100 adds it as trained, 0 leaves it out.
pub const NETWORK_SCALE: usize = super::KING_SQUARES + 33;

/// The pieces of a draughts position by input kind: own men, own kings, the opponent's men and
/// kings, on the squares of the game's board.
#[derive(Clone, Copy, Debug, Default)]
pub struct DraughtsKinds<R>(PhantomData<R>);

impl<R: Rules> PieceKinds<4> for DraughtsKinds<R> {
    type Position = Position<R>;
    type Board = R::Board;
    /// A full start: each side's men fill the dark squares of all but the two middle ranks
    /// (24 on 8×8, 40 on 10×10).
    const MAX_PIECES: usize = 2
        * (<R::Board as Geometry>::RANKS as usize / 2 - 1)
        * (<R::Board as Geometry>::FILES as usize / 2);

    #[inline]
    fn kinds(pos: &Position<R>, side: Side) -> [Bitboard; 4] {
        let opponent = side.opponent();
        [
            pos.men(side),
            pos.kings(side),
            pos.men(opponent),
            pos.kings(opponent),
        ]
    }
}

/// The inputs of a draughts position on any board: one per kind of piece (own man, own king,
/// the opponent's man and king) and square seen from the perspective's side
/// ([`Geometry::relative`]): `kind · squares + relative square`.
pub type PieceSquares<R> = KindSquares<DraughtsKinds<R>, 4>;

/// Reads a draughts network file of this module's shape ([`INPUTS`] inputs).
pub fn read(bytes: &[u8]) -> Result<Network, String> {
    Network::read(bytes, INPUTS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::Russian;
    use crate::games::draughts::notation::parse_fen;
    use crate::network::{Accumulator, DEFAULT_HIDDEN, NetworkInputs, Quantised};

    /// The inputs of `pos` seen from its side to move.
    fn mover_inputs(pos: &Position<Russian>) -> Vec<usize> {
        inputs_from(pos, pos.side_to_move())
    }

    /// The inputs of `pos` seen from `side`.
    fn inputs_from(pos: &Position<Russian>, side: Side) -> Vec<usize> {
        let mut on = Vec::new();
        PieceSquares::<Russian>::inputs(pos, side, &mut |input| on.push(input));
        on
    }

    #[test]
    fn inputs_are_seen_from_the_side_to_move() {
        let white = parse_fen::<Russian>("W:Wa1,Kc3:Bh8").unwrap();
        let black = parse_fen::<Russian>("B:Wa1:Bh8,Kf6").unwrap();
        // Black's h8 is its own a1, and f6 its own c3 (input 9 of its kind).
        assert_eq!(mover_inputs(&white), &[0, 32 + 9, 64 + 31]);
        assert_eq!(mover_inputs(&black), &[0, 32 + 9, 64 + 31]);
    }

    /// Plays `games` random games and checks at every position that the sums of `quantised`
    /// (made from `network`) carried move by move equal the sums made from scratch, from both
    /// points of view, that they are the float sums to within the rounding of their weights,
    /// and that the term is the float network's to within 2 hundredths of a man (0.4 on
    /// average). Returns the positions checked.
    fn check_carried_sums(network: &Network, quantised: &Quantised, games: usize) -> usize {
        use crate::game::Game;
        use crate::games::draughts::Draughts;
        use crate::testing::{Rng, random_games};
        let layer = &quantised.first;
        let start = Draughts::<Russian>::start();
        let mut acc = Accumulator::new::<PieceSquares<Russian>>(layer, &start);
        let mut positions = 0;
        let (mut worst, mut total) = (0.0f32, 0.0f64);
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        random_games::<Draughts<Russian>>(&mut rng, &start, games, 150, |ply, pos, _, next| {
            if ply == 0 {
                acc = Accumulator::new::<PieceSquares<Russian>>(layer, pos);
            }
            acc = acc.after::<PieceSquares<Russian>>(layer, pos, next);
            assert_eq!(acc, Accumulator::new::<PieceSquares<Russian>>(layer, next));
            let floats = network.accumulate(mover_inputs(next));
            let fixed = acc.sums(next.side_to_move());
            // Each of the rounded weights (at most a piece a square and the bias) is within
            // half a unit of the last place of its float.
            for (unit, (float, &sum)) in floats.iter().zip(fixed).enumerate() {
                let rounding = (SQUARES + 1) as f32 / (2 << layer.shifts[unit]) as f32;
                assert!(
                    (float - layer.value(unit, sum)).abs() <= rounding,
                    "{float} {sum}"
                );
            }
            let opponent = next.side_to_move().opponent();
            let other = network.accumulate(inputs_from(next, opponent));
            let term = quantised.output(fixed, acc.sums(opponent));
            let float_term = network.output(&floats, &other) * OUTPUT_UNIT;
            let error = (term as f32 - float_term).abs();
            worst = worst.max(error);
            total += error as f64;
            positions += 1;
        });
        // The rounding of the term to whole hundredths alone is 0.25 on average.
        let mean = total / positions as f64;
        assert!(worst <= 2.0 && mean <= 0.4, "worst {worst}, mean {mean}");
        positions
    }

    #[test]
    fn carried_sums_are_the_sums_from_scratch() {
        let network = read(include_bytes!("russian.network")).unwrap();
        // Each unit's weights in 2^-9 to 2^-11 steps (docs/training.md says so).
        let russian = Russian::network().unwrap();
        let shifts = &russian.first.shifts[..russian.first.hidden()];
        assert!(
            shifts.iter().all(|shift| (9..=11).contains(shift)),
            "{shifts:?}"
        );
        let positions = check_carried_sums(&network, russian, 200);
        assert!(positions > 5_000, "{positions}");
    }

    /// A network of 24 units takes the general row loops, one of 128 the other fixed-length
    /// path: their carried sums are the sums from scratch too, and their term the float
    /// network's; so is the term of a network that reads both points of view.
    #[test]
    fn networks_of_other_widths_carry_their_sums_too() {
        let mut rng = crate::testing::Rng::new(0x9e37_79b9_7f4a_7c15);
        for (hidden, both_views) in [(24, false), (128, false), (64, true), (24, true)] {
            let mut network = Network::zero(INPUTS, hidden);
            if both_views {
                network = network.with_both_views();
                for weight in &mut network.opponent_weights {
                    *weight = rng.below(2001) as f32 / 1000.0 - 1.0;
                }
            }
            for input in 0..INPUTS {
                for weight in network.row_mut(input) {
                    *weight = rng.below(2001) as f32 / 4000.0 - 0.25;
                }
            }
            for weight in &mut network.output_weights {
                *weight = rng.below(2001) as f32 / 1000.0 - 1.0;
            }
            check_carried_sums(
                &network,
                &Quantised::new(&network, PieceSquares::<Russian>::MAX_ON),
                50,
            );
        }
    }

    #[test]
    fn the_file_format_round_trips_and_refuses_damage() {
        let mut network = Network::zero(INPUTS, DEFAULT_HIDDEN);
        network.row_mut(7)[3] = 0.25;
        network.output_bias = -1.5;
        for network in [network.clone(), network.with_both_views()] {
            let bytes = network.write();
            assert_eq!(read(&bytes), Ok(network));
            let mut damaged = bytes.clone();
            damaged[100] ^= 1;
            assert!(read(&damaged).is_err());
            assert!(read(&bytes[..bytes.len() - 1]).is_err());
            assert!(Network::read(&bytes, INPUTS + 1).is_err());
        }
    }

    /// A network that reads both points of view says so in its file, and its opponent weights
    /// weigh the hidden units of the same first layer fed the opponent's inputs.
    #[test]
    fn both_points_of_view_read_the_opponents_inputs_through_the_same_rows() {
        let mut network = Network::zero(INPUTS, DEFAULT_HIDDEN).with_both_views();
        network.row_mut(0)[0] = 0.5; // a man on the viewer's own a1
        network.output_weights[0] = 1.0;
        network.opponent_weights[0] = -2.0;
        let bytes = network.write();
        assert_eq!(&bytes[..8], b"DAMKANNB");
        let network = Quantised::new(&read(&bytes).unwrap(), PieceSquares::<Russian>::MAX_ON);
        assert!(network.both_views());
        let score =
            |fen| network.score::<PieceSquares<Russian>>(&parse_fen(fen).unwrap(), Side::White);
        // White's a1 lifts White's view; Black's h8 (its own a1) lifts Black's, weighed -2.
        assert_eq!(score("W:Wa1:Bb8"), 50);
        assert_eq!(score("W:Wc1:Bh8"), -100);
        assert_eq!(score("W:Wa1:Bh8"), -50);
        // One point of view is the same network with opponent weights of 0.
        let mut single = Network::zero(INPUTS, DEFAULT_HIDDEN);
        single.row_mut(0)[0] = 0.5;
        single.output_weights[0] = 1.0;
        assert_eq!(&single.write()[..8], b"DAMKANN1");
        let widened = Quantised::new(&single.clone().with_both_views(), 24);
        let single = Quantised::new(&single, 24);
        for fen in ["W:Wa1:Bb8", "W:Wa1:Bh8", "B:Wc3:Bh8"] {
            let pos = parse_fen::<Russian>(fen).unwrap();
            let side = pos.side_to_move();
            assert_eq!(
                widened.score::<PieceSquares<Russian>>(&pos, side),
                single.score::<PieceSquares<Russian>>(&pos, side)
            );
        }
    }

    #[test]
    fn a_file_says_how_many_hidden_units_it_has() {
        let mut small = Network::zero(INPUTS, 16);
        small.row_mut(INPUTS - 1)[15] = 0.5;
        let bytes = small.write();
        let read_back = read(&bytes).unwrap();
        assert_eq!(
            (read_back.hidden(), read_back.row(INPUTS - 1)[15]),
            (16, 0.5)
        );
        // A count that is not a multiple of 8 is refused, even with a good checksum.
        let mut odd = bytes[..bytes.len() - 8].to_vec();
        odd[12..16].copy_from_slice(&12u32.to_le_bytes());
        let hash = crate::checksum::fnv1a(&odd);
        odd.extend_from_slice(&hash.to_le_bytes());
        assert!(read(&odd).unwrap_err().contains("12 hidden units"));
    }

    #[test]
    fn the_built_in_networks_are_readable() {
        assert!(read(include_bytes!("russian.network")).is_ok());
        let international = PieceSquares::<crate::games::draughts::International>::INPUTS;
        assert_eq!(international, 200);
        assert!(Network::read(include_bytes!("international.network"), international).is_ok());
        assert!(read(include_bytes!("brazilian.network")).is_ok());
    }

    #[test]
    fn the_score_is_the_sum_of_the_rows_rectified() {
        let mut network = Network::zero(INPUTS, DEFAULT_HIDDEN);
        network.row_mut(0)[0] = 0.5; // own man on a1
        network.row_mut(64 + 31)[0] = -2.0; // opponent's man on its own a1
        network.row_mut(64 + 31)[1] = 0.25;
        network.output_weights[0] = 1.0;
        network.output_weights[1] = 2.0;
        let network = Quantised::new(&network, PieceSquares::<Russian>::MAX_ON);
        let alone = parse_fen::<Russian>("W:Wa1:Bb8").unwrap();
        assert_eq!(
            network.score::<PieceSquares<Russian>>(&alone, Side::White),
            50
        );
        // h8 pulls unit 0 below zero (rectified away) and lifts unit 1.
        let both = parse_fen::<Russian>("W:Wa1:Bh8").unwrap();
        assert_eq!(
            network.score::<PieceSquares<Russian>>(&both, Side::White),
            50
        );
    }
}
