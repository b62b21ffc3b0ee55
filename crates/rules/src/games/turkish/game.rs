//! [`Turkish`] as a [`Game`]: the position, move generator, counter, evaluation and notation of
//! this module behind the trait the search and the front ends use.

use super::draw::Counters;
use super::position::Position;
use super::{Turkish, eval, movegen, notation};
use crate::board::Full8;
use crate::draw::{DrawOption, DrawReason, DrawRules, Remaining};
use crate::eval::{FEATURES, Linear, Term, Weights};
use crate::game::{Game, GameResult};
use crate::games::draughts::moves::Move;
use crate::moves::MoveList;
use crate::notation::{MoveRecord, MoveStyle, NotationError};
use crate::types::{Piece, Side, Square};

impl Game for Turkish {
    const NAME: &'static str = "turkish";
    const TITLE: &'static str = "Turkish dama";
    const SUMMARY: &'static str = "all 64 squares, men step forward or sideways, kings fly along ranks and files, the capture taking most pieces is compulsory";
    const DRAW_OPTIONS: &'static [DrawOption] = super::draw::OPTIONS;
    const NO_MOVE_WINS: bool = false;
    const PDN_GAME_TYPE: u32 = 30;
    const BENCH_POSITIONS: &'static [&'static str] = super::BENCH_POSITIONS;
    const BENCH_DEPTH: u32 = super::BENCH_DEPTH;
    const OPENING_BOOK: Option<&'static str> = super::OPENING_BOOK;
    const MOVE_STYLE: MoveStyle = MoveStyle::Algebraic;

    type Board = Full8;
    type Position = Position;
    type Inputs = super::inputs::PieceSquares;
    type Move = Move;
    type Counters = Counters;

    fn start() -> Position {
        Position::startpos()
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
        movegen::gen_moves(pos, list);
    }

    #[inline]
    fn count_moves(pos: &Position, scratch: &mut MoveList<Move>) -> usize {
        movegen::count_moves(pos, scratch)
    }

    #[inline]
    fn play(pos: &Position, mv: Move) -> Position {
        pos.after(mv)
    }

    #[inline]
    fn is_irreversible(pos: &Position, mv: Move) -> bool {
        // Men never move back, and captured pieces never return.
        mv.is_capture() || !pos.all_kings().contains(mv.from())
    }

    #[inline]
    fn is_quiet(pos: &Position) -> bool {
        !movegen::has_capture(pos)
    }

    #[inline]
    fn counters_after(
        counters: &Counters,
        before: &Position,
        mv: Move,
        after: &Position,
    ) -> Counters {
        counters.after_move(before, mv, after)
    }

    #[inline]
    fn rule_outcome(counters: &Counters, rules: &DrawRules, _: &Position) -> Option<GameResult> {
        counters.draw(rules).map(GameResult::Draw)
    }

    #[inline]
    fn counters_remaining(counters: &Counters, rules: &DrawRules, pos: &Position) -> Remaining {
        counters.remaining(rules, pos)
    }

    fn counters_shown(counters: &Counters, pos: &Position) -> Vec<(DrawReason, u16)> {
        // The one counter runs only while both sides have kings.
        if super::draw::kings_on_both_sides(pos) {
            vec![(
                crate::games::draughts::draw::reason::KINGS_ONLY,
                counters.kings_only,
            )]
        } else {
            Vec::new()
        }
    }

    fn counters_from_tags(
        pos: &Position,
        tags: &[(String, u64)],
    ) -> Result<Counters, NotationError> {
        let mut counters = Counters::default();
        for (tag, value) in tags {
            match tag.as_str() {
                "H" => counters.kings_only = (*value).min(u16::MAX as u64) as u16,
                "F" => {}
                other => {
                    return Err(NotationError::BadField(format!(
                        "{other} (unknown counter)"
                    )));
                }
            }
        }
        Ok(counters.normalized(pos))
    }

    fn counter_tags(counters: &Counters) -> Vec<(&'static str, u64)> {
        vec![("H", counters.kings_only as u64)]
    }

    fn weights() -> Weights {
        eval::weights()
    }

    /// Trained by self-play (docs/training.md, "A network for any game").
    #[inline]
    fn network() -> Option<&'static crate::network::Quantised> {
        Some(&super::inputs::NETWORK)
    }

    #[inline]
    fn linear(pos: &Position, weights: &Weights) -> Linear {
        eval::linear(pos, weights)
    }

    fn features(pos: &Position) -> ([i32; FEATURES], i32) {
        (eval::features(pos), eval::draw_scale(pos))
    }

    fn breakdown(pos: &Position, weights: &Weights) -> (Vec<Term>, i32) {
        eval::breakdown(pos, weights)
    }

    fn weight_name(index: usize) -> String {
        eval::feature_name(index)
    }

    fn parse_fen(text: &str) -> Result<(Position, Vec<(String, u64)>), NotationError> {
        notation::parse_fen(text)
    }

    fn fen(pos: &Position) -> String {
        notation::fen(pos)
    }

    fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
        notation::parse_move(pos, text)
    }

    fn move_record(pos: &Position, mv: Move) -> MoveRecord {
        notation::move_record(pos, mv)
    }

    fn legal_move_texts(pos: &Position) -> Vec<(Move, String)> {
        notation::legal_move_texts(pos)
    }

    fn board_picture(pos: &Position) -> Vec<String> {
        crate::notation::board_picture::<Full8>(MoveStyle::Algebraic, |sq| pos.piece_at(sq))
    }
}
