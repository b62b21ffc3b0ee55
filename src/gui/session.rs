//! One page's game: an [`Engine`] of its own on a thread of its own, driven by the page's
//! requests and by its search's reports, in the order they arrive. Every request either
//! succeeds and is answered with the new state, or is refused with an error reply and leaves
//! the game as it was. Two sessions share nothing, so two tabs cannot disturb each other.
//!
//! The game (its start, its moves and a result the players decided) is kept here; the
//! engine's own game is its current position, except while it analyses an earlier position
//! or reviews the game one position after another (the `ending` module words the
//! results, `review` marks the moves).

use super::ending::{self, Verdict};
use super::fen;
use super::messages::{
    BoardView, Cell, GameView, MoveView, OptionView, PlyView, Reply, Request, ScoreView, StateView,
};
use super::review;
use damka_engine::engine::Engine;
use damka_engine::search::{Limits, Reporter, SearchInfo, SearchOutcome};
use damka_engine::session::{GameSession, new_session_with};
use damka_rules::board::Geometry;
use damka_rules::draw::DrawReason;
use damka_rules::game::{Game, GameResult};
use damka_rules::games::Variant;
use damka_rules::games::ugolki::house::House;
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
/// How long a whole-game review thinks about each position when the page names no limit.
const DEFAULT_REVIEW_MS: u64 = 200;
/// The most a draw offer may leave the engine, in centi-pieces, for it to accept.
const DRAW_ACCEPT_CP: i32 = 20;
/// The draw two players agree.
const AGREED: DrawReason = DrawReason::new(&"agreed");

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
    /// A whole-game review: the position after this many plies.
    Review(usize),
}

/// The running search.
#[derive(Clone, Copy, Debug)]
struct Running {
    generation: u64,
    purpose: Purpose,
    /// The side to move in the position searched.
    side: Side,
    /// The plies from the start of the position searched.
    ply: usize,
}

/// A played move of the record.
#[derive(Clone, Debug)]
struct Ply {
    text: String,
    /// The engine's score after it, for White.
    score: Option<ScoreView>,
    /// A review's mark.
    mark: Option<String>,
}

impl Ply {
    fn new(text: String) -> Ply {
        Ply {
            text,
            score: None,
            mark: None,
        }
    }
}

/// A whole-game review in progress.
struct ReviewRun {
    limits: Limits,
    /// The score of every position by ply, for White.
    scores: Vec<Option<ScoreView>>,
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
    history: Vec<Ply>,
    /// Counts searches, so that the reports of an abandoned one are ignored.
    generation: u64,
    /// The running search, if any.
    search: Option<Running>,
    /// The plies of the position the engine's game is set to when it is not the game's
    /// current one (analysing an earlier position, reviewing).
    engine_at: Option<usize>,
    /// A result the players decided (resigned, flag fallen, draw agreed).
    verdict: Option<Verdict>,
    /// The whole-game review running, if any.
    review: Option<ReviewRun>,
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
            engine_at: None,
            verdict: None,
            review: None,
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

