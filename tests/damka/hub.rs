//! `damka hub` driven through pipes with the lines Hub clients send (Scan's protocol.txt and
//! pydraughts' `HubEngine`). Every line the engine writes must be a Hub line.
//!
//! Squares: `pos=` lists the board b8, d8, … g1 (PDN order 1 … 32); moves use the Russian
//! numbering 1 = a1, 2 = c1, … 32 = h8. In International both the board and the moves use the
//! PDN numbers 1 = b10 … 46 = a1 … 50 = i1.

use std::io::Write;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Generous: the machine may be busy with other builds.
const TIMEOUT: Duration = Duration::from_secs(30);

/// The initial position as a Hub board.
const START: &str = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

/// The International initial position as a Hub board: Black on 1–20, White on 31–50.
const START_INTERNATIONAL: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

/// The first word of every line the engine may write.
const HUB_ANSWERS: [&str; 8] = [
    "id", "param", "wait", "ready", "info", "done", "pong", "error",
];

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_damka"))
            .arg("hub")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("damka starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("engine reads");
        stdin.flush().expect("engine reads");
    }

    /// The next line, checked to be a Hub line; `None` if nothing comes within `wait`.
    fn next_within(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                let first = line.split_whitespace().next().unwrap_or("");
                assert!(HUB_ANSWERS.contains(&first), "not a Hub line: {line:?}");
                assert_pairs(&line);
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => panic!("the engine closed its output"),
        }
    }

    /// Lines up to and including the first one starting with `word`.
    fn until(&mut self, word: &str) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(line) = self.next_within(left) else {
                panic!("no '{word}' within {TIMEOUT:?}; got {seen:#?}");
            };
            let done = line.split_whitespace().next() == Some(word);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// Sends `ping` and returns what came before `pong` (which proves the lines before it
    /// were handled).
    fn sync(&mut self) -> Vec<String> {
        self.send("ping");
        let mut lines = self.until("pong");
        lines.pop();
        lines
    }

    /// The move of the `done` line that ends a search, and the `info` lines before it.
    fn search(&mut self) -> (Option<String>, Vec<String>) {
        let mut lines = self.until("done");
        let done = lines.pop().expect("done line");
        let mv = args(&done)
            .into_iter()
            .find(|(k, _)| k == "move")
            .map(|(_, v)| v);
        (mv, lines)
    }

    /// Closes stdin (or sends `quit` first) and waits for the exit.
    fn finish(mut self, quit: bool) -> ExitStatus {
        if quit {
            self.send("quit");
        }
        drop(self.stdin.take());
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status;
            }
            assert!(Instant::now() < deadline, "the engine did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The arguments of a line as pydraughts reads them: split on blanks outside quotes, then each
/// piece at its one `=`.
fn args(line: &str) -> Vec<(String, String)> {
    let mut pieces = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                current.push(c);
            }
            ' ' if !quoted => {
                if !current.is_empty() {
                    pieces.push(std::mem::take(&mut current));
                }
            }
            c => current.push(c),
        }
    }
    pieces.push(current);
    pieces
        .into_iter()
        .skip(1)
        .map(|piece| {
            let (k, v) = piece.split_once('=').unwrap_or((&piece, ""));
            (k.to_string(), v.trim_matches('"').to_string())
        })
        .collect()
}

/// pydraughts splits every argument of `id`, `param` and `info` at `=` and needs exactly two
/// parts; `done` needs `move=` first. (`error` lines are only logged, and their quoted message
/// may hold `=`.)
fn assert_pairs(line: &str) {
    let first = line.split_whitespace().next().unwrap_or("");
    if ["id", "param", "info", "done"].contains(&first) {
        let rest = line[first.len()..].trim();
        if rest.is_empty() {
            return;
        }
        let mut quoted = false;
        let mut pieces = vec![String::new()];
        for c in rest.chars() {
            if c == '"' {
                quoted = !quoted;
            }
            if c == ' ' && !quoted {
                pieces.push(String::new());
            } else {
                pieces.last_mut().expect("a piece").push(c);
            }
        }
        assert!(!quoted, "unclosed quote in {line:?}");
        for piece in pieces {
            assert_eq!(piece.matches('=').count(), 1, "{piece:?} in {line:?}");
        }
        if first == "done" {
            assert!(rest.starts_with("move="), "{line:?}");
        }
    }
}

