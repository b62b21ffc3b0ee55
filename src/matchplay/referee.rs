//! The referee: plays one game between two [`Player`]s from an opening, on a game record
//! ([`GameSession`]) that applies every draw rule, and decides it.
//!
//! * Every reply is read in the game's notation against the referee's own position. A move that does not parse, is illegal or ambiguous, or `bestmove (none)` while a move
//!   exists loses the game for the side that sent it; so does a crash or a closed pipe.
//! * Clocks are the referee's: time runs from writing `go` to reading `bestmove`. Under a
//!   clock (`--tc`) a side whose think time exceeds what was left (plus the margin) loses on
//!   time, and the increment is added after each move; under a control of so many moves
//!   (`--tc 40/60`) the base time is added again each time a side has made that many moves,
//!   and `go` says how many are left (`movestogo`); under `movetime` the think time may
//!   not exceed the move time plus the margin. Depth and node limits have no clock, only a
//!   generous wait for a hung engine.
//! * The game ends by the rules (no legal move, or a draw rule of the record), or by optional
//!   adjudication on the scores the engines report.

use super::engine_process::{EngineError, EngineProcess, Thought};
use damka_engine::openings::Opening;
use damka_engine::session::{GameSession, new_session};
use damka_rules::draw::{DrawReason, DrawRules};
use damka_rules::game::GameResult;
use damka_rules::games::Variant;
use damka_rules::pdn::PdnResult;
use damka_rules::types::Side;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long each side may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A fixed time per move (`go movetime`).
    MoveTime(Duration),
    /// A real clock per side: a base time plus an increment after each move, and the base
    /// again after every `moves` moves if given.
    Clock {
        /// Time on each clock at the start (and at each new control).
        base: Duration,
        /// Added after each move.
        inc: Duration,
        /// Moves per control (`None`: the whole game is one control, sudden death).
        moves: Option<u32>,
    },
    /// A fixed depth (`go depth`), no clock.
    Depth(u32),
    /// A fixed node count (`go nodes`), no clock.
    Nodes(u64),
}

impl TimeControl {
    /// Reads a clock `[MOVES/]BASE[+INC]` in seconds, e.g. `10+0.1`, `60` or `40/60+0.5`
    /// (60 s for every 40 moves).
    pub fn parse_clock(text: &str) -> Result<TimeControl, String> {
        let (moves, text) = match text.split_once('/') {
            Some((moves, rest)) => match moves.trim().parse::<u32>() {
                Ok(n) if n > 0 => (Some(n), rest),
                _ => {
                    return Err(format!(
                        "'{moves}' in --tc is not a number of moves above 0"
                    ));
                }
            },
            None => (None, text),
        };
        let seconds = |part: &str| -> Result<Duration, String> {
            let value: f64 = part
                .trim()
                .parse()
                .map_err(|_| format!("'{part}' in --tc is not a number of seconds"))?;
            if !(0.0..=1e6).contains(&value) {
                return Err(format!("'{part}' in --tc is out of range"));
            }
            Ok(Duration::from_secs_f64(value))
        };
        let (base, inc) = match text.split_once('+') {
            Some((base, inc)) => (seconds(base)?, seconds(inc)?),
            None => (seconds(text)?, Duration::ZERO),
        };
        if base.is_zero() {
            return Err(format!("--tc {text}: the base time must be above 0"));
        }
        Ok(TimeControl::Clock { base, inc, moves })
    }
}

impl fmt::Display for TimeControl {
    /// `movetime 100ms`, `10+0.1`, `depth 6` or `nodes 5000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::MoveTime(t) => write!(f, "movetime {}ms", t.as_millis()),
            TimeControl::Clock { base, inc, moves } => {
                if let Some(moves) = moves {
                    write!(f, "{moves}/")?;
                }
                write!(f, "{}+{}", base.as_secs_f64(), inc.as_secs_f64())
            }
            TimeControl::Depth(d) => write!(f, "depth {d}"),
            TimeControl::Nodes(n) => write!(f, "nodes {n}"),
        }
    }
}

/// Draw by agreement of the scores: from move `from_move` on, when both engines have reported
/// |score| ≤ `cp` for `moves` moves each in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawAdjudication {
    /// The first full move number at which it may apply.
    pub from_move: u32,
    /// Moves of each side in a row.
    pub moves: u32,
    /// The largest |score| in centi-men that counts as level.
    pub cp: i32,
}

