//! One page's game: an [`Engine`] of its own on a thread of its own, driven by the page's
//! requests and by its search's reports, in the order they arrive. Every request either
//! succeeds and is answered with the new state, or is refused with an error reply and changes
//! nothing. Two sessions share nothing, so two tabs cannot disturb each other.

use super::messages::{
    BoardView, Cell, GameView, MoveView, OptionView, PlyView, Reply, Request, ScoreView,
};
use damka_engine::engine::Engine;
use damka_engine::search::{Limits, Reporter, SearchInfo, SearchOutcome};
use damka_engine::session::{GameSession, new_session_with};
use damka_rules::board::Geometry;
use damka_rules::game::{Game, GameResult};
use damka_rules::games::Variant;
use damka_rules::notation::{self, MoveStyle};
use damka_rules::option::{GameOption, OptionKind, Setup};
use damka_rules::pdn::{self, PdnGame, PdnResult};
use damka_rules::score::Score;
use damka_rules::types::{Side, Square};
use damka_rules::with_game;
use std::collections::BTreeMap;
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;

/// The longest think the page may ask for, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 600_000;
/// The deepest search the page may ask for.
pub const MAX_DEPTH: u32 = 64;
/// How long the engine thinks when the page names neither a time nor a depth.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// What a session's thread receives.
pub enum Event {
    /// A text message from the page.
    Request(String),
    /// A line of the search started as `generation`.
    Info(u64, SearchInfo),
    /// The end of the search started as `generation`.
    Done(u64, SearchOutcome),
    /// The page has gone: the session ends.
    Closed,
}

/// What the running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// The engine's move, at this ply.
    Play(usize),
    /// Analysis: nothing is played.
    Analyze,
}

/// Passes the search's reports to the session's thread, tagged with the search's generation.
struct ChannelReporter {
    generation: u64,
    tx: Sender<Event>,
}

impl Reporter for ChannelReporter {
    fn info(&mut self, info: &SearchInfo) {
        let _ = self.tx.send(Event::Info(self.generation, info.clone()));
    }

    fn done(&mut self, outcome: &SearchOutcome) {
        let _ = self.tx.send(Event::Done(self.generation, outcome.clone()));
    }
}

/// A page's game and engine.
pub struct Session {
    engine: Engine,
    /// The position the move list starts from.
    start_fen: String,
    /// The moves played since, in the game's notation, with the engine's score after each.
    history: Vec<(String, Option<ScoreView>)>,
    /// Counts searches, so that the reports of an abandoned one are ignored.
    generation: u64,
    /// The running search, if any: its generation, purpose and side to move.
    search: Option<(u64, Purpose, Side)>,
    tx: Sender<Event>,
    out: Box<dyn FnMut(String) -> bool + Send>,
}

impl Session {
    /// A session at the initial position of Russian checkers. `tx` feeds the session's own
    /// event queue (the search reports there); `out` sends a text message to the page and
    /// returns false once the page is gone.
    pub fn new(tx: Sender<Event>, out: Box<dyn FnMut(String) -> bool + Send>) -> Session {
        Session::with_engine(Engine::new(), tx, out)
    }

    /// [`Session::new`] over `engine`, whose game and options are set already (the game
    /// `damka gui --variant` names): the page starts there.
    pub fn with_engine(
        engine: Engine,
        tx: Sender<Event>,
        out: Box<dyn FnMut(String) -> bool + Send>,
    ) -> Session {
        let start_fen = engine.game().fen();
        Session {
            engine,
            start_fen,
            history: Vec::new(),
            generation: 0,
            search: None,
            tx,
            out,
        }
    }

    /// Handles events until the queue closes or the page is gone; a running search is stopped.
    pub fn run(mut self, rx: Receiver<Event>) {
        let _ = self.send(&self.state());
        while let Ok(event) = rx.recv() {
            let alive = match event {
                Event::Request(text) => {
                    let reply = self.handle_text(&text);
                    self.send(&reply)
                }
                Event::Info(generation, info) => self.on_info(generation, &info),
                Event::Done(generation, outcome) => self.on_done(generation, &outcome),
                Event::Closed => false,
            };
            if !alive {
                break;
            }
        }
        self.engine.finish_search();
    }

