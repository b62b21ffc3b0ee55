//! The UCI-style protocol server on stdin/stdout (PROTOCOL.md is its contract).
//!
//! Two threads: a reader that turns input lines into [`Command`]s and acts at once on `stop`,
//! `ponderhit` and `quit` (by setting the search's flags), and the main loop, which executes
//! every command in the order received. A search runs in the background, so during a search
//! the main loop answers at once; `perft` and `bench` run on a helper thread that only `quit`
//! interrupts, and commands that arrive meanwhile wait for them, so `isready` answers after
//! everything before it is done.
//!
//! Bad input gets one `info string error: ...` line (also logged at `warn`) and changes
//! nothing. The server reads from the reader and writes to the [`Sink`] it is given
//! ([`serve`]); [`run`] hands it stdin and stdout.

mod command;

pub use command::{COMMANDS, Command, Go, MAX_LINE, MAX_PERFT_DEPTH, ProtocolError, printable};

use crate::lines::{self, Sink};
use damka_engine::bench;
use damka_engine::engine::{Engine, OptionEffect};
use damka_engine::options::{self, EngineOption};
use damka_engine::search::{Control, Reporter, SearchInfo, SearchOutcome};
use damka_rules::option::OptionKind;
use damka_rules::perft::{self, Counting};
use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Instant;

/// The longest error reply kept, in characters (errors quote the input they reject).
const MAX_ERROR_CHARS: usize = 2000;

/// What the main loop receives, in order.
enum Event {
    /// One input line, parsed.
    Input(Result<Command, ProtocolError>),
    /// End of input.
    Eof,
    /// The running `perft` or `bench` has finished.
    JobDone,
}

/// Runs the server on stdin and stdout until `quit` or the end of input, then exits the process
/// with status 0.
pub fn run() -> ! {
    run_with(Engine::new())
}

/// [`run`] over `engine`, whose options (`damka --variant ...`) are set already.
pub fn run_with(engine: Engine) -> ! {
    serve_with(lines::stdin(), lines::stdout(), engine);
    // A search still running has been told to stop and has printed its move; helper threads
    // (a `perft` abandoned by `quit`) end with the process.
    std::process::exit(0)
}

/// Runs the server on `input` and `sink` until `quit` or the end of input. A search still
/// running is stopped, and has written its `bestmove`, before this returns.
pub fn serve(input: impl BufRead + Send + 'static, sink: Sink) {
    serve_with(input, sink, Engine::new());
}

/// [`serve`] over `engine`, whose options are set already.
pub fn serve_with(input: impl BufRead + Send + 'static, sink: Sink, engine: Engine) {
    log::info!("damka {} protocol server", env!("CARGO_PKG_VERSION"));
    let (tx, rx) = mpsc::channel();
    let mut server = Server {
        engine,
        out: sink,
        tx: tx.clone(),
        rx,
        backlog: VecDeque::new(),
    };
    spawn_reader(input, tx, server.engine.control());
    server.serve();
}

/// Reads `input` line by line and forwards each line, parsed, to the main loop.
fn spawn_reader(
    mut input: impl BufRead + Send + 'static,
    tx: Sender<Event>,
    control: Arc<Control>,
) {
    let reader = move || {
        let mut buffer = Vec::new();
        loop {
            let parsed = match lines::next_line(&mut input, &mut buffer) {
                Ok(Some(line)) => line
                    .map_err(ProtocolError::from)
                    .and_then(|text| Command::parse(&text)),
                Ok(None) => break,
                Err(e) => {
                    log::warn!("cannot read the input: {e}");
                    break;
                }
            };
            // `stop`, `quit` and `ponderhit` must act while the main loop may be busy, and
            // `go` starts its clock now; all go on to the loop too, so that it sees them in order.
            let mut parsed = parsed;
            match &mut parsed {
                Ok(Command::Go(go)) => go.received = Some(std::time::Instant::now()),
                Ok(Command::Stop) | Ok(Command::Quit) => {
                    control.stop.store(true, Ordering::Relaxed)
                }
                Ok(Command::PonderHit) => control.ponderhit_at(std::time::Instant::now()),
                _ => {}
            }
            if tx.send(Event::Input(parsed)).is_err() {
                return;
            }
        }
        let _ = tx.send(Event::Eof);
    };
    std::thread::Builder::new()
        .name("input".to_string())
        .spawn(reader)
        .expect("the system can start the input thread");
}

/// The main loop's state.
struct Server {
    engine: Engine,
    /// Where every reply goes.
    out: Sink,
    /// For helper threads to report back.
    tx: Sender<Event>,
    rx: Receiver<Event>,
    /// Events that arrived while a `perft` or `bench` ran, to be handled next.
    backlog: VecDeque<Event>,
}

/// Whether the loop goes on.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

