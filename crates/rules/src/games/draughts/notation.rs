//! The draughts games' text in and out: squares, moves, PDN FEN positions and the board
//! picture, with errors that say what is wrong.
//!
//! Each game writes its squares and moves in its [`MoveStyle`]:
//!
//! * Algebraic (the 8×8 games): squares `c3`; a quiet move is `c3-d4`; a capture lists every
//!   landing square, `c3:e5:c7`.
//! * Numeric (International): squares are PDN numbers (1 is the top-left playable square seen
//!   from White); a quiet move is `32-28`; a capture is `28x19` when no other legal move goes
//!   from 28 to 19, else its full path `28x19x10`.
//!
//! On input `x` and `:` are alike, and a capture may be shortened to any subsequence of its
//! landing squares that keeps the first and the last (`c3:c7`) when exactly one legal move
//! matches. A position is `W:Wa1,c1,Kd4:Bb6,Kh8`: side to move, then each side's squares with
//! `K` for a king. Squares may be algebraic or PDN numbers in any game; lower case, spaces,
//! ranges (`1-12`), a trailing `.` and extra `:<tag><number>` fields such as lidraughts'
//! `:H0:F1` are accepted; the extra fields are returned to the caller.
//!
//! Nothing here panics on input.

use super::movegen::{capture_paths, gen_quiets, has_capture, legal_moves_with_paths};
use super::moves::Move;
use super::position::{Position, PositionError};
use super::{MoveStyle, Rules};
use crate::moves::{MoveList, Path};
pub use crate::notation::{Fen, MoveRecord, NotationError};
use crate::notation::{match_path, parse_move_squares, write_fen};
use crate::types::{Side, Square};

impl From<PositionError> for NotationError {
    fn from(e: PositionError) -> Self {
        NotationError::Position(e.to_string())
    }
}

/// Parses a square of a move as the game writes it: algebraic (`c3`, any case) or a PDN number.
pub fn parse_square<R: Rules>(text: &str) -> Result<Square, NotationError> {
    crate::notation::parse_square::<R::Board>(R::MOVE_STYLE, text)
}

/// Parses a FEN square: algebraic or a PDN number (on 8×8, 1 = b8 … 32 = g1), in any game.
pub fn parse_fen_square<R: Rules>(text: &str) -> Result<Square, NotationError> {
    crate::notation::parse_fen_square::<R::Board>(text)
}

impl Fen {
    /// The draughts position of game `R` this FEN describes, if it is one.
    pub fn position<R: Rules>(&self) -> Result<Position<R>, NotationError> {
        Ok(Position::from_parts(
            self.white, self.black, self.kings, self.side,
        )?)
    }
}

/// The board in text (see [`crate::notation::board_picture`]).
pub fn board_picture<R: Rules>(pos: &Position<R>) -> Vec<String> {
    crate::notation::board_picture::<R::Board>(R::MOVE_STYLE, |sq| pos.piece_at(sq))
}

/// Parses a FEN into a position (extra fields are checked for syntax and ignored).
///
/// ```
/// use damka_rules::games::draughts::{notation, position::Position, Russian};
/// let lidraughts = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12:H0:F1";
/// let pos: Position<Russian> = notation::parse_fen(lidraughts).unwrap();
/// assert_eq!(pos, Position::startpos());
/// ```
pub fn parse_fen<R: Rules>(text: &str) -> Result<Position<R>, NotationError> {
    Fen::parse::<R::Board>(R::MOVE_STYLE, text)?.position()
}

/// The FEN of a position in the game's notation: algebraic squares file by file
/// (`W:Wa1,c1,Kd4:Bb6,Kh8`), or numbers in ascending order (`W:W31,32,K45:B3,K12`).
pub fn fen<R: Rules>(pos: &Position<R>) -> String {
    let pieces = [pos.pieces(Side::White), pos.pieces(Side::Black)];
    write_fen::<R::Board>(R::MOVE_STYLE, pos.side_to_move(), pieces, pos.all_kings())
}

/// The record of a legal move of `pos`: its path, captures and text.
pub fn move_record<R: Rules>(pos: &Position<R>, mv: Move) -> MoveRecord {
    let paths = if mv.is_capture() {
        capture_paths(pos)
    } else {
        Vec::new()
    };
    record_from_paths::<R>(&paths, mv)
}

