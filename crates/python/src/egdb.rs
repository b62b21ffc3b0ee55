//! Endgame databases from Python: probing a board ([`EndgameDatabase`]) and making the files
//! ([`generate_egdb`]), for every draughts game damka builds them for (Russian, Brazilian,
//! International, giveaway). The engine probes them itself when given `egdb_path`.

use crate::board::Board;
use crate::errors::{EgdbError, VariantError};
use crate::moves::Move;
use damka_engine::egdb::generate;
use damka_engine::egdb::{self, Egdb, EgdbRules, Value};
use damka_engine::with_egdb_rules;
use damka_rules::game::{Game, GameMove, Record};
use damka_rules::games::Variant;
use damka_rules::games::draughts::Draughts;
use pyo3::prelude::*;
use std::path::{Path, PathBuf};

/// What the databases store for a position.
#[pyclass(module = "damka", frozen, get_all)]
#[derive(Clone)]
pub struct Probe {
    /// ``"win"``, ``"draw"`` or ``"loss"`` for the side to move, by the rules of play alone
    /// (no draw counters, no repetition).
    pub value: &'static str,
    /// Plies to the next capture or man move on the best path (the winner hurrying, the loser
    /// delaying); 0 for a draw.
    pub distance: u8,
    /// The moves that keep the value best (for a win: the fastest), sorted by their text.
    pub best_moves: Vec<Move>,
}

#[pymethods]
impl Probe {
    fn __repr__(&self) -> String {
        format!("<Probe {} distance {}>", self.value, self.distance)
    }
}

