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
//! play: c3-d4              (optional: a move to play from `fen`)
//! then: B:Wd4:Bh8          (optional: the game's FEN after `play`, or of `fen` itself)
//! result: white wins; rule 1: …  (optional: the game's result after `play`, or of `fen`, as
//!                                  `d` shows it: the result, then the rule that decided it)
//! ```
//!
//! In the tower games (Bashni, Lasca) a move is its landing path, so their files list each move
//! as its text, `c3-d4` or `c3:e5:c3`, instead of (from, to, captured squares).
//!
//! A move that begins by removing a piece (Fuk's huff, [`GameMove::huffed`]) is written with
//! that square and `*` in front, `f6*c3-d4`; the removed piece is not among the captured ones.

use damka_rules::board::Geometry;
use damka_rules::draw::DrawRules;
use damka_rules::game::{Game, GameMove, Record};
use damka_rules::games::Variant;
use damka_rules::moves::MoveList;
use damka_rules::with_game;
use std::collections::BTreeSet;
use std::path::Path;

/// One position of a rules file.
struct Block {
    rule: String,
    fen: String,
    moves: BTreeSet<String>,
    play: Option<String>,
    then: Option<String>,
    result: Option<String>,
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
                play: None,
                then: None,
                result: None,
                line: index + 1,
            }),
            "fen" | "move" | "moves" | "play" | "then" | "result" => {
                let block = blocks
                    .last_mut()
                    .unwrap_or_else(|| panic!("{}:{}: before any rule", path.display(), index + 1));
                match key {
                    "fen" => block.fen = value.to_string(),
                    "play" => block.play = Some(value.to_string()),
                    "then" => block.then = Some(value.to_string()),
                    "result" => block.result = Some(value.to_string()),
                    "move" => assert!(
                        block.moves.insert(value.to_string()),
                        "{}:{}: move listed twice",
                        path.display(),
                        index + 1
                    ),
                    _ => assert_eq!(value, "none", "{}:{}", path.display(), index + 1),
                }
            }
            other => panic!("{}:{}: unknown key {other}", path.display(), index + 1),
        }
    }
    blocks
}

/// Every legal move of the position `fen` in the data files' form.
fn legal_moves<G: Game>(rule: &str, fen: &str) -> BTreeSet<String> {
    let (pos, _) = G::parse_fen(fen).unwrap_or_else(|e| panic!("{rule}: bad FEN {fen}: {e}"));
    let mut list = MoveList::new();
    G::generate(&pos, &mut list);
    let names = |squares: &mut Vec<damka_rules::types::Square>| {
        squares.sort_by_key(|sq| G::Board::number(*sq));
        squares
            .iter()
            .map(|sq| G::square_name(*sq))
            .collect::<Vec<_>>()
            .join(",")
    };
    // The tower games write a move as its landing path, which is what tells their moves apart.
    let by_path = G::STACKS;
    let shown: BTreeSet<String> = list
        .iter()
        .map(|mv| {
            if by_path {
                return G::move_text(&pos, *mv);
            }
            let (from, to) = (G::square_name(mv.from()), G::square_name(mv.to()));
            let huff = mv.huffed();
            let prefix = huff.map_or(String::new(), |sq| format!("{}*", G::square_name(sq)));
            let mut captured: Vec<_> = mv
                .captured()
                .into_iter()
                .filter(|sq| Some(*sq) != huff)
                .collect();
            if captured.is_empty() {
                format!("{prefix}{from}-{to}")
            } else {
                format!("{prefix}{from}x{to} {}", names(&mut captured))
            }
        })
        .collect();
    assert_eq!(shown.len(), list.len(), "a move is listed twice");
    shown
}

/// The game's FEN after playing `play` (if any) from `fen`, read back and written again to check
/// that the FEN round-trips.
fn fen_after<G: Game>(fen: &str, play: Option<&str>) -> Result<String, String> {
    let (mut pos, _) = G::parse_fen(fen).map_err(|e| e.to_string())?;
    if let Some(text) = play {
        let mv = G::parse_move(&pos, text).map_err(|e| e.to_string())?;
        pos = G::play(&pos, mv);
    }
    let text = G::fen(&pos);
    let (again, _) = G::parse_fen(&text).map_err(|e| e.to_string())?;
    if again != pos || G::key(&again) != G::key(&pos) {
        return Err(format!("{text} does not read back to the same position"));
    }
    Ok(text)
}

/// The game's result after playing `play` (if any) from `fen`, and the rule that decided it
/// when the game names one, as `d` shows them.
fn result_after<G: Game>(fen: &str, play: Option<&str>) -> Result<String, String> {
    let mut record = Record::<G>::from_fen(fen, DrawRules::default()).map_err(|e| e.to_string())?;
    if let Some(text) = play {
        record.play_text(text).map_err(|e| e.to_string())?;
    }
    Ok(match record.ending_rule() {
        Some(rule) => format!("{}; {rule}", record.result()),
        None => record.result().to_string(),
    })
}

fn check_game(variant: Variant, path: &Path) -> usize {
    let blocks = read_blocks(path);
    let mut rules = BTreeSet::new();
    let mut failures = Vec::new();
    for block in &blocks {
        assert!(rules.insert(&block.rule), "rule {} twice", block.rule);
        let generated = with_game!(variant, G => legal_moves::<G>(&block.rule, &block.fen));
        if generated != block.moves {
            failures.push(format!(
                "{} (line {}), {}:\n  expected {:?}\n  generated {:?}",
                block.rule, block.line, block.fen, block.moves, generated
            ));
        }
        if let Some(then) = &block.then {
            let after = with_game!(variant, G => fen_after::<G>(&block.fen, block.play.as_deref()));
            if after.as_ref() != Ok(then) {
                failures.push(format!(
                    "{} (line {}): after {:?} expected {then}, got {after:?}",
                    block.rule, block.line, block.play
                ));
            }
        }
        if let Some(expected) = &block.result {
            let got =
                with_game!(variant, G => result_after::<G>(&block.fen, block.play.as_deref()));
            if got.as_ref() != Ok(expected) {
                failures.push(format!(
                    "{} (line {}): after {:?} expected result {expected}, got {got:?}",
                    block.rule, block.line, block.play
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    blocks.len()
}

/// The fewest positions a game's rules file may hold.
const MIN_BLOCKS: usize = 30;

#[test]
fn hand_made_positions_have_exactly_their_legal_moves_and_endings() {
    let mut games = 0;
    for variant in Variant::ALL {
        let path = crate::common::data_dir(variant).join("rules.txt");
        if !path.is_file() {
            continue;
        }
        let checked = check_game(variant, &path);
        assert!(checked >= MIN_BLOCKS, "only {checked} {variant} positions");
        games += 1;
    }
    assert!(games >= 7, "only {games} games have a rules file");
}
