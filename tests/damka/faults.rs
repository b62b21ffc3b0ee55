//! Fault tests of the tools that run unattended: an engine killed or hung in the middle of a
//! `damka match` game, a match interrupted halfway, half-written input files, and sizes that
//! cannot be allocated. Each fault must end in a clear report, never a panic, and must lose
//! nothing that was already written.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use damka_rules::pdn;

const DAMKA: &str = env!("CARGO_BIN_EXE_damka");
const TEST_ENGINE: &str = env!("CARGO_BIN_EXE_damka-test-engine");

fn temp_path(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("damka-faults-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn run_match(engine2: &str, extra: &[&str], pdn_path: &PathBuf) -> Output {
    Command::new(DAMKA)
        .args(["match", "--engine1", TEST_ENGINE, "--engine2", engine2])
        .args(["--games", "4", "--concurrency", "2", "--seed", "0"])
        .args(extra)
        .arg("--pdn")
        .arg(pdn_path)
        .output()
        .expect("damka match runs")
}

fn read_pdn(path: &PathBuf) -> Vec<pdn::PdnGame> {
    let text = std::fs::read_to_string(path).expect("the match wrote its PDN");
    let _ = std::fs::remove_file(path);
    pdn::read(&text).expect("the PDN reads back")
}

#[test]
fn an_engine_killed_mid_game_loses_that_game_and_the_match_goes_on() {
    let path = temp_path("killed.pdn");
    let engine2 = format!("{TEST_ENGINE} --name victim --killed-at 3");
    let output = run_match(&engine2, &["--depth", "1"], &path);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    // Every game restarts the engine, which is killed again on its third move.
    assert!(stdout.contains("result: +4 =0 -0"), "{stdout}");
    assert!(stdout.contains("victim"), "{stdout}");
    let games = read_pdn(&path);
    assert_eq!(games.len(), 4);
    for game in &games {
        // Two moves each, then the kill: the moves played so far are all there.
        assert!(game.moves.len() >= 4, "{:?}", game.moves);
    }
}

#[test]
fn a_hung_engine_loses_on_time_and_is_ended() {
    let path = temp_path("hung.pdn");
    let engine2 = format!("{TEST_ENGINE} --name sleeper --hang-at 2");
    let start = Instant::now();
    let output = run_match(&engine2, &["--movetime", "50"], &path);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stdout.contains("result: +4 =0 -0"), "{stdout}");
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "the referee waited {:?}",
        start.elapsed()
    );
    assert_eq!(read_pdn(&path).len(), 4);
}

#[test]
fn an_interrupted_match_keeps_every_finished_game() {
    let path = temp_path("interrupted.pdn");
    let mut child = Command::new(DAMKA)
        .args(["match", "--engine1", TEST_ENGINE, "--engine2"])
        .arg(format!("{TEST_ENGINE} --sleep-ms 20"))
        .args(["--games", "200", "--concurrency", "1", "--depth", "1"])
        .arg("--pdn")
        .arg(&path)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("damka match starts");
    let stderr = child.stderr.take().expect("stderr is piped");
    let mut finished = 0;
    for line in BufReader::new(stderr).lines() {
        let Ok(line) = line else { break };
        if line.starts_with("game ") {
            finished += 1;
            if finished == 2 {
                break;
            }
        }
    }
    child.kill().expect("the match can be killed");
    let _ = child.wait();
    assert_eq!(finished, 2);
    let games = read_pdn(&path);
    assert!(games.len() >= 2, "{} games kept", games.len());
}

#[test]
fn a_half_written_opening_book_names_its_line() {
    let book = temp_path("half.txt");
    std::fs::write(
        &book,
        "# a book cut short\nstartpos moves c3-d4 f6-g5\nstartpos moves c3-d4 f6-",
    )
    .unwrap();
    let path = temp_path("half.pdn");
    let output = run_match(
        TEST_ENGINE,
        &["--depth", "1", "--openings", book.to_str().unwrap()],
        &path,
    );
    let _ = std::fs::remove_file(&book);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("line 3"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_half_written_pdn_names_its_line() {
    let whole = "[Event \"e\"]\n[Result \"2-0\"]\n\n1. c3-d4 f6-g5 2-0\n\n";
    let cut = format!("{whole}[Event \"e\"]\n[Result \"0-2\"]\n\n1. c3-d4 {{unfinished");
    let error = pdn::read(&cut).expect_err("a game cut in a comment is an error");
    assert_eq!(error.line, 9, "{error}");
    assert!(error.to_string().contains("line 9"), "{error}");
}

#[test]
fn a_table_too_large_for_the_machine_is_an_error_not_an_abort() {
    let output = Command::new(DAMKA)
        .args(["bench", "--hash", "65536", "1"])
        .output()
        .expect("damka bench runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("cannot allocate"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    let mut server = Command::new(DAMKA)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("damka starts");
    let mut stdin = server.stdin.take().expect("stdin is piped");
    std::io::Write::write_all(
        &mut stdin,
        b"setoption name Hash value 65536\nisready\nquit\n",
    )
    .unwrap();
    let output = server.wait_with_output().expect("damka answers");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let errors: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 1, "{stdout}");
    assert!(errors[0].contains("Hash"), "{stdout}");
    assert!(stdout.lines().any(|l| l == "readyok"), "{stdout}");
    assert!(output.status.success());
}

#[test]
fn control_bytes_from_an_engine_reach_neither_the_pdn_nor_the_terminal() {
    let path = temp_path("escapes.pdn");
    let engine2 = format!(
        "{TEST_ENGINE} --name evil\u{1b}[2Jname --illegal-at 1 --illegal-move \u{1b}[31mzz"
    );
    let output = run_match(&engine2, &["--depth", "1"], &path);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let pdn = std::fs::read(&path).expect("the match wrote its PDN");
    for (what, bytes) in [
        ("stdout", &output.stdout),
        ("stderr", &output.stderr),
        ("pdn", &pdn),
    ] {
        assert!(
            !bytes.contains(&0x1b),
            "{what}: {}",
            String::from_utf8_lossy(bytes)
        );
    }
    let text = String::from_utf8_lossy(&pdn);
    assert!(text.contains("\\u{1b}[31mzz"), "{text}");
    let games = read_pdn(&path);
    assert_eq!(games.len(), 4);
}
