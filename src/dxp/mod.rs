//! DXP (DamExchange), the protocol International draughts programs play each other with over
//! TCP: `damka dxp --listen` is the follower, which waits for game requests; `damka dxp
//! --connect` is the initiator, which asks for games and keeps the score.
//!
//! The messages are in [`message`], the connection in [`connection`] (replies go through the
//! same [`LineSink`](crate::lines::LineSink) the other servers write to), and one game over the
//! shared [`Engine`] in [`player`]. Every message is logged at `debug` level (`RUST_LOG=debug`).
//!
//! What the other side does wrong never stops damka: a message that cannot be read is answered
//! with a chat line saying why, and if a move was due, the game is ended (`E00`); an illegal
//! move ends the game the same way; a request damka cannot play (another protocol version, a
//! position with no game left, a game other than International draughts) is refused in the
//! acceptance code; a dropped connection ends the game and the follower waits for the next.

pub mod connection;
pub mod message;
pub mod player;

use connection::{Connection, Received};
use damka_engine::engine::Engine;
use damka_rules::game::GameResult;
use damka_rules::types::Side;
pub use message::game;
use message::{AcceptCode, BackCode, DxpPosition, EndReason, Message, VERSION};
use player::{DxpGame, Thinking};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Settings shared by both roles.
#[derive(Clone, Debug)]
pub struct DxpConfig {
    /// The name sent in game requests and acceptances.
    pub name: String,
    /// How damka's moves are searched.
    pub thinking: Thinking,
    /// Engine options (`Hash`, `Threads`, …) as name and value.
    pub options: Vec<(String, String)>,
    /// The follower serves at most this many connections at once; one more is told so in a
    /// chat line and closed.
    pub max_connections: usize,
    /// The follower closes a connection that sends nothing for this long, outside a game or
    /// during one (then at least the game's time for a side: the other side may think that
    /// long).
    pub idle_timeout: Duration,
}

/// Consecutive unreadable messages after which the follower closes the connection.
const UNREADABLE_LIMIT: u32 = 16;

impl Default for DxpConfig {
    fn default() -> Self {
        DxpConfig {
            name: format!("damka {}", env!("CARGO_PKG_VERSION")),
            thinking: Thinking::Clock,
            options: Vec::new(),
            max_connections: 16,
            idle_timeout: Duration::from_secs(600),
        }
    }
}

/// A new engine for DXP's game with the configured options.
fn new_engine(config: &DxpConfig) -> Result<Engine, String> {
    let mut engine = Engine::new();
    engine.set_option("UCI_Variant", Some(game().name()))?;
    for (name, value) in &config.options {
        engine.set_option(name, Some(value))?;
    }
    Ok(engine)
}

/// Follows on `address` (`[host:]port`): serves every connection on its own thread, each for as
/// many games as the initiator asks, up to [`DxpConfig::max_connections`] at once; with `once`,
/// serves only the first and returns when it closes.
/// `on_listening` is told the bound address (the port may have been 0).
pub fn listen(
    address: &str,
    config: &DxpConfig,
    once: bool,
    on_listening: impl FnOnce(std::net::SocketAddr),
) -> Result<(), String> {
    let address = if address.contains(':') {
        address.to_string()
    } else {
        format!("127.0.0.1:{address}")
    };
    let listener =
        TcpListener::bind(&address).map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {address}: {e}"))?;
    log::info!("dxp: listening on {bound}");
    on_listening(bound);
    // The engine is checked before any connection, so a bad option fails at once.
    new_engine(config)?;
    let active = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let connection = match stream.and_then(Connection::new) {
            Ok(connection) => connection,
            Err(e) => {
                log::warn!("dxp: a connection failed: {e}");
                continue;
            }
        };
        log::info!("dxp: {} connected", connection.peer());
        if once {
            return follow(connection, config);
        }
        if active.load(Ordering::Acquire) >= config.max_connections {
            log::warn!(
                "dxp: {} refused: {} connections already",
                connection.peer(),
                config.max_connections
            );
            connection.send(&Message::Chat(format!(
                "damka: busy, serving {} connections already; try again later",
                config.max_connections
            )));
            continue;
        }
        // Each connection is served on its own thread with its own engine, so a match runner
        // may play several games at once.
        let config = config.clone();
        let active = Arc::clone(&active);
        active.fetch_add(1, Ordering::AcqRel);
        std::thread::spawn(move || {
            if let Err(e) = follow(connection, &config) {
                log::warn!("dxp: {e}");
            }
            active.fetch_sub(1, Ordering::AcqRel);
        });
    }
    Ok(())
}

