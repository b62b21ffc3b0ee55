//! Legal moves of the tower games, generic over [`TowerRules`]: captures first (compulsory,
//! any sequence, continued while a capture is possible), quiet moves only when there is none;
//! and [`play`], which makes a move on a position.
//!
//! A capture takes the top piece of the jumped tower at once and puts it under the bottom of the
//! capturing tower, so the walk through a sequence works on a copy of the board that changes
//! jump by jump: a tower may be jumped again later if its new top is an enemy piece, and an
//! emptied square may be crossed or landed on.

use super::TowerRules;
use super::moves::{MAX_PATH, Move};
use super::position::Position;
use super::stack::Stack;
use crate::board::{Diagonal, Geometry, nearest};
use crate::moves::MoveList;
use crate::types::{Bitboard, Dir, Kind, Side, Square};

/// One jump available from a square: the tower jumped and the squares the capturer may land on.
#[derive(Clone, Copy)]
struct Jump {
    over: Square,
    landings: Bitboard,
}

/// The directions a tower of `us` may capture in, by the kind of its top piece.
#[inline]
fn capture_dirs<R: TowerRules>(us: Side, king: bool) -> &'static [Dir] {
    const FORWARD: [[Dir; 2]; 2] = [Dir::forward(Side::White), Dir::forward(Side::Black)];
    if king || R::MEN_CAPTURE_BACKWARD {
        &Dir::ALL
    } else {
        &FORWARD[us.index()]
    }
}

/// The jumps a tower of `us` whose top is a king (`king`) or a man could make from `at` on
/// `board` (the capturer itself is not on the board). At most four, one per direction.
fn jumps<R: TowerRules>(
    board: &Position,
    at: Square,
    us: Side,
    king: bool,
    out: &mut [Jump; 4],
) -> usize {
    let occupied = board.occupied();
    let enemies = board.owned(us.opponent());
    let mut count = 0;
    for &dir in capture_dirs::<R>(us, king) {
        if king && R::FLYING_KINGS {
            let ray = R::Board::ray(at, dir);
            let blockers = ray & occupied;
            if blockers.is_empty() {
                continue;
            }
            let over = nearest(blockers, dir);
            if !enemies.contains(over) {
                continue;
            }
            let beyond = R::Board::ray(over, dir);
            let stops = beyond & occupied;
            let landings = if stops.is_empty() {
                beyond
            } else {
                let stop = nearest(stops, dir);
                beyond.without(R::Board::ray(stop, dir) | stop.bb())
            };
            if landings.any() {
                out[count] = Jump { over, landings };
                count += 1;
            }
        } else {
            let Some(over) = R::Board::step(at, dir) else {
                continue;
            };
            if !enemies.contains(over) {
                continue;
            }
            if let Some(land) = R::Board::step(over, dir)
                && !occupied.contains(land)
            {
                out[count] = Jump {
                    over,
                    landings: land.bb(),
                };
                count += 1;
            }
        }
    }
    count
}

/// True if a tower of `us` with a king or man on top could capture from `at`.
#[inline]
fn can_capture_from<R: TowerRules>(board: &Position, at: Square, us: Side, king: bool) -> bool {
    let mut scratch = [Jump {
        over: at,
        landings: Bitboard::EMPTY,
    }; 4];
    jumps::<R>(board, at, us, king, &mut scratch) > 0
}

/// True if the side to move has a capture.
pub fn has_capture<R: TowerRules>(pos: &Position) -> bool {
    let us = pos.side_to_move();
    pos.owned(us)
        .into_iter()
        .any(|sq| can_capture_from::<R>(pos, sq, us, pos.kings().contains(sq)))
}

/// The most capture paths [`gen_moves`] lists in one position.
///
/// A move is its landing path, and a flying king that bounces over tall towers has a choice of
/// landing squares at every jump (each of them allowing the next jump, so the landing rule
/// keeps them all): the paths multiply, and positions reached in search can have hundreds of
/// millions of them, which no search can list, let alone try. Past this many, the rest of a
/// position's paths are left out of the list the search, the notation and the referee use;
/// perft lists them all ([`gen_all_moves`]). Ordinary positions have a few dozen paths.
pub const MAX_LISTED_PATHS: usize = 1 << 14;