/// The record of `mv` given every capture path of its position (none for a quiet move).
fn record_from_paths<R: Rules>(paths: &[(Move, Path)], mv: Move) -> MoveRecord {
    let path = paths.iter().find(|(m, _)| *m == mv).map(|(_, path)| *path);
    let fallback = || Path::new(&[mv.from(), mv.to()]).expect("two squares make a path");
    let path = path.unwrap_or_else(fallback);
    // Numeric notation writes a capture by its two ends when no other move shares them.
    let short = R::MOVE_STYLE == MoveStyle::Numeric
        && !paths
            .iter()
            .any(|(m, _)| *m != mv && m.from() == mv.from() && m.to() == mv.to());
    let text = if short {
        format_squares::<R>(&[mv.from(), mv.to()], mv.is_capture())
    } else {
        format_squares::<R>(path.squares(), mv.is_capture())
    };
    MoveRecord {
        path,
        captured: mv.captured(),
        text,
    }
}

/// Formats a path in the game's notation: `c3-d4` or `c3:e5:c7`; `32-28` or `28x19x10`.
pub fn format_path<R: Rules>(path: &Path, capture: bool) -> String {
    format_squares::<R>(path.squares(), capture)
}

fn format_squares<R: Rules>(squares: &[Square], capture: bool) -> String {
    crate::notation::format_squares::<R::Board>(R::MOVE_STYLE, squares, capture)
}

/// The notation of a legal move in `pos`: its full landing path (numeric notation: its two
/// ends when no other legal move shares them).
///
/// Of several paths that make the same move, the first one generated is shown, so the text is
/// the same every time.
pub fn move_to_string<R: Rules>(pos: &Position<R>, mv: Move) -> String {
    move_record(pos, mv).text
}

/// The notation of every legal move of `pos`, in generation order.
pub fn legal_move_strings<R: Rules>(pos: &Position<R>) -> Vec<(Move, String)> {
    let paths = capture_paths(pos);
    legal_moves_with_paths(pos)
        .into_iter()
        .map(|(mv, _)| (mv, record_from_paths::<R>(&paths, mv).text))
        .collect()
}

/// Reads a move in `pos`: a quiet move `c3-d4`, or a capture by its full landing path
/// `c3:e5:c7` or any shortening of it that only one legal move matches.
///
/// ```
/// use damka_rules::games::draughts::{notation, position::Position, Russian};
/// let pos: Position<Russian> = Position::startpos();
/// let mv = notation::parse_move(&pos, "c3-d4").unwrap();
/// assert_eq!(notation::move_to_string(&pos, mv), "c3-d4");
/// assert!(notation::parse_move(&pos, "c3-c5").is_err());
/// ```
pub fn parse_move<R: Rules>(pos: &Position<R>, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Empty("move"));
    }
    let given = parse_move_squares::<R::Board>(R::MOVE_STYLE, text)?;
    let capturing = has_capture(pos);
    let candidates: Vec<(Move, Path)> = if capturing {
        capture_paths(pos)
    } else {
        quiet_paths(pos)
    };
    match match_path(&candidates, &given) {
        Ok(Some(mv)) => Ok(mv),
        Ok(None) => Err(NotationError::IllegalMove {
            text: text.to_string(),
            reason: explain_illegal(pos, &given, capturing),
        }),
        Err(several) => Err(NotationError::AmbiguousMove {
            text: text.to_string(),
            candidates: several.iter().map(|mv| move_to_string(pos, *mv)).collect(),
        }),
    }
}

/// Every quiet move of the side to move with its two-square path (capture or not).
pub fn quiet_paths<R: Rules>(pos: &Position<R>) -> Vec<(Move, Path)> {
    let mut list = MoveList::new();
    gen_quiets(pos, &mut list);
    list.iter()
        .filter_map(|m| Path::new(&[m.from(), m.to()]).map(|p| (*m, p)))
        .collect()
}

/// The squares of move text (`c3-d4`, `c3:e5:c7`, `c3xc7`), checked for syntax only.
pub fn move_squares<R: Rules>(text: &str) -> Result<Vec<Square>, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Empty("move"));
    }
    parse_move_squares::<R::Board>(R::MOVE_STYLE, text)
}

