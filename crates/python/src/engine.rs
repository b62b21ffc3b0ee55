//! [`Engine`]: damka's engine in-process. A search runs on the calling thread with the GIL
//! released, so other Python threads run meanwhile and one of them may call
//! [`Engine::stop`]; the result comes back as a [`SearchResult`] with a [`Line`] per MultiPV.

use crate::board::{Board, house_setup};
use crate::errors::{DamkaError, EgdbError, MoveError, option_error};
use crate::game::{GameState, MoveInfo};
use crate::moves::Move;
use crate::variant;
use damka_engine::engine::Engine as Inner;
use damka_engine::search::{Control, Limits, Reporter, SearchInfo, SearchOutcome};
use damka_rules::draw::DrawKind;
use damka_rules::games::Variant;
use damka_rules::notation::MoveRecord;
use damka_rules::score::Score;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// An option value as the engine reads it: `true`/`false`, a number, or text.
fn option_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if value.is_instance_of::<PyBool>() {
        return Ok(if value.extract::<bool>()? {
            "true"
        } else {
            "false"
        }
        .to_string());
    }
    value.str()?.extract()
}

/// Seconds from Python as a duration; an error for negative or non-finite values.
fn seconds(name: &str, value: Option<f64>) -> PyResult<Option<Duration>> {
    value
        .map(|s| {
            Duration::try_from_secs_f64(s).map_err(|_| {
                pyo3::exceptions::PyValueError::new_err(format!(
                    "{name} is a number of seconds (0 or more), not {s}"
                ))
            })
        })
        .transpose()
}

/// The Python side of a move the search names, found among the legal moves of `state` (so it
/// carries its promotion and huff too).
fn move_in(state: &dyn GameState, record: &MoveRecord) -> Option<Move> {
    let identity = (record.path.squares(), record.captured);
    let found = state
        .legal_moves()
        .into_iter()
        .find(|m| m.identity() == identity)
        .unwrap_or_else(|| MoveInfo {
            record: record.clone(),
            promotes: false,
            huffed: None,
        });
    Some(Move::new(state.variant(), found))
}

/// The moves of a line played from `state`, as Python moves.
fn line_moves(state: &dyn GameState, pv: &[MoveRecord]) -> Vec<Move> {
    let mut state = state.boxed_clone();
    let mut moves = Vec::with_capacity(pv.len());
    for record in pv {
        let Some(mv) = move_in(state.as_ref(), record) else {
            break;
        };
        if state
            .push_path(record.path.squares(), record.captured)
            .is_err()
        {
            moves.push(mv);
            break;
        }
        moves.push(mv);
    }
    moves
}

/// A score's forced result in moves, if it is one (positive: the side to move wins).
fn mate(score: Score) -> Option<i32> {
    score.mate_moves()
}

/// One principal variation of a search, as the engine reports it after each completed depth.
#[pyclass(module = "damka", frozen, get_all)]
#[derive(Clone)]
pub struct Line {
    /// Which variation (1 = the best).
    pub multipv: usize,
    /// The depth completed, in plies.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score for the side to move, in hundredths of a man.
    pub score: i32,
    /// For a forced result, the moves to its end (positive: the side to move wins); else None.
    pub mate: Option<i32>,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Seconds since the search started.
    pub time: f64,
    /// The moves of the variation.
    pub pv: Vec<Move>,
}

#[pymethods]
impl Line {
    fn __repr__(&self) -> String {
        let pv: Vec<&str> = self
            .pv
            .iter()
            .map(|m| m.info.record.text.as_str())
            .collect();
        format!(
            "<Line {} depth {} score {} pv {}>",
            self.multipv,
            self.depth,
            self.score,
            pv.join(" ")
        )
    }
}

/// What a search found.
#[pyclass(module = "damka", frozen, get_all)]
#[derive(Clone)]
pub struct SearchResult {
    /// The move to play; None when the side to move has no legal move.
    pub r#move: Option<Move>,
    /// The expected reply, if the search has one.
    pub ponder: Option<Move>,
    /// The best move's score for the side to move, in hundredths of a man.
    pub score: i32,
    /// For a forced result, the moves to its end (positive: the side to move wins); else None.
    pub mate: Option<i32>,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Seconds spent.
    pub time: f64,
    /// The last line of each variation, best first (``multipv`` of them at most).
    pub lines: Vec<Line>,
    /// What the engine warned of: fewer threads than asked for, endgame database files it
    /// could not read.
    pub warnings: Vec<String>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        let best = self
            .r#move
            .as_ref()
            .map_or("none", |m| m.info.record.text.as_str());
        format!(
            "<SearchResult move {best} score {} depth {} nodes {}>",
            self.score, self.depth, self.nodes
        )
    }
}

