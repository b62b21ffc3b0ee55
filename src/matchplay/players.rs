//! Engines that speak Hub or DXP, made to look like any other [`Player`] to the referee: the
//! referee's `position` and `go` lines are turned into the engine's own protocol, and its
//! answer back into a move in damka's notation. The referee, clocks, openings, SPRT and PDN are
//! the same for every kind of engine.

use super::engine_process::{
    EngineCommand, EngineError, EngineInfo, EngineProcess, EngineProtocol, EngineScore, Thought,
};
use super::referee::Player;
use crate::dxp::connection::{Connection, Received};
use crate::dxp::message::{AcceptCode, DxpPosition, EndReason, Message, VERSION};
use crate::hub::command::parse_move as parse_hub_move;
use crate::hub::notation::{HubSquares, find_move, move_text as hub_move_text};
use crate::protocol::Command;
use damka_engine::search::Limits;
use damka_engine::session::{GameSession, new_session};
use damka_rules::draw::DrawRules;
use damka_rules::games::Variant;
use damka_rules::notation::MoveRecord;
use damka_rules::types::{Kind, Side};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Starts the engine a command names, in whatever protocol it speaks.
pub fn start(
    command: &EngineCommand,
    variant: Variant,
    timeout: Duration,
) -> Result<Box<dyn Player>, EngineError> {
    Ok(match command.protocol {
        EngineProtocol::Uci => Box::new(EngineProcess::start(command, timeout)?),
        EngineProtocol::Hub => Box::new(HubPlayer::start(command, variant, timeout)?),
        EngineProtocol::Dxp => Box::new(DxpPlayer::connect(command, variant, timeout)?),
    })
}

/// A game as the referee's `position` line gives it.
struct Replayed {
    /// The starting position.
    start: Box<dyn GameSession>,
    /// The start FEN, `None` for the initial position.
    fen: Option<String>,
    /// Every move since.
    records: Vec<MoveRecord>,
    /// The position now.
    current: Box<dyn GameSession>,
}

fn protocol_error(e: impl std::fmt::Display) -> EngineError {
    EngineError::Protocol(e.to_string())
}

/// Reads the referee's `position` line under `variant`'s rules.
fn replay(variant: Variant, line: &str) -> Result<Replayed, EngineError> {
    let Ok(Command::Position { fen, moves }) = Command::parse(line) else {
        return Err(protocol_error(format!("not a position line: {line}")));
    };
    let rules = DrawRules::default();
    let start = new_session(variant, fen.as_deref(), &[], rules).map_err(protocol_error)?;
    let mut current = start.boxed_clone();
    let mut records = Vec::with_capacity(moves.len());
    for text in &moves {
        let record = current
            .legal_moves()
            .into_iter()
            .find(|r| &r.text == text)
            .ok_or_else(|| protocol_error(format!("the referee's move {text} is not legal")))?;
        current.play_record(&record).map_err(protocol_error)?;
        records.push(record);
    }
    Ok(Replayed {
        start,
        fen,
        records,
        current,
    })
}

/// The referee's `go` line as limits.
fn limits(line: &str) -> Result<Limits, EngineError> {
    match Command::parse(line) {
        Ok(Command::Go(go)) => Ok(go.limits),
        _ => Err(protocol_error(format!("not a go line: {line}"))),
    }
}

