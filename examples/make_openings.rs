//! Makes the opening book `openings/russian.txt`: every distinct position a few plies after the
//! start whose fixed-depth damka score is close to equal.
//!
//! `cargo run --release --example make_openings -- [plies] [depth] [window] [threads] > openings/russian.txt`
//! (defaults 6, 8, 40, 2). Progress goes to stderr; the book, with a header that says how it
//! was made, to stdout.

use damka::draughts::{Draughts, Russian};
use damka::matchplay::openings::{self, GenerateConfig};
use damka::output;

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("arguments are numbers: plies depth window threads")
        })
        .collect();
    let arg = |i: usize, default: u32| args.get(i).copied().unwrap_or(default);
    let config = GenerateConfig {
        plies: arg(0, 6),
        depth: arg(1, 8),
        window: arg(2, 40) as i32,
        threads: arg(3, 2) as usize,
    };
    let total = openings::distinct_lines::<Draughts<Russian>>(config.plies).len();
    let progress = |done: usize, total: usize| eprintln!("scored {done}/{total}");
    let kept = openings::generate::<Draughts<Russian>>(config, &progress);
    let header = [
        "# Balanced openings for Russian checkers (damka match --openings; built into damka)."
            .to_string(),
        format!(
            "# Every distinct position {} plies after the initial one ({total} of them, the first line",
            config.plies
        ),
        "# in move-text order kept for each), searched by damka to depth".to_string(),
        format!(
            "# {} with one thread and a fresh 16 MiB table; kept when |score| <= {} centi-men: {} openings.",
            config.depth,
            config.window,
            kept.len()
        ),
        format!(
            "# Made by: cargo run --release --example make_openings -- {} {} {} {} > openings/russian.txt",
            config.plies, config.depth, config.window, config.threads
        ),
        "# Each line: startpos moves <plies>   # damka's score for the side to move".to_string(),
    ];
    for line in header {
        output::line(&line);
    }
    for opening in kept {
        output::line(&format!(
            "startpos moves {}  # {}",
            opening.moves.join(" "),
            opening.score
        ));
    }
}
