//! [`GameState`]: a game of any variant with the moves played in it, as a Python
//! [`Board`](crate::board::Board) holds it. The one runtime dispatch from a variant to its game
//! type happens when a game is made ([`new_game`]); everything after is monomorphised per game,
//! so move generation and perft run at the rules crate's speed.
//!
//! Unlike the engine's [`GameSession`](damka_engine::session::GameSession), a state keeps every
//! earlier position, so a move can be taken back, and it knows where it started, so the engine
//! and the PDN writer get the whole game rather than its last position.

use damka_rules::draw::{DrawOption, DrawRules, REPETITION};
use damka_rules::game::{Counting, Game, GameMove, GameResult, Record};
use damka_rules::games::Variant;
use damka_rules::notation::{self, MoveRecord, NotationError};
use damka_rules::option::Setup;
use damka_rules::perft;
use damka_rules::types::{Bitboard, Piece, Side, Square};
use damka_rules::with_game;

/// A legal move as the Python side shows it: the rules crate's record (text, path, captured
/// squares) and what the game's move type adds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveInfo {
    /// The move's text, landing path and captured squares.
    pub record: MoveRecord,
    /// True if a piece is crowned during the move.
    pub promotes: bool,
    /// The piece taken off before the move in Fuk (a huff), if any.
    pub huffed: Option<Square>,
}

impl MoveInfo {
    /// The move's identity across positions: its landing path and captured squares.
    pub fn identity(&self) -> (&[Square], Bitboard) {
        (self.record.path.squares(), self.record.captured)
    }
}

/// One running draw counter (or game rule counter) of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    /// The rule's name, as the game words it.
    pub name: &'static str,
    /// Its count in plies.
    pub plies: u16,
    /// Plies left before the rule draws the game; `None` when the rule is switched off.
    pub left: Option<u16>,
}

/// A game of any variant with its history. Every method leaves the state unchanged on error.
pub trait GameState: Send + Sync {
    /// The game being played.
    fn variant(&self) -> Variant;
    /// The game's own option values it was started with (Ugolki's house).
    fn setup(&self) -> &Setup;
    /// A copy with the same history.
    fn boxed_clone(&self) -> Box<dyn GameState>;
    /// The FEN of the current position with its counters and move number.
    fn fen(&self) -> String;
    /// The FEN of the position the game started from.
    fn start_fen(&self) -> String;
    /// The Zobrist key of the current position.
    fn key(&self) -> u64;
    /// The side to move.
    fn side_to_move(&self) -> Side;
    /// The full move number, as the FEN's `F` field counts it.
    fn fullmove(&self) -> u32;
    /// The legal moves, sorted by their text.
    fn legal_moves(&self) -> Vec<MoveInfo>;
    /// The number of legal moves, counted without writing them.
    fn legal_move_count(&self) -> usize;
    /// The legal move a text names in the current position (not played).
    fn parse_move(&self, text: &str) -> Result<MoveInfo, NotationError>;
    /// Plays the move a text names.
    fn push_text(&mut self, text: &str) -> Result<MoveInfo, NotationError>;
    /// Plays the legal move with this landing path and these captured squares; failing an
    /// exact match, the one legal move with the same ends and captures.
    fn push_path(&mut self, path: &[Square], captured: Bitboard) -> Result<MoveInfo, String>;
    /// Takes back the last move.
    fn pop(&mut self) -> Option<MoveInfo>;
    /// The moves played since the start, in order.
    fn played(&self) -> &[MoveInfo];
    /// How the game stands.
    fn result(&self) -> GameResult;
    /// The rule that decided the result, in words, when the game names one (Ugolki).
    fn ending_rule(&self) -> Option<&'static str>;
    /// How often the current position has occurred since the last irreversible move.
    fn occurrences(&self) -> usize;
    /// The game's draw counters with their values and what is left of them.
    fn counters(&self) -> Vec<Counter>;
    /// The draw rules in force.
    fn draw_rules(&self) -> DrawRules;
    /// Switches draw rules from now on.
    fn set_draw_rules(&mut self, rules: DrawRules);
    /// The draw options of the game: threefold repetition and the game's own.
    fn draw_options(&self) -> Vec<DrawOption>;
    /// Perft of the current position, on this thread or over the rayon pool when `parallel`.
    fn perft(&self, depth: u32, counting: Counting, parallel: bool) -> u64;
    /// Perft below each legal move, the move's text first, sorted by that text.
    fn divide(&self, depth: u32, counting: Counting, parallel: bool) -> Vec<(String, u64)>;
    /// Every piece on a square, the top one first.
    fn stack_at(&self, square: Square) -> Vec<Piece>;
    /// Every square of the board, in the board's order.
    fn squares(&self) -> Vec<Square>;
    /// A square's name in the game's notation.
    fn square_name(&self, square: Square) -> String;
    /// A square of the board from its name (algebraic) or PDN number.
    fn parse_square(&self, text: &str) -> Option<Square>;
    /// The square of a PDN number on this board.
    fn square_of_number(&self, number: u8) -> Option<Square>;
    /// The board drawn in text, White at the bottom.
    fn board_picture(&self) -> Vec<String>;
    /// The static evaluation for the side to move, in hundredths of a man.
    fn evaluate(&self) -> i32;
}

