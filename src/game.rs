//! [`Game`]: a position with its history — the keys for the repetition detector, the endgame
//! draw counters and the move number — and the [`GameResult`] they decide. The protocol, the
//! search (for its root) and the match referee all use this one record, so a game ends exactly
//! where the rules say, whoever is watching.

use crate::draw::{Counters, DrawReason, DrawRules};
use crate::movegen::gen_moves;
use crate::moves::{Move, MoveList};
use crate::notation::{self, Fen, NotationError};
use crate::position::Position;
use crate::types::Side;
use crate::variant::Rules;
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

/// FEN fields beyond lidraughts' `H` and `F` that carry damka's draw counters (in plies).
const COUNTER_TAGS: [&str; 7] = ["M", "T", "R", "E", "J", "S", "V"];

/// A game in progress: the current position, the draw state and the move number.
#[derive(Clone, Debug)]
pub struct Game<R: Rules> {
    position: Position<R>,
    counters: Counters,
    /// Keys of the positions since the last irreversible move (man move or capture), oldest
    /// first, the current position last.
    keys: Vec<u64>,
    /// Full move number, starting at 1 and going up after each Black move.
    fullmove: u32,
    rules: DrawRules,
}

impl<R: Rules> Game<R> {
    /// A game starting from `position` with fresh counters.
    pub fn new(position: Position<R>, rules: DrawRules) -> Self {
        Game {
            position,
            counters: Counters::default(),
            keys: vec![position.key()],
            fullmove: 1,
            rules,
        }
    }

    /// A game from the initial position.
    pub fn startpos(rules: DrawRules) -> Self {
        Self::new(Position::startpos(), rules)
    }

    /// A game from a FEN. Besides the placement it reads lidraughts' `:H<plies>` (the
    /// kings-only counter) and `:F<move number>`, and damka's own counter fields
    /// (`:M` material, `:T` three kings, `:R` main road, `:E` two against one, `:J` FMJD, and
    /// for International rules `:S` sixteen moves and `:V` five moves, all in plies). Unknown fields are an error; counters whose condition does not hold are 0.
    pub fn from_fen(text: &str, rules: DrawRules) -> Result<Self, NotationError> {
        let fen = Fen::parse::<R>(text)?;
        let position = fen.position::<R>()?;
        for (tag, _) in &fen.extras {
            if tag != "H" && tag != "F" && !COUNTER_TAGS.contains(&tag.as_str()) {
                return Err(NotationError::BadField(format!("{tag} (unknown counter)")));
            }
        }
        let counter = |tag: &str| fen.extra(tag).map_or(0, |v| v.min(u16::MAX as u64) as u16);
        let counters = Counters {
            kings_only: counter("H"),
            material: counter("M"),
            three_kings: counter("T"),
            main_road: counter("R"),
            two_against_one: counter("E"),
            fmjd: counter("J"),
            sixteen: counter("S"),
            five: counter("V"),
        }
        .normalized(&position);
        let fullmove = fen
            .extra("F")
            .map_or(1, |v| v.clamp(1, u32::MAX as u64) as u32);
        Ok(Game {
            position,
            counters,
            keys: vec![position.key()],
            fullmove,
            rules,
        })
    }