/// The walk through every capture sequence of one tower.
struct Walk<'a> {
    board: Position,
    us: Side,
    path: [Square; MAX_PATH],
    len: usize,
    captured: Bitboard,
    promoted: bool,
    list: &'a mut MoveList<Move>,
    limit: usize,
}

impl Walk<'_> {
    fn emit(&mut self) {
        self.list.push(Move::capture(
            &self.path[..self.len],
            self.captured,
            self.promoted,
        ));
    }

    /// Goes on from `at` with `mover`, the capturing tower; false if it has no jump there.
    fn extend<R: TowerRules>(&mut self, at: Square, mover: Stack) -> bool {
        let king = mover.top().is_some_and(|p| p.kind == Kind::King);
        let mut found = [Jump {
            over: at,
            landings: Bitboard::EMPTY,
        }; 4];
        let count = jumps::<R>(&self.board, at, self.us, king, &mut found);
        if self.len >= MAX_PATH {
            // Cannot happen with at most MAX_PATH - 1 enemy pieces on the board.
            debug_assert!(count == 0, "capture longer than the enemy's pieces");
            return false;
        }
        for jump in &found[..count] {
            if self.list.len() >= self.limit {
                break;
            }
            let before = self.board.stack(jump.over);
            let Some((piece, rest)) = before.pop_top() else {
                continue;
            };
            self.board.set(jump.over, rest);
            let captured = self.captured;
            self.captured |= jump.over.bb();
            let carried = mover.push_bottom(piece);
            let mut landings = jump.landings;
            if king && R::FLYING_KINGS && landings.count() > 1 {
                // The landing rule: where a further capture is possible from some of the
                // landing squares, the king must land on one of them.
                let going_on: Bitboard = landings
                    .into_iter()
                    .filter(|&sq| can_capture_from::<R>(&self.board, sq, self.us, true))
                    .collect();
                if going_on.any() {
                    landings = going_on;
                }
            }
            for land in landings {
                if self.list.len() >= self.limit {
                    break;
                }
                self.land::<R>(land, carried);
            }
            self.captured = captured;
            self.board.set(jump.over, before);
        }
        count > 0
    }

    /// Lands `mover` on `land` after a jump, crowns it on the far rank, and goes on or ends.
    fn land<R: TowerRules>(&mut self, land: Square, mover: Stack) {
        self.path[self.len] = land;
        self.len += 1;
        let promoted = self.promoted;
        let mut mover = mover;
        let crowned = mover.top().is_some_and(|p| p.kind == Kind::Man)
            && R::Board::promotion_rank(self.us).contains(land);
        if crowned {
            mover = mover.crown_top();
            self.promoted = true;
        }
        if (crowned && R::CROWNING_ENDS_CAPTURE) || !self.extend::<R>(land, mover) {
            self.emit();
        }
        self.promoted = promoted;
        self.len -= 1;
    }
}

/// Appends the capture sequences of the side to move, until the list holds `limit` moves.
fn gen_captures<R: TowerRules>(pos: &Position, list: &mut MoveList<Move>, limit: usize) {
    let us = pos.side_to_move();
    for from in pos.owned(us) {
        let mover = pos.stack(from);
        if !can_capture_from::<R>(pos, from, us, pos.kings().contains(from)) {
            continue;
        }
        let mut board = *pos;
        board.set(from, Stack::EMPTY);
        let mut walk = Walk {
            board,
            us,
            path: [from; MAX_PATH],
            len: 1,
            captured: Bitboard::EMPTY,
            promoted: false,
            list: &mut *list,
            limit,
        };
        walk.extend::<R>(from, mover);
    }
}

