//! [`Board`]: a game of any of damka's games in progress, with the python-chess and pydraughts
//! idioms Python users expect (`legal_moves`, `push`, `pop`, `fen`, `is_game_over`, `result`).

use crate::errors::{fen_error, move_error, option_error};
use crate::game::{self, Counter, GameState};
use crate::moves::Move;
use crate::record;
use crate::variant;
use damka_rules::draw::{DrawKind, DrawRules};
use damka_rules::game::{Counting, Game, GameResult};
use damka_rules::games::Variant;
use damka_rules::notation;
use damka_rules::option::Setup;
use damka_rules::pdn::PdnResult;
use damka_rules::types::{Side, Square};
use damka_rules::with_game;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

/// The name of Ugolki's house option, the one game option damka has.
const HOUSE: &str = "UgolkiHouse";

/// A game of one of damka's games, from its start or a FEN, with the moves played since.
///
/// ``Board(variant="russian", fen=None, *, house=None, draw_rules=None)``: ``variant`` is a
/// game name (``damka.VARIANTS``); ``fen`` a position in the game's FEN (counters and move
/// number included, as ``Board.fen`` writes it); ``house`` Ugolki's house (``"3x3"``,
/// ``"3x4"``, ``"triangle"``) for the start and for a FEN without an ``H`` field;
/// ``draw_rules`` changes to the game's draw rules, by name (``{"Draw Repetition": False}``;
/// see ``Board.draw_rules``).
#[pyclass(module = "damka")]
pub struct Board {
    pub(crate) state: Box<dyn GameState>,
}

/// A side's name as Python sees it.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// Draw rule changes from a Python dict: switches as bools, lengths as move counts.
fn rule_changes(rules: &Bound<'_, PyDict>) -> PyResult<Vec<(String, u16)>> {
    let mut changes = Vec::new();
    for (name, value) in rules.iter() {
        let name: String = name
            .extract()
            .map_err(|_| PyTypeError::new_err("draw rule names are strings"))?;
        let value: u16 = if value.is_instance_of::<PyBool>() {
            u16::from(value.extract::<bool>()?)
        } else {
            value.extract().map_err(|_| {
                option_error(format!(
                    "draw rule '{name}' takes True/False or a number of moves, not {value}"
                ))
            })?
        };
        changes.push((name, value));
    }
    Ok(changes)
}

impl Board {
    /// A board over `state`.
    pub fn from_state(state: Box<dyn GameState>) -> Board {
        Board { state }
    }

    /// A new game of `variant` from `fen` (or the start) under the house and draw rule
    /// changes given.
    pub fn create(
        variant: Variant,
        fen: Option<&str>,
        house: Option<&str>,
        rules: DrawRules,
    ) -> PyResult<Board> {
        let setup = house_setup(variant, house)?;
        let state = game::new_game(variant, fen, &setup, rules).map_err(|e| fen_error(&e))?;
        Ok(Board { state })
    }

    /// The square a Python argument names: a name or number in the game's notation.
    fn square(&self, square: &Bound<'_, PyAny>) -> PyResult<Square> {
        let found = if let Ok(number) = square.extract::<u8>() {
            self.state.square_of_number(number)
        } else if let Ok(name) = square.extract::<String>() {
            self.state.parse_square(&name)
        } else {
            return Err(PyTypeError::new_err(
                "a square is a name such as 'c3' or a number",
            ));
        };
        found.ok_or_else(|| {
            PyValueError::new_err(format!(
                "{square} is not a playable square of the {} board",
                self.state.variant()
            ))
        })
    }

    /// The pieces on a square as letters, the top one first.
    fn letters(&self, square: Square) -> String {
        self.state
            .stack_at(square)
            .into_iter()
            .map(notation::piece_letter)
            .collect()
    }

    fn wrap(&self, info: crate::game::MoveInfo) -> Move {
        Move::new(self.state.variant(), info)
    }
}

