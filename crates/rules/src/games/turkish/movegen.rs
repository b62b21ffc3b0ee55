//! Turkish dama move generation on the full board.
//!
//! Men step one square forward or sideways and capture the same way, jumping an adjacent enemy
//! piece to the empty square right behind it. Kings fly along ranks and files and capture at a
//! distance, landing on any empty square beyond the piece they take, and may not turn back 180°
//! between two captures of one sequence. Captured pieces leave the board at once, so a square
//! emptied by a capture may be crossed, or landed on, later in the same sequence. Capturing is
//! compulsory and only the sequences taking the most pieces are legal. A man is crowned only
//! when its move ends on the last rank; in the middle of a capture it goes on as a man.
//!
//! A move is identified by (from, to, captured set): the capture search reports every complete
//! sequence with its landing path to a [`CaptureSink`], and the sinks here keep each move once.

use super::position::Position;
use crate::board::{Full8, Geometry, Line, Lines};
use crate::games::draughts::moves::Move;
use crate::moves::{MoveList, Path};
use crate::types::{Bitboard, Side, Square};

/// The direction a man of `side` moves forward.
#[inline]
pub const fn forward(side: Side) -> Line {
    match side {
        Side::White => Line::North,
        Side::Black => Line::South,
    }
}

/// The three directions a man of `side` moves and captures in: forward and both ways sideways.
#[inline]
const fn man_lines(side: Side) -> [Line; 3] {
    [forward(side), Line::East, Line::West]
}

/// The first square of `set` met going out from a square along `dir`: bits grow northwards and
/// eastwards on the full board.
#[inline]
fn nearest(set: Bitboard, dir: Line) -> Square {
    match dir {
        Line::North | Line::East | Line::NorthEast | Line::NorthWest => set.lowest(),
        _ => set.highest(),
    }
}

/// The empty squares a king on `at` reaches along `dir` before the first piece.
#[inline]
fn king_reach(at: Square, dir: Line, occupied: Bitboard) -> Bitboard {
    let ray = Full8::ray(at, dir);
    let blockers = ray & occupied;
    if blockers.is_empty() {
        ray
    } else {
        let stop = nearest(blockers, dir);
        ray.without(Full8::ray(stop, dir) | stop.bb())
    }
}

/// Receives every complete capture sequence the search finds.
pub trait CaptureSink {
    /// A sequence from `path[0]` over `captured` ending on the last square of `path`;
    /// `promotes` if a man ends it on its last rank.
    fn sequence(&mut self, captured: Bitboard, promotes: bool, path: &[Square]);
}

/// The depth-first search over one piece's capture sequences.
struct Search<'s, S: CaptureSink> {
    sink: &'s mut S,
    last_rank: Bitboard,
    man_lines: [Line; 3],
    path: [Square; 20],
    len: usize,
}

impl<S: CaptureSink> Search<'_, S> {
    fn finish(&mut self, captured: Bitboard, promotes: bool) {
        self.sink
            .sequence(captured, promotes, &self.path[..self.len]);
    }

    /// A man on `at`, with `enemies` still on the board and `empty` squares, looks for a jump.
    fn man(&mut self, at: Square, enemies: Bitboard, empty: Bitboard, captured: Bitboard) {
        let mut continued = false;
        for dir in self.man_lines {
            let over = Full8::shift(at.bb(), dir) & enemies;
            let landing = Full8::shift(over, dir) & empty;
            if landing.is_empty() {
                continue;
            }
            continued = true;
            let (over, landing) = (over.lowest(), landing.lowest());
            let empty = (empty | at.bb() | over.bb()).without(landing.bb());
            self.path[self.len] = landing;
            self.len += 1;
            self.man(
                landing,
                enemies.without(over.bb()),
                empty,
                captured | over.bb(),
            );
            self.len -= 1;
        }
        if !continued && captured.any() {
            self.finish(captured, self.last_rank.contains(at));
        }
    }

    /// A king on `at` that last captured going `last` looks for the next capture.
    fn king(
        &mut self,
        at: Square,
        enemies: Bitboard,
        empty: Bitboard,
        captured: Bitboard,
        last: Option<Line>,
    ) {
        let mut continued = false;
        for dir in Line::ORTHOGONAL {
            if last == Some(dir.reverse()) {
                continue;
            }
            let blockers = Full8::ray(at, dir).without(empty);
            if blockers.is_empty() {
                continue;
            }
            let victim = nearest(blockers, dir);
            if !enemies.contains(victim) {
                continue;
            }
            let landings = king_reach(victim, dir, Bitboard(!empty.0));
            for landing in landings {
                continued = true;
                let empty = (empty | at.bb() | victim.bb()).without(landing.bb());
                self.path[self.len] = landing;
                self.len += 1;
                self.king(
                    landing,
                    enemies.without(victim.bb()),
                    empty,
                    captured | victim.bb(),
                    Some(dir),
                );
                self.len -= 1;
            }
        }
        if !continued && captured.any() {
            self.finish(captured, false);
        }
    }
}