/// A Hub board: side to move and pieces on algebraic squares (`w b W B`).
fn board(side: char, pieces: &[(&str, char)]) -> String {
    let mut cells = ['e'; 32];
    for (square, piece) in pieces {
        let bytes = square.as_bytes();
        let (file, rank) = ((bytes[0] - b'a') as usize, (bytes[1] - b'1') as usize);
        assert_eq!((file + rank) % 2, 0, "{square} is a light square");
        let pdn = (7 - rank) * 4 + file / 2 + 1;
        cells[pdn - 1] = *piece;
    }
    std::iter::once(side).chain(cells).collect()
}

/// An International Hub board: side to move and pieces on PDN squares 1 … 50 (`w b W B`).
fn international_board(side: char, pieces: &[(usize, char)]) -> String {
    let mut cells = ['e'; 50];
    for &(square, piece) in pieces {
        cells[square - 1] = piece;
    }
    std::iter::once(side).chain(cells).collect()
}

/// Asserts that an `info` line carries every field Hub clients read.
fn assert_info_fields(line: &str) {
    for key in [
        "mean-depth",
        "max-depth",
        "score",
        "nodes",
        "time",
        "nps",
        "pv",
    ] {
        assert!(value(line, key).is_some(), "{key} missing in {line}");
    }
}

fn value(line: &str, key: &str) -> Option<String> {
    args(line)
        .into_iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v)
}

#[test]
fn handshake_lists_identity_and_parameters() {
    let mut engine = Engine::start();
    engine.send("hub");
    let lines = engine.until("wait");
    assert!(lines[0].starts_with("id name=damka version="), "{lines:?}");
    assert!(value(&lines[0], "author").is_some());
    let param = |name: &str| {
        lines
            .iter()
            .find(|l| l.starts_with("param") && value(l, "name").as_deref() == Some(name))
            .unwrap_or_else(|| panic!("no param {name} in {lines:#?}"))
            .clone()
    };
    let variant = param("variant");
    assert_eq!(value(&variant, "type").as_deref(), Some("enum"));
    assert_eq!(value(&variant, "value").as_deref(), Some("russian"));
    assert!(
        value(&variant, "values")
            .unwrap()
            .split(' ')
            .any(|v| v == "russian")
    );
    for (name, kind) in [("threads", "int"), ("hash", "int"), ("ponder", "bool")] {
        let line = param(name);
        assert_eq!(value(&line, "type").as_deref(), Some(kind), "{line}");
    }
    assert!(value(&param("hash"), "min").is_some());

    // What pydraughts and lidraughts bots send before init, including a parameter meant for
    // another engine.
    engine.send("set-param name=variant value=russian");
    engine.send("set-param name=threads value=2");
    engine.send("set-param name=hash value=8");
    engine.send("set-param name=initial-time value=60");
    engine.send("init");
    assert_eq!(engine.until("ready"), vec!["ready".to_string()]);
    engine.send("hub");
    let again = engine.until("wait");
    let threads = again
        .iter()
        .find(|l| value(l, "name").as_deref() == Some("threads"))
        .expect("threads");
    assert_eq!(value(threads, "value").as_deref(), Some("2"));
    assert!(engine.finish(true).success());
}

#[test]
fn opening_search_reports_info_and_a_legal_move() {
    let mut engine = Engine::start();
    engine.send("init");
    engine.until("ready");
    engine.send("new-game");
    engine.send(&format!("pos pos={START}"));
    engine.send("level depth=5");
    engine.send("go think");
    let (mv, infos) = engine.search();
    // a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, g3-h4.
    let opening = ["9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"];
    let mv = mv.expect("a move");
    assert!(opening.contains(&mv.as_str()), "{mv}");
    let last = infos.last().expect("info lines");
    assert_eq!(value(last, "depth").as_deref(), Some("5"));
    assert_info_fields(last);
    let mean: f64 = value(last, "mean-depth")
        .unwrap()
        .parse()
        .expect("mean depth");
    assert!((1.0..=40.0).contains(&mean), "{last}");
    let score: f64 = value(last, "score").unwrap().parse().expect("score in men");
    assert!(score.abs() < 5.0, "{last}");
    assert!(value(last, "time").unwrap().parse::<f64>().is_ok());
    let pv = value(last, "pv").unwrap();
    assert_eq!(pv.split(' ').next(), Some(mv.as_str()), "{last}");
    assert!(engine.finish(true).success());
}

