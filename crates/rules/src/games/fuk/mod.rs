//! Fuk (huffing): Russian checkers where capturing is optional, and a player who could capture
//! and made a quiet move may lose a capturing piece to the opponent's huff (docs/rules.md, "Fuk").
//!
//! Fuk is built on the Russian game and repeats none of it: a [`FukPosition`] is a Russian
//! [`Position`] plus the set of huffable pieces, a
//! [`FukMove`] is an optional huff plus a Russian [`Move`], and the
//! moves, the notation, the draw counters and the evaluation are Russian ones applied to the
//! board after the huff. Inside the module:
//!
//! * [`movegen`]: the legal moves (every huff choice, then every Russian capture and quiet move);
//! * [`notation`]: `f6*c3-d4`, the `:U` FEN field and the board picture;
//! * [`eval`]: the Russian features plus the huff terms;
//! * [`Fuk`]: the [`Game`](crate::game::Game) implementation.
//!
//! Nothing here changes the Russian game: Russian perft and bench are the same as before.

pub mod eval;
mod game;
pub mod movegen;
pub mod notation;

pub use game::Fuk;

use crate::board::Geometry;
use crate::games::draughts::Russian;
use crate::games::draughts::eval::network::PieceSquares;
use crate::games::draughts::movegen::{capturers, for_each_quiet};
use crate::games::draughts::moves::Move;
use crate::games::draughts::position::Position;
use crate::network::{NetworkInputs, Quantised};
use crate::types::{Bitboard, Side, Square};
use crate::zobrist;
use std::sync::LazyLock;

/// The board of a Fuk position: a Russian position.
pub type Board = Position<Russian>;

/// A Fuk move: the huffed square, if the move begins with a huff, then a Russian move played on
/// the board after the huff. Moves are identified by (huffed square, from, to, captured set).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FukMove {
    /// The huffable piece taken off before the move, if any.
    pub huff: Option<Square>,
    /// The move made after the huff.
    pub mv: Move,
}

impl FukMove {
    /// A move without a huff.
    pub const fn plain(mv: Move) -> FukMove {
        FukMove { huff: None, mv }
    }
}

/// A Fuk position: the board, with its side to move, and the pieces of the side that has just
/// moved that the side to move may huff. The set is part of the key and of equality.
///
/// Invariant: `huffable` is a subset of the pieces of the side not to move, and `key` is the
/// board's key with [`zobrist::huffable_key`] of every huffable square XORed in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FukPosition {
    board: Board,
    huffable: Bitboard,
    key: u64,
}

/// Why a board and a huffable set do not make a Fuk position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HuffableError {
    /// A huffable square does not hold a piece of the side that has just moved.
    NotTheMover {
        /// The offending square, as written in the notation.
        square: String,
        /// The side that has just moved, whose piece should stand there.
        side: Side,
    },
    /// No quiet move of the side that has just moved leaves exactly these pieces huffable: a
    /// huffable piece must have had a capture on the board the move was played on, and every
    /// piece that had one is huffable.
    Unreachable {
        /// The huffable squares, as written in the notation.
        squares: String,
    },
}

impl std::fmt::Display for HuffableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HuffableError::NotTheMover { square, side } => write!(
                f,
                "huffable square {square} holds no {} piece (only the side that has just moved \
                 can be huffed)",
                side.name()
            ),
            HuffableError::Unreachable { squares } => write!(
                f,
                "no quiet move leaves exactly {squares} huffable (a huffable piece is one that \
                 could capture before the move, and every such piece is huffable)"
            ),
        }
    }
}

impl std::error::Error for HuffableError {}

impl FukPosition {
    /// A position from a board and the squares of the pieces the side to move may huff. The
    /// squares must hold pieces of the other side, and some quiet move of that side must leave
    /// exactly them huffable (see [`FukPosition::after`]), so that only positions a game can
    /// reach are accepted.
    pub fn new(board: Board, huffable: Bitboard) -> Result<FukPosition, HuffableError> {
        let mover = board.side_to_move().opponent();
        let name = <Russian as crate::games::draughts::Rules>::square_name;
        if let Some(square) = huffable.without(board.pieces(mover)).into_iter().next() {
            return Err(HuffableError::NotTheMover {
                square: name(square),
                side: mover,
            });
        }
        if huffable.any() && !follows_a_quiet_move(&board, huffable) {
            let squares: Vec<String> = huffable.into_iter().map(name).collect();
            return Err(HuffableError::Unreachable {
                squares: squares.join(","),
            });
        }
        Ok(Self::with_huffable(board, huffable))
    }

