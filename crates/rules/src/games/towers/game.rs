//! [`Towers`] as a [`Game`]: the position, move generator, counter, evaluation and notation of
//! this module behind the trait the search and the front ends use, for Bashni and Lasca alike.

use super::draw::Counters;
use super::moves::Move;
use super::position::Position;
use super::{TowerRules, Towers, eval, movegen, notation};
use crate::draw::{DrawOption, DrawReason, DrawRules, Remaining};
use crate::eval::{FEATURES, Linear, Term, Weights};
use crate::game::Counting;
use crate::game::{Game, GameMove, GameResult};
use crate::moves::MoveList;
use crate::notation::{MoveRecord, MoveStyle, NotationError};
use crate::types::{Kind, Piece, Side, Square};

impl<R: TowerRules> Game for Towers<R> {
    const NAME: &'static str = R::NAME;
    const TITLE: &'static str = R::TITLE;
    const SUMMARY: &'static str = R::SUMMARY;
    const DRAW_OPTIONS: &'static [DrawOption] = &[super::draw::QUIET];
    const NO_MOVE_WINS: bool = false;
    const PDN_GAME_TYPE: u32 = R::PDN_GAME_TYPE;
    const BENCH_POSITIONS: &'static [&'static str] = R::BENCH_POSITIONS;
    const BENCH_DEPTH: u32 = R::BENCH_DEPTH;
    const OPENING_BOOK: Option<&'static str> = R::OPENING_BOOK;
    const STATIC_CUT_MARGIN: i32 = R::STATIC_CUT_MARGIN;
    const MOVE_STYLE: MoveStyle = MoveStyle::Algebraic;
    const STACKS: bool = true;

    type Board = R::Board;
    type Position = Position;
    type Inputs = super::inputs::TowerSquares<R>;
    type Move = Move;
    type Counters = Counters;

    fn start() -> Position {
        notation::parse_fen::<R>(R::START_FEN)
            .expect("the start FEN is a position")
            .0
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
        pos.top(square)
    }

    #[inline]
    fn pieces_on_board(pos: &Position) -> u32 {
        pos.pieces_of(Side::White) + pos.pieces_of(Side::Black)
    }

    fn stack_at(pos: &Position, square: Square) -> Vec<Piece> {
        pos.stack(square).pieces().collect()
    }

    #[inline]
    fn generate(pos: &Position, list: &mut MoveList<Move>) {
        movegen::gen_moves::<R>(pos, list);
    }

    #[inline]
    fn count_moves(pos: &Position, scratch: &mut MoveList<Move>) -> usize {
        movegen::gen_moves::<R>(pos, scratch);
        scratch.len()
    }

    #[inline]
    fn play(pos: &Position, mv: Move) -> Position {
        movegen::play::<R>(pos, mv)
    }

    #[inline]
    fn is_irreversible(pos: &Position, mv: Move) -> bool {
        // Men never step back, and a capture changes the stacks for good.
        mv.is_capture() || pos.top(mv.from()).is_some_and(|p| p.kind == Kind::Man)
    }

    #[inline]
    fn is_quiet(pos: &Position) -> bool {
        !movegen::has_capture::<R>(pos)
    }

    fn perft_expand(pos: &Position, _: Counting, list: &mut MoveList<Move>) {
        movegen::gen_all_moves::<R>(pos, list);
    }

    fn perft_leaves(pos: &Position, _: Counting, scratch: &mut MoveList<Move>) -> u64 {
        movegen::gen_all_moves::<R>(pos, scratch);
        scratch.len() as u64
    }

    /// Every capture, and the side to move may stand pat on the evaluation. Captures take no
    /// material off the board, so towers can go on capturing back and forth for as long as the
    /// stacks allow: a quiescence search that had to play every capture chain to its end
    /// explodes in king endings (millions of nodes at depth 6). Standing pat cuts those chains
    /// where the evaluation already decides.
    #[inline]
    fn quiescence_moves(pos: &Position, list: &mut MoveList<Move>) -> bool {
        movegen::gen_moves::<R>(pos, list);
        true
    }

    #[inline]
    fn counters_after(counters: &Counters, _: &Position, mv: Move, _: &Position) -> Counters {
        counters.after_move(mv)
    }

    #[inline]
    fn rule_outcome(counters: &Counters, rules: &DrawRules, _: &Position) -> Option<GameResult> {
        counters.draw(rules).map(GameResult::Draw)
    }

    #[inline]
    fn counters_remaining(counters: &Counters, rules: &DrawRules, _: &Position) -> Remaining {
        counters.remaining(rules)
    }

    fn counters_shown(counters: &Counters, _: &Position) -> Vec<(DrawReason, u16)> {
        vec![(super::draw::QUIET_DRAW, counters.quiet)]
    }

    fn counters_from_tags(_: &Position, tags: &[(String, u64)]) -> Result<Counters, NotationError> {
        let mut counters = Counters::default();
        for (tag, value) in tags {
            match tag.as_str() {
                "H" => counters.quiet = (*value).min(u16::MAX as u64) as u16,
                "F" => {}
                other => {
                    return Err(NotationError::BadField(format!(
                        "{other} (unknown counter)"
                    )));
                }
            }
        }
        Ok(counters.normalized())
    }

    fn counter_tags(counters: &Counters) -> Vec<(&'static str, u64)> {
        vec![("H", counters.quiet as u64)]
    }

    fn weights() -> Weights {
        eval::weights::<R>()
    }

    #[inline]
    fn network() -> Option<&'static crate::network::Quantised> {
        Some(R::network())
    }

    #[inline]
    fn linear(pos: &Position, weights: &Weights) -> Linear {
        eval::linear::<R>(pos, weights)
    }

    fn features(pos: &Position) -> ([i32; FEATURES], i32) {
        (eval::features::<R>(pos), eval::draw_scale(pos))
    }

    fn breakdown(pos: &Position, weights: &Weights) -> (Vec<Term>, i32) {
        eval::breakdown::<R>(pos, weights)
    }

    fn weight_name(index: usize) -> String {
        eval::feature_name(index)
    }

    fn parse_fen(text: &str) -> Result<(Position, Vec<(String, u64)>), NotationError> {
        notation::parse_fen::<R>(text)
    }

    fn fen(pos: &Position) -> String {
        notation::fen::<R>(pos)
    }

    fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
        notation::parse_move::<R>(pos, text)
    }

    fn move_record(_: &Position, mv: Move) -> MoveRecord {
        notation::move_record::<R>(mv)
    }

    fn legal_move_texts(pos: &Position) -> Vec<(Move, String)> {
        notation::legal_move_texts::<R>(pos)
    }

    fn board_picture(pos: &Position) -> Vec<String> {
        notation::board_picture::<R>(pos)
    }
}