fn seconds(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

/// An engine speaking Hub over pipes.
pub struct HubPlayer {
    process: EngineProcess,
    variant: Variant,
    squares: HubSquares,
    timeout: Duration,
}

impl HubPlayer {
    /// Starts the program, does the `hub` … `wait` handshake, chooses the variant (by damka's
    /// name for it), sends the options as parameters and waits for `ready`.
    pub fn start(
        command: &EngineCommand,
        variant: Variant,
        timeout: Duration,
    ) -> Result<HubPlayer, EngineError> {
        let mut process = EngineProcess::spawn(command)?;
        process.send("hub")?;
        let deadline = Instant::now() + timeout;
        loop {
            let (_, line) = process.recv(deadline, "wait")?;
            if line == "wait" {
                break;
            }
            if line.starts_with("id ") {
                process.id_name = hub_value(&line, "name");
            } else if line.starts_with("param ")
                && let Some(name) = hub_value(&line, "name")
            {
                process.option_names.push(name);
            }
        }
        process.send(&format!("set-param name=variant value={}", variant.name()))?;
        for (name, value) in &command.options {
            let value = value.as_deref().unwrap_or("");
            process.send(&format!("set-param name={name} value=\"{value}\""))?;
        }
        process.send("init")?;
        let deadline = Instant::now() + timeout;
        loop {
            let (_, line) = process.recv(deadline, "ready")?;
            if line == "ready" {
                break;
            }
            if line.starts_with("error") {
                return Err(protocol_error(format!("at start-up: {line}")));
            }
        }
        Ok(HubPlayer {
            process,
            variant,
            squares: HubSquares::for_variant(variant),
            timeout,
        })
    }

    /// What the engine said about itself; the process ends.
    pub fn info(self) -> EngineInfo {
        let info = EngineInfo {
            id_name: self.process.id_name.clone(),
            option_names: self.process.option_names.clone(),
        };
        self.process.quit();
        info
    }

    /// The Hub `pos=` board of a position.
    fn board(&self, game: &dyn GameSession) -> String {
        let side = match game.side_to_move() {
            Side::White => 'W',
            Side::Black => 'B',
        };
        let cells = (1..=self.squares.count()).map(|n| {
            let piece = self
                .squares
                .board_square(n - 1)
                .and_then(|sq| game.piece_at(sq));
            match piece.map(|p| (p.side, p.kind)) {
                None => 'e',
                Some((Side::White, Kind::Man)) => 'w',
                Some((Side::White, Kind::King)) => 'W',
                Some((Side::Black, Kind::Man)) => 'b',
                Some((Side::Black, Kind::King)) => 'B',
            }
        });
        std::iter::once(side).chain(cells).collect()
    }
}

/// The value of `name=value` in a Hub line (quotes removed).
fn hub_value(line: &str, name: &str) -> Option<String> {
    let (_, pairs) = crate::hub::command::split_line(line).ok()?;
    pairs
        .into_iter()
        .find(|p| p.name == name)
        .and_then(|p| p.value)
}

impl Player for HubPlayer {
    fn new_game(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.process.send("new-game")?;
        self.process.send("ping")?;
        let deadline = Instant::now() + timeout;
        while self.process.recv(deadline, "pong")?.1 != "pong" {}
        Ok(())
    }

    fn go(&mut self, position: &str, go: &str, timeout: Duration) -> Result<Thought, EngineError> {
        let game = replay(self.variant, position)?;
        let limits = limits(go)?;
        let moves: Vec<String> = game
            .records
            .iter()
            .map(|r| hub_move_text(r, &self.squares))
            .collect();
        let mut pos = format!("pos pos={}", self.board(game.start.as_ref()));
        if !moves.is_empty() {
            pos.push_str(&format!(" moves=\"{}\"", moves.join(" ")));
        }
        let side = game.current.side_to_move().index();
        let level = if let Some(depth) = limits.depth {
            format!("level depth={depth}")
        } else if let Some(nodes) = limits.nodes {
            format!("level nodes={nodes}")
        } else if let Some(movetime) = limits.movetime {
            format!("level move-time={}", seconds(movetime))
        } else if let Some(time) = limits.time[side] {
            let inc = limits.inc[side].unwrap_or_default();
            format!("level time={} inc={}", seconds(time), seconds(inc))
        } else {
            return Err(protocol_error(format!("no Hub level for '{go}'")));
        };
        self.process.send(&pos)?;
        self.process.send(&level)?;
        self.process.send("go think")?;
        let start = Instant::now();
        let deadline = start + timeout.max(self.timeout.min(timeout));
        let (mut score, mut depth) = (None, None);
        loop {
            let (at, line) = self.process.recv(deadline, "done")?;
            if line.starts_with("info") {
                depth = hub_value(&line, "depth")
                    .and_then(|d| d.parse().ok())
                    .or(depth);
                score = hub_value(&line, "score")
                    .and_then(|s| s.parse::<f64>().ok())
                    .map(|s| EngineScore::Cp((s * 100.0).round() as i32))
                    .or(score);
            } else if line.starts_with("error") {
                return Err(protocol_error(format!("the engine refused: {line}")));
            } else if line.starts_with("done") {
                let best = match hub_value(&line, "move") {
                    None => None,
                    Some(text) => {
                        let mv = parse_hub_move(&text).map_err(protocol_error)?;
                        let record = find_move(&mv, &game.current.legal_moves(), &self.squares)
                            .map_err(protocol_error)?;
                        Some(record.text)
                    }
                };
                return Ok(Thought {
                    best,
                    score,
                    depth,
                    elapsed: at.saturating_duration_since(start),
                    ponder: None,
                });
            }
        }
    }
}

/// A DXP follower reached over TCP; the runner is the initiator. A game is asked for at the
/// engine's first turn, from the position on the board then, so opening moves need no replay.
pub struct DxpPlayer {
    connection: Connection,
    variant: Variant,
    squares: HubSquares,
    /// Plies of the referee's game the follower knows (`None` before the game request).
    known: Option<usize>,
    timeout: Duration,
}

impl DxpPlayer {
    /// Connects to the follower at the command's `HOST:PORT`.
    pub fn connect(
        command: &EngineCommand,
        variant: Variant,
        timeout: Duration,
    ) -> Result<DxpPlayer, EngineError> {
        if variant != crate::dxp::game() {
            return Err(EngineError::Spawn(format!(
                "DXP engines play {}, not {variant}",
                crate::dxp::game().title()
            )));
        }
        let address = &command.program;
        let stream = TcpStream::connect(address)
            .map_err(|e| EngineError::Spawn(format!("cannot connect to {address}: {e}")))?;
        let connection =
            Connection::new(stream).map_err(|e| EngineError::Spawn(format!("{address}: {e}")))?;
        Ok(DxpPlayer {
            connection,
            variant,
            squares: HubSquares::for_variant(variant),
            known: None,
            timeout,
        })
    }

    /// The DXP board of a position.
    fn dxp_position(&self, game: &dyn GameSession) -> DxpPosition {
        let squares = (1..=50u8)
            .map(|n| {
                let piece = self.squares.square(n).and_then(|sq| game.piece_at(sq));
                match piece.map(|p| (p.side, p.kind)) {
                    None => 'e',
                    Some((Side::White, Kind::Man)) => 'w',
                    Some((Side::White, Kind::King)) => 'W',
                    Some((Side::Black, Kind::Man)) => 'z',
                    Some((Side::Black, Kind::King)) => 'Z',
                }
            })
            .collect();
        DxpPosition {
            side: game.side_to_move(),
            squares,
        }
    }

    fn receive(&mut self, deadline: Instant, expecting: &str) -> Result<Message, EngineError> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self
                .connection
                .receive(Some(left.max(Duration::from_millis(1))))
            {
                Received::Message(Message::Chat(text)) => log::info!("dxp chat: {text}"),
                Received::Message(message) => return Ok(message),
                Received::Malformed(text, e) => {
                    return Err(protocol_error(format!("cannot read '{text}': {e}")));
                }
                Received::Closed => {
                    return Err(EngineError::Crashed(
                        "the connection was closed".to_string(),
                    ));
                }
                Received::TimedOut => {
                    return Err(EngineError::Timeout(format!("no {expecting}")));
                }
            }
        }
    }

    fn dxp_move(&self, record: &MoveRecord) -> Message {
        let path = record.path.squares();
        Message::Move {
            seconds: 0,
            from: self.squares.number(path[0]),
            to: self.squares.number(path[path.len() - 1]),
            captured: record
                .captured
                .into_iter()
                .map(|sq| self.squares.number(sq))
                .collect(),
        }
    }
}

