//! Turkish dama's rules on the full 8×8 board: the position and its move generator, proven by
//! perft. Not yet a playable game — notation, draw counters, evaluation and the
//! [`Game`](crate::game::Game) implementation come with it — but the geometry and the capture
//! rules are here and tested, so the game abstraction is shown to carry an orthogonal board.
//!
//! The rules (docs/rules.md once the game ships): 16 men each on the 2nd and 3rd ranks (White)
//! and the 6th and 7th (Black). A man steps one square forward or sideways and captures the same
//! way, jumping an adjacent enemy piece to the empty square right behind it. A king moves any
//! distance along a rank or file and captures at a distance, landing on any empty square beyond
//! the piece it takes; between two captures of one sequence it may not turn back 180°.
//! Captured pieces leave the board at once, so an emptied square can be crossed later in the
//! same sequence. Capturing is compulsory and the sequence taking the most pieces must be
//! played. A man is crowned only when its move ends on the last rank. A move is identified by
//! (from, to, captured set).

use crate::board::{Full8, Geometry, Line, Lines};
use crate::draughts::moves::Move;
use crate::moves::MoveList;
use crate::types::{Bitboard, Side, Square};

/// A Turkish dama position: each side's pieces, the kings among them, the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DamaPosition {
    pieces: [Bitboard; 2],
    kings: Bitboard,
    side: Side,
}

impl DamaPosition {
    /// The starting position: White's men on ranks 2 and 3, Black's on 6 and 7, White to move.
    pub fn startpos() -> DamaPosition {
        let ranks = |a: u8, b: u8| Full8::rank_squares(a) | Full8::rank_squares(b);
        DamaPosition {
            pieces: [ranks(1, 2), ranks(5, 6)],
            kings: Bitboard::EMPTY,
            side: Side::White,
        }
    }

    /// A position from each side's pieces, the kings among them and the side to move.
    pub fn from_parts(white: Bitboard, black: Bitboard, kings: Bitboard, side: Side) -> Self {
        DamaPosition {
            pieces: [white, black],
            kings: kings & (white | black),
            side,
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The pieces of `side`.
    pub fn pieces(&self, side: Side) -> Bitboard {
        self.pieces[side.index()]
    }

    /// The kings of both sides.
    pub fn kings(&self) -> Bitboard {
        self.kings
    }

    fn empty(&self) -> Bitboard {
        Full8::complement(self.pieces[0] | self.pieces[1])
    }

    /// The position after a legal move: captured pieces leave, a man ending on the last rank
    /// is crowned.
    pub fn after(&self, mv: Move) -> DamaPosition {
        let (us, them) = (self.side.index(), self.side.opponent().index());
        let mut next = *self;
        let (from, to) = (mv.from().bb(), mv.to().bb());
        let was_king = self.kings & from;
        next.pieces[us] = (next.pieces[us] ^ from) | to;
        next.pieces[them] = next.pieces[them].without(mv.captured());
        next.kings = next.kings.without(mv.captured() | from);
        if was_king.any() || mv.promotes() {
            next.kings |= to;
        }
        next.side = self.side.opponent();
        next
    }
}

/// The direction a man of `side` moves forward.
fn forward(side: Side) -> Line {
    match side {
        Side::White => Line::North,
        Side::Black => Line::South,
    }
}

/// The first square of `set` met going from a square along `dir`: bits grow northwards and
/// eastwards on the full board.
fn nearest(set: Bitboard, dir: Line) -> Square {
    match dir {
        Line::North | Line::East | Line::NorthEast | Line::NorthWest => set.lowest(),
        _ => set.highest(),
    }
}

/// The depth-first search over one piece's capture sequences, keeping the longest.
struct Captures<'a> {
    list: &'a mut MoveList<Move>,
    from: Square,
    best: u32,
    last_rank: Bitboard,
    man_dirs: [Line; 3],
}

impl Captures<'_> {
    fn emit(&mut self, to: Square, captured: Bitboard, promotes: bool) {
        let taken = captured.count();
        if taken < self.best {
            return;
        }
        if taken > self.best {
            self.best = taken;
            self.list.clear();
        }
        let mv = Move::capture(self.from, to, captured, promotes);
        if !self.list.contains(mv) {
            self.list.push(mv);
        }
    }

