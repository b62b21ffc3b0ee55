//! Perft against the published reference numbers in `tests/data/<game>/*.perft`.
//!
//! The default run counts every line up to a node limit that keeps `cargo test --release` to a
//! few seconds; `cargo test --release -- --ignored` runs the deep lines too.

use damka::game::Game;
use damka::game::Variant;
use damka::perft::{Counting, parallel_perft};
use damka::with_game;
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

/// Checks every line of every `tests/data/<game>/*.perft` file of `variant` with at most
/// `node_limit` nodes (all lines if `None`).
fn run_perft_files(variant: Variant, node_limit: Option<u64>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(variant.name());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no perft file in {}", dir.display());
    let mut checked = 0;
    for file in files {
        for line in read_perft_file(&file) {
            if node_limit.is_some_and(|limit| line.nodes > limit) {
                continue;
            }
            let nodes = with_game!(variant, G => {
                let (pos, _) = G::parse_fen(&line.fen).expect("perft FEN parses");
                parallel_perft::<G>(&pos, line.depth, line.counting)
            });
            assert_eq!(
                nodes, line.nodes,
                "{variant} {} {:?} depth {}",
                line.id, line.counting, line.depth
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "no perft line of {variant} checked");
}

/// The node limit of the default run: a few seconds for all games together.
const SHALLOW: Option<u64> = Some(25_000_000);

#[test]
fn russian_perft_shallow() {
    run_perft_files(Variant::Russian, SHALLOW);
}

#[test]
#[ignore = "deep perft: about a minute"]
fn russian_perft_deep() {
    run_perft_files(Variant::Russian, None);
}

#[test]
fn brazilian_perft_shallow() {
    run_perft_files(Variant::Brazilian, SHALLOW);
}

#[test]
fn giveaway_perft_shallow() {
    run_perft_files(Variant::Giveaway, Some(5_000_000));
}

#[test]
#[ignore = "deep perft"]
fn giveaway_perft_deep() {
    run_perft_files(Variant::Giveaway, None);
}

#[test]
fn international_perft_shallow() {
    run_perft_files(Variant::International, SHALLOW);
}

#[test]
#[ignore = "deep perft: a few seconds per depth-10 line"]
fn international_perft_deep() {
    run_perft_files(Variant::International, None);
}

#[test]
fn turkish_perft_shallow() {
    run_perft_files(Variant::Turkish, SHALLOW);
}

#[test]
#[ignore = "deep perft: about a second per depth-8 line"]
fn turkish_perft_deep() {
    run_perft_files(Variant::Turkish, None);
}

#[test]
fn fuk_perft_shallow() {
    run_perft_files(Variant::Fuk, SHALLOW);
}

#[test]
#[ignore = "deep perft: about a second"]
fn fuk_perft_deep() {
    run_perft_files(Variant::Fuk, None);
}

#[test]
fn ugolki_perft_shallow() {
    run_perft_files(Variant::Ugolki, SHALLOW);
}

#[test]
#[ignore = "deep perft: about a second"]
fn ugolki_perft_deep() {
    run_perft_files(Variant::Ugolki, None);
}

#[test]
fn ugolki_diagonal_perft_shallow() {
    run_perft_files(Variant::UgolkiDiagonal, SHALLOW);
}

#[test]
#[ignore = "deep perft: about ten seconds"]
fn ugolki_diagonal_perft_deep() {
    run_perft_files(Variant::UgolkiDiagonal, None);
}

#[test]
fn bashni_perft_shallow() {
    run_perft_files(Variant::Bashni, Some(5_000_000));
}

#[test]
#[ignore = "deep perft: several seconds per line"]
fn bashni_perft_deep() {
    run_perft_files(Variant::Bashni, None);
}

#[test]
fn lasca_perft_shallow() {
    run_perft_files(Variant::Lasca, SHALLOW);
}

#[test]
#[ignore = "deep perft"]
fn lasca_perft_deep() {
    run_perft_files(Variant::Lasca, None);
}
