//! Hand-made positions for every movement and capture rule of Russian checkers (docs/rules.md).
//!
//! Each test is named after the rule it checks. The expected legal moves were worked out by hand
//! on a board; each is written as one of its full landing paths. `assert_legal` checks that the
//! generator produces exactly these moves, each once.

use damka_rules::games::draughts::movegen::{capture_paths, gen_moves};
use damka_rules::games::draughts::moves::{Move, MoveList};
use damka_rules::games::draughts::notation::{self, fen, format_path, parse_fen, parse_square};
use damka_rules::games::draughts::position::Position;
use damka_rules::games::draughts::{Draughts, Rules, Russian};
use damka_rules::perft::{Counting, perft};
use damka_rules::types::{Kind, Side};

fn position(text: &str) -> Position<Russian> {
    parse_fen(text).unwrap_or_else(|e| panic!("bad test FEN {text}: {e}"))
}

/// Every (move, full path text) of the position, all capture paths included.
fn all_paths(pos: &Position<Russian>) -> Vec<(Move, String)> {
    let mut list = MoveList::new();
    gen_moves(pos, &mut list);
    if list.iter().any(|m| m.is_capture()) {
        capture_paths(pos)
            .into_iter()
            .map(|(mv, path)| (mv, format_path::<Russian>(&path, true)))
            .collect()
    } else {
        list.iter()
            .map(|mv| {
                let name = Russian::square_name;
                (*mv, format!("{}-{}", name(mv.from()), name(mv.to())))
            })
            .collect()
    }
}

/// The legal moves of `fen_text` are exactly `expected`, each given as one of its full paths.
fn assert_legal(fen_text: &str, expected: &[&str]) {
    let pos = position(fen_text);
    let paths = all_paths(&pos);
    let mut wanted: Vec<Move> = Vec::new();
    for text in expected {
        let Some((mv, _)) = paths.iter().find(|(_, path)| path == text) else {
            let known: Vec<&str> = paths.iter().map(|(_, p)| p.as_str()).collect();
            panic!("{text} is not a legal path in {fen_text}; the paths are {known:?}");
        };
        assert!(
            !wanted.contains(mv),
            "{text} repeats a move already expected in {fen_text}"
        );
        wanted.push(*mv);
    }
    let mut list = MoveList::new();
    gen_moves(&pos, &mut list);
    let shown: Vec<String> = list
        .iter()
        .map(|mv| notation::move_to_string(&pos, *mv))
        .collect();
    assert_eq!(
        list.len(),
        wanted.len(),
        "{fen_text}: generated {shown:?}, expected {expected:?}"
    );
    for mv in &wanted {
        assert!(
            list.contains(*mv),
            "{fen_text}: {mv:?} missing from {shown:?}"
        );
    }
}

/// The position after playing `mv` (any accepted notation) in `fen_text`.
fn after(fen_text: &str, mv: &str) -> Position<Russian> {
    let pos = position(fen_text);
    let mv = notation::parse_move(&pos, mv).unwrap_or_else(|e| panic!("{e}"));
    pos.after(mv)
}

fn kind_at(pos: &Position<Russian>, square: &str) -> Option<(Side, Kind)> {
    let sq = parse_square::<Russian>(square).expect("test square");
    pos.piece_at(sq).map(|p| (p.side, p.kind))
}

// --- Men: quiet moves -------------------------------------------------------------------------

#[test]
fn start_position_white_men_have_seven_moves() {
    assert_legal(
        "W:W21-32:B1-12",
        &[
            "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4",
        ],
    );
}

#[test]
fn men_move_one_square_diagonally_forward() {
    assert_legal("W:Wc3:Bh8", &["c3-b4", "c3-d4"]);
}

#[test]
fn black_men_move_forward_down_the_board() {
    assert_legal("B:Wa1:Bd6", &["d6-c5", "d6-e5"]);
}

#[test]
fn man_on_the_edge_has_one_forward_square() {
    assert_legal("W:Wa3:Bh8", &["a3-b4"]);
}

#[test]
fn men_are_blocked_by_own_pieces_and_the_edge() {
    assert_legal("W:Wh2,g3:Bh8", &["g3-f4", "g3-h4"]);
}

// --- End of the game: no legal move -------------------------------------------------------------

