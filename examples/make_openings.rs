//! Makes an opening book such as the Russian one (`openings/russian.txt` in the draughts games'
//! folder of damka-rules): every distinct position a few plies after the start whose
//! fixed-depth damka score is close to equal. A game's book sits in its folder, in
//! `openings/<name>.txt`, and is compiled in as the game's `OPENING_BOOK`.
//!
//! `cargo run --release --features dev-tools --example make_openings -- [--variant NAME] [plies] [depth] [window] [threads] > NAME.txt`
//! (variant russian by default; defaults 6, 8, 40, 2). Progress goes to stderr; the book, with a
//! header that says how it was made, to stdout.

use damka::output;
use damka_engine::openings::{self, GenerateConfig};
use damka_rules::games::Variant;

fn main() {
    let mut variant = Variant::Russian;
    let mut numbers = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--variant" {
            let name = args.next().expect("--variant takes a name");
            variant = name.parse().unwrap_or_else(|e| panic!("{e}"));
        } else {
            numbers.push(
                arg.parse::<u32>()
                    .expect("arguments are numbers: plies depth window threads"),
            );
        }
    }
    let arg = |i: usize, default: u32| numbers.get(i).copied().unwrap_or(default);
    let config = GenerateConfig {
        plies: arg(0, 6),
        depth: arg(1, 8),
        window: arg(2, 40) as i32,
        threads: arg(3, 2) as usize,
    };
    let total =
        damka_rules::with_game!(variant, G => openings::distinct_lines::<G>(config.plies).len());
    let progress = |done: usize, total: usize| eprintln!("scored {done}/{total}");
    let kept = damka_rules::with_game!(variant, G => openings::generate::<G>(config, &progress));
    let game = variant.title();
    let variant_arg = match variant {
        Variant::Russian => String::new(),
        other => format!(" --variant {other}"),
    };
    let header = [
        format!("# Balanced openings for {game} (damka match --openings; built into damka)."),
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
            "# Made by: cargo run --release --features dev-tools --example make_openings --{variant_arg} {} {} {} {} > {}.txt",
            config.plies,
            config.depth,
            config.window,
            config.threads,
            variant.name()
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
