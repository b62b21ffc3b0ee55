//! The Hub protocol's conventions, in both directions: the `pos=` board, move numbers, scores
//! and times. Pure functions; the loop in [`super`] applies them.
//!
//! Numbering, as pydraughts (the client lidraughts bots use) speaks it ([`HubSquares`]):
//! * the `pos=` board lists the squares in PDN order (on 8×8, 1 = b8 … 32 = g1; on 10×10,
//!   1 = b10 … 50 = i1);
//! * moves (`moves=`, `done move=`, `pv=`) use the PDN numbers on numbered boards
//!   (International) and the Russian numbering from a1 on the 8×8 games, 1 = a1, 2 = c1, …
//!   32 = h8.

use super::command::{HubBoard, HubError, HubMove};
use damka_rules::board::Geometry;
use damka_rules::game::Game;
use damka_rules::games::Variant;
use damka_rules::notation::{MoveRecord, MoveStyle};
use damka_rules::score::Score;
use damka_rules::types::{Bitboard, Kind, Side, Square};
use damka_rules::with_game;
use std::time::Duration;

/// How Hub numbers the squares of one game's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HubSquares {
    count: usize,
    /// The Hub move number of each bit index (0 where no square).
    move_number: [u8; 64],
    /// The bit index of each Hub move number (255 where none).
    move_square: [u8; 65],
    /// The bit index of each `pos=` cell, in order.
    board_square: [u8; 64],
}

impl HubSquares {
    /// The numbering of game `G`.
    pub fn of<G: Game>() -> HubSquares {
        let mut squares = HubSquares {
            count: G::Board::SQUARE_COUNT,
            move_number: [0; 64],
            move_square: [255; 65],
            board_square: [255; 64],
        };
        for sq in G::Board::squares() {
            let number = match G::MOVE_STYLE {
                MoveStyle::Numeric => G::Board::number(sq),
                MoveStyle::Algebraic => G::Board::relative(Side::White, sq) as u8 + 1,
            };
            squares.move_number[sq.index()] = number;
            squares.move_square[number as usize] = sq.index() as u8;
            squares.board_square[G::Board::number(sq) as usize - 1] = sq.index() as u8;
        }
        squares
    }

    /// The numbering of a game chosen at run time.
    pub fn for_variant(variant: Variant) -> HubSquares {
        with_game!(variant, G => HubSquares::of::<G>())
    }

    /// Squares on the board.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The Hub move number of a square.
    pub fn number(&self, square: Square) -> u8 {
        self.move_number[square.index() & 63]
    }

    /// The square with a Hub move number.
    pub fn square(&self, number: u8) -> Option<Square> {
        let index = *self.move_square.get(number as usize)?;
        (index != 255).then(|| Square::from_index_unchecked(index as u32))
    }

    /// The square of the `i`-th cell of a `pos=` board (from 0).
    pub fn board_square(&self, i: usize) -> Option<Square> {
        let index = *self.board_square.get(i)?;
        (index != 255).then(|| Square::from_index_unchecked(index as u32))
    }
}

/// The FEN of a `pos=` board (PDN numbers, which every FEN reader of damka takes).
///
/// ```
/// use damka::hub::{command::parse_board, notation::{HubSquares, board_to_fen}};
/// use damka::rules::games::Variant;
/// let board = parse_board("Wbeeeeeeeeeeeeeeeeeeeeeeeeeeeeeew").unwrap();
/// let squares = HubSquares::for_variant(Variant::Russian);
/// assert_eq!(board_to_fen(&board, &squares).unwrap(), "W:W32:B1");
/// ```
pub fn board_to_fen(board: &HubBoard, squares: &HubSquares) -> Result<String, HubError> {
    if board.cells.len() != squares.count() {
        return Err(HubError::BadPosition(format!(
            "{} squares given, the board has {}",
            board.cells.len(),
            squares.count()
        )));
    }
    let mut lists = [Vec::new(), Vec::new()];
    for (i, cell) in board.cells.iter().enumerate() {
        let Some(piece) = cell else { continue };
        let king = if piece.kind == Kind::King { "K" } else { "" };
        lists[piece.side.index()].push(format!("{king}{}", i + 1));
        debug_assert!(squares.board_square(i).is_some());
    }
    let side = match board.side {
        Side::White => 'W',
        Side::Black => 'B',
    };
    Ok(format!(
        "{side}:W{}:B{}",
        lists[Side::White.index()].join(","),
        lists[Side::Black.index()].join(",")
    ))
}

/// The square with a Hub move number.
fn square(number: u8, mv: &HubMove, squares: &HubSquares) -> Result<Square, HubError> {
    squares.square(number).ok_or_else(|| HubError::BadMove {
        text: mv.text.clone(),
        reason: format!("{number} is not a square (1..{})", squares.count()),
    })
}