/// The setup of a game under an Ugolki house, if one is given; an error for a game without one.
pub fn house_setup(variant: Variant, house: Option<&str>) -> PyResult<Setup> {
    match house {
        None => Ok(Setup::default()),
        Some(house) => {
            let has_house = with_game!(variant, G => G::OPTIONS)
                .iter()
                .any(|o| o.name == HOUSE);
            if !has_house {
                return Err(option_error(format!(
                    "{variant} has no house (only Ugolki has)"
                )));
            }
            game::setup(variant, &[(HOUSE, house)]).map_err(option_error)
        }
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (variant = "russian", fen = None, *, house = None, draw_rules = None))]
    fn py_new(
        variant: &str,
        fen: Option<&str>,
        house: Option<&str>,
        draw_rules: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Board> {
        let variant = variant::parse(variant)?;
        let changes = match draw_rules {
            Some(rules) => rule_changes(rules)?,
            None => Vec::new(),
        };
        let rules = game::draw_rules(variant, &changes).map_err(option_error)?;
        Board::create(variant, fen, house, rules)
    }

    /// The game's name (``russian``, ``ugolki-diagonal``, ...).
    #[getter]
    fn variant(&self) -> &'static str {
        self.state.variant().name()
    }

    /// The game's name in titles (``Russian checkers``).
    #[getter]
    fn title(&self) -> &'static str {
        self.state.variant().title()
    }

    /// The FEN of the current position with its draw counters and move number.
    #[getter]
    fn fen(&self) -> String {
        self.state.fen()
    }

    /// The FEN of the position the game started from.
    #[getter]
    fn start_fen(&self) -> String {
        self.state.start_fen()
    }

    /// The side to move: ``"white"`` or ``"black"``.
    #[getter]
    fn turn(&self) -> &'static str {
        side_name(self.state.side_to_move())
    }

    /// The full move number (1 at the start, up by one after each Black move).
    #[getter]
    fn fullmove(&self) -> u32 {
        self.state.fullmove()
    }

    /// The number of moves played on this board (plies).
    #[getter]
    fn ply(&self) -> usize {
        self.state.played().len()
    }

    /// The position's Zobrist key (a 64-bit int; the engine's hash key).
    #[getter]
    fn key(&self) -> u64 {
        self.state.key()
    }

    /// Ugolki's house (``"3x3"``, ``"3x4"`` or ``"triangle"``); None in the other games.
    #[getter]
    fn house(&self) -> Option<String> {
        let option = *with_game!(self.state.variant(), G => G::OPTIONS)
            .iter()
            .find(|o| o.name == HOUSE)?;
        // The FEN names the house in an `H` field unless it is the default.
        let fen = self.state.fen();
        let named = fen.split(':').skip(1).find_map(|field| {
            let value = field.trim().strip_prefix(['H', 'h'])?;
            (!value.is_empty() && !value.bytes().all(|b| b.is_ascii_digit()))
                .then(|| value.to_string())
        });
        Some(named.unwrap_or_else(|| option.kind.default_text()))
    }

    /// The legal moves, sorted by their text.
    #[getter]
    fn legal_moves(&self) -> Vec<Move> {
        let variant = self.state.variant();
        self.state
            .legal_moves()
            .into_iter()
            .map(|info| Move::new(variant, info))
            .collect()
    }

    /// The number of legal moves (faster than ``len(board.legal_moves)``).
    fn legal_move_count(&self) -> usize {
        self.state.legal_move_count()
    }

    /// The legal move a text names, without playing it. Raises MoveError if it names none.
    fn parse_move(&self, text: &str) -> PyResult<Move> {
        self.state
            .parse_move(text)
            .map(|info| self.wrap(info))
            .map_err(move_error)
    }

    /// True if ``move`` (a Move or a text) is legal here.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(mv) = r#move.cast::<Move>() {
            let mv = mv.get();
            if mv.variant != self.state.variant() {
                return Ok(false);
            }
            let identity = mv.info.identity();
            return Ok(self
                .state
                .legal_moves()
                .iter()
                .any(|m| m.identity() == identity));
        }
        let text: String = r#move
            .extract()
            .map_err(|_| PyTypeError::new_err("a move is a damka.Move or a text"))?;
        Ok(self.state.parse_move(&text).is_ok())
    }

    /// Plays a move, given as a Move or as a text in the game's notation as the engine reads
    /// it (``"c3-d4"``, a capture by its landing squares ``"c3:e5:c7"`` or any shortening only
    /// one legal move matches, ``"28x19"``). Returns the Move played; raises MoveError, and
    /// changes nothing, if the move is not legal.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Move> {
        if let Ok(mv) = r#move.cast::<Move>() {
            let mv = mv.get();
            if mv.variant != self.state.variant() {
                return Err(move_error(format!(
                    "{} is a move of {}, not of {}",
                    mv.info.record.text,
                    mv.variant,
                    self.state.variant()
                )));
            }
            let (path, captured) = mv.info.identity();
            let path = path.to_vec();
            return self
                .state
                .push_path(&path, captured)
                .map(|info| self.wrap(info))
                .map_err(move_error);
        }
        let text: String = r#move
            .extract()
            .map_err(|_| PyTypeError::new_err("a move is a damka.Move or a text"))?;
        self.state
            .push_text(&text)
            .map(|info| self.wrap(info))
            .map_err(move_error)
    }

    /// Takes back the last move and returns it; IndexError if none was played.
    fn pop(&mut self) -> PyResult<Move> {
        self.state
            .pop()
            .map(|info| self.wrap(info))
            .ok_or_else(|| PyIndexError::new_err("pop from a board with no move played"))
    }

    /// The last move played, or None.
    fn peek(&self) -> Option<Move> {
        self.state
            .played()
            .last()
            .map(|info| self.wrap(info.clone()))
    }

    /// The moves played on this board since its start, in order.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.state
            .played()
            .iter()
            .map(|info| self.wrap(info.clone()))
            .collect()
    }

    /// A copy with the same moves (so ``pop`` works on it too).
    fn copy(&self) -> Board {
        Board {
            state: self.state.boxed_clone(),
        }
    }

    fn __copy__(&self) -> Board {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.copy()
    }

    /// True once the game has ended: a side without a move, a draw rule, an Ugolki ending.
    fn is_game_over(&self) -> bool {
        self.state.result() != GameResult::Ongoing
    }

    /// The result as PDN writes it: ``"2-0"`` (White won), ``"0-2"``, ``"1-1"`` (draw) or
    /// ``"*"`` (the game goes on).
    fn result(&self) -> &'static str {
        PdnResult::from(self.state.result()).token()
    }

    /// How the game ended (winner, reason, rule, result), or None while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        let result = self.state.result();
        let rule = self.state.ending_rule();
        let token = PdnResult::from(result).token();
        let (winner, reason) = match result {
            GameResult::Ongoing => return None,
            GameResult::Win(side) => {
                let reason = match rule {
                    Some(rule) => rule.to_string(),
                    None if side == self.state.side_to_move() => {
                        "the side to move has no legal move, which wins this game".to_string()
                    }
                    None => "the side to move has no legal move".to_string(),
                };
                (Some(side_name(side)), reason)
            }
            GameResult::Draw(reason) => (None, reason.name().to_string()),
        };
        Some(Outcome {
            winner,
            reason,
            rule,
            result: token,
        })
    }

    /// How many times the current position has occurred (same placement, same side to
    /// move) since the last irreversible move, counting this time: 3 is a draw where the
    /// repetition rule is on.
    fn repetitions(&self) -> usize {
        self.state.occurrences()
    }

    /// The game's draw counters now: each rule's name, its count in plies and the plies left
    /// before it draws (None where the rule is switched off).
    fn draw_counters(&self) -> Vec<DrawCounter> {
        self.state
            .counters()
            .into_iter()
            .map(|Counter { name, plies, left }| DrawCounter {
                name: name.to_string(),
                plies,
                left,
            })
            .collect()
    }

    /// The draw rules in force: each rule of the game by name, True/False for a switch, the
    /// number of moves for a length.
    #[getter]
    fn draw_rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let rules = self.state.draw_rules();
        let dict = PyDict::new(py);
        for option in self.state.draw_options() {
            match option.kind {
                DrawKind::Switch { .. } => dict.set_item(option.name, rules.is_on(&option))?,
                DrawKind::Length { .. } => dict.set_item(option.name, rules.length(&option))?,
            }
        }
        Ok(dict)
    }

    /// Changes draw rules from now on (the rules not named keep their values).
    fn set_draw_rules(&mut self, rules: &Bound<'_, PyDict>) -> PyResult<()> {
        let variant = self.state.variant();
        let mut all: Vec<(String, u16)> = Vec::new();
        let current = self.state.draw_rules();
        for option in self.state.draw_options() {
            all.push((option.name.to_string(), current.value(&option)));
        }
        all.extend(rule_changes(rules)?);
        let rules = game::draw_rules(variant, &all).map_err(option_error)?;
        self.state.set_draw_rules(rules);
        Ok(())
    }

    /// Counts the leaves of the move tree ``depth`` plies deep. ``paths=True`` counts every
    /// capture sequence of a move apart (the draughts games' ``paths`` perft). ``parallel``
    /// splits the count over all cores. Other Python threads run meanwhile.
    #[pyo3(signature = (depth, *, paths = false, parallel = false))]
    fn perft(&self, py: Python<'_>, depth: u32, paths: bool, parallel: bool) -> u64 {
        let counting = if paths {
            Counting::Paths
        } else {
            Counting::Moves
        };
        let state = &self.state;
        py.detach(|| state.perft(depth, counting, parallel))
    }

    /// Perft below each legal move: a dict from the move's text to its count.
    #[pyo3(signature = (depth, *, paths = false, parallel = false))]
    fn divide<'py>(
        &self,
        py: Python<'py>,
        depth: u32,
        paths: bool,
        parallel: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let counting = if paths {
            Counting::Paths
        } else {
            Counting::Moves
        };
        let state = &self.state;
        let lines = py.detach(|| state.divide(depth.max(1), counting, parallel));
        let dict = PyDict::new(py);
        for (text, count) in lines {
            dict.set_item(text, count)?;
        }
        Ok(dict)
    }

    /// The top piece on a square (``"w"``, ``"W"``, ``"b"``, ``"B"``: man or king), or None.
    /// A square is its name in the game's notation or its PDN number.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let square = self.square(square)?;
        Ok(self.letters(square).chars().next().map(String::from))
    }

    /// Every piece on a square, the top one first (towers in Bashni and Lasca), as letters.
    fn stack_at(&self, square: &Bound<'_, PyAny>) -> PyResult<String> {
        let square = self.square(square)?;
        Ok(self.letters(square))
    }

    /// The occupied squares: a dict from the square's name to its pieces, top first.
    #[getter]
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for square in self.state.squares() {
            let letters = self.letters(square);
            if !letters.is_empty() {
                dict.set_item(self.state.square_name(square), letters)?;
            }
        }
        Ok(dict)
    }

    /// Every playable square's name, in the board's order.
    #[getter]
    fn squares(&self) -> Vec<String> {
        self.state
            .squares()
            .into_iter()
            .map(|sq| self.state.square_name(sq))
            .collect()
    }

    /// The engine's static evaluation for the side to move, in hundredths of a man.
    fn evaluate(&self) -> i32 {
        self.state.evaluate()
    }

    /// The game as PDN text: the seven archival tags, ``GameType`` (and ``Variant`` where
    /// the number names another game), ``SetUp`` and ``FEN`` for a game that did not start
    /// from the initial position, then ``tags`` (``{"White": "me"}``) added or replacing them.
    #[pyo3(signature = (tags = None))]
    fn pdn(&self, tags: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        let mut extra = Vec::new();
        if let Some(tags) = tags {
            for (name, value) in tags.iter() {
                let name: String = name.extract()?;
                let value: String = value.str()?.extract()?;
                extra.push((name, value));
            }
        }
        Ok(record::pdn_game(self.state.as_ref(), &extra).to_text())
    }

    fn __str__(&self) -> String {
        self.state.board_picture().join("\n")
    }

    fn __repr__(&self) -> String {
        format!("<Board {} '{}'>", self.state.variant(), self.state.fen())
    }
}