    /// Handles one request: the reply, or why it was refused (then the game has not changed).
    /// Every request that may act on the game first ends a review and sets the engine back to
    /// the current position, so it sees what the page sees.
    fn handle(&mut self, request: Request) -> Result<Reply, String> {
        let leaves_search = matches!(
            request,
            Request::State
                | Request::View { .. }
                | Request::PdnExport
                | Request::Stop
                | Request::Analyze { .. }
        );
        if !leaves_search {
            self.review = None;
            self.restore_live()?;
        }
        match request {
            Request::State => {}
            Request::New {
                variant,
                options,
                fen,
                moves,
            } => self.new_game(&variant, &options, fen.as_deref(), &moves)?,
            Request::Fen { fen } => {
                let stacks = with_game!(self.engine.options().variant, G => G::STACKS);
                let fen = fen::cleaned(&fen, stacks);
                if fen.is_empty() {
                    return Err("the FEN is empty".to_string());
                }
                self.abandon_search();
                self.engine.set_position(Some(&fen), &[])?;
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
                wtime,
                btime,
                winc,
                binc,
                ply,
            } => {
                let clock = Clock {
                    time: [wtime, btime],
                    inc: [winc, binc],
                };
                self.go(movetime, depth, clock, ply)?
            }
            Request::Analyze { multipv, ply } => self.analyze(multipv.unwrap_or(1), ply)?,
            Request::Review { movetime, depth } => self.start_review(movetime, depth)?,
            Request::Line { ply, moves } => self.line(ply, &moves)?,
            Request::Resign { side } => {
                let side = parse_side(&side)?;
                self.decide(
                    GameResult::Win(side.opponent()),
                    format!("{} resigned", ending::title_case(side)),
                )?;
            }
            Request::Flag { side } => {
                let side = parse_side(&side)?;
                self.decide(
                    GameResult::Win(side.opponent()),
                    format!("{}'s time ran out", ending::title_case(side)),
                )?;
            }
            Request::Draw { engine } => self.offer_draw(engine.as_deref())?,
            Request::Stop => {
                self.review = None;
                self.engine.stop();
            }
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
                    board: board_view(game.as_ref(), self.house(game.as_ref())),
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
        let moves: Vec<&str> = self.history[..ply.min(self.history.len())]
            .iter()
            .map(|p| p.text.as_str())
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

    /// Sets the engine's game back to the game's current position, if analysis or a review
    /// had set it elsewhere (a running search there is abandoned).
    fn restore_live(&mut self) -> Result<(), String> {
        if self.engine_at.is_some() {
            self.abandon_search();
            let moves: Vec<String> = self.history.iter().map(|p| p.text.clone()).collect();
            let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
            self.engine.set_position(Some(&self.start_fen), &moves)?;
            self.engine_at = None;
        }
        Ok(())
    }

    /// Sets the engine's game to the position after `ply` plies (a running search there is
    /// abandoned).
    fn engine_to(&mut self, ply: usize) -> Result<(), String> {
        if ply >= self.history.len() {
            return self.restore_live();
        }
        self.abandon_search();
        let moves: Vec<String> = self.history[..ply].iter().map(|p| p.text.clone()).collect();
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.engine.set_position(Some(&self.start_fen), &moves)?;
        self.engine_at = Some(ply);
        Ok(())
    }

    /// Calls `f` with the game's current position (the engine's game, unless analysis has
    /// set that elsewhere).
    fn with_live<R>(&self, f: impl FnOnce(&dyn GameSession) -> R) -> R {
        if self.engine_at.is_some()
            && let Ok(game) = self.game_at(self.history.len())
        {
            return f(game.as_ref());
        }
        f(self.engine.game())
    }

    /// Ugolki's house in `game`; `None` for the other games.
    fn house(&self, game: &dyn GameSession) -> Option<House> {
        ending::house(game.variant(), &game.fen(), &self.engine.options().setup)
    }

    /// The result now: the players' verdict, else the board's.
    fn result(&self) -> GameResult {
        match &self.verdict {
            Some(v) => v.result,
            None => self.with_live(|g| g.result()),
        }
    }

    /// Refuses a request that needs the game to go on.
    fn check_ongoing(&self) -> Result<(), String> {
        match self.result() {
            GameResult::Ongoing => Ok(()),
            result => Err(format!("the game is over: {result}")),
        }
    }

    /// The move list starts again at the current position.
    fn restart_record(&mut self) {
        self.start_fen = self.engine.game().fen();
        self.history.clear();
        self.verdict = None;
    }

    /// Ends the game with a result the players decided.
    fn decide(&mut self, result: GameResult, reason: String) -> Result<(), String> {
        self.check_ongoing()?;
        self.abandon_search();
        self.verdict = Some(Verdict { result, reason });
        Ok(())
    }

    /// A draw offer: agreed at once between two players; the engine (playing `engine`)
    /// accepts when its last score does not have it better than [`DRAW_ACCEPT_CP`].
    fn offer_draw(&mut self, engine: Option<&str>) -> Result<(), String> {
        self.check_ongoing()?;
        let Some(engine) = engine else {
            return self.decide(GameResult::Draw(AGREED), "a draw was agreed".to_string());
        };
        let side = parse_side(engine)?;
        let Some(score) = self.history.iter().rev().find_map(|p| p.score) else {
            return Err("the engine declines: it has not weighed the game yet".to_string());
        };
        let sign = if side == Side::White { 1 } else { -1 };
        let mine = match score.mate {
            Some(m) => sign * m.signum() * 100_000,
            None => sign * score.cp,
        };
        if mine > DRAW_ACCEPT_CP {
            return Err(format!(
                "the engine declines the draw: it thinks itself better ({})",
                score_text(score)
            ));
        }
        self.decide(
            GameResult::Draw(AGREED),
            "the engine accepted a draw".to_string(),
        )
    }

    /// Keeps the first `kept` moves of the record and sets the engine's game to match.
    fn replay(&mut self, kept: usize) -> Result<(), String> {
        let moves: Vec<String> = self.history[..kept]
            .iter()
            .map(|p| p.text.clone())
            .collect();
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.abandon_search();
        self.engine.set_position(Some(&self.start_fen), &moves)?;
        self.engine_at = None;
        self.history.truncate(kept);
        self.verdict = None;
        Ok(())
    }

    /// Cuts the game back to `ply` plies and plays `moves`; all or nothing.
    fn line(&mut self, ply: usize, moves: &[String]) -> Result<(), String> {
        if ply > self.history.len() {
            return Err(format!(
                "the game has {} plies, not {ply}",
                self.history.len()
            ));
        }
        if moves.is_empty() {
            return Err("the line has no moves".to_string());
        }
        let mut game = self.game_at(ply)?;
        let texts = canonical_moves(game.as_mut(), moves)?;
        self.history.truncate(ply);
        self.history.extend(texts.into_iter().map(Ply::new));
        let kept = self.history.len();
        self.replay(kept)
    }

    fn new_game(
        &mut self,
        variant: &str,
        options: &BTreeMap<String, String>,
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<(), String> {
        let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
        let own = with_game!(variant, G => G::OPTIONS);
        let stacks = with_game!(variant, G => G::STACKS);
        let fen = fen.map(|f| fen::cleaned(f, stacks));
        let fen = fen.as_deref().filter(|f| !f.is_empty());
        // Everything that can fail is tried first.
        let mut setup = self.setup();
        for (name, value) in options {
            let option = own
                .iter()
                .find(|o| o.name.eq_ignore_ascii_case(name))
                .ok_or_else(|| format!("{variant} has no option '{name}'"))?;
            setup.set(option, value)?;
        }
        let mut replay = new_session_with(variant, &setup, fen, &[], self.engine.options().draws)?;
        let start_fen = replay.fen();
        let texts = canonical_moves(replay.as_mut(), moves)?;
        self.abandon_search();
        self.engine
            .set_option("UCI_Variant", Some(variant.name()))?;
        for option in own {
            self.engine
                .set_option(option.name, Some(&setup.get(option)))?;
        }
        self.engine.new_game();
        self.engine.set_position(Some(&start_fen), &[])?;
        self.restart_record();
        if !texts.is_empty() {
            self.history = texts.into_iter().map(Ply::new).collect();
            let kept = self.history.len();
            self.replay(kept)?;
        }
        Ok(())
    }

    fn play(&mut self, text: &str, ply: usize) -> Result<(), String> {
        self.check_ply(ply)?;
        self.check_ongoing()?;
        let text = text.trim();
        let legal = self.engine.game().legal_moves();
        let Some(record) = legal.iter().find(|r| r.text == text) else {
            return Err(format!("illegal move: {text}"));
        };
        let text = record.text.clone();
        self.history.push(Ply::new(text));
        let kept = self.history.len();
        if let Err(e) = self.replay(kept) {
            self.history.pop();
            return Err(e);
        }
        Ok(())
    }

    fn go(
        &mut self,
        movetime: Option<u64>,
        depth: Option<u32>,
        clock: Clock,
        ply: usize,
    ) -> Result<(), String> {
        self.check_ply(ply)?;
        self.check_ongoing()?;
        let side = self.engine.game().side_to_move();
        let limits = match clock.limits(side) {
            Some(limits) if depth.is_none() => limits,
            _ => limits(movetime, depth, DEFAULT_MOVETIME_MS)?,
        };
        self.abandon_search();
        self.engine.set_option("MultiPV", Some("1"))?;
        self.start_search(limits, Purpose::Play(ply));
        Ok(())
    }

    fn analyze(&mut self, multipv: usize, ply: Option<usize>) -> Result<(), String> {
        let ply = ply.unwrap_or(self.history.len());
        if ply > self.history.len() {
            return Err(format!(
                "the game has {} plies, not {ply}",
                self.history.len()
            ));
        }
        let game = self.game_at(ply)?;
        if game.legal_moves().is_empty() {
            return Err(format!(
                "there is no legal move to analyse: {}",
                ending::status(game.as_ref(), None)
            ));
        }
        self.review = None;
        self.engine_to(ply)?;
        self.abandon_search();
        self.engine
            .set_option("MultiPV", Some(&multipv.clamp(1, 64).to_string()))?;
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        self.start_search(limits, Purpose::Analyze);
        Ok(())
    }

    /// Starts a whole-game review: each position in turn, from the start.
    fn start_review(&mut self, movetime: Option<u64>, depth: Option<u32>) -> Result<(), String> {
        let limits = limits(movetime, depth, DEFAULT_REVIEW_MS)?;
        self.abandon_search();
        self.engine.set_option("MultiPV", Some("1"))?;
        self.review = Some(ReviewRun {
            limits,
            scores: vec![None; self.history.len() + 1],
        });
        self.review_from(0)?;
        Ok(())
    }

    /// Goes on with the review at position `ply`: positions whose game is over are scored
    /// at once, the first other one is searched; at the end the moves are marked.
    fn review_from(&mut self, ply: usize) -> Result<(), String> {
        let Some(run) = self.review.as_mut() else {
            return Ok(());
        };
        let total = run.scores.len();
        let mut ply = ply;
        while ply < total {
            let result = self.game_at(ply)?.result();
            match review::final_score(result) {
                Some(score) => {
                    if let Some(run) = self.review.as_mut() {
                        run.scores[ply] = Some(score);
                    }
                    ply += 1;
                }
                None => break,
            }
        }
        if ply < total {
            let limits = match &self.review {
                Some(run) => run.limits.clone(),
                None => return Ok(()),
            };
            self.engine_to(ply)?;
            self.start_search(limits, Purpose::Review(ply));
            return Ok(());
        }
        let Some(run) = self.review.take() else {
            return Ok(());
        };
        let first = self.game_at(0)?.side_to_move();
        let marks = review::marks(&run.scores, first);
        for (i, (ply, mark)) in self.history.iter_mut().zip(marks).enumerate() {
            ply.score = run.scores.get(i + 1).copied().flatten().or(ply.score);
            ply.mark = mark;
        }
        let done = run.scores.len();
        self.send(&Reply::Review {
            scores: run.scores,
            done,
        });
        self.restore_live()
    }

    fn start_search(&mut self, limits: Limits, purpose: Purpose) {
        self.generation += 1;
        let side = self.engine.game().side_to_move();
        let ply = self.engine_at.unwrap_or(self.history.len());
        self.search = Some(Running {
            generation: self.generation,
            purpose,
            side,
            ply,
        });
        let reporter = ChannelReporter {
            generation: self.generation,
            tx: self.tx.clone(),
        };
        self.engine.go(limits, Box::new(reporter));
    }

    /// The running search, if `generation` is the running search.
    fn current(&self, generation: u64) -> Option<Running> {
        self.search.filter(|r| r.generation == generation)
    }

    fn on_info(&mut self, generation: u64, info: &SearchInfo) -> bool {
        let Some(Running {
            purpose, side, ply, ..
        }) = self.current(generation)
        else {
            return true;
        };
        if let Purpose::Review(_) = purpose {
            return true;
        }
        let reply = Reply::Info {
            ply,
            analysis: purpose == Purpose::Analyze,
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
        let Some(Running { purpose, side, .. }) = self.current(generation) else {
            return true;
        };
        self.engine.wait();
        self.search = None;
        let score = score_view(outcome.score, side);
        if let Purpose::Review(ply) = purpose {
            return self.on_reviewed(ply, score);
        }
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
                        last.score = Some(score);
                    }
                    self.state()
                }
                Err(message) => Reply::Error { message },
            };
            return alive && self.send(&reply);
        }
        alive && {
            if purpose == Purpose::Analyze
                && let Err(e) = self.restore_live()
            {
                log::warn!("cannot return to the game after analysis: {e}");
            }
            let state = self.state();
            self.send(&state)
        }
    }

