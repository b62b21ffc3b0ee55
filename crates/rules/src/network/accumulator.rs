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
//! * [`FirstLayer`] holds the first layer's weights as 16-bit integers ([`Sum`]): each float
//!   weight times 2^shift of its hidden unit ([`FirstLayer::shifts`]), rounded, with each
//!   unit's shift the largest that keeps every possible sum of that unit inside 16 bits.
//!   Integer sums do not depend on the order of the additions, so the sums carried move by
//!   move are *exactly* the sums made from scratch, whatever path led to the position; float
//!   sums would drift apart in their last bits. Sixteen bits take half the memory and half the
//!   vector work of 32.
//! * [`Accumulator`] holds the sums from both sides' points of view (White's and Black's), so
//!   the evaluation picks the side to move's without knowing who moved.

use super::{DEFAULT_HIDDEN, LANES, MAX_HIDDEN, Network};
use crate::types::Side;

/// A first-layer weight or sum in fixed point: the integer `s` of a hidden unit stands for
/// `s / 2^shift` of that unit ([`FirstLayer::shifts`]). Sums are added with wrapping, so a
/// sum is exact whenever its true value fits, however the additions that led to it went.
pub type Sum = i16;

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
    /// The most inputs any position of the game has on at once: the first layer's fixed
    /// point is chosen so that this many weights never overflow a sum.
    const MAX_ON: usize;
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
/// biases, each the float weight times 2^`shift` of its unit, rounded to the nearest [`Sum`].
#[derive(Clone, Debug, PartialEq)]
pub struct FirstLayer {
    hidden: usize,
    /// Per input, its weights into the hidden units, one row after the other.
    rows: Vec<Sum>,
    /// The hidden units' biases; 0 past the network's hidden units.
    biases: [Sum; MAX_HIDDEN],
    /// Per hidden unit its fixed point: an integer sum `s` of unit `u` stands for
    /// `s / 2^shifts[u]`.
    pub shifts: [u8; MAX_HIDDEN],
}

/// The finest fixed point a unit gets: weights of 2 or more never take it.
const MAX_SHIFT: u8 = 14;

impl FirstLayer {
    /// The first layer of `network` for positions with at most `max_on` inputs on at once.
    /// Each unit's shift is the largest (at most 14) for which no sum of its rounded bias and
    /// `max_on` of its rounded weights can leave [`Sum`], so no position's sums overflow: the
    /// bias and the `max_on` largest positive weights stay within [`Sum::MAX`], the bias and
    /// the `max_on` most negative within [`Sum::MIN`]. (For weights of size about 1 and two
    /// dozen pieces it is 10 or 11: each weight within 2^-11 or 2^-12 of its float.)
    pub fn quantise(network: &Network, max_on: usize) -> FirstLayer {
        let hidden = network.hidden();
        let fixed = |weight: f32, shift: u8| (f64::from(weight) * f64::from(1u32 << shift)).round();
        // Whether unit `unit`'s sums all fit at `shift`.
        let fits = |unit: usize, shift: u8| {
            let mut weights: Vec<f64> = (0..network.inputs())
                .map(|input| fixed(network.row(input)[unit], shift))
                .collect();
            weights.sort_by(f64::total_cmp);
            let bias = fixed(network.hidden_biases[unit], shift);
            let lowest: f64 = weights.iter().take(max_on).filter(|w| **w < 0.0).sum();
            let highest: f64 = weights
                .iter()
                .rev()
                .take(max_on)
                .filter(|w| **w > 0.0)
                .sum();
            bias + lowest >= f64::from(Sum::MIN) && bias + highest <= f64::from(Sum::MAX)
        };
        let mut shifts = [0; MAX_HIDDEN];
        for (unit, shift) in shifts.iter_mut().enumerate().take(hidden) {
            // At shift 0 a unit may still not fit (weights in the thousands, which training
            // never makes): its weights saturate rather than wrap.
            *shift = (0..=MAX_SHIFT).rev().find(|&s| fits(unit, s)).unwrap_or(0);
        }
        let mut rows = Vec::with_capacity(network.input_weights.len());
        for input in 0..network.inputs() {
            let row = network.row(input).iter().zip(&shifts);
            rows.extend(row.map(|(&weight, &shift)| fixed(weight, shift) as Sum));
        }
        let mut biases = [0; MAX_HIDDEN];
        for ((bias, &weight), &shift) in biases.iter_mut().zip(&network.hidden_biases).zip(&shifts)
        {
            *bias = fixed(weight, shift) as Sum;
        }
        FirstLayer {
            hidden,
            rows,
            biases,
            shifts,
        }
    }

    /// Hidden units.
    #[inline]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The weights of `input` into the hidden units.
    #[inline]
    fn row(&self, input: usize) -> &[Sum] {
        &self.rows[input * self.hidden..(input + 1) * self.hidden]
    }