    /// A man on `at` with `enemies` still on the board and `empty` squares looks for a jump.
    fn man(&mut self, at: Square, enemies: Bitboard, empty: Bitboard, captured: Bitboard) {
        let mut continued = false;
        for dir in self.man_dirs {
            let over = Full8::shift(at.bb(), dir) & enemies;
            let landing = Full8::shift(over, dir) & empty;
            if landing.is_empty() {
                continue;
            }
            continued = true;
            let (over, landing) = (over.lowest(), landing.lowest());
            let empty = (empty | at.bb() | over.bb()).without(landing.bb());
            self.man(
                landing,
                enemies.without(over.bb()),
                empty,
                captured | over.bb(),
            );
        }
        if !continued && captured.any() {
            self.emit(at, captured, self.last_rank.contains(at));
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
            let beyond = Full8::ray(victim, dir);
            let stops = beyond.without(empty);
            let landings = if stops.is_empty() {
                beyond
            } else {
                let stop = nearest(stops, dir);
                beyond.without(Full8::ray(stop, dir) | stop.bb())
            };
            for landing in landings {
                continued = true;
                let empty = (empty | at.bb() | victim.bb()).without(landing.bb());
                let enemies = enemies.without(victim.bb());
                self.king(landing, enemies, empty, captured | victim.bb(), Some(dir));
            }
        }
        if !continued && captured.any() {
            self.emit(at, captured, false);
        }
    }
}

/// Fills `list` with the legal moves of `pos`, each (from, to, captured set) once.
pub fn gen_moves(pos: &DamaPosition, list: &mut MoveList<Move>) {
    list.clear();
    let us = pos.side;
    let own = pos.pieces(us);
    let enemies = pos.pieces(us.opponent());
    let empty = pos.empty();
    let last_rank = Full8::promotion_rank(us);
    let man_dirs = [forward(us), Line::East, Line::West];
    let mut search = Captures {
        list,
        from: Square::from_index_unchecked(0),
        best: 1,
        last_rank,
        man_dirs,
    };
    for from in own {
        search.from = from;
        if pos.kings.contains(from) {
            search.king(from, enemies, empty, Bitboard::EMPTY, None);
        } else {
            search.man(from, enemies, empty, Bitboard::EMPTY);
        }
    }
    if !list.is_empty() {
        return;
    }
    for dir in man_dirs {
        for to in Full8::shift(own.without(pos.kings), dir) & empty {
            let from = Full8::shift(to.bb(), dir.reverse()).lowest();
            list.push(Move::quiet(from, to, last_rank.contains(to)));
        }
    }
    for from in own & pos.kings {
        for dir in Line::ORTHOGONAL {
            let ray = Full8::ray(from, dir);
            let stops = ray.without(empty);
            let reach = if stops.is_empty() {
                ray
            } else {
                let stop = nearest(stops, dir);
                ray.without(Full8::ray(stop, dir) | stop.bb())
            };
            for to in reach {
                list.push(Move::quiet(from, to, false));
            }
        }
    }
}

/// Leaves of the move tree `depth` plies below `pos` (bulk-counted at the last ply).
pub fn perft(pos: &DamaPosition, depth: u32) -> u64 {
    let mut list = MoveList::new();
    gen_moves(pos, &mut list);
    if depth <= 1 {
        return if depth == 0 { 1 } else { list.len() as u64 };
    }
    list.iter()
        .map(|&mv| perft(&pos.after(mv), depth - 1))
        .sum()
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

    fn moves(pos: &DamaPosition) -> Vec<(String, String, usize)> {
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
    fn start_position_perft_matches_the_published_numbers() {
        let start = DamaPosition::startpos();
        for (depth, nodes) in [8, 64, 708, 7538, 85090].into_iter().enumerate() {
            assert_eq!(
                perft(&start, depth as u32 + 1),
                nodes,
                "depth {}",
                depth + 1
            );
        }
    }

    #[test]
    #[ignore = "deep perft"]
    fn start_position_perft_deep() {
        let start = DamaPosition::startpos();
        assert_eq!(perft(&start, 6), 931312);
        assert_eq!(perft(&start, 7), 10782308);
        assert_eq!(perft(&start, 8), 123285642);
    }

    #[test]
    fn man_captures_forward_and_sideways_never_backward() {
        let pos = DamaPosition::from_parts(
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
        let pos = DamaPosition::from_parts(
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
        let pos =
            DamaPosition::from_parts(set(&["d4"]), set(&["d6", "d2"]), set(&["d4"]), Side::White);
        let found = moves(&pos);
        assert!(found.iter().all(|(_, _, n)| *n == 1), "{found:?}");
    }

    #[test]
    fn a_man_is_crowned_only_when_its_move_ends_on_the_last_rank() {
        let pos =
            DamaPosition::from_parts(set(&["c7"]), set(&["a1"]), Bitboard::EMPTY, Side::White);
        let mut list = MoveList::new();
        gen_moves(&pos, &mut list);
        let up = list
            .iter()
            .find(|m| Full8::algebraic(m.to()) == "c8")
            .unwrap();
        assert!(up.promotes());
        let next = pos.after(*up);
        assert!(next.kings().contains(sq("c8")));
    }
}