impl Server {
    fn serve(&mut self) {
        loop {
            let event = match self.backlog.pop_front() {
                Some(event) => event,
                None => self.rx.recv().unwrap_or(Event::Eof),
            };
            let flow = match event {
                Event::Input(Ok(command)) => self.execute(command),
                Event::Input(Err(ProtocolError::Empty)) => Flow::Continue,
                Event::Input(Err(e)) => {
                    self.error(&e.to_string());
                    Flow::Continue
                }
                Event::Eof => Flow::Quit,
                Event::JobDone => Flow::Continue,
            };
            if flow == Flow::Quit {
                self.engine.finish_search();
                return;
            }
        }
    }

    fn execute(&mut self, command: Command) -> Flow {
        log::debug!("command {command:?}");
        match command {
            Command::Uci => {
                let out = &self.out;
                out.line(&format!("id name damka {}", env!("CARGO_PKG_VERSION")));
                out.line("id author the damka developers");
                for option in options::registry() {
                    out.line(&option_line(option));
                }
                out.line("uciok");
            }
            Command::Debug(_) => {}
            Command::IsReady => {
                self.report_egdb_errors();
                self.out.line("readyok");
            }
            Command::SetOption { name, value } => {
                match self.engine.set_option(&name, value.as_deref()) {
                    Ok(OptionEffect::None) => {}
                    Ok(OptionEffect::VariantChanged(variant, fen)) => {
                        self.info(&format!("variant {variant} startpos {fen}"))
                    }
                    Err(e) => self.error(&format!("setoption: {e}")),
                }
            }
            Command::NewGame => self.engine.new_game(),
            Command::Position { fen, moves } => {
                let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
                if let Err(e) = self.engine.set_position(fen.as_deref(), &moves) {
                    self.error(&format!("position: {e}"));
                }
            }
            Command::Go(go) => {
                self.report_egdb_errors();
                self.go(go)
            }
            Command::Stop => self.engine.finish_search(),
            Command::PonderHit => self.engine.ponderhit(),
            Command::Quit => return Flow::Quit,
            Command::Display => self.engine.display().iter().for_each(|l| self.info(l)),
            Command::Moves => {
                let moves: Vec<String> = self
                    .engine
                    .game()
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                let line = format!("moves {}", moves.join(" "));
                self.info(line.trim_end());
            }
            Command::Eval => self.engine.eval_lines().iter().for_each(|l| self.info(l)),
            Command::Perft(depth) => {
                self.engine.finish_search();
                let game = self.engine.game().boxed_clone();
                let out = self.out.clone();
                return self.job(move || {
                    let start = Instant::now();
                    let nodes = game.perft(depth, Counting::Moves, true);
                    out.line(&perft::summary(nodes, start.elapsed()));
                });
            }
            Command::Bench(depth) => {
                self.engine.finish_search();
                let variant = self.engine.options().variant;
                let out = self.out.clone();
                return self.job(move || {
                    let result = bench::run(
                        variant,
                        bench::BenchConfig {
                            depth,
                            ..Default::default()
                        },
                    );
                    match result {
                        Ok(result) => result.report().iter().for_each(|l| out.line(l)),
                        Err(e) => out.line(&format!("info string error {e}")),
                    }
                });
            }
            Command::Help => self.info(&format!("commands: {}", COMMANDS.join(" "))),
        }
        Flow::Continue
    }

    /// Starts a search, after checking `searchmoves` against the position.
    fn go(&mut self, go: Go) {
        let mut limits = go.limits;
        if !go.searchmoves.is_empty() {
            let texts: Vec<&str> = go.searchmoves.iter().map(String::as_str).collect();
            match self.engine.game().parse_moves(&texts) {
                Ok(moves) => limits.searchmoves = moves,
                Err(e) => return self.error(&format!("go: searchmoves: {e}")),
            }
        }
        let reporter = UciReporter {
            out: self.out.clone(),
        };
        let received = go.received.unwrap_or_else(std::time::Instant::now);
        self.engine.go_at(limits, Box::new(reporter), received);
    }

    /// Says the endgame database problems met since the last time (missing or refused files),
    /// once each, on stdout (not logged as well, as other errors are). Asked at `isready` and
    /// `go`, so that the options a front end sets in any order (the path before the game, say)
    /// are judged together.
    fn report_egdb_errors(&self) {
        for e in self.engine.take_egdb_errors() {
            self.out.line(&format!(
                "info string error: {}",
                printable(&e, MAX_ERROR_CHARS)
            ));
        }
    }

    /// Writes `info string <text>`.
    fn info(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }

    /// Writes `info string error: <message>` and logs it.
    fn error(&self, message: &str) {
        log::warn!("{message}");
        self.out.line(&format!(
            "info string error: {}",
            printable(message, MAX_ERROR_CHARS)
        ));
    }