    /// Sends a reply; false when the page is gone.
    fn send(&mut self, reply: &Reply) -> bool {
        match serde_json::to_string(reply) {
            Ok(text) => (self.out)(text),
            Err(e) => {
                log::warn!("cannot write a reply: {e}");
                true
            }
        }
    }

    /// Handles one request's text and returns the reply.
    pub fn handle_text(&mut self, text: &str) -> Reply {
        match serde_json::from_str::<Request>(text) {
            Ok(request) => self.handle(request).unwrap_or_else(|message| {
                log::info!("refused {text}: {message}");
                Reply::Error { message }
            }),
            Err(e) => Reply::Error {
                message: format!("bad request: {e}"),
            },
        }
    }

    /// Handles one request: the reply, or why it was refused (then nothing has changed).
    fn handle(&mut self, request: Request) -> Result<Reply, String> {
        match request {
            Request::State => {}
            Request::New {
                variant,
                options,
                fen,
            } => self.new_game(&variant, &options, fen.as_deref())?,
            Request::Fen { fen } => {
                self.abandon_search();
                self.engine.set_position(Some(fen.trim()), &[])?;
                self.restart_record();
            }
            Request::Move { text, ply } => self.play(&text, ply)?,
            Request::Takeback { count, ply } => {
                self.check_ply(ply)?;
                let count = count.unwrap_or(1);
                if count == 0 || count > self.history.len() {
                    return Err(format!(
                        "cannot take back {count} plies of {}",
                        self.history.len()
                    ));
                }
                // The engine's move in progress is dropped with the take-back.
                let kept = self.history.len() - count;
                self.replay(kept)?;
            }
            Request::Go {
                movetime,
                depth,
                ply,
            } => self.go(movetime, depth, ply)?,
            Request::Analyze { multipv } => self.analyze(multipv.unwrap_or(1))?,
            Request::Stop => self.engine.stop(),
            Request::View { ply } => {
                if ply > self.history.len() {
                    return Err(format!(
                        "the game has {} plies, not {ply}",
                        self.history.len()
                    ));
                }
                let game = self.game_at(ply)?;
                return Ok(Reply::View {
                    ply,
                    board: board_view(game.as_ref()),
                    fen: game.fen(),
                });
            }
            Request::PdnExport => return Ok(Reply::Pdn { text: self.pdn() }),
            Request::PdnImport { text } => self.import_pdn(&text)?,
        }
        Ok(self.state())
    }

    /// Refuses a request made for another ply than the current one.
    fn check_ply(&self, ply: usize) -> Result<(), String> {
        if ply == self.history.len() {
            Ok(())
        } else {
            Err(format!(
                "stale request: made at ply {ply}, the game is at ply {}",
                self.history.len()
            ))
        }
    }

    /// The values of the games' options now.
    fn setup(&self) -> Setup {
        self.engine.options().setup.clone()
    }

    /// The game after the first `ply` moves of the record.
    fn game_at(&self, ply: usize) -> Result<Box<dyn GameSession>, String> {
        let moves: Vec<&str> = self.history[..ply]
            .iter()
            .map(|(t, _)| t.as_str())
            .collect();
        let options = self.engine.options();
        new_session_with(
            options.variant,
            &self.setup(),
            Some(&self.start_fen),
            &moves,
            options.draws,
        )
    }

    /// Stops a running search and forgets it: its reports will be ignored.
    fn abandon_search(&mut self) {
        self.engine.finish_search();
        self.search = None;
    }

    /// The move list starts again at the current position.
    fn restart_record(&mut self) {
        self.start_fen = self.engine.game().fen();
        self.history.clear();
    }

