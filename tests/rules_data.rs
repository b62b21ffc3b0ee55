//! Hand-made positions from data files, one block per rule: `tests/data/<game>/rules.txt` lists,
//! for each position, the exact set of legal moves as (from, to, captured squares). Every game
//! with such a file is checked, so a new game adds positions as data, not as test code.
//!
//! Block format (see the header of each file):
//!
//! ```text
//! rule: majority_capture_counts_kings_and_men_alike
//! fen: W:W28,K33:B23,19
//! move: 28x19 23          (a capture: from x to, then the captured squares in ascending order)
//! move: 32-28             (a quiet move)
//! moves: none             (instead of move lines: no legal move)
//! after: 32-28 = B:W28:B19 (optional: the position once that move is played)
//! ```

use damka::board::Geometry;
use damka::game::{Game, GameMove, Variant};
use damka::moves::MoveList;
use damka::with_game;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// One position of a rules file.
struct Block {
    rule: String,
    fen: String,
    moves: BTreeSet<String>,
    /// `after:` lines: a listed move and the FEN of the position it leads to.
    after: Vec<(String, String)>,
    line: usize,
}

fn read_blocks(path: &Path) -> Vec<Block> {
    let text = std::fs::read_to_string(path).expect("rules data file is readable");
    let mut blocks: Vec<Block> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("{}:{}: no key", path.display(), index + 1));
        let value = value.trim();
        match key {
            "rule" => blocks.push(Block {
                rule: value.to_string(),
                fen: String::new(),
                moves: BTreeSet::new(),
                after: Vec::new(),
                line: index + 1,
            }),
            "fen" | "move" | "moves" | "after" => {
                let block = blocks
                    .last_mut()
                    .unwrap_or_else(|| panic!("{}:{}: before any rule", path.display(), index + 1));
                match key {
                    "fen" => block.fen = value.to_string(),
                    "move" => assert!(
                        block.moves.insert(value.to_string()),
                        "{}:{}: move listed twice",
                        path.display(),
                        index + 1
                    ),
                    "after" => {
                        let (mv, fen) = value.split_once(" = ").unwrap_or_else(|| {
                            panic!("{}:{}: after: <move> = <fen>", path.display(), index + 1)
                        });
                        block
                            .after
                            .push((mv.trim().to_string(), fen.trim().to_string()));
                    }
                    _ => assert_eq!(value, "none", "{}:{}", path.display(), index + 1),
                }
            }
            other => panic!("{}:{}: unknown key {other}", path.display(), index + 1),
        }
    }
    blocks
}

/// Every legal move of the position `fen` in the data files' form, with the FEN each leads to.
fn legal_moves<G: Game>(rule: &str, fen: &str) -> BTreeMap<String, String> {
    let (pos, _) = G::parse_fen(fen).unwrap_or_else(|e| panic!("{rule}: bad FEN {fen}: {e}"));
    let mut list = MoveList::new();
    G::generate(&pos, &mut list);
    let names = |squares: &mut Vec<damka::types::Square>| {
        squares.sort_by_key(|sq| G::Board::number(*sq));
        squares
            .iter()
            .map(|sq| G::square_name(*sq))
            .collect::<Vec<_>>()
            .join(",")
    };
    let shown: BTreeMap<String, String> = list
        .iter()
        .map(|mv| {
            let (from, to) = (G::square_name(mv.from()), G::square_name(mv.to()));
            let text = if mv.is_capture() {
                let mut captured: Vec<_> = mv.captured().into_iter().collect();
                format!("{from}x{to} {}", names(&mut captured))
            } else {
                format!("{from}-{to}")
            };
            (text, G::fen(&G::play(&pos, *mv)))
        })
        .collect();
    assert_eq!(shown.len(), list.len(), "a move is listed twice");
    shown
}

fn check_game(variant: Variant) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(variant.name())
        .join("rules.txt");
    let blocks = read_blocks(&path);
    let mut rules = BTreeSet::new();
    let mut failures = Vec::new();
    for block in &blocks {
        assert!(rules.insert(&block.rule), "rule {} twice", block.rule);
        let generated = with_game!(variant, G => legal_moves::<G>(&block.rule, &block.fen));
        let names: BTreeSet<String> = generated.keys().cloned().collect();
        if names != block.moves {
            failures.push(format!(
                "{} (line {}), {}:\n  expected {:?}\n  generated {:?}",
                block.rule, block.line, block.fen, block.moves, names
            ));
        }
        for (mv, fen) in &block.after {
            // The FEN as the game writes it, so square order and spacing do not matter.
            let expected = with_game!(variant, G => G::parse_fen(fen).map(|(pos, _)| G::fen(&pos)))
                .unwrap_or_else(|e| panic!("{}: bad after FEN {fen}: {e}", block.rule));
            match generated.get(mv) {
                Some(got) if *got == expected => {}
                got => failures.push(format!(
                    "{} (line {}), after {mv}:\n  expected {expected}\n  got {got:?}",
                    block.rule, block.line
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    blocks.len()
}

#[test]
fn international_hand_made_positions_have_exactly_their_legal_moves() {
    let checked = check_game(Variant::International);
    assert!(checked >= 30, "only {checked} International positions");
}

#[test]
fn turkish_hand_made_positions_have_exactly_their_legal_moves() {
    let checked = check_game(Variant::Turkish);
    assert!(checked >= 30, "only {checked} Turkish positions");
}
