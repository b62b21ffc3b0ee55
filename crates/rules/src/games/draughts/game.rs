//! [`Draughts`]: the single-piece diagonal games (men and kings on the dark squares) as a
//! [`Game`]. One implementation serves every [`Rules`]: the bitboard [`Position`], the move
//! generator, the draw counters, the linear evaluation and the notation of this family.

use super::Rules;
use super::draw::Counters;
use super::eval::{self, FEATURES, Linear, Term, Weights};
use super::movegen::{
    CaptureSink, SequenceCounter, count_moves, gen_captures, gen_moves, has_capture,
};
use super::moves::{Move, MoveList};
use super::notation::{self, Fen, MoveRecord, NotationError};
use super::position::Position;
use crate::draw::{DrawOption, DrawReason, DrawRules, Remaining};
use crate::game::Counting;
use crate::game::{Game, GameMove, GameResult};
use crate::score::Score;
use crate::types::{Bitboard, Piece, Side, Square};
use std::fmt;
use std::marker::PhantomData;

/// The game of rules `R` played with men and kings on a diagonal board.
pub struct Draughts<R: Rules>(PhantomData<R>);

// Manual impls: derives would ask the bounds of `R` again for no gain.
impl<R: Rules> Clone for Draughts<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: Rules> Copy for Draughts<R> {}

impl<R: Rules> Default for Draughts<R> {
    fn default() -> Self {
        Draughts(PhantomData)
    }
}

impl<R: Rules> fmt::Debug for Draughts<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Draughts({})", R::NAME)
    }
}

impl GameMove for Move {
    #[inline]
    fn from(self) -> Square {
        Move::from(self)
    }

    #[inline]
    fn to(self) -> Square {
        Move::to(self)
    }

    #[inline]
    fn captures(self) -> u32 {
        self.captured().count()
    }

    #[inline]
    fn captured(self) -> Bitboard {
        Move::captured(self)
    }

    #[inline]
    fn promotes(self) -> bool {
        Move::promotes(self)
    }
}

/// FEN fields beyond lidraughts' `H` that carry damka's draw counters (in plies).
const COUNTER_TAGS: [&str; 7] = ["M", "T", "R", "E", "J", "S", "V"];

