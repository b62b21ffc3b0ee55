//! A scripted engine for the match runner's tests (not a player): it speaks damka's protocol
//! and plays the first legal move, or misbehaves on request, so each referee rule can be
//! shown end to end over real pipes.
//!
//! Arguments:
//! * `--prefer m1,m2,…`  play the first of these moves that is legal (else the first legal move
//!   in sorted notation);
//! * `--score CP`        report `info depth 1 score cp CP` before each move;
//! * `--sleep-ms MS`     wait this long before each answer;
//! * `--illegal-at N`    answer the N-th `go` with `--illegal-move TEXT` (default `a1-h8`);
//! * `--crash-at N`      exit without answering the N-th `go`;
//! * `--killed-at N`     be killed (`SIGKILL`, sent by `kill`) on the N-th `go`, as an engine
//!   killed from outside in the middle of a game;
//! * `--hang-at N`       never answer the N-th `go`, and ignore everything after it;
//! * `--name NAME`       the `id name` (default `test-engine`).

use damka_engine::session::{GameSession, new_session};
use damka_rules::draw::DrawRules;
use damka_rules::games::Variant;

/// The binary's own copy of damka's stdout writer, so that it links the rules and the engine
/// only, not the front ends.
#[path = "../output.rs"]
mod output;
use std::io::BufRead;
use std::time::Duration;

#[derive(Default)]
struct Script {
    prefer: Vec<String>,
    score: Option<i32>,
    sleep: Duration,
    illegal_at: Option<u32>,
    illegal_move: Option<String>,
    crash_at: Option<u32>,
    killed_at: Option<u32>,
    hang_at: Option<u32>,
    name: Option<String>,
}

fn script() -> Result<Script, String> {
    let mut script = Script::default();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |text: String| text.parse::<u64>().map_err(|e| format!("{text}: {e}"));
        match flag.as_str() {
            "--prefer" => script.prefer = value()?.split(',').map(str::to_string).collect(),
            "--score" => script.score = Some(value()?.parse().map_err(|e| format!("{e}"))?),
            "--sleep-ms" => script.sleep = Duration::from_millis(number(value()?)?),
            "--illegal-at" => script.illegal_at = Some(number(value()?)? as u32),
            "--illegal-move" => script.illegal_move = Some(value()?),
            "--crash-at" => script.crash_at = Some(number(value()?)? as u32),
            "--killed-at" => script.killed_at = Some(number(value()?)? as u32),
            "--hang-at" => script.hang_at = Some(number(value()?)? as u32),
            "--name" => script.name = Some(value()?),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(script)
}

/// Reads `position startpos|fen <FEN> [moves …]`.
fn position(line: &str) -> Option<Box<dyn GameSession>> {
    let rest = line.strip_prefix("position ")?.trim();
    let (head, moves) = match rest.split_once(" moves ") {
        Some((head, moves)) => (head, moves.split_whitespace().collect::<Vec<_>>()),
        None => (rest.strip_suffix(" moves").unwrap_or(rest), Vec::new()),
    };
    let fen = head.strip_prefix("fen ").map(str::trim);
    new_session(Variant::Russian, fen, &moves, DrawRules::default()).ok()
}

fn main() {
    let script = match script() {
        Ok(script) => script,
        Err(e) => {
            eprintln!("damka-test-engine: {e}");
            std::process::exit(2);
        }
    };
    let mut game = new_session(Variant::Russian, None, &[], DrawRules::default())
        .expect("the initial position is valid");
    let mut gos = 0;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        match line.split_whitespace().next().unwrap_or("") {
            "uci" => {
                let name = script.name.as_deref().unwrap_or("test-engine");
                output::line(&format!("id name {name}"));
                output::line("id author damka tests");
                output::line("option name Hash type spin default 16 min 1 max 1024");
                output::line("uciok");
            }
            "isready" => output::line("readyok"),
            "position" => {
                if let Some(next) = position(line) {
                    game = next;
                }
            }
            "go" => {
                gos += 1;
                if script.crash_at == Some(gos) {
                    std::process::exit(3);
                }
                if script.killed_at == Some(gos) {
                    let _ = std::process::Command::new("kill")
                        .args(["-KILL", &std::process::id().to_string()])
                        .status();
                }
                if script.hang_at == Some(gos) {
                    loop {
                        std::thread::park();
                    }
                }
                std::thread::sleep(script.sleep);
                let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
                let chosen = script
                    .prefer
                    .iter()
                    .find(|m| legal.contains(m))
                    .or(legal.first())
                    .cloned();
                let chosen = if script.illegal_at == Some(gos) {
                    Some(script.illegal_move.clone().unwrap_or("a1-h8".to_string()))
                } else {
                    chosen
                };
                if let (Some(cp), Some(mv)) = (script.score, &chosen) {
                    output::line(&format!("info depth 1 score cp {cp} pv {mv}"));
                }
                output::line(&format!(
                    "bestmove {}",
                    chosen.as_deref().unwrap_or("(none)")
                ));
            }
            "quit" => break,
            _ => {}
        }
    }
}
