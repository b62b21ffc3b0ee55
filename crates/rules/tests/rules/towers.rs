//! Invariants of the tower games over random games: pieces are never created or lost (each
//! colour keeps its count in every move), the incremental key equals a fresh one, the FEN and
//! every move's text read back to the same position and move, and the moves list each path once.

use damka_rules::game::{Game, GameMove};
use damka_rules::games::towers::{Bashni, Lasca, TowerRules, Towers};
use damka_rules::moves::MoveList;
use damka_rules::types::Side;
use std::collections::HashSet;

/// A small deterministic generator, so failures repeat.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn random_games<R: TowerRules>(games: usize, seed: u64) -> usize {
    type G<R> = Towers<R>;
    let mut rng = Rng(seed);
    let mut positions = 0;
    let mut list = MoveList::new();
    for _ in 0..games {
        let mut pos = G::<R>::start();
        for _ in 0..250 {
            positions += 1;
            assert_eq!(pos.key(), pos.compute_key(), "{}", G::<R>::fen(&pos));
            for side in Side::BOTH {
                assert_eq!(pos.pieces_of(side), R::PIECES_PER_SIDE);
            }
            let fen = G::<R>::fen(&pos);
            let (again, _) = G::<R>::parse_fen(&fen).expect("own FEN reads back");
            assert!(again == pos && again.key() == pos.key(), "{fen}");
            G::<R>::generate(&pos, &mut list);
            let distinct: HashSet<_> = list.iter().collect();
            assert_eq!(distinct.len(), list.len(), "a path twice in {fen}");
            if list.is_empty() {
                break;
            }
            for &mv in list.iter() {
                let text = G::<R>::move_text(&pos, mv);
                assert_eq!(G::<R>::parse_move(&pos, &text), Ok(mv), "{fen} {text}");
                let after = G::<R>::play(&pos, mv);
                assert_eq!(after.key(), after.compute_key(), "{fen} {text}");
                assert_eq!(mv.is_capture(), mv.captured().any());
            }
            let mv = list[rng.below(list.len())];
            pos = G::<R>::play(&pos, mv);
        }
    }
    positions
}

#[test]
fn bashni_random_games_keep_every_invariant() {
    assert!(random_games::<Bashni>(150, 0x9E37_79B9) > 5_000);
}

#[test]
fn lasca_random_games_keep_every_invariant() {
    assert!(random_games::<Lasca>(150, 0x7F4A_7C15) > 5_000);
}

#[test]
fn bad_tower_fens_are_errors_not_panics() {
    type B = Towers<Bashni>;
    for fen in [
        "",
        "X:a1w",
        "W:a1",
        "W:a1x",
        "W:a2w",
        "W:i1w",
        "W:a1w,a1b",
        "W:h8w",
        "W:a1wwwwwwwwwwwww",
        "W:a1w:Hx",
        "W:a1w:Q3",
        "W:a1w,,c3:",
        "W:33w",
        "W:c3wbb:H5:F3.",
    ] {
        let result = damka_rules::game::Record::<B>::from_fen(fen, Default::default());
        if fen == "W:c3wbb:H5:F3." {
            assert!(result.is_ok(), "{fen}");
        } else {
            assert!(result.is_err(), "{fen} should be refused");
        }
    }
    type L = Towers<Lasca>;
    assert!(L::parse_fen("W:h8w").is_err());
    assert!(L::parse_fen("W:1w,25b").is_ok());
    assert!(L::parse_fen("W:a1wwwwwwwwwwww").is_err());
}

#[test]
fn keys_cover_the_whole_stack_not_only_the_top() {
    type B = Towers<Bashni>;
    let key = |fen: &str| B::key(&B::parse_fen(fen).expect("valid FEN").0);
    let same_tops = [
        "W:c3wbb,h8b",
        "W:c3wbw,h8b",
        "W:c3wwb,h8b",
        "W:c3wb,h8b",
        "W:c3w,h8b",
    ];
    let keys: HashSet<u64> = same_tops.iter().map(|fen| key(fen)).collect();
    assert_eq!(keys.len(), same_tops.len());
    assert_ne!(key("W:c3wB,h8b"), key("W:c3wb,h8b"));
    assert_ne!(key("W:c3wbb,h8b"), key("B:c3wbb,h8b"));
}
