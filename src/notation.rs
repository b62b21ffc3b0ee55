//! Text shared by every game's notation: the [`NotationError`] a front end reports, the
//! [`MoveRecord`] it shows for a move, and [`fen_extra`], which reads a FEN's extra fields
//! without knowing the board. Each game's own notation (squares, moves, FEN, board picture)
//! lives with the game (for the draughts games, `draughts::notation`).
//!
//! Nothing here panics on input.

use crate::moves::Path;
use crate::types::Bitboard;
use std::fmt;

/// How a game writes its squares and moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveStyle {
    /// Algebraic squares (`c3`); a capture lists every landing square, `c3:e5:c7`.
    Algebraic,
    /// PDN numbers (`32`); a capture is `28x19` when that names one move, else its full path
    /// `28x19x10`.
    Numeric,
}

/// Why a piece of text is not a valid square, move or position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Nothing to parse.
    Empty(&'static str),
    /// A square name that is not a playable square of the board.
    BadSquare(String),
    /// The FEN's side-to-move field is neither `W` nor `B`.
    BadSideToMove(String),
    /// A FEN field that is not a piece list or a `<tag><number>` field.
    BadField(String),
    /// A square listed twice in a FEN.
    DuplicateSquare(String),
    /// The pieces do not form a position (the reason, in the game's words).
    Position(String),
    /// The move text is not squares joined by `-`, `:` or `x`.
    BadMove(String),
    /// The move is well formed but no legal move matches it.
    IllegalMove {
        /// The move as given.
        text: String,
        /// Why, including the legal alternatives when that helps.
        reason: String,
    },
    /// More than one legal move matches a shortened capture.
    AmbiguousMove {
        /// The move as given.
        text: String,
        /// The full paths of the matching moves.
        candidates: Vec<String>,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty(what) => write!(f, "empty {what}"),
            NotationError::BadSquare(s) => {
                write!(
                    f,
                    "'{s}' is not a playable square of this board (use a name such as c3 or a PDN number)"
                )
            }
            NotationError::BadSideToMove(s) => {
                write!(f, "side to move '{s}' must be W or B")
            }
            NotationError::BadField(s) => write!(
                f,
                "FEN field '{s}' is neither a piece list (W.../B...) nor a counter such as H0"
            ),
            NotationError::DuplicateSquare(sq) => write!(f, "square {sq} is listed twice"),
            NotationError::Position(e) => write!(f, "{e}"),
            NotationError::BadMove(s) => write!(
                f,
                "'{s}' is not a move (expected squares joined by '-', ':' or 'x', e.g. c3-d4 or c3:e5:c7)"
            ),
            NotationError::IllegalMove { text, reason } => {
                write!(f, "illegal move '{text}': {reason}")
            }
            NotationError::AmbiguousMove { text, candidates } => write!(
                f,
                "ambiguous move '{text}': it matches {} (give more landing squares)",
                candidates.join(", ")
            ),
        }
    }
}

impl std::error::Error for NotationError {}

/// The value of an extra `:<tag><number>` field of a FEN, read without the squares (so without
/// knowing the board): `fen_extra("W:W21:B3:H2:F7", "F") == Some(7)`.
pub fn fen_extra(text: &str, tag: &str) -> Option<u64> {
    text.split(':').skip(1).find_map(|field| {
        let field = field.trim();
        let split = field.find(|c: char| !c.is_ascii_alphabetic())?;
        let (name, value) = field.split_at(split);
        (name.eq_ignore_ascii_case(tag) && !name.is_empty())
            .then(|| value.trim_end_matches('.').parse().ok())
            .flatten()
    })
}

/// A move as a front end shows it, independent of the game's type: its text in the game's
/// notation, the full landing path and the captured squares (the Hub protocol lists those).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveRecord {
    /// Start square, then every landing square.
    pub path: Path,
    /// The captured pieces.
    pub captured: Bitboard,
    /// The move in the game's notation, as the game writes it.
    pub text: String,
}

impl MoveRecord {
    /// True if the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured.any()
    }
}

impl fmt::Display for MoveRecord {
    /// The move in the game's notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}