/// The state of one game `G`: the record now and before every move played.
#[derive(Clone)]
struct History<G: Game> {
    setup: Setup,
    /// The record before each move of `played`.
    before: Vec<Record<G>>,
    played: Vec<MoveInfo>,
    current: Record<G>,
}

/// What the Python side shows of a legal move `mv` of `pos`.
fn info<G: Game>(pos: &G::Position, mv: G::Move) -> MoveInfo {
    MoveInfo {
        record: G::move_record(pos, mv),
        promotes: mv.promotes(),
        huffed: mv.huffed(),
    }
}

impl<G: Game> History<G> {
    fn play(&mut self, mv: G::Move) -> MoveInfo {
        let played = info::<G>(self.current.position(), mv);
        self.before.push(self.current.clone());
        self.current.play(mv);
        self.played.push(played.clone());
        played
    }
}

impl<G: Game> GameState for History<G> {
    fn variant(&self) -> Variant {
        Variant::of::<G>()
    }

    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn boxed_clone(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }

    fn fen(&self) -> String {
        self.current.fen()
    }

    fn start_fen(&self) -> String {
        self.before.first().unwrap_or(&self.current).fen()
    }

    fn key(&self) -> u64 {
        G::key(self.current.position())
    }

    fn side_to_move(&self) -> Side {
        G::side_to_move(self.current.position())
    }

    fn fullmove(&self) -> u32 {
        self.current.fullmove()
    }

    fn legal_moves(&self) -> Vec<MoveInfo> {
        let pos = self.current.position();
        let mut moves: Vec<MoveInfo> = self
            .current
            .legal_moves()
            .iter()
            .map(|&mv| info::<G>(pos, mv))
            .collect();
        moves.sort_unstable_by(|a, b| a.record.text.cmp(&b.record.text));
        moves
    }

    fn legal_move_count(&self) -> usize {
        let mut scratch = damka_rules::moves::MoveList::new();
        G::count_moves(self.current.position(), &mut scratch)
    }

    fn parse_move(&self, text: &str) -> Result<MoveInfo, NotationError> {
        let pos = self.current.position();
        G::parse_move(pos, text).map(|mv| info::<G>(pos, mv))
    }

    fn push_text(&mut self, text: &str) -> Result<MoveInfo, NotationError> {
        let mv = G::parse_move(self.current.position(), text)?;
        Ok(self.play(mv))
    }

    fn push_path(&mut self, path: &[Square], captured: Bitboard) -> Result<MoveInfo, String> {
        let pos = *self.current.position();
        let (Some(&from), Some(&to)) = (path.first(), path.last()) else {
            return Err("a move needs a start and an end square".to_string());
        };
        let same_ends: Vec<G::Move> = self
            .current
            .legal_moves()
            .iter()
            .copied()
            .filter(|mv| mv.from() == from && mv.to() == to && mv.captured() == captured)
            .collect();
        let exact = same_ends
            .iter()
            .copied()
            .find(|&mv| G::move_record(&pos, mv).path.squares() == path);
        let found = match (exact, same_ends.as_slice()) {
            (Some(mv), _) => mv,
            // Another path of the same move (the draughts games list one path per move).
            // Another path of the same move: the draughts games list one path per move. A tower
            // move's path decides which pieces it takes, so there it must match exactly.
            (None, [only]) if !G::STACKS => *only,
            _ => {
                let names: Vec<String> = path.iter().map(|&sq| G::square_name(sq)).collect();
                return Err(format!(
                    "'{}' is not a legal move in this position",
                    names.join("-")
                ));
            }
        };
        Ok(self.play(found))
    }

    fn pop(&mut self) -> Option<MoveInfo> {
        let before = self.before.pop()?;
        self.current = before;
        self.played.pop()
    }

    fn played(&self) -> &[MoveInfo] {
        &self.played
    }

    fn result(&self) -> GameResult {
        self.current.result()
    }

