//! Russian endgame databases: generated here (up to 3 pieces, and kings only up to 4), checked
//! against a plain depth-limited search, for internal consistency, against known theory, for
//! refused files, and through the real binary's protocol.

use super::egdb_games::{self, minimax, positions, quiet};
use damka_engine::egdb::generate::{generate, generate_only};
use damka_engine::egdb::{Egdb, EgdbRules, Material, RPos, Value};
use damka_engine::search::{self, Control, Databases, Limits, SearchConfig, Silent};
use damka_engine::tt::Tt;
use damka_rules::board::{Dark8, Diagonal};
use damka_rules::draw::DrawRules;
use damka_rules::game::{Game, GameResult, Record};
use damka_rules::games::draughts::notation::parse_fen;
use damka_rules::games::draughts::{Draughts, Russian};
use damka_rules::types::Side;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

type R = Draughts<Russian>;

/// A fresh directory under the target directory for one test's files.
fn test_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("egdb-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("test directory");
    dir
}

/// Every split up to 3 pieces and the kings-only splits of 4, generated once per test run.
fn databases() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = test_dir("shared");
        generate::<Russian>(&dir, 3, |_| {}).expect("generate 3 pieces");
        generate_only::<Russian>(&dir, 4, |m| m.men() == 0, |_| {}).expect("generate 4 kings");
        dir
    })
}

fn open(pieces: u32) -> Egdb<Russian> {
    Egdb::<Russian>::open(databases(), pieces).expect("databases")
}

fn splits(max: u32) -> Vec<Material> {
    (2..=max).flat_map(Material::all_with).collect()
}

#[test]
fn values_agree_with_a_plain_search() {
    let egdb = open(4);
    let mut seed: u64 = 0x1234_5678_9abc_def1;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut checked = 0;
    let mut conclusive = 0;
    let mut all: Vec<RPos> = splits(3).into_iter().flat_map(positions).collect();
    all.extend(positions::<Russian>(Material {
        wm: 0,
        wk: 2,
        bm: 0,
        bk: 2,
    }));
    while checked < 3000 {
        let pos = all[(next() % all.len() as u64) as usize];
        let entry = egdb.probe(&pos).expect("every position is stored");
        checked += 1;
        if let Some(win) = minimax(&pos, 4) {
            conclusive += 1;
            let expected = if win { Value::Win } else { Value::Loss };
            assert_eq!(entry.value, expected, "{}", R::fen(&pos));
        }
    }
    assert!(conclusive > 300, "only {conclusive} conclusive searches");
}

#[test]
fn values_and_distances_are_consistent() {
    egdb_games::values_and_distances_are_consistent(&open(4));
}

#[test]
fn three_kings_against_one_is_won_unless_the_lone_king_holds_the_main_road() {
    let egdb = open(4);
    let road = Dark8::long_diagonal();
    let m = Material {
        wm: 0,
        wk: 3,
        bm: 0,
        bk: 1,
    };
    let (mut held, mut held_wins, mut road_black, mut road_black_draws) = (0, 0, 0, 0);
    let mut max = 0;
    for pos in positions::<Russian>(m) {
        let entry = egdb.probe(&pos).expect("stored");
        if entry.value == Value::Win {
            max = max.max(entry.distance);
        }
        if pos.side_to_move() != Side::White || !quiet(&pos) {
            continue;
        }
        let lone = pos.kings(Side::Black);
        if (pos.kings(Side::White) & road).any() && (lone & road).is_empty() {
            held += 1;
            held_wins += u32::from(entry.value == Value::Win);
        }
        if (lone & road).any() && (pos.kings(Side::White) & road).is_empty() {
            road_black += 1;
            road_black_draws += u32::from(entry.value == Value::Draw);
        }
    }
    // White on the main road, the lone king off it: won, but for a few positions where the
    // lone king forks or reaches the road first (about 1.3%).
    assert!(held_wins * 100 >= held * 98, "{held_wins} of {held} won");
    // The lone king alone on the main road: drawn but for a few shots.
    assert!(
        road_black_draws * 10 >= road_black * 9,
        "{road_black_draws} of {road_black}"
    );
    // Every win captures the lone king within 15 moves of the stronger side (30 plies):
    // the three-kings rule never turns a stored win into a draw from a fresh counter.
    assert!(max < 30, "largest distance {max}");
    eprintln!(
        "3K v 1K: largest distance {max} plies; {held_wins}/{held} won holding the road; {road_black_draws}/{road_black} drawn on it"
    );
}

