//! The samples in README.md, PROTOCOL.md and docs/*.md, run against the binary: a sample that
//! no longer matches what damka prints fails here, so the docs cannot go stale unnoticed.
//!
//! Two kinds of fenced blocks are samples (any other block is only text):
//!
//! * ```` ```console ````: shell commands, each on a line starting with `$ ` (a line ending in
//!   ` \` goes on on the next), followed by the lines the command prints on stdout. The
//!   commands run under `sh` in an empty temporary directory, with the built `damka` first on
//!   `PATH`.
//! * ```` ```session ```` (or ```` ```session hub ````, or with any other arguments for
//!   `damka`): a conversation with the server. Lines sent start at the margin; the server's
//!   answers are indented by four spaces. Each line is sent once the answers expected to the
//!   one before it have come (answers that end in `...` take what else comes within a moment).
//!
//! An expected line matches the line printed exactly, but for runs of spaces, which count as
//! one, and the values that depend on the machine's speed (the numbers after `time` and `nps`,
//! or before a closing `nps` or `s`, and `time=` and `nps=` in Hub's lines). A line `...` stands for
//! any number of lines; a line ending in `...` for any line that begins with what precedes it.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

/// How long any one expected line may take to come.
const PATIENCE: Duration = Duration::from_secs(60);

/// One expected line.
#[derive(Clone, Debug, PartialEq)]
enum Pattern {
    /// `...`: any number of lines.
    Any,
    /// `text ...`: a line beginning with the text.
    Prefix(String),
    /// A line equal to the text.
    Exact(String),
}

impl Pattern {
    fn parse(line: &str) -> Pattern {
        let line = normalise(line);
        if line == "..." {
            Pattern::Any
        } else if let Some(prefix) = line.strip_suffix("...") {
            Pattern::Prefix(prefix.trim_end().to_string())
        } else {
            Pattern::Exact(line)
        }
    }

    fn matches(&self, line: &str) -> bool {
        let line = normalise(line);
        match self {
            Pattern::Any => true,
            Pattern::Prefix(prefix) => line.starts_with(prefix.as_str()),
            Pattern::Exact(text) => line == *text,
        }
    }
}

/// A line with its runs of spaces made one and its speed-dependent values made `#`.
fn normalise(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let is_value = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit() || c == '.');
    let mut out = Vec::with_capacity(words.len());
    for (i, &word) in words.iter().enumerate() {
        let after_timer = i > 0 && matches!(words[i - 1], "time" | "nps");
        let before_last_unit = i + 2 == words.len() && matches!(words[i + 1], "nps" | "s");
        let hub_timer = ["time=", "nps="]
            .iter()
            .any(|key| word.strip_prefix(key).is_some_and(is_value));
        if hub_timer {
            let key = &word[..word.find('=').expect("a key") + 1];
            out.push(format!("{key}#"));
        } else if (after_timer || before_last_unit) && is_value(word) {
            out.push("#".to_string());
        } else {
            out.push(word.to_string());
        }
    }
    out.join(" ")
}

/// Matches lines as they come against a list of patterns.
struct Matcher {
    patterns: Vec<Pattern>,
    next: usize,
}

impl Matcher {
    fn new(patterns: Vec<Pattern>) -> Matcher {
        Matcher { patterns, next: 0 }
    }

    /// Takes one line; an error if it cannot be the next expected one.
    fn feed(&mut self, line: &str) -> Result<(), String> {
        match self.patterns.get(self.next) {
            None => Err(format!("more output than the sample shows: {line:?}")),
            Some(Pattern::Any) => {
                if self
                    .patterns
                    .get(self.next + 1)
                    .is_some_and(|p| p.matches(line))
                {
                    self.next += 2;
                }
                Ok(())
            }
            Some(pattern) if pattern.matches(line) => {
                self.next += 1;
                Ok(())
            }
            Some(pattern) => Err(format!("expected {pattern:?}\n     got {line:?}")),
        }
    }

    /// Whether everything expected has come (a closing `...` needs nothing more).
    fn complete(&self) -> bool {
        self.next == self.patterns.len()
            || (self.next + 1 == self.patterns.len() && self.patterns[self.next] == Pattern::Any)
    }