    /// The sums of `pos` seen from `perspective`, made from scratch: the biases plus the rows
    /// of the inputs that are on, in the first [`FirstLayer::hidden`] places (the rest are 0).
    pub fn sums<I: NetworkInputs>(
        &self,
        pos: &I::Position,
        perspective: Side,
    ) -> [Sum; MAX_HIDDEN] {
        let mut sums = self.biases;
        I::inputs(pos, perspective, &mut |input| {
            apply_any(&mut sums, self.row(input), true)
        });
        sums
    }

    /// The float value of an integer sum of hidden unit `unit`.
    #[inline]
    pub fn value(&self, unit: usize, sum: Sum) -> f32 {
        f32::from(sum) / (1u32 << self.shifts[unit]) as f32
    }
}

/// `sums += row` if `ADD`, else `sums -= row`, lane by lane with wrapping ([`Sum`]). At the
/// shipped widths the compiler unrolls it into straight vector code.
#[inline(always)]
fn apply<const ADD: bool, const N: usize>(sums: &mut [Sum; N], row: &[Sum; N]) {
    for (sum, weight) in sums.iter_mut().zip(row) {
        *sum = if ADD {
            sum.wrapping_add(*weight)
        } else {
            sum.wrapping_sub(*weight)
        };
    }
}

/// `sums += row` or `sums -= row` over the row's length (any multiple of [`LANES`]), in
/// groups of [`LANES`].
#[inline]
fn apply_any(sums: &mut [Sum; MAX_HIDDEN], row: &[Sum], add: bool) {
    let (row, _) = row.as_chunks::<LANES>();
    let (sums, _) = sums.as_chunks_mut::<LANES>();
    for (sums, weights) in sums.iter_mut().zip(row) {
        if add {
            apply::<true, LANES>(sums, weights);
        } else {
            apply::<false, LANES>(sums, weights);
        }
    }
}

/// Sets the first `N` of `sums` to `parent`'s, of `before`, changed by the rows of the inputs
/// a move to `after` turns off and on, seen from `perspective`, for a layer of exactly `N`
/// hidden units: rows and sums of a length the compiler knows, so the copy and each row's
/// addition are a few vector instructions with no loop and no bounds check but the one on the
/// input. False, with nothing done, if `N` exceeds [`MAX_HIDDEN`].
#[inline(always)]
fn carry_fixed<I: NetworkInputs, const N: usize>(
    sums: &mut [Sum; MAX_HIDDEN],
    parent: &[Sum; MAX_HIDDEN],
    layer: &FirstLayer,
    before: &I::Position,
    after: &I::Position,
    perspective: Side,
) -> bool {
    let (Some(sums), Some(parent)) = (sums.first_chunk_mut::<N>(), parent.first_chunk::<N>())
    else {
        return false;
    };
    // The sums are changed in a local copy, which the compiler keeps in vector registers
    // from the parent's load to the one store.
    let mut carried = *parent;
    let (rows, _) = layer.rows.as_chunks::<N>();
    I::changes(before, after, perspective, &mut |input, on| {
        if on {
            apply::<true, N>(&mut carried, &rows[input]);
        } else {
            apply::<false, N>(&mut carried, &rows[input]);
        }
    });
    *sums = carried;
    true
}

/// A position's first-layer sums from both sides' points of view.
///
/// Guarantee: [`Accumulator::after`] of the accumulator of a position gives, for the position
/// after a move, exactly [`Accumulator::new`] of that position (integer sums, no rounding).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// White's point of view, then Black's; 0 past the network's hidden units.
    sums: [[Sum; MAX_HIDDEN]; 2],
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
        let (sums, parent) = (&mut self.sums[view], &parent.sums[view]);
        // The shipped widths take the path of fixed length; a network file of another width
        // the general loops.
        let carried = match layer.hidden() {
            DEFAULT_HIDDEN => {
                carry_fixed::<I, DEFAULT_HIDDEN>(sums, parent, layer, before, after, perspective)
            }
            MAX_HIDDEN => {
                carry_fixed::<I, MAX_HIDDEN>(sums, parent, layer, before, after, perspective)
            }
            _ => false,
        };
        if carried {
            return;
        }
        let hidden = layer.hidden();
        sums[..hidden].copy_from_slice(&parent[..hidden]);
        I::changes(before, after, perspective, &mut |input, on| {
            apply_any(sums, layer.row(input), on)
        });
    }

    /// The sums seen from `perspective` (the side to move's, for the evaluation).
    #[inline]
    pub fn sums(&self, perspective: Side) -> &[Sum; MAX_HIDDEN] {
        match perspective {
            Side::White => &self.sums[0],
            Side::Black => &self.sums[1],
        }
    }
}
