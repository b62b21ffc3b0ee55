//! Ugolki's text in and out, on the full board: squares `a1`..`h8`; a move `a1-a2` or `a1-c3`
//! by its two ends (on input a whole chain `a1-a3-c3` is accepted too, and `:` or `x` for
//! `-`); FEN `W:Wa1,b1,…:Bh8,…:H<house>:F<n>`, the house field written when it is not `3x3`.
//! A FEN without the house field is read with the house it is given (the `UgolkiHouse`
//! option, `3x3` by default).
//!
//! Nothing here panics on input.

use super::house::House;
use super::movegen::{gen_moves, is_jump_chain};
use super::position::{Move, Position};
use crate::board::{Full8, Geometry};
use crate::moves::{MoveList, Path};
use crate::notation::{Fen, MoveRecord, MoveStyle, NotationError, parse_move_squares, write_fen};
use crate::types::{Bitboard, Side, Square};

/// Splits the house field (`H3x3`, `H3x4`, `Htriangle`) off a FEN: the rest of the FEN, and
/// the house if the field is there.
fn take_house(text: &str) -> Result<(String, Option<House>), NotationError> {
    let mut house = None;
    let mut rest = Vec::new();
    for (i, field) in text.split(':').enumerate() {
        let trimmed = field.trim();
        let value = trimmed
            .strip_prefix(['H', 'h'])
            .filter(|v| v.trim_end_matches('.').parse::<u64>().is_err());
        match value {
            Some(value) if i > 0 => {
                let name = value.trim_end_matches('.');
                let parsed = name
                    .parse::<House>()
                    .map_err(|e| NotationError::BadField(format!("{trimmed} ({e})")))?;
                if house.replace(parsed).is_some() {
                    return Err(NotationError::BadField(format!(
                        "{trimmed} (the house is given twice)"
                    )));
                }
            }
            _ => rest.push(field),
        }
    }
    Ok((rest.join(":"), house))
}

/// A position and its extra `<tag><number>` fields from a FEN, with `house` for a FEN that
/// does not name one.
pub fn parse_fen<const DIAGONAL: bool>(
    text: &str,
    house: House,
) -> Result<(Position, Vec<(String, u64)>), NotationError> {
    let (rest, given) = take_house(text)?;
    let fen = Fen::parse::<Full8>(MoveStyle::Algebraic, &rest)?;
    if fen.kings.any() {
        return Err(NotationError::Position(
            "Ugolki has no kings (no K before a square)".to_string(),
        ));
    }
    let pos = Position::from_parts(fen.white, fen.black, given.unwrap_or(house), fen.side)
        .map_err(NotationError::Position)?;
    Ok((pos, fen.extras))
}

/// The FEN of a position: `W:Wa1,…:Bf6,…`, then `:H<house>` unless the house is `3x3`.
pub fn fen<const DIAGONAL: bool>(pos: &Position) -> String {
    let pieces = [pos.pieces(Side::White), pos.pieces(Side::Black)];
    let mut text = write_fen::<Full8>(
        MoveStyle::Algebraic,
        pos.side_to_move(),
        pieces,
        Bitboard::EMPTY,
    );
    if pos.house() != House::default() {
        text.push_str(&format!(":H{}", pos.house()));
    }
    text
}

/// The text of a move: its two ends, `a1-c3`.
pub fn move_text(mv: Move) -> String {
    format!(
        "{}-{}",
        Full8::algebraic(mv.from()),
        Full8::algebraic(mv.to())
    )
}

/// The record of a move: its two ends (a chain's landing squares are not part of the move).
pub fn move_record(mv: Move) -> MoveRecord {
    MoveRecord {
        path: Path::new(&[mv.from(), mv.to()]).expect("two squares make a path"),
        captured: Bitboard::EMPTY,
        text: move_text(mv),
    }
}

/// Every legal move of `pos` with its text, in generation order.
pub fn legal_move_texts<const DIAGONAL: bool>(pos: &Position) -> Vec<(Move, String)> {
    let mut list = MoveList::new();
    gen_moves::<DIAGONAL>(pos, &mut list);
    list.iter().map(|&mv| (mv, move_text(mv))).collect()
}

/// Reads a move of `pos`: `a1-a2`, `a1-c3`, or a chain of jumps `a1-a3-c3`.
pub fn parse_move<const DIAGONAL: bool>(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Empty("move"));
    }
    let given = parse_move_squares::<Full8>(MoveStyle::Algebraic, text)?;
    let (from, to) = (given[0], given[given.len() - 1]);
    let mut list = MoveList::new();
    gen_moves::<DIAGONAL>(pos, &mut list);
    let wanted = Move::new(from, to);
    let chain_ok = given.len() == 2 || is_jump_chain::<DIAGONAL>(pos, &given);
    if list.contains(wanted) && chain_ok {
        return Ok(wanted);
    }
    let reason = if list.contains(wanted) {
        "the squares given are not a chain of jumps".to_string()
    } else {
        explain_illegal(pos, &list, from)
    };
    Err(NotationError::IllegalMove {
        text: text.to_string(),
        reason,
    })
}

/// A short reason why no legal move goes from `from` to the square given.
fn explain_illegal(pos: &Position, list: &MoveList<Move>, from: Square) -> String {
    if list.is_empty() {
        return format!("{} has no legal move", pos.side_to_move().name());
    }
    let name = Full8::algebraic(from);
    let mine: Vec<String> = list
        .iter()
        .filter(|mv| mv.from() == from)
        .map(|&mv| move_text(mv))
        .collect();
    match pos.piece_at(from) {
        None => format!("{name} is empty"),
        Some(piece) if piece.side != pos.side_to_move() => format!(
            "{name} holds a {} piece but {} is to move",
            piece.side.name(),
            pos.side_to_move().name()
        ),
        Some(_) if mine.is_empty() => format!("the piece on {name} cannot move"),
        Some(_) => format!(
            "the piece on {name} cannot go there; its moves: {}",
            mine.join(" ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_house_field_is_read_and_written() {
        let (pos, extras) =
            parse_fen::<false>("W:Wa1,b1:Bh8:Htriangle:F7", House::Square3).unwrap();
        assert_eq!(pos.house(), House::Triangle);
        assert_eq!(extras, vec![("F".to_string(), 7)]);
        assert_eq!(fen::<false>(&pos), "W:Wa1,b1:Bh8:Htriangle");
        let (pos, _) = parse_fen::<false>("W:Wa1:Bh8", House::Rect3x4).unwrap();
        assert_eq!(pos.house(), House::Rect3x4);
        assert!(parse_fen::<false>("W:Wa1:Bh8:Hpentagon", House::Square3).is_err());
        assert!(parse_fen::<false>("W:WKa1:Bh8", House::Square3).is_err());
    }
}