impl DrawAdjudication {
    /// Reads `FROM_MOVE,MOVES,CP`, e.g. `40,8,10`.
    pub fn parse(text: &str) -> Result<DrawAdjudication, String> {
        match numbers(text, "--adjudicate-draw")?.as_slice() {
            &[from_move, moves, cp] if moves > 0 => Ok(DrawAdjudication {
                from_move,
                moves,
                cp: cp as i32,
            }),
            _ => Err(format!(
                "--adjudicate-draw takes FROM_MOVE,MOVES,CP with MOVES > 0, not '{text}'"
            )),
        }
    }
}

/// Win by agreement of the scores: when, for `moves` moves of each side in a row, one engine
/// reported at least `cp` and the other at most −`cp`, the side they favour wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinAdjudication {
    /// Moves of each side in a row.
    pub moves: u32,
    /// The score in centi-men that counts as won.
    pub cp: i32,
}

impl WinAdjudication {
    /// Reads `MOVES,CP`, e.g. `4,1000`.
    pub fn parse(text: &str) -> Result<WinAdjudication, String> {
        match numbers(text, "--adjudicate-win")?.as_slice() {
            &[moves, cp] if moves > 0 && cp > 0 => Ok(WinAdjudication {
                moves,
                cp: cp as i32,
            }),
            _ => Err(format!(
                "--adjudicate-win takes MOVES,CP with both above 0, not '{text}'"
            )),
        }
    }
}

fn numbers(text: &str, flag: &str) -> Result<Vec<u32>, String> {
    text.split(',')
        .map(|part| {
            part.trim()
                .parse::<u32>()
                .map_err(|_| format!("'{}' in {flag} is not a whole number", part.trim()))
        })
        .collect()
}

/// The think time tolerated beyond the move time or the clock before a move loses on time,
/// unless a match says otherwise: the scheduling delays of a loaded machine (measured by
/// `scripts/dev/soak.sh --load`), small against the move times matches are played at.
pub const DEFAULT_TIME_MARGIN: Duration = Duration::from_millis(50);

/// Everything the referee needs to know besides the players and the opening.
#[derive(Clone, Debug)]
pub struct RefereeConfig {
    /// The game.
    pub variant: Variant,
    /// The time control.
    pub time: TimeControl,
    /// Think time allowed beyond the clock or the move time before a side loses on time.
    pub margin: Duration,
    /// The draw rules of the game record.
    pub rules: DrawRules,
    /// Optional draw adjudication.
    pub adjudicate_draw: Option<DrawAdjudication>,
    /// Optional win adjudication.
    pub adjudicate_win: Option<WinAdjudication>,
    /// How long to wait for the handshake, `readyok`, and a move under depth or node limits.
    pub reply_timeout: Duration,
    /// A game longer than this many plies is drawn (a safety net; the draw rules end every
    /// game well before it).
    pub max_plies: usize,
    /// Time odds: each side's move time, or clock and increment, multiplied by its factor
    /// (White's first). In a [`MatchConfig`](super::runner::MatchConfig) the two factors are
    /// engine 1's and engine 2's, and the runner hands each game's referee them by colour.
    pub time_odds: [f64; 2],
    /// Whether each side thinks on its opponent's time (White's first; in a
    /// [`MatchConfig`](super::runner::MatchConfig) engine 1's and engine 2's, as `time_odds`):
    /// after its move it gets `go ponder` on the reply it named, then `ponderhit` if that
    /// reply is played and `stop` if not. Only under a clock or a move time.
    pub ponder: [bool; 2],
}

impl RefereeConfig {
    /// Russian rules, the given time control, [`DEFAULT_TIME_MARGIN`], no adjudication.
    pub fn new(time: TimeControl) -> RefereeConfig {
        RefereeConfig {
            variant: Variant::default(),
            time,
            margin: DEFAULT_TIME_MARGIN,
            rules: DrawRules::default(),
            adjudicate_draw: None,
            adjudicate_win: None,
            reply_timeout: Duration::from_secs(60),
            max_plies: 2000,
            time_odds: [1.0, 1.0],
            ponder: [false, false],
        }
    }
}

