//! [`Fuk`] as a [`Game`]: the rules of [`movegen`](super::movegen) and
//! [`FukPosition::after`], the Russian draw counters, the evaluation of [`eval`](super::eval)
//! and the notation of [`notation`](super::notation).

use super::{FukMove, FukPosition, eval, movegen, notation};
use crate::board::Dark8;
use crate::draw::{DrawOption, DrawReason, DrawRules, Remaining};
use crate::game::{Game, GameMove, GameResult};
use crate::games::draughts::draw::Counters;
use crate::games::draughts::eval::{FEATURES, Linear, Term, Weights};
use crate::games::draughts::movegen::has_capture;
use crate::games::draughts::moves::Move;
use crate::games::draughts::{Draughts, Russian};
use crate::moves::MoveList;
use crate::notation::{MoveRecord, MoveStyle, NotationError};
use crate::option::{Affects, GameOption, OptionKind, Setup};
use crate::types::{Bitboard, Piece, Side, Square};

/// Fuk (huffing): Russian checkers with optional capture and the huff. See the module
/// documentation of [`crate::games::fuk`].
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Fuk;

/// The Russian game, whose counters and notation Fuk shares.
type RussianGame = Draughts<Russian>;

/// Search the game as Russian checkers: capture when possible, never huff, and expect the same
/// of the opponent (with the Russian evaluation). A baseline to measure Fuk play against; the
/// game itself, and the moves it accepts, stay Fuk's.
pub const RUSSIAN_PLAY: GameOption = GameOption {
    name: "Fuk Russian Play",
    label: "Russian play",
    kind: OptionKind::Check { default: false },
    affects: Affects::Search,
    flag: "fuk-russian-play",
    doc: "search Fuk as Russian checkers (capture when possible, never huff): a baseline",
};

/// Opening, middle game and ending positions, some with captures on offer or pieces to huff:
/// the `bench` positions of Fuk.
const BENCH: &[&str] = &[
    "W:W21-32:B1-12",
    "B:Wa1,a3,b2,c1,c3,d2,d4,e1,e3,f2,g1,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
    "W:Wa1,a3,b2,c1,c3,d2,e1,f2,f4,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e5,e7,f8,g7,h6,h8",
    "B:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g5,h2:Ba7,b6,b8,c7,d8,e5,e7,f6,f8,g7,h6,h8:Ug5",
    "W:Wa1,a3,b4,c1,c3,e1,f2,f4,g1,g3,h2:Ba5,a7,b8,c7,d6,d8,e7,f6,f8,h6,h8",
    "W:Wa1,a3,b4,c1,d2,d4,e1,e3,g1,g3,h2,h4:Ba7,b8,d6,d8,e7,f6,f8,g5,h6,h8",
    "W:Wa1,b2,d4,e3,f2,g1,g3,h2:Bb6,c5,d6,e5,f6,g7,h6,h8:Ue5",
    "W:Wa1,a3,a5,b4,d2,d4,e1,e3,f2:Bb6,b8,d6,d8,f6,g3,g5,g7",
    "W:Wb2,c1,d4,e3,g1,h4:Ba3,d6,e7,f4,f6,g7",
    "W:Wc5,e5,g5:Bb6,f6,h6",
    "W:WKa1,Kc3,e3:BKh8,Kd8,f6",
    "B:Wc3,e3,g3,h2:Bb6,d6,f6,h6,Kb8",
];

impl GameMove for FukMove {
    #[inline]
    fn from(self) -> Square {
        self.mv.from()
    }

    #[inline]
    fn to(self) -> Square {
        self.mv.to()
    }

    /// Pieces taken by the move, the huffed one included.
    #[inline]
    fn captures(self) -> u32 {
        self.mv.captured().count() + self.huff.is_some() as u32
    }

    #[inline]
    fn captured(self) -> Bitboard {
        match self.huff {
            Some(square) => self.mv.captured() | square.bb(),
            None => self.mv.captured(),
        }
    }

    #[inline]
    fn promotes(self) -> bool {
        self.mv.promotes()
    }

    #[inline]
    fn huffed(self) -> Option<Square> {
        self.huff
    }
}