    fn ending_rule(&self) -> Option<&'static str> {
        self.current.ending_rule()
    }

    fn occurrences(&self) -> usize {
        self.current.occurrences()
    }

    fn counters(&self) -> Vec<Counter> {
        let pos = self.current.position();
        let counters = self.current.counters();
        let remaining = G::counters_remaining(&counters, self.current.rules(), pos);
        G::counters_shown(&counters, pos)
            .into_iter()
            .map(|(reason, plies)| Counter {
                name: reason.name(),
                plies,
                left: remaining
                    .iter()
                    .find(|(r, _)| *r == reason)
                    .map(|(_, left)| left),
            })
            .collect()
    }

    fn draw_rules(&self) -> DrawRules {
        *self.current.rules()
    }

    fn set_draw_rules(&mut self, rules: DrawRules) {
        self.current.set_rules(rules);
        for record in &mut self.before {
            record.set_rules(rules);
        }
    }

    fn draw_options(&self) -> Vec<DrawOption> {
        std::iter::once(REPETITION)
            .chain(G::DRAW_OPTIONS.iter().copied())
            .collect()
    }

    fn perft(&self, depth: u32, counting: Counting, parallel: bool) -> u64 {
        let pos = self.current.position();
        if parallel {
            perft::parallel_perft::<G>(pos, depth, counting)
        } else {
            perft::perft::<G>(pos, depth, counting)
        }
    }

    fn divide(&self, depth: u32, counting: Counting, parallel: bool) -> Vec<(String, u64)> {
        let pos = self.current.position();
        let mut lines: Vec<(String, u64)> =
            perft::divide_reporting::<G>(pos, depth, counting, parallel, &mut |_, _, _| {})
                .into_iter()
                .map(|(mv, n)| (G::move_text(pos, mv), n))
                .collect();
        lines.sort();
        lines
    }

    fn stack_at(&self, square: Square) -> Vec<Piece> {
        G::stack_at(self.current.position(), square)
    }

    fn squares(&self) -> Vec<Square> {
        <G::Board as damka_rules::board::Geometry>::squares().collect()
    }

    fn square_name(&self, square: Square) -> String {
        G::square_name(square)
    }

    fn parse_square(&self, text: &str) -> Option<Square> {
        notation::parse_fen_square::<G::Board>(text).ok()
    }

    fn square_of_number(&self, number: u8) -> Option<Square> {
        <G::Board as damka_rules::board::Geometry>::from_number(number)
    }

    fn board_picture(&self) -> Vec<String> {
        G::board_picture(self.current.position())
    }

    fn evaluate(&self) -> i32 {
        G::evaluate(self.current.position(), &G::weights()).0
    }
}

/// The draw rules of `variant` with the given options changed (names in any case; switches
/// take 0 or 1, lengths their move counts). Unknown names and values out of range are errors
/// that say what the game has.
pub fn draw_rules(variant: Variant, changes: &[(String, u16)]) -> Result<DrawRules, String> {
    let options: Vec<DrawOption> = std::iter::once(REPETITION)
        .chain(with_game!(variant, G => G::DRAW_OPTIONS).iter().copied())
        .collect();
    let mut rules = DrawRules::default();
    for (name, value) in changes {
        let option = options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| {
                let known: Vec<&str> = options.iter().map(|o| o.name).collect();
                format!(
                    "{variant} has no draw rule '{name}' (it has: {})",
                    known.join(", ")
                )
            })?;
        rules.set(option, *value)?;
    }
    Ok(rules)
}

/// The game's own option values (Ugolki's house) from `(name, value)` pairs; unknown names and
/// values are errors that say what the game has.
pub fn setup(variant: Variant, values: &[(&str, &str)]) -> Result<Setup, String> {
    let own = with_game!(variant, G => G::OPTIONS);
    let mut setup = Setup::default();
    for (name, value) in values {
        let option = own
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("{variant} has no option '{name}'"))?;
        setup.set(option, value)?;
    }
    Ok(setup)
}

/// A new game of `variant` under `setup` and `rules`, from a FEN or the initial position.
pub fn new_game(
    variant: Variant,
    fen: Option<&str>,
    setup: &Setup,
    rules: DrawRules,
) -> Result<Box<dyn GameState>, NotationError> {
    with_game!(variant, G => {
        let current = match fen {
            Some(text) => Record::<G>::from_fen_with(text, setup, rules)?,
            None => Record::<G>::startpos_with(setup, rules),
        };
        Ok(Box::new(History::<G> {
            setup: setup.clone(),
            before: Vec::new(),
            played: Vec::new(),
            current,
        }) as Box<dyn GameState>)
    })
}

/// The FEN of `variant`'s initial position under `setup` (with its counters).
pub fn start_fen(variant: Variant, setup: &Setup) -> String {
    with_game!(variant, G => Record::<G>::startpos_with(setup, DrawRules::default()).fen())
}