/// A side of the game as the referee sees it: something that answers `go`, and may think on
/// the opponent's time.
pub trait Player {
    /// Prepares for a new game (`ucinewgame` and `isready`).
    fn new_game(&mut self, timeout: Duration) -> Result<(), EngineError>;
    /// Sends the position and the `go` line, and waits for `bestmove` for `timeout` at most.
    fn go(&mut self, position: &str, go: &str, timeout: Duration) -> Result<Thought, EngineError>;
    /// Starts thinking on the opponent's time: `position` ends with the reply the player
    /// expects, `go` is a `go ponder …` line. False (and nothing sent) if it cannot ponder.
    fn start_ponder(&mut self, _position: &str, _go: &str) -> Result<bool, EngineError> {
        Ok(false)
    }
    /// The expected reply came: `ponderhit`, and the move, timed from the `ponderhit`.
    fn ponder_hit(&mut self, _timeout: Duration) -> Result<Thought, EngineError> {
        Err(EngineError::Crashed(
            "this player does not ponder".to_string(),
        ))
    }
    /// Another reply came, or the game ended: `stop`, and the answer thrown away.
    fn ponder_miss(&mut self, _timeout: Duration) -> Result<(), EngineError> {
        Ok(())
    }
}

impl Player for EngineProcess {
    fn new_game(&mut self, timeout: Duration) -> Result<(), EngineError> {
        EngineProcess::new_game(self, timeout)
    }

    fn go(&mut self, position: &str, go: &str, timeout: Duration) -> Result<Thought, EngineError> {
        EngineProcess::go(self, position, go, timeout)
    }

    fn start_ponder(&mut self, position: &str, go: &str) -> Result<bool, EngineError> {
        self.start_search(position, go).map(|()| true)
    }

    fn ponder_hit(&mut self, timeout: Duration) -> Result<Thought, EngineError> {
        EngineProcess::ponder_hit(self, timeout)
    }

    fn ponder_miss(&mut self, timeout: Duration) -> Result<(), EngineError> {
        EngineProcess::ponder_miss(self, timeout)
    }
}

/// An engine that could not be started: it loses every game it is given, at the start.
pub struct Unavailable(pub EngineError);

impl Player for Unavailable {
    fn new_game(&mut self, _timeout: Duration) -> Result<(), EngineError> {
        Err(self.0.clone())
    }

