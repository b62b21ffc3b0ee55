//! Turkish dama's text in and out, on the full board: squares `a1`..`h8`; a quiet move
//! `d3-d4`; a capture with every landing square, `d3:d5:f5` (on input `x` is accepted for `:`
//! and a capture may be shortened to any subsequence of its landing squares keeping the first
//! and the last, when exactly one legal move matches); FEN `W:Wa2,b2,Kd4:Ba7,Kh8`.
//!
//! Nothing here panics on input.

use super::movegen::{capture_paths, gen_moves, gen_quiets, has_capture};
use super::position::Position;
use crate::board::{Full8, Geometry};
use crate::games::draughts::moves::Move;
use crate::moves::{MoveList, Path};
use crate::notation::{
    Fen, MoveRecord, MoveStyle, NotationError, format_squares, match_path, parse_move_squares,
    write_fen,
};
use crate::types::{Side, Square};

/// A position and its extra `<tag><number>` fields from a FEN.
pub fn parse_fen(text: &str) -> Result<(Position, Vec<(String, u64)>), NotationError> {
    let fen = Fen::parse::<Full8>(MoveStyle::Algebraic, text)?;
    let pos = Position::from_parts(fen.white, fen.black, fen.kings, fen.side)
        .map_err(NotationError::Position)?;
    Ok((pos, fen.extras))
}

/// The FEN of a position: `W:Wa2,a3,…:Ba6,…`, squares file by file, `K` before a king.
pub fn fen(pos: &Position) -> String {
    let pieces = [pos.pieces(Side::White), pos.pieces(Side::Black)];
    write_fen::<Full8>(
        MoveStyle::Algebraic,
        pos.side_to_move(),
        pieces,
        pos.all_kings(),
    )
}

/// Every legal move with the path it is written with, in generation order.
fn moves_with_paths(pos: &Position) -> Vec<(Move, Path)> {
    if has_capture(pos) {
        return capture_paths(pos);
    }
    let mut list = MoveList::new();
    gen_quiets(pos, &mut list);
    list.iter()
        .filter_map(|mv| Path::new(&[mv.from(), mv.to()]).map(|path| (*mv, path)))
        .collect()
}

/// The record of `mv` given the paths of every legal move.
fn record(paths: &[(Move, Path)], mv: Move) -> MoveRecord {
    let path = paths
        .iter()
        .find(|(m, _)| *m == mv)
        .map(|(_, path)| *path)
        .or_else(|| Path::new(&[mv.from(), mv.to()]))
        .expect("two squares make a path");
    MoveRecord {
        path,
        captured: mv.captured(),
        text: format_squares::<Full8>(MoveStyle::Algebraic, path.squares(), mv.is_capture()),
    }
}

/// The record of a legal move of `pos`: its landing path, captures and text.
pub fn move_record(pos: &Position, mv: Move) -> MoveRecord {
    if mv.is_capture() {
        record(&capture_paths(pos), mv)
    } else {
        record(&[], mv)
    }
}

/// Every legal move of `pos` with its text, in generation order.
pub fn legal_move_texts(pos: &Position) -> Vec<(Move, String)> {
    let paths = moves_with_paths(pos);
    let mut list = MoveList::new();
    gen_moves(pos, &mut list);
    list.iter()
        .map(|&mv| (mv, record(&paths, mv).text))
        .collect()
}

/// Reads a move of `pos`: `d3-d4`, a capture by its landing path `d3:d5:f5`, or a shortening
/// of it that only one legal move matches.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Empty("move"));
    }
    let given = parse_move_squares::<Full8>(MoveStyle::Algebraic, text)?;
    let candidates = moves_with_paths(pos);
    match match_path(&candidates, &given) {
        Ok(Some(mv)) => Ok(mv),
        Ok(None) => Err(NotationError::IllegalMove {
            text: text.to_string(),
            reason: explain_illegal(pos, given[0]),
        }),
        Err(several) => Err(NotationError::AmbiguousMove {
            text: text.to_string(),
            candidates: several
                .iter()
                .map(|mv| record(&candidates, *mv).text)
                .collect(),
        }),
    }
}

/// A short reason why no legal move starts with `from` and matches, with the legal moves.
fn explain_illegal(pos: &Position, from: Square) -> String {
    let legal: Vec<String> = legal_move_texts(pos).into_iter().map(|(_, t)| t).collect();
    if legal.is_empty() {
        return format!("{} has no legal move", pos.side_to_move().name());
    }
    let name = Full8::algebraic(from);
    let reason = match pos.piece_at(from) {
        None => format!("{name} is empty"),
        Some(piece) if piece.side != pos.side_to_move() => format!(
            "{name} holds a {} piece but {} is to move",
            piece.side.name(),
            pos.side_to_move().name()
        ),
        Some(_) if has_capture(pos) => {
            "capturing is compulsory, and the capture taking most pieces".to_string()
        }
        Some(_) => format!("the piece on {name} cannot move there"),
    };
    format!("{reason}; legal moves: {}", legal.join(" "))
}