    /// Keeps the first `kept` moves of the record and sets the engine's game to match.
    fn replay(&mut self, kept: usize) -> Result<(), String> {
        let moves: Vec<String> = self.history[..kept]
            .iter()
            .map(|(t, _)| t.clone())
            .collect();
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.abandon_search();
        self.engine.set_position(Some(&self.start_fen), &moves)?;
        self.history.truncate(kept);
        Ok(())
    }

    fn new_game(
        &mut self,
        variant: &str,
        options: &BTreeMap<String, String>,
        fen: Option<&str>,
    ) -> Result<(), String> {
        let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
        let own = with_game!(variant, G => G::OPTIONS);
        let fen = fen.map(str::trim).filter(|f| !f.is_empty());
        // Everything that can fail is tried first.
        let mut setup = self.setup();
        for (name, value) in options {
            let option = own
                .iter()
                .find(|o| o.name.eq_ignore_ascii_case(name))
                .ok_or_else(|| format!("{variant} has no option '{name}'"))?;
            setup.set(option, value)?;
        }
        new_session_with(variant, &setup, fen, &[], self.engine.options().draws)?;
        self.abandon_search();
        self.engine
            .set_option("UCI_Variant", Some(variant.name()))?;
        for option in own {
            self.engine
                .set_option(option.name, Some(&setup.get(option)))?;
        }
        self.engine.new_game();
        self.engine.set_position(fen, &[])?;
        self.restart_record();
        Ok(())
    }

    fn play(&mut self, text: &str, ply: usize) -> Result<(), String> {
        self.check_ply(ply)?;
        if self.engine.game().result() != GameResult::Ongoing {
            return Err(format!("the game is over: {}", self.engine.game().result()));
        }
        let text = text.trim();
        let legal = self.engine.game().legal_moves();
        let Some(record) = legal.iter().find(|r| r.text == text) else {
            return Err(format!("illegal move: {text}"));
        };
        let text = record.text.clone();
        self.history.push((text, None));
        let kept = self.history.len();
        if let Err(e) = self.replay(kept) {
            self.history.pop();
            return Err(e);
        }
        Ok(())
    }

    fn go(&mut self, movetime: Option<u64>, depth: Option<u32>, ply: usize) -> Result<(), String> {
        self.check_ply(ply)?;
        if self.engine.game().result() != GameResult::Ongoing {
            return Err(format!("the game is over: {}", self.engine.game().result()));
        }
        let limits = match (depth, movetime) {
            (Some(depth), _) if (1..=MAX_DEPTH).contains(&depth) => Limits::depth(depth),
            (Some(depth), _) => return Err(format!("depth must be 1 to {MAX_DEPTH}, not {depth}")),
            (None, Some(ms)) if (1..=MAX_MOVETIME_MS).contains(&ms) => {
                Limits::movetime(Duration::from_millis(ms))
            }
            (None, Some(ms)) => {
                return Err(format!(
                    "movetime must be 1 to {MAX_MOVETIME_MS} ms, not {ms}"
                ));
            }
            (None, None) => Limits::movetime(Duration::from_millis(DEFAULT_MOVETIME_MS)),
        };
        self.abandon_search();
        self.engine.set_option("MultiPV", Some("1"))?;
        self.start_search(limits, Purpose::Play(ply));
        Ok(())
    }

    fn analyze(&mut self, multipv: usize) -> Result<(), String> {
        if self.engine.game().legal_moves().is_empty() {
            return Err("there is no legal move to analyse".to_string());
        }
        self.abandon_search();
        self.engine
            .set_option("MultiPV", Some(&multipv.to_string()))?;
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.start_search(limits, Purpose::Analyze);
        Ok(())
    }

    fn start_search(&mut self, limits: Limits, purpose: Purpose) {
        self.generation += 1;
        let side = self.engine.game().side_to_move();
        self.search = Some((self.generation, purpose, side));
        let reporter = ChannelReporter {
            generation: self.generation,
            tx: self.tx.clone(),
        };
        self.engine.go(limits, Box::new(reporter));
    }