/// Runs the capture search for every piece of the side to move, reporting each complete
/// sequence (of any length) to `sink`.
pub fn capture_sequences<S: CaptureSink>(pos: &Position, sink: &mut S) {
    search_captures(pos, capturers(pos), sink);
}

/// The capture search from the pieces `from` (each of which has a capture).
fn search_captures<S: CaptureSink>(pos: &Position, from: Bitboard, sink: &mut S) {
    let us = pos.side_to_move();
    let enemies = pos.pieces(us.opponent());
    let empty = pos.empty();
    let mut search = Search {
        sink,
        last_rank: Full8::promotion_rank(us),
        man_lines: man_lines(us),
        path: [Square::from_index_unchecked(0); 20],
        len: 1,
    };
    for from in from {
        search.path[0] = from;
        if pos.all_kings().contains(from) {
            search.king(from, enemies, empty, Bitboard::EMPTY, None);
        } else {
            search.man(from, enemies, empty, Bitboard::EMPTY);
        }
    }
}

/// The pieces of the side to move that have a capture.
pub fn capturers(pos: &Position) -> Bitboard {
    let us = pos.side_to_move();
    let enemies = pos.pieces(us.opponent());
    let empty = pos.empty();
    let mut found = Bitboard::EMPTY;
    for dir in man_lines(us) {
        // Back from the landing square over the enemy to the man.
        let landing = Full8::shift(Full8::shift(pos.men(us), dir) & enemies, dir) & empty;
        let back = dir.reverse();
        found |= Full8::shift(Full8::shift(landing, back), back);
    }
    for king in pos.kings(us) {
        if king_captures(king, enemies, empty) {
            found |= king.bb();
        }
    }
    found
}

/// True if a king on `at` can capture.
#[inline]
fn king_captures(at: Square, enemies: Bitboard, empty: Bitboard) -> bool {
    Line::ORTHOGONAL.into_iter().any(|dir| {
        let blockers = Full8::ray(at, dir).without(empty);
        if blockers.is_empty() {
            return false;
        }
        let victim = nearest(blockers, dir);
        enemies.contains(victim) && (Full8::shift(victim.bb(), dir) & empty).any()
    })
}

/// True if the side to move has a capture (and so must capture).
#[inline]
pub fn has_capture(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let enemies = pos.pieces(us.opponent());
    let empty = pos.empty();
    let men = pos.men(us);
    let man_jump = man_lines(us)
        .into_iter()
        .any(|dir| (Full8::shift(Full8::shift(men, dir) & enemies, dir) & empty).any());
    man_jump
        || pos
            .kings(us)
            .into_iter()
            .any(|king| king_captures(king, enemies, empty))
}

/// Keeps the moves taking the most pieces, each (from, to, captured set) once.
struct Longest<'l> {
    list: &'l mut MoveList<Move>,
    best: u32,
}

impl CaptureSink for Longest<'_> {
    #[inline]
    fn sequence(&mut self, captured: Bitboard, promotes: bool, path: &[Square]) {
        let taken = captured.count();
        if taken < self.best {
            return;
        }
        if taken > self.best {
            self.best = taken;
            self.list.clear();
        }
        let (from, to) = (path[0], path[path.len() - 1]);
        let mv = Move::capture(from, to, captured, promotes);
        // One captured piece leaves one way to make the move; duplicates need two or more.
        if taken < 2 || !self.list.contains(mv) {
            self.list.push(mv);
        }
    }
}

/// Keeps every longest sequence with its path, the first path found for each move.
struct LongestPaths {
    paths: Vec<(Move, Path)>,
    best: u32,
}

impl CaptureSink for LongestPaths {
    fn sequence(&mut self, captured: Bitboard, promotes: bool, path: &[Square]) {
        let taken = captured.count();
        if taken < self.best {
            return;
        }
        if taken > self.best {
            self.best = taken;
            self.paths.clear();
        }
        let mv = Move::capture(path[0], path[path.len() - 1], captured, promotes);
        if let Some(path) = Path::new(path)
            && !self.paths.iter().any(|(m, _)| *m == mv)
        {
            self.paths.push((mv, path));
        }
    }
}

/// Every legal capture with the landing path it is written with (empty without a capture).
pub fn capture_paths(pos: &Position) -> Vec<(Move, Path)> {
    let mut sink = LongestPaths {
        paths: Vec::new(),
        best: 1,
    };
    capture_sequences(pos, &mut sink);
    sink.paths
}

/// Fills `list` with the quiet moves: men one step forward or sideways, kings any distance
/// along a rank or file.
pub fn gen_quiets(pos: &Position, list: &mut MoveList<Move>) {
    let us = pos.side_to_move();
    let empty = pos.empty();
    let last_rank = Full8::promotion_rank(us);
    for dir in man_lines(us) {
        let back = dir.reverse();
        for to in Full8::shift(pos.men(us), dir) & empty {
            let from = Full8::shift(to.bb(), back).lowest();
            list.push(Move::quiet(from, to, last_rank.contains(to)));
        }
    }
    let occupied = pos.occupied();
    for from in pos.kings(us) {
        for dir in Line::ORTHOGONAL {
            for to in king_reach(from, dir, occupied) {
                list.push(Move::quiet(from, to, false));
            }
        }
    }
}