impl Game for Fuk {
    const NAME: &'static str = "fuk";
    const TITLE: &'static str = "fuk (huffing checkers)";
    const SUMMARY: &'static str =
        "Russian with optional capture; a piece that could capture and did not may be huffed";
    const OPTIONS: &'static [GameOption] = &[RUSSIAN_PLAY];
    const DRAW_OPTIONS: &'static [DrawOption] = RussianGame::DRAW_OPTIONS;
    const WEIGHT_GROUPS: &'static [crate::eval::WeightGroup] = RussianGame::WEIGHT_GROUPS;
    const NO_MOVE_WINS: bool = false;
    /// No PDN number exists for Fuk; its games are written as Russian ones (25), with the huffs
    /// in damka's notation.
    const PDN_GAME_TYPE: u32 = 25;
    const BENCH_POSITIONS: &'static [&'static str] = BENCH;
    /// The Russian book: every Russian line is a Fuk line, balanced by the Russian search.
    const OPENING_BOOK: Option<&'static str> = RussianGame::OPENING_BOOK;
    const MOVE_STYLE: MoveStyle = MoveStyle::Algebraic;
    /// As in Russian: +15.6 ± 13.2 Elo over 800 games at 20 ms against none (docs/search.md).
    const STATIC_CUT_MARGIN: i32 = 60;

    type Board = Dark8;
    type Position = FukPosition;
    type Inputs = super::FukInputs;
    type Move = FukMove;
    type Counters = Counters;

    fn start() -> FukPosition {
        FukPosition::startpos()
    }

    #[inline]
    fn side_to_move(pos: &FukPosition) -> Side {
        pos.side_to_move()
    }

    #[inline]
    fn key(pos: &FukPosition) -> u64 {
        pos.key()
    }

    fn piece_at(pos: &FukPosition, square: Square) -> Option<Piece> {
        pos.board().piece_at(square)
    }

    #[inline]
    fn pieces_on_board(pos: &FukPosition) -> u32 {
        pos.board().occupied().count()
    }

    #[inline]
    fn generate(pos: &FukPosition, list: &mut MoveList<FukMove>) {
        movegen::gen_moves(pos, list);
    }

    #[inline]
    fn count_moves(pos: &FukPosition, scratch: &mut MoveList<FukMove>) -> usize {
        movegen::gen_moves(pos, scratch);
        scratch.len()
    }

    #[inline]
    fn play(pos: &FukPosition, mv: FukMove) -> FukPosition {
        pos.after(mv)
    }

    #[inline]
    fn is_irreversible(pos: &FukPosition, mv: FukMove) -> bool {
        mv.is_capture() || !pos.board().all_kings().contains(mv.from())
    }

    /// Quiet: no capture for the side to move and nothing to huff.
    #[inline]
    fn is_quiet(pos: &FukPosition) -> bool {
        pos.huffable().is_empty() && !has_capture(pos.board())
    }

    /// Captures and huffs; the evaluation stands for declining them (capturing is optional).
    #[inline]
    fn quiescence_moves(pos: &FukPosition, list: &mut MoveList<FukMove>) -> bool {
        movegen::gen_tactical(pos, list);
        true
    }

    /// The Russian counters, with a huff counted as a capture.
    fn counters_after(
        counters: &Counters,
        before: &FukPosition,
        mv: FukMove,
        after: &FukPosition,
    ) -> Counters {
        let inner = match mv.huff {
            Some(_) => Move::capture(mv.from(), mv.to(), mv.captured(), mv.promotes()),
            None => mv.mv,
        };
        counters.after_move(before.board(), inner, after.board())
    }

    fn rule_outcome(
        counters: &Counters,
        rules: &DrawRules,
        pos: &FukPosition,
    ) -> Option<GameResult> {
        RussianGame::rule_outcome(counters, rules, pos.board())
    }

    fn counters_remaining(counters: &Counters, rules: &DrawRules, pos: &FukPosition) -> Remaining {
        RussianGame::counters_remaining(counters, rules, pos.board())
    }

    #[inline]
    fn rule_outcome_and_remaining(
        counters: &Counters,
        rules: &DrawRules,
        pos: &FukPosition,
    ) -> (Option<GameResult>, Remaining) {
        RussianGame::rule_outcome_and_remaining(counters, rules, pos.board())
    }

    fn counters_shown(counters: &Counters, pos: &FukPosition) -> Vec<(DrawReason, u16)> {
        RussianGame::counters_shown(counters, pos.board())
    }

    fn counters_from_tags(
        pos: &FukPosition,
        tags: &[(String, u64)],
    ) -> Result<Counters, NotationError> {
        RussianGame::counters_from_tags(pos.board(), tags)
    }

    fn counter_tags(counters: &Counters) -> Vec<(&'static str, u64)> {
        RussianGame::counter_tags(counters)
    }

    fn weights() -> Weights {
        crate::games::draughts::eval::fuk_weights()
    }

    #[inline]
    fn network() -> Option<&'static crate::network::Quantised> {
        Some(&super::NETWORK)
    }

    #[inline]
    fn linear(pos: &FukPosition, weights: &Weights) -> Linear {
        eval::linear(pos, weights)
    }

    fn features(pos: &FukPosition) -> ([i32; FEATURES], i32) {
        (
            eval::features(pos),
            crate::games::draughts::eval::draw_scale(pos.board()),
        )
    }

    fn breakdown(pos: &FukPosition, weights: &Weights) -> (Vec<Term>, i32) {
        eval::breakdown(pos, weights)
    }

    fn weight_name(index: usize) -> String {
        eval::weight_name(index)
    }

    fn parse_fen(text: &str) -> Result<(FukPosition, Vec<(String, u64)>), NotationError> {
        notation::parse_fen(text)
    }

    fn fen(pos: &FukPosition) -> String {
        notation::fen(pos)
    }

    /// Under `RUSSIAN_PLAY` (the option `Fuk Russian Play`), the board and counters as a Russian game: the huffable pieces
    /// (the `U` field) are dropped, and every Russian move of the board is a Fuk move without
    /// a huff, written the same way.
    fn searched_as(fen: &str, setup: &Setup) -> Option<(&'static str, String)> {
        if !setup.is_on(&RUSSIAN_PLAY) {
            return None;
        }
        let fields: Vec<&str> = fen
            .split(':')
            .enumerate()
            .filter(|(i, field)| *i == 0 || !field.starts_with(['U', 'u']))
            .map(|(_, field)| field)
            .collect();
        Some((RussianGame::NAME, fields.join(":")))
    }

    fn parse_move(pos: &FukPosition, text: &str) -> Result<FukMove, NotationError> {
        notation::parse_move(pos, text)
    }

    fn move_record(pos: &FukPosition, mv: FukMove) -> MoveRecord {
        notation::move_record(pos, mv)
    }

    fn legal_move_texts(pos: &FukPosition) -> Vec<(FukMove, String)> {
        notation::legal_move_texts(pos)
    }

    fn board_picture(pos: &FukPosition) -> Vec<String> {
        notation::board_picture(pos)
    }
}
