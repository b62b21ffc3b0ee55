//! `damka hub`: the Hub protocol (version 2, Scan's protocol) on stdin/stdout, for draughts GUIs
//! and for pydraughts' `HubEngine`, which lidraughts bots and match scripts use.
//!
//! This front end only translates: [`command`] parses lines, [`notation`] converts boards, moves
//! and scores, and everything else (options, the game, the search) is the shared
//! [`Engine`], exactly as the UCI-style server uses it. See the Hub section of `PROTOCOL.md`
//! for the dialect spoken and how it was checked against its clients.
//!
//! A reader thread takes input lines through [`lines::next_line`], exactly as the UCI-style
//! server does (same length cap, CR LF, non-UTF-8 and end-of-input handling). `stop` and `quit` raise the engine's stop flag the moment they arrive;
//! every line, those included, then goes in order over a channel to the loop, which obeys it.
//! End of input is treated as `quit`. Replies go to the [`Sink`] the front end is given.

pub mod command;
pub mod notation;

use crate::lines::{self, LineError, Sink};
use command::{Command, GoMode, HubBoard, HubError, HubMove, Level};
use damka_engine::engine::Engine;
use damka_engine::options::{self, EngineOption};
use damka_engine::search::{Control, Limits, Reporter, SearchInfo, SearchOutcome};
use damka_engine::session::new_session_with;
use damka_rules::games::Variant;
use damka_rules::option::OptionKind;
use damka_rules::types::Side;
use notation::{HubSquares, move_text, pair};
use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, Sender};

/// The name in the `id` line.
const NAME: &str = "damka";
/// The author in the `id` line.
const AUTHOR: &str = "the damka developers";

/// Runs the Hub protocol on stdin/stdout until `quit` or the end of input.
pub fn run() -> Result<(), String> {
    run_with(Engine::new())
}

/// [`run`] over `engine`, whose options (`damka hub --variant ...`) are set already.
pub fn run_with(engine: Engine) -> Result<(), String> {
    serve_with(lines::stdin(), lines::stdout(), engine)
}

/// Runs the Hub protocol on `input` and `sink` until `quit` or the end of input.
pub fn serve(input: impl BufRead + Send + 'static, sink: Sink) -> Result<(), String> {
    serve_with(input, sink, Engine::new())
}

/// [`serve`] over `engine`, whose options are set already.
pub fn serve_with(
    input: impl BufRead + Send + 'static,
    sink: Sink,
    engine: Engine,
) -> Result<(), String> {
    let mut hub = Hub::with_sink(sink);
    hub.engine = engine;
    let control = hub.engine.control();
    let (sender, receiver) = mpsc::channel();
    std::thread::Builder::new()
        .name("hub-input".to_string())
        .spawn(move || read_input(input, control, sender))
        .map_err(|e| format!("cannot start the input thread: {e}"))?;
    for input in receiver {
        match input {
            Input::Line(Ok(line)) => {
                if hub.handle(&line) == Flow::Quit {
                    break;
                }
            }
            Input::Line(Err(e)) => hub.reply_error(&e.to_string()),
            Input::End => break,
        }
    }
    // Dropping the engine stops and joins a running search.
    Ok(())
}

/// What the reader thread passes on.
enum Input {
    /// One line, without its line end, or why it cannot be a command.
    Line(Result<String, LineError>),
    /// Standard input is closed.
    End,
}

/// Reads `input` line by line, each capped at [`lines::MAX_LINE`] bytes; `stop`, `quit` and the end
/// of input stop the search at once.
fn read_input(mut input: impl BufRead, control: Arc<Control>, sender: Sender<Input>) {
    let mut buffer = Vec::new();
    loop {
        match lines::next_line(&mut input, &mut buffer) {
            Ok(None) => break,
            Ok(Some(line)) => {
                if let Ok(text) = &line
                    && matches!(text.split_whitespace().next(), Some("stop" | "quit"))
                {
                    control.stop.store(true, Ordering::Relaxed);
                }
                if sender.send(Input::Line(line)).is_err() {
                    return;
                }
            }
            Err(e) => {
                log::warn!("cannot read the input: {e}");
                break;
            }
        }
    }
    control.stop.store(true, Ordering::Relaxed);
    let _ = sender.send(Input::End);
}

