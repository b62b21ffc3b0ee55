//! Perft against the published reference numbers in `tests/data/<game>/*.perft`.
//!
//! A test per game, made from the list of games: `perft::<game>::shallow` counts every line up
//! to a node limit that keeps `cargo test --release` to a few seconds, and
//! `perft::<game>::deep` (run with `cargo test --release -- --ignored`) every line.

use damka_rules::game::Game;
use damka_rules::games::Variant;
use damka_rules::perft::{Counting, parallel_perft};
use damka_rules::with_game;
use std::path::Path;

/// One expectation from a perft file.
struct Line {
    id: String,
    fen: String,
    counting: Counting,
    depth: u32,
    nodes: u64,
}

/// The lines of a perft file, and the node limit of the default run it asks for, if any.
fn read_perft_file(path: &Path) -> (Option<u64>, Vec<Line>) {
    let text = std::fs::read_to_string(path).expect("perft data file is readable");
    let (mut id, mut fen) = (String::new(), String::new());
    let mut lines = Vec::new();
    let mut limit = None;
    for raw in text.lines() {
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let (key, rest) = raw.split_once(' ').expect("key and value");
        match key {
            "limit" => limit = Some(rest.parse().expect("a node limit")),
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
    (limit, lines)
}

/// Checks every line of every `tests/data/<game>/*.perft` file of `variant` with at most
/// `node_limit` nodes (all lines if `None`), or the file's own `limit` if lower.
fn run_perft_files(variant: Variant, node_limit: Option<u64>) {
    let dir = crate::common::data_dir(variant);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no perft file in {}", dir.display());
    let mut checked = 0;
    for file in files {
        let (limit, lines) = read_perft_file(&file);
        let limit = match (node_limit, limit) {
            (Some(run), Some(file)) => Some(run.min(file)),
            (run, _) => run,
        };
        for line in lines {
            if limit.is_some_and(|limit| line.nodes > limit) {
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

/// The node limit of the default run: a few seconds for all games together (a file may ask
/// for less with a `limit <nodes>` line).
const SHALLOW: Option<u64> = Some(25_000_000);

/// A module per game, from the list of games: `shallow` runs its perft files to the default
/// node limit, `deep` (ignored by default) runs every line.
macro_rules! perft_tests {
    ($($(#[$meta:meta])* $name:ident => $variant:ident),* $(,)?) => {
        $(
            mod $name {
                use super::*;

                #[test]
                fn shallow() {
                    run_perft_files(Variant::$variant, SHALLOW);
                }

                #[test]
                #[ignore = "deep perft: minutes per game"]
                fn deep() {
                    run_perft_files(Variant::$variant, None);
                }
            }
        )*
    };
}

damka_rules::for_each_game!(perft_tests);

#[test]
fn the_data_folders_are_the_games() {
    let root = crate::common::data_dir(Variant::default())
        .parent()
        .expect("the data folder has a parent")
        .to_path_buf();
    let mut folders: Vec<String> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    let mut games: Vec<String> = Variant::ALL.iter().map(|v| v.name().to_string()).collect();
    games.sort();
    assert_eq!(
        folders, games,
        "one folder of test data per game, named as the game"
    );
}
