//! Fuk's legal moves: for each huff choice (none, or one huffable piece), every Russian capture
//! and every Russian quiet move on the board after the huff. Capturing is optional, so both
//! kinds are always legal; a capture once begun goes on to the end by the Russian rules, and
//! the Russian generator finds its sequences. A huff alone is not a move: a huff whose board
//! leaves no move is not listed.

use super::{Board, FukMove, FukPosition};
use crate::games::draughts::movegen::{CaptureSink, for_each_quiet, gen_captures};
use crate::games::draughts::moves::Move;
use crate::moves::MoveList;
use crate::types::Square;

/// Collects the capture moves of one huff choice, each distinct move once.
struct HuffCaptures<'a> {
    list: &'a mut MoveList<FukMove>,
    huff: Option<Square>,
    /// Where this huff choice's moves start in `list`.
    start: usize,
}

impl CaptureSink for HuffCaptures<'_> {
    #[inline]
    fn sequence(&mut self, mv: Move, _path: &[Square]) {
        let m = FukMove {
            huff: self.huff,
            mv,
        };
        // One captured piece leaves only one way to make the move; duplicates need two or more.
        if mv.captured().count() >= 2 && self.list.as_slice()[self.start..].contains(&m) {
            return;
        }
        self.list.push(m);
    }

    fn restart(&mut self) {
        // Only majority capture restarts, and Russian rules have none; kept correct anyway.
        self.list.truncate(self.start);
    }
}

/// Appends the moves of one huff choice played on `board`: its captures, then (unless
/// `captures_only`) its quiet moves.
#[inline]
fn gen_after_huff(
    board: &Board,
    huff: Option<Square>,
    captures_only: bool,
    list: &mut MoveList<FukMove>,
) {
    let start = list.len();
    gen_captures(board, &mut HuffCaptures { list, huff, start });
    if !captures_only {
        for_each_quiet(board, |mv| list.push(FukMove { huff, mv }));
    }
}

/// Fills `list` with every legal move of `pos`, each distinct move once: the moves without a
/// huff first (captures, then quiet moves), then those of each huff in square order.
pub fn gen_moves(pos: &FukPosition, list: &mut MoveList<FukMove>) {
    gen_huffs_and(pos, false, list);
}

/// Fills `list` with the moves that quiescence search plays: every capture, and every move that
/// begins with a huff. The quiet moves without a huff are left to the static evaluation.
pub fn gen_tactical(pos: &FukPosition, list: &mut MoveList<FukMove>) {
    gen_huffs_and(pos, true, list);
}

/// The moves without a huff (only their captures if `captures_only`), then every move of each
/// huff in square order.
fn gen_huffs_and(pos: &FukPosition, captures_only: bool, list: &mut MoveList<FukMove>) {
    list.clear();
    gen_after_huff(pos.board(), None, captures_only, list);
    for square in pos.huffable() {
        let board = pos.board_after_huff(Some(square));
        gen_after_huff(&board, Some(square), false, list);
    }
}
