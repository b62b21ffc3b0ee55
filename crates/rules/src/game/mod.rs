//! The game abstraction: the [`Game`] trait every game implements, and the [`Record`] of a game
//! in progress built on it.
//!
//! A game is a zero-sized type. Its associated types say what a position and a move are; its
//! functions are the rules (move generation, make, keys, what is irreversible, what is quiet),
//! the draw counters, the evaluation and the notation; its constants are what it is called,
//! what options and draw rules it has, and how `bench` and `damka match` try it. The search,
//! the transposition table, the game record and its repetition detector, perft, bench, the
//! match referee, self-play, tuning and the protocol servers are written once over this trait
//! and never name a game; code is monomorphised per game, so nothing is dynamic on the hot path.
//!
//! The runtime choice of a game (`UCI_Variant`, `--variant`, Hub `variant`) becomes a type in
//! one place, [`with_game!`](crate::with_game), beside the list of games in
//! [`games`](crate::games).

mod record;

pub use record::{GameResult, Record};

use crate::board::Geometry;
use crate::draw::{DrawOption, DrawReason, DrawRules, Remaining};
use crate::eval::{FEATURES, Linear, Term, WeightGroup, Weights};
use crate::moves::MoveList;
use crate::network::{NetworkInputs, Quantised};
use crate::notation::{MoveRecord, MoveStyle, NotationError};
use crate::option::{GameOption, Setup};
use crate::score::Score;
use crate::types::{Bitboard, Piece, Side, Square};
use std::fmt;
use std::hash::Hash;

/// How capture sequences that make the same move are counted (by perft).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Counting {
    /// Each distinct (from, to, captured set) once.
    Moves,
    /// Every capture sequence (order of captured pieces) separately.
    Paths,
}

/// What the shared machinery needs to know of a move: its two ends (move ordering, table hints,
/// history), whether it captures and how much, and whether it crowns a piece.
pub trait GameMove: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// The square the moving piece starts on.
    fn from(self) -> Square;
    /// The square the moving piece ends on.
    fn to(self) -> Square;
    /// How many pieces the move captures (0 for a quiet move).
    fn captures(self) -> u32;
    /// The squares of the pieces the move captures.
    fn captured(self) -> Bitboard;
    /// True if a piece is crowned during the move.
    fn promotes(self) -> bool;

    /// True if the move captures.
    #[inline]
    fn is_capture(self) -> bool {
        self.captures() > 0
    }

    /// The piece the move takes off the board before any piece moves: Fuk's huff. It is also
    /// among [`GameMove::captured`]. `None` in every other game.
    #[inline]
    fn huffed(self) -> Option<Square> {
        None
    }
}

