//! An engine in another process, spoken to in damka's UCI-style protocol over its stdin and
//! stdout. A reader thread stamps each line as it arrives, so think times are measured from
//! the moment `go` was written to the moment `bestmove` came back, whatever the caller was
//! doing meanwhile. Every wait has a deadline; a closed pipe is a crash.
//!
//! The engine's stderr is discarded: it is not part of the protocol.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How often a wait for an engine's reply looks whether the match was interrupted.
const INTERRUPT_POLL: Duration = Duration::from_millis(20);

/// The protocol an engine speaks to the match runner.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EngineProtocol {
    /// damka's UCI-style protocol over pipes (the default).
    #[default]
    Uci,
    /// The Hub protocol over pipes (`hub:COMMAND`): Scan and the engines behind draughts bots.
    Hub,
    /// DXP over TCP to a follower already listening (`dxp:HOST:PORT`); the runner initiates.
    Dxp,
}

/// How to start an engine and set it up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineCommand {
    /// How the runner talks to it.
    pub protocol: EngineProtocol,
    /// The program (for DXP: the follower's `HOST:PORT`).
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Options sent with `setoption` after the handshake, in order: (name, value).
    pub options: Vec<(String, Option<String>)>,
}

impl EngineCommand {
    /// A command line split on white space: the program, then its arguments; `hub:` before it
    /// means the engine speaks Hub, and `dxp:HOST:PORT` names a DXP follower to connect to.
    pub fn parse(line: &str) -> Result<EngineCommand, String> {
        let line = line.trim();
        if let Some(address) = line.strip_prefix("dxp:") {
            if !address.contains(':') || address.split_whitespace().count() != 1 {
                return Err(format!("'{line}': a DXP engine is dxp:HOST:PORT"));
            }
            return Ok(EngineCommand {
                protocol: EngineProtocol::Dxp,
                program: address.to_string(),
                args: Vec::new(),
                options: Vec::new(),
            });
        }
        if line.starts_with("dxp-listen:") {
            return Err(format!(
                "'{line}': the match runner initiates DXP games; start the engine as a follower \
                 and name it dxp:HOST:PORT"
            ));
        }
        let (protocol, line) = match line.strip_prefix("hub:") {
            Some(rest) => (EngineProtocol::Hub, rest),
            None => (EngineProtocol::Uci, line),
        };
        let mut words = line.split_whitespace().map(str::to_string);
        let program = words
            .next()
            .ok_or_else(|| "an empty engine command".to_string())?;
        Ok(EngineCommand {
            protocol,
            program,
            args: words.collect(),
            options: Vec::new(),
        })
    }

    /// Adds an option given as `name=value` (or a bare `name` for a button).
    pub fn add_option(&mut self, text: &str) -> Result<(), String> {
        let (name, value) = match text.split_once('=') {
            Some((name, value)) => (name.trim(), Some(value.trim().to_string())),
            None => (text.trim(), None),
        };
        if name.is_empty() {
            return Err(format!("option '{text}' has no name (use name=value)"));
        }
        self.options.push((name.to_string(), value));
        Ok(())
    }

    /// The command line as given, control characters escaped.
    pub fn display(&self) -> String {
        let prefix = match self.protocol {
            EngineProtocol::Uci => "",
            EngineProtocol::Hub => "hub:",
            EngineProtocol::Dxp => "dxp:",
        };
        let program = format!("{prefix}{}", self.program);
        let line = std::iter::once(program.as_str())
            .chain(self.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ");
        crate::protocol::printable(&line, usize::MAX)
    }
}

/// What went wrong talking to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The program could not be started.
    Spawn(String),
    /// The engine closed its output or its input (it exited or crashed).
    Crashed(String),
    /// No expected reply before the deadline.
    Timeout(String),
    /// A reply the runner cannot use (a refused game, a move in no known form).
    Protocol(String),
    /// The match was interrupted while waiting (see [`interrupt`](crate::interrupt)).
    Interrupted,
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Spawn(e) => write!(f, "cannot start: {e}"),
            EngineError::Crashed(e) => write!(f, "crashed: {e}"),
            EngineError::Timeout(e) => write!(f, "no reply: {e}"),
            EngineError::Protocol(e) => write!(f, "protocol: {e}"),
            EngineError::Interrupted => write!(f, "interrupted"),
        }
    }
}

impl std::error::Error for EngineError {}

/// A score from an `info` line, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    /// `score cp <n>`.
    Cp(i32),
    /// `score mate <n>`: moves to a forced win (negative: to a forced loss).
    Mate(i32),
}

impl EngineScore {
    /// The score in centi-men, a forced result counting as ±30000 less its distance.
    pub fn centi(self) -> i32 {
        match self {
            EngineScore::Cp(cp) => cp,
            EngineScore::Mate(n) if n > 0 => 30_000 - n,
            EngineScore::Mate(n) => -30_000 - n,
        }
    }
}

