//! Russian endgame databases from Python: probing a board ([`EndgameDatabase`]) and making
//! the files ([`generate_egdb`]). The engine probes them itself when given `egdb_path`.

use crate::board::Board;
use crate::errors::{EgdbError, VariantError};
use crate::moves::Move;
use damka_engine::egdb::generate;
use damka_engine::egdb::{self, Egdb, Value};
use damka_rules::game::{Game, Record};
use damka_rules::games::Variant;
use damka_rules::games::draughts::Russian;
use pyo3::prelude::*;
use std::path::PathBuf;

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

/// damka's Russian endgame databases in a directory, for positions of up to ``pieces``
/// pieces (2 to 7), loaded file by file on first use.
#[pyclass(module = "damka", frozen)]
pub struct EndgameDatabase {
    egdb: Egdb<Russian>,
}

/// The Russian record of a board, or an error for a board of another game.
fn russian(board: &Board) -> PyResult<Record<egdb::Game>> {
    if board.state.variant() != Variant::Russian {
        return Err(VariantError::new_err(format!(
            "the endgame databases are of Russian checkers, not {}",
            board.state.variant()
        )));
    }
    Record::<egdb::Game>::from_fen(&board.state.fen(), board.state.draw_rules())
        .map_err(|e| EgdbError::new_err(format!("bad FEN: {e}")))
}

#[pymethods]
impl EndgameDatabase {
    #[new]
    #[pyo3(signature = (path, pieces = 5))]
    fn py_new(path: PathBuf, pieces: u32) -> PyResult<EndgameDatabase> {
        Egdb::<Russian>::open(&path, pieces)
            .map(|egdb| EndgameDatabase { egdb })
            .map_err(EgdbError::new_err)
    }

    /// The stored value of a Russian board, or None when the databases do not have it (too
    /// many pieces, a file missing). Raises EgdbError for a file that is there but unreadable.
    fn probe(&self, py: Python<'_>, board: &Board) -> PyResult<Option<Probe>> {
        let record = russian(board)?;
        let pos = *record.position();
        let found = py.detach(|| self.egdb.best_moves(&pos));
        let errors = self.egdb.take_errors();
        if !errors.is_empty() {
            return Err(EgdbError::new_err(errors.join("; ")));
        }
        let Some((entry, moves)) = found else {
            return Ok(None);
        };
        let mut best: Vec<Move> = moves
            .into_iter()
            .map(|mv| {
                let info = crate::game::MoveInfo {
                    record: egdb::Game::move_record(&pos, mv),
                    promotes: damka_rules::game::GameMove::promotes(mv),
                    huffed: None,
                };
                Move::new(Variant::Russian, info)
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

    /// The score the search gives the board from the databases under its draw counters (in
    /// hundredths of a man for the side to move; wins are 20000 less the distance), or None
    /// when they do not decide it.
    fn score(&self, py: Python<'_>, board: &Board) -> PyResult<Option<i32>> {
        let record = russian(board)?;
        let (pos, counters, rules) = (*record.position(), record.counters(), *record.rules());
        let score = py.detach(|| self.egdb.score(&pos, &counters, &rules));
        Ok(score.map(|s| s.0))
    }

    /// The most pieces a position may have to be probed.
    #[getter]
    fn pieces(&self) -> u32 {
        self.egdb.pieces()
    }

    fn __repr__(&self) -> String {
        format!(
            "<EndgameDatabase {} up to {} pieces>",
            self.egdb.dir().display(),
            self.egdb.pieces()
        )
    }
}

/// Generates every Russian database of up to ``pieces`` pieces in ``path`` (files already
/// there and sound are kept) and returns the number of files. 3 pieces take a second or two,
/// 5 pieces minutes; the GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (path, pieces = 3))]
pub fn generate_egdb(py: Python<'_>, path: PathBuf, pieces: u32) -> PyResult<usize> {
    if !(2..=7).contains(&pieces) {
        return Err(EgdbError::new_err(format!(
            "pieces is between 2 and 7, not {pieces}"
        )));
    }
    py.detach(|| generate::generate::<Russian>(&path, pieces, |_| {}))
        .map(|(reports, _)| reports.len())
        .map_err(|e| EgdbError::new_err(format!("generation failed: {e}")))
}
