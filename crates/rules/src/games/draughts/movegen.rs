//! Legal move generation, generic over the game's [`Rules`].
//!
//! Captures first: when any capture exists only captures are legal (compulsory capture), and
//! quiet moves are generated only when none does. Capture sequences are found by a depth-first
//! search per capturing piece that follows docs/rules.md to the letter:
//!
//! * men capture forward and backward, kings capture at any distance along a diagonal;
//! * Turkish strike: captured pieces stay on the board until the move ends, so they block and
//!   cannot be jumped twice, while the square the piece started from counts as empty;
//! * king landing: after a jump the king must land on a square from which it can go on capturing
//!   if there is one, and only otherwise on any square behind the captured piece;
//! * a man reaching the far rank mid-capture is crowned and continues as a king
//!   ([`Rules::PROMOTE_MID_CAPTURE`]); under [`Rules::MAJORITY_CAPTURE`] only the sequences taking
//!   the most pieces are kept.
//!
//! Every complete sequence is handed to a [`CaptureSink`] with its landing path, so the same search
//! serves the legal move list (one entry per distinct move), perft counting every path, and the
//! notation (which needs the paths). This module does no I/O and knows no notation.

use super::Rules;
use super::moves::{Move, MoveList};
use super::position::Position;
use crate::board::{Diagonal, Geometry, nearest};
use crate::moves::{MAX_PATH, Path};
use crate::types::{Bitboard, Dir, Side, Square};

/// Receives every complete capture sequence found by [`gen_captures`].
pub trait CaptureSink {
    /// One complete sequence: the move it makes and its path (start square, then each landing).
    fn sequence(&mut self, mv: Move, path: &[Square]);
    /// Forget every sequence given so far: a longer one was found under majority capture.
    fn restart(&mut self);
}

impl CaptureSink for MoveList {
    #[inline]
    fn sequence(&mut self, mv: Move, _path: &[Square]) {
        self.push_capture_unique(mv);
    }

    fn restart(&mut self) {
        self.clear();
    }
}

/// The pieces a capture path takes, in the order it takes them. `enemies` are the opponent's
/// pieces before the move.
pub fn capture_order<B: Diagonal>(path: &[Square], enemies: Bitboard) -> Vec<Square> {
    path.windows(2)
        .filter_map(|hop| {
            let (from, to) = (hop[0], hop[1]);
            let dir = Dir::ALL
                .into_iter()
                .find(|dir| B::ray(from, *dir).contains(to))?;
            let between = B::ray(from, dir).without(B::ray(to, dir) | to.bb());
            (between & enemies).into_iter().next()
        })
        .collect()
}

/// Counts capture sequences by the published "paths" convention: every order of taking the
/// pieces counts, but paths that take the same pieces in the same order and differ only in
/// where a king touched down between two captures count once.
#[derive(Debug)]
pub struct SequenceCounter<B: Diagonal> {
    enemies: Bitboard,
    seen: Vec<(Square, Vec<Square>)>,
    /// Sequences counted so far.
    pub count: u64,
    board: std::marker::PhantomData<B>,
}

impl<B: Diagonal> SequenceCounter<B> {
    /// A counter for captures against `enemies`, the opponent's pieces.
    pub fn new(enemies: Bitboard) -> SequenceCounter<B> {
        SequenceCounter {
            enemies,
            seen: Vec::new(),
            count: 0,
            board: std::marker::PhantomData,
        }
    }

    /// True the first time a sequence (end square and capture order) is offered.
    pub fn is_new(&mut self, mv: Move, path: &[Square]) -> bool {
        // A single capture has a single path: nothing to compare.
        if mv.captured().count() < 2 {
            return true;
        }
        let key = (mv.to(), capture_order::<B>(path, self.enemies));
        if self.seen.contains(&key) {
            return false;
        }
        self.seen.push(key);
        true
    }
}

impl<B: Diagonal> CaptureSink for SequenceCounter<B> {
    fn sequence(&mut self, mv: Move, path: &[Square]) {
        if self.is_new(mv, path) {
            self.count += 1;
        }
    }

    fn restart(&mut self) {
        self.seen.clear();
        self.count = 0;
    }
}

/// Every capture path with its move, duplicates included, in generation order.
#[derive(Default, Debug)]
pub struct PathList(pub Vec<(Move, Path)>);

impl CaptureSink for PathList {
    fn sequence(&mut self, mv: Move, path: &[Square]) {
        if let Some(path) = Path::new(path) {
            self.0.push((mv, path));
        }
    }

    fn restart(&mut self) {
        self.0.clear();
    }
}