#[test]
fn moves_are_replayed_and_a_capture_is_answered() {
    let mut engine = Engine::start();
    // As pydraughts sends them: c3-d4 f6-e5, so White must take d4xf6.
    engine.send(&format!("pos pos={START} moves=\"10-14 23-19\""));
    engine.send("level depth=3");
    engine.send("go think");
    assert_eq!(engine.search().0.as_deref(), Some("14x23x19"));

    // ... and after d4xf6 g7xe5 (28x19x23), Black has played a capture; a move list with
    // both captures is accepted and White is to move again.
    engine.send(&format!(
        "pos pos={START} moves=\"10-14 23-19 14x23x19 28x19x23\""
    ));
    assert_eq!(engine.sync(), Vec::<String>::new());
}

#[test]
fn a_double_capture_lists_captured_squares_in_increasing_order() {
    let mut engine = Engine::start();
    // g1xf2 to e3, then back over d2 to c1: path order 7 then 6, written 6 then 7.
    let pos = board('W', &[("g1", 'w'), ("f2", 'b'), ("d2", 'b'), ("h8", 'b')]);
    engine.send(&format!("pos pos={pos}"));
    engine.send("level depth=2");
    engine.send("go think");
    assert_eq!(engine.search().0.as_deref(), Some("4x2x6x7"));
}

#[test]
fn flying_kings_move_and_capture_at_a_distance() {
    let mut engine = Engine::start();
    // A lone white king on a1 with the long diagonal open.
    let pos = board('W', &[("a1", 'W'), ("a7", 'b')]);
    engine.send(&format!("pos pos={pos}"));
    engine.send("level depth=3");
    engine.send("go think");
    let mv = engine.search().0.expect("a move");
    let diagonal = ["1-5", "1-10", "1-14", "1-19", "1-23", "1-28", "1-32"];
    assert!(diagonal.contains(&mv.as_str()), "{mv}");

    // The king takes e5 from afar and may land on f6, g7 or h8.
    let pos = board('W', &[("a1", 'W'), ("e5", 'b'), ("a7", 'b')]);
    engine.send(&format!("pos pos={pos}"));
    engine.send("level depth=3");
    engine.send("go think");
    let mv = engine.search().0.expect("a move");
    assert!(
        ["1x23x19", "1x28x19", "1x32x19"].contains(&mv.as_str()),
        "{mv}"
    );

    // A king move given in moves= is played: after Ka1-h8 Black's man may not take it.
    let pos = board('W', &[("a1", 'W'), ("c7", 'b')]);
    engine.send(&format!("pos pos={pos} moves=\"1-32\""));
    engine.send("level depth=2");
    engine.send("go think");
    let mv = engine.search().0.expect("a move");
    assert!(["26-21", "26-22"].contains(&mv.as_str()), "{mv}");
}

#[test]
fn a_capture_whose_path_lies_inside_a_longer_one_is_named_by_its_captures() {
    let mut engine = Engine::start();
    // W:Wc3,f2,f4,Kh4:Ba7,b4,b6,b8,d2,Kd4,Kd6,Kf6,f8,g5 has two captures from c3 to g7:
    // over d4 and f6, or round by a5, c7 and e5 over b4, b6, d6 and f6.
    let pos = board(
        'W',
        &[
            ("c3", 'w'),
            ("f2", 'w'),
            ("f4", 'w'),
            ("h4", 'W'),
            ("a7", 'b'),
            ("b4", 'b'),
            ("b6", 'b'),
            ("b8", 'b'),
            ("d2", 'b'),
            ("d4", 'B'),
            ("d6", 'B'),
            ("f6", 'B'),
            ("f8", 'b'),
            ("g5", 'b'),
        ],
    );
    engine.send(&format!("pos pos={pos} moves=\"10x28\""));
    let errors = engine.sync();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("ambiguous"), "{errors:?}");
    engine.send(&format!("pos pos={pos} moves=\"10x28x23x14\""));
    assert_eq!(engine.sync(), Vec::<String>::new());
    engine.send(&format!("pos pos={pos} moves=\"10x28x13x21x22x23\""));
    assert_eq!(engine.sync(), Vec::<String>::new());
}

