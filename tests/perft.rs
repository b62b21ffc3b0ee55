//! Perft against the published reference numbers in `tests/data/*.perft`.
//!
//! The default run counts every line up to a node limit that keeps `cargo test --release` to a
//! few seconds; `cargo test --release -- --ignored` runs the deep lines too.

use damka::notation::parse_fen;
use damka::perft::{Counting, parallel_perft};
use damka::variant::{Brazilian, Giveaway, Rules, Russian};
use std::path::Path;

/// One expectation from a perft file.
struct Line {
    id: String,
    fen: String,
    counting: Counting,
    depth: u32,
    nodes: u64,
}

fn read_perft_file(path: &Path) -> Vec<Line> {
    let text = std::fs::read_to_string(path).expect("perft data file is readable");
    let (mut id, mut fen) = (String::new(), String::new());
    let mut lines = Vec::new();
    for raw in text.lines() {
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let (key, rest) = raw.split_once(' ').expect("key and value");
        match key {
            "id" => id = rest.to_string(),
            "fen" => fen = rest.to_string(),
            "perft" | "paths" => {
                let (depth, nodes) = rest.split_once(' ').expect("depth and nodes");
                lines.push(Line {
                    id: id.clone(),
                    fen: fen.clone(),
                    counting: if key == "perft" {
                        Counting::Moves
                    } else {
                        Counting::Paths
                    },
                    depth: depth.parse().expect("depth"),
                    nodes: nodes.parse().expect("nodes"),
                });
            }
            other => panic!("unknown perft file key {other}"),
        }
    }
    lines
}

/// Checks every line of `file` with at most `node_limit` nodes (all lines if `None`).
fn run_perft_file<R: Rules>(file: &str, node_limit: Option<u64>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file);
    let mut checked = 0;
    for line in read_perft_file(&path) {
        if node_limit.is_some_and(|limit| line.nodes > limit) {
            continue;
        }
        let pos = parse_fen::<R>(&line.fen).expect("perft FEN parses");
        let nodes = parallel_perft(&pos, line.depth, line.counting);
        assert_eq!(
            nodes, line.nodes,
            "{} {:?} depth {}",
            line.id, line.counting, line.depth
        );
        checked += 1;
    }
    assert!(checked > 0, "no perft line checked in {file}");
}

#[test]
fn russian_perft_shallow() {
    run_perft_file::<Russian>("russian.perft", Some(25_000_000));
}

#[test]
#[ignore = "deep perft: about a minute"]
fn russian_perft_deep() {
    run_perft_file::<Russian>("russian.perft", None);
}

#[test]
fn brazilian_perft_shallow() {
    run_perft_file::<Brazilian>("brazilian.perft", Some(25_000_000));
}

#[test]
fn giveaway_perft_shallow() {
    run_perft_file::<Giveaway>("giveaway.perft", Some(5_000_000));
}

#[test]
#[ignore = "deep perft"]
fn giveaway_perft_deep() {
    run_perft_file::<Giveaway>("giveaway.perft", None);
}