/// Squares from which a man of `side` on `men` can capture in `dir` right now.
#[inline]
fn men_capturing<B: Diagonal>(
    men: Bitboard,
    targets: Bitboard,
    empty: Bitboard,
    dir: Dir,
) -> Bitboard {
    let back = dir.reverse();
    B::shift(B::shift(empty, back) & targets, back) & men
}

/// True if a king on `square` can capture in some direction, given the empty squares and the
/// pieces it may still capture.
#[inline]
fn king_can_capture<B: Diagonal>(square: Square, empty: Bitboard, targets: Bitboard) -> bool {
    Dir::ALL
        .into_iter()
        .any(|dir| king_capture_landings::<B>(square, dir, empty, targets).any())
}

/// For a king on `square` looking along `dir`: the empty squares behind the first piece on the
/// ray if that piece is capturable, else nothing. Also returns the captured square.
#[inline]
fn king_capture_landings<B: Diagonal>(
    square: Square,
    dir: Dir,
    empty: Bitboard,
    targets: Bitboard,
) -> Bitboard {
    king_capture::<B>(square, dir, empty, targets).map_or(Bitboard::EMPTY, |(_, landings)| landings)
}

/// The piece a king on `square` would jump looking along `dir`, with the squares it may land on.
#[inline]
fn king_capture<B: Diagonal>(
    square: Square,
    dir: Dir,
    empty: Bitboard,
    targets: Bitboard,
) -> Option<(Square, Bitboard)> {
    let blockers = B::ray(square, dir).without(empty);
    if blockers.is_empty() {
        return None;
    }
    let victim = nearest(blockers, dir);
    if !targets.contains(victim) {
        return None;
    }
    let landings = squares_until_blocked::<B>(victim, dir, empty);
    landings.any().then_some((victim, landings))
}

/// The empty squares beyond `square` in `dir`, up to (not including) the first non-empty one.
#[inline]
fn squares_until_blocked<B: Diagonal>(square: Square, dir: Dir, empty: Bitboard) -> Bitboard {
    let beyond = B::ray(square, dir);
    let blockers = beyond.without(empty);
    if blockers.is_empty() {
        beyond
    } else {
        let stop = nearest(blockers, dir);
        beyond.without(B::ray(stop, dir) | stop.bb())
    }
}

/// For each direction (in [`Dir::ALL`] order), the men of the side to move that can jump that way.
#[inline]
fn men_jumps<R: Rules>(pos: &Position<R>) -> [Bitboard; 4] {
    let us = pos.side_to_move();
    let targets = pos.pieces(us.opponent());
    let empty = pos.empty();
    let men = pos.men(us);
    Dir::ALL.map(|dir| men_capturing::<R::Board>(men, targets, empty, dir))
}

/// The kings of the side to move that can capture.
#[inline]
fn capturing_kings<R: Rules>(pos: &Position<R>) -> Bitboard {
    let us = pos.side_to_move();
    let (targets, empty) = (pos.pieces(us.opponent()), pos.empty());
    pos.kings(us)
        .into_iter()
        .filter(|king| king_can_capture::<R::Board>(*king, empty, targets))
        .collect()
}

/// The pieces of the side to move that have at least one capture.
pub fn capturers<R: Rules>(pos: &Position<R>) -> Bitboard {
    let [a, b, c, d] = men_jumps(pos);
    a | b | c | d | capturing_kings(pos)
}

/// True if the side to move has a capture (and so must capture).
#[inline]
pub fn has_capture<R: Rules>(pos: &Position<R>) -> bool {
    let [a, b, c, d] = men_jumps(pos);
    (a | b | c | d).any() || capturing_kings(pos).any()
}

/// The depth-first search over capture sequences of one piece.
struct CaptureSearch<'a, R: Rules, S: CaptureSink> {
    sink: &'a mut S,
    side: Side,
    from: Square,
    /// Squares a capturing piece may cross or land on: empty squares plus its own start square.
    empty: Bitboard,
    /// Every enemy piece, captured or not (captured ones are masked out with `captured`).
    enemies: Bitboard,
    path: [Square; MAX_PATH],
    len: usize,
    /// Most pieces taken by any sequence so far (majority capture only).
    best: u32,
    rules: std::marker::PhantomData<R>,
}