/// Whether the loop goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was received.
    Quit,
}

/// The Hub front end's state: the engine, the level for the next search, and where replies go.
pub struct Hub {
    engine: Engine,
    level: Level,
    out: Sink,
}

impl Default for Hub {
    fn default() -> Self {
        Hub::new()
    }
}

impl Hub {
    /// A front end over a new engine with default options, writing to stdout.
    pub fn new() -> Hub {
        Hub::with_sink(lines::stdout())
    }

    /// A front end over a new engine with default options, writing to `out`.
    pub fn with_sink(out: Sink) -> Hub {
        Hub {
            engine: Engine::new(),
            level: Level::default(),
            out,
        }
    }

    /// The engine behind the front end (its options, position and search).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Answers with `error message="…"`.
    pub fn reply_error(&self, message: &str) {
        self.out
            .line(&format!("error {}", pair("message", message)));
    }

    /// Obeys one line. Anything wrong is answered with `error message="…"` and changes nothing.
    pub fn handle(&mut self, line: &str) -> Flow {
        match Command::parse(line).and_then(|command| self.execute(command)) {
            Ok(flow) => flow,
            Err(e) => {
                log::warn!("{e} (in '{line}')");
                self.reply_error(&e.to_string());
                Flow::Continue
            }
        }
    }

    fn execute(&mut self, command: Command) -> Result<Flow, HubError> {
        match command {
            Command::Hub => self.identify(),
            Command::Init => self.out.line("ready"),
            Command::SetParam { name, value } => self.set_param(&name, &value)?,
            Command::NewGame => self.engine.new_game(),
            Command::Pos { board, moves } => self.set_position(board.as_ref(), &moves)?,
            Command::Level(level) => self.level.merge(level),
            Command::Go(mode) => self.go(mode),
            Command::Stop => self.engine.stop(),
            Command::PonderHit => self.engine.ponderhit(),
            Command::Ping => self.out.line("pong"),
            Command::Quit => return Ok(Flow::Quit),
            Command::Unknown(name) => log::info!("ignoring unknown command '{name}'"),
            Command::Empty => {}
        }
        Ok(Flow::Continue)
    }

    /// `hub`: the `id` line, one `param` line per engine option, then `wait`.
    fn identify(&self) {
        self.out.line(&format!(
            "id {} {} {}",
            pair("name", NAME),
            pair("version", env!("CARGO_PKG_VERSION")),
            pair("author", AUTHOR)
        ));
        let options = self.engine.options();
        for (name, option) in hub_params() {
            let value = option.value(options).unwrap_or_default();
            let mut line = format!("param {} {}", pair("name", &name), pair("value", &value));
            match &option.kind {
                OptionKind::Check { .. } => line.push_str(" type=bool"),
                OptionKind::Spin { min, max, .. } => {
                    line.push_str(&format!(" type=int min={min} max={max}"));
                }
                OptionKind::Combo { choices, .. } => {
                    line.push_str(&format!(
                        " type=enum {}",
                        pair("values", &choices.join(" "))
                    ));
                }
                OptionKind::Button => continue,
                OptionKind::String { .. } => line.push_str(" type=string"),
            }
            self.out.line(&line);
        }
        self.out.line("wait");
    }

    /// `set-param`: sets the engine option behind a Hub parameter. Unknown names are ignored
    /// and logged below the default level: clients send parameters meant for other engines
    /// (lidraughts bots send `initial-time`), and pydraughts reads our stderr as protocol
    /// output. Bad values are errors. `variant` also takes the other names clients give the
    /// games ([`Variant::aliases`]).
    fn set_param(&mut self, name: &str, value: &str) -> Result<(), HubError> {
        let Some((_, option)) = hub_params()
            .into_iter()
            .find(|(hub, _)| hub.eq_ignore_ascii_case(name))
        else {
            log::info!("ignoring unknown parameter '{name}'");
            return Ok(());
        };
        let value = if option.name == VARIANT_OPTION {
            Variant::from_name_or_alias(value)
                .ok_or_else(|| HubError::Param(unknown_variant(value)))?
                .name()
        } else {
            value
        };
        self.engine
            .set_option(option.name, Some(value))
            .map(|_| ())
            .map_err(HubError::Param)
    }