    /// Builds the position, trusting `huffable` to be valid.
    fn with_huffable(board: Board, huffable: Bitboard) -> FukPosition {
        let key = huffable
            .into_iter()
            .fold(board.key(), |key, sq| key ^ zobrist::huffable_key(sq));
        FukPosition {
            board,
            huffable,
            key,
        }
    }

    /// The initial position (the Russian one, nothing huffable).
    pub fn startpos() -> FukPosition {
        Self::with_huffable(Board::startpos(), Bitboard::EMPTY)
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces of the side that has just moved which the side to move may huff.
    #[inline]
    pub fn huffable(&self) -> Bitboard {
        self.huffable
    }

    /// The Zobrist key (board and huffable set).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.board.side_to_move()
    }

    /// The board on which the rest of a move starting with `huff` is played.
    #[inline]
    pub fn board_after_huff(&self, huff: Option<Square>) -> Board {
        let mut board = self.board;
        if let Some(square) = huff {
            board.remove(square);
        }
        board
    }

    /// The position after a legal move: the huffed piece is gone, the move is made, and if it
    /// was a quiet move made where the mover had a capture, every piece of the mover that had
    /// a capture becomes huffable at its square after the move.
    #[inline]
    pub fn after(&self, m: FukMove) -> FukPosition {
        let mut board = self.board_after_huff(m.huff);
        let huffable = if m.mv.is_capture() {
            Bitboard::EMPTY
        } else {
            let had_capture = capturers(&board);
            if had_capture.contains(m.mv.from()) {
                had_capture.without(m.mv.from().bb()) | m.mv.to().bb()
            } else {
                had_capture
            }
        };
        board.play(m.mv);
        Self::with_huffable(board, huffable)
    }
}

/// Whether some quiet move of the side that has just moved, played on some board, gives `board`
/// with exactly `huffable` huffable. Tries every piece of that side as the one that moved, from
/// every empty square, as a man or (on its square) a king; a position is only parsed, so the few
/// hundred boards this builds cost nothing that matters.
fn follows_a_quiet_move(board: &Board, huffable: Bitboard) -> bool {
    let mover = board.side_to_move().opponent();
    let crown = <Russian as crate::games::draughts::Rules>::Board::promotion_rank(mover);
    let (white, black) = (board.pieces(Side::White), board.pieces(Side::Black));
    for to in board.pieces(mover) {
        let is_king = board.all_kings().contains(to);
        // A king stood on `to` as a king before, or as a man that was crowned there.
        let was_king: &[bool] = match (is_king, crown.contains(to)) {
            (false, _) => &[false],
            (true, false) => &[true],
            (true, true) => &[true, false],
        };
        for from in board.empty() {
            for &from_king in was_king {
                let moved = |own: Bitboard| own.without(to.bb()) | from.bb();
                let (w, b) = match mover {
                    Side::White => (moved(white), black),
                    Side::Black => (white, moved(black)),
                };
                let mut kings = board.all_kings().without(to.bb());
                if from_king {
                    kings |= from.bb();
                }
                let Ok(before) = Board::from_parts(w, b, kings, mover) else {
                    continue;
                };
                let start = FukPosition::with_huffable(before, Bitboard::EMPTY);
                let mut found = false;
                for_each_quiet(&before, |mv| {
                    if !found && mv.from() == from && mv.to() == to {
                        let next = start.after(FukMove::plain(mv));
                        found = next.board == *board && next.huffable == huffable;
                    }
                });
                if found {
                    return true;
                }
            }
        }
    }
    false
}

/// Fuk's trained network, compiled in (`fuk.network`: the Russian inputs), for up to 24
/// pieces.
pub static NETWORK: LazyLock<Quantised> =
    LazyLock::new(|| crate::network::built_in::<FukInputs>(include_bytes!("fuk.network"), "Fuk"));

/// What a network sees of a Fuk position: its board's men and kings, as in Russian
/// ([`PieceSquares`]); which pieces may be huffed is left out.
#[derive(Clone, Copy, Debug, Default)]
pub struct FukInputs;

impl NetworkInputs for FukInputs {
    type Position = FukPosition;
    const INPUTS: usize = PieceSquares::<Russian>::INPUTS;
    const MAX_ON: usize = PieceSquares::<Russian>::MAX_ON;

    #[inline]
    fn inputs(pos: &FukPosition, perspective: Side, on: &mut impl FnMut(usize)) {
        PieceSquares::<Russian>::inputs(pos.board(), perspective, on);
    }

    #[inline]
    fn changes(
        before: &FukPosition,
        after: &FukPosition,
        perspective: Side,
        change: &mut impl FnMut(usize, bool),
    ) {
        PieceSquares::<Russian>::changes(before.board(), after.board(), perspective, change);
    }
}