impl<R: Rules, S: CaptureSink> CaptureSearch<'_, R, S> {
    #[inline]
    fn push(&mut self, square: Square) {
        self.path[self.len] = square;
        self.len += 1;
    }

    #[inline]
    fn emit(&mut self, to: Square, captured: Bitboard, promotes: bool) {
        if R::MAJORITY_CAPTURE {
            let taken = captured.count();
            if taken < self.best {
                return;
            }
            if taken > self.best {
                self.best = taken;
                self.sink.restart();
            }
        }
        let mv = Move::capture(self.from, to, captured, promotes);
        self.sink.sequence(mv, &self.path[..self.len]);
    }

    /// A man has jumped in `dir` onto `square`, having taken `captured` so far: crown it if the
    /// rules say so, then look for the next jump.
    #[inline]
    fn man_landed(&mut self, square: Square, captured: Bitboard, dir: Dir) {
        if R::PROMOTE_MID_CAPTURE && R::Board::promotion_rank(self.side).contains(square) {
            self.king(square, captured, true);
        } else {
            self.man(square, captured, dir);
        }
    }

    /// A man on `square` that arrived by a jump in `arrived` and has taken `captured` so far
    /// looks for the next jump.
    fn man(&mut self, square: Square, captured: Bitboard, arrived: Dir) {
        let targets = self.enemies.without(captured);
        let crowned = R::Board::promotion_rank(self.side).contains(square);
        // Most sequences end here: no capturable piece next to the man.
        if (R::Board::neighbours(square) & targets).is_empty() {
            self.emit(square, captured, crowned);
            return;
        }
        let mut continued = false;
        for dir in Dir::ALL {
            // Straight back lies the piece just taken: never a jump.
            if dir == arrived.reverse() {
                continue;
            }
            let over = R::Board::shift(square.bb(), dir) & targets;
            let landing = R::Board::shift(over, dir) & self.empty;
            if landing.is_empty() {
                continue;
            }
            continued = true;
            let (over, landing) = (over.lowest(), landing.lowest());
            self.push(landing);
            self.man_landed(landing, captured | over.bb(), dir);
            self.len -= 1;
        }
        if !continued {
            self.emit(square, captured, crowned);
        }
    }

    /// A king on `square` that has taken `captured` so far looks for the next jump.
    /// `crowned` is true if it started the move as a man.
    fn king(&mut self, square: Square, captured: Bitboard, crowned: bool) {
        let targets = self.enemies.without(captured);
        let mut continued = false;
        for dir in Dir::ALL {
            let Some((victim, landings)) =
                king_capture::<R::Board>(square, dir, self.empty, targets)
            else {
                continue;
            };
            continued = true;
            let taken = captured | victim.bb();
            let rest = targets.without(victim.bb());
            // King landing rule: land where the capture goes on, if any such square exists.
            let mut onward = Bitboard::EMPTY;
            for landing in landings {
                if king_can_capture::<R::Board>(landing, self.empty, rest) {
                    onward |= landing.bb();
                }
            }
            if onward.any() {
                for landing in onward {
                    self.push(landing);
                    self.king(landing, taken, crowned);
                    self.len -= 1;
                }
            } else {
                for landing in landings {
                    self.push(landing);
                    self.emit(landing, taken, crowned);
                    self.len -= 1;
                }
            }
        }
        if !continued && captured.any() {
            self.emit(square, captured, crowned);
        }
    }
}

/// Hands every capture sequence of the side to move to `sink` (nothing if there is none).
pub fn gen_captures<R: Rules, S: CaptureSink>(pos: &Position<R>, sink: &mut S) {
    gen_captures_with(pos, men_jumps(pos), capturing_kings(pos), sink);
}

/// [`gen_captures`] given the first jumps of the men and the kings that can capture.
#[inline]
fn gen_captures_with<R: Rules, S: CaptureSink>(
    pos: &Position<R>,
    jumps: [Bitboard; 4],
    kings: Bitboard,
    sink: &mut S,
) {
    let us = pos.side_to_move();
    let empty = pos.empty();
    let mut search = CaptureSearch::<R, S> {
        sink,
        side: us,
        from: Square::from_index_unchecked(0),
        empty,
        enemies: pos.pieces(us.opponent()),
        path: [Square::from_index_unchecked(0); MAX_PATH],
        len: 1,
        best: 0,
        rules: std::marker::PhantomData,
    };
    for (dir, movers) in Dir::ALL.into_iter().zip(jumps) {
        for from in movers {
            let over = R::Board::shift(from.bb(), dir);
            let landing = R::Board::shift(over, dir).lowest();
            search.from = from;
            search.empty = empty | from.bb();
            search.path[0] = from;
            search.path[1] = landing;
            search.len = 2;
            search.man_landed(landing, over, dir);
        }
    }
    for from in kings {
        search.from = from;
        search.empty = empty | from.bb();
        search.path[0] = from;
        search.len = 1;
        search.king(from, Bitboard::EMPTY, false);
    }
}