/// The answer to one `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move as sent, or `None` for `bestmove (none)`.
    pub best: Option<String>,
    /// The last score reported for the first principal variation.
    pub score: Option<EngineScore>,
    /// The last depth reported.
    pub depth: Option<u32>,
    /// From writing `go` (or `ponderhit`) to reading `bestmove`.
    pub elapsed: Duration,
    /// The reply the engine expects (`bestmove … ponder MOVE`), if it named one.
    pub ponder: Option<String>,
}

/// What an `info` line reports, each part only where the line gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InfoLine {
    /// `score cp N` or `score mate N`.
    pub score: Option<EngineScore>,
    /// `depth N`.
    pub depth: Option<u32>,
    /// `multipv N` (engines leave it out for the only line).
    pub multipv: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// The first move after `pv`.
    pub first_move: Option<String>,
}

/// Reads the parts of an `info` line; the words after `string` are text and give nothing.
pub fn parse_info(line: &str) -> InfoLine {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut info = InfoLine::default();
    let mut i = 1;
    while i < words.len() {
        let next = words.get(i + 1).copied();
        match words[i] {
            "depth" => info.depth = next.and_then(|w| w.parse().ok()),
            "multipv" => info.multipv = next.and_then(|w| w.parse().ok()),
            "nodes" => info.nodes = next.and_then(|w| w.parse().ok()),
            "score" => {
                let value = words.get(i + 2).and_then(|w| w.parse::<i32>().ok());
                info.score = match (next, value) {
                    (Some("cp"), Some(v)) => Some(EngineScore::Cp(v)),
                    (Some("mate"), Some(v)) => Some(EngineScore::Mate(v)),
                    _ => info.score,
                };
            }
            // Everything after these is moves or text.
            "pv" => {
                info.first_move = next.map(str::to_string);
                break;
            }
            "string" => break,
            _ => {}
        }
        i += 1;
    }
    info
}

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(Instant, String)>,
    /// The name from `id name`, if the engine gave one.
    pub id_name: Option<String>,
    /// The option names the engine listed after `uci`.
    pub option_names: Vec<String>,
}