/// Fills `list` with the legal moves of `pos`, each once: the longest captures if there is a
/// capture, else every quiet move.
pub fn gen_moves(pos: &Position, list: &mut MoveList<Move>) {
    list.clear();
    let capturing = capturers(pos);
    if capturing.any() {
        search_captures(pos, capturing, &mut Longest { list, best: 1 });
    } else {
        gen_quiets(pos, list);
    }
}

/// The number of legal moves; quiet moves are counted without listing them.
pub fn count_moves(pos: &Position, scratch: &mut MoveList<Move>) -> usize {
    let capturing = capturers(pos);
    if capturing.any() {
        scratch.clear();
        search_captures(
            pos,
            capturing,
            &mut Longest {
                list: scratch,
                best: 1,
            },
        );
        return scratch.len();
    }
    let us = pos.side_to_move();
    let empty = pos.empty();
    let men = pos.men(us);
    let mut count = 0;
    for dir in man_lines(us) {
        count += (Full8::shift(men, dir) & empty).count();
    }
    let occupied = pos.occupied();
    for from in pos.kings(us) {
        for dir in Line::ORTHOGONAL {
            count += king_reach(from, dir, occupied).count();
        }
    }
    count as usize
}

/// The empty squares the men of `side` could step to, and the squares kings of `side` reach:
/// (men's targets counted per man and direction, kings' reach, king lines open to the edge).
pub fn mobility(pos: &Position, side: Side) -> (u32, u32, u32) {
    let empty = pos.empty();
    let men = pos.men(side);
    let steps = man_lines(side)
        .into_iter()
        .map(|dir| (Full8::shift(men, dir) & empty).count())
        .sum();
    let occupied = pos.occupied();
    let (mut reach, mut open) = (0, 0);
    for king in pos.kings(side) {
        for dir in Line::ORTHOGONAL {
            let squares = king_reach(king, dir, occupied);
            reach += squares.count();
            open += (squares == Full8::ray(king, dir) && squares.any()) as u32;
        }
    }
    (steps, reach, open)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Full8::parse_algebraic(name).expect("square")
    }

    fn set(names: &[&str]) -> Bitboard {
        names.iter().map(|n| sq(n)).collect()
    }

    fn pos(white: Bitboard, black: Bitboard, kings: Bitboard, side: Side) -> Position {
        Position::from_parts(white, black, kings, side).expect("a position")
    }

    fn moves(pos: &Position) -> Vec<(String, String, usize)> {
        let mut list = MoveList::new();
        gen_moves(pos, &mut list);
        let mut out: Vec<_> = list
            .iter()
            .map(|m| {
                (
                    Full8::algebraic(m.from()),
                    Full8::algebraic(m.to()),
                    m.captured().count() as usize,
                )
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn man_captures_forward_and_sideways_never_backward() {
        let pos = pos(
            set(&["d4"]),
            set(&["d5", "c4", "e4", "d3"]),
            Bitboard::EMPTY,
            Side::White,
        );
        let found = moves(&pos);
        assert!(found.iter().all(|(_, to, _)| to != "d2"), "{found:?}");
        assert_eq!(found.len(), 3, "{found:?}");
    }

    #[test]
    fn majority_capture_and_removal_at_once() {
        // Taking e4 and then g4 (two) is compulsory; nothing shorter is legal.
        let pos = pos(
            set(&["d4"]),
            set(&["e4", "g4", "c5"]),
            Bitboard::EMPTY,
            Side::White,
        );
        assert_eq!(moves(&pos), [("d4".into(), "h4".into(), 2)]);
    }

    #[test]
    fn king_may_not_turn_back_between_captures() {
        // After taking d6 going north the king may not fly back south to take d2 (the squares
        // between are empty once d6 has gone), nor after d2 north to d6: two single captures.
        let pos = pos(set(&["d4"]), set(&["d6", "d2"]), set(&["d4"]), Side::White);
        let found = moves(&pos);
        assert!(found.iter().all(|(_, _, n)| *n == 1), "{found:?}");
    }

    #[test]
    fn a_man_is_crowned_only_when_its_move_ends_on_the_last_rank() {
        let pos = pos(set(&["c7"]), set(&["a2"]), Bitboard::EMPTY, Side::White);
        let mut list = MoveList::new();
        gen_moves(&pos, &mut list);
        let up = list
            .iter()
            .find(|m| Full8::algebraic(m.to()) == "c8")
            .unwrap();
        assert!(up.promotes());
        let next = pos.after(*up);
        assert!(next.all_kings().contains(sq("c8")));
    }
}