#[test]
fn no_legal_move_when_every_piece_is_blocked() {
    assert_legal("W:Wa1:Bb2,c3", &[]);
}

#[test]
fn no_legal_move_for_black_when_blocked() {
    assert_legal("B:Wb4,c3:Ba5", &[]);
}

#[test]
fn no_legal_move_without_pieces() {
    assert_legal("W:W:Ba7", &[]);
}

// --- Compulsory capture -------------------------------------------------------------------------

#[test]
fn compulsory_capture_for_men_excludes_quiet_moves() {
    assert_legal("W:Wc3,g3:Bd4", &["c3:e5"]);
}

#[test]
fn compulsory_capture_for_kings_excludes_quiet_moves() {
    assert_legal("W:WKh2,c1:Bf4", &["h2:e5", "h2:d6", "h2:c7", "h2:b8"]);
}

#[test]
fn compulsory_capture_any_capturing_piece_may_be_chosen() {
    assert_legal("W:Wa3,e3:Bb4,f4", &["a3:c5", "e3:g5"]);
}

// --- Men capture ------------------------------------------------------------------------------

#[test]
fn men_capture_backward() {
    assert_legal("W:Wd4:Bc3", &["d4:b2"]);
}

#[test]
fn black_men_capture_backward() {
    assert_legal("B:Wd4:Be3", &["e3:c5"]);
}

#[test]
fn men_capture_in_all_four_directions() {
    assert_legal("W:Wd4:Bc5,e5,c3,e3", &["d4:b6", "d4:f6", "d4:b2", "d4:f2"]);
}

#[test]
fn man_cannot_capture_two_pieces_in_a_row() {
    assert_legal("W:Wc3:Bd4,e5", &["c3-b4"]);
}

#[test]
fn man_cannot_jump_own_piece() {
    assert_legal("W:Wc3,d4:Bf6", &["c3-b4", "d4-c5", "d4-e5"]);
}

#[test]
fn man_must_continue_capturing_while_it_can() {
    assert_legal("W:Wa1:Bb2,d4", &["a1:c3:e5"]);
}

#[test]
fn man_continues_backward_after_a_forward_jump() {
    assert_legal("W:Wc3:Bd4,f4", &["c3:e5:g3"]);
}

// --- Free choice (no majority rule) -------------------------------------------------------------

#[test]
fn free_choice_shorter_capture_is_legal_no_majority_rule() {
    assert_legal("W:Wc3:Bb4,d4,d6", &["c3:a5", "c3:e5:c7"]);
}

#[test]
fn free_choice_between_king_and_man_captures() {
    assert_legal(
        "W:WKa1,b4:Bc5,c3",
        &["a1:d4:b6", "a1:d4:a7", "b4:d6", "b4:d2"],
    );
}

// --- Promotion -------------------------------------------------------------------------------

#[test]
fn promotion_on_quiet_move_ends_the_move() {
    let start = "W:Wc7:Be5";
    assert_legal(start, &["c7-b8", "c7-d8"]);
    let pos = after(start, "c7-b8");
    assert_eq!(kind_at(&pos, "b8"), Some((Side::White, Kind::King)));
    // The new king could capture e5, but the move is over: Black is to move.
    assert_eq!(pos.side_to_move(), Side::Black);
}

#[test]
fn black_man_promotes_on_the_first_rank() {
    let start = "B:Wg7:Bb2";
    assert_legal(start, &["b2-a1", "b2-c1"]);
    assert_eq!(
        kind_at(&after(start, "b2-c1"), "c1"),
        Some((Side::Black, Kind::King))
    );
}

#[test]
fn promotion_by_capture_on_the_last_rank() {
    let start = "W:Wb6:Bc7";
    assert_legal(start, &["b6:d8"]);
    let pos = after(start, "b6:d8");
    assert_eq!(kind_at(&pos, "d8"), Some((Side::White, Kind::King)));
    assert_eq!(kind_at(&pos, "c7"), None);
}

#[test]
fn promotion_mid_capture_continues_as_a_flying_king() {
    // After b6:d8 the new king takes f6 from two squares away, which no man could do.
    let start = "W:Wb6:Bc7,f6";
    assert_legal(start, &["b6:d8:g5", "b6:d8:h4"]);
    let pos = after(start, "b6:d8:h4");
    assert_eq!(kind_at(&pos, "h4"), Some((Side::White, Kind::King)));
}

