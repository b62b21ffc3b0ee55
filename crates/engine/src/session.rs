//! [`GameSession`]: a game of any variant as the front ends and the [`Engine`](crate::engine::Engine)
//! see it, the object-safe face of the [`Record`] of any [`Game`]. The one runtime dispatch
//! happens per command (making a session), never inside move generation or search.

use crate::search::{self, Control, Limits, Reporter, SearchConfig, SearchOutcome};
use crate::tt::Tt;
use damka_rules::draw::DrawRules;
use damka_rules::eval::Weights;
use damka_rules::game::{Counting, Game, GameMove, GameResult, Record};
use damka_rules::games::Variant;
use damka_rules::notation::{MoveRecord, NotationError};
use damka_rules::option::Setup;
use damka_rules::perft;
use damka_rules::types::{Piece, Side, Square};
use damka_rules::with_game;

/// A game of any variant, as the front ends see it.
pub trait GameSession: Send {
    /// The game being played.
    fn variant(&self) -> Variant;
    /// The FEN with counters (see [`Game::fen`]).
    fn fen(&self) -> String;
    /// The side to move.
    fn side_to_move(&self) -> Side;
    /// The Zobrist key of the current position.
    fn key(&self) -> u64;
    /// The piece on a square (for towers, the top piece).
    fn piece_at(&self, square: Square) -> Option<Piece>;
    /// Every piece on a square, the top one first (see [`Game::stack_at`]).
    fn stack_at(&self, square: Square) -> Vec<Piece>;
    /// The board drawn in text, White at the bottom (see [`Game::board_picture`]).
    fn board_picture(&self) -> Vec<String>;
    /// The number of the current full move (1 at the start, counted as the FEN counts it).
    fn fullmove(&self) -> u32;
    /// Reads and plays one move and returns it in the game's own notation; on error nothing
    /// changes.
    fn play_text(&mut self, text: &str) -> Result<String, NotationError>;
    /// Plays the legal move with the record's start square, end square and captured set (the
    /// landing squares in between are not compared); on error nothing changes. Front ends that
    /// name moves by their squares, such as the Hub protocol, use this instead of text, which
    /// cannot always single out a capture whose path is part of a longer one.
    fn play_record(&mut self, record: &MoveRecord) -> Result<(), NotationError>;
    /// Reads moves of the current position (for `searchmoves`) and returns each one's text in
    /// the game's notation.
    fn parse_moves(&self, texts: &[&str]) -> Result<Vec<String>, NotationError>;
    /// The legal moves, sorted by their notation.
    fn legal_moves(&self) -> Vec<MoveRecord>;
    /// How the game stands.
    fn result(&self) -> GameResult;
    /// The rule that decided the result, in words, when the game names it (Ugolki).
    fn ending_rule(&self) -> Option<&'static str>;
    /// The running draw counters as text lines.
    fn counter_lines(&self) -> Vec<String>;
    /// Switches draw rules.
    fn set_draw_rules(&mut self, rules: DrawRules);
    /// Perft of the current position: on the calling thread, or split over the current rayon
    /// pool when `parallel`.
    fn perft(&self, depth: u32, counting: Counting, parallel: bool) -> u64;
    /// Perft below each legal move, the move in the game's notation, sorted by that text.
    fn divide(&self, depth: u32, counting: Counting) -> Vec<(String, u64)> {
        self.divide_reporting(depth, counting, true, &mut |_, _, _| {})
    }
    /// [`divide`](Self::divide), on the calling thread unless `parallel`, telling `done`
    /// (pieces of work counted, pieces in all, the last one's count) after each piece: a deep
    /// perft's progress (see [`perft::divide_reporting`]).
    fn divide_reporting(
        &self,
        depth: u32,
        counting: Counting,
        parallel: bool,
        done: &mut (dyn FnMut(usize, usize, u64) + Send),
    ) -> Vec<(String, u64)>;
    /// The evaluation term by term, as text lines.
    fn eval_lines(&self, weights: &Weights) -> Vec<String>;
    /// Searches the current position.
    fn search(
        &self,
        limits: &Limits,
        config: &SearchConfig,
        tt: &Tt,
        control: &Control,
        reporter: &mut dyn Reporter,
    ) -> SearchOutcome;
    /// A copy to hand to a search thread.
    fn boxed_clone(&self) -> Box<dyn GameSession>;
    /// The game the search is given under `setup`: a copy of this one, or the position as the
    /// game the options ask the search to play instead (see [`Game::searched_as`]; the game's
    /// earlier positions are not carried over, so repetitions before the root are not seen).
    fn searched(&self, setup: &Setup) -> Box<dyn GameSession>;
}

