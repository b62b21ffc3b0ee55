//! damka against a one-ply greedy mover in Ugolki: the greedy side always plays the move that
//! most reduces the total distance of its own pieces to the far corner of its target house
//! (ties broken by a seeded random choice, so that games differ). damka searches a fixed number
//! of nodes a move. It must win every game, ten with each colour, in both variants.
//!
//! `cargo test --release --test ugolki_greedy -- --ignored --nocapture` (about half a minute)
//! prints each game's result, its length and the rule that ended it.

use damka_engine::search::{self, Control, Limits, SearchConfig, Silent};
use damka_engine::tt::Tt;
use damka_rules::draw::DrawRules;
use damka_rules::game::{Game, GameResult, Record};
use damka_rules::games::ugolki::eval::distance;
use damka_rules::games::ugolki::{Classic, Diagonal};
use damka_rules::types::Side;

/// Nodes damka searches per move.
const NODES: u64 = 20_000;
/// Games per variant: half with each colour.
const GAMES: u64 = 20;

fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The greedy move: the least total distance of the mover's pieces after it.
fn greedy<G: Game<Position = damka_rules::games::ugolki::position::Position>>(
    game: &Record<G>,
    rng: &mut u64,
) -> G::Move {
    let pos = game.position();
    let side = G::side_to_move(pos);
    let total = |p: &G::Position| -> i32 {
        p.pieces(side)
            .into_iter()
            .map(|sq| distance(side, sq))
            .sum()
    };
    let moves = game.legal_moves();
    let scored: Vec<(i32, G::Move)> = moves
        .iter()
        .map(|&mv| (total(&G::play(pos, mv)), mv))
        .collect();
    let best = scored.iter().map(|(d, _)| *d).min().expect("a legal move");
    let ties: Vec<G::Move> = scored
        .iter()
        .filter(|(d, _)| *d == best)
        .map(|(_, mv)| *mv)
        .collect();
    ties[(next_random(rng) % ties.len() as u64) as usize]
}

/// Plays one game; returns the result, the plies and the rule that ended it.
fn play_one<G: Game<Position = damka_rules::games::ugolki::position::Position>>(
    damka_side: Side,
    seed: u64,
) -> (GameResult, usize, String) {
    let mut game = Record::<G>::startpos(DrawRules::default());
    let tt = Tt::new(16);
    let config = SearchConfig::for_game::<G>();
    let control = Control::default();
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut plies = 0;
    while game.result() == GameResult::Ongoing && plies < 400 {
        let to_move = G::side_to_move(game.position());
        let mv = if to_move == damka_side {
            search::run(
                &game,
                &Limits::nodes(NODES),
                &config,
                &tt,
                &control,
                &mut Silent,
            )
            .best_move()
            .expect("a move while the game goes on")
        } else {
            greedy(&game, &mut rng)
        };
        game.play(mv);
        plies += 1;
    }
    let rule = game
        .ending_rule()
        .unwrap_or("threefold repetition or move cap")
        .to_string();
    (game.result(), plies, rule)
}

fn play_all<G: Game<Position = damka_rules::games::ugolki::position::Position>>() {
    let mut lost = Vec::new();
    for index in 0..GAMES {
        let side = if index % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        let (result, plies, rule) = play_one::<G>(side, index + 1);
        println!(
            "{} game {index}: damka {} - {result} after {plies} plies ({rule})",
            G::NAME,
            side.name()
        );
        if result != GameResult::Win(side) {
            lost.push(format!(
                "game {index} as {}: {result} ({rule})",
                side.name()
            ));
        }
    }
    assert!(lost.is_empty(), "{}: {lost:?}", G::NAME);
}

#[test]
#[ignore = "plays 20 games: about a quarter of a minute"]
fn damka_beats_the_greedy_mover_in_every_classic_game() {
    play_all::<Classic>();
}

#[test]
#[ignore = "plays 20 games: about a quarter of a minute"]
fn damka_beats_the_greedy_mover_in_every_diagonal_game() {
    play_all::<Diagonal>();
}
