//! Hub's numbering: the `pos=` board in PDN order, moves in the game's Hub numbers with the
//! captured squares sorted, and a capture that shares its start and end with another needing
//! its captured list.

use damka::hub::command::{HubError, parse_board, parse_move};
use damka::hub::notation::{HubSquares, board_to_fen, find_move, move_text};
use damka_rules::game::Game;
use damka_rules::games::draughts::{Draughts, International, Russian};
use damka_rules::notation::MoveRecord;
use damka_rules::types::Square;

const START: &str = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

fn russian() -> HubSquares {
    HubSquares::of::<Draughts<Russian>>()
}

#[test]
fn the_start_board_is_the_start_position() {
    let fen = board_to_fen(&parse_board(START).unwrap(), &russian()).unwrap();
    let ours = damka_rules::games::draughts::notation::parse_fen::<Russian>(&fen).unwrap();
    assert_eq!(ours, Draughts::<Russian>::start());
    assert!(board_to_fen(&parse_board("Wbbb").unwrap(), &russian()).is_err());
    let international: String = std::iter::once('W')
        .chain(std::iter::repeat_n('b', 20))
        .chain(std::iter::repeat_n('e', 10))
        .chain(std::iter::repeat_n('w', 20))
        .collect();
    let squares = HubSquares::of::<Draughts<International>>();
    let fen = board_to_fen(&parse_board(&international).unwrap(), &squares).unwrap();
    assert_eq!(
        damka_rules::games::draughts::notation::parse_fen::<International>(&fen),
        Ok(Draughts::<International>::start())
    );
}

#[test]
fn kings_and_sides_land_on_their_squares() {
    // b8 is square 1, h8 is 4, a1 is 29, g1 is 32.
    let mut cells = vec!['e'; 32];
    cells[0] = 'W';
    cells[3] = 'b';
    cells[28] = 'B';
    cells[31] = 'w';
    let text: String = std::iter::once('B').chain(cells).collect();
    let fen = board_to_fen(&parse_board(&text).unwrap(), &russian()).unwrap();
    assert_eq!(fen, "B:WK1,32:B4,K29");
}

fn record(path: &[&str], captured: &[&str]) -> MoveRecord {
    let sq = |s: &&str| damka_rules::games::draughts::notation::parse_square::<Russian>(s).unwrap();
    let squares: Vec<Square> = path.iter().map(sq).collect();
    MoveRecord {
        path: damka_rules::moves::Path::new(&squares).unwrap(),
        captured: captured.iter().map(sq).collect(),
        text: path.join(if captured.is_empty() { "-" } else { ":" }),
    }
}

#[test]
fn moves_use_russian_numbers_with_sorted_captures() {
    // a1 = 1, c1 = 2, e1 = 3, g1 = 4, b2 = 5, … c3 = 10, d4 = 14, e5 = 19.
    let n = russian();
    assert_eq!(move_text(&record(&["c3", "d4"], &[]), &n), "10-14");
    let double = record(&["a1", "c3", "e5"], &["d4", "b2"]);
    assert_eq!(move_text(&double, &n), "1x19x5x14");
    let legal = [double.clone(), record(&["a1", "c3"], &["b2"])];
    let found = find_move(&parse_move("1x19x14x5").unwrap(), &legal, &n).unwrap();
    assert_eq!(found, double);
    assert_eq!(
        find_move(&parse_move("1x19").unwrap(), &legal, &n),
        Ok(double)
    );
    assert!(find_move(&parse_move("1x19x5").unwrap(), &legal, &n).is_err());
    assert!(find_move(&parse_move("1x33x5").unwrap(), &legal, &n).is_err());
    assert!(find_move(&parse_move("1-19").unwrap(), &[], &n).is_err());
}

#[test]
fn a_shared_start_and_end_needs_the_captured_list() {
    let left = record(&["c3", "a5", "c7", "e5"], &["b4", "b6", "d6"]);
    let straight = record(&["c3", "e5"], &["d4"]);
    let legal = [left, straight.clone()];
    let n = russian();
    assert!(matches!(
        find_move(&parse_move("10x19").unwrap(), &legal, &n),
        Err(HubError::BadMove { .. })
    ));
    assert_eq!(
        find_move(&parse_move("10x19x14").unwrap(), &legal, &n),
        Ok(straight)
    );
}