/// Appends every quiet move of the side to move.
pub fn gen_quiets<R: TowerRules>(pos: &Position, list: &mut MoveList<Move>) {
    let us = pos.side_to_move();
    let empty = R::Board::complement(pos.occupied());
    let far = R::Board::promotion_rank(us);
    for from in pos.owned(us) {
        if pos.kings().contains(from) {
            for dir in Dir::ALL {
                if R::FLYING_KINGS {
                    let ray = R::Board::ray(from, dir);
                    let blockers = ray & pos.occupied();
                    let reach = if blockers.is_empty() {
                        ray
                    } else {
                        let stop = nearest(blockers, dir);
                        ray.without(R::Board::ray(stop, dir) | stop.bb())
                    };
                    for to in reach {
                        list.push(Move::quiet(from, to, false));
                    }
                } else if let Some(to) = R::Board::step(from, dir)
                    && empty.contains(to)
                {
                    list.push(Move::quiet(from, to, false));
                }
            }
        } else {
            for dir in Dir::forward(us) {
                if let Some(to) = R::Board::step(from, dir)
                    && empty.contains(to)
                {
                    list.push(Move::quiet(from, to, far.contains(to)));
                }
            }
        }
    }
}

/// Fills `list` with the legal moves of `pos`: the capture paths if there is a capture (at most
/// [`MAX_LISTED_PATHS`] of them), else every quiet move.
pub fn gen_moves<R: TowerRules>(pos: &Position, list: &mut MoveList<Move>) {
    list.clear();
    gen_captures::<R>(pos, list, MAX_LISTED_PATHS);
    if list.is_empty() {
        gen_quiets::<R>(pos, list);
    }
}

/// Fills `list` with every legal move of `pos`, however many capture paths there are (perft).
pub fn gen_all_moves<R: TowerRules>(pos: &Position, list: &mut MoveList<Move>) {
    list.clear();
    gen_captures::<R>(pos, list, usize::MAX);
    if list.is_empty() {
        gen_quiets::<R>(pos, list);
    }
}

/// The direction from `from` to `to` if they share a diagonal.
fn direction<B: Geometry>(from: Square, to: Square) -> Option<Dir> {
    let df = B::file(to) as i32 - B::file(from) as i32;
    let dr = B::rank(to) as i32 - B::rank(from) as i32;
    if df == 0 || df.abs() != dr.abs() {
        return None;
    }
    Some(match (df > 0, dr > 0) {
        (true, true) => Dir::NorthEast,
        (false, true) => Dir::NorthWest,
        (true, false) => Dir::SouthEast,
        (false, false) => Dir::SouthWest,
    })
}

/// The tower jumped between two landing squares of a capture on `board`: the one occupied
/// square between them.
fn jumped<B: Diagonal>(board: &Position, from: Square, to: Square) -> Option<Square> {
    let dir = direction::<B>(from, to)?;
    let mut at = B::step(from, dir)?;
    while at != to {
        if board.occupied().contains(at) {
            return Some(at);
        }
        at = B::step(at, dir)?;
    }
    None
}

/// The position after a legal move of `pos`: the tower leaves its square, takes the top of each
/// tower it jumps under its bottom in order, is crowned on the far rank if its top is a man,
/// and the other side is to move.
pub fn play<R: TowerRules>(pos: &Position, mv: Move) -> Position {
    let us = pos.side_to_move();
    let far = R::Board::promotion_rank(us);
    let mut next = *pos;
    let mut squares = mv.squares();
    let from = squares.next().expect("a move has a start square");
    let mut mover = pos.stack(from);
    next.set(from, Stack::EMPTY);
    let mut at = from;
    let capture = crate::game::GameMove::is_capture(mv);
    for land in squares {
        if capture
            && let Some(over) = jumped::<R::Board>(&next, at, land)
            && let Some((piece, rest)) = next.stack(over).pop_top()
        {
            next.set(over, rest);
            mover = mover.push_bottom(piece);
        }
        if far.contains(land) && mover.top().is_some_and(|p| p.kind == Kind::Man) {
            mover = mover.crown_top();
        }
        at = land;
    }
    next.set(at, mover);
    next.switch_side();
    next
}
