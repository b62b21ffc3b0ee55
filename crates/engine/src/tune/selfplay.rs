//! Self-play games for tuning: many short-search games played in parallel with rayon, each
//! position labelled with the game's final result and with the score the search gave it.

use crate::search::{self, Control, Limits, SearchConfig, Silent};
use crate::tt::Tt;
use damka_rules::draw::DrawRules;
use damka_rules::eval::Weights;
use damka_rules::game::{Game, GameResult, Record};
use damka_rules::games::Variant;
use damka_rules::option::Setup;
use damka_rules::types::Side;
use damka_rules::with_game;
use rayon::prelude::*;

/// How to play the games.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// The game.
    pub variant: Variant,
    /// Number of games.
    pub games: usize,
    /// The number of the first game: game `n` is the same game in every run with the same
    /// seed, so shards `first_game..first_game + games` of one run, played anywhere and
    /// joined in order, are the very games that one run of all of them plays.
    pub first_game: u64,
    /// Games played at once, one per thread (0: one per core).
    pub threads: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies played first, so that games differ.
    pub random_plies: usize,
    /// Seed of the random openings.
    pub seed: u64,
    /// Evaluation weights of both players.
    pub weights: Weights,
    /// The game's options that set its start (Ugolki's house); every game starts there.
    pub setup: Setup,
    /// Games longer than this are scored as draws.
    pub max_plies: usize,
    /// Endgame databases both players probe (Russian), if any.
    pub egdb: Option<crate::search::Databases>,
    /// A network both players play instead of the game's built-in one (the next round of
    /// training plays the last round's network), if any.
    pub network_file: Option<std::sync::Arc<damka_rules::network::Quantised>>,
}

/// A position and the result of the game it came from, from White's point of view
/// (1 = White won, 0.5 = draw, 0 = Black won).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position, as a FEN.
    pub fen: String,
    /// The game's result for White.
    pub result: f64,
    /// The score the self-play search gave the position, for White, in hundredths of a man
    /// (never decisive); `None` in files written before scores were kept.
    pub score: Option<i32>,
}

fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Plays the games and returns the labelled quiet positions (no capture pending for the side
/// to move), in game order.
pub fn play(config: &SelfPlay) -> Vec<Sample> {
    let mut games = Vec::with_capacity(config.games);
    play_streaming(config, &mut |index, samples| games.push((index, samples)));
    games.sort_by_key(|(index, _)| *index);
    games.into_iter().flat_map(|(_, samples)| samples).collect()
}

/// Plays the games on every core and hands each finished game's samples, with the game's
/// index, to `on_game` on the calling thread as soon as it is done (in the order games
/// finish), so a caller can write them at once and lose nothing if it is interrupted.
/// (A trait object, not a generic: the callers' closures do not make every game's self-play
/// and search compile again in their crates.)
pub fn play_streaming(config: &SelfPlay, on_game: &mut dyn FnMut(usize, Vec<Sample>)) {
    with_game!(config.variant, G => play_for::<G>(config, on_game))
}

fn play_for<G: Game>(config: &SelfPlay, on_game: &mut dyn FnMut(usize, Vec<Sample>)) {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let play_all = || {
                (0..config.games)
                    .into_par_iter()
                    .for_each_with(sender, |sender, index| {
                        let game = config.first_game + index as u64;
                        let _ = sender.send((index, play_one::<G>(config, game)));
                    })
            };
            // A pool of the threads asked for; rayon's global pool (one thread per core) if
            // that pool cannot be had.
            match rayon::ThreadPoolBuilder::new()
                .num_threads(config.threads)
                .build()
            {
                Ok(pool) => pool.install(play_all),
                Err(e) => {
                    log::warn!(
                        "cannot start {} threads ({e}); using every core",
                        config.threads
                    );
                    play_all()
                }
            }
        });
        for (index, samples) in receiver {
            on_game(index, samples);
        }
    });
}

fn play_one<G: Game>(config: &SelfPlay, index: u64) -> Vec<Sample> {
    let mut rng = config
        .seed
        .wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        | 1;
    let mut game = Record::<G>::startpos_with(&config.setup, DrawRules::default());
    let tt = Tt::new(4);
    let search_config = SearchConfig {
        weights: config.weights,
        egdb: config.egdb.clone(),
        network_file: config.network_file.clone(),
        ..SearchConfig::for_game::<G>()
    };
    let control = Control::default();
    let mut positions = Vec::new();
    let mut plies = 0;
    while game.result() == GameResult::Ongoing && plies < config.max_plies {
        let moves = game.legal_moves();
        let mv = if plies < config.random_plies {
            moves[(next_random(&mut rng) % moves.len() as u64) as usize]
        } else {
            let searched = search::run(
                &game,
                &Limits::nodes(config.nodes),
                &search_config,
                &tt,
                &control,
                &mut Silent,
            );
            let Some(mv) = searched.best_move() else {
                break;
            };
            let score = searched.outcome.score;
            if !score.is_decisive() && G::is_quiet(game.position()) {
                let for_white = match G::side_to_move(game.position()) {
                    Side::White => score.0,
                    Side::Black => -score.0,
                };
                positions.push((G::fen(game.position()), for_white));
            }
            mv
        };
        game.play(mv);
        plies += 1;
    }
    let result = match game.result() {
        GameResult::Win(Side::White) => 1.0,
        GameResult::Win(Side::Black) => 0.0,
        _ => 0.5,
    };
    positions
        .into_iter()
        .map(|(fen, score)| Sample {
            fen,
            result,
            score: Some(score),
        })
        .collect()
}

/// Writes samples as lines `<result> <score> <fen>` (`<result> <fen>` without a score).
pub fn write_samples(samples: &[Sample]) -> String {
    samples
        .iter()
        .map(|s| match s.score {
            Some(score) => format!("{} {} {}\n", s.result, score, s.fen),
            None => format!("{} {}\n", s.result, s.fen),
        })
        .collect()
}

/// Reads lines `<result> <score> <fen>` or `<result> <fen>` (a FEN never reads as a whole
/// number); bad lines are skipped and counted.
pub fn read_samples(text: &str) -> (Vec<Sample>, usize) {
    let mut bad = 0;
    let samples = text
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .filter_map(|line| {
            let parsed = line.split_once(' ').and_then(|(result, rest)| {
                let result: f64 = result.parse().ok()?;
                let (score, fen) = match rest.split_once(' ') {
                    Some((score, fen)) => match score.parse::<i32>() {
                        Ok(score) => (Some(score), fen),
                        Err(_) => (None, rest),
                    },
                    None => (None, rest),
                };
                Some(Sample {
                    fen: fen.trim().to_string(),
                    result,
                    score,
                })
            });
            if parsed.is_none() {
                bad += 1;
            }
            parsed
        })
        .collect();
    (samples, bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_without_a_score_still_read() {
        let text = "1 W:W21,22:B5\n0.5 -35 B:W21:B5,6\nhalf W:W1:B2\n";
        let (samples, bad) = read_samples(text);
        assert_eq!(bad, 1);
        assert_eq!(samples[0].score, None);
        assert_eq!(samples[0].fen, "W:W21,22:B5");
        assert_eq!((samples[1].result, samples[1].score), (0.5, Some(-35)));
        assert_eq!(samples[1].fen, "B:W21:B5,6");
    }
}