#[test]
fn no_legal_move_gives_a_bare_done() {
    let mut engine = Engine::start();
    // White's man on a1 is blocked by b2 and c3.
    let pos = board('W', &[("a1", 'w'), ("b2", 'b'), ("c3", 'b')]);
    engine.send(&format!("pos pos={pos}"));
    engine.send("level depth=4");
    engine.send("go think");
    let lines = engine.until("done");
    assert_eq!(lines.last().map(String::as_str), Some("done"));
    // No pieces at all for Black to move, after White's last capture.
    let pos = board('W', &[("c3", 'w'), ("d4", 'b')]);
    engine.send(&format!("pos pos={pos} moves=\"10x19x14\""));
    engine.send("go think");
    assert_eq!(
        engine.until("done").last().map(String::as_str),
        Some("done")
    );
    assert_eq!(engine.sync(), Vec::<String>::new());
    assert!(engine.finish(true).success());
}

#[test]
fn malformed_input_gets_an_error_and_changes_nothing() {
    let mut engine = Engine::start();
    // A position with one legal move, to see that it survives the bad lines below.
    let forced = format!("pos pos={START} moves=\"10-14 23-19\"");
    engine.send(&forced);
    let bad = [
        "pos pos=Wxyz",
        "pos pos=Wbbbb",
        &format!("pos pos=X{}", &START[1..]),
        &format!("pos pos={START} moves=\"9-14\""),
        &format!("pos pos={START} moves=\"9-13 9-13\""),
        &format!("pos pos={START} moves=\"9-13 x\""),
        &format!("pos pos={START} moves=\"40-44\""),
        "pos pos=Wwbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
        "pos moves=\"9-13",
        "level depth=abc",
        "level move-time=soon",
        "level time=NaN",
        "level nodes",
        "level nodes=0",
        "level depth=0",
        "set-param name=threads value=0",
        "set-param name=threads value=many",
        "set-param name=variant value=chess",
        "set-param value=3",
        "=",
        "go \"think\"",
    ];
    for line in bad {
        engine.send(line);
        let replies = engine.sync();
        assert_eq!(replies.len(), 1, "{line}: {replies:?}");
        assert!(
            replies[0].starts_with("error message="),
            "{line}: {replies:?}"
        );
        assert!(!value(&replies[0], "message").unwrap().is_empty());
    }
    // Unknown commands and arguments and blank lines are ignored quietly.
    for line in [
        "frobnicate now=1",
        "",
        "   ",
        "new-game please",
        "set-param name=book value=false",
    ] {
        engine.send(line);
        assert_eq!(engine.sync(), Vec::<String>::new(), "{line}");
    }
    // Bytes that are not UTF-8 are answered as the UCI-style server answers them.
    engine.send_bytes(b"\xff\xfe garbage\r\n");
    let replies = engine.sync();
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(replies[0].starts_with("error message=") && replies[0].contains("UTF-8"));
    // new-game above reset the position; set the forced one again and the engine still
    // searches it.
    engine.send(&forced);
    engine.send("level depth=2 colour=blue");
    engine.send("go think extra=1");
    assert_eq!(engine.search().0.as_deref(), Some("14x23x19"));
    assert!(engine.finish(true).success());
}

#[test]
fn stop_ends_an_infinite_analysis_and_ping_answers_during_it() {
    let mut engine = Engine::start();
    engine.send(&format!("pos pos={START}"));
    engine.send("level infinite");
    engine.send("go analyze");
    let first = engine.until("info");
    assert_eq!(first.len(), 1);
    let lines = engine.sync();
    assert!(lines.iter().all(|l| l.starts_with("info")), "{lines:?}");
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    engine.send("stop");
    let (mv, _) = engine.search();
    assert!(mv.is_some());
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "{:?}",
        asked.elapsed()
    );
    assert!(engine.finish(true).success());
}