    /// A review's search of position `ply` ended with `score`: on to the next position.
    fn on_reviewed(&mut self, ply: usize, score: ScoreView) -> bool {
        let progress = match self.review.as_mut() {
            Some(run) => {
                if let Some(slot) = run.scores.get_mut(ply) {
                    *slot = Some(score);
                }
                Some(Reply::Review {
                    scores: run.scores.clone(),
                    done: ply + 1,
                })
            }
            None => None,
        };
        let mut alive = true;
        if let Some(progress) = progress {
            alive = self.send(&progress);
        }
        let finished = match self.review_from(ply + 1) {
            Ok(()) => self.review.is_none(),
            Err(message) => {
                self.review = None;
                alive = alive && self.send(&Reply::Error { message });
                true
            }
        };
        if finished {
            if let Err(e) = self.restore_live() {
                log::warn!("cannot return to the game after the review: {e}");
            }
            let state = self.state();
            alive = alive && self.send(&state);
        }
        alive
    }

    /// The whole state for the page.
    pub fn state(&self) -> Reply {
        self.with_live(|game| self.state_of(game))
    }

    /// The state, `game` being the game's current position.
    fn state_of(&self, game: &dyn GameSession) -> Reply {
        let variant = game.variant();
        let over = self.verdict.is_some();
        let moves = if over {
            Vec::new()
        } else {
            game.legal_moves()
                .iter()
                .map(|r| MoveView {
                    text: r.text.clone(),
                    path: r.path.squares().iter().map(|&s| name(variant, s)).collect(),
                    captured: r.captured.into_iter().map(|s| name(variant, s)).collect(),
                    huff: r.text.split_once('*').map(|(huff, _)| huff.to_string()),
                })
                .collect()
        };
        let house = self.house(game);
        let title = match house {
            Some(house) => format!("{} ({house} house)", variant.title()),
            None => variant.title().to_string(),
        };
        let (result, reason, ending_rule) = match &self.verdict {
            Some(v) => (v.result, Some(v.reason.clone()), None),
            None => (
                game.result(),
                ending::reason(game),
                game.ending_rule().map(str::to_string),
            ),
        };
        Reply::State(Box::new(StateView {
            variant: variant.name().to_string(),
            title,
            games: self.games(),
            board: board_view(game, house),
            side: game.side_to_move().name().to_string(),
            fen: game.fen(),
            start_fen: self.start_fen.clone(),
            history: self
                .history
                .iter()
                .map(|p| PlyView {
                    text: p.text.clone(),
                    score: p.score,
                    mark: p.mark.clone(),
                })
                .collect(),
            moves,
            result: result.to_string(),
            ending_rule,
            reason,
            status: ending::status(game, self.verdict.as_ref()),
            counters: game
                .counter_lines()
                .iter()
                .filter_map(|line| readable_counter(line))
                .collect(),
            notes: if result == GameResult::Ongoing {
                ending::notes(game)
            } else {
                Vec::new()
            },
            searching: self.search.is_some(),
            reviewing: self.review.is_some(),
        }))
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
        let variant = self.engine.options().variant;
        let result = PdnResult::from(self.result());
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
            moves: self.history.iter().map(|p| p.text.clone()).collect(),
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
        let stacks = with_game!(variant, G => G::STACKS);
        let fen = game.tag("FEN").map(|f| fen::cleaned(f, stacks));
        let fen = fen.as_deref().filter(|f| !f.is_empty());
        let draws = self.engine.options().draws;
        let mut replay = new_session_with(variant, &self.setup(), fen, &[], draws)?;
        let start_fen = replay.fen();
        let moves = canonical_moves(replay.as_mut(), &game.moves)?;
        self.abandon_search();
        self.engine
            .set_option("UCI_Variant", Some(variant.name()))?;
        self.engine.new_game();
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.engine.set_position(Some(&start_fen), &texts)?;
        self.start_fen = start_fen;
        self.history = moves.into_iter().map(Ply::new).collect();
        self.verdict = None;
        Ok(())
    }
}

