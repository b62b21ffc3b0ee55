//! Search behaviour on hand-made positions: forced wins reported as mates, determinism, draws by
//! repetition and by the endgame counters, MultiPV, searchmoves and the clock.

use damka_engine::search::{
    self, Control, Limits, Reporter, SearchConfig, SearchInfo, SearchOutcome, Searched, Silent,
};
use damka_engine::tt::Tt;
use damka_rules::draw::DrawRules;
use damka_rules::game::{Game as _, Record};
use damka_rules::games::draughts::moves::Move;
use damka_rules::games::draughts::{Draughts, Russian};
use damka_rules::score::Score;

type Game<R> = Record<Draughts<R>>;
use std::time::{Duration, Instant};

fn game(fen: &str, moves: &str) -> Game<Russian> {
    let mut game = Game::from_fen(fen, DrawRules::default()).expect("test FEN");
    for mv in moves.split_whitespace() {
        game.play_text(mv).unwrap_or_else(|e| panic!("{e}"));
    }
    game
}

fn search_with(game: &Game<Russian>, limits: &Limits, config: &SearchConfig) -> Searched<Move> {
    let tt = Tt::new(16);
    search::run(game, limits, config, &tt, &Control::default(), &mut Silent)
}

fn search(game: &Game<Russian>, depth: u32) -> Searched<Move> {
    search_with(
        game,
        &Limits::depth(depth),
        &SearchConfig::for_game::<Draughts<Russian>>(),
    )
}

fn best(outcome: &SearchOutcome) -> String {
    outcome
        .best
        .as_ref()
        .map(|r| r.to_string())
        .unwrap_or_default()
}

#[derive(Default)]
struct Collect {
    infos: Vec<SearchInfo>,
    done: usize,
}

impl Reporter for Collect {
    fn info(&mut self, info: &SearchInfo) {
        self.infos.push(info.clone());
    }
    fn done(&mut self, _outcome: &SearchOutcome) {
        self.done += 1;
    }
}

#[test]
fn shot_combination_found_as_mate_in_two() {
    // c7-d8 crowns; d6:f4 is forced; the new king takes e7, f4 and f2 in one sweep.
    let outcome = search(&game("W:Wa5,c7,e5,h6:Bd6,e7,f2", ""), 8);
    assert_eq!(outcome.score.mate_moves(), Some(2), "{:?}", outcome.score);
    assert_eq!(best(&outcome), "c7-d8");
    let line: Vec<String> = Draughts::<Russian>::line_records(
        &game("W:Wa5,c7,e5,h6:Bd6,e7,f2", "").position().clone(),
        &outcome.pv,
    )
    .iter()
    .map(|r| r.to_string())
    .collect();
    assert_eq!(line, ["c7-d8", "d6:f4", "d8:g5:e3:g1"]);
}

#[test]
fn promotion_then_shot_found_as_mate_in_three() {
    let outcome = search(&game("W:Wc7,e5,g3,h2:Ba3,d2,f4", ""), 10);
    assert_eq!(outcome.score.mate_moves(), Some(3), "{:?}", outcome.score);
    assert_eq!(best(&outcome), "c7-b8");
}

#[test]
fn king_and_man_catch_a_lone_man_mate_in_three() {
    // The king heads for f4: d4-e3 loses at once, d4-c3 then c3-d2 or c3-b2 are both taken.
    let outcome = search(&game("W:Wa3,Kh2:Bd4", ""), 12);
    assert_eq!(outcome.score.mate_moves(), Some(3), "{:?}", outcome.score);
}

#[test]
fn a_king_sacrificed_to_force_a_double_capture_is_found_among_moves_that_win_a_man() {
    // Every other move wins the b4 man; c1-d2 gives two kings: h4:e1:c3 is Black's only move,
    // a1:d4 takes the king back and the last man falls. The forced capture must be searched
    // in full, not cut by a shallow look that sees only the two kings taken.
    let outcome = search(&game("W:WKf2,Ka1,Kc1:Bb4,Kh4", ""), 8);
    assert_eq!(best(&outcome), "c1-d2");
    assert!(
        outcome.score.mate_moves().is_some_and(|m| m > 0),
        "{:?}",
        outcome.score
    );
}

#[test]
fn losing_side_is_mated_with_negative_mate_score() {
    // Black to move: d4-c3 falls to the a1 king, d4-e3 to the g1 king.
    let outcome = search(&game("B:WKa1,Kg1:Bd4", ""), 6);
    assert_eq!(outcome.score, Score::loss_in(2));
    assert!(
        outcome.score.mate_moves().is_some_and(|m| m < 0),
        "{:?}",
        outcome.score
    );
}

#[test]
fn side_without_moves_has_no_best_move() {
    let outcome = search(&game("W:Wa1:Bb2,c3", ""), 5);
    assert_eq!(outcome.best_move(), None);
    assert_eq!(outcome.score, -Score::WIN);
}

#[test]
fn fixed_node_search_is_deterministic_on_one_thread() {
    let g = game("W:W21-32:B1-12", "c3-d4 f6-g5");
    let first = search_with(
        &g,
        &Limits::nodes(30_000),
        &SearchConfig::for_game::<Draughts<Russian>>(),
    );
    let second = search_with(
        &g,
        &Limits::nodes(30_000),
        &SearchConfig::for_game::<Draughts<Russian>>(),
    );
    assert_eq!(first.best_move(), second.best_move());
    assert_eq!(first.nodes, second.nodes);
    assert_eq!(first.score, second.score);
    assert!(
        first.nodes >= 30_000 && first.nodes < 31_000,
        "{}",
        first.nodes
    );
}

