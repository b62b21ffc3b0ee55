//! Move generation benchmarks: `cargo bench --bench movegen`.
//!
//! Speed is measured here and by `damka perft`, never in tests. `play_undo` against `copy_make`
//! is the measurement behind perft's and search's choice of copy-make.

use damka_rules::game::Game;
use damka_rules::games::draughts::movegen::{count_moves, gen_moves};
use damka_rules::games::draughts::moves::MoveList;
use damka_rules::games::draughts::notation::parse_fen;
use damka_rules::games::draughts::position::Position;
use damka_rules::games::draughts::{Draughts, International, Rules, Russian};
use damka_rules::perft::{Counting, perft};
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// Opening, middle game with captures, and a king ending.
const POSITIONS: [&str; 3] = [
    "W:W21-32:B1-12",
    "W:Wa1,c1,c3,d2,e3,f4,g1,g3,h2:Bb6,c5,d6,e5,f6,g7,h6,h8",
    "B:WKa1,Kc3,e3:BKh8,Kd8,f6",
];

fn positions<R: Rules>() -> Vec<Position<R>> {
    POSITIONS
        .iter()
        .map(|f| parse_fen(f).expect("bench FEN"))
        .collect()
}

/// The legal moves of each position.
fn move_lists<R: Rules>(positions: &[Position<R>]) -> Vec<MoveList> {
    positions
        .iter()
        .map(|pos| {
            let mut list = MoveList::new();
            gen_moves(pos, &mut list);
            list
        })
        .collect()
}

#[divan::bench(types = [Russian])]
fn gen_moves_bench<R: Rules>(bencher: Bencher) {
    let positions = positions::<R>();
    let mut list = MoveList::new();
    bencher.bench_local(|| {
        for pos in &positions {
            gen_moves(black_box(pos), &mut list);
            black_box(list.len());
        }
    });
}

#[divan::bench(types = [Russian])]
fn count_moves_bench<R: Rules>(bencher: Bencher) {
    let positions = positions::<R>();
    let mut scratch = MoveList::new();
    bencher.bench_local(|| {
        positions
            .iter()
            .map(|pos| count_moves(black_box(pos), &mut scratch))
            .sum::<usize>()
    });
}

#[divan::bench(types = [Russian])]
fn play_undo<R: Rules>(bencher: Bencher) {
    let positions = positions::<R>();
    let lists = move_lists(&positions);
    bencher.bench_local(|| {
        let mut keys = 0u64;
        for (pos, list) in positions.iter().zip(&lists) {
            let mut pos = *pos;
            for &mv in list.iter() {
                let undo = pos.play(black_box(mv));
                keys ^= pos.key();
                pos.undo(mv, undo);
            }
        }
        keys
    });
}

#[divan::bench(types = [Russian])]
fn copy_make<R: Rules>(bencher: Bencher) {
    let positions = positions::<R>();
    let lists = move_lists(&positions);
    bencher.bench_local(|| {
        let mut keys = 0u64;
        for (pos, list) in positions.iter().zip(&lists) {
            for &mv in list.iter() {
                keys ^= pos.after(black_box(mv)).key();
            }
        }
        keys
    });
}

#[divan::bench(types = [Russian], args = [6, 8])]
fn perft_start<R: Rules>(bencher: Bencher, depth: u32) {
    let expected = [1, 7, 49, 302, 1469, 7482, 37986, 190146, 929899][depth as usize];
    let start = Position::<R>::startpos();
    bencher.bench_local(|| {
        let nodes = perft::<Draughts<R>>(black_box(&start), depth, Counting::Moves);
        assert_eq!(nodes, expected);
    });
}

/// International draughts from the start position (`damka perft 10 --variant international`
/// runs the full depth).
#[divan::bench(args = [6, 7])]
fn perft_international_start(bencher: Bencher, depth: u32) {
    type G = Draughts<International>;
    let expected = [1, 9, 81, 658, 4265, 27117, 167140, 1049442][depth as usize];
    let start = G::start();
    bencher.bench_local(|| {
        let nodes = perft::<G>(black_box(&start), depth, Counting::Moves);
        assert_eq!(nodes, expected);
    });
}
