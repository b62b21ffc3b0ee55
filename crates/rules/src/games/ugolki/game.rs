//! [`Ugolki`] as a [`Game`]: the position, move generator, move number, evaluation and
//! notation of this module behind the trait the search and the front ends use.

use super::position::{Move, Position};
use super::rules::{self, Counters};
use super::{Ugolki, eval, movegen, notation};
use crate::board::Full8;
use crate::draw::{DrawReason, DrawRules, Remaining};
use crate::eval::{FEATURES, Linear, Term, Weights};
use crate::game::{Game, GameResult};
use crate::moves::MoveList;
use crate::notation::{MoveRecord, MoveStyle, NotationError};
use crate::option::GameOption;
use crate::option::Setup;
use crate::types::{Piece, Side, Square};

impl<const DIAGONAL: bool> Game for Ugolki<DIAGONAL> {
    const NAME: &'static str = if DIAGONAL {
        "ugolki-diagonal"
    } else {
        "ugolki"
    };
    const TITLE: &'static str = if DIAGONAL {
        "diagonal Ugolki"
    } else {
        "Ugolki"
    };
    const SUMMARY: &'static str = if DIAGONAL {
        "Ugolki stepping and jumping in all eight directions"
    } else {
        "a race on all 64 squares to fill the opponent's house, stepping and jumping along ranks and files"
    };
    const OPTIONS: &'static [GameOption] = &[super::house::OPTION];
    const NO_MOVE_WINS: bool = false;
    /// PDN 3.0 has no number for Ugolki; 0 says "not a draughts game" in the PDN header.
    const PDN_GAME_TYPE: u32 = 0;
    const BENCH_POSITIONS: &'static [&'static str] = if DIAGONAL {
        super::BENCH_DIAGONAL
    } else {
        super::BENCH_CLASSIC
    };
    const BENCH_DEPTH: u32 = if DIAGONAL {
        super::BENCH_DEPTH_DIAGONAL
    } else {
        super::BENCH_DEPTH_CLASSIC
    };
    const OPENING_BOOK: Option<&'static str> = if DIAGONAL {
        super::BOOK_DIAGONAL
    } else {
        super::BOOK_CLASSIC
    };
    const MOVE_STYLE: MoveStyle = MoveStyle::Algebraic;
    /// Half the draughts games' margin: +34.0 ± 21.9 Elo over 800 games at 20 ms against
    /// none; the draughts games' 0.6 lost to it, −56.1 ± 31.5 (docs/search.md).
    const STATIC_CUT_MARGIN: i32 = if DIAGONAL { 0 } else { 30 };
    const KINGS: bool = false;

    type Board = Full8;
    type Position = Position;
    type Inputs = super::inputs::ManSquares;
    type Move = Move;
    type Counters = Counters;

    fn start() -> Position {
        Position::startpos(super::House::default())
    }

    fn start_with(setup: &Setup) -> Position {
        Position::startpos(super::House::from_setup(setup))
    }

    #[inline]
    fn side_to_move(pos: &Position) -> Side {
        pos.side_to_move()
    }

    #[inline]
    fn key(pos: &Position) -> u64 {
        pos.key()
    }

    fn piece_at(pos: &Position, square: Square) -> Option<Piece> {
        pos.piece_at(square)
    }

    #[inline]
    fn pieces_on_board(pos: &Position) -> u32 {
        pos.occupied().count()
    }

    #[inline]
    fn generate(pos: &Position, list: &mut MoveList<Move>) {
        movegen::gen_moves::<DIAGONAL>(pos, list);
    }

    #[inline]
    fn count_moves(pos: &Position, _scratch: &mut MoveList<Move>) -> usize {
        movegen::count_for::<DIAGONAL>(pos, pos.side_to_move())
    }

    #[inline]
    fn play(pos: &Position, mv: Move) -> Position {
        pos.after(mv)
    }

    #[inline]
    fn is_irreversible(_: &Position, _: Move) -> bool {
        // Every move can be undone by the same piece going back.
        false
    }

    #[inline]
    fn is_quiet(_: &Position) -> bool {
        // Nothing is ever forced: quiescence is the static evaluation.
        true
    }

    #[inline]
    fn counters_after(counters: &Counters, _: &Position, _: Move, _: &Position) -> Counters {
        counters.next()
    }

    #[inline]
    fn rule_outcome(counters: &Counters, _: &DrawRules, pos: &Position) -> Option<GameResult> {
        rules::ending(counters, pos, DIAGONAL).map(rules::Ending::result)
    }

    fn ending_rule(counters: &Counters, pos: &Position) -> Option<&'static str> {
        let mut scratch = MoveList::new();
        if Self::count_moves(pos, &mut scratch) == 0 {
            return Some("rule 5: no legal move");
        }
        rules::ending(counters, pos, DIAGONAL).map(rules::Ending::rule)
    }

    #[inline]
    fn counters_remaining(counters: &Counters, _: &DrawRules, _: &Position) -> Remaining {
        rules::remaining(counters, DIAGONAL)
    }

    fn counters_shown(_: &Counters, _: &Position) -> Vec<(DrawReason, u16)> {
        // The move number is the FEN's F field; no draw counter runs.
        Vec::new()
    }

    fn counters_from_tags(
        pos: &Position,
        tags: &[(String, u64)],
    ) -> Result<Counters, NotationError> {
        let mut fullmove = 1;
        for (tag, value) in tags {
            match tag.as_str() {
                "F" => fullmove = *value,
                other => {
                    return Err(NotationError::BadField(format!(
                        "{other} (Ugolki's only number field is F, the move number)"
                    )));
                }
            }
        }
        let counters = Counters::at(fullmove, pos.side_to_move());
        // The race is counted once both sides have made move 80: no later move is reached.
        if counters.ply > 2 * super::rules::LAST_MOVE {
            return Err(NotationError::Position(format!(
                "FEN field F{fullmove}: an Ugolki game ends after move {}",
                super::rules::LAST_MOVE
            )));
        }
        Ok(counters)
    }

    fn counter_tags(_: &Counters) -> Vec<(&'static str, u64)> {
        // The record writes the move number itself.
        Vec::new()
    }

    fn weights() -> Weights {
        eval::weights::<DIAGONAL>()
    }

    #[inline]
    fn network() -> Option<&'static crate::network::Quantised> {
        Some(if DIAGONAL {
            &super::inputs::DIAGONAL
        } else {
            &super::inputs::CLASSIC
        })
    }

    #[inline]
    fn linear(pos: &Position, weights: &Weights) -> Linear {
        eval::linear::<DIAGONAL>(pos, weights)
    }

    fn features(pos: &Position) -> ([i32; FEATURES], i32) {
        (eval::features::<DIAGONAL>(pos), 16)
    }

    fn breakdown(pos: &Position, weights: &Weights) -> (Vec<Term>, i32) {
        eval::breakdown::<DIAGONAL>(pos, weights)
    }

    fn weight_name(index: usize) -> String {
        eval::feature_name(index)
    }

    fn parse_fen(text: &str) -> Result<(Position, Vec<(String, u64)>), NotationError> {
        notation::parse_fen::<DIAGONAL>(text, super::House::default())
    }

    fn parse_fen_with(
        text: &str,
        setup: &Setup,
    ) -> Result<(Position, Vec<(String, u64)>), NotationError> {
        notation::parse_fen::<DIAGONAL>(text, super::House::from_setup(setup))
    }

    fn fen(pos: &Position) -> String {
        notation::fen::<DIAGONAL>(pos)
    }

    fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
        notation::parse_move::<DIAGONAL>(pos, text)
    }

    fn move_record(_: &Position, mv: Move) -> MoveRecord {
        notation::move_record(mv)
    }

    fn legal_move_texts(pos: &Position) -> Vec<(Move, String)> {
        notation::legal_move_texts::<DIAGONAL>(pos)
    }

    fn board_picture(pos: &Position) -> Vec<String> {
        crate::notation::board_picture::<Full8>(MoveStyle::Algebraic, |sq| pos.piece_at(sq))
    }
}