impl EngineProcess {
    /// Starts the program with its input and output piped and its output read line by line,
    /// without any handshake (for engines that speak another protocol, such as Hub).
    pub fn spawn(command: &EngineCommand) -> Result<EngineProcess, EngineError> {
        let mut child = Command::new(&command.program);
        // In a process group of its own, an engine does not receive the Ctrl-C typed at the
        // match: the runner decides when its engines stop (see `interrupt`).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut child, 0);
        let mut child = child
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Spawn(format!("{}: {e}", command.program)))?;
        let stdout = child.stdout.take().expect("stdout was piped");
        let stdin = child.stdin.take();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match reader.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&buffer).trim().to_string();
                        if sender.send((Instant::now(), text)).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
            id_name: None,
            option_names: Vec::new(),
        })
    }

    /// Starts the engine, does the `uci` handshake, sends the options and waits for
    /// `readyok`. Each step must answer within `timeout`.
    pub fn start(command: &EngineCommand, timeout: Duration) -> Result<EngineProcess, EngineError> {
        let mut engine = EngineProcess::spawn(command)?;
        engine.send("uci")?;
        let deadline = Instant::now() + timeout;
        loop {
            let (_, line) = engine.recv(deadline, "uciok")?;
            if line == "uciok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                // Shown in the PDN and on the terminal: no control bytes from the engine.
                engine.id_name = Some(crate::protocol::printable(name.trim(), 80));
            } else if let Some(rest) = line.strip_prefix("option name ") {
                let name = rest.split(" type ").next().unwrap_or(rest).trim();
                engine.option_names.push(name.to_string());
            }
        }
        for (name, value) in &command.options {
            match value {
                Some(value) => engine.send(&format!("setoption name {name} value {value}"))?,
                None => engine.send(&format!("setoption name {name}"))?,
            }
        }
        engine.sync(timeout)?;
        Ok(engine)
    }

    /// True if the engine listed an option of this name (case-insensitive).
    pub fn has_option(&self, name: &str) -> bool {
        self.option_names
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name))
    }

    /// Writes one line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| EngineError::Crashed("input already closed".to_string()))?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|e| EngineError::Crashed(format!("writing '{line}': {e}")))
    }

    /// The next line, waiting until `deadline` at most; `expecting` names the awaited reply.
    pub fn recv(
        &mut self,
        deadline: Instant,
        expecting: &str,
    ) -> Result<(Instant, String), EngineError> {
        let total = deadline.saturating_duration_since(Instant::now());
        // Waits in short slices so that an interrupted match does not wait out a long think.
        let result = loop {
            if crate::interrupt::requested() {
                return Err(EngineError::Interrupted);
            }
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait.min(INTERRUPT_POLL)) {
                Err(RecvTimeoutError::Timeout) if wait > INTERRUPT_POLL => continue,
                other => break other,
            }
        };
        match result {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(format!(
                "no '{expecting}' after {} ms",
                total.as_millis()
            ))),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Crashed(format!(
                "output closed while waiting for '{expecting}'{}",
                self.exit_status()
            ))),
        }
    }

    /// `, exit status …` when the process has ended.
    fn exit_status(&mut self) -> String {
        // The pipe closes a moment before the process is reaped: give it that moment.
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!(", {status}");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        String::new()
    }

    /// Sends `isready` and waits for `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        while self.recv(deadline, "readyok")?.1 != "readyok" {}
        Ok(())
    }

    /// Sends `ucinewgame` and waits until the engine is ready.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("ucinewgame")?;
        self.sync(timeout)
    }

    /// Sends the position and the `go` line and waits for `bestmove` for `timeout` at most.
    /// The time is measured from writing `go` to the arrival of `bestmove`.
    pub fn go(
        &mut self,
        position: &str,
        go: &str,
        timeout: Duration,
    ) -> Result<Thought, EngineError> {
        self.start_search(position, go)?;
        self.await_bestmove(Instant::now(), timeout)
    }

    /// Sends the position and a `go` line (such as `go ponder …`) without waiting.
    pub fn start_search(&mut self, position: &str, go: &str) -> Result<(), EngineError> {
        // Whatever the engine said since its last answer belongs to no search of ours.
        while self.lines.try_recv().is_ok() {}
        self.send(position)?;
        self.send(go)
    }

    /// Sends `ponderhit` to a pondering engine and waits for its `bestmove` for `timeout` at
    /// most; the time is measured from `ponderhit`.
    pub fn ponder_hit(&mut self, timeout: Duration) -> Result<Thought, EngineError> {
        self.send("ponderhit")?;
        self.await_bestmove(Instant::now(), timeout)
    }

    /// Sends `stop` to a pondering engine and waits for its `bestmove` for `timeout` at most,
    /// which answers no move of the game and is thrown away.
    pub fn ponder_miss(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("stop")?;
        self.await_bestmove(Instant::now(), timeout).map(|_| ())
    }

    /// Reads the search's output until `bestmove`, waiting until `start + timeout` at most.
    fn await_bestmove(
        &mut self,
        start: Instant,
        timeout: Duration,
    ) -> Result<Thought, EngineError> {
        let deadline = start + timeout;
        let mut score = None;
        let mut depth = None;
        loop {
            let (at, line) = self.recv(deadline, "bestmove")?;
            if line.starts_with("info ") {
                let info = parse_info(&line);
                if info.multipv.unwrap_or(1) == 1 {
                    score = info.score.or(score);
                    depth = info.depth.or(depth);
                }
            } else if let Some(rest) = line.strip_prefix("bestmove") {
                let mut words = rest.split_whitespace();
                let best = words.next().unwrap_or("(none)");
                let ponder = match (words.next(), words.next()) {
                    (Some("ponder"), Some(reply)) => Some(reply.to_string()),
                    _ => None,
                };
                return Ok(Thought {
                    best: (best != "(none)").then(|| best.to_string()),
                    score,
                    depth,
                    elapsed: at.saturating_duration_since(start),
                    ponder,
                });
            }
        }
    }

    /// Asks the engine to quit and waits a little for it; kills it if it lingers.
    pub fn quit(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        if let Ok(Some(_)) = self.child.try_wait() {
            return;
        }
        let _ = self.send("quit");
        self.stdin = None;
        for _ in 0..40 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Ends the process at once (it is hung or has lost on time).
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// What an engine said about itself at a trial start.
#[derive(Clone, Debug)]
pub struct EngineInfo {
    /// Its `id name`, if any.
    pub id_name: Option<String>,
    /// The options it lists.
    pub option_names: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_score_and_depth() {
        let line = "info depth 9 seldepth 14 multipv 1 score cp -23 nodes 100 pv c3-d4 f6-g5";
        let info = parse_info(line);
        assert_eq!(
            (info.score, info.depth, info.multipv),
            (Some(EngineScore::Cp(-23)), Some(9), Some(1))
        );
        assert_eq!(
            (info.nodes, info.first_move.as_deref()),
            (Some(100), Some("c3-d4"))
        );
        let line = "info depth 12 score mate -3 lowerbound pv c3-d4";
        assert_eq!(parse_info(line).score, Some(EngineScore::Mate(-3)));
        assert_eq!(parse_info("info string score cp 5").score, None);
        assert_eq!(parse_info("info score cp").score, None);
    }

    #[test]
    fn mate_scores_outrank_any_evaluation() {
        assert_eq!(EngineScore::Mate(3).centi(), 29_997);
        assert_eq!(EngineScore::Mate(-2).centi(), -29_998);
        assert_eq!(EngineScore::Cp(-40).centi(), -40);
    }

    #[test]
    fn commands_and_options_are_read() {
        let mut c = EngineCommand::parse("  ./damka  --x 1 ").unwrap();
        assert_eq!(c.program, "./damka");
        assert_eq!(c.args, ["--x", "1"]);
        c.add_option("Move Overhead = 50").unwrap();
        c.add_option("Clear Hash").unwrap();
        assert_eq!(
            c.options,
            [
                ("Move Overhead".to_string(), Some("50".to_string())),
                ("Clear Hash".to_string(), None)
            ]
        );
        assert!(c.add_option("=3").is_err());
        assert!(EngineCommand::parse("  ").is_err());
        assert_eq!(c.display(), "./damka --x 1");
    }
}
