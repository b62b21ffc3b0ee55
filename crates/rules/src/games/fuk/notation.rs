//! Fuk's text: a move with a huff is the huffed square, `*`, then the Russian move made after
//! it (`f6*c3-d4`, `h6*c3:e5:g7`); a move without one is written as in Russian. A FEN is the
//! Russian FEN plus `:U<square>,<square>…` listing the huffable pieces (no field when there are
//! none); the board picture adds a line naming them. Nothing here panics on input.

use super::movegen::gen_moves;
use super::{Board, FukMove, FukPosition};
use crate::board::{Dark8, Geometry};
use crate::games::draughts::Russian;
use crate::games::draughts::movegen::capture_paths;
use crate::games::draughts::notation::{
    self as russian, Fen, move_squares, parse_fen_square, parse_square, quiet_paths,
};
use crate::moves::MoveList;
use crate::notation::{MoveRecord, NotationError, match_path};
use crate::types::{Bitboard, Square};

/// The name of a square (`c3`).
fn name(square: Square) -> String {
    Dark8::algebraic(square)
}

/// Squares in the order FENs list them: file by file, each file from rank 1 up.
fn sorted_names(set: Bitboard) -> Vec<String> {
    let mut squares: Vec<Square> = set.into_iter().collect();
    squares.sort_by_key(|sq| (Dark8::file(*sq), Dark8::rank(*sq)));
    squares.into_iter().map(name).collect()
}

/// The FEN of a position: the Russian FEN, then `:U` and the huffable squares if there are any.
///
/// ```
/// use damka_rules::games::fuk::{FukPosition, notation};
/// let (pos, _) = notation::parse_fen("W:Wc3,e3,g5:Bd4,f6:Uf6").unwrap();
/// assert_eq!(notation::fen(&pos), "W:Wc3,e3,g5:Bd4,f6:Uf6");
/// assert_eq!(notation::fen(&FukPosition::startpos()),
///     "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8");
/// ```
pub fn fen(pos: &FukPosition) -> String {
    let mut text = russian::fen(pos.board());
    if pos.huffable().any() {
        text.push_str(":U");
        text.push_str(&sorted_names(pos.huffable()).join(","));
    }
    text
}

/// Reads a FEN: the Russian FEN with an optional `:U<square>,…` field (squares algebraic or PDN
/// numbers, any case) naming pieces of the side that has just moved, exactly the set some quiet
/// move of that side leaves huffable ([`FukPosition::new`]). Returns the other extra
/// `<tag><number>` fields as the Russian FEN reader does.
///
/// ```
/// use damka_rules::games::fuk::notation;
/// // f6 could take g5 when Black played c5-d4 (or e5-d4): f6, and only f6, is huffable.
/// assert!(notation::parse_fen("W:Wc3,e3,g5:Bd4,f6:Uf6").is_ok());
/// assert!(notation::parse_fen("W:Wc3,e3:Bd4,f6:Uf6").is_err()); // f6 had nothing to take
/// assert!(notation::parse_fen("W:Wc3,e3,g5:Bd4,f6:Ud4,f6").is_err()); // no move leaves both
/// ```
#[allow(clippy::type_complexity)]
pub fn parse_fen(text: &str) -> Result<(FukPosition, Vec<(String, u64)>), NotationError> {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let text = text.trim_end_matches('.');
    let mut huffable_fields = Vec::new();
    let mut rest = Vec::new();
    for (i, field) in text.split(':').enumerate() {
        match field.strip_prefix(['U', 'u']) {
            Some(list) if i > 0 => huffable_fields.push(list),
            _ => rest.push(field),
        }
    }
    if huffable_fields.len() > 1 {
        return Err(NotationError::BadField(format!(
            "U{} (the huffable squares are given twice)",
            huffable_fields[1]
        )));
    }
    let fen = Fen::parse::<Dark8>(
        <Russian as crate::games::draughts::Rules>::MOVE_STYLE,
        &rest.join(":"),
    )?;
    let board: Board = fen.position()?;
    let mut huffable = Bitboard::EMPTY;
    for item in huffable_fields
        .first()
        .into_iter()
        .flat_map(|list| list.split(','))
        .filter(|item| !item.is_empty())
    {
        let square = parse_fen_square::<Russian>(item)?;
        if huffable.contains(square) {
            return Err(NotationError::DuplicateSquare(name(square)));
        }
        huffable |= square.bb();
    }
    let pos =
        FukPosition::new(board, huffable).map_err(|e| NotationError::Position(e.to_string()))?;
    Ok((pos, fen.extras))
}