/// One game's rules, draw counters, evaluation and notation. See the module documentation.
///
/// Guarantees the implementor gives: [`Game::generate`] lists each legal move once;
/// [`Game::play`] of a listed move gives the position after it with [`Game::key`] updated;
/// [`Game::parse_move`] accepts every text [`Game::move_record`] writes, and [`Game::parse_fen`]
/// every FEN [`Game::fen`] writes.
pub trait Game: Copy + Default + Send + Sync + fmt::Debug + 'static {
    // --- What the game is ------------------------------------------------------------------

    /// The protocol name, as `UCI_Variant`, `--variant` and Hub's `variant` give it (`russian`).
    const NAME: &'static str;
    /// Other names clients give the game (Scan's `normal` for International); none by default.
    const ALIASES: &'static [&'static str] = &[];
    /// The game's name in titles: `Russian checkers`, `Turkish dama`.
    const TITLE: &'static str;
    /// One line on the rules, for listings.
    const SUMMARY: &'static str;
    /// The options the game has of its own (Ugolki's house); none by default. The engine lists
    /// them beside its own, and hands their values to [`Game::start_with`],
    /// [`Game::parse_fen_with`] and [`Game::searched_as`].
    const OPTIONS: &'static [GameOption] = &[];
    /// The options of the game's draw rules besides threefold repetition
    /// ([`draw::REPETITION`](crate::draw::REPETITION), which every game has), as the game's
    /// counters read them from [`DrawRules`]; none by default.
    const DRAW_OPTIONS: &'static [DrawOption] = &[];
    /// The side to move that has no legal move wins (giveaway) rather than loses.
    const NO_MOVE_WINS: bool;
    /// The `GameType` number of PDN 3.0 (20 International, 25 Russian, 26 Brazilian…).
    const PDN_GAME_TYPE: u32;
    /// The positions `damka bench` searches (FENs): opening, middle game and endings.
    const BENCH_POSITIONS: &'static [&'static str];
    /// The depth `damka bench` searches [`Game::BENCH_POSITIONS`] to: its node count is the
    /// build's signature for the game.
    const BENCH_DEPTH: u32 = 15;
    /// The search's static cut: how far, per ply of depth left, in hundredths of the score's
    /// unit (a man in the draughts games), a quiet node's static evaluation one or two plies
    /// from the horizon must clear beta to fail high without a search; 0 (the default) leaves
    /// it off. Set where games measured a gain.
    const STATIC_CUT_MARGIN: i32 = 0;
    /// Whether the search takes a ply off a node four plies or more from the horizon that the
    /// transposition table has no move for (an internal iterative reduction). On by default;
    /// off where games measured a loss.
    const UNHINTED_REDUCTION: bool = true;
    /// The balanced opening book `damka match` uses by default, if the game ships one.
    const OPENING_BOOK: Option<&'static str>;
    /// How squares and moves are written: algebraic (`c3`) or PDN numbers (`32`).
    const MOVE_STYLE: MoveStyle;
    /// Men can become kings (true by default; Ugolki has no kings).
    const KINGS: bool = true;
    /// A square holds a tower of pieces, listed by [`Game::stack_at`], and a FEN gives each
    /// square's stack (`a1wb`) instead of lists of men and kings (false by default).
    const STACKS: bool = false;

    /// The board the game is played on: its squares, their names and numbers.
    type Board: Geometry;

    /// A position: the board and the side to move, with its hash key.
    type Position: Copy + Eq + Send + Sync + fmt::Debug;
    /// What a network sees of a position: the game's inputs.
    type Inputs: NetworkInputs<Position = Self::Position>;
    /// A move as the rules identify it.
    type Move: GameMove;
    /// The endgame draw counters that run alongside a game.
    type Counters: Copy + Default + Eq + Hash + fmt::Debug + Send + Sync;

    // --- Rules ---------------------------------------------------------------------------

    /// The starting position.
    fn start() -> Self::Position;
    /// The starting position under `setup` (by default [`Game::start`]; Ugolki's depends on
    /// the house).
    fn start_with(setup: &Setup) -> Self::Position {
        let _ = setup;
        Self::start()
    }
    /// The side to move.
    fn side_to_move(pos: &Self::Position) -> Side;
    /// The Zobrist key of a position.
    fn key(pos: &Self::Position) -> u64;
    /// The piece on a square (for towers, the top piece), if any.
    fn piece_at(pos: &Self::Position, square: Square) -> Option<Piece>;
    /// The pieces on the board, every piece of a tower counted: how far a position is into
    /// its ending (the search asks it at its deeper nodes, so it is counted, not listed).
    fn pieces_on_board(pos: &Self::Position) -> u32;
    /// Every piece on a square, the top one first: one piece at most, except in the tower
    /// games (by default [`Game::piece_at`]).
    fn stack_at(pos: &Self::Position, square: Square) -> Vec<Piece> {
        Self::piece_at(pos, square).into_iter().collect()
    }
    /// Fills `list` with the legal moves, each once.
    fn generate(pos: &Self::Position, list: &mut MoveList<Self::Move>);
    /// Number of legal moves, counted without listing them where that is faster.
    fn count_moves(pos: &Self::Position, scratch: &mut MoveList<Self::Move>) -> usize;
    /// The position after a legal move.
    fn play(pos: &Self::Position, mv: Self::Move) -> Self::Position;
    /// True if no position before `mv` can come back after it (for repetition detection).
    fn is_irreversible(pos: &Self::Position, mv: Self::Move) -> bool;
    /// True if nothing is forced in `pos`, so quiescence search may stand pat.
    fn is_quiet(pos: &Self::Position) -> bool;
    /// The moves quiescence search plays in a position that is not quiet, and whether the side
    /// to move may instead stand pat on the static evaluation there. By default every legal
    /// move and no standing pat: where capture is compulsory nothing else is legal. A game with
    /// optional captures (Fuk) lists only its captures and huffs and lets the evaluation stand
    /// for the quiet moves.
    #[inline]
    fn quiescence_moves(pos: &Self::Position, list: &mut MoveList<Self::Move>) -> bool {
        Self::generate(pos, list);
        false
    }

    /// The moves perft expands at an inner node under `counting` (by default every legal move;
    /// a game with capture paths lists one entry per path for [`Counting::Paths`]).
    fn perft_expand(pos: &Self::Position, counting: Counting, list: &mut MoveList<Self::Move>) {
        let _ = counting;
        Self::generate(pos, list);
    }
    /// The leaves perft counts below a node at depth 1 under `counting`.
    fn perft_leaves(
        pos: &Self::Position,
        counting: Counting,
        scratch: &mut MoveList<Self::Move>,
    ) -> u64 {
        let _ = counting;
        Self::count_moves(pos, scratch) as u64
    }

    // --- Draw counters -------------------------------------------------------------------

    /// The counters after `mv` took `before` to `after`.
    fn counters_after(
        counters: &Self::Counters,
        before: &Self::Position,
        mv: Self::Move,
        after: &Self::Position,
    ) -> Self::Counters;
    /// The result the game's own rules declare in `pos`, besides the no-move rule and
    /// repetition (which the record and the search apply to every game): a draw counter that
    /// has run out under `rules`, or a special ending decided by the position and the move
    /// number (such as Ugolki's finishing and move-40/80 rules, whose move number the game keeps
    /// in its counters). The record and the search both ask it, so a game ends exactly where its
    /// rules say.
    fn rule_outcome(
        counters: &Self::Counters,
        rules: &DrawRules,
        pos: &Self::Position,
    ) -> Option<GameResult>;
    /// The rule that ends the game in `pos`, in words, for display (`d`): by default none,
    /// the result says enough. Ugolki names which of its endings applies.
    fn ending_rule(counters: &Self::Counters, pos: &Self::Position) -> Option<&'static str> {
        let _ = (counters, pos);
        None
    }
    /// The counters that are running under `rules`, with the plies each has left.
    fn counters_remaining(
        counters: &Self::Counters,
        rules: &DrawRules,
        pos: &Self::Position,
    ) -> Remaining;
    /// [`Game::rule_outcome`] and [`Game::counters_remaining`] of one position together. The
    /// search asks both at every node it expands; a game whose outcome is read off its running
    /// counters overrides this to work them out once. Guarantee: the same pair as the two calls.
    #[inline]
    fn rule_outcome_and_remaining(
        counters: &Self::Counters,
        rules: &DrawRules,
        pos: &Self::Position,
    ) -> (Option<GameResult>, Remaining) {
        (
            Self::rule_outcome(counters, rules, pos),
            Self::counters_remaining(counters, rules, pos),
        )
    }
    /// Every counter of the game with its value, for display.
    fn counters_shown(counters: &Self::Counters, pos: &Self::Position) -> Vec<(DrawReason, u16)>;
    /// The counters read from a FEN's extra `<tag><number>` fields (besides `F`, the move
    /// number). An unknown tag is an error; a counter whose condition does not hold is 0.
    fn counters_from_tags(
        pos: &Self::Position,
        tags: &[(String, u64)],
    ) -> Result<Self::Counters, NotationError>;
    /// The FEN fields of the counters, in the order they are written; `F` is added by the
    /// record after the first field.
    fn counter_tags(counters: &Self::Counters) -> Vec<(&'static str, u64)>;

    // --- Evaluation ----------------------------------------------------------------------

    /// The default evaluation weights.
    fn weights() -> Weights;
    /// The evaluation of `pos` for the side to move: [`Game::evaluate_with`] given the term of
    /// [`Game::network`] made from scratch.
    fn evaluate(pos: &Self::Position, weights: &Weights) -> Score {
        let term = Self::network().map_or(0, |network| {
            network.score::<Self::Inputs>(pos, Self::side_to_move(pos))
        });
        Self::evaluate_with(pos, weights, term)
    }
    /// The game's trained network, if it plays one (none by default). The search carries its
    /// first layer from move to move ([`crate::network::Accumulator`]) and hands its term to
    /// [`Game::evaluate_with`].
    fn network() -> Option<&'static Quantised> {
        None
    }
    /// The evaluation of `pos` for the side to move given `network`, the term of
    /// [`Game::network`] (or of a network file) for the side to move; with 0 it is the
    /// evaluation without the network.
    #[inline]
    fn evaluate_with(pos: &Self::Position, weights: &Weights, network: i32) -> Score {
        Self::linear(pos, weights).score(network)
    }
    /// The linear part of the evaluation of `pos` and how a network's term joins it.
    fn linear(pos: &Self::Position, weights: &Weights) -> Linear;
    /// White's features minus Black's, and the draw scale in sixteenths (for tuning).
    fn features(pos: &Self::Position) -> ([i32; FEATURES], i32);
    /// The evaluation term by term, and the draw scale in sixteenths (for display).
    fn breakdown(pos: &Self::Position, weights: &Weights) -> (Vec<Term>, i32);
    /// The name of weight `index`, as `damka tune` lists it.
    fn weight_name(index: usize) -> String;
    /// Runs of weights `damka tune --fix` holds by one name (the draughts square tables); none
    /// by default.
    const WEIGHT_GROUPS: &'static [WeightGroup] = &[];

    // --- Notation ------------------------------------------------------------------------

    /// A position and its extra `<tag><number>` fields from a FEN.
    #[allow(clippy::type_complexity)]
    fn parse_fen(text: &str) -> Result<(Self::Position, Vec<(String, u64)>), NotationError>;
    /// A position and its extra fields from a FEN, reading what the FEN leaves out from
    /// `setup` (by default [`Game::parse_fen`]; Ugolki takes the house from it).
    #[allow(clippy::type_complexity)]
    fn parse_fen_with(
        text: &str,
        setup: &Setup,
    ) -> Result<(Self::Position, Vec<(String, u64)>), NotationError> {
        let _ = setup;
        Self::parse_fen(text)
    }
    /// The FEN of a position (without counters).
    fn fen(pos: &Self::Position) -> String;
    /// The game and position the search plays instead of this one under `setup`, as the
    /// game's [`Game::NAME`] and a FEN, when an option asks the search to think in another
    /// game's terms (Fuk's Russian play); `None` by default. `fen` is the position's FEN with
    /// its counters, as the record writes it.
    fn searched_as(fen: &str, setup: &Setup) -> Option<(&'static str, String)> {
        let _ = (fen, setup);
        None
    }
    /// Reads a move of `pos`.
    fn parse_move(pos: &Self::Position, text: &str) -> Result<Self::Move, NotationError>;
    /// A legal move as the front ends show it.
    fn move_record(pos: &Self::Position, mv: Self::Move) -> MoveRecord;
    /// Every legal move with its text, in generation order.
    fn legal_move_texts(pos: &Self::Position) -> Vec<(Self::Move, String)>;
    /// The board drawn in text for `d`.
    fn board_picture(pos: &Self::Position) -> Vec<String>;

    /// The name of a square as this game writes it: `c3`, or `32` on a numbered board.
    fn square_name(square: Square) -> String {
        crate::notation::square_name::<Self::Board>(Self::MOVE_STYLE, square)
    }

    /// The text of a legal move.
    fn move_text(pos: &Self::Position, mv: Self::Move) -> String {
        Self::move_record(pos, mv).text
    }

    /// The records of a line of legal moves played from `pos`.
    fn line_records(pos: &Self::Position, moves: &[Self::Move]) -> Vec<MoveRecord> {
        let mut pos = *pos;
        moves
            .iter()
            .map(|&mv| {
                let record = Self::move_record(&pos, mv);
                pos = Self::play(&pos, mv);
                record
            })
            .collect()
    }
}