/// How a game ended.
#[pyclass(module = "damka", frozen, get_all)]
#[derive(Clone)]
pub struct Outcome {
    /// ``"white"`` or ``"black"``, or None for a draw.
    pub winner: Option<&'static str>,
    /// Why the game ended, in words: the draw rule (``"threefold repetition"``, ``"15 moves
    /// with kings only"``), ``"the side to move has no legal move"``, or the game's own rule.
    pub reason: String,
    /// The numbered rule of the game that decided it, where the game numbers its endings
    /// (Ugolki: ``"rule 1: the opponent's house is filled"``); else None.
    pub rule: Option<&'static str>,
    /// The result as PDN writes it: ``"2-0"``, ``"0-2"`` or ``"1-1"``.
    pub result: &'static str,
}

#[pymethods]
impl Outcome {
    /// True for a draw.
    #[getter]
    fn is_draw(&self) -> bool {
        self.winner.is_none()
    }

    fn __repr__(&self) -> String {
        format!("<Outcome {}: {}>", self.result, self.__str__())
    }

    /// The result as damka's ``d`` command shows it: ``white wins``, ``draw (threefold
    /// repetition)``, with ``; <rule>`` where the game numbers its rules.
    fn __str__(&self) -> String {
        let mut text = match self.winner {
            Some(side) => format!("{side} wins"),
            None => format!("draw ({})", self.reason),
        };
        if let Some(rule) = self.rule {
            text.push_str(&format!("; {rule}"));
        }
        text
    }
}

/// One draw counter of a position.
#[pyclass(module = "damka", frozen, get_all)]
#[derive(Clone)]
pub struct DrawCounter {
    /// The rule's name as the game words it.
    pub name: String,
    /// Its count in plies.
    pub plies: u16,
    /// Plies left before the rule draws the game; None where the rule is switched off.
    pub left: Option<u16>,
}

#[pymethods]
impl DrawCounter {
    fn __repr__(&self) -> String {
        match self.left {
            Some(left) => format!(
                "<DrawCounter {}: {} plies, draw in {left}>",
                self.name, self.plies
            ),
            None => format!(
                "<DrawCounter {}: {} plies (rule off)>",
                self.name, self.plies
            ),
        }
    }
}