    /// The running search's side to move, if `generation` is the running search.
    fn current(&self, generation: u64) -> Option<(Purpose, Side)> {
        self.search
            .filter(|(g, _, _)| *g == generation)
            .map(|(_, purpose, side)| (purpose, side))
    }

    fn on_info(&mut self, generation: u64, info: &SearchInfo) -> bool {
        let Some((_, side)) = self.current(generation) else {
            return true;
        };
        let reply = Reply::Info {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multipv,
            score: score_view(info.score, side),
            nodes: info.nodes,
            nps: info.nps,
            time_ms: info.time.as_millis() as u64,
            pv: info.pv.iter().map(|m| m.text.clone()).collect(),
        };
        self.send(&reply)
    }

    fn on_done(&mut self, generation: u64, outcome: &SearchOutcome) -> bool {
        let Some((purpose, side)) = self.current(generation) else {
            return true;
        };
        self.engine.wait();
        self.search = None;
        let score = score_view(outcome.score, side);
        let best = outcome.best.as_ref().map(|m| m.text.clone());
        let alive = self.send(&Reply::Bestmove {
            best: best.clone(),
            score,
            depth: outcome.depth,
        });
        if let (Purpose::Play(ply), Some(text)) = (purpose, best) {
            let reply = match self.play(&text, ply) {
                Ok(()) => {
                    if let Some(last) = self.history.last_mut() {
                        last.1 = Some(score);
                    }
                    self.state()
                }
                Err(message) => Reply::Error { message },
            };
            return alive && self.send(&reply);
        }
        alive && {
            let state = self.state();
            self.send(&state)
        }
    }

    /// The whole state for the page.
    pub fn state(&self) -> Reply {
        let game = self.engine.game();
        let variant = game.variant();
        let moves = game
            .legal_moves()
            .iter()
            .map(|r| MoveView {
                text: r.text.clone(),
                path: r.path.squares().iter().map(|&s| name(variant, s)).collect(),
                captured: r.captured.into_iter().map(|s| name(variant, s)).collect(),
                huff: r.text.split_once('*').map(|(huff, _)| huff.to_string()),
            })
            .collect();
        Reply::State {
            variant: variant.name().to_string(),
            title: variant.title().to_string(),
            games: self.games(),
            board: Box::new(board_view(game)),
            side: game.side_to_move().name().to_string(),
            fen: game.fen(),
            start_fen: self.start_fen.clone(),
            history: self
                .history
                .iter()
                .map(|(text, score)| PlyView {
                    text: text.clone(),
                    score: *score,
                })
                .collect(),
            moves,
            result: game.result().to_string(),
            ending_rule: game.ending_rule().map(str::to_string),
            counters: game.counter_lines(),
            searching: self.search.is_some(),
        }
    }

    /// Every game with its own options, at their values now.
    fn games(&self) -> Vec<GameView> {
        let setup = &self.engine.options().setup;
        Variant::ALL
            .iter()
            .map(|&variant| GameView {
                name: variant.name().to_string(),
                title: variant.title().to_string(),
                options: with_game!(variant, G => G::OPTIONS)
                    .iter()
                    .map(|option| option_view(option, setup))
                    .collect(),
            })
            .collect()
    }

    /// The game as PDN, written by the match runner's writer.
    fn pdn(&self) -> String {
        let game = self.engine.game();
        let variant = game.variant();
        let result = PdnResult::from(game.result());
        let mut tags = pdn::roster("damka gui", variant, result);
        let initial = new_session_with(
            variant,
            &self.setup(),
            None,
            &[],
            self.engine.options().draws,
        )
        .map(|g| g.fen())
        .unwrap_or_default();
        if self.start_fen != initial {
            tags.push(("SetUp".to_string(), "1".to_string()));
            tags.push(("FEN".to_string(), self.start_fen.clone()));
        }
        PdnGame {
            tags,
            moves: self.history.iter().map(|(t, _)| t.clone()).collect(),
            result,
        }
        .to_text()
    }