#[test]
fn one_king_against_one_and_two_kings_against_one_are_drawn_in_general() {
    let egdb = open(4);
    for (m, share) in [
        (
            Material {
                wm: 0,
                wk: 1,
                bm: 0,
                bk: 1,
            },
            95,
        ),
        (
            Material {
                wm: 0,
                wk: 2,
                bm: 0,
                bk: 1,
            },
            60,
        ),
    ] {
        let (mut n, mut draws) = (0u32, 0u32);
        for pos in positions::<Russian>(m) {
            if !quiet(&pos) || !quiet(&pos.with_side_to_move(pos.side_to_move().opponent())) {
                continue;
            }
            n += 1;
            draws += u32::from(egdb.probe(&pos).expect("stored").value == Value::Draw);
        }
        assert!(draws * 100 >= n * share, "{m}: {draws} of {n} drawn");
        eprintln!("{m}: {draws} of {n} quiet positions drawn");
    }
    // The lone king on the main road holds against two kings.
    let pos = parse_fen::<Russian>("W:WKc1,Ke1:BKh8").expect("fen");
    assert_eq!(egdb.probe(&pos).map(|e| e.value), Some(Value::Draw));
}

/// Copies the shared files to a new directory.
fn copy_databases(name: &str) -> PathBuf {
    let dir = test_dir(name);
    for entry in std::fs::read_dir(databases()).expect("read dir").flatten() {
        std::fs::copy(entry.path(), dir.join(entry.file_name())).expect("copy");
    }
    dir
}

#[test]
fn truncated_and_corrupt_files_are_refused_and_play_goes_on() {
    let dir = copy_databases("corrupt");
    let kk = Material {
        wm: 0,
        wk: 2,
        bm: 0,
        bk: 1,
    };
    let km = Material {
        wm: 0,
        wk: 1,
        bm: 1,
        bk: 0,
    };
    let path = dir.join(Russian::file_name(kk));
    let bytes = std::fs::read(&path).expect("read");
    std::fs::write(&path, &bytes[..bytes.len() / 2]).expect("truncate");
    let path = dir.join(Russian::file_name(km));
    let mut bytes = std::fs::read(&path).expect("read");
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x55;
    std::fs::write(&path, &bytes).expect("corrupt");
    std::fs::remove_file(dir.join(Russian::file_name(Material {
        wm: 1,
        wk: 0,
        bm: 1,
        bk: 0,
    })))
    .expect("remove");

    let egdb = Egdb::<Russian>::open(&dir, 3).expect("open");
    let missing = egdb.take_errors();
    assert_eq!(missing.len(), 1, "{missing:?}");
    assert!(missing[0].contains("missing"), "{missing:?}");
    let truncated = parse_fen::<Russian>("W:WKc1,Ke1:BKd6").expect("fen");
    let corrupt = parse_fen::<Russian>("W:WKc1:Bd6").expect("fen");
    let fine = parse_fen::<Russian>("W:WKc1:BKh6").expect("fen");
    assert_eq!(egdb.probe(&truncated), None);
    assert_eq!(egdb.probe(&corrupt), None);
    assert!(egdb.probe(&fine).is_some());
    let errors = egdb.take_errors();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors.iter().any(|e| e.contains("truncated")), "{errors:?}");
    assert!(errors.iter().any(|e| e.contains("checksum")), "{errors:?}");
    // Refused once: no new message on the next probe.
    assert_eq!(egdb.probe(&truncated), None);
    assert!(egdb.take_errors().is_empty());

    // The search plays on without them.
    let config = SearchConfig {
        egdb: Some(Databases::new::<R>(Arc::new(egdb))),
        ..SearchConfig::for_game::<R>()
    };
    for fen in ["W:WKc1,Ke1:BKd6", "W:WKc1:Bd6"] {
        let game = Record::<R>::from_fen(fen, DrawRules::default()).expect("fen");
        let tt = Tt::new(4);
        let out = search::run(
            &game,
            &Limits::depth(6),
            &config,
            &tt,
            &Control::default(),
            &mut Silent,
        );
        assert!(out.best_move().is_some());
    }
}