    /// Runs `work` on a helper thread. Until it is done, later input waits in the backlog,
    /// except `quit`, which ends the server at once.
    fn job(&mut self, work: impl FnOnce() + Send + 'static) -> Flow {
        /// Reports the end of the job even if the work panics.
        struct Done(Sender<Event>);
        impl Drop for Done {
            fn drop(&mut self) {
                let _ = self.0.send(Event::JobDone);
            }
        }
        let done = Done(self.tx.clone());
        let spawned = std::thread::Builder::new()
            .name("job".to_string())
            .spawn(move || {
                let _done = done;
                work();
            });
        if let Err(e) = spawned {
            self.error(&format!("cannot start a thread: {e}"));
            return Flow::Continue;
        }
        loop {
            match self.rx.recv() {
                Ok(Event::JobDone) | Err(_) => return Flow::Continue,
                Ok(Event::Input(Ok(Command::Quit))) => return Flow::Quit,
                Ok(event) => self.backlog.push_back(event),
            }
        }
    }
}

/// The search's reporter: `info ...` per completed iteration and line, then `bestmove ...`.
struct UciReporter {
    out: Sink,
}

impl Reporter for UciReporter {
    fn info(&mut self, info: &SearchInfo) {
        self.out.line(&info_line(info));
    }

    fn done(&mut self, outcome: &SearchOutcome) {
        self.out.line(&bestmove_line(outcome));
    }

    fn error(&mut self, text: &str) {
        self.out.line(&format!(
            "info string error: {}",
            printable(text, MAX_ERROR_CHARS)
        ));
    }

    fn warning(&mut self, text: &str) {
        self.out.line(&format!(
            "info string warning: {}",
            printable(text, MAX_ERROR_CHARS)
        ));
    }
}

/// `info depth .. seldepth .. multipv .. score .. nodes .. nps .. hashfull .. time .. pv ..`.
fn info_line(info: &SearchInfo) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis()
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for mv in &info.pv {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
    line
}

/// `bestmove <move> [ponder <move>]`, or `bestmove (none)` when there is no legal move.
fn bestmove_line(outcome: &SearchOutcome) -> String {
    match (&outcome.best, &outcome.ponder) {
        (Some(best), Some(ponder)) => format!("bestmove {best} ponder {ponder}"),
        (Some(best), None) => format!("bestmove {best}"),
        (None, _) => "bestmove (none)".to_string(),
    }
}

/// The `option ...` line of `uci` for one option.
fn option_line(option: &EngineOption) -> String {
    let name = option.name;
    match &option.kind {
        OptionKind::Check { default } => {
            format!("option name {name} type check default {default}")
        }
        OptionKind::Spin { default, min, max } => {
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        OptionKind::Combo { default, choices } => {
            let vars: Vec<String> = choices.iter().map(|c| format!("var {c}")).collect();
            format!(
                "option name {name} type combo default {default} {}",
                vars.join(" ")
            )
        }
        OptionKind::Button => format!("option name {name} type button"),
        OptionKind::String { default } => {
            let default = if default.is_empty() {
                "<empty>"
            } else {
                default
            };
            format!("option name {name} type string default {default}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damka_rules::moves::Path;
    use damka_rules::notation::MoveRecord;
    use damka_rules::score::Score;
    use damka_rules::types::{Bitboard, Square};
    use std::time::Duration;

    #[test]
    fn option_lines_follow_uci() {
        let lines: Vec<String> = options::registry().iter().map(option_line).collect();
        assert!(lines.contains(&"option name Hash type spin default 16 min 1 max 65536".into()));
        assert!(lines.contains(&"option name Clear Hash type button".into()));
        assert!(lines.contains(&"option name Ponder type check default false".into()));
        assert!(
            lines
                .contains(&"option name UCI_Variant type combo default russian var russian var giveaway var brazilian var international var turkish var fuk var ugolki var ugolki-diagonal var bashni var lasca".into())
        );
    }

    #[test]
    fn search_lines() {
        let squares = [
            Square::from_index_unchecked(9),
            Square::from_index_unchecked(18),
        ];
        let record = MoveRecord {
            path: Path::new(&squares).expect("two squares"),
            captured: Bitboard::EMPTY,
            text: "c3-d4".to_string(),
        };
        let info = SearchInfo {
            depth: 3,
            seldepth: 5,
            mean_depth: 3.4,
            multipv: 1,
            score: Score(12),
            nodes: 1000,
            nps: 50_000,
            hashfull: 2,
            time: Duration::from_millis(20),
            pv: vec![record.clone()],
        };
        assert_eq!(
            info_line(&info),
            "info depth 3 seldepth 5 multipv 1 score cp 12 nodes 1000 nps 50000 hashfull 2 \
             time 20 pv c3-d4"
        );
        let mut outcome = SearchOutcome {
            best: Some(record.clone()),
            ponder: None,
            score: Score(12),
            depth: 3,
            nodes: 1000,
            time: Duration::from_millis(20),
        };
        assert_eq!(bestmove_line(&outcome), "bestmove c3-d4");
        outcome.ponder = Some(record);
        assert_eq!(bestmove_line(&outcome), "bestmove c3-d4 ponder c3-d4");
        outcome.best = None;
        assert_eq!(bestmove_line(&outcome), "bestmove (none)");
    }
}