    /// `pos`: the board (or the initial position) and the moves played from it, all or nothing.
    fn set_position(
        &mut self,
        board: Option<&HubBoard>,
        moves: &[HubMove],
    ) -> Result<(), HubError> {
        let options = self.engine.options();
        let squares = HubSquares::for_variant(options.variant);
        let fen = board
            .map(|b| notation::board_to_fen(b, &squares))
            .transpose()?;
        let mut scratch = new_session_with(
            options.variant,
            &options.setup,
            fen.as_deref(),
            &[],
            options.draws,
        )
        .map_err(HubError::BadPosition)?;
        let mut records = Vec::with_capacity(moves.len());
        for mv in moves {
            let record = notation::find_move(mv, &scratch.legal_moves(), &squares)?;
            scratch
                .play_record(&record)
                .map_err(|e| HubError::BadMove {
                    text: mv.text.clone(),
                    reason: e.to_string(),
                })?;
            records.push(record);
        }
        self.engine
            .set_position_records(fen.as_deref(), &records)
            .map_err(HubError::BadPosition)
    }

    /// `go`: searches in the background under the level given since the last `go`, which is
    /// then forgotten (as in Scan).
    fn go(&mut self, mode: GoMode) {
        let level = std::mem::take(&mut self.level);
        let mut limits = limits(&level, self.engine.game().side_to_move());
        limits.ponder = mode == GoMode::Ponder;
        let squares = HubSquares::for_variant(self.engine.options().variant);
        let out = self.out.clone();
        self.engine
            .go(limits, Box::new(HubReporter { squares, out }));
    }
}

/// The engine option Hub calls `variant`.
const VARIANT_OPTION: &str = "UCI_Variant";

