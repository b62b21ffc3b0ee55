//! [`Record`]: a game in progress — the position with its history: the keys for the
//! repetition detector, the endgame draw counters and the move number — and the [`GameResult`]
//! they decide. The protocol, the search (for its root) and the match referee all use this one
//! record, so a game ends exactly where the rules say, whoever is watching.

use super::Game;
use crate::draw::{DrawReason, DrawRules, REPETITION};
use crate::moves::MoveList;
use crate::notation::NotationError;
use crate::option::Setup;
use crate::types::Side;
use std::fmt;

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Play goes on.
    Ongoing,
    /// The given side has won.
    Win(Side),
    /// Drawn by the given rule.
    Draw(DrawReason),
}

impl fmt::Display for GameResult {
    /// `ongoing`, `white wins`, `black wins` or `draw (<rule>)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Ongoing => f.write_str("ongoing"),
            GameResult::Win(side) => write!(f, "{} wins", side.name()),
            GameResult::Draw(reason) => write!(f, "draw ({reason})"),
        }
    }
}

/// A game of `G` in progress: the current position, the draw state and the move number.
#[derive(Clone, Debug)]
pub struct Record<G: Game> {
    position: G::Position,
    counters: G::Counters,
    /// Keys of the positions since the last irreversible move, oldest first, the current
    /// position last.
    keys: Vec<u64>,
    /// Full move number, starting at 1 and going up after each Black move.
    fullmove: u32,
    rules: DrawRules,
}

impl<G: Game> Record<G> {
    /// A game starting from `position` with fresh counters.
    pub fn new(position: G::Position, rules: DrawRules) -> Self {
        Record {
            position,
            counters: G::Counters::default(),
            keys: vec![G::key(&position)],
            fullmove: 1,
            rules,
        }
    }

    /// A game from the initial position.
    pub fn startpos(rules: DrawRules) -> Self {
        Self::new(G::start(), rules)
    }

    /// A game from the initial position under `setup` (see [`Game::start_with`]).
    pub fn startpos_with(setup: &Setup, rules: DrawRules) -> Self {
        Self::new(G::start_with(setup), rules)
    }

    /// A game from a FEN: the placement, the move number `:F<n>` and the game's counter fields
    /// (see [`Game::counters_from_tags`]; for the draughts games lidraughts' `:H<plies>` and
    /// damka's own). Unknown fields are an error; counters whose condition does not hold are 0.
    pub fn from_fen(text: &str, rules: DrawRules) -> Result<Self, NotationError> {
        Self::from_fen_with(text, &Setup::default(), rules)
    }

    /// A game from a FEN, reading what the FEN leaves out from `setup` (see
    /// [`Game::parse_fen_with`]).
    pub fn from_fen_with(
        text: &str,
        setup: &Setup,
        rules: DrawRules,
    ) -> Result<Self, NotationError> {
        let (position, tags) = G::parse_fen_with(text, setup)?;
        let counters = G::counters_from_tags(&position, &tags)?;
        let fullmove = tags
            .iter()
            .find(|(tag, _)| tag == "F")
            .map_or(1, |(_, v)| (*v).clamp(1, u32::MAX as u64) as u32);
        Ok(Record {
            position,
            counters,
            keys: vec![G::key(&position)],
            fullmove,
            rules,
        })
    }

    /// The FEN of the current position with its counters: the placement, the first counter
    /// field, `:F<n>`, then the other counter fields that are not 0 (draughts:
    /// `W:W…:B…:H<n>:F<n>:M<n>…`).
    pub fn fen(&self) -> String {
        let mut text = G::fen(&self.position);
        let tags = G::counter_tags(&self.counters);
        let mut tags = tags.into_iter();
        if let Some((tag, value)) = tags.next() {
            text.push_str(&format!(":{tag}{value}"));
        }
        text.push_str(&format!(":F{}", self.fullmove));
        for (tag, value) in tags {
            text.push_str(&format!(":{tag}{value}"));
        }
        text
    }

    /// The current position.
    pub fn position(&self) -> &G::Position {
        &self.position
    }

    /// The draw counters of the current position.
    pub fn counters(&self) -> G::Counters {
        self.counters
    }

    /// The draw rules in force.
    pub fn rules(&self) -> &DrawRules {
        &self.rules
    }

    /// Switches draw rules on or off from now on.
    pub fn set_rules(&mut self, rules: DrawRules) {
        self.rules = rules;
    }

    /// The full move number.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Keys of the positions since the last irreversible move, the current one last.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The legal moves of the current position.
    pub fn legal_moves(&self) -> MoveList<G::Move> {
        let mut list = MoveList::new();
        G::generate(&self.position, &mut list);
        list
    }

    /// Plays a move, which must be legal (see [`Record::play_text`] for untrusted input).
    pub fn play(&mut self, mv: G::Move) {
        let before = self.position;
        let after = G::play(&before, mv);
        self.counters = G::counters_after(&self.counters, &before, mv, &after);
        if G::is_irreversible(&before, mv) {
            self.keys.clear();
        }
        self.keys.push(G::key(&after));
        if G::side_to_move(&before) == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.position = after;
    }

    /// Reads a move in the current position and plays it; on error nothing changes.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, NotationError> {
        let mv = G::parse_move(&self.position, text)?;
        self.play(mv);
        Ok(mv)
    }

    /// How many times the current position has occurred (same placement, same side to move),
    /// counting this time.
    pub fn occurrences(&self) -> usize {
        let current = G::key(&self.position);
        self.keys
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&key| key == current)
            .count()
    }

    /// The rule that decided [`Record::result`], in words, when the game names it (see
    /// [`Game::ending_rule`]).
    pub fn ending_rule(&self) -> Option<&'static str> {
        match self.result() {
            GameResult::Ongoing | GameResult::Draw(DrawReason::REPETITION) => None,
            _ => G::ending_rule(&self.counters, &self.position),
        }
    }

    /// The result: a side without a legal move has lost (or won, in giveaway); otherwise the
    /// first draw rule in force that applies; otherwise the game goes on.
    pub fn result(&self) -> GameResult {
        let mut list = MoveList::new();
        if G::count_moves(&self.position, &mut list) == 0 {
            let to_move = G::side_to_move(&self.position);
            let winner = if G::NO_MOVE_WINS {
                to_move
            } else {
                to_move.opponent()
            };
            return GameResult::Win(winner);
        }
        if self.rules.is_on(&REPETITION) && self.occurrences() >= 3 {
            return GameResult::Draw(DrawReason::REPETITION);
        }
        G::rule_outcome(&self.counters, &self.rules, &self.position).unwrap_or(GameResult::Ongoing)
    }
}