/// Appends the quiet moves of the side to move (ignoring compulsory capture).
#[inline]
pub fn gen_quiets<R: Rules>(pos: &Position<R>, list: &mut MoveList) {
    for_each_quiet(pos, |mv| list.push(mv));
}

/// Hands every quiet move of the side to move to `f` (ignoring compulsory capture), men's
/// steps first, then the kings' moves.
#[inline]
pub fn for_each_quiet<R: Rules>(pos: &Position<R>, mut f: impl FnMut(Move)) {
    let us = pos.side_to_move();
    let empty = pos.empty();
    let crown = R::Board::promotion_rank(us);
    for dir in Dir::forward(us) {
        let back = dir.reverse();
        for to in R::Board::shift(pos.men(us), dir) & empty {
            let from = R::Board::shift(to.bb(), back).lowest();
            f(Move::quiet(from, to, crown.contains(to)));
        }
    }
    for from in pos.kings(us) {
        for dir in Dir::ALL {
            for to in squares_until_blocked::<R::Board>(from, dir, empty) {
                f(Move::quiet(from, to, false));
            }
        }
    }
}

/// Fills `list` with the legal moves of the side to move, each distinct move once.
pub fn gen_moves<R: Rules>(pos: &Position<R>, list: &mut MoveList) {
    list.clear();
    let jumps = men_jumps(pos);
    let [a, b, c, d] = jumps;
    let kings = capturing_kings(pos);
    if (a | b | c | d | kings).any() {
        gen_captures_with(pos, jumps, kings, list);
    } else {
        gen_quiets(pos, list);
    }
}

/// Counts distinct capture moves without listing the single captures (which cannot repeat).
struct CaptureCounter<'a> {
    count: usize,
    multiple: &'a mut MoveList,
}

impl CaptureSink for CaptureCounter<'_> {
    #[inline]
    fn sequence(&mut self, mv: Move, _path: &[Square]) {
        if mv.captured().count() >= 2 {
            if self.multiple.contains(mv) {
                return;
            }
            self.multiple.push(mv);
        }
        self.count += 1;
    }

    fn restart(&mut self) {
        self.count = 0;
        self.multiple.clear();
    }
}

/// Number of legal moves, as [`gen_moves`] would list them, using `scratch` as workspace.
/// Moves are counted without being listed where possible.
#[inline]
pub fn count_moves<R: Rules>(pos: &Position<R>, scratch: &mut MoveList) -> usize {
    let jumps = men_jumps(pos);
    let [a, b, c, d] = jumps;
    let kings = capturing_kings(pos);
    if (a | b | c | d | kings).any() {
        scratch.clear();
        let mut counter = CaptureCounter {
            count: 0,
            multiple: scratch,
        };
        gen_captures_with(pos, jumps, kings, &mut counter);
        return counter.count;
    }
    let us = pos.side_to_move();
    let empty = pos.empty();
    let men = pos.men(us);
    let [a, b] = Dir::forward(us);
    let mut count = ((R::Board::shift(men, a) & empty).count()
        + (R::Board::shift(men, b) & empty).count()) as usize;
    for king in pos.kings(us) {
        for dir in Dir::ALL {
            count += squares_until_blocked::<R::Board>(king, dir, empty).count() as usize;
        }
    }
    count
}

/// Every legal move with the path to show for it: each distinct move once, with the path of the
/// first sequence found that makes it. Captures come in generation order, then quiet moves.
pub fn legal_moves_with_paths<R: Rules>(pos: &Position<R>) -> Vec<(Move, Path)> {
    if has_capture(pos) {
        let mut all = PathList::default();
        gen_captures(pos, &mut all);
        let mut unique: Vec<(Move, Path)> = Vec::with_capacity(all.0.len());
        for (mv, path) in all.0 {
            if !unique.iter().any(|(seen, _)| *seen == mv) {
                unique.push((mv, path));
            }
        }
        unique
    } else {
        let mut list = MoveList::new();
        gen_quiets(pos, &mut list);
        list.iter()
            .filter_map(|mv| Path::new(&[mv.from(), mv.to()]).map(|path| (*mv, path)))
            .collect()
    }
}

/// Every capture path of the side to move, duplicates included (several orders of taking the
/// same pieces are listed separately). Empty if there is no capture.
pub fn capture_paths<R: Rules>(pos: &Position<R>) -> Vec<(Move, Path)> {
    let mut all = PathList::default();
    gen_captures(pos, &mut all);
    all.0
}