    /// What is still expected, for a failure message.
    fn waiting_for(&self) -> String {
        let rest: Vec<&Pattern> = self.patterns[self.next..]
            .iter()
            .filter(|p| **p != Pattern::Any)
            .collect();
        format!("{:?}", rest.first())
    }
}

/// A sample found in a document.
#[derive(Debug)]
struct Sample {
    /// `file:line` of the opening fence.
    place: String,
    kind: Kind,
}

#[derive(Debug)]
enum Kind {
    /// Commands with the lines each prints.
    Console(Vec<(String, Vec<Pattern>)>),
    /// `damka` with these arguments, then lines sent, each with the answers to it.
    Session(Vec<String>, Vec<(String, Vec<Pattern>)>),
}

/// The samples of one document.
fn samples_in(path: &Path, name: &str) -> Vec<Sample> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut samples = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((number, line)) = lines.next() {
        let Some(info) = line.trim_start().strip_prefix("```") else {
            continue;
        };
        let mut body = Vec::new();
        for (_, inner) in lines.by_ref() {
            if inner.trim_start().starts_with("```") {
                break;
            }
            body.push(inner);
        }
        let mut words = info.split_whitespace();
        let place = format!("{name}:{}", number + 1);
        let kind = match words.next() {
            Some("console") => Kind::Console(console(&body)),
            Some("session") => Kind::Session(words.map(str::to_string).collect(), session(&body)),
            _ => continue,
        };
        samples.push(Sample { place, kind });
    }
    samples
}

fn console(body: &[&str]) -> Vec<(String, Vec<Pattern>)> {
    let mut commands: Vec<(String, Vec<Pattern>)> = Vec::new();
    let mut continued = false;
    for line in body {
        if continued {
            let (command, _) = commands.last_mut().expect("a command goes on");
            command.push('\n');
            command.push_str(line);
            continued = line.ends_with('\\');
        } else if let Some(command) = line.strip_prefix("$ ") {
            commands.push((command.to_string(), Vec::new()));
            continued = command.ends_with('\\');
        } else if let Some((_, expected)) = commands.last_mut() {
            expected.push(Pattern::parse(line));
        }
    }
    commands
}

fn session(body: &[&str]) -> Vec<(String, Vec<Pattern>)> {
    let mut exchanges: Vec<(String, Vec<Pattern>)> = Vec::new();
    for line in body {
        if let Some(answer) = line.strip_prefix("    ") {
            if let Some((_, expected)) = exchanges.last_mut() {
                expected.push(Pattern::parse(answer));
            }
        } else {
            exchanges.push((line.to_string(), Vec::new()));
        }
    }
    exchanges
}

/// Every document with samples: README.md, PROTOCOL.md and docs/*.md.
fn documents() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = vec![
        (root.join("README.md"), "README.md".to_string()),
        (root.join("PROTOCOL.md"), "PROTOCOL.md".to_string()),
    ];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.expect("a docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    for path in docs {
        let name = format!("docs/{}", path.file_name().unwrap().to_string_lossy());
        found.push((path, name));
    }
    found
}

fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_damka"))
}

