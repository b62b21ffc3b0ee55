//! PDN from Python: [`read_pdn`] reads any number of games of any variant (damka's match
//! runner and web board, lidraughts' `GameType` tags) into [`PdnGame`]s, and a
//! [`Board`](crate::board::Board)'s game is written back with the rules crate's writer.

use crate::board::Board;
use crate::errors::{PdnError, VariantError};
use crate::game::{self, GameState};
use crate::record;
use crate::variant;
use damka_rules::games::Variant;
use damka_rules::option::Setup;
use damka_rules::pdn;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The game a PDN game's tags name: the `Variant` tag (a damka name or alias), else the
/// number of `GameType` (its first field: lidraughts writes `20,W,10,10,N2,0` too), else
/// International, PDN's default game.
fn variant_of(game: &pdn::PdnGame) -> Result<Variant, String> {
    if let Some(name) = game.tag("Variant")
        && let Ok(variant) = variant::parse(name)
    {
        return Ok(variant);
    }
    match game.tag("GameType") {
        Some(text) => {
            let first = text.split(',').next().unwrap_or("").trim();
            first
                .parse::<u32>()
                .ok()
                .and_then(pdn::game_of_type)
                .ok_or_else(|| match game.tag("Variant") {
                    Some(name) => format!(
                        "neither Variant \"{name}\" nor GameType \"{text}\" is a game damka plays"
                    ),
                    None => format!("GameType \"{text}\" is not a game damka plays"),
                })
        }
        None => match game.tag("Variant") {
            Some(name) => Err(format!("Variant \"{name}\" is not a game damka plays")),
            None => Ok(Variant::International),
        },
    }
}

/// A move text written with PDN numbers on a board whose notation names squares (lidraughts'
/// numbered 8×8 games), rewritten with the square names; `None` if it is not such a text.
fn named_squares(state: &dyn GameState, text: &str) -> Option<String> {
    let parts: Vec<&str> = text.split(['-', 'x', 'X', ':']).collect();
    if parts.len() < 2
        || !parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let names: Vec<String> = parts
        .iter()
        .map(|p| {
            let square = state.square_of_number(p.parse().ok()?)?;
            Some(state.square_name(square))
        })
        .collect::<Option<_>>()?;
    if names.iter().zip(&parts).all(|(name, part)| name == part) {
        return None;
    }
    let capture = text.contains(['x', 'X', ':']);
    Some(names.join(if capture { ":" } else { "-" }))
}

/// One game of a PDN text: its tags, its moves as written and its result.
#[pyclass(module = "damka", frozen)]
#[derive(Clone)]
pub struct PdnGame {
    pub(crate) game: pdn::PdnGame,
    /// The game `read_pdn` was told all games are of, if it was.
    forced: Option<Variant>,
}

impl PdnGame {
    fn resolved_variant(&self) -> PyResult<Variant> {
        match self.forced {
            Some(variant) => Ok(variant),
            None => variant_of(&self.game).map_err(VariantError::new_err),
        }
    }

    /// The game replayed to ply `ply` (all of it when `None`).
    fn replay(&self, ply: Option<usize>) -> PyResult<Board> {
        let variant = self.resolved_variant()?;
        let fen = self
            .game
            .tag("FEN")
            .map(str::trim)
            .filter(|f| !f.is_empty());
        let mut state = game::new_game(
            variant,
            fen,
            &Setup::default(),
            damka_rules::draw::DrawRules::default(),
        )
        .map_err(|e| PdnError::new_err(format!("FEN tag: {e}")))?;
        let count = ply.unwrap_or(self.game.moves.len());
        if count > self.game.moves.len() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "the game has {} moves, not {count}",
                self.game.moves.len()
            )));
        }
        for (i, text) in self.game.moves[..count].iter().enumerate() {
            if let Err(error) = state.push_text(text) {
                let renamed = named_squares(state.as_ref(), text);
                if renamed.is_none_or(|t| state.push_text(&t).is_err()) {
                    return Err(PdnError::new_err(format!(
                        "move {} ({text}): {error}",
                        i + 1
                    )));
                }
            }
        }
        Ok(Board::from_state(state))
    }
}

