//! The tower games' text in and out: squares `a1`..`h8` (`a1`..`g7` in Lasca); a quiet move
//! `c3-d4`; a capture with every landing square, `c3:e5:c3` (on input `x` is accepted for `:`,
//! and a capture may be shortened to a subsequence of its landing squares keeping the first
//! and the last when exactly one legal move matches); the tower FEN `W:a1w,c3wbb,d4Bw,h8b`
//! (each stack top first, `w`/`b` men and `W`/`B` kings, squares rank by rank from a1), then
//! `<tag><number>` fields such as `:H4:F12`.
//!
//! Nothing here panics on input.

use super::TowerRules;
use super::movegen::{gen_moves, has_capture};
use super::position::Position;
use super::stack::{MAX_HEIGHT, Stack};
use crate::board::Geometry;
use crate::game::GameMove;
use crate::moves::{MoveList, Path};
use crate::notation::{
    MoveRecord, MoveStyle, NotationError, format_squares, match_path, parse_move_squares,
    push_number_field,
};
use crate::types::{Kind, Side, Square};

use super::moves::Move;

/// A FEN square: algebraic, or the game's square number.
fn parse_square<R: TowerRules>(text: &str) -> Option<Square> {
    if text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse::<u8>().ok().and_then(R::square_from_number);
    }
    R::Board::parse_algebraic(text)
}

/// Splits `c3wbb` (or `22wbb`) into the square text and the stack letters.
fn split_tower(item: &str) -> Option<(&str, &str)> {
    let bytes = item.as_bytes();
    let start = if bytes.first()?.is_ascii_digit() {
        0
    } else {
        1
    };
    let digits = bytes[start..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let split = start + digits;
    (digits > 0 && split < item.len()).then(|| item.split_at(split))
}

/// A position and its extra `<tag><number>` fields from a tower FEN. Spaces are ignored, the
/// side may be lower case, and a trailing `.` is allowed.
pub fn parse_fen<R: TowerRules>(
    text: &str,
) -> Result<(Position, Vec<(String, u64)>), NotationError> {
    let text = crate::notation::fen_text(text)?;
    let mut fields = text.split(':');
    let side = crate::notation::fen_side(fields.next().unwrap_or_default())?;
    let mut pos = Position::empty(side);
    let mut extras = Vec::new();
    let towers = fields.next().unwrap_or_default();
    for item in towers.split(',').filter(|item| !item.is_empty()) {
        let bad = || {
            NotationError::BadField(format!(
                "{item} (a tower is a square and its pieces top first, such as c3wbb)"
            ))
        };
        let (square, letters) = split_tower(item).ok_or_else(bad)?;
        let square = parse_square::<R>(square)
            .ok_or_else(|| NotationError::BadSquare(square.to_string()))?;
        let stack = Stack::from_letters(letters).ok_or_else(bad)?;
        if !pos.stack(square).is_empty() {
            return Err(NotationError::DuplicateSquare(R::Board::algebraic(square)));
        }
        pos.set(square, stack);
    }
    for field in fields {
        push_number_field(&mut extras, field)?;
    }
    check::<R>(&pos)?;
    Ok((pos, extras))
}

/// Refuses placements the game cannot reach: more pieces of a colour than a side starts with
/// (a capture could then outrun a move's path), or a man on top on its own far rank (it would
/// have been crowned).
fn check<R: TowerRules>(pos: &Position) -> Result<(), NotationError> {
    for side in Side::BOTH {
        let pieces = pos.pieces_of(side);
        if pieces > R::PIECES_PER_SIDE {
            return Err(NotationError::Position(format!(
                "{pieces} {} pieces, more than the {} a side has",
                side.name(),
                R::PIECES_PER_SIDE
            )));
        }
        let stuck = pos.owned(side).without(pos.kings()) & R::Board::promotion_rank(side);
        if let Some(sq) = stuck.into_iter().next() {
            return Err(NotationError::Position(format!(
                "the {} man on top of {} stands on its far rank and would already be a king",
                side.name(),
                R::Board::algebraic(sq)
            )));
        }
    }
    debug_assert!(
        pos.occupied()
            .into_iter()
            .all(|sq| pos.stack(sq).height() <= MAX_HEIGHT)
    );
    Ok(())
}

/// The squares of a board in FEN order: rank by rank from a1, left to right.
fn fen_order<R: TowerRules>(pos: &Position) -> Vec<Square> {
    let mut squares: Vec<Square> = pos.occupied().into_iter().collect();
    squares.sort_by_key(|sq| R::Board::relative(Side::White, *sq));
    squares
}

/// The tower FEN of a position (without counters): `W:a1w,c3wbb,d4Bw,h8b`.
pub fn fen<R: TowerRules>(pos: &Position) -> String {
    let side = match pos.side_to_move() {
        Side::White => 'W',
        Side::Black => 'B',
    };
    let towers: Vec<String> = fen_order::<R>(pos)
        .into_iter()
        .map(|sq| format!("{}{}", R::Board::algebraic(sq), pos.stack(sq).letters()))
        .collect();
    format!("{side}:{}", towers.join(","))
}

/// Every legal move with its path, in generation order.
fn moves_with_paths<R: TowerRules>(pos: &Position) -> Vec<(Move, Path)> {
    let mut list = MoveList::new();
    gen_moves::<R>(pos, &mut list);
    list.iter()
        .filter_map(|mv| Path::new(&mv.path()).map(|path| (*mv, path)))
        .collect()
}

/// The record of a move: its path, the towers it jumps and its text.
pub fn move_record<R: TowerRules>(mv: Move) -> MoveRecord {
    let squares = mv.path();
    MoveRecord {
        path: Path::new(&squares).expect("a move has two to thirteen squares"),
        captured: mv.captured(),
        text: format_squares::<R::Board>(MoveStyle::Algebraic, &squares, mv.is_capture()),
    }
}

/// Every legal move of `pos` with its text, in generation order.
pub fn legal_move_texts<R: TowerRules>(pos: &Position) -> Vec<(Move, String)> {
    let mut list = MoveList::new();
    gen_moves::<R>(pos, &mut list);
    list.iter()
        .map(|&mv| (mv, move_record::<R>(mv).text))
        .collect()
}

/// Reads a move of `pos`: `c3-d4`, a capture by its landing path `c3:e5:c3`, or a shortening
/// of it that only one legal move matches.
pub fn parse_move<R: TowerRules>(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Empty("move"));
    }
    let given = parse_move_squares::<R::Board>(MoveStyle::Algebraic, text)?;
    let candidates = moves_with_paths::<R>(pos);
    match match_path(&candidates, &given) {
        Ok(Some(mv)) => Ok(mv),
        Ok(None) => Err(NotationError::IllegalMove {
            text: text.to_string(),
            reason: explain_illegal::<R>(pos, given[0]),
        }),
        Err(several) => Err(NotationError::AmbiguousMove {
            text: text.to_string(),
            candidates: several
                .iter()
                .map(|mv| move_record::<R>(*mv).text)
                .collect(),
        }),
    }
}

