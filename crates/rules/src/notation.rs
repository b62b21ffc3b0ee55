//! Text shared by every game's notation: the [`NotationError`] a front end reports, the
//! [`MoveRecord`] it shows for a move, how a game writes its squares ([`MoveStyle`]), and the
//! pieces of reading that need no game: FEN squares ([`parse_fen_square`]), a FEN's extra fields
//! ([`fen_extra`]) and matching a shortened capture against the legal moves ([`match_path`]).
//! The readers and writers written once over [`Game`](crate::game::Game) are in
//! [`game::text`](crate::game::text); what is particular to a game (which moves exist, how a
//! capture is shortened) lives with the game.
//!
//! Nothing here panics on input.

use crate::board::Geometry;
use crate::moves::Path;
use crate::types::{Bitboard, Side, Square};
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

/// Parses a FEN square of board `B`: algebraic or a PDN number (on 8×8 dark squares, 1 = b8 …
/// 32 = g1), whatever the game's move style.
pub fn parse_fen_square<B: Geometry>(text: &str) -> Result<Square, NotationError> {
    let text = text.trim();
    parse_number::<B>(text)
        .or_else(|| B::parse_algebraic(text))
        .ok_or_else(|| NotationError::BadSquare(text.to_string()))
}

/// A PDN square number, digits only.
pub fn parse_number<B: Geometry>(text: &str) -> Option<Square> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u8>().ok().and_then(B::from_number)
}

/// A FEN as every game's reader takes it: white space removed and a trailing `.` dropped; an
/// error if nothing is left.
pub fn fen_text(text: &str) -> Result<String, NotationError> {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let text = text.trim_end_matches('.');
    if text.is_empty() {
        return Err(NotationError::Empty("FEN"));
    }
    Ok(text.to_string())
}

/// The side to move of a FEN's first field: `W` or `B`, either case.
pub fn fen_side(field: &str) -> Result<Side, NotationError> {
    match field {
        "W" | "w" => Ok(Side::White),
        "B" | "b" => Ok(Side::Black),
        other => Err(NotationError::BadSideToMove(other.to_string())),
    }
}

/// True if `given` keeps the first and last squares of `path` and the rest is a subsequence of
/// its landing squares: how a capture may be shortened on input.
pub fn path_matches(path: &[Square], given: &[Square]) -> bool {
    let (Some(first), Some(last)) = (given.first(), given.last()) else {
        return false;
    };
    if path.first() != Some(first) || path.last() != Some(last) || given.len() > path.len() {
        return false;
    }
    let mut inner = path[1..path.len() - 1].iter();
    given[1..given.len() - 1]
        .iter()
        .all(|sq| inner.any(|p| p == sq))
}

/// The one move whose path `given` names among `candidates` (every legal move with a path):
/// a complete path names its move even when a longer capture passes through the same squares;
/// other text is read as a shortening. `Ok(None)` when nothing matches; the texts of the
/// matches as the error when several do.
pub fn match_path<M: Copy + PartialEq>(
    candidates: &[(M, Path)],
    given: &[Square],
) -> Result<Option<M>, Vec<M>> {
    let exact = candidates.iter().any(|(_, path)| path.squares() == given);
    let mut matches: Vec<M> = Vec::new();
    for (mv, path) in candidates {
        let fits = if exact {
            path.squares() == given
        } else {
            path_matches(path.squares(), given)
        };
        if fits && !matches.contains(mv) {
            matches.push(*mv);
        }
    }
    match matches.as_slice() {
        [] => Ok(None),
        [mv] => Ok(Some(*mv)),
        _ => Err(matches),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Geometry;

    /// Squares of a board numbered as the 8×8 dark squares, written algebraically.
    fn sq(name: &str) -> Square {
        <crate::board::Dark8 as Geometry>::parse_algebraic(name).expect("a square")
    }

    #[test]
    fn path_matching_allows_shortening() {
        let path = [sq("c3"), sq("e5"), sq("c7"), sq("a5")];
        assert!(path_matches(&path, &[sq("c3"), sq("a5")]));
        assert!(path_matches(&path, &[sq("c3"), sq("c7"), sq("a5")]));
        assert!(path_matches(&path, &path));
        assert!(!path_matches(&path, &[sq("c3"), sq("c7")]));
        assert!(!path_matches(
            &path,
            &[sq("c3"), sq("a5"), sq("c7"), sq("a5")]
        ));
    }
}
