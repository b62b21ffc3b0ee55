//! One side of a DXP game: the shared [`Engine`] holding the position, the moves so far, our
//! colour and our clock. It turns DXP squares into damka's moves and back, and finds our move
//! under the game's time or a fixed search limit.

use super::message::{DxpPosition, EndReason, Message};
use crate::hub::command::{HubMove, parse_board};
use crate::hub::notation::{HubSquares, board_to_fen, find_move};
use damka_engine::engine::Engine;
use damka_engine::search::{Limits, Silent};
use damka_rules::game::GameResult;
use damka_rules::notation::MoveRecord;
use damka_rules::types::Side;
use std::time::{Duration, Instant};

/// How our moves are searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Thinking {
    /// Under the game's clock: the request's minutes and moves.
    Clock,
    /// A fixed search limit for every move (depth, nodes or time), whatever the request says.
    Fixed(Limits),
}

/// A game in progress; the position lives in the [`Engine`] each method is given.
pub struct DxpGame {
    squares: HubSquares,
    start: Option<String>,
    start_side: Side,
    moves: Vec<MoveRecord>,
    ours: Side,
    clock: Duration,
    /// Each side's time for the game, as requested.
    time_per_side: Duration,
    moves_limit: u32,
    thinking: Thinking,
}

/// Why a game could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl DxpGame {
    /// A game of International draughts as a game request describes it, with `ours` the side
    /// damka plays. The engine must be set to International draughts.
    pub fn new(
        engine: &mut Engine,
        position: Option<&DxpPosition>,
        ours: Side,
        minutes: u32,
        moves_limit: u32,
        thinking: Thinking,
    ) -> Result<DxpGame, Refusal> {
        let variant = engine.options().variant;
        if variant != super::message::game() {
            let why = format!(
                "DXP plays {} only, not {variant}",
                super::message::game().title()
            );
            return Err(Refusal(why));
        }
        let squares = HubSquares::for_variant(variant);
        let start = position
            .map(|p| position_fen(p, &squares))
            .transpose()
            .map_err(Refusal)?;
        let game = DxpGame {
            squares,
            start,
            start_side: position.map_or(Side::White, |p| p.side),
            moves: Vec::new(),
            ours,
            clock: Duration::from_secs(u64::from(minutes) * 60),
            time_per_side: Duration::from_secs(u64::from(minutes) * 60),
            moves_limit,
            thinking,
        };
        game.sync(engine).map_err(Refusal)?;
        if engine.game().result() != GameResult::Ongoing {
            let why = "the game is already over in that position".to_string();
            return Err(Refusal(why));
        }
        Ok(game)
    }

    /// Puts the game's position into the engine.
    pub fn sync(&self, engine: &mut Engine) -> Result<(), String> {
        engine.set_position_records(self.start.as_deref(), &self.moves)
    }

    /// True if it is damka's turn.
    pub fn our_turn(&self, engine: &Engine) -> bool {
        engine.game().side_to_move() == self.ours
    }

    /// Each side's thinking time for the whole game, as the request gave it.
    pub fn time_per_side(&self) -> Duration {
        self.time_per_side
    }

    /// The side damka plays.
    pub fn ours(&self) -> Side {
        self.ours
    }

    /// The moves so far, in the game's notation.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.text.clone()).collect()
    }

    /// The starting FEN (`None`: the initial position).
    pub fn start_fen(&self) -> Option<&str> {
        self.start.as_deref()
    }

    /// Plays the opponent's move, given as its squares.
    pub fn play_theirs(
        &mut self,
        engine: &mut Engine,
        from: u8,
        to: u8,
        captured: &[u8],
    ) -> Result<String, String> {
        if self.our_turn(engine) {
            return Err("a move arrived while it is our turn".to_string());
        }
        let mv = HubMove {
            text: format!("{from}-{to} x{captured:?}"),
            from,
            to,
            captured: captured.to_vec(),
        };
        let record = find_move(&mv, &engine.game().legal_moves(), &self.squares)
            .map_err(|e| e.to_string())?;
        let text = record.text.clone();
        self.moves.push(record);
        self.sync(engine)?;
        Ok(text)
    }

    /// Searches and plays damka's move; returns it as a DXP message.
    pub fn play_ours(&mut self, engine: &mut Engine) -> Result<Message, String> {
        let limits = match &self.thinking {
            Thinking::Fixed(limits) => limits.clone(),
            Thinking::Clock => {
                let mut limits = Limits::default();
                limits.time[self.ours.index()] = Some(self.clock);
                if self.moves_limit > 0 {
                    let played = self.moves.len() as u32 / 2;
                    limits.movestogo = Some(self.moves_limit.saturating_sub(played).max(1));
                }
                limits
            }
        };
        let started = Instant::now();
        let outcome = engine.search_now(&limits, &mut Silent);
        let used = started.elapsed();
        self.clock = self.clock.saturating_sub(used);
        let record = outcome
            .best
            .ok_or_else(|| "no legal move to play".to_string())?;
        let path = record.path.squares();
        let number = |sq| self.squares.number(sq);
        let message = Message::Move {
            seconds: used.as_secs() as u32,
            from: number(path[0]),
            to: number(path[path.len() - 1]),
            captured: record.captured.into_iter().map(number).collect(),
        };
        self.moves.push(record);
        self.sync(engine)?;
        Ok(message)
    }

    /// The reason damka gives when it ends the game on its turn.
    pub fn end_reason(&self, engine: &Engine) -> EndReason {
        match engine.game().result() {
            GameResult::Win(side) if side == self.ours => EndReason::IWin,
            GameResult::Win(_) => EndReason::ILose,
            GameResult::Draw(_) => EndReason::Draw,
            GameResult::Ongoing => EndReason::Unknown,
        }
    }

    /// Goes back to the position before move `move_number` of `side`; false if the game has
    /// no such position.
    pub fn take_back(&mut self, engine: &mut Engine, move_number: u32, side: Side) -> bool {
        // A game request's position is move 1 of the side to move in it.
        let start_ply = self.start_side.index() as i64;
        let target = i64::from(move_number) * 2 - 2 + side.index() as i64 - start_ply;
        if move_number == 0 || target < 0 || target as usize > self.moves.len() {
            return false;
        }
        self.moves.truncate(target as usize);
        self.sync(engine).is_ok()
    }
}

/// The FEN of a request's position.
fn position_fen(position: &DxpPosition, squares: &HubSquares) -> Result<String, String> {
    let side = match position.side {
        Side::White => 'W',
        Side::Black => 'B',
    };
    let cells: String = position
        .squares
        .chars()
        .map(|c| match c {
            'z' => 'b',
            'Z' => 'B',
            other => other,
        })
        .collect();
    let board = parse_board(&format!("{side}{cells}")).map_err(|e| e.to_string())?;
    board_to_fen(&board, squares).map_err(|e| e.to_string())
}