/// Ends the game on our side: tells the other side why (in a chat line) and sends `E00`.
fn abandon(connection: &Connection, why: &str) {
    log::warn!("dxp: {why}");
    connection.send(&Message::Chat(format!("damka: {why}")));
    connection.send(&Message::GameEnd {
        reason: EndReason::Unknown,
        stop: false,
    });
}

/// Plays damka's move, or ends the game if it is over on our turn. Returns false if the game
/// ended.
fn take_turn(connection: &Connection, game: &mut DxpGame, engine: &mut Engine) -> bool {
    if engine.game().result() != GameResult::Ongoing {
        connection.send(&Message::GameEnd {
            reason: game.end_reason(engine),
            stop: false,
        });
        return false;
    }
    match game.play_ours(engine) {
        Ok(message) => {
            connection.send(&message);
            true
        }
        Err(e) => {
            abandon(connection, &format!("cannot move: {e}"));
            false
        }
    }
}

/// Serves one connection as the follower until it closes, it stays silent for
/// [`DxpConfig::idle_timeout`], or it sends `UNREADABLE_LIMIT` unreadable messages in a row.
/// The engine, and the memory of its table, is built at the first game request.
pub fn follow(mut connection: Connection, config: &DxpConfig) -> Result<(), String> {
    let mut engine: Option<Engine> = None;
    let mut game: Option<DxpGame> = None;
    // We sent the first GAMEEND and wait for its acknowledgement.
    let mut ending = false;
    let mut unreadable = 0;
    loop {
        let patience = match &game {
            Some(g) if !ending => config.idle_timeout.max(g.time_per_side()),
            _ => config.idle_timeout,
        };
        let message = match connection.receive(Some(patience)) {
            Received::Message(message) => message,
            Received::Closed => {
                log::info!("dxp: {} closed the connection", connection.peer());
                return Ok(());
            }
            Received::TimedOut => {
                let why = format!("nothing received for {} s", patience.as_secs());
                log::info!("dxp: closing {}: {why}", connection.peer());
                connection.send(&Message::Chat(format!("damka: {why}; closing")));
                return Ok(());
            }
            Received::Malformed(text, e) => {
                unreadable += 1;
                let why = format!(
                    "cannot read '{}': {e}",
                    crate::protocol::printable(&text, 60)
                );
                if unreadable >= UNREADABLE_LIMIT {
                    log::warn!(
                        "dxp: closing {}: {unreadable} unreadable messages",
                        connection.peer()
                    );
                    connection.send(&Message::Chat(format!(
                        "damka: {why}; {unreadable} unreadable messages in a row, closing"
                    )));
                    return Ok(());
                }
                match (&game, &engine) {
                    (Some(g), Some(engine)) if !g.our_turn(engine) && !ending => {
                        abandon(&connection, &format!("{why}; the game is ended"));
                        ending = true;
                    }
                    _ => connection.send(&Message::Chat(format!("damka: {why}"))),
                }
                continue;
            }
        };
        unreadable = 0;
        match message {
            Message::Chat(text) => log::info!("dxp chat: {text}"),
            Message::GameRequest {
                version,
                name,
                follower,
                minutes,
                moves,
                position,
            } => {
                ending = false;
                game = None;
                let accept = |code| Message::GameAccept {
                    name: config.name.clone(),
                    code,
                };
                if version != VERSION {
                    connection.send(&accept(AcceptCode::WrongVersion));
                    continue;
                }
                let engine = match engine.as_mut() {
                    Some(engine) => engine,
                    None => engine.insert(new_engine(config)?),
                };
                match DxpGame::new(
                    engine,
                    position.as_ref(),
                    follower,
                    minutes,
                    moves,
                    config.thinking.clone(),
                ) {
                    Ok(mut new_game) => {
                        log::info!("dxp: game against {name}, damka plays {}", follower.name());
                        connection.send(&accept(AcceptCode::Accepted));
                        if new_game.our_turn(engine)
                            && !take_turn(&connection, &mut new_game, engine)
                        {
                            ending = true;
                        }
                        game = Some(new_game);
                    }
                    Err(refusal) => {
                        connection.send(&Message::Chat(format!("damka: {}", refusal.0)));
                        connection.send(&accept(AcceptCode::NotThisGame));
                    }
                }
            }
            Message::Move {
                from, to, captured, ..
            } => {
                let (Some(g), Some(engine)) = (game.as_mut(), engine.as_mut()) else {
                    connection.send(&Message::Chat(
                        "damka: a move arrived with no game in progress".to_string(),
                    ));
                    continue;
                };
                if ending {
                    continue;
                }
                match g.play_theirs(engine, from, to, &captured) {
                    Ok(text) => {
                        log::debug!("dxp: they played {text}");
                        if !take_turn(&connection, g, engine) {
                            ending = true;
                        }
                    }
                    Err(e) => {
                        abandon(&connection, &format!("illegal move {from}-{to}: {e}"));
                        ending = true;
                    }
                }
            }
            Message::GameEnd { reason, stop } => {
                if !ending && game.is_some() {
                    connection.send(&Message::GameEnd {
                        reason: EndReason::Unknown,
                        stop: false,
                    });
                }
                log::info!("dxp: game over ({reason:?})");
                game = None;
                ending = false;
                if stop {
                    log::info!("dxp: the initiator wants no more games");
                }
            }
            Message::BackRequest { move_number, side } => {
                let code = match (game.as_mut(), engine.as_mut()) {
                    (Some(g), Some(engine)) if !ending => {
                        if g.take_back(engine, move_number, side) {
                            BackCode::Accepted
                        } else {
                            BackCode::Continue
                        }
                    }
                    (Some(_), _) => BackCode::Continue,
                    (None, _) => BackCode::NotSupported,
                };
                connection.send(&Message::BackAccept(code));
                if code == BackCode::Accepted
                    && let (Some(g), Some(engine)) = (game.as_mut(), engine.as_mut())
                    && g.our_turn(engine)
                    && !take_turn(&connection, g, engine)
                {
                    ending = true;
                }
            }
            Message::GameAccept { .. } | Message::BackAccept(_) => {
                log::info!("dxp: ignoring a message only an initiator receives");
            }
        }
    }
}