/// White (a lone king against king and three men) has been shuffling kings; the position after
/// `c1-d2` has occurred before, so the search scores it as the draw it can be made into.
const SHUFFLE: &str = "c1-d2 h8-g7 d2-c1 g7-h8";
const LOSING_FOR_WHITE: &str = "W:WKc1:BKh8,a7,b6,c7";

#[test]
fn losing_side_takes_the_repetition() {
    let outcome = search(&game(LOSING_FOR_WHITE, SHUFFLE), 10);
    assert_eq!(best(&outcome), "c1-d2");
    assert_eq!(outcome.score, Score::DRAW);
}

#[test]
fn winning_side_avoids_the_repetition() {
    let outcome = search(&game(LOSING_FOR_WHITE, &format!("{SHUFFLE} c1-d2")), 10);
    assert_ne!(best(&outcome), "h8-g7", "Black, winning, must not repeat");
    assert!(outcome.score > Score(100), "{:?}", outcome.score);
}

#[test]
fn three_kings_with_the_counter_running_out_score_a_draw() {
    // Three kings against one is a win in time, but with 26 plies gone White has two moves
    // left, and the lone king in the corner cannot be caught that fast.
    let fresh = search(&game("W:WKa3,Kc1,Ke1:BKh2", ""), 10);
    assert!(
        fresh.score > Score(200),
        "without the counter White is winning: {:?}",
        fresh.score
    );
    let late = search(&game("W:WKa3,Kc1,Ke1:BKh2:T26", ""), 10);
    assert_eq!(late.score, Score::DRAW);
}

#[test]
fn draw_rules_switched_off_do_not_draw() {
    let mut g = game("W:WKa3,Kc1,Ke1:BKh2:T26", "");
    g.set_rules(DrawRules::none());
    assert!(search(&g, 10).score > Score(200));
}

#[test]
fn multipv_reports_distinct_moves() {
    let g = game("W:W21-32:B1-12", "");
    let config = SearchConfig {
        multipv: 3,
        ..SearchConfig::for_game::<Draughts<Russian>>()
    };
    let mut collect = Collect::default();
    let tt = Tt::new(16);
    search::run(
        &g,
        &Limits::depth(6),
        &config,
        &tt,
        &Control::default(),
        &mut collect,
    );
    let last: Vec<&SearchInfo> = collect.infos.iter().filter(|i| i.depth == 6).collect();
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    let firsts: Vec<String> = last.iter().map(|i| i.pv[0].to_string()).collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
    assert!(
        last[0].score >= last[1].score && last[1].score >= last[2].score,
        "{:?}",
        last.iter()
            .map(|i| (i.score, i.pv[0].to_string()))
            .collect::<Vec<_>>()
    );
    assert_eq!(collect.done, 1);
}

#[test]
fn searchmoves_restricts_the_root() {
    let g = game("W:W21-32:B1-12", "");
    let limits = Limits {
        searchmoves: vec!["a3-b4".to_string()],
        ..Limits::depth(5)
    };
    assert_eq!(
        best(&search_with(
            &g,
            &limits,
            &SearchConfig::for_game::<Draughts<Russian>>()
        )),
        "a3-b4"
    );
}

#[test]
fn two_threads_find_the_same_forced_win() {
    let config = SearchConfig {
        threads: 2,
        ..SearchConfig::for_game::<Draughts<Russian>>()
    };
    let outcome = search_with(
        &game("W:Wa5,c7,e5,h6:Bd6,e7,f2", ""),
        &Limits::depth(8),
        &config,
    );
    assert_eq!(outcome.score.mate_moves(), Some(2));
    assert_eq!(best(&outcome), "c7-d8");
}

#[test]
fn clock_limit_is_honoured() {
    let g = game("W:W21-32:B1-12", "c3-d4 f6-g5 b2-c3");
    let limits = Limits {
        time: [Some(Duration::from_millis(1000)); 2],
        inc: [Some(Duration::from_millis(10)); 2],
        ..Limits::default()
    };
    let start = Instant::now();
    let outcome = search_with(&g, &limits, &SearchConfig::for_game::<Draughts<Russian>>());
    // The budget is a fraction of the clock; a generous margin for a busy machine.
    assert!(
        start.elapsed() < Duration::from_millis(900),
        "{:?}",
        start.elapsed()
    );
    assert!(outcome.best_move().is_some());
}

#[test]
fn stop_flag_ends_an_infinite_search() {
    let g = game("W:W21-32:B1-12", "");
    let control = Control::default();
    let tt = Tt::new(16);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let start = Instant::now();
    let outcome = std::thread::scope(|s| {
        let handle = s.spawn(|| {
            search::run(
                &g,
                &limits,
                &SearchConfig::for_game::<Draughts<Russian>>(),
                &tt,
                &control,
                &mut Silent,
            )
        });
        std::thread::sleep(Duration::from_millis(200));
        control
            .stop
            .store(true, std::sync::atomic::Ordering::Relaxed);
        handle.join().expect("search thread")
    });
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(outcome.best_move().is_some());
}