/// A fresh empty directory for a sample's commands to run in.
fn scratch(place: &str) -> PathBuf {
    let name: String = place
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let dir = std::env::temp_dir().join(format!("damka-samples-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn run_console(place: &str, commands: &[(String, Vec<Pattern>)]) -> Result<(), String> {
    let dir = scratch(place);
    let bin_dir = binary()
        .parent()
        .expect("the binary's directory")
        .to_path_buf();
    let path = match std::env::var_os("PATH") {
        Some(path) => {
            let mut dirs = vec![bin_dir];
            dirs.extend(std::env::split_paths(&path));
            std::env::join_paths(dirs).expect("a PATH")
        }
        None => bin_dir.into_os_string(),
    };
    for (command, expected) in commands {
        let output = Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(&dir)
            .env("PATH", &path)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run sh: {e}"))?;
        let stdout = String::from_utf8_lossy(&output.stdout);
        let mut matcher = Matcher::new(expected.clone());
        let fail = |why: String| {
            format!(
                "$ {command}\n  {why}\n  stdout:\n{stdout}  stderr:\n{}",
                String::from_utf8_lossy(&output.stderr)
            )
        };
        for line in stdout.lines() {
            matcher.feed(line).map_err(fail)?;
        }
        if !matcher.complete() {
            return Err(fail(format!(
                "output ended waiting for {}",
                matcher.waiting_for()
            )));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

fn run_session(args: &[String], exchanges: &[(String, Vec<Pattern>)]) -> Result<(), String> {
    let mut child = Command::new(binary())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start damka: {e}"))?;
    let mut stdin = child.stdin.take();
    let stdout = child.stdout.take().expect("stdout is piped");
    let (tx, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    let mut transcript = Vec::new();
    let mut result = Ok(());
    let last = exchanges.len().saturating_sub(1);
    'exchanges: for (i, (sent, expected)) in exchanges.iter().enumerate() {
        transcript.push(format!("> {sent}"));
        if let Some(input) = stdin.as_mut() {
            let _ = writeln!(input, "{sent}").and_then(|()| input.flush());
        }
        if i == last {
            stdin = None;
        }
        let mut matcher = Matcher::new(expected.clone());
        // The last line's answers go on to the end of the output; the others' until all
        // expected have come.
        while i == last || !matcher.complete() {
            let line = match lines.recv_timeout(PATIENCE) {
                Ok(line) => line,
                Err(RecvTimeoutError::Disconnected) if i == last && matcher.complete() => break,
                Err(e) => {
                    result = Err(format!(
                        "after {sent:?}: {} waiting for {}",
                        if e == RecvTimeoutError::Timeout {
                            "timed out"
                        } else {
                            "the output ended"
                        },
                        matcher.waiting_for()
                    ));
                    break 'exchanges;
                }
            };
            transcript.push(format!("  {line}"));
            if let Err(e) = matcher.feed(&line) {
                result = Err(format!("after {sent:?}: {e}"));
                break 'exchanges;
            }
        }
        // Answers that end in `...` take what else comes at once (the rest of a `d`), for a
        // while: an endless search's lines go on to the next line's answers.
        if matcher.patterns.last() == Some(&Pattern::Any) {
            let until = std::time::Instant::now() + Duration::from_millis(300);
            while let Some(left) = until.checked_duration_since(std::time::Instant::now()) {
                match lines.recv_timeout(left.min(Duration::from_millis(50))) {
                    Ok(line) => transcript.push(format!("  {line}")),
                    Err(_) => break,
                }
            }
        }
    }
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    result.map_err(|e| format!("{e}\n  transcript:\n{}", transcript.join("\n")))
}

#[test]
fn the_samples_in_the_docs_are_what_damka_prints() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (path, name) in documents() {
        for sample in samples_in(&path, &name) {
            count += 1;
            let outcome = match &sample.kind {
                Kind::Console(commands) => run_console(&sample.place, commands),
                Kind::Session(args, exchanges) => run_session(args, exchanges),
            };
            if let Err(e) = outcome {
                failures.push(format!("{}: {e}", sample.place));
            }
        }
    }
    assert!(count >= 10, "only {count} samples found in the docs");
    assert!(
        failures.is_empty(),
        "{} of {count} samples in the docs differ from what damka prints:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn sample_lines_match_by_shape_where_the_machine_decides() {
    let timed = Pattern::parse("info depth 3 nodes 308 nps 111733 hashfull 0 time 2 pv g3-h4");
    assert!(timed.matches("info depth 3 nodes 308 nps 9 hashfull 0 time 14 pv g3-h4"));
    assert!(!timed.matches("info depth 3 nodes 309 nps 9 hashfull 0 time 14 pv g3-h4"));
    assert!(Pattern::parse("3258223 nodes 1 nps").matches("3258223 nodes 2883  nps"));
    assert!(!Pattern::parse("3258223 nodes 1 nps").matches("3258224 nodes 1 nps"));
    assert!(Pattern::parse("egdb: 16 files, 8, 1.5 s").matches("egdb: 16 files, 8, 0.9 s"));
    assert!(Pattern::parse("info depth=1 time=0.01 nps=5").matches("info depth=1 time=2 nps=9"));
    assert!(Pattern::parse("bestmove ...").matches("bestmove c3-d4"));
    let mut m = Matcher::new(vec![
        Pattern::parse("uciok ..."),
        Pattern::Any,
        Pattern::parse("bestmove c3-d4"),
    ]);
    for line in ["uciok", "info a", "info b", "bestmove c3-d4"] {
        m.feed(line).expect("matches");
    }
    assert!(m.complete());
    assert!(m.feed("extra").is_err());
}