#[test]
fn search_uses_the_databases_and_converts_three_kings_against_one() {
    let egdb = Arc::new(open(4));
    let config = SearchConfig {
        egdb: Some(Databases::new::<R>(egdb.clone())),
        ..SearchConfig::for_game::<R>()
    };
    // Lone king off the road, White on it: won, and won within the counters.
    let mut game = Record::<R>::from_fen("W:WKa1,Kc1,Ke1:BKh6", DrawRules::default()).expect("fen");
    let mut plies = 0;
    while game.result() == GameResult::Ongoing && plies < 60 {
        let tt = Tt::new(4);
        let out = search::run(
            &game,
            &Limits::depth(4),
            &config,
            &tt,
            &Control::default(),
            &mut Silent,
        );
        let mv = out.best_move().expect("a move");
        game.play(mv);
        plies += 1;
    }
    assert_eq!(
        game.result(),
        GameResult::Win(Side::White),
        "after {plies} plies"
    );
}

/// Won endings from the 4-piece databases, played out by the engine with the databases against
/// itself with the databases (the loser delaying as long as it can), with every draw rule on
/// and fresh counters: each must end in a win within the counters. Generates every split up to
/// 4 pieces first (about a minute on two cores), hence ignored by default:
/// `cargo test --release --test egdb -- --ignored --nocapture`.
#[test]
#[ignore]
fn won_endings_are_converted_within_the_counters() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egdb-4");
    std::fs::create_dir_all(&dir).expect("dir");
    generate::<Russian>(&dir, 4, |_| {}).expect("generate 4 pieces");
    let egdb = Arc::new(Egdb::<Russian>::open(&dir, 4).expect("open"));
    let config = SearchConfig {
        egdb: Some(Databases::new::<R>(egdb.clone())),
        ..SearchConfig::for_game::<R>()
    };
    let road = Dark8::long_diagonal();
    let splits = [
        (
            Material {
                wm: 0,
                wk: 3,
                bm: 0,
                bk: 1,
            },
            12,
        ),
        (
            Material {
                wm: 1,
                wk: 2,
                bm: 0,
                bk: 1,
            },
            4,
        ),
        (
            Material {
                wm: 0,
                wk: 2,
                bm: 1,
                bk: 0,
            },
            4,
        ),
        (
            Material {
                wm: 2,
                wk: 0,
                bm: 1,
                bk: 0,
            },
            4,
        ),
        (
            Material {
                wm: 1,
                wk: 1,
                bm: 1,
                bk: 0,
            },
            4,
        ),
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let (mut played, mut won) = (0, 0);
    for (m, wanted) in splits {
        let all = positions::<Russian>(m);
        let mut taken = 0;
        while taken < wanted {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let pos = all[(seed % all.len() as u64) as usize];
            if pos.side_to_move() != Side::White || !quiet(&pos) {
                continue;
            }
            // Three kings against one: the lone king off the main road, as theory has it won.
            if m.wk == 3 && (pos.kings(Side::Black) & road).any() {
                continue;
            }
            let fen = R::fen(&pos);
            let mut game = Record::<R>::from_fen(&fen, DrawRules::default()).expect("fen");
            let claimed = egdb.score(&pos, &game.counters(), &DrawRules::default());
            if claimed.is_none_or(|s| s.0 <= 0) {
                continue;
            }
            taken += 1;
            played += 1;
            let mut plies = 0;
            while game.result() == GameResult::Ongoing && plies < 200 {
                let tt = Tt::new(4);
                let out = search::run(
                    &game,
                    &Limits::depth(6),
                    &config,
                    &tt,
                    &Control::default(),
                    &mut Silent,
                );
                game.play(out.best_move().expect("a move"));
                plies += 1;
            }
            let ok = game.result() == GameResult::Win(Side::White);
            won += u32::from(ok);
            eprintln!("{m} {fen}: {} after {plies} plies", game.result());
        }
    }
    eprintln!("converted {won} of {played}");
    assert_eq!(won, played);
}