impl<R: Rules> Game for Draughts<R> {
    const NAME: &'static str = R::NAME;
    const ALIASES: &'static [&'static str] = R::ALIASES;
    const TITLE: &'static str = R::TITLE;
    const SUMMARY: &'static str = R::SUMMARY;
    const DRAW_OPTIONS: &'static [DrawOption] = R::DRAWS.options();
    const WEIGHT_GROUPS: &'static [eval::WeightGroup] = eval::SQUARE_TABLES;
    const NO_MOVE_WINS: bool = R::NO_MOVE_WINS;
    const PDN_GAME_TYPE: u32 = R::PDN_GAME_TYPE;
    const BENCH_POSITIONS: &'static [&'static str] = R::BENCH_POSITIONS;
    const STATIC_CUT_MARGIN: i32 = R::STATIC_CUT_MARGIN;
    const UNHINTED_REDUCTION: bool = R::UNHINTED_REDUCTION;
    const OPENING_BOOK: Option<&'static str> = R::OPENING_BOOK;
    const MOVE_STYLE: crate::notation::MoveStyle = R::MOVE_STYLE;

    type Board = R::Board;

    type Position = Position<R>;
    type Inputs = eval::network::PieceSquares<R>;
    type Move = Move;
    type Counters = Counters;

    fn start() -> Position<R> {
        Position::startpos()
    }

    #[inline]
    fn side_to_move(pos: &Position<R>) -> Side {
        pos.side_to_move()
    }

    #[inline]
    fn key(pos: &Position<R>) -> u64 {
        pos.key()
    }

    fn piece_at(pos: &Position<R>, square: Square) -> Option<Piece> {
        pos.piece_at(square)
    }

    #[inline]
    fn pieces_on_board(pos: &Position<R>) -> u32 {
        pos.occupied().count()
    }

    #[inline]
    fn generate(pos: &Position<R>, list: &mut MoveList) {
        gen_moves(pos, list);
    }

    #[inline]
    fn count_moves(pos: &Position<R>, scratch: &mut MoveList) -> usize {
        count_moves(pos, scratch)
    }

    #[inline]
    fn play(pos: &Position<R>, mv: Move) -> Position<R> {
        pos.after(mv)
    }

    #[inline]
    fn is_irreversible(pos: &Position<R>, mv: Move) -> bool {
        // A man move or a capture can never be undone.
        mv.is_capture() || !pos.all_kings().contains(mv.from())
    }

    #[inline]
    fn is_quiet(pos: &Position<R>) -> bool {
        !has_capture(pos)
    }

    fn perft_expand(pos: &Position<R>, counting: Counting, list: &mut MoveList) {
        match counting {
            Counting::Paths if has_capture(pos) => {
                list.clear();
                let counter =
                    SequenceCounter::<R::Board>::new(pos.pieces(pos.side_to_move().opponent()));
                gen_captures(pos, &mut EverySequence { list, counter });
            }
            _ => gen_moves(pos, list),
        }
    }

    #[inline]
    fn perft_leaves(pos: &Position<R>, counting: Counting, scratch: &mut MoveList) -> u64 {
        match counting {
            Counting::Paths if has_capture(pos) => {
                let mut counter =
                    SequenceCounter::<R::Board>::new(pos.pieces(pos.side_to_move().opponent()));
                gen_captures(pos, &mut counter);
                counter.count
            }
            _ => count_moves(pos, scratch) as u64,
        }
    }

    #[inline]
    fn counters_after(
        counters: &Counters,
        before: &Position<R>,
        mv: Move,
        after: &Position<R>,
    ) -> Counters {
        counters.after_move(before, mv, after)
    }

    #[inline]
    fn rule_outcome(
        counters: &Counters,
        rules: &DrawRules,
        pos: &Position<R>,
    ) -> Option<GameResult> {
        counters.draw(rules, pos).map(GameResult::Draw)
    }

    #[inline]
    fn counters_remaining(counters: &Counters, rules: &DrawRules, pos: &Position<R>) -> Remaining {
        counters.remaining(rules, pos)
    }

    #[inline]
    fn rule_outcome_and_remaining(
        counters: &Counters,
        rules: &DrawRules,
        pos: &Position<R>,
    ) -> (Option<GameResult>, Remaining) {
        let remaining = counters.remaining(rules, pos);
        (remaining.expired().map(GameResult::Draw), remaining)
    }

    fn counters_shown(counters: &Counters, pos: &Position<R>) -> Vec<(DrawReason, u16)> {
        counters.active(pos)
    }

    fn counters_from_tags(
        pos: &Position<R>,
        tags: &[(String, u64)],
    ) -> Result<Counters, NotationError> {
        if let Some((tag, _)) = tags
            .iter()
            .find(|(tag, _)| tag != "H" && tag != "F" && !COUNTER_TAGS.contains(&tag.as_str()))
        {
            return Err(NotationError::BadField(format!("{tag} (unknown counter)")));
        }
        let counter = |wanted: &str| {
            tags.iter()
                .find(|(tag, _)| tag == wanted)
                .map_or(0, |(_, v)| (*v).min(u16::MAX as u64) as u16)
        };
        Ok(Counters {
            kings_only: counter("H"),
            material: counter("M"),
            three_kings: counter("T"),
            main_road: counter("R"),
            two_against_one: counter("E"),
            fmjd: counter("J"),
            sixteen: counter("S"),
            five: counter("V"),
        }
        .normalized(pos))
    }

    fn counter_tags(c: &Counters) -> Vec<(&'static str, u64)> {
        let mut tags = vec![("H", c.kings_only as u64)];
        for (tag, value) in COUNTER_TAGS.iter().zip([
            c.material,
            c.three_kings,
            c.main_road,
            c.two_against_one,
            c.fmjd,
            c.sixteen,
            c.five,
        ]) {
            if value > 0 {
                tags.push((tag, value as u64));
            }
        }
        tags
    }

    fn weights() -> Weights {
        R::weights()
    }

    #[inline]
    fn evaluate(pos: &Position<R>, weights: &Weights) -> Score {
        eval::evaluate(pos, weights)
    }

    #[inline]
    fn network() -> Option<&'static crate::network::Quantised> {
        R::network()
    }

    #[inline]
    fn linear(pos: &Position<R>, weights: &Weights) -> Linear {
        eval::linear(pos, weights)
    }

    fn features(pos: &Position<R>) -> ([i32; FEATURES], i32) {
        let scale = if R::NO_MOVE_WINS {
            16
        } else {
            eval::draw_scale(pos)
        };
        (eval::features(pos), scale)
    }

    fn breakdown(pos: &Position<R>, weights: &Weights) -> (Vec<Term>, i32) {
        eval::breakdown(pos, weights)
    }

    fn weight_name(index: usize) -> String {
        eval::feature_name::<R::Board>(index)
    }

    fn parse_fen(text: &str) -> Result<(Position<R>, Vec<(String, u64)>), NotationError> {
        let fen = Fen::parse::<R::Board>(R::MOVE_STYLE, text)?;
        Ok((fen.position::<R>()?, fen.extras))
    }

    fn fen(pos: &Position<R>) -> String {
        notation::fen(pos)
    }

    fn parse_move(pos: &Position<R>, text: &str) -> Result<Move, NotationError> {
        notation::parse_move(pos, text)
    }

    fn move_record(pos: &Position<R>, mv: Move) -> MoveRecord {
        notation::move_record(pos, mv)
    }

    fn legal_move_texts(pos: &Position<R>) -> Vec<(Move, String)> {
        notation::legal_move_strings(pos)
    }

    fn board_picture(pos: &Position<R>) -> Vec<String> {
        notation::board_picture(pos)
    }
}

/// Collects one move per capture sequence (see [`SequenceCounter`]), duplicates of a move
/// included: what perft expands under [`Counting::Paths`].
struct EverySequence<'a, B: crate::board::Diagonal> {
    list: &'a mut MoveList,
    counter: SequenceCounter<B>,
}

impl<B: crate::board::Diagonal> CaptureSink for EverySequence<'_, B> {
    fn sequence(&mut self, mv: Move, path: &[Square]) {
        if self.counter.is_new(mv, path) {
            self.list.push(mv);
        }
    }

    fn restart(&mut self) {
        self.list.clear();
        self.counter.restart();
    }
}