#[pymethods]
impl PdnGame {
    /// The tags in file order, as a dict.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in &self.game.tags {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// The value of a tag, or None.
    fn tag(&self, name: &str) -> Option<String> {
        self.game.tag(name).map(str::to_string)
    }

    /// The moves as written in the file, without numbers (``c3-d4``, ``c3xe5xc7``, ``32-28``).
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.game.moves.clone()
    }

    /// The result as written: ``"2-0"``, ``"0-2"``, ``"1-1"`` or ``"*"`` (``1-0`` and
    /// ``1/2-1/2`` are read as these).
    #[getter]
    fn result(&self) -> &'static str {
        self.game.result.token()
    }

    /// The game's name, from the ``Variant`` tag, else ``GameType`` (20 International, 25
    /// Russian, 26 Brazilian, ...), else International; VariantError if damka does not play it.
    #[getter]
    fn variant(&self) -> PyResult<&'static str> {
        self.resolved_variant().map(Variant::name)
    }

    /// The FEN the game starts from (the ``FEN`` tag), or None for the initial position.
    #[getter]
    fn start_fen(&self) -> Option<String> {
        self.game
            .tag("FEN")
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .map(str::to_string)
    }

    /// The game replayed on a Board: after ``ply`` moves, or all of them. Raises PdnError
    /// naming the first move that is not legal (numbered moves on an algebraic board, as
    /// some sites write them, are read too).
    #[pyo3(signature = (ply = None))]
    fn board(&self, ply: Option<usize>) -> PyResult<Board> {
        self.replay(ply)
    }

    /// The game as PDN text.
    fn pdn(&self) -> String {
        self.game.to_text()
    }

    fn __str__(&self) -> String {
        self.game.to_text()
    }

    fn __len__(&self) -> usize {
        self.game.moves.len()
    }

    fn __repr__(&self) -> String {
        let name = |tag: &str| self.game.tag(tag).unwrap_or("?").to_string();
        format!(
            "<PdnGame {} - {} {} ({} moves)>",
            name("White"),
            name("Black"),
            self.game.result.token(),
            self.game.moves.len()
        )
    }
}

/// Reads every game of a PDN text. ``variant`` makes every game one of that game, whatever
/// its tags say. Raises PdnError (with the line) for text that is not PDN.
#[pyfunction]
#[pyo3(signature = (text, variant = None))]
pub fn read_pdn(text: &str, variant: Option<&str>) -> PyResult<Vec<PdnGame>> {
    let forced = variant.map(variant::parse).transpose()?;
    let games = pdn::read(text).map_err(|e| PdnError::new_err(e.to_string()))?;
    Ok(games
        .into_iter()
        .map(|game| PdnGame { game, forced })
        .collect())
}

/// Reads every game of a PDN file (UTF-8); see ``read_pdn``.
#[pyfunction]
#[pyo3(signature = (path, variant = None))]
pub fn read_pdn_file(path: std::path::PathBuf, variant: Option<&str>) -> PyResult<Vec<PdnGame>> {
    let text = std::fs::read_to_string(&path)?;
    read_pdn(&text, variant)
}

/// PDN text of several games: each a PdnGame or a Board (written as ``Board.pdn()``).
#[pyfunction]
pub fn write_pdn(games: &Bound<'_, PyAny>) -> PyResult<String> {
    let mut text = String::new();
    for item in games.try_iter()? {
        let item = item?;
        if let Ok(game) = item.cast::<PdnGame>() {
            text.push_str(&game.get().game.to_text());
        } else if let Ok(board) = item.cast::<Board>() {
            let board = board.borrow();
            text.push_str(&record::pdn_game(board.state.as_ref(), &[]).to_text());
        } else {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "write_pdn takes PdnGame and Board objects",
            ));
        }
    }
    Ok(text)
}
