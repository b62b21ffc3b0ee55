//! The game record: FEN fields with the counters, the move number, repetitions and results.

use damka_rules::draw::{DrawReason, DrawRules};
use damka_rules::game::{GameResult, Record};
use damka_rules::games::draughts::{Draughts, Russian};
use damka_rules::types::Side;

type Game = Record<Draughts<Russian>>;

fn game(fen: &str) -> Game {
    Game::from_fen(fen, DrawRules::default()).expect("test FEN")
}

fn play(game: &mut Game, moves: &str) {
    for mv in moves.split_whitespace() {
        game.play_text(mv).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn fen_round_trips_with_counters() {
    let text = "W:WKa1,Kc1,Ke1:BKh8:H7:F40:M21:T5";
    let g = game(text);
    assert_eq!(g.counters().three_kings, 5);
    assert_eq!(g.fen(), "W:WKa1,Kc1,Ke1:BKh8:H7:F40:M21:T5");
    assert_eq!(game(&g.fen()).fen(), g.fen());
}

#[test]
fn counters_without_their_condition_are_dropped() {
    assert_eq!(game("W:W21-32:B1-12:T9").counters().three_kings, 0);
}

#[test]
fn unknown_fen_field_is_an_error() {
    assert!(Game::from_fen("W:W21-32:B1-12:Q3", DrawRules::default()).is_err());
}

#[test]
fn threefold_repetition_needs_a_third_occurrence() {
    let mut g = game("W:WKc1:BKf8");
    play(&mut g, "c1-b2 f8-e7 b2-c1 e7-f8");
    assert_eq!(g.occurrences(), 2);
    assert_eq!(g.result(), GameResult::Ongoing);
    play(&mut g, "c1-b2 f8-e7 b2-c1 e7-f8");
    assert_eq!(g.occurrences(), 3);
    assert_eq!(g.result(), GameResult::Draw(DrawReason::REPETITION));
}

#[test]
fn no_legal_move_loses() {
    assert_eq!(game("W:Wa1:Bb2,c3").result(), GameResult::Win(Side::Black));
    assert_eq!(game("B:Wa1:B").result(), GameResult::Win(Side::White));
}

#[test]
fn move_number_counts_black_moves() {
    let mut g = Game::startpos(DrawRules::default());
    play(&mut g, "c3-d4 f6-e5 d4:f6");
    assert_eq!(g.fullmove(), 2);
    assert!(g.fen().ends_with(":H0:F2"));
}

#[test]
fn every_bench_position_is_read() {
    use damka_rules::game::Game;
    use damka_rules::games::Variant;
    use damka_rules::with_game;
    for variant in Variant::ALL {
        with_game!(variant, G => {
            for fen in G::BENCH_POSITIONS {
                if let Err(e) = Record::<G>::from_fen(fen, DrawRules::default()) {
                    panic!("{variant} bench position {fen}: {e}");
                }
            }
        });
    }
}