/// One game's databases with the game's type put aside.
trait AnyDatabase: Send + Sync {
    /// The stored value and best moves of a board of the databases' game.
    fn probe(&self, py: Python<'_>, board: &Board) -> PyResult<Option<Probe>>;
    /// The search's score under the board's counters.
    fn score(&self, py: Python<'_>, board: &Board) -> PyResult<Option<i32>>;
    fn pieces(&self) -> u32;
    fn dir(&self) -> &Path;
}

/// The databases of game `R`.
struct Typed<R: EgdbRules>(Egdb<R>);

impl<R: EgdbRules> Typed<R> {
    /// The record of a board, or an error for a board of another game.
    fn record(board: &Board) -> PyResult<Record<Draughts<R>>> {
        let variant = Variant::of::<Draughts<R>>();
        if board.state.variant() != variant {
            return Err(VariantError::new_err(format!(
                "these endgame databases are of {variant}, not {}",
                board.state.variant()
            )));
        }
        Record::<Draughts<R>>::from_fen(&board.state.fen(), board.state.draw_rules())
            .map_err(|e| EgdbError::new_err(format!("bad FEN: {e}")))
    }
}

impl<R: EgdbRules> AnyDatabase for Typed<R> {
    fn probe(&self, py: Python<'_>, board: &Board) -> PyResult<Option<Probe>> {
        let record = Self::record(board)?;
        let pos = *record.position();
        let found = py.detach(|| self.0.best_moves(&pos));
        let errors = self.0.take_errors();
        if !errors.is_empty() {
            return Err(EgdbError::new_err(errors.join("; ")));
        }
        let Some((entry, moves)) = found else {
            return Ok(None);
        };
        let variant = Variant::of::<Draughts<R>>();
        let mut best: Vec<Move> = moves
            .into_iter()
            .map(|mv| {
                let info = crate::game::MoveInfo {
                    record: Draughts::<R>::move_record(&pos, mv),
                    promotes: GameMove::promotes(mv),
                    huffed: None,
                };
                Move::new(variant, info)
            })
            .collect();
        best.sort_by(|a, b| a.info.record.text.cmp(&b.info.record.text));
        Ok(Some(Probe {
            value: match entry.value {
                Value::Win => "win",
                Value::Draw => "draw",
                Value::Loss => "loss",
            },
            distance: entry.distance,
            best_moves: best,
        }))
    }

    fn score(&self, py: Python<'_>, board: &Board) -> PyResult<Option<i32>> {
        let record = Self::record(board)?;
        let (pos, counters, rules) = (*record.position(), record.counters(), *record.rules());
        let score = py.detach(|| self.0.score(&pos, &counters, &rules));
        Ok(score.map(|s| s.0))
    }

    fn pieces(&self) -> u32 {
        self.0.pieces()
    }

    fn dir(&self) -> &Path {
        self.0.dir()
    }
}

/// A game damka builds databases for, by name.
fn egdb_variant(name: &str) -> PyResult<Variant> {
    let variant: Variant = name
        .parse()
        .map_err(|e| VariantError::new_err(format!("{e}")))?;
    if egdb::has_databases(variant) {
        Ok(variant)
    } else {
        Err(VariantError::new_err(format!(
            "damka builds endgame databases for russian, brazilian, international and \
             giveaway, not {variant}"
        )))
    }
}

/// damka's endgame databases of one draughts game (``variant``: russian, brazilian,
/// international or giveaway) in a directory, for positions of up to ``pieces`` pieces (2 to
/// 7), loaded file by file on first use.
#[pyclass(module = "damka", frozen)]
pub struct EndgameDatabase {
    variant: Variant,
    egdb: Box<dyn AnyDatabase>,
}

#[pymethods]
impl EndgameDatabase {
    #[new]
    #[pyo3(signature = (path, pieces = 5, variant = "russian"))]
    fn py_new(path: PathBuf, pieces: u32, variant: &str) -> PyResult<EndgameDatabase> {
        let variant = egdb_variant(variant)?;
        let opened = with_egdb_rules!(variant, R => Egdb::<R>::open(&path, pieces)
            .map(|egdb| Box::new(Typed(egdb)) as Box<dyn AnyDatabase>));
        match opened {
            Some(Ok(egdb)) => Ok(EndgameDatabase { variant, egdb }),
            Some(Err(e)) => Err(EgdbError::new_err(e)),
            None => Err(VariantError::new_err(format!("no databases for {variant}"))),
        }
    }

    /// The stored value of a board of the databases' game, or None when the databases do not
    /// have it (too many pieces, a file missing). Raises EgdbError for a file that is there
    /// but unreadable, VariantError for a board of another game.
    fn probe(&self, py: Python<'_>, board: &Board) -> PyResult<Option<Probe>> {
        self.egdb.probe(py, board)
    }

    /// The score the search gives the board from the databases under its draw counters (in
    /// hundredths of a man for the side to move; wins are 20000 less the distance), or None
    /// when they do not decide it.
    fn score(&self, py: Python<'_>, board: &Board) -> PyResult<Option<i32>> {
        self.egdb.score(py, board)
    }

    /// The most pieces a position may have to be probed.
    #[getter]
    fn pieces(&self) -> u32 {
        self.egdb.pieces()
    }

    /// The game of the databases.
    #[getter]
    fn variant(&self) -> &'static str {
        self.variant.name()
    }

    fn __repr__(&self) -> String {
        format!(
            "<EndgameDatabase {} {} up to {} pieces>",
            self.variant.name(),
            self.egdb.dir().display(),
            self.egdb.pieces()
        )
    }
}

/// Generates every database of ``variant`` (russian, brazilian, international or giveaway)
/// of up to ``pieces`` pieces in ``path`` (files already there and sound are kept) and
/// returns the number of files. 3 pieces take a second or two, 5 pieces minutes; the GIL is
/// released meanwhile.
#[pyfunction]
#[pyo3(signature = (path, pieces = 3, variant = "russian"))]
pub fn generate_egdb(py: Python<'_>, path: PathBuf, pieces: u32, variant: &str) -> PyResult<usize> {
    if !(2..=7).contains(&pieces) {
        return Err(EgdbError::new_err(format!(
            "pieces is between 2 and 7, not {pieces}"
        )));
    }
    let variant = egdb_variant(variant)?;
    let made = py.detach(|| {
        with_egdb_rules!(variant, R => generate::generate::<R>(&path, pieces, |_| {})
            .map(|(reports, _)| reports.len())
            .map_err(|e| e.to_string()))
    });
    match made {
        Some(Ok(files)) => Ok(files),
        Some(Err(e)) => Err(EgdbError::new_err(format!("generation failed: {e}"))),
        None => Err(VariantError::new_err(format!("no databases for {variant}"))),
    }
}
