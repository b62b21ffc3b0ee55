//! Text shared by every game's notation: the [`NotationError`] a front end reports, the
//! [`MoveRecord`] it shows for a move, how a game writes its squares ([`MoveStyle`]), and what
//! every game of men and kings writes the same way on any board, given the board and the style:
//! squares ([`parse_square`], [`square_name`]), the PDN [`Fen`] and its writer ([`write_fen`]),
//! move texts ([`format_squares`], [`parse_move_squares`], [`match_path`]) and the
//! [`board_picture`] of `d`. [`fen_extra`] reads a FEN's extra fields without knowing the board.
//! What is particular to a game (which moves exist, how a capture is shortened) lives with the
//! game.
//!
//! Nothing here panics on input.

use crate::board::Geometry;
use crate::moves::Path;
use crate::types::{Bitboard, Kind, Piece, Side, Square};
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

/// The name of a square of board `B` in `style`: `c3`, or `32` on a numbered board.
pub fn square_name<B: Geometry>(style: MoveStyle, square: Square) -> String {
    match style {
        MoveStyle::Algebraic => B::algebraic(square),
        MoveStyle::Numeric => B::number(square).to_string(),
    }
}

/// Parses a square of a move of board `B` written in `style`: algebraic (`c3`, any case) or a
/// PDN number.
pub fn parse_square<B: Geometry>(style: MoveStyle, text: &str) -> Result<Square, NotationError> {
    let text = text.trim();
    let square = match style {
        MoveStyle::Algebraic => B::parse_algebraic(text),
        MoveStyle::Numeric => parse_number::<B>(text),
    };
    square.ok_or_else(|| NotationError::BadSquare(text.to_string()))
}

/// One square, or a numeric range `a-b` of PDN numbers.
fn parse_square_range<B: Geometry>(text: &str) -> Result<Vec<Square>, NotationError> {
    match text.split_once('-') {
        None => Ok(vec![parse_fen_square::<B>(text)?]),
        Some((first, last)) => {
            let bad = || NotationError::BadSquare(text.to_string());
            let first: u8 = first.parse().map_err(|_| bad())?;
            let last: u8 = last.parse().map_err(|_| bad())?;
            if first > last {
                return Err(bad());
            }
            (first..=last)
                .map(|n| B::from_number(n).ok_or_else(bad))
                .collect()
        }
    }
}

/// A parsed PDN FEN of men and kings: the placement, the side to move and any extra
/// `<tag><number>` fields. Each game checks that the placement is one of its positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fen {
    /// White's pieces.
    pub white: Bitboard,
    /// Black's pieces.
    pub black: Bitboard,
    /// The kings of both sides.
    pub kings: Bitboard,
    /// The side to move.
    pub side: Side,
    /// Extra fields in order, such as `("H", 0)` and `("F", 1)`, tags in upper case.
    pub extras: Vec<(String, u64)>,
}

/// The largest number a FEN's counter or move-number field may hold: more moves than any game
/// lasts, and as much as the counters hold. A larger number is refused, never clamped.
pub const FEN_NUMBER_MAX: u64 = u16::MAX as u64;

/// Reads a `<tag><number>` FEN field such as `H12` or `F7` and appends it, the tag in upper
/// case, to `extras`. Refuses a field without a tag or a number, a number above
/// [`FEN_NUMBER_MAX`], and a tag already in `extras`.
pub fn push_number_field(
    extras: &mut Vec<(String, u64)>,
    field: &str,
) -> Result<(), NotationError> {
    let split = field
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(field.len());
    let (name, digits) = field.split_at(split);
    if name.is_empty() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NotationError::BadField(field.to_string()));
    }
    let value = digits
        .parse::<u64>()
        .ok()
        .filter(|&value| value <= FEN_NUMBER_MAX)
        .ok_or_else(|| {
            NotationError::Position(format!(
                "FEN field {field}: a counter or move number is at most {FEN_NUMBER_MAX}"
            ))
        })?;
    let name = name.to_ascii_uppercase();
    if extras.iter().any(|(tag, _)| *tag == name) {
        return Err(NotationError::Position(format!(
            "FEN field {name} is given twice"
        )));
    }
    extras.push((name, value));
    Ok(())
}

impl Fen {
    /// Parses a PDN FEN with the squares of board `B`, named in `style` in errors: `W:Wa1,c1,Kd4:Bb6,Kh8`. Squares
    /// may be algebraic or PDN numbers, lower case, with spaces, ranges (`1-12`), a trailing
    /// `.` and extra `:<tag><number>` fields. Validation is syntactic plus "no square twice";
    /// the game checks the rest.
    pub fn parse<B: Geometry>(style: MoveStyle, text: &str) -> Result<Fen, NotationError> {
        let text = fen_text(text)?;
        let mut fields = text.split(':');
        let side = fen_side(fields.next().unwrap_or_default())?;
        let mut fen = Fen {
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            kings: Bitboard::EMPTY,
            side,
            extras: Vec::new(),
        };
        for field in fields {
            let mut chars = field.chars();
            let tag = chars.next().map(|c| c.to_ascii_uppercase());
            match tag {
                Some('W') => fen.add_pieces::<B>(style, Side::White, chars.as_str())?,
                Some('B') => fen.add_pieces::<B>(style, Side::Black, chars.as_str())?,
                Some(c) if c.is_ascii_alphabetic() => push_number_field(&mut fen.extras, field)?,
                _ => return Err(NotationError::BadField(field.to_string())),
            }
        }
        // No game reaches an empty board: it ends when one side has no piece left.
        if (fen.white | fen.black).is_empty() {
            return Err(NotationError::Position("no piece on the board".to_string()));
        }
        Ok(fen)
    }

