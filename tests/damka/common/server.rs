//! Drives the real `damka` binary through pipes, reading its output with timeouts.
//!
//! Every line the engine writes is checked against the protocol's line forms as it is read, so
//! every test that talks to the engine also checks that nothing else reaches stdout.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long to wait for an answer that should come at once. Generous: the machine is slow and
/// shared, and the tests never judge speed.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A running engine.
pub struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    pub transcript: Vec<String>,
}

/// True if `text` is a move in damka's notation: algebraic squares joined by `-` (two) or `:`,
/// or (International) squares 1..50 joined by `-` (two) or `x`; in Fuk an algebraic move may
/// begin with a huffed square and `*` (`f6*c3-d4`).
pub fn is_move(text: &str) -> bool {
    if let Some((huffed, rest)) = text.split_once('*') {
        return is_move(&format!("{huffed}-{huffed}")) && !rest.contains('*') && is_move(rest);
    }
    // Any square of the 8×8 board: Turkish dama plays on all 64.
    let is_square = |s: &str| {
        let b = s.as_bytes();
        b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
    };
    let is_number =
        |s: &str| !s.starts_with('0') && s.parse::<u8>().is_ok_and(|n| (1..=50).contains(&n));
    let quiet: Vec<&str> = text.split('-').collect();
    let capture: Vec<&str> = text.split(':').collect();
    let numbered: Vec<&str> = text.split('x').collect();
    (quiet.len() == 2 && (quiet.iter().all(|s| is_square(s)) || quiet.iter().all(|s| is_number(s))))
        || (capture.len() >= 2 && capture.iter().all(|s| is_square(s)))
        || (numbered.len() >= 2 && numbered.iter().all(|s| is_number(s)))
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// True if `line` is one of the lines PROTOCOL.md says the engine writes.
pub fn is_protocol_line(line: &str) -> bool {
    if line.chars().any(|c| c.is_control()) {
        return false;
    }
    let words: Vec<&str> = line.split(' ').collect();
    match words.as_slice() {
        ["uciok"] | ["readyok"] => true,
        ["id", "name", _, ..] | ["id", "author", _, ..] => true,
        ["option", "name", ..] => line.contains(" type "),
        ["info", "string", ..] => true,
        ["info", rest @ ..] => is_search_info(rest),
        ["bestmove", "(none)"] => true,
        ["bestmove", best] => is_move(best),
        ["bestmove", best, "ponder", ponder] => is_move(best) && is_move(ponder),
        ["nodes", n, "time", t, "nps", s] => is_number(n) && is_number(t) && is_number(s),
        ["position", i, "nodes", n, "time", t] => is_number(i) && is_number(n) && is_number(t),
        [n, "nodes", s, "nps"] => is_number(n) && is_number(s),
        _ => false,
    }
}

/// `depth .. seldepth .. multipv .. score cp|mate .. nodes .. nps .. hashfull .. time .. [pv ..]`.
fn is_search_info(words: &[&str]) -> bool {
    let mut i = 0;
    let mut seen_depth = false;
    while i < words.len() {
        match words[i] {
            "depth" | "seldepth" | "multipv" | "nodes" | "nps" | "hashfull" | "time" => {
                let Some(value) = words.get(i + 1) else {
                    return false;
                };
                if !is_number(value) {
                    return false;
                }
                seen_depth |= words[i] == "depth";
                i += 2;
            }
            "score" => {
                let (Some(kind), Some(value)) = (words.get(i + 1), words.get(i + 2)) else {
                    return false;
                };
                if !matches!(*kind, "cp" | "mate") || value.trim_start_matches('-').is_empty() {
                    return false;
                }
                if !is_number(value.trim_start_matches('-')) {
                    return false;
                }
                i += 3;
            }
            "pv" => return seen_depth && words[i + 1..].iter().all(|m| is_move(m)),
            _ => return false,
        }
    }
    seen_depth
}

impl Server {
    /// Starts `damka` with no arguments (the protocol server), stderr discarded.
    pub fn start() -> Server {
        Server::start_with(Stdio::null())
    }

    /// Starts the server with stderr going to `stderr`.
    pub fn start_with(stderr: Stdio) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_damka"));
        command.stderr(stderr);
        Server::start_command(command)
    }

    /// Starts `command` (which runs the server, say under a shell's `ulimit`) with its stdin and
    /// stdout piped to the test.
    pub fn start_command(mut command: Command) -> Server {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the damka binary starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut raw = Vec::new();
            loop {
                raw.clear();
                match reader.read_until(b'\n', &mut raw) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let text = String::from_utf8_lossy(&raw);
                let line = text.strip_suffix('\n').unwrap_or(&text).to_string();
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Server {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        }
    }

    /// The child's stderr, if it was piped.
    pub fn take_stderr(&mut self) -> Option<std::process::ChildStderr> {
        self.child.stderr.take()
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// Sends raw bytes followed by a newline.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("the engine reads its input");
        stdin.write_all(b"\n").expect("the engine reads its input");
        stdin.flush().expect("the engine reads its input");
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, within `wait`; `None` if none came. Panics if the engine has gone or the
    /// line is not a protocol line.
    pub fn line_within(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                assert!(
                    is_protocol_line(&line),
                    "not a protocol line: {line:?}\nafter: {:?}",
                    self.tail()
                );
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                panic!(
                    "the engine closed its output; last lines: {:?}",
                    self.tail()
                )
            }
        }
    }

    /// The next line; panics if none comes within [`PATIENCE`].
    pub fn line(&mut self) -> String {
        match self.line_within(PATIENCE) {
            Some(line) => line,
            None => panic!(
                "no answer within {PATIENCE:?}; last lines: {:?}",
                self.tail()
            ),
        }
    }

    /// Lines up to and including the first one `done` accepts.
    pub fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            let last = done(&line);
            lines.push(line);
            if last {
                return lines;
            }
        }
    }

    /// Sends `isready` and returns what came before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// Waits for `bestmove` and returns its move (`(none)` included), skipping `info` lines.
    pub fn bestmove(&mut self) -> String {
        let lines = self.until(|l| l.starts_with("bestmove "));
        let last = lines.last().expect("until returns the last line");
        last.split(' ')
            .nth(1)
            .expect("bestmove has a move")
            .to_string()
    }

    /// The `d` display, without the `info string ` prefixes.
    pub fn display(&mut self) -> Vec<String> {
        self.send("d");
        let lines = self.until(|l| l.starts_with("info string Result: "));
        lines
            .iter()
            .map(|l| {
                l.strip_prefix("info string ")
                    .unwrap_or_else(|| panic!("d wrote {l:?}"))
                    .to_string()
            })
            .collect()
    }

    /// The value of the `d` line starting `<key>: `.
    pub fn display_field(&mut self, key: &str) -> String {
        let prefix = format!("{key}: ");
        let lines = self.display();
        lines
            .iter()
            .find_map(|l| l.strip_prefix(&prefix))
            .unwrap_or_else(|| panic!("d has no '{key}' line: {lines:?}"))
            .to_string()
    }

    /// The current FEN, from `d`.
    pub fn fen(&mut self) -> String {
        self.display_field("Fen")
    }

    /// The legal moves, from `d`.
    pub fn legal_moves(&mut self) -> Vec<String> {
        let lines = self.display();
        let line = lines
            .iter()
            .find(|l| l.starts_with("Legal moves ("))
            .unwrap_or_else(|| panic!("d has no legal moves line: {lines:?}"));
        let (_, list) = line.split_once("): ").unwrap_or((line, ""));
        list.split_whitespace().map(str::to_string).collect()
    }

    /// Waits for the process to end within `wait`; panics otherwise (after killing it).
    pub fn exit_status(&mut self, wait: Duration) -> ExitStatus {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait for the engine") {
                return status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the engine did not exit within {wait:?}");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The last few lines read, for failure messages.
    pub fn tail(&self) -> &[String] {
        &self.transcript[self.transcript.len().saturating_sub(8)..]
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // A failed test must not leave an engine searching forever.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