/// The clocks a `go` request gives, in milliseconds (White's, then Black's).
struct Clock {
    time: [Option<u64>; 2],
    inc: [Option<u64>; 2],
}

impl Clock {
    /// Limits from the clock, when the time of `side` (the engine's) is given.
    fn limits(&self, side: Side) -> Option<Limits> {
        let own = if side == Side::White { 0 } else { 1 };
        self.time[own]?;
        let ms = |v: Option<u64>| v.map(|ms| Duration::from_millis(ms.min(MAX_MOVETIME_MS * 100)));
        Some(Limits {
            time: [ms(self.time[0]), ms(self.time[1])],
            inc: [ms(self.inc[0]), ms(self.inc[1])],
            ..Limits::default()
        })
    }
}

/// Limits for a depth or a time, `default_ms` when neither is given.
fn limits(movetime: Option<u64>, depth: Option<u32>, default_ms: u64) -> Result<Limits, String> {
    match (depth, movetime) {
        (Some(depth), _) if (1..=MAX_DEPTH).contains(&depth) => Ok(Limits::depth(depth)),
        (Some(depth), _) => Err(format!("depth must be 1 to {MAX_DEPTH}, not {depth}")),
        (None, Some(ms)) if (1..=MAX_MOVETIME_MS).contains(&ms) => {
            Ok(Limits::movetime(Duration::from_millis(ms)))
        }
        (None, Some(ms)) => Err(format!(
            "movetime must be 1 to {MAX_MOVETIME_MS} ms, not {ms}"
        )),
        (None, None) => Ok(Limits::movetime(Duration::from_millis(default_ms))),
    }
}

