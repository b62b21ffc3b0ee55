//! The first layer of a game's network in integers, and its sums carried from move to move.
//!
//! A network's first layer is a sum of weight rows, one row for each input that is on. A move
//! turns few inputs off and on (the piece it moves, the pieces it captures, a crowning), so
//! the search can carry the sums from a position to its child by subtracting and adding those
//! rows instead of summing every row afresh.
//!
//! * A game declares its inputs with a type implementing [`NetworkInputs`] for its position:
//!   which inputs are on seen from either side, and which turn off and on from one position
//!   to the next.
//! * [`FirstLayer`] holds the first layer's weights as integers: each float weight times
//!   2^[`FirstLayer::shift`], rounded, with the shift the largest that keeps every possible
//!   sum inside `i32`. Integer sums do not depend on the order of the additions, so the sums
//!   carried move by move are *exactly* the sums made from scratch, whatever path led to the
//!   position; float sums would drift apart in their last bits.
//! * [`Accumulator`] holds the sums from both sides' points of view (White's and Black's), so
//!   the evaluation picks the side to move's without knowing who moved.

use super::{DEFAULT_HIDDEN, LANES, MAX_HIDDEN, Network};
use crate::types::Side;

/// The most inputs a game may declare: the default [`NetworkInputs::changes`] keeps a set of
/// this many bits.
pub const MAX_INPUTS: usize = 1024;

/// What a game's position tells a network: its inputs seen from either side. A game declares
/// them with a type (usually zero-sized) implementing this trait for its position.
///
/// Guarantee the implementor gives: for every position `a` and position `b` reached from it
/// by one move, starting from the inputs of `a` seen from `perspective`, turning off every
/// input [`NetworkInputs::changes`] reports with `false` and on every input it reports with
/// `true` gives exactly the inputs of `b` seen from `perspective`. Every input number is below
/// [`NetworkInputs::INPUTS`] (at most [`MAX_INPUTS`]), and an input is reported at most once
/// per position.
pub trait NetworkInputs {
    /// The position the inputs are read from.
    type Position;
    /// How many inputs the network has.
    const INPUTS: usize;
    /// Calls `on` with every input that is on in `pos`, seen from `perspective`.
    fn inputs(pos: &Self::Position, perspective: Side, on: &mut impl FnMut(usize));
    /// Calls `change(input, false)` for every input that is on in `before` and off in `after`,
    /// and `change(input, true)` for every input that is off in `before` and on in `after`,
    /// seen from `perspective`. The default compares the two positions' input sets; a game
    /// whose inputs follow its bitboards does it faster from their difference.
    fn changes(
        before: &Self::Position,
        after: &Self::Position,
        perspective: Side,
        change: &mut impl FnMut(usize, bool),
    ) {
        let mut old = [0u64; MAX_INPUTS / 64];
        Self::inputs(before, perspective, &mut |input| {
            old[input / 64] |= 1 << (input % 64)
        });
        let mut new = [0u64; MAX_INPUTS / 64];
        Self::inputs(after, perspective, &mut |input| {
            new[input / 64] |= 1 << (input % 64)
        });
        for (word, (&old, &new)) in old.iter().zip(&new).enumerate() {
            let mut moved = old ^ new;
            while moved != 0 {
                let bit = moved.trailing_zeros() as usize;
                moved &= moved - 1;
                change(word * 64 + bit, new >> bit & 1 == 1);
            }
        }
    }
}

/// A first layer in integers: per input a row of weights into the hidden units, and the
/// biases, each the float weight times 2^`shift` rounded to the nearest integer.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstLayer {
    hidden: usize,
    /// Per input, its weights into the hidden units, one row after the other.
    rows: Vec<i32>,
    /// The hidden units' biases; 0 past the network's hidden units.
    biases: [i32; MAX_HIDDEN],
    /// The fixed point: an integer sum `s` stands for `s / 2^shift`.
    pub shift: i32,
}

impl FirstLayer {
    /// The first layer of `network` for positions with at most `max_on` inputs on at once.
    /// The shift is the largest (at most 30) for which no sum of the biases and `max_on` rows
    /// can leave `i32`, so sums never overflow (for weights of size about 1 and two dozen
    /// pieces it is 26: each weight within 2^-27, about 7·10⁻⁹, of its float).
    pub fn quantise(network: &Network, max_on: usize) -> FirstLayer {
        let hidden = network.hidden();
        // The largest sum any unit can reach: its bias and its `max_on` largest weights.
        let mut bound = 0.0f64;
        for unit in 0..hidden {
            let mut weights: Vec<f64> = (0..network.inputs())
                .map(|input| network.row(input)[unit].abs() as f64)
                .collect();
            weights.sort_by(|a, b| b.total_cmp(a));
            let sum: f64 = weights.iter().take(max_on).sum();
            bound = bound.max(sum + network.hidden_biases[unit].abs() as f64);
        }
        // Keep a unit of headroom for the rounding of each weight.
        let mut shift = 30;
        while shift > 0 && (bound + 1.0) * f64::from(1u32 << shift) >= i32::MAX as f64 {
            shift -= 1;
        }
        let scale = f64::from(1u32 << shift);
        let fixed = |w: &f32| (*w as f64 * scale).round() as i32;
        let mut biases = [0; MAX_HIDDEN];
        for (bias, weight) in biases.iter_mut().zip(&network.hidden_biases) {
            *bias = fixed(weight);
        }
        FirstLayer {
            hidden,
            rows: network.input_weights.iter().map(fixed).collect(),
            biases,
            shift,
        }
    }

    /// Hidden units.
    #[inline]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The weights of `input` into the hidden units.
    #[inline]
    fn row(&self, input: usize) -> &[i32] {
        &self.rows[input * self.hidden..(input + 1) * self.hidden]
    }