#[test]
fn ponder_waits_for_ponder_hit() {
    let mut engine = Engine::start();
    engine.send("set-param name=ponder value=true");
    engine.send(&format!("pos pos={START} moves=\"10-14\""));
    engine.send("level move-time=0.2");
    engine.send("go ponder");
    // Pondering: the clock is not ours, so no move comes however long it takes.
    let deadline = Instant::now() + Duration::from_millis(600);
    while let Some(line) = engine.next_within(deadline.saturating_duration_since(Instant::now())) {
        assert!(line.starts_with("info"), "{line}");
    }
    engine.send("ponder-hit");
    let hit = Instant::now();
    let (mv, _) = engine.search();
    assert!(mv.is_some());
    assert!(hit.elapsed() < Duration::from_secs(10));
}

#[test]
fn clock_levels_as_pydraughts_sends_them() {
    let mut engine = Engine::start();
    // pydraughts subtracts the increment first ("Hub engines first add the increment").
    for level in [
        "level time=0.9 inc=0.1",
        "level moves=10 time=1",
        "level time=0.5",
        "level move-time=0.3",
        "level nodes=2000",
        "level time=-0.2 inc=0.05",
    ] {
        engine.send(&format!("pos pos={START} moves=\"10-14 23-19\""));
        engine.send(level);
        let start = Instant::now();
        engine.send("go think");
        let (mv, _) = engine.search();
        assert_eq!(mv.as_deref(), Some("14x23x19"), "{level}");
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{level}: {:?}",
            start.elapsed()
        );
    }
    // The level is forgotten after go: the next search needs its own (as in Scan).
    engine.send(&format!("pos pos={START}"));
    engine.send("level move-time=0.2");
    engine.send("go think");
    assert!(engine.search().0.is_some());
}

#[test]
fn end_of_input_quits_even_during_a_search() {
    let mut engine = Engine::start();
    engine.send(&format!("pos pos={START}"));
    engine.send("level infinite");
    engine.send("go analyze");
    engine.until("info");
    let closed = Instant::now();
    assert!(engine.finish(false).success());
    assert!(closed.elapsed() < Duration::from_secs(10));
}

#[test]
fn international_is_played_under_its_hub_names() {
    let mut engine = Engine::start();
    engine.send("hub");
    let lines = engine.until("wait");
    let variant = lines
        .iter()
        .find(|l| l.starts_with("param name=variant "))
        .expect("a variant param");
    assert!(
        value(variant, "values")
            .unwrap()
            .split(' ')
            .any(|v| v == "international"),
        "{variant}"
    );
    // Scan's name, then the one pydraughts and lidraughts bots send, in any case.
    for name in ["normal", "standard", "Standard", "INTERNATIONAL"] {
        engine.send("set-param name=variant value=russian");
        engine.send(&format!("set-param name=variant value={name}"));
        engine.send("init");
        assert_eq!(engine.until("ready"), vec!["ready".to_string()], "{name}");
        engine.send("hub");
        let again = engine.until("wait");
        let line = again
            .iter()
            .find(|l| l.starts_with("param name=variant "))
            .expect("a variant param");
        assert_eq!(
            value(line, "value").as_deref(),
            Some("international"),
            "{name}"
        );
    }
    // An unknown name is one error and the game stays International.
    engine.send("set-param name=variant value=frisian");
    let errors = engine.sync();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let message = value(&errors[0], "message").unwrap();
    assert!(
        message.contains("frisian") && message.contains("normal"),
        "{message}"
    );
    engine.send(&format!("pos pos={START_INTERNATIONAL}"));
    assert_eq!(engine.sync(), Vec::<String>::new());
    engine.send(&format!("pos pos={START}"));
    assert_eq!(engine.sync().len(), 1);
    assert!(engine.finish(true).success());
}

