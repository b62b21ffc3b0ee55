//! Fuk's FEN reader accepts exactly the huffable sets a game can reach: a huffable piece had a
//! capture on the board the last move was played on, and every piece that had one is huffable
//! (docs/rules.md, "Fuk"). Hand-made sets on both sides of the line, and every position that
//! random play reaches read back as it is.

use crate::common::{Rng, random_position};
use damka_rules::games::draughts::Russian;
use damka_rules::games::fuk::{FukPosition, movegen, notation};
use damka_rules::moves::MoveList;
use damka_rules::types::Bitboard;

/// Whether the FEN reader accepts `fen`, and the error when it does not.
fn read(fen: &str) -> Result<FukPosition, String> {
    notation::parse_fen(fen)
        .map(|(pos, _)| pos)
        .map_err(|e| e.to_string())
}

#[test]
fn fuk_huffable_set_must_follow_a_quiet_move() {
    let refused = [
        // A white man on c1 never had a capture: nothing could make it huffable.
        "B:Wc1,e3:Bh8:Uc1",
        // Only b4-a3 (b4 could take c3) leaves anything huffable, and it leaves a3 and d4 (which
        // could take c3 too): a set without one of them misses a capturer.
        "W:WKa1,c3:Ba3,d4:Ua3",
        "W:WKa1,c3:Ba3,d4:Ud4",
        // The same with a man on h8, which had no capture: a set with it has a non-capturer.
        "W:WKa1,c3:Ba3,d4,h8:Ua3,d4,h8",
        // f6 has nothing to take and d4 could not have taken anything before it moved in.
        "W:Wc3,e3:Bd4,f6:Uf6",
        // f6 could take g5, but then d4 made the last move and had nothing to take before it.
        "W:Wc3,e3,g5:Bd4,f6:Ud4,f6",
    ];
    for fen in refused {
        let error = read(fen).expect_err(fen);
        assert!(
            error.contains("no quiet move leaves exactly"),
            "{fen}: {error}"
        );
    }
    // A huffable square must hold a piece of the side that has just moved.
    let error = read("W:Wa1,c3:Be3,h6:Uc3").expect_err("c3 is White's");
    assert!(error.contains("holds no black piece"), "{error}");

    let accepted = [
        "W:WKa1,c3:Ba3,d4:Ua3,d4",
        "W:WKa1,c3:Ba3,d4,h8:Ua3,d4",
        "W:Wc3,e3,g5:Bd4,f6:Uf6",
        // The piece that moved is huffable at its new square: d4 could take c3 and played d4-e3.
        "W:Wa1,c3:Be3,h6:Ue3",
        // g7 could take f6 and stepped to h8, crowned: huffable as a king.
        "B:Wa1,Kh8:Ba7,f6:Uh8",
        // Only a man crowned on h8 by g7-h8 leaves e3 alone huffable: a king on g7 would have had
        // a capture too (d4, along the long diagonal), and if e3 had moved the king on h8 would
        // have had one.
        "B:We3,Kh8:Bd4:Ue3",
        "B:We3,Kh8:Bd4:Ue3,h8",
        "B:We3,Kh8:Bd4:Uh8",
        // PDN numbers (22 = c3, 23 = e3): c3 came from d2, where it could take e3.
        "B:W29,22:B1,23:U22",
    ];
    for fen in accepted {
        let pos = read(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let again = read(&notation::fen(&pos)).expect("the FEN written reads back");
        assert_eq!(again, pos, "{fen}");
    }
}

/// The position after each move reads back from its FEN as the same position, huffable set and
/// key included.
fn assert_reparses(pos: &FukPosition, context: &str) {
    let fen = notation::fen(pos);
    let again = read(&fen).unwrap_or_else(|e| panic!("{context}: {fen} is refused: {e}"));
    assert_eq!(again, *pos, "{context}: {fen}");
    assert_eq!(again.key(), pos.key(), "{context}: {fen}");
}

#[test]
fn fuk_every_reached_position_reparses() {
    let mut rng = Rng::new(0xF0C);
    let mut huffable_seen = 0;
    for game in 0..300 {
        let mut pos = FukPosition::startpos();
        let mut list = MoveList::new();
        for ply in 0..200 {
            movegen::gen_moves(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            let m = list[rng.below(list.len() as u64) as usize];
            pos = pos.after(m);
            huffable_seen += usize::from(pos.huffable().any());
            assert_reparses(&pos, &format!("game {game}, ply {ply}"));
        }
    }
    assert!(
        huffable_seen > 1000,
        "only {huffable_seen} huffable positions"
    );
}

#[test]
fn fuk_every_move_from_a_random_board_leaves_a_position_that_reparses() {
    // Random boards reach what games from the start rarely do: kings everywhere, crowning quiet
    // moves of capturers, crowded edges.
    let mut rng = Rng::new(0xB0A2D);
    let mut list = MoveList::new();
    for round in 0..3000 {
        let board = random_position::<Russian>(&mut rng, 6, 3);
        let pos = FukPosition::new(board, Bitboard::EMPTY).expect("nothing huffable");
        movegen::gen_moves(&pos, &mut list);
        for &m in list.iter() {
            assert_reparses(&pos.after(m), &format!("round {round}"));
        }
    }
}