impl<G: Game> GameSession for Record<G> {
    fn variant(&self) -> Variant {
        Variant::of::<G>()
    }

    fn fen(&self) -> String {
        Record::fen(self)
    }

    fn side_to_move(&self) -> Side {
        G::side_to_move(self.position())
    }

    fn key(&self) -> u64 {
        G::key(self.position())
    }

    fn piece_at(&self, square: Square) -> Option<Piece> {
        G::piece_at(self.position(), square)
    }

    fn stack_at(&self, square: Square) -> Vec<Piece> {
        G::stack_at(self.position(), square)
    }

    fn board_picture(&self) -> Vec<String> {
        G::board_picture(self.position())
    }

    fn fullmove(&self) -> u32 {
        Record::fullmove(self)
    }

    fn play_text(&mut self, text: &str) -> Result<String, NotationError> {
        let before = *self.position();
        Record::play_text(self, text).map(|mv| G::move_text(&before, mv))
    }

    fn play_record(&mut self, record: &MoveRecord) -> Result<(), NotationError> {
        let pos = *self.position();
        let ends = |r: &MoveRecord| {
            let squares = r.path.squares();
            (squares[0], squares[squares.len() - 1], r.captured)
        };
        let (from, to, _) = ends(record);
        // Only a move with the same ends needs its record (and so its capture paths) built.
        let found = Record::legal_moves(self)
            .iter()
            .copied()
            .filter(|mv| mv.from() == from && mv.to() == to)
            .find(|&mv| ends(&G::move_record(&pos, mv)) == ends(record));
        match found {
            Some(mv) => {
                self.play(mv);
                Ok(())
            }
            None => Err(NotationError::IllegalMove {
                text: record.to_string(),
                reason: "no legal move has these start and end squares and captures".to_string(),
            }),
        }
    }

    fn parse_moves(&self, texts: &[&str]) -> Result<Vec<String>, NotationError> {
        let pos = self.position();
        texts
            .iter()
            .map(|t| G::parse_move(pos, t).map(|mv| G::move_text(pos, mv)))
            .collect()
    }

    fn legal_moves(&self) -> Vec<MoveRecord> {
        let pos = self.position();
        let mut records: Vec<MoveRecord> = Record::legal_moves(self)
            .iter()
            .map(|&mv| G::move_record(pos, mv))
            .collect();
        records.sort_by_key(|r| r.to_string());
        records
    }

    fn result(&self) -> GameResult {
        Record::result(self)
    }

