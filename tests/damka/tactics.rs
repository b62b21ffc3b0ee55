//! The tactics suite: every position's win proved again by plain minimax (so the suite holds
//! what it claims), and the suite put to the binary through its protocol at a fixed node
//! count, the way `damka tactics` measures any build, solving no fewer positions than now.

use damka::cli::tactics::{RUSSIAN_SUITE, parse_suite};
use damka::rules::draw::DrawRules;
use damka::rules::game::Game;
use damka::rules::games::draughts::{Draughts, Russian};
use damka::rules::proof::{self, Prover};
use std::process::Command;

type G = Draughts<Russian>;

/// The node count per position the suite is put at.
const SUITE_NODES: &str = "1000000";
/// The positions this build solves at `SUITE_NODES`: every one, and a search change must
/// keep it so.
const SOLVED_AT_LEAST: usize = 160;

fn number_after(proof: &str, word: &str) -> Option<u32> {
    let words: Vec<&str> = proof
        .split(|c: char| c == ';' || c.is_whitespace())
        .collect();
    let at = words.iter().position(|w| *w == word)?;
    words.get(at + 1)?.parse().ok()
}

#[test]
fn the_suite_has_a_hundred_positions_of_every_kind() {
    let cases = parse_suite(RUSSIAN_SUITE).expect("the suite reads");
    assert!(cases.len() >= 100, "{} positions", cases.len());
    for kind in ["ending", "sacrifice", "counters", "shot"] {
        let count = cases.iter().filter(|c| c.kind == kind).count();
        assert!(count >= 5, "{count} positions of kind {kind}");
    }
}

#[test]
fn every_win_of_the_suite_is_proved_by_plain_minimax() {
    let cases = parse_suite(RUSSIAN_SUITE).expect("the suite reads");
    let mut prover = Prover::<G>::new(DrawRules::default());
    for case in &cases {
        let (pos, tags) = G::parse_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        let counters = G::counters_from_tags(&pos, &tags).expect("counters");
        let text = |mv| G::move_text(&pos, mv);
        if let Some(plies) = number_after(&case.proof, "mate") {
            // The fastest win takes exactly that many plies, and the listed moves are every
            // move that wins within 11 plies.
            assert_eq!(
                prover.fastest_win(&pos, &counters, plies),
                Some(plies),
                "{}",
                case.fen
            );
            let mut winning: Vec<String> = prover
                .winning_moves(&pos, &counters, 11)
                .into_iter()
                .map(text)
                .collect();
            let mut listed = case.best.clone();
            winning.sort();
            listed.sort();
            assert_eq!(winning, listed, "{}", case.fen);
            // No other move wins even two plies more slowly: an engine that played one would
            // not be wrong.
            let slower = prover.winning_moves(&pos, &counters, 13).len();
            assert_eq!(slower, listed.len(), "{}", case.fen);
        } else {
            let gain = number_after(&case.proof, "gain").expect("a mate or a gain") as i32;
            let plies = number_after(&case.proof, "plies").expect("plies");
            let side = G::side_to_move(&pos);
            let now = proof::material::<G>(&pos, side);
            let mut list = damka::rules::moves::MoveList::new();
            G::generate(&pos, &mut list);
            for &mv in list.iter() {
                let child = G::play(&pos, mv);
                let value = -proof::material_minimax::<G>(&child, plies - 1, -30_000, 30_000);
                if case.best.contains(&text(mv)) {
                    assert!(
                        value >= now + gain,
                        "{}: {} gives {value}",
                        case.fen,
                        text(mv)
                    );
                } else {
                    assert!(value <= now, "{}: {} gives {value}", case.fen, text(mv));
                }
            }
        }
        prover.clear();
    }
}

#[test]
fn the_binary_solves_the_suite_at_a_fixed_node_count() {
    let output = Command::new(env!("CARGO_BIN_EXE_damka"))
        .args(["tactics", "--nodes", SUITE_NODES])
        .output()
        .expect("damka runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let total = parse_suite(RUSSIAN_SUITE).expect("the suite reads").len();
    let summary = stdout
        .lines()
        .find(|l| l.starts_with("solved "))
        .unwrap_or_else(|| panic!("no summary:\n{stdout}"));
    let solved: usize = summary
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("solved N");
    assert!(summary.contains(&format!(" of {total} ")), "{summary}");
    let missed: Vec<&str> = stdout.lines().filter(|l| l.contains("missed")).collect();
    assert!(
        solved >= SOLVED_AT_LEAST,
        "{summary}\nmissed:\n{}",
        missed.join("\n")
    );
    assert!(!stdout.contains("refused"), "{stdout}");
}

#[test]
fn a_suite_file_of_bad_lines_is_refused_with_the_line_named() {
    let dir = std::env::temp_dir().join(format!("damka-tactics-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("bad.txt");
    std::fs::write(&file, "# a comment\nW:Wc3:Bd6; kind ending\n").expect("write");
    let output = Command::new(env!("CARGO_BIN_EXE_damka"))
        .args(["tactics", "--file"])
        .arg(&file)
        .output()
        .expect("damka runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("line 2"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_position_the_engine_refuses_is_reported_not_counted() {
    let dir = std::env::temp_dir().join(format!("damka-tactics-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("suite.txt");
    std::fs::write(
        &file,
        "W:Wc3:Bz9; bm c3-d4; kind ending\nW:WKf2,Ka1,Kc1:Bb4,Kh4; bm c1-d2; kind sacrifice\n",
    )
    .expect("write");
    let output = Command::new(env!("CARGO_BIN_EXE_damka"))
        .args(["tactics", "--depth", "8", "--file"])
        .arg(&file)
        .output()
        .expect("damka runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.lines().next().is_some_and(|l| l.contains("refused")),
        "{stdout}"
    );
    assert!(
        stdout.contains("solved 1 of 2 (ending 0/1, sacrifice 1/1)"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
