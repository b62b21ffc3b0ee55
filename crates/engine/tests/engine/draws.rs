//! Every draw rule ends a game exactly at its boundary ply and not one ply before; a capture or
//! man move just before the boundary resets it; and with the rule switched off, the same game
//! goes on. Driven through the engine core that the protocol uses (`setoption`, `position`,
//! `d`); `tests/protocol_draws.rs` replays the same games through the binary.

use crate::draw_cases::{DrawCase, drawn_cases, reset_cases, rule_option};
use damka_engine::engine::Engine;

fn result_after(case: &DrawCase, plies: usize, extra_options: &[(&str, &str)]) -> String {
    let mut engine = Engine::new();
    for (name, value) in case.options.iter().chain(extra_options) {
        engine.set_option(name, Some(value)).expect("test option");
    }
    let moves: Vec<&str> = case.moves[..plies].iter().map(String::as_str).collect();
    engine
        .set_position(Some(case.fen), &moves)
        .unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let lines = engine.display();
    let results: Vec<&String> = lines.iter().filter(|l| l.starts_with("Result: ")).collect();
    assert_eq!(results.len(), 1, "exactly one Result line");
    results[0].trim_start_matches("Result: ").to_string()
}

#[test]
fn each_rule_draws_exactly_at_its_boundary() {
    for case in drawn_cases() {
        let n = case.moves.len();
        assert_eq!(
            result_after(&case, n - 1, &[]),
            "ongoing",
            "{}: one ply before",
            case.name
        );
        assert_eq!(
            result_after(&case, n, &[]),
            case.result,
            "{}: at the boundary",
            case.name
        );
    }
}

#[test]
fn a_capture_or_man_move_before_the_boundary_resets_the_count() {
    for case in reset_cases() {
        assert_eq!(
            result_after(&case, case.moves.len(), &[]),
            case.result,
            "{}",
            case.name
        );
    }
}

#[test]
fn a_rule_switched_off_does_not_draw() {
    for case in drawn_cases() {
        let off = [(rule_option(&case), "false")];
        let result = result_after(&case, case.moves.len(), &off);
        assert_eq!(result, "ongoing", "{} with its rule off", case.name);
    }
}

#[test]
fn a_position_seen_twice_is_not_yet_a_repetition_draw() {
    let case = &drawn_cases()[0];
    assert_eq!(result_after(case, 4, &[]), "ongoing");
    assert_eq!(result_after(case, 7, &[]), "ongoing");
}

#[test]
fn threefold_repetition_from_the_initial_position() {
    let moves: Vec<&str> = crate::draw_cases::STARTPOS_REPETITION
        .split_whitespace()
        .collect();
    let result = |plies: usize| {
        let mut engine = Engine::new();
        engine
            .set_position(None, &moves[..plies])
            .expect("legal game");
        let lines = engine.display();
        lines
            .iter()
            .find_map(|l| l.strip_prefix("Result: ").map(str::to_string))
            .expect("Result line")
    };
    assert_eq!(moves.len(), 89);
    assert_eq!(result(88), "ongoing");
    assert_eq!(result(89), "draw (threefold repetition)");
}