/// What the initiator asks for.
#[derive(Clone, Debug)]
pub struct Request {
    /// Games to play; damka's colour alternates, starting with `colour`.
    pub games: u32,
    /// damka's colour in the first game.
    pub colour: Side,
    /// Thinking time per side for the whole game, in minutes.
    pub minutes: u32,
    /// Moves in that time (0: no limit).
    pub moves: u32,
    /// The starting position as FEN, or `None` for the initial one.
    pub fen: Option<String>,
    /// How long to wait for any one message before the game is given up.
    pub timeout: Duration,
}

/// How one game the initiator played ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The side damka played.
    pub ours: Side,
    /// The result under damka's rules (`Ongoing` when the game was ended before its end).
    pub result: GameResult,
    /// How it ended, in words.
    pub ending: String,
    /// The moves, in the game's notation.
    pub moves: Vec<String>,
    /// The starting FEN (`None`: the initial position).
    pub fen: Option<String>,
}

/// The DXP position of a FEN, for a game request.
fn request_position(engine: &mut Engine, fen: &str) -> Result<DxpPosition, String> {
    engine.set_position(Some(fen), &[])?;
    let squares = crate::hub::notation::HubSquares::for_variant(game());
    let game = engine.game();
    let cells = (1..=50u8)
        .map(|n| {
            let piece = squares.square(n).and_then(|sq| game.piece_at(sq));
            match piece.map(|p| (p.side, p.kind)) {
                None => 'e',
                Some((Side::White, damka_rules::types::Kind::Man)) => 'w',
                Some((Side::White, damka_rules::types::Kind::King)) => 'W',
                Some((Side::Black, damka_rules::types::Kind::Man)) => 'z',
                Some((Side::Black, damka_rules::types::Kind::King)) => 'Z',
            }
        })
        .collect();
    Ok(DxpPosition {
        side: game.side_to_move(),
        squares: cells,
    })
}