/// The engine options Hub lists, each with its Hub name ([`EngineOption::hub_name`]), the
/// variant first. Buttons are left out (Hub has `new-game` to clear the table).
fn hub_params() -> Vec<(String, &'static EngineOption)> {
    let mut params: Vec<(String, &'static EngineOption)> = options::registry()
        .iter()
        .filter(|option| option.kind != OptionKind::Button)
        .filter_map(|option| Some((option.hub_name()?, option)))
        .collect();
    params.sort_by_key(|(_, option)| option.name != VARIANT_OPTION);
    params
}

/// The message for a `variant` value no game goes by: every name, aliases with their game.
fn unknown_variant(value: &str) -> String {
    let names: Vec<String> = Variant::ALL
        .iter()
        .map(|&variant| {
            let aliases = variant.aliases();
            if aliases.is_empty() {
                variant.name().to_string()
            } else {
                format!("{} (also {})", variant.name(), aliases.join(", "))
            }
        })
        .collect();
    format!(
        "unknown variant '{}' (known: {})",
        value.trim(),
        names.join(", ")
    )
}

/// The search limits a level sets for `side` to move. Hub adds the increment before each
/// move, so the clock we may use now is `time + inc`.
fn limits(level: &Level, side: Side) -> Limits {
    let mut limits = Limits {
        depth: level.depth,
        nodes: level.nodes,
        movetime: level.move_time,
        movestogo: level.moves.filter(|&m| m > 0),
        infinite: level.infinite,
        ..Limits::default()
    };
    if let Some(time) = level.time {
        let inc = level.inc.unwrap_or_default();
        limits.time[side.index()] = Some(time.saturating_add(inc));
        limits.inc[side.index()] = Some(inc);
    }
    limits
}

/// Writes the search's progress as `info` lines and its result as the `done` line.
struct HubReporter {
    out: Sink,
    squares: HubSquares,
}

impl Reporter for HubReporter {
    fn info(&mut self, info: &SearchInfo) {
        if info.multipv != 1 {
            return;
        }
        let mut line = format!(
            "info depth={} mean-depth={:.1} max-depth={} score={} nodes={} time={} nps={}",
            info.depth,
            info.mean_depth,
            info.seldepth,
            notation::score_text(info.score),
            info.nodes,
            notation::seconds_text(info.time),
            notation::mnps_text(info.nps)
        );
        if !info.pv.is_empty() {
            let pv: Vec<String> = info
                .pv
                .iter()
                .map(|m| move_text(m, &self.squares))
                .collect();
            line.push(' ');
            line.push_str(&pair("pv", &pv.join(" ")));
        }
        self.out.line(&line);
    }

    fn done(&mut self, outcome: &SearchOutcome) {
        let mut line = "done".to_string();
        if let Some(best) = &outcome.best {
            line.push(' ');
            line.push_str(&pair("move", &move_text(best, &self.squares)));
            if let Some(ponder) = &outcome.ponder {
                line.push(' ');
                line.push_str(&pair("ponder", &move_text(ponder, &self.squares)));
            }
        }
        self.out.line(&line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn bad_lines_are_answered_like_the_uci_style_server_does() {
        let mut input = b"ping\r\n\xff\xfeping\n".to_vec();
        input.extend(vec![b'x'; lines::MAX_LINE + 1]);
        input.extend(b"\nping");
        let sink = Arc::new(lines::Buffer::default());
        serve(std::io::Cursor::new(input), sink.clone()).unwrap();
        let replies = sink.take();
        assert_eq!(replies.len(), 4, "{replies:?}");
        assert_eq!(replies[0], "pong");
        assert!(replies[1].starts_with("error") && replies[1].contains("UTF-8"));
        assert!(replies[2].starts_with("error") && replies[2].contains("too long"));
        assert_eq!(replies[3], "pong", "the last line needs no line end");
    }

    #[test]
    fn every_listed_param_has_a_value_the_engine_takes() {
        let params = hub_params();
        assert_eq!(params[0].0, "variant");
        let names: Vec<&str> = params.iter().map(|(n, _)| n.as_str()).collect();
        for wanted in [
            "hash",
            "threads",
            "ponder",
            "move-overhead",
            "draw-repetition",
        ] {
            assert!(names.contains(&wanted), "{wanted} missing from {names:?}");
        }
        let mut engine = Engine::new();
        for (name, option) in params {
            let value = engine.options().value(option.name).expect("a value");
            assert!(
                engine.set_option(option.name, Some(&value)).is_ok(),
                "{name}={value}"
            );
        }
    }

    #[test]
    fn variant_names_include_the_games_aliases() {
        for variant in Variant::ALL {
            let upper = variant.name().to_ascii_uppercase();
            assert_eq!(Variant::from_name_or_alias(&upper), Some(variant));
            for alias in variant.aliases() {
                assert_eq!(
                    Variant::from_name_or_alias(&format!(" {alias} ")),
                    Some(variant)
                );
                assert!(unknown_variant("chess").contains(alias), "{alias}");
            }
            assert!(unknown_variant("chess").contains(variant.name()));
        }
        for name in ["", "chess", "frisian", "international10"] {
            assert_eq!(Variant::from_name_or_alias(name), None, "{name}");
        }
        assert!(unknown_variant("chess").starts_with("unknown variant 'chess' (known: "));
    }

    #[test]
    fn the_clock_includes_the_increment_for_the_side_to_move() {
        let level = Level {
            time: Some(Duration::from_secs(10)),
            inc: Some(Duration::from_secs(1)),
            moves: Some(0),
            ..Level::default()
        };
        let limits = limits(&level, Side::Black);
        assert_eq!(limits.time, [None, Some(Duration::from_secs(11))]);
        assert_eq!(limits.inc, [None, Some(Duration::from_secs(1))]);
        assert_eq!(limits.movestogo, None);
    }
}
