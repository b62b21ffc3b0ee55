//! Self-play: games give labelled positions that read back, and shards joined in order are
//! the whole run.

use damka_engine::tune::selfplay::{SelfPlay, play, read_samples, write_samples};
use damka_rules::game::Game;
use damka_rules::games::Variant;
use damka_rules::option::Setup;
use damka_rules::with_game;

#[test]
fn a_few_games_give_labelled_positions() {
    let config = SelfPlay {
        first_game: 0,
        threads: 0,
        variant: Variant::default(),
        games: 2,
        nodes: 300,
        random_plies: 4,
        seed: 1,
        weights: with_game!(Variant::default(), G => G::weights()),
        setup: Setup::default(),
        max_plies: 60,
        egdb: None,
        network_file: None,
    };
    let samples = play(&config);
    assert!(!samples.is_empty());
    let text = write_samples(&samples);
    assert_eq!(read_samples(&text), (samples, 0));
}

#[test]
fn shards_joined_in_order_are_the_whole_run() {
    let whole = SelfPlay {
        first_game: 0,
        threads: 2,
        variant: Variant::default(),
        games: 4,
        nodes: 300,
        random_plies: 4,
        seed: 7,
        weights: with_game!(Variant::default(), G => G::weights()),
        setup: Setup::default(),
        max_plies: 60,
        egdb: None,
        network_file: None,
    };
    let shard = |first_game, games| SelfPlay {
        first_game,
        games,
        threads: 1,
        ..whole.clone()
    };
    let mut joined = play(&shard(0, 1));
    joined.extend(play(&shard(1, 3)));
    assert_eq!(joined, play(&whole));
}

#[test]
fn games_start_from_the_house_the_setup_names() {
    let house = damka_rules::games::ugolki::house::OPTION;
    let config = SelfPlay {
        first_game: 0,
        threads: 1,
        variant: Variant::Ugolki,
        games: 2,
        nodes: 200,
        random_plies: 2,
        seed: 3,
        weights: with_game!(Variant::Ugolki, G => G::weights()),
        setup: Setup::default().with(&house, "triangle").unwrap(),
        max_plies: 40,
        egdb: None,
        network_file: None,
    };
    let samples = play(&config);
    assert!(!samples.is_empty());
    assert!(
        samples.iter().all(|s| s.fen.ends_with(":Htriangle")),
        "{:?}",
        samples[0].fen
    );
}
