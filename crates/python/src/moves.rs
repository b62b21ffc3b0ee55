//! [`Move`]: a legal move as Python sees it, in the game's own notation.

use crate::game::MoveInfo;
use damka_rules::games::Variant;
use damka_rules::types::Square;
use damka_rules::with_game;
use pyo3::prelude::*;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// A move of one game, as `Board.legal_moves` lists it and `Board.push` takes it.
///
/// Squares are named in the game's notation: `c3` on the algebraic boards, PDN numbers
/// (`"32"`) in International draughts. Two moves are equal when they are of the same game
/// and have the same landing path and captured squares; the text can differ between
/// positions (a numbered capture is shortened to its ends when nothing else shares them).
#[pyclass(module = "damka", frozen)]
#[derive(Clone)]
pub struct Move {
    pub(crate) variant: Variant,
    pub(crate) info: MoveInfo,
}

impl Move {
    /// The move `info` of a game of `variant`.
    pub fn new(variant: Variant, info: MoveInfo) -> Move {
        Move { variant, info }
    }

    fn name(&self, square: Square) -> String {
        with_game!(self.variant, G => <G as damka_rules::game::Game>::square_name(square))
    }
}

#[pymethods]
impl Move {
    /// The move in the game's notation, as the engine prints it (`c3-d4`, `c3:e5:c7`,
    /// `28x19`).
    #[getter]
    fn text(&self) -> &str {
        &self.info.record.text
    }

    /// The game the move is of (`russian`, ...).
    #[getter]
    fn variant(&self) -> &'static str {
        self.variant.name()
    }

    /// The square the moving piece starts on.
    #[getter(from_square)]
    fn start_square(&self) -> String {
        self.name(self.info.record.path.squares()[0])
    }

    /// The square the moving piece ends on.
    #[getter(to_square)]
    fn end_square(&self) -> String {
        let squares = self.info.record.path.squares();
        self.name(squares[squares.len() - 1])
    }

    /// The start square, then every landing square.
    #[getter]
    fn path(&self) -> Vec<String> {
        self.info
            .record
            .path
            .squares()
            .iter()
            .map(|&sq| self.name(sq))
            .collect()
    }

    /// The squares of the pieces the move captures, in the board's square order (for towers:
    /// the towers whose top piece it takes).
    #[getter]
    fn captured(&self) -> Vec<String> {
        self.info
            .record
            .captured
            .into_iter()
            .map(|sq| self.name(sq))
            .collect()
    }

    /// True if the move captures.
    #[getter]
    fn is_capture(&self) -> bool {
        self.info.record.is_capture()
    }

    /// True if a piece is crowned during the move.
    #[getter]
    fn is_promotion(&self) -> bool {
        self.info.promotes
    }

    /// The square of the piece huffed (taken off) before the move, in Fuk; else None.
    #[getter]
    fn huffed(&self) -> Option<String> {
        self.info.huffed.map(|sq| self.name(sq))
    }

    fn __str__(&self) -> &str {
        &self.info.record.text
    }

    fn __repr__(&self) -> String {
        format!("<Move {} ({})>", self.info.record.text, self.variant.name())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Move>() {
            Ok(other) => {
                let other = other.get();
                self.variant == other.variant && self.info.identity() == other.info.identity()
            }
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.variant.hash(&mut hasher);
        self.info.identity().hash(&mut hasher);
        hasher.finish()
    }
}