    fn ending_rule(&self) -> Option<&'static str> {
        Record::ending_rule(self)
    }

    fn counter_lines(&self) -> Vec<String> {
        let rules = self.rules();
        let pos = self.position();
        let counters = self.counters();
        let remaining = G::counters_remaining(&counters, rules, pos);
        G::counters_shown(&counters, pos)
            .into_iter()
            .map(|(reason, plies)| {
                let left = remaining.iter().find(|(r, _)| *r == reason);
                match left {
                    Some((_, left)) => format!("{reason}: {plies} plies, draw in {left}"),
                    None => format!("{reason}: {plies} plies (rule off)"),
                }
            })
            .collect()
    }

    fn set_draw_rules(&mut self, rules: DrawRules) {
        self.set_rules(rules);
    }

    fn perft(&self, depth: u32, counting: Counting, parallel: bool) -> u64 {
        if parallel {
            perft::parallel_perft::<G>(self.position(), depth, counting)
        } else {
            perft::perft::<G>(self.position(), depth, counting)
        }
    }

    fn divide_reporting(
        &self,
        depth: u32,
        counting: Counting,
        parallel: bool,
        done: &mut (dyn FnMut(usize, usize, u64) + Send),
    ) -> Vec<(String, u64)> {
        let pos = self.position();
        let mut lines: Vec<(String, u64)> =
            perft::divide_reporting::<G>(pos, depth, counting, parallel, done)
                .into_iter()
                .map(|(mv, n)| (G::move_text(pos, mv), n))
                .collect();
        lines.sort();
        lines
    }

    fn eval_lines(&self, weights: &Weights) -> Vec<String> {
        let pos = self.position();
        let (terms, scale) = G::breakdown(pos, weights);
        let mut lines = vec![format!(
            "{:<20} {:>6} {:>6} {:>8}",
            "term", "white", "black", "score"
        )];
        for term in terms {
            let (name, white, black, score) = (term.name, term.white, term.black, term.score);
            lines.push(format!("{name:<20} {white:>6} {black:>6} {score:>8}"));
        }
        lines.push(format!("draw scale {scale}/16"));
        let score = G::evaluate(pos, weights);
        lines.push(format!(
            "total {} for the side to move ({})",
            score.0,
            G::side_to_move(pos).name()
        ));
        lines
    }

    fn search(
        &self,
        limits: &Limits,
        config: &SearchConfig,
        tt: &Tt,
        control: &Control,
        reporter: &mut dyn Reporter,
    ) -> SearchOutcome {
        search::run(self, limits, config, tt, control, reporter).outcome
    }

    fn boxed_clone(&self) -> Box<dyn GameSession> {
        Box::new(self.clone())
    }

    fn searched(&self, setup: &Setup) -> Box<dyn GameSession> {
        G::searched_as(&self.fen(), setup)
            .and_then(|(name, fen)| {
                let variant: Variant = name.parse().ok()?;
                new_session(variant, Some(&fen), &[], *self.rules()).ok()
            })
            .unwrap_or_else(|| self.boxed_clone())
    }
}

/// Starts a game of `variant` from a FEN (or the initial position) and plays `moves`.
/// Nothing is kept if any part is wrong; the error says which.
pub fn new_session(
    variant: Variant,
    fen: Option<&str>,
    moves: &[&str],
    rules: DrawRules,
) -> Result<Box<dyn GameSession>, String> {
    new_session_with(variant, &Setup::default(), fen, moves, rules)
}

/// [`new_session`] under a game `setup` (Ugolki's house: the start, and the house of a FEN
/// that names none).
pub fn new_session_with(
    variant: Variant,
    setup: &Setup,
    fen: Option<&str>,
    moves: &[&str],
    rules: DrawRules,
) -> Result<Box<dyn GameSession>, String> {
    with_game!(variant, G => {
        let mut game = match fen {
            Some(text) => Record::<G>::from_fen_with(text, setup, rules)
                .map_err(|e| format!("bad FEN: {e}"))?,
            None => Record::<G>::startpos_with(setup, rules),
        };
        for (i, text) in moves.iter().enumerate() {
            Record::play_text(&mut game, text).map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        }
        Ok(Box::new(game) as Box<dyn GameSession>)
    })
}

/// Starts a game of `variant` from a FEN (or the initial position) and plays `moves`, each
/// identified by its start, end and captured squares (see [`GameSession::play_record`]).
/// Nothing is kept if any part is wrong; the error says which.
pub fn new_session_from_records(
    variant: Variant,
    setup: &Setup,
    fen: Option<&str>,
    moves: &[MoveRecord],
    rules: DrawRules,
) -> Result<Box<dyn GameSession>, String> {
    let mut game = new_session_with(variant, setup, fen, &[], rules)?;
    for (i, record) in moves.iter().enumerate() {
        game.play_record(record)
            .map_err(|e| format!("move {} ({record}): {e}", i + 1))?;
    }
    Ok(game)
}