/// Connects to a follower at `address` and plays the games asked for; `on_game` hears each
/// finished game. Fails if the connection cannot be made or a game is refused.
pub fn initiate(
    address: &str,
    config: &DxpConfig,
    request: &Request,
    mut on_game: impl FnMut(&Played),
) -> Result<Vec<Played>, String> {
    let stream =
        TcpStream::connect(address).map_err(|e| format!("cannot connect to {address}: {e}"))?;
    let mut connection = Connection::new(stream).map_err(|e| format!("{address}: {e}"))?;
    let mut engine = new_engine(config)?;
    let position = match &request.fen {
        Some(fen) => Some(request_position(&mut engine, fen)?),
        None => None,
    };
    let mut played = Vec::new();
    for index in 0..request.games {
        let ours = if index % 2 == 0 {
            request.colour
        } else {
            request.colour.opponent()
        };
        let last = index + 1 == request.games;
        connection.send(&Message::GameRequest {
            version: VERSION,
            name: config.name.clone(),
            follower: ours.opponent(),
            minutes: request.minutes,
            moves: request.moves,
            position: position.clone(),
        });
        let name = loop {
            match connection.receive(Some(request.timeout)) {
                Received::Message(Message::GameAccept {
                    name,
                    code: AcceptCode::Accepted,
                }) => break name,
                Received::Message(Message::GameAccept { name, code }) => {
                    return Err(format!("{name} refused the game ({code:?})"));
                }
                Received::Message(Message::Chat(text)) => log::info!("dxp chat: {text}"),
                Received::Message(other) => {
                    log::warn!("dxp: expected a game acceptance, got {other:?}")
                }
                Received::Malformed(text, e) => log::warn!("dxp: cannot read '{text}': {e}"),
                Received::Closed => return Err(format!("{address} closed the connection")),
                Received::TimedOut => return Err(format!("{address} did not answer the request")),
            }
        };
        let mut game = DxpGame::new(
            &mut engine,
            position.as_ref(),
            ours,
            request.minutes,
            request.moves,
            config.thinking.clone(),
        )
        .map_err(|r| r.0)?;
        let ending = play_as_initiator(&mut connection, &mut game, &mut engine, request, last);
        let record = Played {
            ours,
            result: engine.game().result(),
            ending: format!("{ending} (against {name})"),
            moves: game.move_texts(),
            fen: game.start_fen().map(str::to_string),
        };
        on_game(&record);
        played.push(record);
        if ending.starts_with("connection") {
            break;
        }
    }
    Ok(played)
}

/// Plays one accepted game to its end; returns how it ended.
fn play_as_initiator(
    connection: &mut Connection,
    game: &mut DxpGame,
    engine: &mut Engine,
    request: &Request,
    last: bool,
) -> String {
    let end_game = |connection: &mut Connection, reason| {
        connection.send(&Message::GameEnd { reason, stop: last });
        // The acknowledgement; anything else meanwhile is of no more use.
        loop {
            match connection.receive(Some(request.timeout)) {
                Received::Message(Message::GameEnd { .. })
                | Received::Closed
                | Received::TimedOut => return,
                _ => {}
            }
        }
    };
    loop {
        if game.our_turn(engine) {
            if engine.game().result() != GameResult::Ongoing {
                let reason = game.end_reason(engine);
                end_game(connection, reason);
                return format!("{}", engine.game().result());
            }
            match game.play_ours(engine) {
                Ok(message) => connection.send(&message),
                Err(e) => {
                    end_game(connection, EndReason::Unknown);
                    return format!("damka could not move: {e}");
                }
            }
            continue;
        }
        match connection.receive(Some(request.timeout)) {
            Received::Message(Message::Move {
                from, to, captured, ..
            }) => {
                if let Err(e) = game.play_theirs(engine, from, to, &captured) {
                    connection.send(&Message::Chat(format!("damka: illegal move: {e}")));
                    end_game(connection, EndReason::Unknown);
                    return format!("illegal move {from}-{to} by the follower");
                }
            }
            Received::Message(Message::GameEnd { reason, .. }) => {
                connection.send(&Message::GameEnd {
                    reason: EndReason::Unknown,
                    stop: last,
                });
                let result = engine.game().result();
                return if result == GameResult::Ongoing {
                    format!("ended by the follower ({reason:?})")
                } else {
                    format!("{result}")
                };
            }
            Received::Message(Message::Chat(text)) => log::info!("dxp chat: {text}"),
            Received::Message(Message::BackRequest { .. }) => {
                connection.send(&Message::BackAccept(BackCode::NotSupported));
            }
            Received::Message(other) => log::warn!("dxp: unexpected {other:?}"),
            Received::Malformed(text, e) => {
                connection.send(&Message::Chat(format!("damka: cannot read '{text}': {e}")));
                end_game(connection, EndReason::Unknown);
                return format!("unreadable message from the follower: {e}");
            }
            Received::Closed => return "connection closed by the follower".to_string(),
            Received::TimedOut => {
                end_game(connection, EndReason::Unknown);
                return "the follower did not move in time".to_string();
            }
        }
    }
}
