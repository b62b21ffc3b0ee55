//! Search threads through the binary: more threads than the machine has cores keep the clock
//! and `stop`, threads that cannot be had do not abort the engine, and clearing a big table
//! does not delay the next move.

use crate::common::server::Server;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How late an answer may be, beyond its move time, on a busy test machine (the engine itself
/// aims at the move time minus the move overhead).
const SLACK: Duration = Duration::from_millis(200);

/// Sends `go`, waits for `bestmove` and returns how long it took and the lines seen.
fn timed_go(server: &mut Server, go: &str) -> (Duration, Vec<String>) {
    let start = Instant::now();
    server.send(go);
    let lines = server.until(|l| l.starts_with("bestmove"));
    (start.elapsed(), lines)
}

#[test]
fn more_threads_than_cores_keep_the_clock_and_stop() {
    let mut server = Server::start();
    server.send("setoption name Threads value 256");
    server.send("position startpos moves c3-d4 f6-g5");
    server.sync();
    for _ in 0..3 {
        let (took, lines) = timed_go(&mut server, "go movetime 50");
        assert!(
            took < Duration::from_millis(50) + SLACK,
            "movetime 50 answered after {took:?}: {lines:?}"
        );
    }
    server.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let (took, lines) = timed_go(&mut server, "stop");
    assert!(took < SLACK, "stop answered after {took:?}: {lines:?}");
    server.send("isready");
    assert_eq!(server.line(), "readyok");
}

#[test]
fn threads_that_cannot_be_had_do_not_abort_the_engine() {
    // Under a 400 MB address-space limit 64 threads cannot all start: the engine plays with
    // the ones it has.
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!(
            "ulimit -v 400000 && exec '{}'",
            env!("CARGO_BIN_EXE_damka")
        ))
        .stderr(Stdio::null());
    let mut server = Server::start_command(command);
    server.send("setoption name Threads value 64");
    server.send("position startpos");
    let (_, lines) = timed_go(&mut server, "go movetime 100");
    let best = lines.last().expect("a bestmove line");
    assert!(
        best.starts_with("bestmove ") && !best.contains("(none)"),
        "{lines:?}"
    );
    server.send("isready");
    assert_eq!(server.line(), "readyok");
    server.send("quit");
    assert!(server.exit_status(Duration::from_secs(5)).success());
}

#[test]
fn clearing_a_big_table_does_not_delay_the_next_move() {
    let mut server = Server::start();
    server.send("setoption name Hash value 2048");
    server.sync();
    for clear in ["ucinewgame", "setoption name Clear Hash"] {
        server.send("position startpos");
        server.send("go movetime 200");
        server.bestmove();
        server.send(clear);
        server.send("position startpos moves c3-d4");
        let (took, lines) = timed_go(&mut server, "go movetime 50");
        assert!(
            took < Duration::from_millis(50) + SLACK,
            "{clear}: movetime 50 answered after {took:?}: {lines:?}"
        );
    }
}
