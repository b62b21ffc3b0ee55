//! A network for a game without a built-in one, end to end through the real binary: self-play
//! positions, `damka train --variant`, then `setoption name NetworkFile` in a search; a file
//! that is missing or made for another game gives one error line and the engine plays on.

use crate::common::server::Server;
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
    let data_text = data.to_string_lossy();
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
    let train = train_args(&data, &network, "2");
    let progress = damka(&train.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(progress.contains("train: epoch 2/2"), "{progress}");
    network
}

/// `damka train`'s arguments for a Turkish network of `epochs` from `data` to `network`.
fn train_args(data: &Path, network: &Path, epochs: &str) -> Vec<String> {
    let (data, network) = (data.to_string_lossy(), network.to_string_lossy());
    let args = [
        "train",
        "--variant",
        "turkish",
        "--model",
        "network",
        "--data",
        &data,
        "--out",
        &network,
        "--epochs",
        epochs,
        "--score-share",
        "1",
    ];
    args.map(String::from).to_vec()
}

/// The `info string error` lines among `lines`.
fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect()
}

#[test]
fn a_trained_network_file_is_played_and_a_bad_one_refused() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("network-file");
    let network = turkish_network(&dir);
    let set_file = |path: &Path| format!("setoption name NetworkFile value {}", path.display());
    let mut server = Server::start();
    server.send("setoption name UCI_Variant value turkish");
    server.send(&set_file(&network));
    assert!(errors(&server.sync()).is_empty());
    server.send("go depth 4");
    server.bestmove();
    // A missing file is refused; the loaded network stays.
    server.send(&set_file(&dir.join("missing.network")));
    let missing = server.sync();
    assert_eq!(errors(&missing).len(), 1, "{missing:?}");
    assert!(errors(&missing)[0].contains("cannot read"), "{missing:?}");
    // A Turkish network has 256 inputs; Russian's have 128.
    server.send("setoption name UCI_Variant value russian");
    server.send(&set_file(&network));
    let other_game = server.sync();
    assert_eq!(errors(&other_game).len(), 1, "{other_game:?}");
    assert!(
        errors(&other_game)[0].contains("128 inputs"),
        "{other_game:?}"
    );
    server.send("go depth 4");
    server.bestmove();
    server.send("quit");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-C during `damka train`: the epoch under way is dropped, the best finished one is
/// written, and the exit status is 130.
#[test]
fn an_interrupted_training_writes_its_best_epoch() {
    use std::io::{BufRead, BufReader};
    let dir = std::env::temp_dir().join(format!("damka-train-interrupted-{}", std::process::id()));
    let network = turkish_network(&dir);
    std::fs::remove_file(&network).expect("remove the first network");
    let data = dir.join("turkish.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_damka"))
        .args(train_args(&data, &network, "1000000"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start damka train");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let mut line = String::new();
    while !line.starts_with("train: epoch 2/") {
        line.clear();
        let read = stderr.read_line(&mut line).expect("read stderr");
        assert!(read > 0, "training ended before its second epoch");
    }
    // Epochs go on until the signal lands: keep reading, so that a full pipe never stalls them.
    let drain = std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(killed.success());
    let output = child.wait_with_output().expect("wait for damka train");
    let _ = drain.join();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(130), "{stdout}");
    assert!(stdout.contains("written to"), "{stdout}");
    let written = std::fs::metadata(&network).map(|m| m.len()).unwrap_or(0);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(written > 0, "no network written");
}

/// `damka train --from`: training starts from a network file of the game (fine-tuning) and
/// says how well that network did; a file of another game is refused before any training.
#[test]
fn a_training_can_start_from_a_network_of_its_game_only() {
    let dir = std::env::temp_dir().join(format!("damka-train-from-{}", std::process::id()));
    let network = turkish_network(&dir);
    let data = dir.join("turkish.txt");
    let tuned = dir.join("tuned.network");
    let run = |variant: &str| {
        let mut args = train_args(&data, &tuned, "1");
        args[2] = variant.to_string();
        args.extend(["--rate", "0.0001", "--from"].map(String::from));
        args.push(network.to_string_lossy().into_owned());
        Command::new(env!("CARGO_BIN_EXE_damka"))
            .args(&args)
            .output()
            .expect("run damka train")
    };
    let from_turkish = run("turkish");
    let stdout = String::from_utf8_lossy(&from_turkish.stdout);
    assert!(from_turkish.status.success(), "{stdout}");
    assert!(
        stdout.contains("held-out error of the starting network"),
        "{stdout}"
    );
    assert!(tuned.exists());
    std::fs::remove_file(&tuned).expect("remove the tuned network");
    // Russian's networks have 128 inputs; this one 256.
    let from_other_game = run("russian");
    let stderr = String::from_utf8_lossy(&from_other_game.stderr);
    assert!(!from_other_game.status.success());
    assert!(stderr.contains("inputs"), "{stderr}");
    assert!(!tuned.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `damka train --both-views`: a network whose output reads both sides' points of view is
/// written in its own file format and played by a search like any other.
#[test]
fn a_network_of_both_points_of_view_is_trained_and_played() {
    let dir = std::env::temp_dir().join(format!("damka-train-both-{}", std::process::id()));
    let network = turkish_network(&dir);
    let data = dir.join("turkish.txt");
    let both = dir.join("both.network");
    let mut args = train_args(&data, &both, "2");
    args.push("--both-views".to_string());
    damka(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let bytes = std::fs::read(&both).expect("the network written");
    assert_eq!(&bytes[..8], b"DAMKANNB");
    let one_view = std::fs::read(&network).expect("the first network");
    assert_eq!(&one_view[..8], b"DAMKANN1");
    let mut server = Server::start();
    server.send("setoption name UCI_Variant value turkish");
    server.send(&format!(
        "setoption name NetworkFile value {}",
        both.display()
    ));
    assert!(errors(&server.sync()).is_empty());
    server.send("go depth 4");
    server.bestmove();
    server.send("quit");
    // Russian's pattern tables have no points of view to widen.
    let patterns = Command::new(env!("CARGO_BIN_EXE_damka"))
        .args(["train", "--model", "patterns", "--both-views", "--out"])
        .arg(dir.join("patterns.txt"))
        .arg("--data")
        .arg(&data)
        .output()
        .expect("run damka train");
    assert!(!patterns.status.success());
    let stderr = String::from_utf8_lossy(&patterns.stderr);
    assert!(stderr.contains("--both-views"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
