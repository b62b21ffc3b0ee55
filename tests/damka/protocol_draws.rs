//! The draw rules as a GUI meets them: each game of `common::draw_cases` is sent to the real
//! binary as `position fen … moves …`, and `d` must show `Result: draw (<rule>)` exactly at the
//! boundary ply and `Result: ongoing` one ply before; a reset just before the boundary, or the
//! rule switched off with `setoption`, keeps the game going.

use crate::common::draw_cases::{
    DrawCase, STARTPOS_REPETITION, drawn_cases, reset_cases, rule_option,
};
use crate::common::server::Server;

/// The `Result:` of the game after its first `plies` moves, with `extra` options set.
fn result(server: &mut Server, case: &DrawCase, plies: usize, extra: &[(&str, &str)]) -> String {
    server.send("ucinewgame");
    // Back to the defaults, then the case's own options.
    for (name, value) in [
        ("Draw Repetition", "true"),
        ("Draw Kings Only", "true"),
        ("Draw Three Kings", "true"),
        ("Draw Main Road", "true"),
        ("Draw Two Against One", "true"),
        ("Draw Material", "true"),
        ("Draw Material Moves", "32"),
        ("Draw FMJD", "false"),
    ]
    .iter()
    .chain(&case.options)
    .chain(extra)
    {
        server.send(&format!("setoption name {name} value {value}"));
    }
    let moves = case.moves[..plies].join(" ");
    server.send(&format!("position fen {} moves {moves}", case.fen));
    let errors = server.sync();
    assert!(errors.is_empty(), "{}: {errors:?}", case.name);
    server.display_field("Result")
}

#[test]
fn each_rule_draws_exactly_at_its_boundary_through_the_binary() {
    let mut server = Server::start();
    for case in drawn_cases() {
        let n = case.moves.len();
        assert_eq!(
            result(&mut server, &case, n - 1, &[]),
            "ongoing",
            "{}: one ply before",
            case.name
        );
        assert_eq!(
            result(&mut server, &case, n, &[]),
            case.result,
            "{}: at the boundary",
            case.name
        );
    }
}

#[test]
fn a_reset_just_before_the_boundary_keeps_the_game_going_through_the_binary() {
    let mut server = Server::start();
    for case in reset_cases() {
        assert_eq!(
            result(&mut server, &case, case.moves.len(), &[]),
            case.result,
            "{}",
            case.name
        );
    }
}

#[test]
fn a_rule_switched_off_does_not_draw_through_the_binary() {
    let mut server = Server::start();
    for case in drawn_cases() {
        let off = [(rule_option(&case), "false")];
        assert_eq!(
            result(&mut server, &case, case.moves.len(), &off),
            "ongoing",
            "{} off",
            case.name
        );
    }
}

#[test]
fn threefold_repetition_from_startpos_moves_through_the_binary() {
    let moves: Vec<&str> = STARTPOS_REPETITION.split_whitespace().collect();
    let mut server = Server::start();
    for (plies, expected) in [(88, "ongoing"), (89, "draw (threefold repetition)")] {
        server.send(&format!(
            "position startpos moves {}",
            moves[..plies].join(" ")
        ));
        assert_eq!(
            server.display_field("Result"),
            expected,
            "after {plies} plies"
        );
    }
    server.send("setoption name Draw Repetition value false");
    server.send(&format!("position startpos moves {}", moves.join(" ")));
    assert_eq!(server.display_field("Result"), "ongoing");
}