/// Reads and plays `moves` on `game`, returning each in the game's own notation.
fn canonical_moves(game: &mut dyn GameSession, moves: &[String]) -> Result<Vec<String>, String> {
    let mut texts = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let canonical = game
            .parse_moves(&[text])
            .ok()
            .and_then(|texts| texts.into_iter().next())
            .ok_or_else(|| {
                format!(
                    "move {} ({}) is not legal",
                    i + 1,
                    crate::protocol::printable(text, 20)
                )
            })?;
        game.play_text(&canonical)
            .map_err(|e| format!("move {} ({canonical}): {e}", i + 1))?;
        texts.push(canonical);
    }
    Ok(texts)
}

/// `white` or `black`.
fn parse_side(text: &str) -> Result<Side, String> {
    match text.trim() {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        other => Err(format!(
            "a side is white or black, not {}",
            crate::protocol::printable(other, 20)
        )),
    }
}

/// A running draw counter of a rule in force, for people: `material unchanged: 2 plies,
/// draw in 62` reads `material unchanged: 2 plies so far, a draw after 62 more`. Counters of
/// rules switched off, and those standing at 0, are left out.
fn readable_counter(line: &str) -> Option<String> {
    let (reason, count) = line.rsplit_once(": ")?;
    let (plies, left) = count.split_once(" plies, draw in ")?;
    let plies: u32 = plies.trim().parse().ok()?;
    if plies == 0 {
        return None;
    }
    Some(format!(
        "{reason}: {plies} plies so far, a draw after {} more",
        left.trim()
    ))
}

/// A score as the page prints it: `+1.20`, `-M5`.
fn score_text(score: ScoreView) -> String {
    match score.mate {
        Some(m) if m < 0 => format!("-M{}", -m),
        Some(m) => format!("+M{m}"),
        None => format!("{:+.2}", f64::from(score.cp) / 100.0),
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

/// The board of `game` as the page draws it, Ugolki's `house` marked.
pub fn board_view(game: &dyn GameSession, house: Option<House>) -> BoardView {
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
                    house: ending::house_of(house, square).map(|side| side.name().to_string()),
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

#[cfg(test)]
mod tests {
    use super::readable_counter;

    #[test]
    fn counters_read_as_sentences_and_idle_ones_are_left_out() {
        assert_eq!(
            readable_counter("material unchanged: 2 plies, draw in 62").as_deref(),
            Some("material unchanged: 2 plies so far, a draw after 62 more")
        );
        assert_eq!(
            readable_counter("material unchanged: 0 plies, draw in 64"),
            None
        );
        assert_eq!(readable_counter("kings only: 4 plies (rule off)"), None);
    }
}