/// Collects the search's lines, hands each to a Python callback, and passes a stop asked for
/// before the search began on to it.
struct Collector {
    lines: BTreeMap<usize, SearchInfo>,
    warnings: Vec<String>,
    callback: Option<Py<PyAny>>,
    /// A copy of the searched board, to turn a line's records into moves for the callback.
    state: Box<dyn GameState>,
    stop_requested: Arc<AtomicBool>,
    control: Arc<Control>,
    /// The callback's exception, raised once the search is over.
    failure: Option<PyErr>,
}

impl Collector {
    fn line(state: &dyn GameState, info: &SearchInfo) -> Line {
        Line {
            multipv: info.multipv,
            depth: info.depth,
            seldepth: info.seldepth,
            score: info.score.0,
            mate: mate(info.score),
            nodes: info.nodes,
            time: info.time.as_secs_f64(),
            pv: line_moves(state, &info.pv),
        }
    }
}

impl Reporter for Collector {
    fn info(&mut self, info: &SearchInfo) {
        // A stop that came between the start of `search` and the engine's own reset.
        if self.stop_requested.load(Ordering::Relaxed) {
            self.control.stop.store(true, Ordering::Relaxed);
        }
        self.lines.insert(info.multipv, info.clone());
        if let Some(callback) = &self.callback
            && self.failure.is_none()
        {
            let line = Collector::line(self.state.as_ref(), info);
            let called = Python::attach(|py| callback.call1(py, (line,)).map(|_| ()));
            if let Err(error) = called {
                self.failure = Some(error);
                self.control.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    fn done(&mut self, _outcome: &SearchOutcome) {}

    fn error(&mut self, text: &str) {
        self.warnings.push(text.to_string());
    }

    fn warning(&mut self, text: &str) {
        self.warnings.push(text.to_string());
    }
}

/// damka's engine, in-process.
///
/// ``Engine(variant="russian", *, threads=1, hash_mb=16, egdb_path=None, egdb_pieces=None,
/// house=None, options=None)``: ``threads`` search threads, a ``hash_mb`` MiB table, Russian
/// endgame databases from ``egdb_path`` (see ``damka.generate_egdb``), Ugolki's ``house``, and
/// any other engine option by its name (``{"Draw Repetition": False}``; see
/// ``Engine.options``). A search of a board of another game switches the engine to it.
#[pyclass(module = "damka", frozen)]
pub struct Engine {
    engine: Mutex<Inner>,
    control: Arc<Control>,
    stop_requested: Arc<AtomicBool>,
}

impl Engine {
    /// The engine, locked. Called with the GIL released only: a search holds the lock while
    /// it hands lines to Python.
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.engine
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Runs `f` on the engine with the GIL released.
    fn with<R: Send>(&self, py: Python<'_>, f: impl FnOnce(&mut Inner) -> R + Send) -> R {
        py.detach(|| f(&mut self.lock()))
    }
}

/// Sets an option unless it already has the value.
fn ensure(engine: &mut Inner, name: &str, value: &str) -> Result<(), String> {
    if engine.options().value(name).as_deref() == Some(value) {
        return Ok(());
    }
    engine.set_option(name, Some(value)).map(|_| ())
}

/// What a search asks of the engine beside the limits.
struct Request {
    variant: Variant,
    house: Option<String>,
    start_fen: String,
    moves: Vec<String>,
    draw_rules: Vec<(&'static str, String)>,
    multipv: Option<usize>,
}

/// Makes the engine's game, options and position those of `request`.
fn prepare(engine: &mut Inner, request: &Request) -> Result<(), String> {
    ensure(engine, "UCI_Variant", request.variant.name())?;
    if let Some(house) = &request.house {
        ensure(engine, "UgolkiHouse", house)?;
    }
    for (name, value) in &request.draw_rules {
        ensure(engine, name, value)?;
    }
    if let Some(multipv) = request.multipv {
        ensure(engine, "MultiPV", &multipv.to_string())?;
    }
    let moves: Vec<&str> = request.moves.iter().map(String::as_str).collect();
    engine.set_position(Some(&request.start_fen), &moves)
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (variant = "russian", *, threads = 1, hash_mb = None, egdb_path = None,
                        egdb_pieces = None, house = None, options = None))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        py: Python<'_>,
        variant: &str,
        threads: usize,
        hash_mb: Option<usize>,
        egdb_path: Option<std::path::PathBuf>,
        egdb_pieces: Option<u32>,
        house: Option<&str>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Engine> {
        let variant = variant::parse(variant)?;
        house_setup(variant, house)?;
        let mut settings: Vec<(String, String)> = vec![
            ("UCI_Variant".to_string(), variant.name().to_string()),
            ("Threads".to_string(), threads.to_string()),
        ];
        if let Some(hash) = hash_mb {
            settings.push(("Hash".to_string(), hash.to_string()));
        }
        if let Some(house) = house {
            settings.push(("UgolkiHouse".to_string(), house.to_string()));
        }
        if let Some(options) = options {
            for (name, value) in options.iter() {
                settings.push((name.extract()?, option_text(&value)?));
            }
        }
        if let Some(pieces) = egdb_pieces {
            settings.push(("EGDBPieces".to_string(), pieces.to_string()));
        }
        let egdb = egdb_path.map(|p| p.to_string_lossy().into_owned());
        let built = py.detach(move || -> Result<Inner, PyErr> {
            let mut engine = Inner::new();
            for (name, value) in &settings {
                engine.set_option(name, Some(value)).map_err(option_error)?;
            }
            if let Some(dir) = egdb {
                engine
                    .set_option("EGDBPath", Some(&dir))
                    .map_err(EgdbError::new_err)?;
            }
            Ok(engine)
        })?;
        Ok(Engine {
            control: built.control(),
            engine: Mutex::new(built),
            stop_requested: Arc::new(AtomicBool::new(false)),
        })
    }

    /// The game the engine is set to.
    #[getter]
    fn variant(&self, py: Python<'_>) -> &'static str {
        self.with(py, |e| e.options().variant.name())
    }

    /// Searches ``board`` (its whole game, so repetitions count) and returns what it found.
    ///
    /// Limits, any combination: ``depth`` plies, ``nodes``, ``movetime`` seconds, or a clock
    /// (``wtime``/``btime`` seconds left, ``winc``/``binc`` increments, ``movestogo``); with
    /// none the search runs until ``stop()`` (at once for a side without a legal move). ``multipv`` variations; ``searchmoves``
    /// restricts the root to those moves (Move objects or texts); ``on_info`` is called with
    /// a Line after every completed depth (on the searching thread; an exception it raises
    /// stops the search and is raised here).
    #[pyo3(signature = (board, *, depth = None, nodes = None, movetime = None, wtime = None,
                        btime = None, winc = None, binc = None, movestogo = None,
                        multipv = None, searchmoves = None, on_info = None))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        board: &Bound<'_, Board>,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<f64>,
        wtime: Option<f64>,
        btime: Option<f64>,
        winc: Option<f64>,
        binc: Option<f64>,
        movestogo: Option<u32>,
        multipv: Option<usize>,
        searchmoves: Option<&Bound<'_, PyAny>>,
        on_info: Option<Py<PyAny>>,
    ) -> PyResult<SearchResult> {
        let board = board.borrow();
        let state = board.state.boxed_clone();
        drop(board);
        let mut limits = Limits {
            time: [seconds("wtime", wtime)?, seconds("btime", btime)?],
            inc: [seconds("winc", winc)?, seconds("binc", binc)?],
            movestogo,
            depth,
            nodes,
            movetime: seconds("movetime", movetime)?,
            ..Limits::default()
        };
        let unlimited = limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.time.iter().all(Option::is_none);
        if unlimited && state.legal_move_count() == 0 {
            // Nothing to think about: an unlimited search would only wait for stop().
            limits.depth = Some(1);
        } else {
            limits.infinite = unlimited;
        }
        if let Some(moves) = searchmoves {
            for item in moves.try_iter()? {
                let item = item?;
                let text = match item.cast::<Move>() {
                    Ok(mv) => mv.get().info.record.text.clone(),
                    Err(_) => item.extract::<String>()?,
                };
                let found = state
                    .parse_move(&text)
                    .map_err(|e| MoveError::new_err(e.to_string()))?;
                limits.searchmoves.push(found.record.text);
            }
        }
        if multipv == Some(0) {
            return Err(option_error("multipv is 1 or more"));
        }
        let rules = state.draw_rules();
        let request = Request {
            variant: state.variant(),
            // Always given for Ugolki: the start FEN names a house only when it is not the
            // default, and the engine reads a FEN without one under its own option.
            house: damka_rules::with_game!(state.variant(), G => <G as damka_rules::game::Game>::OPTIONS)
                .iter()
                .find(|o| o.name == "UgolkiHouse")
                .map(|o| state.setup().get(o)),
            start_fen: state.start_fen(),
            moves: state
                .played()
                .iter()
                .map(|m| m.record.text.clone())
                .collect(),
            draw_rules: state
                .draw_options()
                .into_iter()
                .map(|option| {
                    let value = match option.kind {
                        DrawKind::Switch { .. } => rules.is_on(&option).to_string(),
                        DrawKind::Length { .. } => rules.length(&option).to_string(),
                    };
                    (option.name, value)
                })
                .collect(),
            multipv,
        };
        self.stop_requested.store(false, Ordering::Relaxed);
        let mut collector = Collector {
            lines: BTreeMap::new(),
            warnings: Vec::new(),
            callback: on_info,
            state: state.boxed_clone(),
            stop_requested: Arc::clone(&self.stop_requested),
            control: Arc::clone(&self.control),
            failure: None,
        };
        let searched = py.detach(|| {
            let mut engine = self.lock();
            prepare(&mut engine, &request)?;
            let outcome = engine.search_now(&limits, &mut collector);
            collector.warnings.extend(engine.take_egdb_errors());
            Ok::<SearchOutcome, String>(outcome)
        });
        let outcome = searched.map_err(DamkaError::new_err)?;
        if let Some(error) = collector.failure.take() {
            return Err(error);
        }
        let lines: Vec<Line> = collector
            .lines
            .values()
            .map(|info| Collector::line(state.as_ref(), info))
            .collect();
        let best = outcome
            .best
            .as_ref()
            .and_then(|record| move_in(state.as_ref(), record));
        let ponder = match (&outcome.best, &outcome.ponder) {
            (Some(best), Some(reply)) => {
                let mut after = state.boxed_clone();
                after
                    .push_path(best.path.squares(), best.captured)
                    .ok()
                    .and_then(|_| move_in(after.as_ref(), reply))
            }
            _ => None,
        };
        Ok(SearchResult {
            r#move: best,
            ponder,
            score: outcome.score.0,
            mate: mate(outcome.score),
            depth: outcome.depth,
            nodes: outcome.nodes,
            time: outcome.time.as_secs_f64(),
            lines,
            warnings: collector.warnings,
        })
    }

    /// Asks a running search to stop; it returns its best move promptly. Safe to call from
    /// any thread, and when no search runs: a search that starts later is not affected, so a
    /// thread that starts one and stops it at once should wait for its first line
    /// (``on_info``) or its clock.
    fn stop(&self) {
        self.stop_requested.store(true, Ordering::Relaxed);
        self.control.stop.store(true, Ordering::Relaxed);
    }

    /// Forgets what earlier searches learnt (empties the table), as before a new game.
    fn new_game(&self, py: Python<'_>) {
        self.with(py, |e| e.new_game());
    }

    /// Sets an engine option by name (any case), as the protocol's ``setoption`` does:
    /// ``Hash``, ``Threads``, ``MultiPV``, ``Move Overhead``, ``EGDBPath``, the draw rules...
    /// Raises OptionError with the engine's message for a bad name or value.
    fn set_option(&self, py: Python<'_>, name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let value = option_text(value)?;
        self.with(py, |e| e.set_option(name, Some(&value)))
            .map(|_| ())
            .map_err(option_error)
    }

    /// An option's value as text, or None for a name that is not an option.
    fn option(&self, py: Python<'_>, name: &str) -> Option<String> {
        self.with(py, |e| e.options().value(name))
    }

    /// Every option with its value, as text.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let values: Vec<(&'static str, String)> = self.with(py, |e| {
            damka_engine::options::registry()
                .iter()
                .filter_map(|o| o.value(e.options()).map(|v| (o.name, v)))
                .collect()
        });
        let dict = PyDict::new(py);
        for (name, value) in values {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let (variant, threads, hash) = self.with(py, |e| {
            let o = e.options();
            (o.variant, o.threads, o.hash_mib)
        });
        format!("<Engine {variant} threads {threads} hash {hash} MiB>")
    }
}