/// A short reason why no legal move matches, with the legal moves.
fn explain_illegal<R: TowerRules>(pos: &Position, from: Square) -> String {
    let legal: Vec<String> = legal_move_texts::<R>(pos)
        .into_iter()
        .map(|(_, t)| t)
        .collect();
    if legal.is_empty() {
        return format!("{} has no legal move", pos.side_to_move().name());
    }
    let name = R::Board::algebraic(from);
    let reason = match pos.top(from) {
        None => format!("{name} is empty"),
        Some(piece) if piece.side != pos.side_to_move() => format!(
            "the tower on {name} is {}'s but {} is to move",
            piece.side.name(),
            pos.side_to_move().name()
        ),
        Some(_) if has_capture::<R>(pos) => {
            "capturing is compulsory, and a capture goes on while it can".to_string()
        }
        Some(_) => format!("the tower on {name} cannot move there"),
    };
    format!("{reason}; legal moves: {}", legal.join(" "))
}

/// The board for `d`: the top pieces drawn as on any board, then every tower with its owner,
/// height and whole stack, top first.
pub fn board_picture<R: TowerRules>(pos: &Position) -> Vec<String> {
    let mut lines =
        crate::notation::board_picture::<R::Board>(MoveStyle::Algebraic, |sq| pos.top(sq));
    lines.push(" towers (owner, height, pieces top first):".to_string());
    for sq in fen_order::<R>(pos).into_iter().rev() {
        let stack = pos.stack(sq);
        let Some(top) = stack.top() else { continue };
        let kind = match top.kind {
            Kind::Man => "man",
            Kind::King => "king",
        };
        lines.push(format!(
            "  {:<3} {} {} tower of {}: {}",
            R::Board::algebraic(sq),
            top.side.name(),
            kind,
            stack.height(),
            stack.letters()
        ));
    }
    lines
}