    /// Makes the first game of a PDN text the current game; all or nothing.
    fn import_pdn(&mut self, text: &str) -> Result<(), String> {
        let games = pdn::read(text).map_err(|e| format!("PDN line {}: {}", e.line, e.message))?;
        let Some(game) = games.first() else {
            return Err("the PDN text holds no game".to_string());
        };
        let variant = match (game.tag("Variant"), game.tag("GameType")) {
            (Some(name), _) => name.parse().map_err(|e| format!("{e}"))?,
            (None, Some(number)) => number
                .trim()
                .parse()
                .ok()
                .and_then(pdn::game_of_type)
                .ok_or_else(|| {
                    format!(
                        "GameType {} is not a game damka plays",
                        crate::protocol::printable(number.trim(), 20)
                    )
                })?,
            (None, None) => self.engine.options().variant,
        };
        let fen = game.tag("FEN").map(str::trim).filter(|f| !f.is_empty());
        let draws = self.engine.options().draws;
        let mut replay = new_session_with(variant, &self.setup(), fen, &[], draws)?;
        let start_fen = replay.fen();
        let mut moves = Vec::new();
        for (i, text) in game.moves.iter().enumerate() {
            let canonical = replay
                .parse_moves(&[text])
                .ok()
                .and_then(|texts| texts.into_iter().next())
                .ok_or_else(|| format!("move {} ({text}) is not legal", i + 1))?;
            replay
                .play_text(&canonical)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            moves.push(canonical);
        }
        self.abandon_search();
        self.engine
            .set_option("UCI_Variant", Some(variant.name()))?;
        self.engine.new_game();
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.engine.set_position(Some(&start_fen), &texts)?;
        self.start_fen = start_fen;
        self.history = moves.into_iter().map(|t| (t, None)).collect();
        Ok(())
    }
}

/// A score for the side to move `side`, turned to White's point of view.
fn score_view(score: Score, side: Side) -> ScoreView {
    let sign = if side == Side::White { 1 } else { -1 };
    ScoreView {
        cp: score.0 * sign,
        mate: score.mate_moves().map(|m| m * sign),
    }
}

/// A game option and its value in `setup`, as the page shows it.
fn option_view(option: &GameOption, setup: &Setup) -> OptionView {
    let (kind, choices) = match option.kind {
        OptionKind::Check { .. } => ("check", Vec::new()),
        OptionKind::Spin { .. } => ("spin", Vec::new()),
        OptionKind::Combo { choices, .. } => {
            ("combo", choices.iter().map(|c| c.to_string()).collect())
        }
        OptionKind::String { .. } | OptionKind::Button => ("string", Vec::new()),
    };
    OptionView {
        name: option.name.to_string(),
        label: option.label.to_string(),
        doc: option.doc.to_string(),
        kind: kind.to_string(),
        choices,
        value: setup.get(option),
    }
}

/// A square's name in `variant`'s notation.
fn name(variant: Variant, square: Square) -> String {
    with_game!(variant, G => G::square_name(square))
}

/// The board of `game` as the page draws it.
pub fn board_view(game: &dyn GameSession) -> BoardView {
    with_game!(game.variant(), G => {
        let cells = <G as Game>::Board::squares()
            .map(|square| {
                let stack: String = game.stack_at(square).into_iter().map(notation::piece_letter).collect();
                Cell {
                    name: G::square_name(square),
                    algebraic: <G as Game>::Board::algebraic(square),
                    file: <G as Game>::Board::file(square),
                    rank: <G as Game>::Board::rank(square),
                    stack,
                }
            })
            .collect();
        BoardView {
            files: <G as Game>::Board::FILES,
            ranks: <G as Game>::Board::RANKS,
            numbered: G::MOVE_STYLE == MoveStyle::Numeric,
            kings: G::KINGS,
            stacks: G::STACKS,
            cells,
        }
    })
}
