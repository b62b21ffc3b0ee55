//! Reading and writing positions and moves of the games of men and kings, written once over
//! [`Game`]: squares in the game's style ([`parse_square`]), the PDN [`Fen`] and its writer
//! ([`write_fen`]), move texts ([`format_squares`], [`parse_move_squares`]) and the
//! [`board_picture`] of `d`.
//!
//! Nothing here panics on input.

use crate::board::Geometry;
use crate::game::Game;
use crate::notation::{
    MoveStyle, NotationError, fen_side, fen_text, parse_fen_square, parse_number,
};
use crate::types::{Bitboard, Kind, Piece, Side, Square};

/// Parses a square of a move as game `G` writes it: algebraic (`c3`, any case) or a PDN number.
pub fn parse_square<G: Game>(text: &str) -> Result<Square, NotationError> {
    let text = text.trim();
    let square = match G::MOVE_STYLE {
        MoveStyle::Algebraic => G::Board::parse_algebraic(text),
        MoveStyle::Numeric => parse_number::<G::Board>(text),
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

impl Fen {
    /// Parses a PDN FEN with the squares of game `G`'s board: `W:Wa1,c1,Kd4:Bb6,Kh8`. Squares
    /// may be algebraic or PDN numbers, lower case, with spaces, ranges (`1-12`), a trailing
    /// `.` and extra `:<tag><number>` fields. Validation is syntactic plus "no square twice";
    /// the game checks the rest.
    pub fn parse<G: Game>(text: &str) -> Result<Fen, NotationError> {
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
                Some('W') => fen.add_pieces::<G>(Side::White, chars.as_str())?,
                Some('B') => fen.add_pieces::<G>(Side::Black, chars.as_str())?,
                Some(c) if c.is_ascii_alphabetic() => {
                    let split = field
                        .find(|c: char| !c.is_ascii_alphabetic())
                        .unwrap_or(field.len());
                    let (name, value) = field.split_at(split);
                    let value = value
                        .parse::<u64>()
                        .map_err(|_| NotationError::BadField(field.to_string()))?;
                    fen.extras.push((name.to_ascii_uppercase(), value));
                }
                _ => return Err(NotationError::BadField(field.to_string())),
            }
        }
        Ok(fen)
    }

    fn add_pieces<G: Game>(&mut self, side: Side, list: &str) -> Result<(), NotationError> {
        for item in list.split(',').filter(|item| !item.is_empty()) {
            let (king, squares) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            for square in parse_square_range::<G::Board>(squares)? {
                if (self.white | self.black).contains(square) {
                    return Err(NotationError::DuplicateSquare(G::square_name(square)));
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

/// The FEN of a placement in game `G`'s notation: algebraic squares file by file
/// (`W:Wa1,c1,Kd4:Bb6,Kh8`), or numbers in ascending order (`W:W31,32,K45:B3,K12`).
pub fn write_fen<G: Game>(side: Side, pieces: [Bitboard; 2], kings: Bitboard) -> String {
    let side = match side {
        Side::White => 'W',
        Side::Black => 'B',
    };
    let list = |set: Bitboard| {
        let mut squares: Vec<Square> = set.into_iter().collect();
        match G::MOVE_STYLE {
            MoveStyle::Algebraic => {
                squares.sort_by_key(|sq| (G::Board::file(*sq), G::Board::rank(*sq)))
            }
            MoveStyle::Numeric => squares.sort_by_key(|sq| G::Board::number(*sq)),
        }
        squares
            .iter()
            .map(|sq| {
                let king = if kings.contains(*sq) { "K" } else { "" };
                format!("{king}{}", G::square_name(*sq))
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!("{side}:W{}:B{}", list(pieces[0]), list(pieces[1]))
}

/// The board of game `G` in text, White at the bottom: `w`/`b` men, `W`/`B` kings, `.` an
/// empty playable square, ranks and files labelled; on a numbered board each rank also shows
/// its numbers.
///
/// ```text
///  8    b   b   b   b
///  7  b   b   b   b
///  …
///     a b c d e f g h
/// ```
pub fn board_picture<G: Game>(pos: &G::Position) -> Vec<String> {
    let (files, ranks) = (G::Board::FILES, G::Board::RANKS);
    let label_width = ranks.to_string().len();
    let mut lines = Vec::new();
    for rank in (0..ranks).rev() {
        let mut row = format!(" {:>label_width$} ", rank + 1);
        let mut numbers = Vec::new();
        for file in 0..files {
            let cell = match G::Board::square_at(file, rank) {
                None => ' ',
                Some(sq) => {
                    numbers.push(G::Board::number(sq));
                    G::piece_at(pos, sq).map_or('.', piece_letter)
                }
            };
            row.push(' ');
            row.push(cell);
        }
        if G::MOVE_STYLE == MoveStyle::Numeric
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

/// The letter of a piece in board pictures: `w` `W` `b` `B`.
fn piece_letter(piece: Piece) -> char {
    match (piece.side, piece.kind) {
        (Side::White, Kind::Man) => 'w',
        (Side::White, Kind::King) => 'W',
        (Side::Black, Kind::Man) => 'b',
        (Side::Black, Kind::King) => 'B',
    }
}

/// Squares joined in game `G`'s notation: `c3-d4` or `c3:e5:c7`; `32-28` or `28x19x10`.
pub fn format_squares<G: Game>(squares: &[Square], capture: bool) -> String {
    let separator = match (capture, G::MOVE_STYLE) {
        (false, _) => "-",
        (true, MoveStyle::Algebraic) => ":",
        (true, MoveStyle::Numeric) => "x",
    };
    squares
        .iter()
        .map(|sq| G::square_name(*sq))
        .collect::<Vec<_>>()
        .join(separator)
}

/// Splits move text into its squares (joined by `-`, `:` or `x`), at least two.
pub fn parse_move_squares<G: Game>(text: &str) -> Result<Vec<Square>, NotationError> {
    let bad = || NotationError::BadMove(text.to_string());
    let squares: Vec<&str> = text.split(['-', ':', 'x', 'X']).collect();
    if squares.len() < 2 {
        return Err(bad());
    }
    squares
        .into_iter()
        .map(|s| parse_square::<G>(s).map_err(|_| bad()))
        .collect()
}