    fn add_pieces<B: Geometry>(
        &mut self,
        style: MoveStyle,
        side: Side,
        list: &str,
    ) -> Result<(), NotationError> {
        for item in list.split(',').filter(|item| !item.is_empty()) {
            let (king, squares) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            for square in parse_square_range::<B>(squares)? {
                if (self.white | self.black).contains(square) {
                    return Err(NotationError::DuplicateSquare(square_name::<B>(
                        style, square,
                    )));
                }
                match side {
                    Side::White => self.white |= square.bb(),
                    Side::Black => self.black |= square.bb(),
                }
                if king {
                    self.kings |= square.bb();
                }
            }
        }
        Ok(())
    }

    /// The value of an extra field, by tag (upper case).
    pub fn extra(&self, tag: &str) -> Option<u64> {
        self.extras
            .iter()
            .find(|(name, _)| name == tag)
            .map(|(_, value)| *value)
    }
}

/// The FEN of a placement on board `B` in `style`: algebraic squares file by file
/// (`W:Wa1,c1,Kd4:Bb6,Kh8`), or numbers in ascending order (`W:W31,32,K45:B3,K12`).
pub fn write_fen<B: Geometry>(
    style: MoveStyle,
    side: Side,
    pieces: [Bitboard; 2],
    kings: Bitboard,
) -> String {
    let side = match side {
        Side::White => 'W',
        Side::Black => 'B',
    };
    let list = |set: Bitboard| {
        let mut squares: Vec<Square> = set.into_iter().collect();
        match style {
            MoveStyle::Algebraic => squares.sort_by_key(|sq| (B::file(*sq), B::rank(*sq))),
            MoveStyle::Numeric => squares.sort_by_key(|sq| B::number(*sq)),
        }
        squares
            .iter()
            .map(|sq| {
                let king = if kings.contains(*sq) { "K" } else { "" };
                format!("{king}{}", square_name::<B>(style, *sq))
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!("{side}:W{}:B{}", list(pieces[0]), list(pieces[1]))
}

/// Board `B` in text, White at the bottom, with the pieces `piece_at` gives: `w`/`b` men, `W`/`B` kings, `.` an
/// empty playable square, ranks and files labelled; on a numbered board each rank also shows
/// its numbers.
///
/// ```text
///  8    b   b   b   b
///  7  b   b   b   b
///  …
///     a b c d e f g h
/// ```
pub fn board_picture<B: Geometry>(
    style: MoveStyle,
    piece_at: impl Fn(Square) -> Option<Piece>,
) -> Vec<String> {
    let (files, ranks) = (B::FILES, B::RANKS);
    let label_width = ranks.to_string().len();
    let mut lines = Vec::new();
    for rank in (0..ranks).rev() {
        let mut row = format!(" {:>label_width$} ", rank + 1);
        let mut numbers = Vec::new();
        for file in 0..files {
            let cell = match B::square_at(file, rank) {
                None => ' ',
                Some(sq) => {
                    numbers.push(B::number(sq));
                    piece_at(sq).map_or('.', piece_letter)
                }
            };
            row.push(' ');
            row.push(cell);
        }
        if style == MoveStyle::Numeric
            && let (Some(first), Some(last)) = (numbers.iter().min(), numbers.iter().max())
        {
            row.push_str(&format!("   {first}-{last}"));
        }
        lines.push(row);
    }
    let letters: String = (0..files)
        .map(|f| format!(" {}", (b'a' + f) as char))
        .collect();
    lines.push(format!(" {:>label_width$} {letters}", ""));
    lines
}

/// The letter of a piece in board pictures and FEN stacks: `w`/`b` for men, `W`/`B` for
/// kings.
pub fn piece_letter(piece: Piece) -> char {
    match (piece.side, piece.kind) {
        (Side::White, Kind::Man) => 'w',
        (Side::White, Kind::King) => 'W',
        (Side::Black, Kind::Man) => 'b',
        (Side::Black, Kind::King) => 'B',
    }
}

/// Squares of board `B` joined in `style`: `c3-d4` or `c3:e5:c7`; `32-28` or `28x19x10`.
pub fn format_squares<B: Geometry>(style: MoveStyle, squares: &[Square], capture: bool) -> String {
    let separator = match (capture, style) {
        (false, _) => "-",
        (true, MoveStyle::Algebraic) => ":",
        (true, MoveStyle::Numeric) => "x",
    };
    squares
        .iter()
        .map(|sq| square_name::<B>(style, *sq))
        .collect::<Vec<_>>()
        .join(separator)
}

/// Splits move text into its squares of board `B` in `style` (joined by `-`, `:` or `x`), at
/// least two.
pub fn parse_move_squares<B: Geometry>(
    style: MoveStyle,
    text: &str,
) -> Result<Vec<Square>, NotationError> {
    let bad = || NotationError::BadMove(text.to_string());
    let squares: Vec<&str> = text.split(['-', ':', 'x', 'X']).collect();
    if squares.len() < 2 {
        return Err(bad());
    }
    squares
        .into_iter()
        .map(|s| parse_square::<B>(style, s).map_err(|_| bad()))
        .collect()
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
