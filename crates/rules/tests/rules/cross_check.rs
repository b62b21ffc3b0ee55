//! Cross-checks of move generation on random positions and random games: against a plain
//! reference generator, and for the invariants of keys, undo and notation.

use crate::common::{Rng, random_position};
use crate::reference::{Board, Cell, RefMove};
use damka_rules::board::{Dark8, Geometry};
use damka_rules::games::draughts::Russian;
use damka_rules::games::draughts::movegen::{capture_paths, count_moves, gen_moves};
use damka_rules::games::draughts::moves::{Move, MoveList};
use damka_rules::games::draughts::notation::{self, fen, parse_fen};
use damka_rules::games::draughts::position::Position;
use damka_rules::types::{Kind, Side, Square};
use std::collections::BTreeSet;

fn coords(sq: Square) -> (u8, u8) {
    (Dark8::file(sq), Dark8::rank(sq))
}

fn to_reference(pos: &Position<Russian>) -> Board {
    let mut cells = [[Cell::Empty; 8]; 8];
    for sq in Dark8::squares() {
        if let Some(piece) = pos.piece_at(sq) {
            let white = piece.side == Side::White;
            let (file, rank) = coords(sq);
            cells[file as usize][rank as usize] = match piece.kind {
                Kind::Man => Cell::Man(white),
                Kind::King => Cell::King(white),
            };
        }
    }
    Board {
        cells,
        white_to_move: pos.side_to_move() == Side::White,
    }
}

fn to_ref_move(mv: &Move) -> RefMove {
    let mut captured: Vec<(u8, u8)> = mv.captured().into_iter().map(coords).collect();
    captured.sort();
    (coords(mv.from()), coords(mv.to()), captured, mv.promotes())
}

fn check_against_reference(pos: &Position<Russian>) {
    let mut list = MoveList::new();
    gen_moves(pos, &mut list);
    let ours: BTreeSet<RefMove> = list.iter().map(to_ref_move).collect();
    assert_eq!(ours.len(), list.len(), "duplicate moves in {}", fen(pos));
    let board = to_reference(pos);
    assert_eq!(
        ours,
        board.legal_moves(),
        "move sets differ in {}",
        fen(pos)
    );
    assert_eq!(
        count_moves(pos, &mut MoveList::new()),
        list.len(),
        "count in {}",
        fen(pos)
    );

    let our_paths: BTreeSet<Vec<(u8, u8)>> = capture_paths(pos)
        .iter()
        .map(|(_, path)| path.squares().iter().copied().map(coords).collect())
        .collect();
    let their_paths: BTreeSet<Vec<(u8, u8)>> = board
        .capture_paths()
        .into_iter()
        .map(|(path, _, _)| path)
        .collect();
    assert_eq!(
        our_paths,
        their_paths,
        "capture paths differ in {}",
        fen(pos)
    );
}

#[test]
fn generator_matches_reference_on_random_positions() {
    let mut rng = Rng::new(2024);
    for _ in 0..20_000 {
        let pos = random_position::<Russian>(&mut rng, 7, 3);
        check_against_reference(&pos);
    }
}

#[test]
fn generator_matches_reference_on_king_heavy_positions() {
    let mut rng = Rng::new(7);
    for _ in 0..5_000 {
        let pos = random_position::<Russian>(&mut rng, 3, 5);
        check_against_reference(&pos);
    }
}

/// Plays random games and checks every move: incremental key, undo, FEN and move text.
#[test]
fn random_games_keep_keys_undo_and_notation_consistent() {
    let mut rng = Rng::new(99);
    let mut list = MoveList::new();
    for game in 0..300 {
        let mut pos = if game % 3 == 0 {
            random_position::<Russian>(&mut rng, 8, 2)
        } else {
            Position::<Russian>::startpos()
        };
        for _ in 0..200 {
            gen_moves(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            for &mv in list.iter() {
                let text = notation::move_to_string(&pos, mv);
                assert_eq!(
                    notation::parse_move(&pos, &text),
                    Ok(mv),
                    "{text} in {}",
                    fen(&pos)
                );
                let before = pos;
                let mut played = pos;
                let undo = played.play(mv);
                assert_eq!(played.key(), played.compute_key(), "key after {text}");
                assert_eq!(played, pos.after(mv));
                played.undo(mv, undo);
                assert_eq!(played, before);
                assert_eq!(played.key(), before.key());
            }
            assert_eq!(parse_fen::<Russian>(&fen(&pos)), Ok(pos));
            let mv = list[rng.below(list.len() as u64) as usize];
            pos = pos.after(mv);
        }
    }
}

/// Every legal move's text reads back as that move, in king-heavy positions full of long
/// captures whose paths overlap.
#[test]
fn every_move_text_parses_back_in_random_positions() {
    let mut rng = Rng::new(31);
    let mut list = MoveList::new();
    for _ in 0..50_000 {
        let pos = random_position::<Russian>(&mut rng, 6, 4);
        gen_moves(&pos, &mut list);
        for &mv in list.iter() {
            let text = notation::move_to_string(&pos, mv);
            assert_eq!(
                notation::parse_move(&pos, &text),
                Ok(mv),
                "{text} in {}",
                fen(&pos)
            );
        }
    }
}