    /// The FEN of the current position with its counters: `W:W…:B…:H<n>:F<n>`, followed by
    /// damka's counter fields for those that are not 0.
    pub fn fen(&self) -> String {
        let c = &self.counters;
        let mut text = format!(
            "{}:H{}:F{}",
            notation::fen(&self.position),
            c.kings_only,
            self.fullmove
        );
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
                text.push_str(&format!(":{tag}{value}"));
            }
        }
        text
    }

    /// The current position.
    pub fn position(&self) -> &Position<R> {
        &self.position
    }

    /// The draw counters of the current position.
    pub fn counters(&self) -> Counters {
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
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        gen_moves(&self.position, &mut list);
        list
    }

    /// Plays a move, which must be legal (see [`Game::play_text`] for untrusted input).
    pub fn play(&mut self, mv: Move) {
        let before = self.position;
        let after = before.after(mv);
        let man_moved = !before.all_kings().contains(mv.from());
        self.counters = self.counters.after_move(&before, mv, &after);
        if mv.is_capture() || man_moved {
            self.keys.clear();
        }
        self.keys.push(after.key());
        if before.side_to_move() == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.position = after;
    }

    /// Reads a move in the current position and plays it; on error nothing changes.
    pub fn play_text(&mut self, text: &str) -> Result<Move, NotationError> {
        let mv = notation::parse_move(&self.position, text)?;
        self.play(mv);
        Ok(mv)
    }

    /// How many times the current position has occurred (same placement, same side to move),
    /// counting this time.
    pub fn occurrences(&self) -> usize {
        let current = self.position.key();
        self.keys
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&key| key == current)
            .count()
    }

    /// The result: a side without a legal move has lost (or won, in giveaway); otherwise the
    /// first draw rule in force that applies; otherwise the game goes on.
    pub fn result(&self) -> GameResult {
        let mut list = MoveList::new();
        gen_moves(&self.position, &mut list);
        if list.is_empty() {
            let to_move = self.position.side_to_move();
            let winner = if R::NO_MOVE_WINS {
                to_move
            } else {
                to_move.opponent()
            };
            return GameResult::Win(winner);
        }
        if self.rules.repetition && self.occurrences() >= 3 {
            return GameResult::Draw(DrawReason::Repetition);
        }
        match self.counters.draw(&self.rules, &self.position) {
            Some(reason) => GameResult::Draw(reason),
            None => GameResult::Ongoing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Russian;

    fn game(fen: &str) -> Game<Russian> {
        Game::from_fen(fen, DrawRules::default()).expect("test FEN")
    }

    fn play(game: &mut Game<Russian>, moves: &str) {
        for mv in moves.split_whitespace() {
            game.play_text(mv).unwrap_or_else(|e| panic!("{e}"));
        }
    }

    #[test]
    fn fen_round_trips_with_counters() {
        let text = "W:WKa1,Kc1,Ke1:BKh8:H7:F40:M21:T5";
        let g = game(text);
        assert_eq!(g.counters().three_kings, 5);
        assert_eq!(g.fen(), "W:WKa1,Kc1,Ke1:BKh8:H7:F40:M21:T5");
        assert_eq!(game(&g.fen()).fen(), g.fen());
    }

    #[test]
    fn counters_without_their_condition_are_dropped() {
        assert_eq!(game("W:W21-32:B1-12:T9").counters().three_kings, 0);
    }

    #[test]
    fn unknown_fen_field_is_an_error() {
        assert!(Game::<Russian>::from_fen("W:W21-32:B1-12:Q3", DrawRules::default()).is_err());
    }

    #[test]
    fn threefold_repetition_needs_a_third_occurrence() {
        let mut g = game("W:WKc1:BKf8");
        play(&mut g, "c1-b2 f8-e7 b2-c1 e7-f8");
        assert_eq!(g.occurrences(), 2);
        assert_eq!(g.result(), GameResult::Ongoing);
        play(&mut g, "c1-b2 f8-e7 b2-c1 e7-f8");
        assert_eq!(g.occurrences(), 3);
        assert_eq!(g.result(), GameResult::Draw(DrawReason::Repetition));
    }

    #[test]
    fn no_legal_move_loses() {
        assert_eq!(game("W:Wa1:Bb2,c3").result(), GameResult::Win(Side::Black));
        assert_eq!(game("B:Wa1:B").result(), GameResult::Win(Side::White));
    }

    #[test]
    fn move_number_counts_black_moves() {
        let mut g = Game::<Russian>::startpos(DrawRules::default());
        play(&mut g, "c3-d4 f6-e5 d4:f6");
        assert_eq!(g.fullmove(), 2);
        assert!(g.fen().ends_with(":H0:F2"));
    }
}