/// The legal move a Hub move names: the one with its start and end squares and, when captured
/// squares are listed, exactly that captured set (in any order). Without a list the start and
/// end must single a move out.
pub fn find_move(
    mv: &HubMove,
    legal: &[MoveRecord],
    squares: &HubSquares,
) -> Result<MoveRecord, HubError> {
    let from = square(mv.from, mv, squares)?;
    let to = square(mv.to, mv, squares)?;
    let captured = mv
        .captured
        .iter()
        .map(|&n| square(n, mv, squares))
        .collect::<Result<Bitboard, _>>()?;
    let matching: Vec<&MoveRecord> = legal
        .iter()
        .filter(|r| {
            let path = r.path.squares();
            path[0] == from
                && path[path.len() - 1] == to
                && (mv.captured.is_empty() || r.captured == captured)
        })
        .collect();
    let bad = |reason: String| HubError::BadMove {
        text: mv.text.clone(),
        reason,
    };
    let text = |r: &MoveRecord| move_text(r, squares);
    match matching.as_slice() {
        [record] => Ok((*record).clone()),
        [] if legal.is_empty() => Err(bad("the side to move has no legal move".to_string())),
        [] => Err(bad(format!(
            "not legal here; legal moves: {}",
            legal.iter().map(text).collect::<Vec<_>>().join(" ")
        ))),
        several => Err(bad(format!(
            "ambiguous, list the captured pieces: {}",
            several
                .iter()
                .map(|r| text(r))
                .collect::<Vec<_>>()
                .join(" ")
        ))),
    }
}

/// A move in Hub form: `from-to`, or `fromxto` followed by `xsquare` for each captured piece in
/// increasing order, in the game's Hub numbering.
///
/// ```
/// use damka::engine::engine::Engine;
/// use damka::hub::notation::{HubSquares, move_text};
/// use damka::rules::games::Variant;
/// let engine = Engine::new();
/// let squares = HubSquares::for_variant(Variant::Russian);
/// let texts: Vec<String> =
///     engine.game().legal_moves().iter().map(|m| move_text(m, &squares)).collect();
/// assert!(texts.contains(&"9-13".to_string())); // a3-b4
/// ```
pub fn move_text(record: &MoveRecord, squares: &HubSquares) -> String {
    let path = record.path.squares();
    let (from, to) = (
        squares.number(path[0]),
        squares.number(path[path.len() - 1]),
    );
    if record.captured.is_empty() {
        return format!("{from}-{to}");
    }
    let mut captured: Vec<u8> = record
        .captured
        .into_iter()
        .map(|sq| squares.number(sq))
        .collect();
    captured.sort_unstable();
    let mut text = format!("{from}x{to}");
    for n in captured {
        text.push_str(&format!("x{n}"));
    }
    text
}

/// Scan's bound on ordinary scores, in hundredths of a man; forced results lie beyond it.
const EVAL_LIMIT: i32 = 8_000;
/// Scan's score of an immediate win, in hundredths of a man.
const HUB_WIN: i32 = 10_000;
/// The farthest forced result written as such: it keeps every one above ±90.00, the line past
/// which pydraughts reads a score as a forced result.
const MAX_RESULT_PLIES: i32 = 999;

/// A score in Hub units, men with two decimals, for the side to move. Ordinary scores are
/// capped at ±80.00; a forced result `n` plies away is ±(100.00 − n/100), as Scan writes it,
/// so a win in 3 plies is `99.97` and clients read anything beyond ±90 as a forced result.
///
/// ```
/// use damka::{hub::notation::score_text, rules::score::Score};
/// assert_eq!(score_text(Score(-35)), "-0.35");
/// assert_eq!(score_text(Score::win_in(3)), "99.97");
/// assert_eq!(score_text(Score::loss_in(2)), "-99.98");
/// ```
pub fn score_text(score: Score) -> String {
    let hundredths = if score.is_decisive() {
        let plies = (Score::WIN.0 - score.0.abs()).clamp(0, MAX_RESULT_PLIES);
        (HUB_WIN - plies) * score.0.signum()
    } else {
        score.0.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    };
    let sign = if hundredths < 0 { "-" } else { "" };
    let abs = hundredths.abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// A duration in seconds with three decimals.
pub fn seconds_text(time: Duration) -> String {
    format!("{:.3}", time.as_secs_f64())
}

/// A speed in millions of nodes per second with one decimal (Scan's and the Hub GUI's unit).
pub fn mnps_text(nps: u64) -> String {
    format!("{:.1}", nps as f64 / 1e6)
}

/// One `name=value` argument, the value quoted when it is empty or holds a blank, `=` or `"`
/// (a `"` inside cannot be written and becomes `'`).
pub fn pair(name: &str, value: &str) -> String {
    let bare = !value.is_empty()
        && value
            .chars()
            .all(|c| !c.is_control() && !c.is_whitespace() && c != '=' && c != '"');
    if bare {
        format!("{name}={value}")
    } else {
        let value: String = value
            .chars()
            .map(|c| match c {
                '"' => '\'',
                c if c.is_control() => ' ',
                c => c,
            })
            .collect();
        format!("{name}=\"{value}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_follow_scan() {
        assert_eq!(score_text(Score(0)), "0.00");
        assert_eq!(score_text(Score(1234)), "12.34");
        assert_eq!(score_text(Score(-9)), "-0.09");
        assert_eq!(score_text(Score(20_000)), "80.00");
        assert_eq!(score_text(Score::win_in(1)), "99.99");
        assert_eq!(score_text(Score::loss_in(0)), "-100.00");
        assert_eq!(score_text(Score::win_in(5000)), "80.00");
        assert_eq!(score_text(Score(Score::WIN_BAND)), "90.01");
    }

    #[test]
    fn pairs_quote_when_needed() {
        assert_eq!(pair("name", "damka"), "name=damka");
        assert_eq!(pair("pv", "9-13 22-18"), "pv=\"9-13 22-18\"");
        assert_eq!(pair("value", ""), "value=\"\"");
        assert_eq!(pair("message", "a \"b\""), "message=\"a 'b'\"");
        assert_eq!(mnps_text(1_250_000), "1.2");
        assert_eq!(seconds_text(Duration::from_millis(1500)), "1.500");
    }
}
