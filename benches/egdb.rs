//! Endgame database benchmarks: `cargo bench --bench egdb`.
//!
//! The index of a position and its inverse, which generation and probing compute for every
//! move they look at, a whole small set solved in memory (the measurement behind the
//! generator's speed in docs/egdb.md), and reading a split's file back (checksum,
//! decompression and the check of every entry), which a probe pays on a split's first use.

use damka_engine::egdb::file::{decode_file, encode_file};
use damka_engine::egdb::generate::solve_in_memory;
use damka_engine::egdb::{Layout, Material};
use damka_rules::board::{Dark8, Dark10};
use damka_rules::games::draughts::{International, Russian};
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// Two kings and a man against a king and a man: king sets ranked over the free squares.
const SPLIT: Material = Material {
    wm: 1,
    wk: 2,
    bm: 1,
    bk: 1,
};

/// Every 97th index of `SPLIT` on `layout` that is a position.
fn placements(layout: &Layout) -> Vec<damka_engine::egdb::Placement> {
    (0..layout.size(SPLIT))
        .step_by(97)
        .filter_map(|i| layout.from_index(SPLIT, i))
        .collect()
}

#[divan::bench(args = ["8x8", "10x10"])]
fn index(bencher: Bencher, board: &str) {
    let layout = if board == "8x8" {
        Layout::of::<Dark8>()
    } else {
        Layout::of::<Dark10>()
    };
    let placements = placements(&layout);
    bencher.bench_local(|| {
        for &p in &placements {
            black_box(layout.index(black_box(p)));
        }
    });
}

#[divan::bench(args = ["8x8", "10x10"])]
fn from_index(bencher: Bencher, board: &str) {
    let layout = if board == "8x8" {
        Layout::of::<Dark8>()
    } else {
        Layout::of::<Dark10>()
    };
    let indices: Vec<u64> = placements(&layout)
        .into_iter()
        .filter_map(|p| layout.index(p))
        .collect();
    bencher.bench_local(|| {
        for &i in &indices {
            black_box(layout.from_index(SPLIT, black_box(i)));
        }
    });
}

#[divan::bench(sample_count = 10)]
fn solve_russian_up_to_3_pieces() {
    black_box(solve_in_memory::<Russian>(3, 30).expect("solves"));
}

#[divan::bench(sample_count = 10)]
fn solve_international_up_to_3_pieces() {
    black_box(solve_in_memory::<International>(3, 50).expect("solves"));
}

/// The largest Russian split up to four pieces, encoded as its file, read back.
#[divan::bench(sample_count = 20)]
fn read_largest_russian_4_piece_file(bencher: Bencher) {
    let solved = solve_in_memory::<Russian>(4, 30).expect("solves");
    let (&m, tables) = solved
        .iter()
        .max_by_key(|(m, tables)| (tables.bytes(), **m))
        .expect("a split");
    let bytes = encode_file(m, tables);
    let layout = Layout::of::<Dark8>();
    bencher.bench_local(|| black_box(decode_file(&layout, m, black_box(&bytes)).expect("reads")));
}