    fn go(
        &mut self,
        _position: &str,
        _go: &str,
        _timeout: Duration,
    ) -> Result<Thought, EngineError> {
        Err(self.0.clone())
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The given side, to move, had no legal move (it loses; in giveaway it wins).
    NoMoves(Side),
    /// The given side won by a rule the game names (see `Game::ending_rule`), such as
    /// Ugolki's filled house.
    RuleWin(Side, &'static str),
    /// A draw rule of the game record.
    DrawRule(DrawReason),
    /// A side sent a move that is not legal (or not a move).
    IllegalMove {
        /// Who sent it.
        side: Side,
        /// What it sent.
        text: String,
        /// Why it was rejected.
        reason: String,
    },
    /// A side used more time than it had.
    TimeForfeit {
        /// Who.
        side: Side,
        /// How long it thought, or `None` if no move came before its time was up.
        used: Option<Duration>,
        /// What it had.
        allowed: Duration,
    },
    /// A side's engine crashed or did not answer.
    Fault {
        /// Whose engine.
        side: Side,
        /// What happened.
        detail: String,
    },
    /// Drawn by the score adjudication.
    AdjudicatedDraw,
    /// Won by the score adjudication.
    AdjudicatedWin(Side),
    /// The safety limit on the game's length.
    MoveLimit,
}

impl Termination {
    /// The side at fault, for an illegal move, a time forfeit or a fault.
    pub fn offender(&self) -> Option<Side> {
        match self {
            Termination::IllegalMove { side, .. }
            | Termination::TimeForfeit { side, .. }
            | Termination::Fault { side, .. } => Some(*side),
            _ => None,
        }
    }

    /// A short class name for counting: `no legal move`, `draw: <rule>`, `illegal move`,
    /// `time forfeit`, `engine fault`, `adjudicated draw`, `adjudicated win`, `move limit`.
    pub fn kind(&self) -> String {
        match self {
            Termination::NoMoves(_) => "no legal move".to_string(),
            Termination::RuleWin(_, rule) => format!("win: {rule}"),
            Termination::DrawRule(reason) => format!("draw: {reason}"),
            Termination::IllegalMove { .. } => "illegal move".to_string(),
            Termination::TimeForfeit { .. } => "time forfeit".to_string(),
            Termination::Fault { .. } => "engine fault".to_string(),
            Termination::AdjudicatedDraw => "adjudicated draw".to_string(),
            Termination::AdjudicatedWin(_) => "adjudicated win".to_string(),
            Termination::MoveLimit => "move limit".to_string(),
        }
    }

    /// The [`Termination::kind`] and [`Termination::offender`] of a termination from the text
    /// its `Display` writes (a PDN `Termination` tag), or `None` if the text is no termination.
    pub fn kind_of_text(text: &str) -> Option<(String, Option<Side>)> {
        if text.starts_with("adjudicated draw") {
            return Some(("adjudicated draw".to_string(), None));
        }
        if text.starts_with("adjudicated win for ") {
            return Some(("adjudicated win".to_string(), None));
        }
        if text == "drawn at the move limit" {
            return Some(("move limit".to_string(), None));
        }
        if let Some(reason) = text.strip_prefix("draw by rule: ") {
            return Some((format!("draw: {reason}"), None));
        }
        let (subject, rest) = text.split_once(' ')?;
        let side_named = |name: &str| {
            [Side::White, Side::Black]
                .into_iter()
                .find(|side| side.name() == name)
        };
        if let Some(side) = subject.strip_suffix("'s").and_then(side_named) {
            return rest
                .starts_with("engine failed")
                .then(|| ("engine fault".to_string(), Some(side)));
        }
        let side = side_named(subject)?;
        if rest == "has no legal move" {
            Some(("no legal move".to_string(), None))
        } else if let Some(rule) = rest.strip_prefix("wins by ") {
            Some((format!("win: {rule}"), None))
        } else if rest.starts_with("lost by a bad move") {
            Some(("illegal move".to_string(), Some(side)))
        } else if rest.starts_with("lost on time") {
            Some(("time forfeit".to_string(), Some(side)))
        } else {
            None
        }
    }
}

/// An engine's words as the PDN and the terminal may show them: control bytes (an escape
/// sequence, a NUL) escaped, and cut to a line's length.
fn shown(text: &str) -> String {
    crate::protocol::printable(text, 200)
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Termination::NoMoves(side) => write!(f, "{} has no legal move", side.name()),
            Termination::RuleWin(side, rule) => write!(f, "{} wins by {rule}", side.name()),
            Termination::DrawRule(reason) => write!(f, "draw by rule: {reason}"),
            Termination::IllegalMove { side, reason, .. } => {
                let reason = shown(reason);
                write!(f, "{} lost by a bad move: {reason}", side.name())
            }
            Termination::TimeForfeit {
                side,
                used: Some(used),
                allowed,
            } => write!(
                f,
                "{} lost on time ({} ms used, {} ms allowed)",
                side.name(),
                used.as_millis(),
                allowed.as_millis()
            ),
            Termination::TimeForfeit {
                side,
                used: None,
                allowed,
            } => write!(
                f,
                "{} lost on time (no move within {} ms)",
                side.name(),
                allowed.as_millis()
            ),
            Termination::Fault { side, detail } => {
                let detail = shown(detail);
                write!(f, "{}'s engine failed: {detail}", side.name())
            }
            Termination::AdjudicatedDraw => f.write_str("adjudicated draw (level scores)"),
            Termination::AdjudicatedWin(side) => {
                write!(f, "adjudicated win for {} (scores agree)", side.name())
            }
            Termination::MoveLimit => f.write_str("drawn at the move limit"),
        }
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The FEN of the start (with damka's counters), or `None` for the initial position.
    pub start_fen: Option<String>,
    /// Every move from the start, the opening's included, in damka's notation.
    pub moves: Vec<String>,
    /// How many of `moves` came from the opening.
    pub opening_plies: usize,
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub termination: Termination,
}

impl GameRecord {
    /// The result as PDN writes it.
    pub fn pdn_result(&self) -> PdnResult {
        match self.winner {
            Some(Side::White) => PdnResult::WhiteWins,
            Some(Side::Black) => PdnResult::BlackWins,
            None => PdnResult::Draw,
        }
    }
}

/// Plays one game from `opening`, `white` against `black`. Returns `None` if `abort` was set
/// or the match was interrupted (an engine's reply is [`EngineError::Interrupted`])
/// before the game ended, and an error if the opening is not valid for the variant.
pub fn play_game(
    opening: &Opening,
    white: &mut dyn Player,
    black: &mut dyn Player,
    config: &RefereeConfig,
    abort: &AtomicBool,
) -> Result<Option<GameRecord>, String> {
    play(opening, [white, black], config, abort)
}

/// The `position` command for a game: its start and every move played.
fn position_command(start_fen: Option<&str>, moves: &[String]) -> String {
    let mut text = match start_fen {
        Some(fen) => format!("position fen {fen}"),
        None => "position startpos".to_string(),
    };
    if !moves.is_empty() {
        text.push_str(" moves ");
        text.push_str(&moves.join(" "));
    }
    text
}

fn play(
    opening: &Opening,
    mut players: [&mut dyn Player; 2],
    config: &RefereeConfig,
    abort: &AtomicBool,
) -> Result<Option<GameRecord>, String> {
    // The reply each side is pondering on, if it is.
    let mut pondering = [None, None];
    let result = play_moves(opening, &mut players, config, abort, &mut pondering);
    // A side still thinking on its opponent's time when the game ends is stopped, so that a
    // kept engine starts its next game idle.
    for side in Side::BOTH {
        if pondering[side.index()].take().is_some() {
            let _ = players[side.index()].ponder_miss(config.reply_timeout);
        }
    }
    result
}

/// A game set up at the end of its opening ([`opening_session`]).
pub struct OpeningStart {
    /// The game, the opening's moves played.
    pub game: Box<dyn GameSession>,
    /// The FEN of the start as the game record writes it, or `None` for the initial position.
    pub start_fen: Option<String>,
    /// The opening's moves as the game record writes them.
    pub moves: Vec<String>,
}

/// A game of `config`'s variant and draw rules set up at the end of `opening`. Fails if the
/// opening is not valid for the variant.
pub fn opening_session(opening: &Opening, config: &RefereeConfig) -> Result<OpeningStart, String> {
    let mut game = new_session(config.variant, opening.fen.as_deref(), &[], config.rules)?;
    let start_fen = opening.fen.as_ref().map(|_| game.fen());
    let mut moves = Vec::new();
    for (i, text) in opening.moves.iter().enumerate() {
        let played = game
            .play_text(text)
            .map_err(|e| format!("opening move {} ({text}): {e}", i + 1))?;
        moves.push(played);
    }
    Ok(OpeningStart {
        game,
        start_fen,
        moves,
    })
}

fn play_moves(
    opening: &Opening,
    players: &mut [&mut dyn Player; 2],
    config: &RefereeConfig,
    abort: &AtomicBool,
    pondering: &mut [Option<String>; 2],
) -> Result<Option<GameRecord>, String> {
    let OpeningStart {
        mut game,
        start_fen,
        mut moves,
    } = opening_session(opening, config)?;
    let opening_plies = moves.len();
    let finish = |moves: Vec<String>, winner: Option<Side>, termination| {
        Ok(Some(GameRecord {
            start_fen: start_fen.clone(),
            moves,
            opening_plies,
            winner,
            termination,
        }))
    };

    for side in Side::BOTH {
        if let Err(e) = players[side.index()].new_game(config.reply_timeout) {
            if matches!(e, EngineError::Interrupted) {
                return Ok(None);
            }
            let detail = format!("at the start of the game: {e}");
            return finish(
                moves,
                Some(side.opponent()),
                Termination::Fault { side, detail },
            );
        }
    }

    let mut clocks = match config.time {
        TimeControl::Clock { base, .. } => [0, 1].map(|i| base.mul_f64(config.time_odds[i])),
        _ => [Duration::ZERO; 2],
    };
    // Moves each side has made since the start (for controls of so many moves).
    let mut made = [0u32; 2];
    // Scores reported by the engines after each of their moves, from White's point of view.
    let mut scores: Vec<Option<i32>> = Vec::new();
    loop {
        match game.result() {
            GameResult::Ongoing => {}
            GameResult::Win(winner) => {
                // A rule the game names, else the side without a move loses (or wins in
                // giveaway).
                let termination = match game.ending_rule() {
                    Some(rule) if !rule.contains("no legal move") => {
                        Termination::RuleWin(winner, rule)
                    }
                    _ => Termination::NoMoves(game.side_to_move()),
                };
                return finish(moves, Some(winner), termination);
            }
            GameResult::Draw(reason) => return finish(moves, None, Termination::DrawRule(reason)),
        }
        if let Some(termination) = adjudicate(config, &scores, game.fullmove()) {
            let winner = match termination {
                Termination::AdjudicatedWin(side) => Some(side),
                _ => None,
            };
            return finish(moves, winner, termination);
        }
        if moves.len() >= config.max_plies {
            return finish(moves, None, Termination::MoveLimit);
        }
        if abort.load(Ordering::Relaxed) {
            return Ok(None);
        }

        let side = game.side_to_move();
        let (go, allowed) = go_command(config, &clocks, made[side.index()], side);
        let timeout = allowed.unwrap_or(config.reply_timeout);
        let position = position_command(start_fen.as_deref(), &moves);
        let lose = |termination| (Some(side.opponent()), termination);
        let player = &mut *players[side.index()];
        let reply = match pondering[side.index()].take() {
            Some(expected) if moves.last() == Some(&expected) => player.ponder_hit(timeout),
            // The time a wrong guess takes to stop counts against the side that guessed.
            Some(_) => {
                let started = Instant::now();
                player.ponder_miss(config.reply_timeout).and_then(|()| {
                    let missed = started.elapsed();
                    let mut thought = player.go(&position, &go, timeout.saturating_sub(missed))?;
                    thought.elapsed += missed;
                    Ok(thought)
                })
            }
            None => player.go(&position, &go, timeout),
        };
        let thought = match reply {
            Ok(thought) => thought,
            Err(EngineError::Timeout(_)) if allowed.is_some() => {
                let (winner, termination) = lose(Termination::TimeForfeit {
                    side,
                    used: None,
                    allowed: timeout,
                });
                return finish(moves, winner, termination);
            }
            // The match was interrupted: the game is abandoned, not lost.
            Err(EngineError::Interrupted) => return Ok(None),
            Err(e) => {
                let detail = e.to_string();
                let (winner, termination) = lose(Termination::Fault { side, detail });
                return finish(moves, winner, termination);
            }
        };
        if let Some(allowed) = allowed
            && thought.elapsed > allowed
        {
            let (winner, termination) = lose(Termination::TimeForfeit {
                side,
                used: Some(thought.elapsed),
                allowed,
            });
            return finish(moves, winner, termination);
        }
        if let TimeControl::Clock { base, inc, moves } = config.time {
            let odds = config.time_odds[side.index()];
            let clock = &mut clocks[side.index()];
            *clock = clock.saturating_sub(thought.elapsed) + inc.mul_f64(odds);
            made[side.index()] += 1;
            if moves.is_some_and(|n| made[side.index()].is_multiple_of(n)) {
                *clock += base.mul_f64(odds);
            }
        }
        let Some(text) = thought.best else {
            let (winner, termination) = lose(Termination::IllegalMove {
                side,
                text: "(none)".to_string(),
                reason: "bestmove (none) while legal moves exist".to_string(),
            });
            return finish(moves, winner, termination);
        };
        match game.play_text(&text) {
            Ok(played) => moves.push(played),
            Err(e) => {
                let reason = e.to_string();
                let (winner, termination) = lose(Termination::IllegalMove { side, text, reason });
                return finish(moves, winner, termination);
            }
        }
        let sign = if side == Side::White { 1 } else { -1 };
        scores.push(thought.score.map(|s| sign * s.centi()));
        if let Some(reply) = &thought.ponder
            && config.ponder[side.index()]
            && matches!(
                config.time,
                TimeControl::Clock { .. } | TimeControl::MoveTime(_)
            )
            && game.result() == GameResult::Ongoing
            && let Ok(expected) = game.parse_moves(&[reply.as_str()])
            && let Some(expected) = expected.into_iter().next()
        {
            let mut line = moves.clone();
            line.push(expected.clone());
            let position = position_command(start_fen.as_deref(), &line);
            let (go, _) = go_command(config, &clocks, made[side.index()], side);
            let go = go.replacen("go ", "go ponder ", 1);
            if let Ok(true) = players[side.index()].start_ponder(&position, &go) {
                pondering[side.index()] = Some(expected);
            }
        }
    }
}

/// The `go` line for `side`, which has made `made` moves, and the think time it is allowed
/// (none under depth or node limits): the move time, or what is left on its clock, plus the
/// margin.
fn go_command(
    config: &RefereeConfig,
    clocks: &[Duration; 2],
    made: u32,
    side: Side,
) -> (String, Option<Duration>) {
    let odds = |time: Duration, side: Side| time.mul_f64(config.time_odds[side.index()]);
    match config.time {
        TimeControl::MoveTime(t) => {
            let t = odds(t, side);
            (
                format!("go movetime {}", t.as_millis()),
                Some(t + config.margin),
            )
        }
        TimeControl::Clock { inc, moves, .. } => {
            let mut go = format!(
                "go wtime {} btime {} winc {} binc {}",
                clocks[0].as_millis(),
                clocks[1].as_millis(),
                odds(inc, Side::White).as_millis(),
                odds(inc, Side::Black).as_millis()
            );
            if let Some(n) = moves {
                go.push_str(&format!(" movestogo {}", n - made % n));
            }
            (go, Some(clocks[side.index()] + config.margin))
        }
        TimeControl::Depth(d) => (format!("go depth {d}"), None),
        TimeControl::Nodes(n) => (format!("go nodes {n}"), None),
    }
}

/// Score adjudication after the last move, if configured and earned. `scores` holds the
/// engines' scores from White's view, one per engine move; `fullmove` is the current number.
fn adjudicate(
    config: &RefereeConfig,
    scores: &[Option<i32>],
    fullmove: u32,
) -> Option<Termination> {
    let last = |moves: u32| -> Option<Vec<i32>> {
        let plies = 2 * moves as usize;
        if scores.len() < plies {
            return None;
        }
        scores[scores.len() - plies..].iter().copied().collect()
    };
    if let Some(win) = config.adjudicate_win
        && let Some(recent) = last(win.moves)
    {
        if recent.iter().all(|&s| s >= win.cp) {
            return Some(Termination::AdjudicatedWin(Side::White));
        }
        if recent.iter().all(|&s| s <= -win.cp) {
            return Some(Termination::AdjudicatedWin(Side::Black));
        }
    }
    if let Some(draw) = config.adjudicate_draw
        && fullmove >= draw.from_move
        && let Some(recent) = last(draw.moves)
        && recent.iter().all(|s| s.abs() <= draw.cp)
    {
        return Some(Termination::AdjudicatedDraw);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A resumed match counts the endings of its PDN's games as the games it plays itself.
    #[test]
    fn every_termination_s_kind_reads_back_from_its_text() {
        let ms = Duration::from_millis;
        let endings = [
            Termination::NoMoves(Side::Black),
            Termination::RuleWin(Side::White, "filling the house"),
            Termination::DrawRule(DrawReason::REPETITION),
            Termination::IllegalMove {
                side: Side::Black,
                text: "a1-h8".to_string(),
                reason: "not legal: white's move".to_string(),
            },
            Termination::TimeForfeit {
                side: Side::White,
                used: Some(ms(120)),
                allowed: ms(100),
            },
            Termination::TimeForfeit {
                side: Side::Black,
                used: None,
                allowed: ms(100),
            },
            Termination::Fault {
                side: Side::Black,
                detail: "black has no legal move".to_string(),
            },
            Termination::AdjudicatedDraw,
            Termination::AdjudicatedWin(Side::Black),
            Termination::MoveLimit,
        ];
        for ending in endings {
            assert_eq!(
                Termination::kind_of_text(&ending.to_string()),
                Some((ending.kind(), ending.offender())),
                "{ending}"
            );
        }
        assert_eq!(Termination::kind_of_text("white resigned"), None);
        assert_eq!(Termination::kind_of_text(""), None);
    }

    #[test]
    fn time_odds_scale_each_side_s_time() {
        let mut config = RefereeConfig::new(TimeControl::MoveTime(Duration::from_millis(100)));
        config.time_odds = [2.0, 1.0];
        let clocks = [Duration::ZERO; 2];
        let (go, allowed) = go_command(&config, &clocks, 0, Side::White);
        assert_eq!(go, "go movetime 200");
        assert_eq!(
            allowed,
            Some(Duration::from_millis(200) + DEFAULT_TIME_MARGIN)
        );
        assert_eq!(
            go_command(&config, &clocks, 0, Side::Black).0,
            "go movetime 100"
        );

        config.time = TimeControl::Clock {
            base: Duration::from_secs(10),
            inc: Duration::from_millis(100),
            moves: None,
        };
        let clocks = [Duration::from_secs(20), Duration::from_secs(10)];
        let (go, _) = go_command(&config, &clocks, 0, Side::Black);
        assert_eq!(go, "go wtime 20000 btime 10000 winc 200 binc 100");
    }

    #[test]
    fn a_control_of_so_many_moves_counts_them_down() {
        let time = TimeControl::parse_clock("40/60+0.5").unwrap();
        assert_eq!(
            time,
            TimeControl::Clock {
                base: Duration::from_secs(60),
                inc: Duration::from_millis(500),
                moves: Some(40),
            }
        );
        assert_eq!(time.to_string(), "40/60+0.5");
        let config = RefereeConfig::new(TimeControl::parse_clock("3/1").unwrap());
        let clocks = [Duration::from_secs(1); 2];
        let go = |made| go_command(&config, &clocks, made, Side::White).0;
        assert_eq!(go(0), "go wtime 1000 btime 1000 winc 0 binc 0 movestogo 3");
        assert_eq!(go(2), "go wtime 1000 btime 1000 winc 0 binc 0 movestogo 1");
        assert_eq!(go(3), "go wtime 1000 btime 1000 winc 0 binc 0 movestogo 3");
        for bad in ["0/60", "x/60", "40/", "40/0"] {
            assert!(TimeControl::parse_clock(bad).is_err(), "{bad}");
        }
    }

    /// Plays the first legal move of the position it is given and names the opponent's first
    /// (or, `wrong`, last) legal reply as the one to ponder on; counts the ponder calls.
    #[derive(Default)]
    struct Scripted {
        wrong: bool,
        pondering: Option<String>,
        starts: u32,
        hits: u32,
        misses: u32,
    }

    impl Scripted {
        fn answer(&self, position: &str) -> Thought {
            let mut game = new_session(Variant::Russian, None, &[], DrawRules::default()).unwrap();
            if let Some((_, moves)) = position.split_once(" moves ") {
                for text in moves.split_whitespace() {
                    game.play_text(text).unwrap();
                }
            }
            let best = game.legal_moves()[0].text.clone();
            game.play_text(&best).unwrap();
            let replies = game.legal_moves();
            let reply = if self.wrong {
                replies.last()
            } else {
                replies.first()
            };
            Thought {
                best: Some(best),
                score: None,
                depth: None,
                elapsed: Duration::ZERO,
                ponder: reply.map(|r| r.text.clone()),
            }
        }
    }

    impl Player for Scripted {
        fn new_game(&mut self, _timeout: Duration) -> Result<(), EngineError> {
            Ok(())
        }

        fn go(&mut self, position: &str, go: &str, _: Duration) -> Result<Thought, EngineError> {
            assert!(self.pondering.is_none() && !go.contains("ponder"), "{go}");
            Ok(self.answer(position))
        }

        fn start_ponder(&mut self, position: &str, go: &str) -> Result<bool, EngineError> {
            assert!(go.starts_with("go ponder movetime"), "{go}");
            assert!(position.contains(" moves "), "{position}");
            self.pondering = Some(position.to_string());
            self.starts += 1;
            Ok(true)
        }

        fn ponder_hit(&mut self, _timeout: Duration) -> Result<Thought, EngineError> {
            self.hits += 1;
            let position = self.pondering.take().expect("pondering");
            Ok(self.answer(&position))
        }

        fn ponder_miss(&mut self, _timeout: Duration) -> Result<(), EngineError> {
            self.misses += 1;
            self.pondering.take().expect("pondering");
            Ok(())
        }
    }

    #[test]
    fn a_pondering_side_gets_ponderhit_on_the_reply_it_named_and_stop_on_another() {
        let mut config = RefereeConfig::new(TimeControl::MoveTime(Duration::from_millis(100)));
        config.max_plies = 40;
        config.ponder = [true, false];
        let abort = AtomicBool::new(false);
        let play = |white: &mut Scripted, black: &mut Scripted| {
            play_game(&Opening::startpos(), white, black, &config, &abort)
                .unwrap()
                .unwrap()
        };
        let (mut white, mut black) = (Scripted::default(), Scripted::default());
        let record = play(&mut white, &mut black);
        assert_eq!(record.termination, Termination::MoveLimit);
        assert_eq!((black.starts, black.hits), (0, 0));
        // White ponders after each of its 20 moves and guesses every reply; the last ponder is
        // stopped when the game ends.
        assert_eq!((white.starts, white.hits, white.misses), (20, 19, 1));

        let mut white = Scripted {
            wrong: true,
            ..Scripted::default()
        };
        let record = play(&mut white, &mut Scripted::default());
        assert_eq!(record.termination, Termination::MoveLimit);
        // A wrong guess is stopped; the last one is stopped when the game ends.
        assert_eq!(white.starts, 20, "{record:?}");
        assert_eq!(white.hits + white.misses, 20);
        assert!(white.misses > 0);
    }
}