impl Player for DxpPlayer {
    fn new_game(&mut self, _timeout: Duration) -> Result<(), EngineError> {
        Ok(())
    }

    fn go(&mut self, position: &str, go: &str, timeout: Duration) -> Result<Thought, EngineError> {
        let game = replay(self.variant, position)?;
        let limits = limits(go)?;
        let side = game.current.side_to_move();
        let start = Instant::now();
        match self.known {
            None => {
                // The whole game is on its clock: the time left, in whole minutes (at least 1).
                let minutes = limits.time[side.index()]
                    .map_or(10, |t| t.as_secs().div_ceil(60).max(1) as u32);
                let at_start = game.records.is_empty() && game.fen.is_none();
                self.connection.send(&Message::GameRequest {
                    version: VERSION,
                    name: format!("damka match {}", env!("CARGO_PKG_VERSION")),
                    follower: side,
                    minutes,
                    moves: 0,
                    position: (!at_start).then(|| self.dxp_position(game.current.as_ref())),
                });
                match self.receive(start + self.timeout, "game acceptance")? {
                    Message::GameAccept {
                        code: AcceptCode::Accepted,
                        ..
                    } => {}
                    Message::GameAccept { name, code } => {
                        return Err(protocol_error(format!(
                            "{name} refused the game ({code:?})"
                        )));
                    }
                    other => {
                        return Err(protocol_error(format!("expected GAMEACC, got {other:?}")));
                    }
                }
            }
            Some(known) => {
                // The follower knows its own last move; it is told the opponent's reply.
                let new = game.records.get(known..).unwrap_or(&[]);
                let [reply] = new else {
                    return Err(protocol_error(format!(
                        "{} new moves since the follower's last, expected 1",
                        new.len()
                    )));
                };
                self.connection.send(&self.dxp_move(reply));
            }
        }
        let deadline = start + timeout;
        let answer = self.receive(deadline, "move")?;
        let elapsed = start.elapsed();
        let best = match answer {
            Message::Move {
                from, to, captured, ..
            } => {
                let mv = crate::hub::command::HubMove {
                    text: format!("{from}-{to}"),
                    from,
                    to,
                    captured,
                };
                let record = find_move(&mv, &game.current.legal_moves(), &self.squares)
                    .map_err(protocol_error)?;
                Some(record.text)
            }
            Message::GameEnd { .. } => {
                // The follower ends the game on its turn: acknowledged, and no move.
                self.connection.send(&Message::GameEnd {
                    reason: EndReason::Unknown,
                    stop: false,
                });
                None
            }
            other => return Err(protocol_error(format!("expected a move, got {other:?}"))),
        };
        self.known = Some(game.records.len() + 1);
        Ok(Thought {
            best,
            score: None,
            depth: None,
            elapsed,
            ponder: None,
        })
    }
}

impl Drop for DxpPlayer {
    fn drop(&mut self) {
        if self.known.is_some() {
            self.connection.send(&Message::GameEnd {
                reason: EndReason::Unknown,
                stop: false,
            });
            // Its acknowledgement, briefly; the connection closes either way.
            let _ = self.connection.receive(Some(Duration::from_millis(200)));
        }
    }
}
