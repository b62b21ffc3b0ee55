use damka::draw::DrawRules;
use damka::game::Game;
use damka::search::{self, Control, Limits, SearchConfig, Silent};
use damka::tt::Tt;
use damka::variant::Russian;
use std::time::Instant;
fn main() {
    let depth: u32 = std::env::args().nth(1).map_or(15, |s| s.parse().unwrap());
    let mut totals = [0f64; 2];
    for fen in damka::bench::positions(damka::variant::Variant::Russian) {
        let g = Game::<Russian>::from_fen(fen, DrawRules::default()).unwrap();
        let mut line = String::new();
        for (i, threads) in [1usize, 2].iter().enumerate() {
            let tt = Tt::new(64);
            let cfg = SearchConfig {
                threads: *threads,
                ..SearchConfig::default()
            };
            let t = Instant::now();
            let out = search::run(
                &g,
                &Limits::depth(depth),
                &cfg,
                &tt,
                &Control::default(),
                &mut Silent,
            );
            let s = t.elapsed().as_secs_f64();
            totals[i] += s;
            line += &format!(
                "  t{threads} {:.3}s {:>9} nodes {}",
                s, out.nodes, out.score.0
            );
        }
        println!("{line}");
    }
    println!(
        "total t1 {:.2}s t2 {:.2}s speedup {:.2}",
        totals[0],
        totals[1],
        totals[0] / totals[1]
    );
}