    /// The sums of `pos` seen from `perspective`, made from scratch: the biases plus the rows
    /// of the inputs that are on, in the first [`FirstLayer::hidden`] places (the rest are 0).
    pub fn sums<I: NetworkInputs>(
        &self,
        pos: &I::Position,
        perspective: Side,
    ) -> [i32; MAX_HIDDEN] {
        let mut sums = self.biases;
        I::inputs(pos, perspective, &mut |input| {
            add(&mut sums, self.row(input))
        });
        sums
    }

    /// The float value of an integer sum.
    #[inline]
    pub fn value(&self, sum: i32) -> f32 {
        sum as f32 / (1u64 << self.shift) as f32
    }
}

/// `sums += row` if `ADD`, else `sums -= row`, element by element, over the row's length (a
/// multiple of [`LANES`]). Rows of the shipped widths, [`DEFAULT_HIDDEN`] and [`MAX_HIDDEN`]
/// units, take a path of fixed length that the compiler unrolls into straight vector code with
/// no loop and no bounds checks; other widths (a network file of another size) take the general
/// loop over [`LANES`].
#[inline]
fn apply<const ADD: bool>(sums: &mut [i32; MAX_HIDDEN], row: &[i32]) {
    #[inline(always)]
    fn fixed<const ADD: bool, const N: usize>(sums: &mut [i32; MAX_HIDDEN], row: &[i32; N]) {
        for (sum, weight) in sums.iter_mut().zip(row) {
            if ADD {
                *sum += weight;
            } else {
                *sum -= weight;
            }
        }
    }
    if let Ok(row) = <&[i32; DEFAULT_HIDDEN]>::try_from(row) {
        return fixed::<ADD, DEFAULT_HIDDEN>(sums, row);
    }
    if let Ok(row) = <&[i32; MAX_HIDDEN]>::try_from(row) {
        return fixed::<ADD, MAX_HIDDEN>(sums, row);
    }
    let (row, _) = row.as_chunks::<LANES>();
    let (sums, _) = sums.as_chunks_mut::<LANES>();
    for (sums, weights) in sums.iter_mut().zip(row) {
        for lane in 0..LANES {
            if ADD {
                sums[lane] += weights[lane];
            } else {
                sums[lane] -= weights[lane];
            }
        }
    }
}

/// `sums += row` ([`apply`]).
#[inline]
fn add(sums: &mut [i32; MAX_HIDDEN], row: &[i32]) {
    apply::<true>(sums, row);
}

/// `sums -= row` ([`apply`]).
#[inline]
fn subtract(sums: &mut [i32; MAX_HIDDEN], row: &[i32]) {
    apply::<false>(sums, row);
}

/// A position's first-layer sums from both sides' points of view.
///
/// Guarantee: [`Accumulator::after`] of the accumulator of a position gives, for the position
/// after a move, exactly [`Accumulator::new`] of that position (integer sums, no rounding).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// White's point of view, then Black's; 0 past the network's hidden units.
    sums: [[i32; MAX_HIDDEN]; 2],
}

impl Accumulator {
    /// The sums of `pos` from scratch.
    pub fn new<I: NetworkInputs>(layer: &FirstLayer, pos: &I::Position) -> Accumulator {
        Accumulator {
            sums: [
                layer.sums::<I>(pos, Side::White),
                layer.sums::<I>(pos, Side::Black),
            ],
        }
    }

    /// The sums of `after`, reached from `before` (whose sums these are) by one move: the rows
    /// of the inputs the move turns off taken away, those it turns on added.
    #[inline]
    pub fn after<I: NetworkInputs>(
        &self,
        layer: &FirstLayer,
        before: &I::Position,
        after: &I::Position,
    ) -> Accumulator {
        let mut next = *self;
        next.update::<I>(layer, before, after);
        next
    }

    /// [`Accumulator::after`] in place: these sums, of `before`, become those of `after`.
    #[inline]
    pub fn update<I: NetworkInputs>(
        &mut self,
        layer: &FirstLayer,
        before: &I::Position,
        after: &I::Position,
    ) {
        let parent = *self;
        for perspective in [Side::White, Side::Black] {
            self.update_view::<I>(&parent, layer, before, after, perspective);
        }
    }

    /// Sets the sums seen from `perspective` to those of `after`, from `parent`'s sums of
    /// `before`, a position one move earlier; the other point of view is left as it is. A
    /// search that evaluates only for the side to move updates only its view.
    #[inline]
    pub fn update_view<I: NetworkInputs>(
        &mut self,
        parent: &Accumulator,
        layer: &FirstLayer,
        before: &I::Position,
        after: &I::Position,
        perspective: Side,
    ) {
        let view = perspective.index() & 1;
        let hidden = layer.hidden();
        let sums = &mut self.sums[view];
        // Constant lengths for the shipped widths: inline vector moves, no call to copy.
        match hidden {
            DEFAULT_HIDDEN => {
                sums[..DEFAULT_HIDDEN].copy_from_slice(&parent.sums[view][..DEFAULT_HIDDEN])
            }
            MAX_HIDDEN => *sums = parent.sums[view],
            _ => sums[..hidden].copy_from_slice(&parent.sums[view][..hidden]),
        }
        I::changes(before, after, perspective, &mut |input, on| {
            if on {
                add(sums, layer.row(input));
            } else {
                subtract(sums, layer.row(input));
            }
        });
    }

    /// The sums seen from `perspective` (the side to move's, for the evaluation).
    #[inline]
    pub fn sums(&self, perspective: Side) -> &[i32; MAX_HIDDEN] {
        match perspective {
            Side::White => &self.sums[0],
            Side::Black => &self.sums[1],
        }
    }
}