/// A short reason why no legal move matches `given`.
fn explain_illegal<R: Rules>(pos: &Position<R>, given: &[Square], capturing: bool) -> String {
    let legal: Vec<String> = legal_move_strings(pos)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    if legal.is_empty() {
        return format!("{} has no legal move", pos.side_to_move().name());
    }
    let from = R::square_name(given[0]);
    let reason = match pos.piece_at(given[0]) {
        None => format!("{from} is empty"),
        Some(piece) if piece.side != pos.side_to_move() => {
            format!(
                "{from} holds a {} piece but {} is to move",
                piece.side.name(),
                pos.side_to_move().name()
            )
        }
        Some(_) if capturing => "capturing is compulsory".to_string(),
        Some(_) => format!("the piece on {from} cannot move there"),
    };
    format!("{reason}; legal moves: {}", legal.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::Russian;

    #[test]
    fn squares_parse_in_both_cases_and_reject_light_squares() {
        let name = |sq: Square| Russian::square_name(sq);
        assert_eq!(
            parse_square::<Russian>("C3").map(name),
            Ok("c3".to_string())
        );
        assert!(parse_square::<Russian>("c4").is_err());
        assert!(parse_square::<Russian>("i1").is_err());
        assert!(parse_square::<Russian>("").is_err());
        assert!(parse_fen_square::<Russian>("33").is_err());
        assert!(parse_fen_square::<Russian>("0").is_err());
        assert_eq!(
            parse_fen_square::<Russian>("29").map(name),
            Ok("a1".to_string())
        );
    }

    #[test]
    fn fen_accepts_lidraughts_and_lower_case_forms() {
        let start = Position::<Russian>::startpos();
        for text in [
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12:H0:F1",
            "W:W21-32:B1-12",
            "w:wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8.",
            " W : W21, 22,23,24,25,26,27,28,29,30,31,32 : B1,2,3,4,5,6,7,8,9,10,11,12 ",
        ] {
            assert_eq!(parse_fen::<Russian>(text), Ok(start), "{text}");
        }
        let fen =
            Fen::parse::<crate::board::Dark8>(MoveStyle::Algebraic, "B:Wa1:BKh8:H7:F12").unwrap();
        assert_eq!(fen.extra("H"), Some(7));
        assert_eq!(fen.extra("F"), Some(12));
    }

    #[test]
    fn fen_errors_say_what_is_wrong() {
        let message = |text: &str| parse_fen::<Russian>(text).unwrap_err().to_string();
        assert!(message("").contains("empty"));
        assert!(message("X:Wa1:Bh8").contains("side to move"));
        assert!(message("W:Wa2:Bh8").contains("a2"));
        assert!(message("W:Wa1,a1:Bh8").contains("twice"));
        assert!(message("W:Wa1:Ba1").contains("twice"));
        assert!(message("W:Wb8:Bh6").contains("promotion rank"));
        assert!(message("W:Wa1:B?").contains("'?'"));
        assert!(message("W:Wa1:3").contains("3"));
        assert!(message("W:Wa1:H1x").contains("H1x"));
    }

    #[test]
    fn fen_round_trips() {
        let text = "B:Wa1,c3,Kd4:Bb6,Kh8";
        let pos = parse_fen::<Russian>(text).unwrap();
        assert_eq!(fen(&pos), text);
    }

    #[test]
    fn international_notation_is_numeric_short_when_unique_full_when_shared() {
        use crate::games::draughts::International;
        let texts = |fen: &str| -> Vec<String> {
            let pos = parse_fen::<International>(fen).unwrap();
            let mut texts: Vec<String> = legal_move_strings(&pos)
                .into_iter()
                .map(|(_, t)| t)
                .collect();
            texts.sort();
            texts
        };
        let start = Position::<International>::startpos();
        assert!(legal_move_strings(&start).iter().any(|(_, t)| t == "32-28"));
        // A capture whose two ends name it is written by them alone.
        assert_eq!(texts("W:W28:B22"), ["28x17"]);
        // Two captures from 40 to 25 take different pieces: each is written by its full path,
        // and the ends alone are refused as ambiguous.
        let shared = "W:WK40,47:B8,19,20,34,37";
        assert_eq!(texts(shared), ["40x12x3x25", "40x23x14x25"]);
        let pos = parse_fen::<International>(shared).unwrap();
        for text in texts(shared) {
            let mv = parse_move(&pos, &text).unwrap();
            assert_eq!(move_to_string(&pos, mv), text);
        }
        assert!(matches!(
            parse_move(&pos, "40x25"),
            Err(NotationError::AmbiguousMove { .. })
        ));
        // FENs list numbers in increasing order and read back to the same position.
        let text = "B:W31,32,K45:B3,K12";
        assert_eq!(fen(&parse_fen::<International>(text).unwrap()), text);
    }
}