#[test]
fn an_international_game_as_pydraughts_sends_it() {
    let mut engine = Engine::start();
    engine.send("hub");
    engine.until("wait");
    engine.send("set-param name=variant value=normal");
    engine.send("init");
    engine.until("ready");
    engine.send("new-game");
    // White's opening moves from the initial position, and the 20 replies.
    engine.send(&format!("pos pos={START_INTERNATIONAL}"));
    engine.send("level depth=4");
    engine.send("go think");
    let (mv, infos) = engine.search();
    let mv = mv.expect("a move");
    let openings = [
        "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30",
    ];
    assert!(openings.contains(&mv.as_str()), "{mv}");
    let last = infos.last().expect("info lines");
    assert_eq!(value(last, "depth").as_deref(), Some("4"));
    assert_info_fields(last);
    let pv = value(last, "pv").unwrap();
    assert_eq!(pv.split(' ').next(), Some(mv.as_str()), "{last}");

    // 32-28 19-23 28x19: pydraughts writes the capture with its captured square, 28x19x23.
    // Black must take back, from 13 over 19 to 24 or from 14 over 19 to 23.
    let played = format!("pos pos={START_INTERNATIONAL} moves=\"32-28 19-23 28x19x23\"");
    engine.send(&played);
    engine.send("level depth=5");
    engine.send("go think");
    let (mv, infos) = engine.search();
    let retakes = ["13x24x19", "14x23x19"];
    assert!(retakes.contains(&mv.as_deref().unwrap_or("")), "{mv:?}");
    assert!(!infos.is_empty());
    for info in &infos {
        let pv = value(info, "pv").expect("a pv");
        assert!(retakes.contains(&pv.split(' ').next().unwrap()), "{info}");
        let score: f64 = value(info, "score").unwrap().parse().expect("score");
        assert!(score.abs() < 5.0, "{info}");
    }
    // Scan's shorter form of the same capture is taken too.
    engine.send(&format!(
        "pos pos={START_INTERNATIONAL} moves=\"32-28 19-23 28x19\""
    ));
    assert_eq!(engine.sync(), Vec::<String>::new());

    // Bad moves: one error each, and the position before them stays.
    engine.send(&played);
    for moves in [
        "32-28 19-23 32-27",
        "32-28 19-23 28-22",
        "32-28 19-23 28x19x24",
        "32-28 19-23 51-46",
        "10-14",
        "9-13",
    ] {
        engine.send(&format!("pos pos={START_INTERNATIONAL} moves=\"{moves}\""));
        let errors = engine.sync();
        assert_eq!(errors.len(), 1, "{moves}: {errors:?}");
        assert!(errors[0].starts_with("error message="), "{errors:?}");
    }
    // A Russian board is not an International position.
    engine.send(&format!("pos pos={START}"));
    assert_eq!(engine.sync().len(), 1);
    engine.send("level depth=3");
    engine.send("go think");
    let (mv, _) = engine.search();
    assert!(retakes.contains(&mv.as_deref().unwrap_or("")), "{mv:?}");
    assert!(engine.finish(true).success());
}

#[test]
fn an_international_capture_sharing_its_ends_is_named_by_its_captures() {
    let mut engine = Engine::start();
    engine.send("set-param name=variant value=standard");
    // W:WK40,47:B8,19,20,34,37: the king must take three, and both ways go from 40 to 25,
    // over 34, 20 and either 19 or 8.
    let pos = international_board(
        'W',
        &[
            (40, 'W'),
            (47, 'w'),
            (8, 'b'),
            (19, 'b'),
            (20, 'b'),
            (34, 'b'),
            (37, 'b'),
        ],
    );
    engine.send(&format!("pos pos={pos} moves=\"40x25\""));
    let errors = engine.sync();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let message = value(&errors[0], "message").unwrap();
    assert!(message.contains("ambiguous"), "{message}");
    assert!(
        message.contains("40x25x8x20x34") && message.contains("40x25x19x20x34"),
        "{message}"
    );
    // The captured squares in any order, as pydraughts (sorted) or another client sends them.
    for moves in ["40x25x8x20x34", "40x25x34x20x19", "40x25x19x20x34 8-13"] {
        engine.send(&format!("pos pos={pos} moves=\"{moves}\""));
        assert_eq!(engine.sync(), Vec::<String>::new(), "{moves}");
    }
    engine.send(&format!("pos pos={pos} moves=\"40x25x8x19x34\""));
    assert_eq!(engine.sync().len(), 1);

    engine.send(&format!("pos pos={pos}"));
    engine.send("level depth=4");
    engine.send("go think");
    let (mv, infos) = engine.search();
    assert!(
        ["40x25x8x20x34", "40x25x19x20x34"].contains(&mv.as_deref().unwrap_or("")),
        "{mv:?}"
    );
    let pv = value(infos.last().expect("info lines"), "pv").unwrap();
    assert_eq!(pv.split(' ').next(), mv.as_deref());
    assert!(engine.finish(true).success());
}
