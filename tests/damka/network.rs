//! A network for a game without a built-in one, end to end through the real binary: self-play
//! positions, `damka train --variant`, then `setoption name NetworkFile` in a search; a file
//! that is missing or made for another game gives one error line and the engine plays on.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Runs `damka` with `args`, asserting success; returns its stderr.
fn damka(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_damka"))
        .args(args)
        .stdout(Stdio::null())
        .output()
        .expect("run damka");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "damka {args:?}: {stderr}");
    stderr
}

/// A Turkish network trained on a few self-play games, in a fresh directory.
fn turkish_network(dir: &Path) -> PathBuf {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("make the directory");
    let data = dir.join("turkish.txt");
    let network = dir.join("turkish.network");
    let (data_text, network_text) = (data.to_string_lossy(), network.to_string_lossy());
    damka(&[
        "selfplay",
        "--variant",
        "turkish",
        "--games",
        "16",
        "--nodes",
        "300",
        "--out",
        &data_text,
    ]);
    let progress = damka(&[
        "train",
        "--variant",
        "turkish",
        "--model",
        "network",
        "--data",
        &data_text,
        "--out",
        &network_text,
        "--epochs",
        "2",
        "--score-share",
        "1",
    ]);
    assert!(progress.contains("train: epoch 2/2"), "{progress}");
    network
}

#[test]
fn a_trained_network_file_is_played_and_a_bad_one_refused() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("network-file");
    let network = turkish_network(&dir);
    let mut child = Command::new(env!("CARGO_BIN_EXE_damka"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start damka");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let script = format!(
        "setoption name UCI_Variant value turkish\n\
         setoption name NetworkFile value {network}\nisready\ngo depth 4\nisready\n\
         setoption name NetworkFile value {missing}\nisready\n\
         setoption name UCI_Variant value russian\n\
         setoption name NetworkFile value {network}\nisready\ngo depth 4\nisready\nquit\n",
        network = network.display(),
        missing = dir.join("missing.network").display(),
    );
    stdin.write_all(script.as_bytes()).expect("write");
    drop(stdin);
    let lines: Vec<String> = stdout.lines().map_while(Result::ok).collect();
    let _ = child.wait();
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    assert!(errors[0].contains("cannot read"), "{}", errors[0]);
    // A Turkish network has 256 inputs; Russian's have 128.
    assert!(errors[1].contains("128 inputs"), "{}", errors[1]);
    let bestmoves = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
    assert_eq!(bestmoves, 2, "{lines:?}");
    assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 5);
    let _ = std::fs::remove_dir_all(&dir);
}