#[test]
fn promotion_mid_capture_then_backward_as_king_obeying_king_landing() {
    // The crowned man must land on g5 (not h4), the only square from which it takes e3.
    assert_legal("W:Wb6:Bc7,f6,e3", &["b6:d8:g5:d2", "b6:d8:g5:c1"]);
}

#[test]
fn black_promotion_mid_capture_continues_as_king() {
    let start = "B:Wf2,c3:Bg3";
    assert_legal(start, &["g3:e1:b4", "g3:e1:a5"]);
    assert_eq!(
        kind_at(&after(start, "g3:e1:a5"), "a5"),
        Some((Side::Black, Kind::King))
    );
}

// --- Kings: quiet moves ------------------------------------------------------------------------

#[test]
fn king_moves_any_distance_along_free_diagonals() {
    assert_legal(
        "W:WKd4:Ba7",
        &[
            "d4-c5", "d4-b6", "d4-e5", "d4-f6", "d4-g7", "d4-h8", "d4-c3", "d4-b2", "d4-a1",
            "d4-e3", "d4-f2", "d4-g1",
        ],
    );
}

#[test]
fn king_never_jumps_own_pieces() {
    assert_legal("W:WKa1,c3:Bh8", &["a1-b2", "c3-b4", "c3-d4"]);
}

#[test]
fn king_boxed_in_by_own_man_cannot_move() {
    assert_legal("W:WKa1,b2:Bh8", &["b2-a3", "b2-c3"]);
}

// --- Kings: flying captures ----------------------------------------------------------------------

#[test]
fn flying_king_captures_at_a_distance_and_lands_on_any_free_square() {
    assert_legal("W:WKa1:Bd4", &["a1:e5", "a1:f6", "a1:g7", "a1:h8"]);
}

#[test]
fn flying_king_captures_in_all_four_directions() {
    assert_legal(
        "W:WKd4:Bb2,f6,b6,f2",
        &["d4:a1", "d4:g7", "d4:h8", "d4:a7", "d4:g1"],
    );
}

#[test]
fn flying_king_cannot_capture_two_adjacent_pieces() {
    assert_legal("W:WKa1:Bc3,d4", &["a1-b2"]);
}

#[test]
fn flying_king_landing_stops_before_the_next_piece() {
    assert_legal("W:WKa1,e5:Bc3", &["a1:d4"]);
}

#[test]
fn king_landing_rule_must_land_where_the_capture_continues() {
    // Behind c3 lie d4..h8; only from d4 can the king go on (taking f2).
    assert_legal("W:WKa1:Bc3,f2", &["a1:d4:g1"]);
}

#[test]
fn king_landing_rule_with_several_continuing_squares() {
    // d4 continues against f2, e5 against c7; f6, g7 and h8 are forbidden.
    assert_legal("W:WKa1:Bc3,f2,c7", &["a1:d4:g1", "a1:e5:b8"]);
}

#[test]
fn king_landing_rule_free_choice_when_no_square_continues() {
    let pos = position("W:WKa1:Bd4");
    assert_eq!(capture_paths(&pos).len(), 4);
}

#[test]
fn king_may_continue_straight_on_from_any_landing_square() {
    // d4 and e5 both continue against f6: two paths each to g7 and h8, but only two moves.
    let start = "W:WKa1:Bc3,f6";
    assert_legal(start, &["a1:d4:g7", "a1:e5:h8"]);
    assert_eq!(capture_paths(&position(start)).len(), 4);
    assert_eq!(
        perft::<Draughts<Russian>>(&position(start), 1, Counting::Paths),
        2
    );
}

// --- Turkish strike --------------------------------------------------------------------------

#[test]
fn turkish_strike_captured_piece_blocks_the_king() {
    // Via e5, d6 and b6 the king reaches a5, where b4 could be taken if c3 had left the board.
    // Captured pieces stay until the move ends, so c3 blocks the landing and the move ends.
    assert_legal("W:WKa1:Bc3,d6,b6,b4", &["a1:d4:a7", "a1:e5:c7:a5"]);
}