/// The record of a legal move: the Russian record of the move after the huff, its text
/// prefixed with `<huffed>*`, and the huffed piece among the captured ones.
pub fn move_record(pos: &FukPosition, m: FukMove) -> MoveRecord {
    let board = pos.board_after_huff(m.huff);
    let mut record = russian::move_record(&board, m.mv);
    if let Some(square) = m.huff {
        record.text = format!("{}*{}", name(square), record.text);
        record.captured |= square.bb();
    }
    record
}

/// Every legal move with its text, in generation order.
pub fn legal_move_texts(pos: &FukPosition) -> Vec<(FukMove, String)> {
    let mut list = MoveList::new();
    gen_moves(pos, &mut list);
    list.iter()
        .map(|&m| (m, move_record(pos, m).text))
        .collect()
}

/// Reads a move: `[<huffed square>*]<Russian move>`, the Russian part as the Russian notation
/// reads it (full landing path, `x` for `:`, a shortened capture when only one move matches),
/// against every capture and quiet move of the board after the huff.
///
/// ```
/// use damka_rules::games::fuk::notation;
/// let (pos, _) = notation::parse_fen("W:Wc3,e3,g5:Bd4,f6:Uf6").unwrap();
/// let m = notation::parse_move(&pos, "f6*e3-f4").unwrap();
/// assert_eq!(notation::move_record(&pos, m).text, "f6*e3-f4");
/// assert!(notation::parse_move(&pos, "d4*e3-f4").is_err()); // d4 is not huffable
/// ```
pub fn parse_move(pos: &FukPosition, text: &str) -> Result<FukMove, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Empty("move"));
    }
    let (huff, rest) = match text.split_once('*') {
        Some((square, rest)) => {
            let square = parse_square::<Russian>(square)
                .map_err(|_| NotationError::BadMove(text.to_string()))?;
            if !pos.huffable().contains(square) {
                return Err(NotationError::IllegalMove {
                    text: text.to_string(),
                    reason: format!(
                        "{} is not huffable (huffable: {})",
                        name(square),
                        huffable_list(pos)
                    ),
                });
            }
            (Some(square), rest)
        }
        None => (None, text),
    };
    let given = move_squares::<Russian>(rest).map_err(|e| match e {
        NotationError::Empty(_) => NotationError::BadMove(text.to_string()),
        other => other,
    })?;
    let board = pos.board_after_huff(huff);
    let mut candidates = capture_paths(&board);
    candidates.extend(quiet_paths(&board));
    match match_path(&candidates, &given) {
        Ok(Some(mv)) => Ok(FukMove { huff, mv }),
        Ok(None) => Err(NotationError::IllegalMove {
            text: text.to_string(),
            reason: explain_illegal(pos, &board, given[0]),
        }),
        Err(several) => Err(NotationError::AmbiguousMove {
            text: text.to_string(),
            candidates: several
                .iter()
                .map(|&mv| move_record(pos, FukMove { huff, mv }).text)
                .collect(),
        }),
    }
}

/// The huffable squares for messages, or `none`.
fn huffable_list(pos: &FukPosition) -> String {
    if pos.huffable().is_empty() {
        "none".to_string()
    } else {
        sorted_names(pos.huffable()).join(",")
    }
}

/// A short reason why no legal move starts from `from` as given.
fn explain_illegal(pos: &FukPosition, board: &Board, from: Square) -> String {
    let legal: Vec<String> = legal_move_texts(pos).into_iter().map(|(_, t)| t).collect();
    if legal.is_empty() {
        return format!("{} has no legal move", pos.side_to_move().name());
    }
    let reason = match board.piece_at(from) {
        None => format!("{} is empty", name(from)),
        Some(piece) if piece.side != pos.side_to_move() => format!(
            "{} holds a {} piece but {} is to move",
            name(from),
            piece.side.name(),
            pos.side_to_move().name()
        ),
        Some(_) => format!("the piece on {} cannot move there", name(from)),
    };
    format!("{reason}; legal moves: {}", legal.join(" "))
}

/// The board picture of `d`: the Russian picture and a line naming the huffable pieces.
pub fn board_picture(pos: &FukPosition) -> Vec<String> {
    let mut lines = russian::board_picture(pos.board());
    lines.push(format!("    huffable: {}", huffable_list(pos)));
    lines
}