#[test]
fn turkish_strike_man_loop_returns_to_start_square_and_cannot_jump_twice() {
    // Round the diamond either way: the start square counts as empty, d4 cannot be taken again.
    let start = "W:Wc3:Bb4,d4,b6,d6";
    assert_legal(start, &["c3:e5:c7:a5:c3"]);
    assert_eq!(capture_paths(&position(start)).len(), 2);
    assert_eq!(
        perft::<Draughts<Russian>>(&position(start), 1, Counting::Moves),
        1
    );
    assert_eq!(
        perft::<Draughts<Russian>>(&position(start), 1, Counting::Paths),
        2
    );
    let pos = after(start, "c3:e5:c7:a5:c3");
    assert_eq!(fen(&pos), "B:Wc3:B");
}

#[test]
fn turkish_strike_king_loop_passes_its_start_square() {
    assert_legal(
        "W:WKc3:Bd4,d6,b6,b4",
        &[
            "c3:e5:c7:a5:c3",
            "c3:e5:c7:a5:d2",
            "c3:e5:c7:a5:e1",
            "c3:a5:c7:e5:b2",
            "c3:a5:c7:e5:a1",
        ],
    );
}

// --- What makes two moves different -----------------------------------------------------------

#[test]
fn same_squares_different_captured_pieces_are_different_moves() {
    let start = "B:Wb4,d4,e3,g3:BKa5";
    assert_legal(start, &["a5:c3:e5:h2", "a5:d2:f4:h2", "a5:e1:h4"]);
    let err = notation::parse_move(&position(start), "a5:h2").unwrap_err();
    assert!(err.to_string().contains("ambiguous"), "{err}");
    assert!(err.to_string().contains("a5:c3:e5:h2") && err.to_string().contains("a5:d2:f4:h2"));
    // One landing square more is enough to tell them apart.
    assert!(notation::parse_move(&position(start), "a5:e5:h2").is_ok());
}

#[test]
fn same_pieces_taken_in_another_order_is_the_same_move() {
    // Both loop paths list as one move; either path is accepted as input and gives that move.
    let pos = position("W:Wc3:Bb4,d4,b6,d6");
    let one = notation::parse_move(&pos, "c3:e5:c7:a5:c3").unwrap();
    let other = notation::parse_move(&pos, "c3:a5:c7:e5:c3").unwrap();
    assert_eq!(one, other);
}

// --- Notation of moves -------------------------------------------------------------------------

#[test]
fn capture_input_accepts_x_and_short_form() {
    let pos = position("W:Wa1:Bb2,d4");
    let full = notation::parse_move(&pos, "a1:c3:e5").unwrap();
    assert_eq!(notation::parse_move(&pos, "a1xc3xe5"), Ok(full));
    assert_eq!(notation::parse_move(&pos, "A1:E5"), Ok(full));
    assert_eq!(notation::parse_move(&pos, "a1:e5"), Ok(full));
    assert_eq!(notation::move_to_string(&pos, full), "a1:c3:e5");
}

#[test]
fn illegal_move_errors_explain_why() {
    let pos = position("W:Wc3,g3:Bd4");
    let err = notation::parse_move(&pos, "g3-h4").unwrap_err().to_string();
    assert!(err.contains("compulsory") && err.contains("c3:e5"), "{err}");
    let err = notation::parse_move(&pos, "b2-c3").unwrap_err().to_string();
    assert!(err.contains("b2 is empty"), "{err}");
    let err = notation::parse_move(&pos, "d4-e3").unwrap_err().to_string();
    assert!(err.contains("black"), "{err}");
    let err = notation::parse_move(&pos, "c3-e9").unwrap_err().to_string();
    assert!(err.contains("not a move"), "{err}");
    let err = notation::parse_move(&pos, "c3:e5:c7")
        .unwrap_err()
        .to_string();
    assert!(err.contains("illegal"), "{err}");
}

#[test]
fn a_full_path_is_not_ambiguous_with_a_longer_capture_through_its_squares() {
    // c3:e5:g7 is a complete capture; c3:a5:c7:e5:g7 passes through the same squares.
    let pos = position("W:Wc3,f2,f4,Kh4:Ba7,b4,b6,b8,d2,Kd4,Kd6,Kf6,f8,g5");
    let short = notation::parse_move(&pos, "c3:e5:g7").unwrap();
    let long = notation::parse_move(&pos, "c3:a5:c7:e5:g7").unwrap();
    assert_ne!(short, long);
    assert_eq!(short.captured().count(), 2);
    assert_eq!(long.captured().count(), 4);
}
